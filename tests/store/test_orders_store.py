"""The seats' standing orders, queues and declarations (`seats.orders`) and the actors of the
moves they made, on both backends: written alone, with a move or an undo in its transaction,
read back by every load; a database of the previous schema migrates to them."""

from __future__ import annotations

import pytest

from bot.store import (
    ACTORS,
    DECLARED,
    MIGRATIONS,
    ORDER,
    QUEUE,
    UNDO,
    Conflict,
    MoveRecord,
    SeatRecord,
    Store,
    open_store,
)
from tests.store.test_backends import snap, started


async def orders_of(store: object, table_id: int) -> dict[int, str | None]:
    return {s.seat: s.orders for s in await store.seats(table_id)}  # type: ignore[attr-defined]


async def test_orders_written_alone_with_a_move_and_with_an_undo(store_url: str) -> None:
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await started(store, 7)
        assert await orders_of(store, tid) == {0: None, 1: None}
        await store.set_orders(tid, 1, '{"queue":["r8","pass"]}', now=3.0)
        assert await orders_of(store, tid) == {0: None, 1: '{"queue":["r8","pass"]}'}
        # the queued move and the queue it leaves: one transaction
        await store.record_move(
            tid, MoveRecord(0, 1, None, "r8", 4.0, QUEUE), orders=[(1, '{"queue":["pass"]}')]
        )
        assert await orders_of(store, tid) == {0: None, 1: '{"queue":["pass"]}'}
        for n, actor in enumerate((ORDER, DECLARED), start=1):
            await store.record_move(tid, MoveRecord(n, 0, None, "0", 5.0, actor))
        assert [m.who for m in await store.move_log(tid)] == [QUEUE, ORDER, DECLARED]
        # an undo empties the queues in its own transaction
        await store.record_move(tid, MoveRecord(3, 0, 101, "gate", 6.0), snapshot=None)
        await store.record_undos(
            tid, [(MoveRecord(3, 0, 101, "gate", 7.0, UNDO, 4), 3)], orders=[(1, None)]
        )
        assert await orders_of(store, tid) == {0: None, 1: None}
        await store.set_orders(tid, 0, '{"castle":true}')
        [loaded] = [t for t in await store.load_active() if t.table.id == tid]
        assert [s.orders for s in loaded.table.seats] == ['{"castle":true}', None]
        one = await store.load_table(tid)
        assert one is not None and [s.orders for s in one.table.seats] == ['{"castle":true}', None]
    finally:
        await store.close()


async def test_a_failed_move_leaves_the_orders_as_they_were(store_url: str) -> None:
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await started(store, 8)
        await store.set_orders(tid, 1, '{"queue":["r8"]}')
        await store.record_move(tid, MoveRecord(0, 0, 101, "gate", 3.0))
        with pytest.raises(Conflict):  # the same log position twice: nothing written
            await store.record_move(tid, MoveRecord(0, 1, None, "r8", 4.0, QUEUE), orders=[(1, None)])
        assert await orders_of(store, tid) == {0: None, 1: '{"queue":["r8"]}'}
    finally:
        await store.close()


def test_actors_of_orders_are_stored_actors() -> None:
    assert {ORDER, QUEUE, DECLARED} <= set(ACTORS) and ACTORS[-1] == UNDO


async def test_a_version_6_database_migrates_to_orders(tmp_path: object) -> None:
    path = tmp_path / "db.sqlite3"  # type: ignore[operator]
    old = await Store.open(path, synchronous="NORMAL", migrations=MIGRATIONS[:6])
    try:
        assert await old.schema_version() == 6
        seats = [SeatRecord(0, "Ann", 101), SeatRecord(1, "Bob", 102)]
        rec = await old.create_table(
            guild_id=1, channel_id=5, creator_id=101, max_seats=2, options={}, seed=5, seats=seats, now=1.0
        )  # fmt: skip
        await old.start_table(rec.id, seats=seats, snapshot=snap(0), now=2.0)
        await old.record_move(rec.id, MoveRecord(0, 0, 101, "gate", 3.0))  # as it was written then
    finally:
        await old.close()
    store = await Store.open(path, synchronous="NORMAL")
    try:
        assert await store.schema_version() == MIGRATIONS[-1].version
        assert [(m.code, m.who) for m in await store.move_log(rec.id)] == [("gate", "player")]
        await store.record_move(rec.id, MoveRecord(1, 1, None, "pass", 4.0, QUEUE), orders=[(1, None)])
        await store.set_orders(rec.id, 0, '{"provost":"stay"}')
        assert await orders_of(store, rec.id) == {0: '{"provost":"stay"}', 1: None}
    finally:
        await store.close()
