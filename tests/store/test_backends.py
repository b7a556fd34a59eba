"""What both backends must guarantee alike: one transaction per move, the shard filter, the
store's own errors; and PostgreSQL's migrations under an advisory lock."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.store import (
    DEADLINE,
    FINISHED,
    REMINDER,
    STARTED,
    Conflict,
    GameStore,
    MoveRecord,
    NewTimer,
    SchemaTooNew,
    SeatRecord,
    ShardFilter,
    SnapshotRecord,
    Store,
    StoreError,
    open_store,
    parse_shard_ids,
    shard_of,
)
from bot.store.migrations import Migration
from bot.store.pg_migrations import PG_MIGRATIONS, PG_SCHEMA_VERSION
from bot.store.postgres import PostgresStore
from tests.store.pg_server import PgServer


def snap(seq: int, report: str | None = None) -> SnapshotRecord:
    return SnapshotRecord(seq=seq, round=1, phase=2, state=f'{{"s":{seq}}}', carry="{}", report=report, at=1.0)


def guild_on(shard: int, count: int, k: int = 0) -> int:
    """A realistic guild id on `shard` of `count` (snowflake: time << 22)."""
    return ((1_200_000_000_000 + shard + count * k) << 22) | 12345


async def started(store: GameStore, channel: int, guild: int = 1) -> int:
    seats = [SeatRecord(0, "Ann", 101), SeatRecord(1, "Bob", 102)]
    rec = await store.create_table(
        guild_id=guild, channel_id=channel, creator_id=101, max_seats=2, options={}, seed=5,
        seats=seats, now=1.0,
    )  # fmt: skip
    await store.start_table(
        rec.id, seats=seats, snapshot=snap(0), now=2.0, timers=[NewTimer(DEADLINE, 100.0 + channel, {"seq": 0})]
    )
    return rec.id


async def stored_state(store: GameStore, tid: int) -> tuple[object, ...]:
    """Everything stored of a table: its log, snapshots, seats (with their orders), status,
    last change and timers."""
    t = await store.get_table(tid)
    assert t is not None
    timers = [(x.kind, x.due_at, x.payload) for x in await store.timers_for(tid)]
    return (
        await store.move_log(tid), await store.snapshots(tid), t.seats, t.status, t.updated_at, timers,
    )  # fmt: skip


async def test_both_stores_are_game_stores(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        assert isinstance(store, GameStore)
        assert isinstance(store, PostgresStore if store_url.startswith("postgresql://") else Store)
    finally:
        await store.close()


async def test_a_failure_mid_commit_leaves_nothing(store_url: str) -> None:
    """A move, its snapshot, the seat states, the timers and the table's status are one
    transaction: a failure after some of them were written leaves none of them."""
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await started(store, 7)
        await store.record_move(tid, MoveRecord(0, 0, 101, "a", 3.0))

        before = await stored_state(store, tid)
        absent = SeatRecord(1, "Bob", 102, missed_in_row=2, ai_takeover=True)
        # 1. Python fails after the move row, the snapshot and the seat states were written
        #    (a timer payload that is not JSON): nothing of it stays.
        with pytest.raises(TypeError):
            await store.record_move(
                tid, MoveRecord(1, 1, 102, "b", 4.0), snapshot=snap(2, report="{}"), finished=True,
                seat_states=[absent], clear_timers=(DEADLINE,), timers=[NewTimer(REMINDER, 9.0, {"x": object()})],
            )  # fmt: skip
        assert await stored_state(store, tid) == before
        # 2. The database refuses the last statement (a timer without a kind violates NOT NULL).
        with pytest.raises(Conflict):
            await store.record_move(
                tid, MoveRecord(1, 1, 102, "b", 4.0), snapshot=snap(2), seat_states=[absent],
                clear_timers=(DEADLINE,), timers=[NewTimer(None, 9.0)],  # type: ignore[arg-type]
            )  # fmt: skip
        assert await stored_state(store, tid) == before
        # 3. An undo that fails on its timers leaves the undone flag unset.
        with pytest.raises(TypeError):
            await store.record_undos(
                tid, [(MoveRecord(0, 0, 101, "a", 5.0, "undo", 1), 0)],
                timers=[NewTimer(REMINDER, 9.0, {"x": object()})],
            )  # fmt: skip
        assert await stored_state(store, tid) == before
        # The same move goes through once nothing is wrong with it.
        await store.record_move(
            tid, MoveRecord(1, 1, 102, "b", 4.0), snapshot=snap(2), finished=True, seat_states=[absent]
        )
        t = await store.get_table(tid)
        assert t is not None and t.status == FINISHED and t.seats[1].ai_takeover
        assert [m.code for m in await store.moves(tid)] == ["a", "b"] and await store.timers_for(tid) == []
    finally:
        await store.close()


async def test_the_shard_filter(store_url: str) -> None:
    """load_active, due_timers and next_timer_due see only the tables of the owned shards'
    guilds, by `(guild_id >> 22) % shard_count`, evaluated in SQL."""
    count = 4
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        by_shard: dict[int, list[int]] = {s: [] for s in range(count)}
        channel = 0
        for shard in range(count):
            for k in range(3):
                channel += 1
                guild = guild_on(shard, count, k)
                assert shard_of(guild, count) == shard
                by_shard[shard].append(await started(store, channel, guild))
        mine = ShardFilter(count, "1-2")
        assert mine.shard_ids == {1, 2} and ShardFilter(count, [0, 3]).shard_ids == {0, 3}
        ids = {st.table.id for st in await store.load_active(shards=mine)}
        assert ids == set(by_shard[1] + by_shard[2])
        assert {st.table.id for st in await store.load_active()} == {i for v in by_shard.values() for i in v}
        due = await store.due_timers(1000.0, shards=mine)
        assert {t.table_id for t in due} == ids and len(due) == 6
        first = min(t.due_at for t in due)
        assert await store.next_timer_due(shards=mine) == first
        assert await store.next_timer_due(shards=ShardFilter(count, {0})) == 101.0
        assert await store.next_timer_due() == 101.0
        everything = ShardFilter(count, range(count))
        assert len(await store.load_active(shards=everything)) == 12
        assert await store.due_timers(1000.0, shards=ShardFilter(1, {0}), limit=500) == await store.due_timers(1000.0, limit=500)
    finally:
        await store.close()
    # A store opened for some shards uses them by default.
    store = await open_store(store_url, shards=ShardFilter(count, {3}))
    try:
        assert {st.table.id for st in await store.load_active()} == set(by_shard[3])
        assert {t.table_id for t in await store.due_timers(1000.0)} == set(by_shard[3])
        assert await store.next_timer_due() == 100.0 + 10
        # an explicit filter wins over the store's
        assert {st.table.id for st in await store.load_active(shards=ShardFilter(count, {0}))} == set(by_shard[0])
    finally:
        await store.close()


def test_shard_ids_are_parsed_and_checked() -> None:
    assert parse_shard_ids("0-3") == {0, 1, 2, 3} and parse_shard_ids("0, 2,5-6") == {0, 2, 5, 6}
    for bad in ("", "3-1", "x"):
        with pytest.raises(ValueError):
            parse_shard_ids(bad)
    with pytest.raises(ValueError):
        ShardFilter(2, {2})
    with pytest.raises(ValueError):
        ShardFilter(0, {0})
    assert ShardFilter(2, {0, 1}).sql() == "1 = 1"
    assert ShardFilter(4, "1").owns(guild_on(1, 4)) and not ShardFilter(4, "1").owns(guild_on(2, 4))


async def test_driver_errors_leave_as_store_errors(store_url: str, tmp_path: Path) -> None:
    store = await open_store(store_url)
    try:
        tid = await started(store, 7)
        await store.record_move(tid, MoveRecord(0, 0, 101, "a", 3.0))
        with pytest.raises(Conflict) as info:
            await store.record_move(tid, MoveRecord(0, 0, 101, "a", 3.0))
        assert isinstance(info.value, StoreError) and info.value.__cause__ is not None
        if isinstance(store, Store):  # the transition: SQLite's errors are sqlite3 errors too
            assert isinstance(info.value, sqlite3.IntegrityError)
    finally:
        await store.close()
    garbage = tmp_path / "not-a-database.sqlite3"
    garbage.write_bytes(b"this is not an SQLite file" * 100)
    with pytest.raises(StoreError, match="not-a-database"):
        await open_store(garbage)


async def test_sqlite_errors_still_catchable_as_sqlite3_errors(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    try:
        with pytest.raises(sqlite3.Error) as info:
            await store._fetchall("SELECT nothing FROM nowhere")
        assert isinstance(info.value, StoreError)
    finally:
        await store.close()


# ----- PostgreSQL only ----------------------------------------------------------------------


async def test_an_unreachable_postgresql_is_a_store_error(pg_server: PgServer) -> None:
    url = f"postgresql://postgres@/nothing?host={pg_server.root}&port={pg_server.port}"
    with pytest.raises(StoreError, match="cannot connect"):
        await PostgresStore.open(url, connect_timeout=5)


async def test_two_processes_starting_together_migrate_once(pg_server: PgServer) -> None:
    url = await pg_server.new_database("mig")
    # A slow second migration makes the two starts overlap for sure.
    slow = [*PG_MIGRATIONS, Migration(PG_SCHEMA_VERSION + 1, "slow", "SELECT pg_sleep(0.5); CREATE TABLE extra (x INTEGER);")]
    a, b = await asyncio.gather(
        PostgresStore.open(url, migrations=slow), PostgresStore.open(url, migrations=slow)
    )
    try:
        assert sorted(a.migrated + b.migrated) == [m.version for m in slow]
        assert not a.migrated or not b.migrated  # one of them did it all, the other nothing
        assert await a.schema_version() == await b.schema_version() == PG_SCHEMA_VERSION + 1
    finally:
        await a.close()
        await b.close()
    con = await asyncpg.connect(url)
    try:
        assert await con.fetchval("SELECT COUNT(*) FROM store_schema") == len(slow)
    finally:
        await con.close()
    # Five more starting together find nothing to do.
    more = await asyncio.gather(*(PostgresStore.open(url, migrations=slow, max_size=2) for _ in range(5)))
    assert all(s.migrated == [] for s in more)
    for s in more:
        await s.close()


async def test_a_newer_postgresql_schema_is_not_touched(pg_server: PgServer) -> None:
    url = await pg_server.new_database("new")
    store = await PostgresStore.open(url)
    await store.close()
    con = await asyncpg.connect(url)
    await con.execute("INSERT INTO store_schema (version, title) VALUES ($1, 'future')", PG_SCHEMA_VERSION + 1)
    await con.close()
    with pytest.raises(SchemaTooNew):
        await PostgresStore.open(url)


async def test_pool_settings_and_concurrent_moves(pg_server: PgServer) -> None:
    """The pool's size is a parameter; moves of many tables commit in parallel, each whole."""
    url = await pg_server.new_database("pool")
    store = await PostgresStore.open(url, min_size=2, max_size=4)
    try:
        assert store._pool.get_min_size() == 2 and store._pool.get_max_size() == 4
        tables = [await started(store, c) for c in range(1, 11)]

        async def play(tid: int) -> None:
            for seq in range(20):
                await store.record_move(
                    tid, MoveRecord(seq, seq % 2, 101 + seq % 2, f"m{seq}", 10.0 + seq),
                    snapshot=snap(seq + 1) if seq % 5 == 4 else None,
                    clear_timers=(DEADLINE,), timers=[NewTimer(DEADLINE, 50.0 + seq, {"seq": seq + 1})],
                )  # fmt: skip

        await asyncio.gather(*(play(t) for t in tables))
        for st in await store.load_active():
            assert st.table.status == STARTED and st.log_size == 20 and st.snapshot is not None
            assert st.snapshot.seq == 20 and st.moves == [] and [t.payload for t in st.timers] == [{"seq": 20}]
    finally:
        await store.close()


CHILD = """
import asyncio, json, sys
from bot.store.migrations import Migration
from bot.store.pg_migrations import PG_MIGRATIONS, PG_SCHEMA_VERSION
from bot.store.postgres import PostgresStore
slow = [*PG_MIGRATIONS, Migration(PG_SCHEMA_VERSION + 1, "slow", "SELECT pg_sleep(0.5); CREATE TABLE extra (x INTEGER);")]
async def main():
    store = await PostgresStore.open(sys.argv[1], migrations=slow)
    print(json.dumps(store.migrated))
    await store.close()
asyncio.run(main())
"""


async def test_two_os_processes_starting_together_migrate_once(pg_server: PgServer) -> None:
    import json
    import sys

    url = await pg_server.new_database("mig2")
    root = Path(__file__).resolve().parents[2]
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", CHILD, url, cwd=root, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        for _ in range(2)
    ]
    try:
        outs = [await asyncio.wait_for(p.communicate(), 120) for p in procs]
    finally:
        for p in procs:
            if p.returncode is None:  # a failure above (or pytest-timeout): none left behind
                p.kill()
                await p.wait()
    assert all(p.returncode == 0 for p in procs), [e.decode() for _, e in outs]
    applied = [json.loads(o.decode().strip().splitlines()[-1]) for o, _ in outs]
    assert sorted(applied[0] + applied[1]) == [*(m.version for m in PG_MIGRATIONS), PG_SCHEMA_VERSION + 1]
    assert [] in applied
