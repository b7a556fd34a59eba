"""A multi-move undo is all or nothing, on both backends: the person's choice and the moves the
game made after it without anyone choosing (a queued placement...) are taken back in one store
transaction. A store that fails in the middle of it leaves the game, the log, the orders, the
timers and the table in memory as they were, and a retry then succeeds."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import pytest

from bot.games import Manager, Table, Unavailable
from bot.games.undo import history_from_log
from bot.store import (
    PLAYER,
    QUEUE,
    REMINDER,
    UNDO,
    Conflict,
    GameStore,
    MoveRecord,
    NewTimer,
    Store,
    StoreError,
    open_store,
)
from bot.store.postgres import PostgresStore
from bot.store.tx import Tx
from tests.games.helpers import ManualClock, started_table
from tests.store.test_backends import started, stored_state
from tests.store.test_replay import check_table


def undo_row(seq: int, code: str, n: int) -> MoveRecord:
    return MoveRecord(seq, 0, 101, code, 9.0, UNDO, n)


async def test_several_undos_are_one_transaction(store_url: str) -> None:
    """`record_undos`: a row that cannot be written after others were leaves none of them."""
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await started(store, 7)
        for seq, code in enumerate("abc"):
            await store.record_move(tid, MoveRecord(seq, seq % 2, None, code, 3.0, QUEUE))
        await store.set_orders(tid, 1, '{"queue":["pass"]}')
        before = await stored_state(store, tid)
        later = {"orders": [(1, None)], "clear_timers": ("deadline",), "timers": [NewTimer(REMINDER, 50.0)]}
        # the second row names a choice that is not the last applied one once the first is undone
        with pytest.raises(StoreError, match="not the last applied"):
            await store.record_undos(tid, [(undo_row(2, "c", 3), 2), (undo_row(0, "a", 4), 0)], **later)
        assert await stored_state(store, tid) == before
        # the second row takes a log position already taken (by the first)
        with pytest.raises(Conflict):
            await store.record_undos(tid, [(undo_row(2, "c", 3), 2), (undo_row(1, "b", 3), 1)], **later)
        assert await stored_state(store, tid) == before
        with pytest.raises(ValueError):
            await store.record_undos(tid, [])
        await store.record_undos(tid, [(undo_row(2, "c", 3), 2), (undo_row(1, "b", 4), 1)], **later)
        log = await store.move_log(tid)
        assert [(m.code, m.who, m.undone) for m in log] == [
            ("a", QUEUE, False), ("b", QUEUE, True), ("c", QUEUE, True), ("c", UNDO, False), ("b", UNDO, False),
        ]  # fmt: skip
        assert history_from_log(log) == ["a"]
        assert [(x.kind, x.due_at) for x in await store.timers_for(tid)] == [(REMINDER, 50.0)]
        assert [s.orders for s in await store.seats(tid)] == [None, None]
    finally:
        await store.close()


class _FailingTx:
    """A transaction of a `FailsAtAnUndoRow` store."""

    def __init__(self, db: Tx, store: FailsAtAnUndoRow) -> None:
        self._db, self._store = db, store

    def _undo_row(self, sql: str, params: Sequence[Any]) -> None:
        if sql.startswith("INSERT INTO moves") and UNDO in params:
            self._store.undo_row()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._undo_row(sql, params)
        return await self._db.execute(sql, params)

    async def write(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._undo_row(sql, params)
        await self._db.write(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return await self._db.fetch(sql, params)

    async def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        return await self._db.insert_id(sql, params)


class FailsAtAnUndoRow:
    """Mixed into a real store: once armed, the `fail_at`-th undo row it writes (1: the first,
    whatever the transactions) fails with the store's own error, as a full disk or a lost
    connection gives; its transaction is rolled back."""

    fail_at: int | None = None
    undo_rows = 0

    def arm(self, fail_at: int | None) -> None:
        self.fail_at, self.undo_rows = fail_at, 0

    def undo_row(self) -> None:
        self.undo_rows += 1
        if self.undo_rows == self.fail_at:
            raise StoreError("disk full")

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[_FailingTx]:
        async with super()._tx() as db:  # type: ignore[misc]
            yield _FailingTx(db, self)


class FailingSQLite(FailsAtAnUndoRow, Store):
    pass


class FailingPostgres(FailsAtAnUndoRow, PostgresStore):
    pass


async def open_failing(url: str) -> FailingSQLite | FailingPostgres:
    if url.startswith("postgresql://"):
        return await FailingPostgres.open(url)
    return await FailingSQLite.open(url, synchronous="NORMAL")


def in_memory(t: Table) -> tuple[object, ...]:
    assert t.game is not None
    return (
        t.game.to_json(), t.chronicle.to_json(), [e.text for e in t.recent], t.log_rows, list(t.since_snapshot),
        dict(t.orders), t.timers, t.updated_at, t.pending,
    )  # fmt: skip


async def in_store(store: GameStore, tid: int) -> tuple[object, ...]:
    return (await stored_state(store, tid), await store.moves(tid))


async def test_a_multi_move_undo_that_fails_to_save_changes_nothing(store_url: str) -> None:
    """Issue 10: the first player's placement, then the second's and the third's queued ones
    (FOLLOWERS, bot/games/undo.py); the undo takes back three moves. The store fails at the
    second undo row: the person is told nothing changed, and nothing did; a retry succeeds."""
    store = await open_failing(store_url)
    clock = ManualClock()
    manager = Manager(store, render=None, clock=clock)  # type: ignore[arg-type]
    try:
        users, result = await started_table(manager, 1, humans=3, seed=8, settings={"deadline": 3600})
        t = manager.table(1)
        assert t is not None and t.game is not None
        first = result.pending
        assert first is not None and first.user_id is not None
        second, third = (users[s] for s in t.game.state.turn_order[1:3])  # seat i is users[i]
        await manager.set_orders(1, second, lambda o: replace(o, queue=("castle", "pass")))
        await manager.set_orders(1, third, lambda o: replace(o, queue=("pass",)))
        clock.advance(60)
        played = await manager.act(1, first.user_id, first.number, "gate")
        assert [(m.actor, m.code) for m in played.moves] == [(PLAYER, "gate"), (QUEUE, "castle"), (QUEUE, "pass")]
        assert t.timers is not None and manager.orders(1, second).queue == ("pass",)
        memory, stored = in_memory(t), await in_store(store, t.id)

        clock.advance(60)
        store.arm(2)
        with pytest.raises(Unavailable) as failed:
            await manager.undo(1, first.user_id)
        assert "undo could not be saved, so nothing changed" in failed.value.message
        assert store.undo_rows == 2  # it failed after the first undo row was written
        assert manager.table(1) is t and in_memory(t) == memory
        assert await in_store(store, t.id) == stored
        assert manager.can_undo(1, first.user_id)

        store.arm(None)  # the disk has room again: the same undo goes through
        undone = await manager.undo(1, first.user_id)
        assert undone.undone is not None and undone.undone.code == "gate"
        assert [m.code for m in undone.undone_with] == ["castle", "pass"]
        assert t.game.state.history == [] and manager.orders(1, second).empty and manager.orders(1, third).empty
        log = await store.move_log(t.id)
        assert [(m.who, m.code, m.undone) for m in log] == [
            (PLAYER, "gate", True), (QUEUE, "castle", True), (QUEUE, "pass", True),
            (UNDO, "pass", False), (UNDO, "castle", False), (UNDO, "gate", False),
        ]  # fmt: skip
        assert history_from_log(log) == t.game.state.history
        assert {m.at for m in log if m.who == UNDO} == {clock.now}
        assert [s.orders for s in await store.seats(t.id)] == [None, None, None]
        again = undone.pending
        assert again is not None and again.user_id == first.user_id and again.number == len(log) == t.log_rows
        assert {(x.kind, x.payload["seq"]) for x in await store.timers_for(t.id)} == {
            (REMINDER, again.number), ("deadline", again.number)
        }  # fmt: skip
        await check_table(store, t.id)
    finally:
        await manager.close()
