"""Who reads which language (issue 12 item 3), through the fake: `/caylus new language:` and the
server's locale choose the table's language (its card and buttons); `/caylus language` is a
player's own language for private answers, kept in the store across restarts; else a player's
Discord locale when we have it, else the table's."""

from __future__ import annotations

import re
import string

from bot.i18n import translator
from bot.i18n.report import TEMPLATE, read_catalogue
from bot.rules import TOPICS, topic_text

from .conftest import World
from .helpers import answer, card, edited, press, slash


def _english_fragments() -> set[str]:
    """The literal pieces (between placeholders) of every English text of the catalogue that
    are long enough to be unmistakable: none of them may show in another language."""
    pieces: set[str] = set()
    for message in read_catalogue(TEMPLATE):
        if not message.id or (message.context or "").startswith("command"):
            continue
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            for literal, *_ in string.Formatter().parse(msgid):
                for part in re.split(r"[`*()<>#@\n]", literal):
                    if len(part.split()) >= 3 and "/caylus" not in part:  # a sentence of ours
                        pieces.add(part.strip())
    return pieces


ENGLISH = _english_fragments()


def assert_not_english(text: str) -> None:
    found = sorted(p for p in ENGLISH if p in text)
    assert not found, (found, text)


async def test_a_catalan_table_through_the_lobby(world: World) -> None:
    """A table opened with `language: ca`, by players whose Discord is in Spanish (a locale we
    have no catalogue for): the card, its buttons and every answer are in Catalan."""
    for person in (world.ann, world.bob, world.cid):
        person.user.locale = "es-ES"
    async with world.bot() as run:
        opened = await answer(await slash(world, world.ann, "new", seats=3, language="ca"))
        assert "La teva taula és oberta" in opened
        assert_not_english(opened)
        message = card(world)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.settings.language == "ca"
        assert message.button_labels() == ["Seure", "Marxar", "Afegir IA", "Començar"]
        assert "hi ha una taula oberta aquí (1/3 seients)" in message.content
        assert "**Ann** (creador)" in message.content and "Asseguts:" in message.content
        assert "favors reials complets · Notari 4 PP · sense el Joier" in message.content
        assert_not_english(message.content)

        before = len(message.revisions)
        await press(world, message, "join", world.bob)
        await edited(world, message, before)
        joined = await answer(await slash(world, world.cid, "join"))
        assert joined == "Seus al seient 3 de 3. Qui ha creat la taula comença la partida."
        left = await answer(await slash(world, world.cid, "leave"))
        assert left == "Has deixat la taula."
        before = len(message.revisions)
        started = await answer(await slash(world, world.ann, "start"))
        assert started.startswith("La partida ha començat")
        await edited(world, message, before)
        assert "la partida ha començat amb 2 jugadors" in message.content
        assert len(message.revisions) >= 3
        for revision in message.revisions:
            assert_not_english(revision.get("content") or "")
        assert any("Press **Join**" in p or "to take a seat" in p for p in ENGLISH)  # the check bites


async def test_the_servers_locale_is_a_new_tables_language(world: World) -> None:
    world.guild.locale = "pt-BR"
    async with world.bot() as run:
        await answer(await slash(world, world.ann, "new", seats=2))
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.settings.language == "pt-BR"
        message = card(world)
        assert message.button_labels() == ["Entrar", "Sair", "Adicionar IA", "Começar"]
        assert "com 2 jogadores sentados" in message.content


async def test_a_russian_player_at_a_portuguese_table(world: World) -> None:
    """The card stays Portuguese; Bob's Discord is in Russian, so his private answers are
    Russian; Cid's Discord is in English (Discord's default), so he reads the table's Portuguese
    (issue 26) until he chooses Russian with `/caylus language` for himself."""
    world.bob.user.locale = "ru"
    async with world.bot():
        await answer(await slash(world, world.ann, "new", seats=3, language="pt-BR"))
        joined = await answer(await slash(world, world.bob, "join"))
        assert joined == "Вы сели на место 2 из 3. Партию начинает создатель стола."
        message = card(world)
        assert "**Bob**" in message.content and "Sentados:" in message.content
        assert "Сесть" not in message.content
        table_words = await answer(await slash(world, world.cid, "join"))
        assert table_words == "Você ocupa o lugar 3 de 3. Quem criou a mesa começa o jogo."  # no gender guessed
        chosen = await answer(await slash(world, world.cid, "language", language="ru"))
        assert chosen.startswith("Ваш язык теперь **Русский**")
        left = await answer(await slash(world, world.cid, "leave"))
        assert left == "Вы встали из-за стола."
        assert "Sentados:" in card(world).content
        status = await answer(await slash(world, world.bob, "status"))
        assert status.startswith("Стол открыт: мест занято 2/3. Вы сидите на месте 2.")
        assert "2. **Bob**" in status and "(создатель)" in status
        helped = await answer(await slash(world, world.bob, "help"))
        assert helped.startswith("## Caylus в Discord") and "**Сесть**" in helped
        assert_not_english(helped)
        message = card(world)
        before = len(message.revisions)
        await answer(await slash(world, world.ann, "start"))
        await edited(world, message, before)
        assert "o jogo começou com 2 jogadores" in message.content
        status = await answer(await slash(world, world.bob, "status"))
        assert status.startswith("**Тур 1 · ")
        assert "судья на клетке" in status and "**Bob** (вы)" in status and "Ваши здания: нет" in status
        assert_not_english(status)
        table_words = await answer(await slash(world, world.ann, "status"))
        assert table_words.startswith("**Turno 1 · ") and "**Ann** (você)" in table_words


async def test_the_personal_language_is_kept_across_restarts(world: World) -> None:
    async with world.bot() as run:
        none = await answer(await slash(world, world.dee, "language"))
        assert none.startswith("You have no language setting")
        chosen = await answer(await slash(world, world.dee, "language", language="ca"))
        assert chosen.startswith("El teu idioma ara és **Català**")
        assert run.bot.languages == {int(world.dee.id): "ca"}
    async with world.bot() as run:
        assert run.bot.languages == {int(world.dee.id): "ca"}
        shown = await answer(await slash(world, world.dee, "language"))
        assert shown.startswith("El teu idioma: **Català**")
        forgotten = await answer(await slash(world, world.dee, "language", clear=True))
        assert forgotten.startswith("Your language setting is forgotten")  # back to en-US
    async with world.bot() as run:
        assert run.bot.languages == {}
        none = await answer(await slash(world, world.dee, "language"))
        assert none.startswith("You have no language setting")


async def test_rules_topics_by_their_names_in_the_tables_and_the_readers_language(world: World) -> None:
    """`/caylus rules` (issue 12 item 4): at a Portuguese table a Russian reader finds a building
    by its Portuguese name, its Russian one or its English one; the titles are in Russian."""
    world.bob.user.locale = "ru"
    async with world.bot():
        await answer(await slash(world, world.ann, "new", seats=3, language="pt-BR"))
        handle = await world.fake.autocomplete(
            "caylus", subcommand="rules", user=world.bob, channel=world.channel, focused="topic", value="carpint"
        )
        choices = (await handle.response()).choices
        assert [(c["name"], c["value"]) for c in choices] == [
            ("Плотницкая стройка (постоянное сооружение)", "carpenter_fixed"),
            ("Плотницкая стройка (нейтральное сооружение)", "n_carpenter"),
        ]
        for typed in ("плотницкая", "Carpinteiro", "carpenter"):
            text = await answer(await slash(world, world.bob, "rules", topic=typed))
            assert text.startswith("## Плотницкая стройка ("), (typed, text)
        text = await answer(await slash(world, world.ann, "rules", topic="mascate"))
        assert text.startswith("## Mascate (")  # Ann's Discord is in English: the table's language


async def test_rules_explanations_in_the_readers_language(world: World) -> None:
    """`/caylus rules` (issue 12): a reader whose Discord is in Russian reads the whole answer,
    the explanation too, in Russian, at an English table; an English reader reads English."""
    world.bob.user.locale = "ru"
    ru = translator("ru")
    async with world.bot():
        await answer(await slash(world, world.ann, "new", seats=3))
        typed_keys = [("castle", "castle"), ("Церковь", "church"), ("phase7", "phase7"), ("коробейник", "peddler_fixed"), ("peddler", "peddler")]
        for typed, key in typed_keys:
            text = await answer(await slash(world, world.bob, "rules", topic=typed))
            heading, body = text.split("\n", 1)
            assert heading.startswith("## ") and re.search("[а-яА-Я]", heading), text
            first = body.split("\n\n## ")[0]  # a name the road has twice: both buildings follow
            assert first == topic_text(key, ru) and re.search("[а-яА-Я]{4}", body), (typed, text)
            assert_not_english(text)
        text = await answer(await slash(world, world.ann, "rules", topic="castle"))
        assert text == f"## Castle\n{TOPICS['castle'].text}"
