"""Start-up time with many stored games: `manager.load()` over 1,000 tables in mid-game.

    python benchmarks/store_load.py [--tables 1000] [--templates 50] [--db PATH]

Plays `--templates` games with AI seats (2-5 players, random options) to random points through
the manager and the store, copies their rows (tables, seats, moves, snapshots) until the file
holds `--tables` started tables, then opens a fresh manager and times `Manager.open` and
`manager.load()` (latest snapshot + the moves after it, per table). Budget: 1,000 tables ready
in <= 3 s. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import Manager  # noqa: E402


async def build_templates(path: Path, templates: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    manager = await Manager.open(path, synchronous="OFF", render=None, autoplay_ai=False)
    ids: list[int] = []
    try:
        for channel in range(templates):
            players = 2 + channel % 4
            options = {"jeweller": rng.random() < 0.5, "lawyer_pp": rng.choice((3, 4)), "simple_favors": False}
            table = await manager.create_table(
                1, channel, 0, "host", players, options,
                seed=rng.randrange(10**9), seat_creator=False, ai_names=[f"P{i}" for i in range(players)],
            )  # fmt: skip
            await manager.start(channel, 0)
            await manager.advance(channel, max_moves=rng.randrange(1, 140))
            if table.is_started:
                ids.append(table.id)
            else:
                await manager.abandon(channel, 0)
    finally:
        await manager.close()
    return ids


def copy_tables(path: Path, templates: list[int], total: int) -> None:
    con = sqlite3.connect(path)
    con.execute("PRAGMA synchronous=OFF")
    next_id = con.execute("SELECT MAX(id) FROM game_tables").fetchone()[0] + 1
    channel = 10_000
    with con:
        for k in range(total - len(templates)):
            src = templates[k % len(templates)]
            new = next_id + k
            channel += 1
            con.execute(
                "INSERT INTO game_tables (id, guild_id, channel_id, creator_id, max_seats, options, seed,"
                " status, created_at, updated_at, started_at, finished_at, reported_seq)"
                " SELECT ?, guild_id, ?, creator_id, max_seats, options, seed, status, created_at,"
                " updated_at, started_at, finished_at, reported_seq FROM game_tables WHERE id = ?",
                (new, channel, src),
            )
            for table in ("seats", "moves", "snapshots"):
                cols = [r[1] for r in con.execute(f"PRAGMA table_info({table})") if r[1] != "table_id"]
                col_list = ", ".join(cols)
                con.execute(
                    f"INSERT INTO {table} (table_id, {col_list}) SELECT ?, {col_list} FROM {table} WHERE table_id = ?",
                    (new, src),
                )
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


async def time_load(path: Path) -> tuple[float, float, int, int]:
    t0 = time.perf_counter()
    manager = await Manager.open(path, render=None)
    t1 = time.perf_counter()
    loaded = await manager.load()
    t2 = time.perf_counter()
    waiting = len([t for t in manager.tables() if t.pending is not None])
    await manager.close()
    return t1 - t0, t2 - t1, loaded, waiting


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--templates", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="time the load this many times")
    parser.add_argument("--db", type=Path, default=None, help="default: a temporary file")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or Path(tmp) / "load.sqlite3"
        if path.exists():
            path.unlink()
        t0 = time.perf_counter()
        templates = await build_templates(path, args.templates, args.seed)
        copy_tables(path, templates, args.tables)
        build_s = time.perf_counter() - t0
        con = sqlite3.connect(path)
        started = con.execute("SELECT COUNT(*) FROM game_tables WHERE status = 'started'").fetchone()[0]
        moves = con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        con.close()
        size_mb = path.stat().st_size / 2**20
        runs = [await time_load(path) for _ in range(args.repeat)]
        loads = [r[1] for r in runs]
        opens = [r[0] for r in runs]
        print(f"built {started} started tables ({moves} moves, {size_mb:.1f} MB) in {build_s:.1f} s")
        for i, (o, ld, n, w) in enumerate(runs, 1):
            print(f"run {i}: open {o * 1000:.0f} ms, load {ld * 1000:.0f} ms, {n} tables, {w} waiting")
        print(
            json.dumps(
                {
                    "benchmark": "store_load",
                    "tables": runs[0][2],
                    "moves_in_db": moves,
                    "db_mb": round(size_mb, 1),
                    "open_s": round(statistics.median(opens), 3),
                    "load_s_median": round(statistics.median(loads), 3),
                    "load_s_max": round(max(loads), 3),
                    "budget_s": 3.0,
                }
            )
        )


if __name__ == "__main__":
    asyncio.run(main())
