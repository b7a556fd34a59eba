"""Start-up time and memory with many stored games, on SQLite or PostgreSQL.

    python benchmarks/store_load.py [--tables 1000,10000] [--shards 2] [--templates 50]
                                    [--database-url postgresql://…] [--repeat 3]

Plays `--templates` games with AI seats (2-5 players, random options) to random points through
the manager and the store, copies their rows until the database holds each `--tables` count of
started tables (guild ids spread evenly over `--shards` shards), then, for each count, starts
fresh processes that open the store and load it: once owning every shard, and (with
`--shards N`, N > 1) once owning half of them, as one of N/2 processes would. Each start is
measured in its own child process: `open` (connect, migrate), `load_active` (the store's six
queries) and `manager_load` (the manager's whole start-up: tables rebuilt from their latest
snapshot and the moves after it, i.e. until commands work again), and the memory the loaded
tables take (RSS after minus before, and the peak RSS).

Without `--database-url` the database is a temporary SQLite file. With a postgresql:// URL the
games are built in a temporary SQLite file and copied there by `migrate-db`
(bot/store/transfer.py); the store's tables in that database are DROPPED first: give it a
database of its own. Budget (docs/benchmarks.md): 10,000 stored tables of which a process owns
half, ready in <= 3 s on either backend. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import Manager  # noqa: E402
from bot.store import ShardFilter, is_postgres_url, open_store  # noqa: E402
from bot.store.transfer import transfer  # noqa: E402

STORE_TABLES = ("timers", "snapshots", "moves", "seats", "game_tables", "bot_meta", "store_schema")


async def build_templates(path: Path, templates: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    manager = await Manager.open(path, synchronous="OFF", render=None, autoplay_ai=False)
    ids: list[int] = []
    try:
        for channel in range(templates):
            players = 2 + channel % 4
            options = {
                "jeweller": rng.random() < 0.5,
                "lawyer_pp": rng.choice((3, 4)),
                "simple_favors": False,
            }
            table = await manager.create_table(
                1, channel, 0, "host", players, options,
                seed=rng.randrange(10**9), seat_creator=False, ai_names=[f"P{i}" for i in range(players)],
            )  # fmt: skip
            await manager.start(channel, 0)
            await manager.advance(channel, max_moves=rng.randrange(1, 140))
            if table.is_started:
                ids.append(table.id)
            elif not table.is_finished:  # a finished game has left its channel already
                await manager.abandon(channel, 0)
    finally:
        await manager.close()
    return ids


def copy_tables(path: Path, templates: list[int], total: int) -> None:
    """Copies of the template tables until `total` started tables; guild id = table id << 22,
    so that table k is on shard k % N of any N."""
    con = sqlite3.connect(path)
    con.execute("PRAGMA synchronous=OFF")
    next_id = con.execute("SELECT MAX(id) FROM game_tables").fetchone()[0] + 1
    channel = 10_000
    with con:
        con.execute("UPDATE game_tables SET guild_id = id << 22")
        for k in range(total - len(templates)):
            src = templates[k % len(templates)]
            new = next_id + k
            channel += 1
            con.execute(
                "INSERT INTO game_tables (id, guild_id, channel_id, creator_id, max_seats, options, seed,"
                " status, created_at, updated_at, started_at, finished_at, reported_seq, settings)"
                " SELECT ?, ? << 22, ?, creator_id, max_seats, options, seed, status, created_at,"
                " updated_at, started_at, finished_at, reported_seq, settings FROM game_tables WHERE id = ?",
                (new, new, channel, src),
            )
            for table in ("seats", "moves", "snapshots"):
                cols = [
                    r[1] for r in con.execute(f"PRAGMA table_info({table})") if r[1] != "table_id"
                ]
                col_list = ", ".join(cols)
                con.execute(
                    f"INSERT INTO {table} (table_id, {col_list}) SELECT ?, {col_list} FROM {table} WHERE table_id = ?",
                    (new, src),
                )
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


async def reset_postgres(url: str) -> None:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        await con.execute(f"DROP TABLE IF EXISTS {', '.join(STORE_TABLES)} CASCADE")
    finally:
        await con.close()


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


async def measure(url: str, shard_count: int, shard_ids: list[int]) -> dict[str, Any]:
    """One start-up, in this (fresh) process."""
    shards = ShardFilter(shard_count, shard_ids) if shard_count > 1 else None
    before = rss_mb()
    t0 = time.perf_counter()
    store = await open_store(url, shards=shards, max_size=4)
    t1 = time.perf_counter()
    stored = await store.load_active()
    t2 = time.perf_counter()
    n_stored = len(stored)
    del stored
    manager = Manager(store, render=None)  # type: ignore[arg-type]
    t3 = time.perf_counter()
    loaded = await manager.load()
    t4 = time.perf_counter()
    after = rss_mb()
    await manager.close()
    return {
        "open_s": t1 - t0, "load_active_s": t2 - t1, "manager_load_s": t4 - t3,
        "startup_s": (t1 - t0) + (t4 - t3), "tables_loaded": loaded, "stored_loaded": n_stored,
        "rss_delta_mb": after - before, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }  # fmt: skip


def measure_in_child(
    url: str, shard_count: int, shard_ids: list[int], repeat: int
) -> dict[str, Any]:
    runs = []
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, __file__, "--measure", url, "--shards", str(shard_count),
             "--shard-ids", ",".join(map(str, shard_ids))],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    best: dict[str, Any] = {k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]}
    best["startup_s_max"] = round(max(r["startup_s"] for r in runs), 3)
    return best


async def build(url: str, tmp: Path, tables: int, templates: int, seed: int) -> dict[str, Any]:
    path = tmp / f"load-{tables}.sqlite3"
    t0 = time.perf_counter()
    ids = await build_templates(path, templates, seed)
    copy_tables(path, ids, tables)
    con = sqlite3.connect(path)
    started = con.execute("SELECT COUNT(*) FROM game_tables WHERE status = 'started'").fetchone()[0]
    moves = con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    snaps = con.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0]
    con.close()
    size_mb = path.stat().st_size / 2**20
    if is_postgres_url(url):
        await reset_postgres(url)
        await transfer(path, url, say=lambda _: None)
        target = url
    else:
        target = str(path)
    return {"url": target, "started": started, "moves": moves, "snapshots": snaps,
            "sqlite_mb": round(size_mb, 1), "build_s": round(time.perf_counter() - t0, 1)}  # fmt: skip


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", default="1000,10000", help="comma-separated table counts")
    parser.add_argument("--templates", type=int, default=50)
    parser.add_argument("--shards", type=int, default=2, help="shards the guilds are spread over")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--repeat", type=int, default=3, help="start-ups measured per case (median)"
    )
    parser.add_argument(
        "--database-url", default=None, help="postgresql://… (default: a temporary SQLite file)"
    )
    parser.add_argument("--measure", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--shard-ids", default="0", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.measure:  # the child: one start-up
        ids = [int(x) for x in args.shard_ids.split(",")]
        print(json.dumps(await measure(args.measure, args.shards, ids)))
        return

    backend = "postgresql" if args.database_url and is_postgres_url(args.database_url) else "sqlite"
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for count in [int(x) for x in args.tables.split(",")]:
            db = await build(args.database_url or "", Path(tmp), count, args.templates, args.seed)
            print(f"{backend}: built {db['started']} started tables ({db['moves']} moves,"
                  f" {db['snapshots']} snapshots, SQLite file {db['sqlite_mb']} MB) in {db['build_s']} s")  # fmt: skip
            cases = [("all shards", 1, [0])]  # one process, no filter
            if args.shards > 1:
                cases.append(("half the shards", args.shards, list(range(0, args.shards, 2))))
            for label, n, ids in cases:
                m = measure_in_child(db["url"], n, ids, args.repeat)
                print(
                    f"  {count} tables, {label}: {m['tables_loaded']} loaded; open {m['open_s'] * 1000:.0f} ms,"
                    f" load_active {m['load_active_s'] * 1000:.0f} ms, manager load {m['manager_load_s'] * 1000:.0f} ms,"
                    f" start-up {m['startup_s']:.2f} s (max {m['startup_s_max']:.2f}); memory +{m['rss_delta_mb']:.0f} MB"
                    f" (peak RSS {m['peak_rss_mb']:.0f} MB)"
                )  # fmt: skip
                results.append({"tables": count, "case": label, "moves_in_db": db["moves"], **m})
    print(
        json.dumps(
            {"benchmark": "store_load", "backend": backend, "budget_s": 3.0, "results": results}
        )
    )


if __name__ == "__main__":
    asyncio.run(main())
