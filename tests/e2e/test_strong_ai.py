"""A hard (strong) AI seat through the fake Discord: chosen at /caylus new, named with its level,
thinking off the event loop while the person's clicks are answered at once."""

from __future__ import annotations

import random

import pytest

from bot.store import AI

from .conftest import World
from .helpers import reproducible_hard_ai
from .sim import Table


async def test_a_hard_ai_seat_plays_through_discord(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AI_PROCESSES", "0")
    world.table_seed(31)
    async with world.bot() as run:
        reproducible_hard_ai(run.bot)  # a short search, the same moves on any machine
        table = Table(world.fake, world.channel, [world.ann], random.Random(5))
        card = await table.seat_everyone(world.ann, seats=2, ai=1, ai_level="strong")
        assert "**AI 1 (hard)** (AI)" in card.content and "AI seats play hard" in card.content
        await table.start(card, world.ann)
        await table.play(max_turns=4)
        await run.bot.manager.idle()
        [t] = run.bot.manager.tables()
        assert t.settings.ai_level == "strong" and t.seats[1].ai_level == "strong"
        moves = await run.bot.manager.store.moves(t.id)
        ai_moves = [m for m in moves if m.who == AI]
        assert len(ai_moves) >= 3 and {m.seat for m in ai_moves} == {1}
        assert t.game is not None and [m.code for m in moves] == t.game.state.history
        said = " ".join(m.content for m in world.fake.channel_messages(world.channel))
        assert "AI 1 (hard)" in said
