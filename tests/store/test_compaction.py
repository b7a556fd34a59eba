"""Smaller snapshots (bot/store/codec.py): compressed with a preset dictionary, superseded states
and posted reports left to the log; an old-format database migrates on both backends and its
games replay as before."""

from __future__ import annotations

import os
import random
import sqlite3
import zlib
from pathlib import Path
from typing import Any

import pytest

from bot.games import Manager
from bot.games.turns import Turns
from bot.rules import Game
from bot.store import MIGRATIONS, SCHEMA_VERSION, Store, codec, open_store
from bot.store import rows as store_rows
from bot.store import sql as store_sql
from bot.store.pg_migrations import PG_MIGRATIONS, PG_SCHEMA_VERSION
from bot.store.postgres import PostgresStore
from tests.store.pg_server import PgServer
from tests.store.test_replay import check_table

OPTIONS = {"jeweller": False, "lawyer_pp": 4, "simple_favors": False}


def test_codec_round_trip_and_older_forms() -> None:
    text = '{"waiting":[],"current":[{"kind":"bailiff","text":"The bailiff moves 2 to road 24"}]}'
    blob = codec.compress(text)
    assert blob[1] & 0x20  # names its preset dictionary
    assert codec.decompress(blob) == text and len(blob) < len(zlib.compress(text.encode(), 9))
    assert codec.decompress(memoryview(blob)) == text
    assert codec.decompress(zlib.compress(text.encode(), 6)) == text  # a state before version 5
    assert codec.decompress(text) == text  # a carry or report stored as text before version 5
    assert codec.decompress(text.encode()) == text  # ... and as PostgreSQL's UTF-8 bytes
    assert codec.decompress_opt(None) is None and codec.compress_opt(None) is None
    other = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, b"another dictionary")
    with pytest.raises(ValueError, match="unknown dictionary"):
        codec.decompress(other.compress(text.encode()) + other.flush())


def old_format(monkeypatch: pytest.MonkeyPatch) -> None:
    """The store writes snapshots as it did before: the state in plain zlib, the carry and report
    as text, every state kept."""
    monkeypatch.setattr(
        store_sql, "encode_snapshot", lambda state, carry, report: (zlib.compress(state.encode(), 6), carry, report)
    )
    async def keep_all(db: Any, table_id: int) -> None:
        pass

    monkeypatch.setattr(store_sql, "leave_to_log", keep_all)
    # ... and reads the seats it had then (no standing orders: bot.store.migrations version 7)
    old_seats = store_rows.SEAT_COLUMNS.removesuffix(", orders, resigned")
    monkeypatch.setattr(store_sql, "SEAT_COLUMNS", old_seats)
    monkeypatch.setattr(store_rows, "SEAT_COLUMNS", old_seats)
    # ... nor the tables' community columns (version 8)
    old_tables = store_rows.TABLE_COLUMNS.removesuffix(", turn_seat, challenge")
    monkeypatch.setattr(store_sql, "TABLE_COLUMNS", old_tables)
    monkeypatch.setattr(store_rows, "TABLE_COLUMNS", old_tables)
    # ... and, like the code of that time, applies no obvious choice (the actor 'rule' is newer)
    monkeypatch.setattr(Turns, "obvious", lambda self, t: None)


async def play_tables(manager: Manager, finished: int) -> None:
    """`finished` whole 4-player AI games, one 3-player game stopped mid-way, one open lobby."""
    rng = random.Random(11)
    for channel in range(finished):
        await manager.create_table(
            1, channel, 0, "host", 4, OPTIONS, seed=rng.randrange(10**9), seat_creator=False,
            ai_names=[f"P{i}" for i in range(4)],
        )  # fmt: skip
        await manager.start(channel, 0)
        await manager.advance(channel)
        t = manager.table(channel)
        assert t is not None and t.is_finished
    channel = finished
    await manager.create_table(1, channel, 0, "host", 3, OPTIONS, seed=5, seat_creator=False, ai_names=["A", "B", "C"])
    await manager.start(channel, 0)
    await manager.advance(channel, max_moves=150)
    await manager.create_table(1, channel + 1, 7, "Ann", 3, OPTIONS, seed=6)


async def acknowledge_all_but_last(manager: Manager) -> None:
    """Every table's reports posted, except the last two of the first table (a crash before
    posting): their states must stay."""
    for t in manager.tables():
        seqs = [s.seq for s in await manager.store.unreported(t.id)]
        if not seqs:
            continue
        await manager.store.ack_reports(t.id, seqs[-3] if t.channel_id == 0 else seqs[-1])


async def open_old(url: str) -> Any:
    if url.startswith("postgresql://"):
        return await PostgresStore.open(url, migrations=PG_MIGRATIONS[:2])
    return await Store.open(url, synchronous="NORMAL", migrations=MIGRATIONS[:4])


async def stored(store: Any) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for channel in range(100):
        rec = await store.last_table_in_channel(channel)
        if rec is None:
            break
        out[rec.id] = {
            "table": rec,
            "log": await store.move_log(rec.id),
            "snapshots": await store.snapshots(rec.id),
            "unreported": await store.unreported(rec.id),
        }
    return out


def vacuumed_size(path: Path) -> int:
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("VACUUM")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return os.path.getsize(path)


async def empty_size(path: Path, migrations: list[Any]) -> int:
    """The size of an empty database at the schema of `migrations`."""
    store = await Store.open(path, synchronous="NORMAL", migrations=migrations)
    await store.close()
    return vacuumed_size(path)


async def test_old_database_migrates_and_replays_identically(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres = store_url.startswith("postgresql://")
    old_format(monkeypatch)
    manager = Manager(await open_old(store_url), render=None, autoplay_ai=False)
    try:
        await manager.load()
        await play_tables(manager, finished=2 if postgres else 4)
        await acknowledge_all_but_last(manager)
        before = await stored(manager.store)
        games = {t.channel_id: (t.game.to_json() if t.game else None, t.log_rows) for t in manager.tables()}
    finally:
        await manager.close()
    assert all(s.state is not None for tbl in before.values() for s in tbl["snapshots"])
    old_size = 0 if postgres else vacuumed_size(Path(store_url))
    monkeypatch.undo()

    store = await open_store(store_url, synchronous="NORMAL")  # migrates
    try:
        assert await store.schema_version() == (PG_SCHEMA_VERSION if postgres else SCHEMA_VERSION)
        after = await stored(store)
        assert after.keys() == before.keys()
        thinned = posted = 0
        for table_id, old in before.items():
            new = after[table_id]
            assert new["table"] == old["table"] and new["log"] == old["log"]
            assert new["unreported"] == old["unreported"]  # the reports still to post, states and all
            assert len(new["snapshots"]) == len(old["snapshots"])
            rec = old["table"]
            codes = [m.code for m in await store.moves(table_id)]
            names = [s.name for s in rec.seats]
            opening = new["snapshots"][0].state if new["snapshots"] else None
            options = Game.from_json(opening).state.options if opening else None
            latest = old["snapshots"][-1].seq if old["snapshots"] else -1
            for o, n in zip(old["snapshots"], new["snapshots"], strict=True):
                assert (n.seq, n.round, n.phase, n.at) == (o.seq, o.round, o.phase, o.at)
                if n.seq <= rec.reported_seq and n.seq < latest:  # posted: its words left to the log
                    assert (n.carry, n.report) == ("", None)
                    posted += o.report is not None
                else:
                    assert (n.carry, n.report) == (o.carry, o.report)
                if n.state is None:  # left to the log, which gives it back exactly
                    thinned += 1
                    assert Game.replay(names, rec.seed, options, codes[: n.seq]).to_json() == o.state
                else:
                    assert n.state == o.state
            if old["snapshots"]:
                await check_table(store, table_id)
        assert thinned > 80 and posted > 80
        if postgres:  # the finished games' logs are packed into one row each (version 5)
            async with store._pool.acquire() as con:  # type: ignore[attr-defined]
                assert await con.fetchval("SELECT COUNT(*) FROM move_logs") == 2
    finally:
        await store.close()
    if not postgres:
        new_size = vacuumed_size(Path(store_url))
        # the data shrink, not the pages of the tables added since (empty, one page each)
        schema_growth = await empty_size(Path(store_url).with_name("empty-new.sqlite3"), MIGRATIONS) - (
            await empty_size(Path(store_url).with_name("empty-old.sqlite3"), MIGRATIONS[:4])
        )
        assert (new_size - schema_growth) * 4 < old_size, (old_size, new_size, schema_growth)

    # A manager on the migrated database has every game as it was, and plays on.
    manager = Manager(await open_store(store_url, synchronous="NORMAL"), render=None, autoplay_ai=False)
    try:
        await manager.load()
        loaded = {t.channel_id: (t.game.to_json() if t.game else None, t.log_rows) for t in manager.tables()}
        mid_channel = 2 if postgres else 4
        # the unposted reports' table, the game in progress, the lobby: as they were
        assert loaded.keys() == {0, mid_channel, mid_channel + 1}
        assert loaded == {c: games[c] for c in loaded}
        mid = manager.table(mid_channel)
        assert mid is not None and mid.is_started
        await manager.advance(mid.channel_id, max_moves=40)
        await check_table(manager.store, mid.id)
    finally:
        await manager.close()


async def test_posted_reports_leave_their_states_and_words_to_the_log(store_url: str) -> None:
    manager = Manager(await open_store(store_url, synchronous="NORMAL"), render=None)
    try:
        await manager.load()
        await manager.create_table(1, 1, 0, "host", 4, OPTIONS, seed=3, seat_creator=False, ai_names=["A", "B", "C", "D"])
        await manager.start(1, 0)
        t = manager.table(1)
        assert t is not None and t.is_finished and t.game is not None
        snaps = await manager.store.snapshots(t.id)
        waiting = await manager.store.unreported(t.id)
        assert len(waiting) > 20 and all(s.state is not None for s in waiting)
        await manager.store.ack_reports(t.id, waiting[len(waiting) // 2].seq)
        snaps = await manager.store.snapshots(t.id)
        left = {s.seq for s in await manager.store.unreported(t.id)}
        kept = {s.seq for s in snaps if s.state is not None}
        assert kept == {0, snaps[-1].seq} | left
        # The posted reports' texts and carried events are left to the log too; the others stay.
        worded = {s.seq for s in snaps if s.report is not None}
        assert worded == {snaps[-1].seq} | left
        assert all(s.carry == "" for s in snaps if s.seq not in worded)
        assert all(s.report == w.report and s.carry == w.carry for s in snaps for w in waiting if s.seq == w.seq in left)
        await manager.store.ack_reports(t.id, snaps[-1].seq)
        snaps = await manager.store.snapshots(t.id)
        assert [s.seq for s in snaps if s.state is not None] == [0, snaps[-1].seq]
        assert [s.seq for s in snaps if s.report is not None] == [snaps[-1].seq]  # a restart reads it
        await check_table(manager.store, t.id)
        final = t.game.to_json()
    finally:
        await manager.close()
    manager = Manager(await open_store(store_url, synchronous="NORMAL"), render=None)
    try:
        await manager.load()
        rec = await manager.store.last_table_in_channel(1)
        assert rec is not None
        loaded = await manager.store.load_table(rec.id)
        assert loaded is not None and loaded.snapshot is not None and loaded.snapshot.state == final
    finally:
        await manager.close()


async def test_a_finished_four_player_game_takes_at_most_20_kb(tmp_path: Path) -> None:
    """Measured as the SQLite file grows (after VACUUM), reports posted as the bot posts them;
    `benchmarks/store_size.py` prints the figure (issue 27: at most 20 KB; 35 KB before the
    posted reports were left to the log)."""
    path = tmp_path / "size.sqlite3"
    manager = Manager(await Store.open(path, synchronous="OFF"), render=None)
    await manager.load()
    await manager.close()
    empty = vacuumed_size(path)
    manager = Manager(await Store.open(path, synchronous="OFF"), render=None)
    try:
        await manager.load()
        rng = random.Random(4)
        games = 6
        for channel in range(games):
            await manager.create_table(
                1, channel, 0, "host", 4, OPTIONS, seed=rng.randrange(10**9), seat_creator=False,
                ai_names=[f"Player{i}" for i in range(4)],
            )  # fmt: skip
            await manager.start(channel, 0)
            t = manager.table(channel)
            assert t is not None and t.is_finished
            await manager.store.ack_reports(t.id, 10**9)
    finally:
        await manager.close()
    per_game = (vacuumed_size(path) - empty) / games
    assert per_game <= 20_000, per_game



async def postgres_bytes(url: str) -> int:
    """The store's tables with their keys and TOAST, after VACUUM FULL."""
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        tables = [r[0] for r in await con.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        await con.execute(f"VACUUM FULL {', '.join(tables)}")
        return int(await con.fetchval(
            "SELECT SUM(pg_total_relation_size(format('%I', tablename))) FROM pg_tables WHERE schemaname = 'public'"
        ))  # fmt: skip
    finally:
        await con.close()


async def test_a_finished_four_player_game_takes_at_most_20_kb_on_postgresql(pg_server: PgServer) -> None:
    """As on SQLite; the finished games' logs are packed (bot/store/packed.py)."""
    url = await pg_server.new_database()
    await (await open_store(url)).close()
    empty = await postgres_bytes(url)
    manager = Manager(await open_store(url), render=None)
    try:
        await manager.load()
        rng = random.Random(4)
        games = 20  # a page (8 KB) over fewer games would weigh too much in the figure
        for channel in range(games):
            await manager.create_table(
                1, channel, 0, "host", 4, OPTIONS, seed=rng.randrange(10**9), seat_creator=False,
                ai_names=[f"Player{i}" for i in range(4)],
            )  # fmt: skip
            await manager.start(channel, 0)
            t = manager.table(channel)
            assert t is not None and t.is_finished
            await manager.store.ack_reports(t.id, 10**9)
    finally:
        await manager.close()
    per_game = (await postgres_bytes(url) - empty) / games
    assert per_game <= 20_000, per_game
