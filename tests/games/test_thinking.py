"""The strong (hard) level at tables: its searches run off the event loop and off the table's lock,
one per table, and a search whose game changed meanwhile (undo, abandon) is dropped."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.games import Manager
from bot.games.search import strong_choice
from bot.games.thinking import search_seed
from bot.rules import Game
from bot.store import AI, PLAYER, UNDO

from .helpers import GUILD, Recorder, open_manager, pending_at

ANN, BOB = 101, 102


class GatedSearch:
    """A search that plays the first legal code once its gate is open (a test opens and closes
    it); `entered` is set when a search has begun."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.gate.set()
        self.entered = threading.Event()
        self.calls = 0

    def __call__(self, state_json: str, think_ms: int, seed: int, iterations: int | None) -> str:
        self.calls += 1
        self.entered.set()
        self.gate.wait()
        return Game.from_json(state_json).legal_codes()[0]

    async def begun(self) -> None:
        assert await asyncio.to_thread(self.entered.wait, 10.0), "no search began"
        self.entered.clear()


async def strong_table(manager: Manager, search: GatedSearch, channel: int = 1) -> int:
    """Ann against one strong AI seat, started, and Ann's decision pending (any opening AI moves
    played with the gate open); returns Ann's decision number."""
    await manager.create_table(GUILD, channel, ANN, "Ann", 2, seed=4, ai_seats=["strong"])
    await manager.start(channel, ANN)
    await manager.idle()
    p = pending_at(manager, channel)
    assert p is not None and p.user_id == ANN
    return p.number


async def ann_moves_then_the_ai_thinks(manager: Manager, search: GatedSearch, channel: int = 1) -> int:
    """Ann places; her answer comes at once while the AI's search waits at the closed gate.
    Returns the decision number the AI thinks about."""
    number = await strong_table(manager, search, channel)
    search.gate.clear()
    p = pending_at(manager, channel)
    assert p is not None
    code = next(c.code for c in p.decision.choices if c.code != "pass")  # a placement (§2: phase 2)
    result = await manager.act(channel, ANN, number, code)
    assert [m.actor for m in result.moves] == [PLAYER]  # answered without waiting for the AI
    assert result.pending is not None and result.pending.is_ai
    await search.begun()
    return result.pending.number


async def test_a_blocked_search_lets_other_tables_play(tmp_path: Path) -> None:
    search = GatedSearch()
    recorder = Recorder()
    manager = await open_manager(tmp_path / "db.sqlite3", ai_search=search, listener=recorder)
    try:
        ai_number = await ann_moves_then_the_ai_thinks(manager, search)
        # Meanwhile, at another table: people open, start and play; the lock of table 1 is free too.
        await manager.create_table(GUILD, 2, 201, "Cat", 2, seed=9)
        await manager.join(2, 202, "Dan")
        await manager.start(2, 201)
        for _ in range(6):
            p = pending_at(manager, 2)
            assert p is not None and p.user_id is not None
            await manager.act(2, p.user_id, p.number, p.decision.choices[0].code)
        assert manager.can_undo(1, ANN)  # table 1 answers too: its lock is not held by the search
        assert pending_at(manager, 1).number == ai_number  # type: ignore[union-attr]

        search.gate.set()
        await manager.idle()
        t = manager.table(1)
        assert t is not None and t.log_rows > ai_number
        moves = await manager.store.moves(t.id)
        assert moves[ai_number].who == AI and moves[ai_number].seat == 1
        # The AI's move came to the listener as a result of its own, after Ann's.
        mine = [r for r in recorder.results if r.table is t and r.moves]
        assert [m.actor for m in mine[-2].moves] == [PLAYER] and mine[-1].moves[0].number == ai_number
    finally:
        search.gate.set()
        await manager.close()


@pytest.mark.parametrize("cancelled", [True, False], ids=["search-cancelled", "result-arrives-late"])
async def test_an_undo_during_a_search_drops_its_result(tmp_path: Path, cancelled: bool) -> None:
    search = GatedSearch()
    recorder = Recorder()
    manager = await open_manager(tmp_path / "db.sqlite3", ai_search=search, listener=recorder)
    try:
        if not cancelled:  # as if the search ended just as the undo came in
            manager._turns.stop_thinking = lambda t: None  # type: ignore[method-assign]
        ai_number = await ann_moves_then_the_ai_thinks(manager, search)
        undone = await manager.undo(1, ANN)
        assert undone.undone is not None
        search.gate.set()
        await manager.idle()
        t = manager.table(1)
        assert t is not None
        p = t.pending
        assert p is not None and p.user_id == ANN and p.number == ai_number + 1  # hers again
        log = await manager.store.move_log(t.id)
        assert [m.who for m in log[ai_number - 1 :]] == [PLAYER, UNDO]  # the AI's choice never came
        assert not [r for r in recorder.results if r.table is t and any(m.actor == AI for m in r.moves)]
    finally:
        search.gate.set()
        await manager.close()


async def test_an_abandon_during_a_search_drops_its_result(tmp_path: Path) -> None:
    search = GatedSearch()
    manager = await open_manager(tmp_path / "db.sqlite3", ai_search=search)
    try:
        ai_number = await ann_moves_then_the_ai_thinks(manager, search)
        t = manager.table(1)
        assert t is not None
        await manager.abandon(1, ANN)
        search.gate.set()
        await manager.idle()
        assert len(await manager.store.move_log(t.id)) == ai_number
        assert t.log_rows == ai_number
    finally:
        search.gate.set()
        await manager.close()


async def test_closing_the_manager_during_a_search(tmp_path: Path) -> None:
    search = GatedSearch()
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path, ai_search=search)
    try:
        ai_number = await ann_moves_then_the_ai_thinks(manager, search)
        closing = asyncio.create_task(manager.close())
        await asyncio.sleep(0)
        search.gate.set()  # the thread ends its search; the pool then stops
        await closing
    finally:
        search.gate.set()
    again = await open_manager(path, ai_search=search)
    try:  # the AI's decision waits, as after any stop, and is played on when the scheduler starts
        assert pending_at(again, 1).number == ai_number  # type: ignore[union-attr]
    finally:
        await again.close()


@pytest.mark.parametrize("processes", [0, 1], ids=["thread", "process"])
async def test_the_strong_level_plays_at_a_table(tmp_path: Path, processes: int) -> None:
    """With a fixed number of iterations the strong seat's moves are the search's, reproducibly
    (a real search, in a worker process or a thread)."""
    manager = await open_manager(tmp_path / "db.sqlite3", ai_processes=processes, ai_iterations=3)
    try:
        await manager.create_table(GUILD, 1, ANN, "Ann", 2, seed=6, ai_seats=["strong"])
        await manager.start(1, ANN)
        t = manager.table(1)
        assert t is not None and t.seats[1].name == "AI 1 (hard)"
        while t.log_rows < 12:
            await manager.idle()
            p = t.pending
            assert p is not None
            if p.user_id == ANN:
                await manager.act(1, ANN, p.number, p.decision.choices[-1].code)
        await manager.idle()
        moves = await manager.store.moves(t.id)
        game = Game.replay(t.names, t.seed, t.options, [])
        ai_moves = 0
        for m in moves:
            if m.who == AI:
                expected = strong_choice(game.to_json(), 1, search_seed(t.seed, len(game.state.history)), 3)
                assert m.code == expected
                ai_moves += 1
            game.apply(m.code)
        assert ai_moves >= 3
    finally:
        await manager.close()


async def test_taken_over_seats_play_normal_unless_the_table_is_hard(tmp_path: Path) -> None:
    from bot.games.ai import absent_level

    assert [absent_level(x) for x in ("random", "greedy", "strong")] == ["greedy", "greedy", "strong"]
    assert absent_level("strong", at_once=True) == "greedy"  # the move made at the deadline itself


def broken_search(state_json: str, think_ms: int, seed: int, iterations: int | None) -> str:
    raise RuntimeError("the worker broke")


async def test_a_failed_search_plays_the_normal_level(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from bot.games.ai import seeded_choice

    manager = await open_manager(tmp_path / "db.sqlite3", ai_search=broken_search)
    try:
        await manager.create_table(GUILD, 1, ANN, "Ann", 2, seed=4, ai_seats=["strong"])
        await manager.start(1, ANN)
        t = manager.table(1)
        assert t is not None
        while t.log_rows < 6:
            await manager.idle()
            p = t.pending
            assert p is not None and p.user_id == ANN
            await manager.act(1, ANN, p.number, p.decision.choices[0].code)
        await manager.idle()
        game = Game.replay(t.names, t.seed, t.options, [])
        for m in await manager.store.moves(t.id):
            if m.who == AI:
                assert m.code == seeded_choice(game, t.seed, "greedy")
            game.apply(m.code)
        assert "a search failed" in caplog.text
    finally:
        await manager.close()
