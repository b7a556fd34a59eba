"""Undo (button and command), take-back, and a table with a deadline per decision."""

from __future__ import annotations

import pytest

from .conftest import World
from .helpers import (
    answer,
    card,
    current_turn,
    open_chooser,
    open_table,
    pick,
    seated_table,
    slash,
    turn_messages,
    whose,
)
from .sim import offers


async def test_undo_button_takes_back_the_last_choice(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        chooser = await open_chooser(world, turn, player)
        castle = next(o for o in offers(chooser) if o.code == "castle")
        await (await pick(world, chooser, "castle", player)).response()
        await world.fake.state.changed.wait_for(lambda: chooser.content.startswith("✅"), 5.0, lambda: "no ✅")
        assert chooser.button_labels() == ["Undo", "Board"] and offers(chooser) == []

        undo = chooser.custom_ids()[0]
        await (await world.fake.click(chooser, undo, user=player)).response()
        await world.fake.state.changed.wait_for(lambda: chooser.content.startswith("↩️"), 5.0, lambda: "no ↩️")
        assert "Taken back: Castle" in chooser.content and "your decision" in chooser.content
        again = offers(chooser)
        assert "castle" in {o.code for o in again} and again[0].seq > castle.seq
        await world.fake.wait_for_message(world.channel, lambda m: "took back their last choice" in m.content)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None and table.game.state.history == []

        # choose again, the other player acts: the Undo button is out of date
        pass_offer = next(o for o in again if o.code == "pass")
        before = len(chooser.revisions)
        await (await world.fake.click(chooser, pass_offer.custom_id, user=player)).response()
        await world.fake.state.changed.wait_for(lambda: len(chooser.revisions) > before, 5.0, lambda: "no edit")
        assert (await answer(await slash(world, other, "place", target="gate"))).startswith("✅")
        late = await world.fake.click(chooser, next(c for c in chooser.custom_ids() if c.startswith("cyu:")), user=player)
        [refusal] = await late.followups(1)
        assert "can no longer be undone" in refusal.content
        await run.bot.publisher.idle()
        assert table.game.state.history == ["pass", "gate"]
        assert len(turn_messages(world)) == 1


async def test_undo_and_takeback_commands(world: World) -> None:
    async with world.bot():
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        assert "nothing to undo" in await answer(await slash(world, player, "undo"))
        assert (await answer(await slash(world, player, "place", target="castle"))).startswith("✅")
        text = await answer(await slash(world, player, "undo"))
        assert text.startswith("↩️ Taken back: Castle")
        assert "already" in await answer(await slash(world, player, "takeback"))
        assert "not a player" in await answer(await slash(world, world.stranger, "undo"))


async def test_a_table_with_a_deadline(world: World) -> None:
    async with world.bot():
        await open_table(world, world.ann, seats=2, deadline=3600, ai=1, ai_level="random")
        text = card(world).content
        assert "Deadline: 1 hour per decision" in text and "AI 1 (easy)** (AI)" in text
        assert "AI seats play easy" in text
        assert "The game has started" in await answer(await slash(world, world.ann, "start"))
        turn = await current_turn(world)
        assert "Decide <t:" in turn.content and ":R>" in turn.content


@pytest.mark.parametrize(("takeover", "stored"), [(1, 1), (5, 5), (0, None)])
async def test_the_takeover_count_is_chosen_at_new(world: World, takeover: int, stored: int | None) -> None:
    """Issue #6: the number of missed deadlines in a row before the AI plays a seat is chosen
    with /caylus new (1 to 5, or never = 0); the table card says it."""
    async with world.bot() as run:
        await open_table(world, world.ann, seats=2, deadline=600, takeover=takeover)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.settings.takeover_after == stored
        said = "in a row the AI plays the seat" in card(world).content
        assert said == (stored is not None)
