"""The log of a game that is over, packed into one row on PostgreSQL (bot/store/packed.py): every
row comes back exactly (who, when, undone choices, undo rows), through every read, on both
backends; a database of schema version 4 packs the games already over when it migrates."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import ABANDONED, UNDO, Conflict, GameStore, MoveRecord, SeatRecord, open_store
from bot.store import packed as packed_log
from bot.store.pg_migrations import PG_MIGRATIONS
from bot.store.postgres import PostgresStore
from tests.store.pg_server import PgServer
from tests.store.test_store import new_table, snap

SEATS = [SeatRecord(0, "Ann", 101), SeatRecord(1, "AI 1", None, True)]
# Times as the clock gives them: the packed form must give back the very same doubles.
AT = [1796095123.1234567, 1796095124.9, 1796095201.000001, 1796095202.5, 1796099999.25, 1796100000.0]


def test_pack_round_trip() -> None:
    log = [
        MoveRecord(0, 0, 101, "r5", AT[0], "player", 0, False),
        MoveRecord(1, 1, None, "pass", AT[1], "ai", 1, True),
        MoveRecord(1, 1, 2**62 + 7, "pass", AT[2], UNDO, 2, False),
        MoveRecord(1, 0, 101, "market+C", AT[3], "takeover", 3, False),
        MoveRecord(2, 0, None, "0", AT[4], "auto", 4, False),
    ]
    blob = packed_log.pack(log)
    assert packed_log.unpack(blob) == log and packed_log.unpack(memoryview(blob)) == log
    assert len(blob) < 200


async def play_to_the_end(store: GameStore, end: str = "finished") -> tuple[int, list[MoveRecord]]:
    """A two-seat game with an undo, ended by its last move (or abandoned): its table id and
    its log as read before the end, plus the last move."""
    tid = await new_table(store)
    await store.start_table(tid, seats=SEATS, snapshot=snap(0))
    await store.record_move(tid, MoveRecord(0, 0, 101, "a", AT[0]))
    await store.record_move(tid, MoveRecord(1, 1, None, "b", AT[1]), snapshot=snap(2, report='{"r":2}'))
    await store.record_move(tid, MoveRecord(2, 0, 101, "c", AT[2]))
    await store.record_undos(tid, [(MoveRecord(2, 0, 101, "c", AT[3], UNDO, 3), 2)])
    await store.record_move(tid, MoveRecord(2, 0, 101, "d", AT[4], "takeover", n=4))
    before = await store.move_log(tid)
    last = MoveRecord(3, 1, None, "e", AT[5], "ai", 5)
    if end == "finished":
        await store.record_move(tid, last, finished=True)
    else:
        await store.record_move(tid, last)
        await store.set_status(tid, ABANDONED)
    return tid, [*before, last]


async def log_rows(store: Any, tid: int) -> tuple[int, int]:
    """(rows in `moves`, rows in `move_logs`) of a table, on PostgreSQL."""
    assert isinstance(store, PostgresStore)
    async with store._pool.acquire() as con:
        return (
            await con.fetchval("SELECT COUNT(*) FROM moves WHERE table_id = $1", tid),
            await con.fetchval("SELECT COUNT(*) FROM move_logs WHERE table_id = $1", tid)
            if await con.fetchval("SELECT to_regclass('move_logs')") else 0,  # none before version 5
        )


async def test_a_finished_game_reads_the_same(store_url: str) -> None:
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid, log = await play_to_the_end(store)
        assert await store.move_log(tid) == log
        assert [(m.pos, m.code, m.who, m.undone) for m in log] == [
            (0, "a", "player", False), (1, "b", "ai", False), (2, "c", "player", True),
            (3, "c", UNDO, False), (4, "d", "takeover", False), (5, "e", "ai", False),
        ]  # fmt: skip
        assert [m.code for m in await store.moves(tid)] == ["a", "b", "d", "e"]
        assert [m.code for m in await store.moves(tid, from_seq=2)] == ["d", "e"]
        assert await store.log_size(tid) == 6
        loaded = await store.load_table(tid)
        assert loaded is not None and loaded.snapshot is not None and loaded.snapshot.seq == 2
        assert [m.code for m in loaded.moves] == ["d", "e"] and loaded.log_size == 6
        # the report of snapshot 2 is not posted yet: the finished table is loaded at start-up
        [bulk] = await store.load_active()
        assert bulk.table.id == tid and bulk.moves == loaded.moves and bulk.log_size == 6
        if isinstance(store, PostgresStore):
            assert await log_rows(store, tid) == (0, 1)
            later = MoveRecord(4, 0, 101, "f", AT[5], n=6)  # a new position: only a packed log knows
            with pytest.raises(Conflict, match="packed"):
                await store.record_move(tid, later)
        with pytest.raises(Conflict):  # a position already taken, on both backends
            await store.record_move(tid, MoveRecord(3, 1, None, "e", AT[5], "ai", 5))
        assert await store.move_log(tid) == log
    finally:
        await store.close()


async def test_an_abandoned_game_is_packed_too(store_url: str) -> None:
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid, log = await play_to_the_end(store, ABANDONED)
        assert await store.move_log(tid) == log and await store.log_size(tid) == 6
        if isinstance(store, PostgresStore):
            assert await log_rows(store, tid) == (0, 1)
    finally:
        await store.close()


async def test_migration_5_packs_the_games_already_over(pg_server: PgServer) -> None:
    url = await pg_server.new_database()
    old = await PostgresStore.open(url, migrations=PG_MIGRATIONS[:4])
    try:
        tid, log = await play_to_the_end(old)
        running = await new_table(old, channel=8)
        await old.start_table(running, seats=SEATS, snapshot=snap(0))
        await old.record_move(running, MoveRecord(0, 0, 101, "a", AT[0]))
        assert await log_rows(old, tid) == (6, 0)
    finally:
        await old.close()
    store = await PostgresStore.open(url)
    try:
        assert 5 in store.migrated
        assert await log_rows(store, tid) == (0, 1) and await store.move_log(tid) == log
        assert await log_rows(store, running) == (1, 0)  # a game still running keeps its rows
        await store.record_move(running, MoveRecord(1, 1, None, "b", AT[1]), finished=True)
        assert await log_rows(store, running) == (0, 1)
        assert [m.code for m in await store.moves(running)] == ["a", "b"]
    finally:
        await store.close()
