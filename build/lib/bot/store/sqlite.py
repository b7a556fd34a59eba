"""The SQLite store (aiosqlite, WAL mode, one file): the embedded default behind `GameStore`.

One connection, used in autocommit mode; every write is an explicit `BEGIN IMMEDIATE … COMMIT`
transaction, so a crash at any instant (kill -9 included) leaves either all of a move (its log
row, its snapshot, the table's new status) or none of it. `synchronous=FULL` (the default) also
makes a committed move survive a power cut; `NORMAL` survives a process crash only and is meant
for tests and benchmarks that build many games.

All calls are serialised by an asyncio lock: interleaving two coroutines' transactions on one
connection would mix them. SQLite serialises writers anyway; moves are small.

The queries themselves are shared with PostgreSQL (`bot.store.sql`). sqlite3 errors leave this
module wrapped: `SQLiteStoreError` (or `SQLiteConflict` for a
constraint violation) is a `StoreError` and, for code not yet switched to `StoreError`, also a
`sqlite3.Error`.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from .errors import Conflict, SchemaTooNew, StoreError
from .migrations import COMMUNITY_VERSION, MIGRATIONS, Migration
from .rows import load_active_queries
from .shards import ShardFilter
from .sql import SqlStore

log = logging.getLogger(__name__)

SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
MATERIALIZED_CTE = sqlite3.sqlite_version_info >= (3, 35, 0)
T = TypeVar("T")


class SQLiteStoreError(StoreError, sqlite3.DatabaseError):
    """An sqlite3 error, wrapped (the original is `__cause__`)."""


class SQLiteConflict(Conflict, sqlite3.IntegrityError):
    """A constraint violation (a move recorded twice...); the transaction was rolled back."""


def _wrap(e: sqlite3.Error) -> StoreError:
    if isinstance(e, StoreError):
        return e
    if isinstance(e, sqlite3.IntegrityError):
        return SQLiteConflict(str(e))
    return SQLiteStoreError(f"sqlite: {e}")


class _Tx:
    """`bot.store.tx.Tx` over the aiosqlite connection (inside BEGIN IMMEDIATE … COMMIT).

    Each call into aiosqlite is a hop to its thread and back (about 40 µs of CPU). Statements
    whose answer nobody reads (`write`, `executemany`, the BEGIN) wait here and go in one hop
    with the next statement that is read, or with the COMMIT: a move is one hop, not seven.
    An error in a waiting statement is raised there, and the transaction rolls back as ever.
    (The hop is aiosqlite's `Connection._execute`, not its documented API; its version is
    pinned, and every store test goes through here.)"""

    def __init__(self, db: aiosqlite.Connection, *, begun: bool = False) -> None:
        self._db = db
        self._waiting: list[tuple[str, Any, bool]] = [] if begun else [("BEGIN IMMEDIATE", (), False)]
        self.sent = begun  # whether anything reached SQLite (the BEGIN included)

    def _then(self, last: Callable[[sqlite3.Connection], T]) -> Awaitable[T]:
        """The waiting statements, then `last`, in one hop to SQLite's thread."""
        waiting, self._waiting = self._waiting, []
        db = self._db
        self.sent = True

        def hop() -> T:
            conn = db._conn
            for sql, params, many in waiting:
                if many:
                    conn.executemany(sql, params)
                else:
                    conn.execute(sql, params)
            return last(conn)

        return db._execute(hop)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        args = tuple(params)
        return await self._then(lambda conn: conn.execute(sql, args).rowcount)

    async def write(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._waiting.append((sql, tuple(params), False))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._waiting.append((sql, [tuple(r) for r in rows], True))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        args = tuple(params)
        return await self._then(lambda conn: conn.execute(sql, args).fetchall())

    async def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        args = tuple(params)
        rowid = await self._then(lambda conn: conn.execute(sql, args).lastrowid)
        assert rowid is not None
        return rowid

    async def commit(self) -> None:
        await self._then(lambda conn: conn.execute("COMMIT"))


class Store(SqlStore):
    """The SQLite `GameStore`: persistence of tables, seats, the move log, snapshots, timers."""

    UPSERT_SNAPSHOT = (
        "INSERT OR REPLACE INTO snapshots (table_id, seq, round, phase, state, carry, report, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    )
    GREATEST = "MAX"

    def __init__(
        self, db: aiosqlite.Connection, path: Path, *, shards: ShardFilter | None = None
    ) -> None:
        self._db = db
        self.path = path
        self.shards = shards
        self._lock = asyncio.Lock()
        self._closed = False

    # ----- opening and migrations ----------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: str = "FULL",
        migrations: Sequence[Migration] = MIGRATIONS,
        shards: ShardFilter | None = None,
    ) -> Store:
        """Open (creating the file and its folder if needed) and migrate to the latest schema.
        `shards`: the default filter of `load_active` and the timer queries (None: all)."""
        sync = synchronous.upper()
        if sync not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS}")
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as e:
            raise SQLiteStoreError(f"cannot open the database {path}: {e}") from e
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute(f"PRAGMA synchronous={sync}")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            store = cls(db, path, shards=shards)
            await store._migrate(migrations)
        except BaseException as e:
            await db.close()
            if isinstance(e, sqlite3.Error) and not isinstance(e, StoreError):
                raise SQLiteStoreError(f"cannot open the database {path}: {e}") from e
            raise
        return store

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            async with self._lock:
                await self._db.close()

    async def schema_version(self) -> int:
        async with self._lock:
            try:
                return await self._user_version()
            except sqlite3.Error as e:
                raise _wrap(e) from e

    async def _user_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        async with self._lock:
            current = await self._user_version()
            latest = migrations[-1].version if migrations else 0
            self.community = latest >= COMMUNITY_VERSION
            if current > latest:
                raise SchemaTooNew(
                    f"{self.path} has schema version {current}; this bot knows up to {latest}"
                )
            for m in migrations:
                if m.version <= current:
                    continue
                log.info("store: migrating %s to version %d (%s)", self.path, m.version, m.title)
                try:
                    if m.convert is None:
                        await self._db.executescript(
                            f"BEGIN IMMEDIATE;\n{m.sql}\nPRAGMA user_version = {m.version};\nCOMMIT;"
                        )
                    else:  # the script, the rows rewritten in Python, then the commit
                        await self._db.executescript(f"BEGIN IMMEDIATE;\n{m.sql}")
                        tx = _Tx(self._db, begun=True)
                        await m.convert(tx)
                        await tx.execute(f"PRAGMA user_version = {m.version}")
                        await tx.commit()
                except BaseException as e:
                    with suppress(sqlite3.Error):
                        await self._db.execute("ROLLBACK")
                    if isinstance(e, sqlite3.Error):
                        raise SQLiteStoreError(
                            f"{self.path}: migration {m.version} ({m.title}) failed: {e}"
                        ) from e
                    raise
                current = m.version

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[_Tx]:
        """One write transaction; rolled back if anything inside raises (sqlite3 errors leave
        wrapped, see `_wrap`)."""
        async with self._lock:
            tx = _Tx(self._db)
            try:
                yield tx
                await tx.commit()
            except BaseException as e:
                if tx.sent:
                    with suppress(sqlite3.Error):
                        await self._db.execute("ROLLBACK")
                if isinstance(e, sqlite3.Error) and not isinstance(e, StoreError):
                    raise _wrap(e) from e
                raise

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        async with self._lock:
            try:
                return list(await self._db.execute_fetchall(sql, tuple(params)))
            except sqlite3.Error as e:
                raise _wrap(e) from e

    async def _fetch_many(self, queries: Sequence[str]) -> list[list[Any]]:
        async with self._lock:
            try:
                return [list(await self._db.execute_fetchall(q)) for q in queries]
            except sqlite3.Error as e:
                raise _wrap(e) from e

    def _load_active_queries(self, shards: ShardFilter | None) -> list[str]:
        return load_active_queries(shards, materialize=MATERIALIZED_CTE)
