"""Issue 12 through the fake Discord: at a Catalan table the turn message's choices, the private
chooser and a refusal are in Catalan; at an English table, a person whose Discord speaks Russian
reads their private replies in Russian while the channel stays English. (Discord has no Catalan:
Catalan players' Discord speaks Spanish, which we do not have, so their replies follow the
table's language; bot/i18n `reply_language`.)"""

from __future__ import annotations

from dataclasses import replace

from tests.e2e.conftest import World
from tests.e2e.helpers import current_turn, open_chooser, private_answer, seated_table, whose
from tests.e2e.sim import offers, turn_of
from tests.e2e.test_turn_message import pick
from tests.fake_discord import StoredMessage

from .english import english_in
from .test_choices import shown


def texts_of(message: StoredMessage) -> list[str]:
    return shown([{"components": [c]} for c in message.all_components() if c.get("type") != 1])


async def test_a_catalan_table_chooses_in_catalan(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        table.settings = replace(table.settings, language="ca")
        world.ann.user.locale = world.bob.user.locale = "es-ES"
        first = await current_turn(world)
        player = whose(first, world)
        other = world.bob if player is world.ann else world.ann
        await (await pick(world, first, "castle", player)).response()  # type: ignore[attr-defined]
        turn = await current_turn(world, turn_of(first)[1])  # type: ignore[index]

        shown_texts = texts_of(turn)  # the turn message's buttons and selects: the table's language
        assert "Tauler" in shown_texts and "Més…" in shown_texts and "Pla…" in shown_texts
        assert any("denari" in t for t in shown_texts), shown_texts
        for text in shown_texts:
            assert not english_in("ca", text), text

        # the other person presses a choice: refused, in Catalan
        choice = next(o for o in offers(turn) if not o.is_select)
        refusal = await private_answer(await world.fake.click(turn, choice.custom_id, user=player))
        assert "No és el teu torn" in refusal.content and "T'avisaré" in refusal.content
        assert not english_in("ca", refusal.content.split(": ")[0])

        # the round plan of the player not on turn (Plan…): privately, in Catalan
        queue = next(c["custom_id"] for c in turn.buttons() if c.get("label") == "Pla…")
        handle = await world.fake.click(turn, queue, user=player)
        assert (await handle.response()).type == 5  # "thinking…", then the panel
        panel = await handle.original()
        assert "**El teu pla per a la ronda 1**" in panel.content, panel.content
        assert "Encara no hi ha llocs" in panel.content
        for line in panel.content.splitlines():
            assert not english_in("ca", line.lstrip("• ")), line
        assert [s.get("placeholder") for s in panel.selects()][:2] == ["Afegeix un lloc al teu pla", "Quan passa el teu pla?"]
        for text in texts_of(panel):
            assert not english_in("ca", text), text

        # the player's own private chooser (More…): header and choices in Catalan
        chooser = await open_chooser(world, turn, other)
        assert "la teva decisió" in chooser.content and "Tens " in chooser.content
        assert "your decision" not in chooser.content
        for text in texts_of(chooser):
            assert not english_in("ca", text), text


async def test_a_russian_reader_at_an_english_table(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        other.user.locale = "ru"
        player.user.locale = "ru"

        assert turn.button_labels()[-3:] == ["More…", "Board", "Plan…"]  # the channel: English

        refusal = await private_answer(await pick(world, turn, "castle", other))  # type: ignore[arg-type]
        assert "Сейчас не ваш ход" in refusal.content and "Вас позовут" in refusal.content

        chooser = await open_chooser(world, turn, player)
        assert "ваше решение" in chooser.content
        labels = texts_of(chooser)
        assert "Замок" in " ".join(labels) and "Поле" in labels, labels
        for text in labels:
            assert not english_in("ru", text), text
