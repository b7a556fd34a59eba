"""Issue 26: a whole game at a Russian, a Brazilian and a Catalan table, through the fake, with
the wrong clicks and commands people make on the way (a stranger, out of turn, a stale button,
join and leave after the start, take back, undo, a start by someone else, typed nonsense) and
the information commands. Every text the bot sends, to the channel or privately (the replies
and refusals, the buttons', selects' and options' texts, thread names), is in the table's
language: no English sentence, no catalogue text left in English, and in Catalan «de» elided
before a name (d'Ann).

The players' Discord is in English (Discord's default, what a Catalan's is): the table's
language is what they read (bot.i18n.languages.reply_language)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.i18n import translator, words
from tests.fake_discord import FakeMember, InteractionHandle, StoredMessage
from tests.i18n.english import english_in

from .conftest import World
from .helpers import answer, card, slash, turn_messages
from .sim import GAME_OVER, Table, offers, short_game_pick
from .test_games import kind_lookup

# English words no sentence of our other languages holds (not "a", "no", "on", "do": they are
# Portuguese or Catalan words), and the game's English words
ENGLISH = frozenset(
    """the you your yours is are was were this that these with has have had will would can cannot
    could should it its of to and for at by from there here now not who what which when why how all
    any every an but if then than be been does did get takes take player players turn round game
    table seat choice choices build building worker workers deniers denier favour favours
    nothing free phase again only more less first last yet already must decide waits""".split()
)
CODE = re.compile(r"`[^`]*`|<[@#&!]*\d+>|https?://\S+|\b[rR]\d+\b|:\w+:")
SENTENCE = re.compile(r"[.!?;:\n·—()]+")


def texts_of(body: Any) -> Iterator[str]:
    """Every text a person reads in a message body: content, embeds, components, a thread name."""
    if not isinstance(body, dict):
        return
    data = body.get("data") if isinstance(body.get("data"), dict) else body
    for key in ("content", "name"):
        if isinstance(data.get(key), str):
            yield data[key]
    for embed in data.get("embeds") or []:
        for key in ("title", "description"):
            if embed.get(key):
                yield embed[key]
        for f in embed.get("fields") or []:
            yield f.get("name") or ""
            yield f.get("value") or ""
    for row in data.get("components") or []:
        for c in row.get("components") or []:
            yield c.get("label") or ""
            yield c.get("placeholder") or ""
            for o in c.get("options") or []:
                yield o.get("label") or ""
                yield o.get("description") or ""


def sent(world: World) -> list[str]:
    """Every text the bot sent: posts and edits, replies, followups, thread names."""
    out: list[str] = []
    for call in world.fake.requests():
        if call.method not in ("POST", "PATCH") or call.path.startswith("/applications/"):
            continue
        out += [t for t in texts_of(call.json) if t]
    return out


def english_buildings(lang: str) -> re.Pattern[str]:
    """The English names of the buildings that `lang` names otherwise ("Trading post", "Inn")."""
    tr = translator(lang)
    names = [n for n in words.BUILDINGS if words.building(tr, n) != n]
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")


def english_sentences(lang: str, text: str, names: set[str]) -> list[str]:
    """The English in `text`: catalogue texts left untranslated, the English names of buildings,
    and sentences of two English words or more (codes, mentions and players' names aside)."""
    found = english_in(lang, text)
    plain = CODE.sub(" ", text)
    for name in names:
        plain = plain.replace(name, " ")
    found += english_buildings(lang).findall(plain)
    if re.search(r"[^.]\.\.(?!\.)", plain):
        found.append(f"two full stops: {text[:80]}")
    for sentence in SENTENCE.split(plain):
        words = [w for w in re.findall(r"[A-Za-z']+", sentence.lower()) if w in ENGLISH]
        if len(words) >= 2:
            found.append(sentence.strip())
    return found


async def replied(handle: InteractionHandle) -> str:
    """The answer a person got (nothing, for a click answered by a change elsewhere)."""
    try:
        return await answer(handle)
    except (AssertionError, TimeoutError):
        return ""


async def wrong_moves(world: World, turn: StoredMessage, on_turn: FakeMember, people: list[FakeMember]) -> None:
    """What people get wrong during a game: each gets a private answer."""
    other = next(p for p in people if p.id != on_turn.id)
    choice = next((o for o in offers(turn) if not o.is_select), None)
    if choice is not None:
        for who in (world.stranger, other):  # not a player; not their turn
            await replied(await world.fake.click(turn, choice.custom_id, user=who))
    for who, sub, options in (
        (world.stranger, "join", {}),
        (world.ann, "leave", {}),
        (world.bob, "takeback", {}),
        (other, "undo", {}),
        (other, "place", {"target": "banana"}),
        (other, "provost", {"move": "+9"}),
        (world.bob, "status", {}),
        (world.cid, "log", {}),
        (world.cid, "board", {}),
        (world.bob, "help", {}),
        (world.ann, "rules", {"topic": "carpenter"}),
        (world.ann, "rules", {"topic": "zzz"}),
        (world.ann, "language", {}),
        (world.stranger, "new", {}),
        (world.bob, "orders", {}),
        (world.cid, "queue", {"add": "banana"}),
        (world.cid, "declare", {"target": "r99"}),
    ):
        await replied(await slash(world, who, sub, **options))


@pytest.mark.parametrize("lang", ["ru", "pt-BR", "ca"])
async def test_a_whole_game_says_no_english(world: World, lang: str) -> None:
    world.table_seed(2026)
    people = [world.ann, world.bob, world.cid]
    names = {p.user.global_name or "" for p in people} | {"Stranger", "Mod"}
    async with world.bot() as run:
        text = await answer(await slash(world, world.ann, "new", seats=3, language=lang, deadline=3600))
        assert text and "Your table is open" not in text
        table_card = card(world)
        table = Table(world.fake, world.channel, people, random.Random(7), kind_of=kind_lookup(run), pick=short_game_pick)
        for person in (world.bob, world.cid):
            await table.press(table_card, "join", person)
        await replied(await slash(world, world.bob, "start"))  # not the creator's
        await replied(await slash(world, world.bob, "join"))  # already seated
        await table.start(table_card, world.ann)
        first = turn_messages(world)
        turns = 0
        while await table.play_turn():
            turns += 1
            if turns in (1, 60):
                [turn] = turn_messages(world)[-1:]
                mentioned = turn.mentions()
                on_turn = next(p for p in people if p.id == mentioned[0]) if mentioned else world.ann
                await wrong_moves(world, turn, on_turn, people)
            if turns == 2 and first:  # a button of a decision long gone
                stale = next((o for o in offers(first[0]) if not o.is_select), None)
                if stale is not None:
                    await replied(await world.fake.click(first[0], stale.custom_id, user=world.ann))
        await run.bot.publisher.idle()
        [t] = run.bot.manager.tables() or [None]
        assert t is None or t.is_finished
    texts = sent(world)
    assert len(texts) > 400 and any(text.startswith(GAME_OVER) for text in texts)
    english = sorted({s for text in texts for s in english_sentences(lang, text, names)})
    assert english == [], english[:15]
    if lang == "ca":
        unelided = sorted({t for t in texts if re.search(r"\bde (Ann|[AEIOUÀÈÉÍÒÓÚ]\w*)", t)})
        assert unelided == [], unelided[:5]


async def test_a_catalan_thread_is_named_with_elision(world: World) -> None:
    """The thread of a Catalan table opened by Ann: «Caylus — taula d'Ann» (issue 26 item 5)."""
    async with world.bot():
        text = await answer(await slash(world, world.ann, "new", seats=2, thread=True, language="ca"))
        [thread] = [c for c in world.fake.state.channels.values() if c.parent_id == world.channel.id and c.is_thread]
        assert thread.name == "Caylus — taula d'Ann"
        assert "La teva taula és oberta" in text
