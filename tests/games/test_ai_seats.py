"""AI seats with a level of their own: chosen at creation or added from the lobby, stored, played
promptly at that level, never pinged."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games import ActResult, BadRequest, Manager
from bot.games.ai import seeded_choice
from bot.rules import Game
from bot.store import AI

from .helpers import GUILD, open_manager, pending_at, random_code, waiting


async def test_ai_seats_chosen_at_creation_play_at_their_level(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path)
    try:
        table = await manager.create_table(GUILD, 1, 101, "Ann", 4, seed=17, ai_seats=["greedy", "random"])
        assert [(s.name, s.is_ai, s.ai_level) for s in table.seats] == [
            ("Ann", False, None), ("AI 1 (normal)", True, "greedy"), ("AI 2 (easy)", True, "random")
        ]  # fmt: skip
        await manager.add_ai(1, 101, level="greedy")
        assert (table.seats[3].name, table.seats[3].ai_level) == ("AI 3 (normal)", "greedy")
        with pytest.raises(BadRequest):
            await manager.add_ai(1, 101, level="grandmaster")
        with pytest.raises(BadRequest):
            await manager.create_table(GUILD, 2, 101, "Ann", 2, ai_seats=["superhuman"])
        with pytest.raises(BadRequest):
            await manager.create_table(GUILD, 2, 101, "Ann", 2, ai_seats=["random", "random"])
    finally:
        await manager.close()

    manager = await open_manager(path)  # the levels are stored
    try:
        table = manager.table(1)
        assert table is not None
        assert [s.ai_level for s in table.seats] == [None, "greedy", "random", "greedy"]
        result = await manager.start(1, 101)
        rng = random.Random(17)
        while not result.game_over:
            p = result.pending
            assert p is not None and p.user_id == 101 and not p.is_ai
            assert [w.user_id for w in waiting(manager)] == [101]
            result = await manager.act(1, 101, p.number, random_code(p.decision, rng))
        assert table.game is not None
        # Each AI move is its seat's policy at its level, drawn from the seed and the history.
        levels = {s.seat: s.ai_level for s in table.seats}
        moves = await manager.store.moves(table.id)
        game = Game.replay(table.names, table.seed, table.options, [])
        for m in moves:
            if m.who == AI:
                assert m.user_id is None
                level = levels[m.seat]
                assert level is not None
                assert m.code == seeded_choice(game, table.seed, level), m
            game.apply(m.code)
        assert {m.seat for m in moves if m.who == AI} == {1, 2, 3}
    finally:
        await manager.close()


async def test_seats_without_a_level_play_at_the_managers(tmp_path: Path) -> None:
    manager = await open_manager(tmp_path / "db.sqlite3", ai_level="greedy", autoplay_ai=False)
    try:
        await manager.create_table(GUILD, 1, 0, "host", 2, seed=3, seat_creator=False, ai_names=["A", "B"])
        await manager.start(1, 0)
        t = manager.table(1)
        assert t is not None and t.game is not None
        for _ in range(20):
            before = t.game.clone()
            result = await manager.advance(1, max_moves=1)
            [move] = result.moves
            assert move.code == seeded_choice(before, t.seed, "greedy")
    finally:
        await manager.close()


async def test_leaving_keeps_the_ai_seats_levels(manager: Manager) -> None:
    await manager.create_table(GUILD, 1, 101, "Ann", 4, ai_seats=["greedy"])
    await manager.join(1, 102, "Bob")
    await manager.add_ai(1, 101, level="random")
    table = await manager.leave(1, 102)
    assert [(s.seat, s.name, s.ai_level) for s in table.seats] == [
        (0, "Ann", None), (1, "AI 1 (normal)", "greedy"), (2, "AI 2 (easy)", "random")
    ]  # fmt: skip
    stored = await manager.store.seats(table.id)
    assert [(s.seat, s.ai_level) for s in stored] == [(0, None), (1, "greedy"), (2, "random")]


async def test_ai_seats_interrupted_by_a_restart_play_on_when_the_scheduler_starts(tmp_path: Path) -> None:
    import asyncio

    from .helpers import Recorder

    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path, autoplay_ai=False)  # as if stopped before the AI moved
    await manager.create_table(GUILD, 1, 101, "Ann", 3, seed=4, ai_seats=["random", "random"])
    await manager.start(1, 101)
    t = manager.table(1)
    assert t is not None
    waits_on_ai = t.pending is not None and t.pending.is_ai
    if not waits_on_ai:
        p = t.pending
        assert p is not None
        await manager.act(1, 101, p.number, p.decision.choices[0].code)
        assert t.pending is not None and t.pending.is_ai
    await manager.close()

    heard = asyncio.Event()

    class Waiter(Recorder):
        async def on_result(self, result: ActResult) -> None:
            await super().on_result(result)
            if result.why:
                heard.set()

    waiter = Waiter()
    manager = await open_manager(path, listener=waiter)
    try:
        p = pending_at(manager, 1)
        assert p is not None and p.is_ai
        manager.start_scheduler()
        await asyncio.wait_for(heard.wait(), timeout=30)
        [(result, why)] = waiter.autos
        assert result.moves and all(m.actor == AI for m in result.moves)
        assert why and result.pending is not None and result.pending.user_id == 101
    finally:
        await manager.close()
