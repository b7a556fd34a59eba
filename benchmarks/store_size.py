"""Bytes a finished game takes in the database.

    python benchmarks/store_size.py [--games 20] [--players 4] [--database-url postgresql://…]

Plays `--games` whole games of `--players` AI seats through the manager into a fresh SQLite file
(or, with a postgresql:// URL, a database of its own: the store's tables and functions are
DROPPED first), acknowledging each game's phase reports as the bot does once it has posted them.
Prints the bytes per finished game: on SQLite the growth of the file after VACUUM (the empty
schema's pages subtracted) and, where SQLite has the dbstat table, the pages of each table and
index; on PostgreSQL `pg_total_relation_size` of the store's tables (with their keys and TOAST)
after VACUUM FULL, the empty schema's subtracted. The last line
printed is one JSON object. Target (issue 15 item 8): <= 40 KB per finished 4-player game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import Manager  # noqa: E402
from bot.store import is_postgres_url, open_store  # noqa: E402

STORE_FUNCTIONS = ("moves_after_the_log_is_packed()",)  # PostgreSQL schema version 5
STORE_TABLES = (
    "timers", "snapshots", "moves", "move_logs", "posted_reports", "bot_meta", "seats", "game_tables", "store_schema",
    "results", "rating_history", "ratings", "player_prefs", "watchers", "guild_settings",  # issue 25's (a result per game)
)  # fmt: skip


async def play(url: str, games: int, players: int, seed: int) -> None:
    manager = Manager(await open_store(url, synchronous="OFF"), render=None)  # type: ignore[arg-type]
    rng = random.Random(seed)
    try:
        await manager.load()
        for channel in range(games):
            await manager.create_table(
                1, channel, 0, "host", players, {"jeweller": False, "lawyer_pp": 4, "simple_favors": False},
                seed=rng.randrange(10**9), seat_creator=False, ai_names=[f"Player{i}" for i in range(players)],
            )  # fmt: skip
            await manager.start(channel, 0)  # the AI seats play the whole game
            t = manager.table(channel)
            assert t is not None and t.is_finished
            await manager.store.ack_reports(t.id, 10**9)  # posted, as the bot's publisher would
    finally:
        await manager.close()


def sqlite_size(path: Path) -> tuple[int, dict[str, int]]:
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.execute("VACUUM")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try:
            pages = {
                name: int(size)
                for name, size in con.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name")
            }
        except sqlite3.OperationalError:  # SQLite built without dbstat
            pages = {}
    finally:
        con.close()
    return os.path.getsize(path), pages


async def postgres_size(url: str) -> dict[str, int]:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        out = {}
        for table in STORE_TABLES:
            if await con.fetchval("SELECT to_regclass($1)", table) is None:  # an older schema
                continue
            await con.execute(f"VACUUM FULL {table}")
            out[table] = int(await con.fetchval("SELECT pg_total_relation_size($1)", table))
        return out
    finally:
        await con.close()


async def reset_postgres(url: str) -> None:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        await con.execute(f"DROP TABLE IF EXISTS {', '.join(STORE_TABLES)} CASCADE")
        await con.execute(f"DROP FUNCTION IF EXISTS {', '.join(STORE_FUNCTIONS)} CASCADE")
    finally:
        await con.close()


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url", default=None, help="postgresql://… (default: a temporary SQLite file)"
    )
    args = parser.parse_args()
    result: dict[str, Any] = {
        "benchmark": "store_size",
        "games": args.games,
        "players": args.players,
    }
    if args.database_url and is_postgres_url(args.database_url):
        url = args.database_url
        await reset_postgres(url)
        empty = await postgres_size_after_open(url)
        await play(url, args.games, args.players, args.seed)
        sizes = await postgres_size(url)
        per_game = (sum(sizes.values()) - sum(empty.values())) / args.games
        result |= {"backend": "postgresql", "bytes_per_game": round(per_game), "relations": sizes}
    else:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "size.sqlite3"
            store = await open_store(str(path))
            await store.close()
            empty, _ = sqlite_size(path)
            await play(str(path), args.games, args.players, args.seed)
            size, pages = sqlite_size(path)
            per_game = (size - empty) / args.games
            result |= {
                "backend": "sqlite",
                "bytes_per_game": round(per_game),
                "file_bytes": size,
                "pages": pages,
            }
    print(f"{result['backend']}: {args.games} finished {args.players}-player games, "
          f"{result['bytes_per_game']:,} bytes per finished game")  # fmt: skip
    print(json.dumps(result))


async def postgres_size_after_open(url: str) -> dict[str, int]:
    store = await open_store(url)
    await store.close()
    return await postgres_size(url)


if __name__ == "__main__":
    asyncio.run(main())
