"""Issue 11 item 2: one lasting message per round, edited after every phase with that phase's
report and the new board image; a phase that changed nothing on the board edits the text only."""

from __future__ import annotations

import random

from bot.rules import new_game
from bot.ui.roundpost import board_key
from bot.ui.texts import EMBEDS_TEXT, fits_one_message

from .conftest import World
from .helpers import seated_table
from .sim import Table


def test_board_key_ignores_where_the_game_stands_in_its_flow() -> None:
    game = new_game(["Ann", "Bob"], 3)
    state = game.state
    later = state.copy()
    later.phase, later.step, later.cursor = 5, 2, 1
    assert board_key(later) == board_key(state)
    moved = state.copy()
    moved.provost += 1
    assert board_key(moved) != board_key(state)
    richer = state.copy()
    richer.players[0].deniers += 1
    assert board_key(richer) != board_key(state)


def test_what_fits_in_one_round_message() -> None:
    """Discord's limits for a message's embeds: 10 of them, 6,000 characters in all."""
    assert fits_one_message(["x" * 3000, "x" * 3000])
    assert not fits_one_message(["x" * 3000, "x" * 3001])
    assert fits_one_message(["x"] * 10) and not fits_one_message(["x"] * 11)
    assert EMBEDS_TEXT == 6000


async def test_one_message_per_round_edited_after_every_phase(world: World) -> None:
    world.table_seed(5)
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        sim = Table(world.fake, world.channel, [world.ann, world.bob], random.Random(2))
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        while table.game.state.round < 3:
            assert await sim.play_turn()
        await run.bot.publisher.idle()
        rounds = [m for m in world.fake.channel_messages(world.channel) if m.content.startswith("📜")]
        assert [m.content.split("\n")[0] for m in rounds] == ["📜 **Round 1**", "📜 **Round 2**", "📜 **Round 3**"]
        first = rounds[0]
        # every phase of round 1 that was reported is in its message, in order
        headings = [line for line in first.text.split("\n") if line.startswith("**Round 1 · Phase")]
        phases = [int(h.split("Phase ")[1].split(":")[0]) for h in headings]
        assert phases == sorted(phases) and phases[0] == 1 and phases[-1] >= 6
        # ... and only there: the next round's message tells its own phases
        for later, rnd in ((rounds[1], 2), (rounds[2], 3)):
            told = [line for line in later.text.split("\n") if line.startswith("**Round ")]
            assert told and all(line.startswith(f"**Round {rnd} ·") for line in told), told
        # edited once per report after the first; each edit brought a new image unless the
        # board had not changed
        edits = [
            c
            for c in world.fake.requests("PATCH", f"/channels/{world.channel.id}/messages/{first.id}")
            if c.status == 200
        ]
        assert len(edits) == len(first.revisions) >= 2
        with_image = [c for c in edits if c.files]
        assert with_image, "no new board after a phase"
        assert [a.filename for a in first.attachments] == [first.attachments[0].filename]
        # the turn message comes after the round's message
        messages = world.fake.channel_messages(world.channel)
        assert messages.index(rounds[-1]) < len(messages) - 1
