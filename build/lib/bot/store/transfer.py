"""`caylus-bot migrate-db --from sqlite:PATH --to postgresql://…`: copy a SQLite database to
PostgreSQL.

The SQLite file is first brought to the current schema (as the bot would at start-up), then read
with a read-only connection; the PostgreSQL database is migrated and must hold no table yet. Every
row of every table (tables, seats, the whole move log with undos, snapshots as stored, timers)
is copied with its own id in ONE PostgreSQL transaction: a failure leaves the target as it was
(the logs of the games that are over are then packed, `bot.store.packed`).
The identity sequences then continue after the highest ids, the row counts of both sides are
compared before the commit, and the tables are VACUUMed and ANALYZEd after it. Stop the bot before copying: moves made during the copy are not in it.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import asyncpg

from .errors import StoreError
from .factory import is_postgres_url, sqlite_path
from .packed import pack_over_logs
from .postgres import PostgresStore, _Tx, redacted
from .sqlite import Store

Convert = Callable[[Any], Any]


def _opt(f: Convert) -> Convert:
    return lambda v: None if v is None else f(v)


INT, FLOAT, TEXT, BYTES = _opt(int), _opt(float), _opt(str), _opt(bytes)

# What is copied, in foreign-key order: each table's columns with the Python type PostgreSQL's
# binary COPY expects (SQLite's dynamic typing could hand an int for a REAL column).
COPIED: list[tuple[str, list[tuple[str, Convert]]]] = [
    ("game_tables", [
        ("id", INT), ("guild_id", INT), ("channel_id", INT), ("creator_id", INT), ("max_seats", INT),
        ("options", TEXT), ("seed", INT), ("status", TEXT), ("created_at", FLOAT), ("started_at", FLOAT),
        ("finished_at", FLOAT), ("updated_at", FLOAT), ("reported_seq", INT), ("settings", TEXT),
        ("turn_seat", INT), ("challenge", TEXT),
    ]),
    ("seats", [
        ("table_id", INT), ("seat", INT), ("user_id", INT), ("name", TEXT), ("is_ai", INT),
        ("joined_at", FLOAT), ("ai_level", TEXT), ("missed_in_row", INT), ("ai_takeover", INT),
        ("orders", TEXT), ("resigned", INT),
    ]),
    ("moves", [
        ("table_id", INT), ("n", INT), ("seq", INT), ("seat", INT), ("user_id", INT), ("code", TEXT),
        ("at", FLOAT), ("actor", TEXT), ("undone", INT),
    ]),
    ("snapshots", [
        ("table_id", INT), ("seq", INT), ("round", INT), ("phase", INT), ("state", BYTES),
        ("carry", BYTES), ("report", BYTES), ("at", FLOAT),
    ]),
    ("timers", [
        ("id", INT), ("table_id", INT), ("kind", TEXT), ("due_at", FLOAT), ("payload", TEXT),
        ("created_at", FLOAT),
    ]),
    ("posted_reports", [("table_id", INT), ("seq", INT)]),
    ("results", [
        ("table_id", INT), ("seat", INT), ("guild_id", INT), ("user_id", INT), ("player", TEXT),
        ("name", TEXT), ("score", INT), ("place", INT), ("won", INT), ("resigned", INT), ("rated", INT),
        ("challenge", TEXT), ("buildings", TEXT), ("answers", INT), ("answer_seconds", FLOAT),
        ("finished_at", FLOAT),
    ]),
    ("ratings", [
        ("scope", INT), ("player", TEXT), ("mu", FLOAT), ("sigma", FLOAT), ("ordinal", FLOAT),
        ("games", INT), ("updated_at", FLOAT),
    ]),
    ("rating_history", [
        ("scope", INT), ("player", TEXT), ("table_id", INT), ("mu", FLOAT), ("sigma", FLOAT), ("at", FLOAT),
    ]),
    ("player_prefs", [
        ("user_id", INT), ("notify", TEXT), ("time_zone", TEXT), ("quiet_from", INT), ("quiet_to", INT),
        ("dm_refused_at", FLOAT), ("updated_at", FLOAT),
    ]),
    ("watchers", [("table_id", INT), ("user_id", INT), ("since", FLOAT)]),
    ("guild_settings", [("guild_id", INT), ("settings", TEXT), ("updated_by", INT), ("updated_at", FLOAT)]),
]  # fmt: skip
IDENTITY_TABLES = ("game_tables", "timers")
BATCH = 2000


class TransferError(StoreError):
    """The copy cannot be done (the message says why); nothing was written."""


async def transfer(
    source: Path, target_url: str, *, say: Callable[[str], None] = print
) -> dict[str, int]:
    """Copy the SQLite database at `source` into the empty PostgreSQL database at `target_url`;
    the number of rows copied per table."""
    if not source.is_file():
        raise TransferError(f"{source}: no such SQLite file")
    store = await Store.open(source)  # brings an older file to the current schema
    await store.close()
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    target = await PostgresStore.open(target_url, min_size=1, max_size=1, command_timeout=None)
    counts: dict[str, int] = {}
    try:
        async with target._pool.acquire() as con, con.transaction():
            for table, _ in COPIED:
                if await con.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                    raise TransferError(
                        f"{target.url} is not empty ({table} has rows); copy into a new database"
                    )
            for table, columns in COPIED:
                names = [c for c, _ in columns]
                cur = src.execute(f"SELECT {', '.join(names)} FROM {table}")
                copied = 0
                while rows := cur.fetchmany(BATCH):
                    records = [tuple(f(v) for (_, f), v in zip(columns, row, strict=True)) for row in rows]
                    await con.copy_records_to_table(table, records=records, columns=names)
                    copied += len(records)
                counts[table] = copied
                expected = src.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                got = await con.fetchval(f"SELECT COUNT(*) FROM {table}")
                if not copied == expected == got:
                    raise TransferError(f"{table}: {expected} rows in SQLite, {got} copied")
                say(f"{table}: {copied} rows")
            await pack_over_logs(_Tx(con))  # the logs of the games over, as the bot keeps them
            for table in IDENTITY_TABLES:
                await con.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
            # Planner statistics now, not when autovacuum gets to it: the first start-up's
            # queries over a freshly filled database are planned well.
            await con.execute(f"ANALYZE {', '.join(t for t, _ in COPIED)}")
        # Committed. VACUUM sets the visibility map, so that the start-up's look-ups in the
        # keys are index-only from the first start (it cannot run inside the transaction).
        async with target._pool.acquire() as con:
            await con.execute(f"VACUUM (ANALYZE) {', '.join(t for t, _ in COPIED)}")
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as e:
        raise TransferError(f"copy to {target.url} failed, nothing written: {e}") from e
    finally:
        src.close()
        await target.close()
    return counts


def main(argv: Sequence[str] | None = None, prog: str = "caylus-bot migrate-db") -> int:
    """The `migrate-db` command; its exit status."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Copy a SQLite database of the bot into an empty PostgreSQL database.",
    )
    parser.add_argument("--from", dest="source", required=True, metavar="sqlite:PATH",
                        help="the SQLite file (sqlite:PATH or a plain path)")
    parser.add_argument("--to", dest="target", required=True, metavar="postgresql://…",
                        help="the PostgreSQL database URL (the database must exist and be empty)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if is_postgres_url(args.source) or not is_postgres_url(args.target):
        print(f"{prog}: --from is a SQLite file, --to a postgresql:// URL", file=sys.stderr)
        return 2
    source = sqlite_path(args.source)
    started = time.perf_counter()
    try:
        counts = asyncio.run(transfer(source, args.target))
    except StoreError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 1
    total, tables = sum(counts.values()), counts.get("game_tables", 0)
    print(
        f"copied {tables} table{'' if tables == 1 else 's'} ({total} rows) from {source} to"
        f" {redacted(args.target)} in {time.perf_counter() - started:.1f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
