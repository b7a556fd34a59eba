"""SQLite's transactions hold the statements nobody reads (`Tx.write`, `executemany`) and send
them in one hop to aiosqlite's thread with the next statement that is read, or with the COMMIT
(bot/store/sqlite.py `_Tx`): a move is one hop. What is written stays all or nothing, in order."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import PLAYER, REMINDER, Conflict, MoveRecord, NewTimer, Store, open_store
from tests.store.test_backends import started, stored_state


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """A fresh SQLite store, closed after the test."""
    opened = await open_store(str(tmp_path / "db.sqlite3"))
    assert isinstance(opened, Store)
    try:
        yield opened
    finally:
        await opened.close()


def hops_of(store: Store) -> list[int]:
    """Count the hops to aiosqlite's thread from now on (one int per hop)."""
    db = store._db
    real = db._execute
    hops: list[int] = []

    async def counted(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        hops.append(1)
        return await real(fn, *args, **kwargs)

    db._execute = counted  # type: ignore[method-assign]
    return hops


async def test_a_move_is_one_hop(store: Store) -> None:
    tid = await started(store, 7)
    hops = hops_of(store)
    await store.record_move(
        tid, MoveRecord(0, 0, 101, "r3", 3.0, PLAYER), turn_seat=1,
        clear_timers=["deadline"], timers=[NewTimer(REMINDER, 50.0, {"seq": 1})],
    )  # fmt: skip
    assert len(hops) == 1
    log = await store.move_log(tid)
    assert [(m.seq, m.code) for m in log] == [(0, "r3")]
    assert [(x.kind, x.due_at) for x in await store.timers_for(tid)] == [(REMINDER, 50.0)]


async def test_a_read_sees_the_writes_before_it_in_its_transaction(store: Store) -> None:
    tid = await started(store, 7)
    async with store._tx() as db:
        await db.write("UPDATE game_tables SET updated_at = ? WHERE id = ?", (42.0, tid))
        rows = await db.fetch("SELECT updated_at FROM game_tables WHERE id = ?", (tid,))
        assert rows[0][0] == 42.0
    table = await store.get_table(tid)
    assert table is not None and table.updated_at == 42.0


async def test_a_waiting_statement_that_fails_rolls_back_the_whole_move(store: Store) -> None:
    tid = await started(store, 7)
    await store.record_move(tid, MoveRecord(0, 0, 101, "r3", 3.0, PLAYER))
    before = await stored_state(store, tid)
    with pytest.raises(Conflict):  # the same seq again: its INSERT fails at the commit's hop
        await store.record_move(
            tid, MoveRecord(0, 1, 102, "r4", 4.0, PLAYER), turn_seat=0, timers=[NewTimer(REMINDER, 60.0, {})]
        )
    assert await stored_state(store, tid) == before
    await store.record_move(tid, MoveRecord(1, 1, 102, "r4", 4.0, PLAYER))  # the store goes on
    assert [m.code for m in await store.move_log(tid)] == ["r3", "r4"]


async def test_an_error_in_the_body_before_any_statement_leaves_nothing(store: Store) -> None:
    tid = await started(store, 7)
    before = await stored_state(store, tid)
    with pytest.raises(RuntimeError):
        async with store._tx() as db:
            await db.write("UPDATE game_tables SET updated_at = ? WHERE id = ?", (42.0, tid))
            raise RuntimeError("the caller changed its mind")
    assert await stored_state(store, tid) == before
    async with store._tx() as db:  # no transaction was left open
        await db.write("UPDATE game_tables SET updated_at = ? WHERE id = ?", (43.0, tid))
    table = await store.get_table(tid)
    assert table is not None and table.updated_at == 43.0
