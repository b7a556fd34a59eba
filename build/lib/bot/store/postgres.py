"""The PostgreSQL store (asyncpg): `GameStore` for several bot processes sharing one database.

    store = await PostgresStore.open("postgresql://bot:pw@db/caylus", min_size=1, max_size=10,
                                     shards=ShardFilter(4, "0-1"))

A connection pool (`min_size`/`max_size`); every write is one transaction on one pooled
connection (the queries are those of `bot.store.sql`, `?` turned into `$n`), so a move, its
snapshot, the seat states and the timers are committed together or not at all. The six reads of
`load_active` run in one REPEATABLE READ transaction: one consistent picture. JIT compilation
is off for the pool's sessions (it costs more than it saves on these short queries).

The log of a game that is over is packed into one row of `move_logs` in the transaction that
ends it (`bot.store.packed`); `moves`, `move_log`, `log_size` and `load_active` read both.

Migrations (`bot.store.pg_migrations`) run at open under a session advisory lock: a second
process starting at the same moment waits, then finds the schema current and migrates nothing.
asyncpg and connection errors leave wrapped in `StoreError` (`Conflict` for a constraint).

A call of the running bot gets OP_TIMEOUT seconds, to get a connection and for each statement: a
database that stops answering (a stopped server is refused at once; a frozen or unreachable one
would hang) is a `StoreError` then, and the bot refuses input until it answers again
(bot.games.outage). Migrations and the start-up load get LONG_TIMEOUT; `command_timeout=None`
(migrate-db) none.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from . import packed
from .errors import Conflict, SchemaTooNew, StoreError
from .migrations import Migration
from .pg_migrations import PG_COMMUNITY_VERSION, PG_MIGRATIONS
from .records import MoveRecord, StoredTable
from .rows import APPLIED, MOVE_COLUMNS, assemble, loaded_cte
from .shards import ShardFilter
from .sql import SqlStore
from .tx import Tx

log = logging.getLogger(__name__)

# pg_advisory_lock key of the migrations ("Caylus" in ASCII).
MIGRATION_LOCK = 0x4361796C7573
SCHEMA_TABLE = """
CREATE TABLE IF NOT EXISTS store_schema (
    version    INTEGER PRIMARY KEY,
    title      TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)"""

# InternalClientError: a connection lost in the middle of an operation can leave asyncpg's
# protocol in a state it refuses ("cannot switch to state …").
_DRIVER_ERRORS = (
    asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError, OSError,
    asyncio.TimeoutError,
)
OP_TIMEOUT = 5.0  # seconds: a connection from the pool, and each statement of the running bot
LONG_TIMEOUT = 600.0  # seconds: migrations, the start-up load


class PostgresConflict(Conflict):
    """A constraint violation (the constraint's name is in the message)."""


def _wrap(e: BaseException) -> StoreError:
    if isinstance(e, StoreError):
        return e
    if isinstance(e, asyncpg.IntegrityConstraintViolationError):
        name = getattr(e, "constraint_name", None) or ""
        return PostgresConflict(f"postgresql: {e} ({name})" if name else f"postgresql: {e}")
    return StoreError(f"postgresql: {type(e).__name__}: {e}")


@functools.lru_cache(maxsize=1024)
def dollar(sql: str) -> str:
    """`?` placeholders -> `$1, $2, …` (the queries hold no literal `?`)."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${i}{p}" for i, p in enumerate(parts[1:], 1))


def redacted(url: str) -> str:
    """The URL without its password, for logs and messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Tx:
    """`bot.store.tx.Tx` over one asyncpg connection inside a transaction."""

    def __init__(self, con: asyncpg.Connection, timeout: float | None = None) -> None:
        self._con = con
        self._timeout = timeout  # each statement's; None: the connection's command_timeout

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self._con.execute(dollar(sql), *params, timeout=self._timeout))

    async def write(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            await self._con.executemany(dollar(sql), rows, timeout=self._timeout)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await self._con.fetch(dollar(sql), *params, timeout=self._timeout))

    async def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        return int(await self._con.fetchval(dollar(sql) + " RETURNING id", *params, timeout=self._timeout))


class PostgresStore(SqlStore):
    """The PostgreSQL `GameStore`."""

    UPSERT_SNAPSHOT = (
        "INSERT INTO snapshots (table_id, seq, round, phase, state, carry, report, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seq) DO UPDATE SET"
        " round = EXCLUDED.round, phase = EXCLUDED.phase, state = EXCLUDED.state,"
        " carry = EXCLUDED.carry, report = EXCLUDED.report, at = EXCLUDED.at"
    )
    GREATEST = "GREATEST"
    LOCK_TABLE = "SELECT id FROM game_tables WHERE id = ? FOR UPDATE"
    LOCK_RATINGS = f"SELECT pg_advisory_xact_lock({0x43617972617465})"  # "Cayrate": one rater at a time

    def __init__(self, pool: asyncpg.Pool, url: str, *, shards: ShardFilter | None = None) -> None:
        self._pool = pool
        self.url = redacted(url)
        self.shards = shards
        self.migrated: list[int] = []  # the versions this open applied (none if already current)
        self.packs_logs = True  # schema 5 on: a game's log is packed when it is over
        self.op_timeout: float | None = OP_TIMEOUT
        self._closed = False

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 10,
        shards: ShardFilter | None = None,
        migrations: Sequence[Migration] = PG_MIGRATIONS,
        connect_timeout: float = 30.0,
        command_timeout: float | None = OP_TIMEOUT,
    ) -> PostgresStore:
        """Connect a pool of `min_size`..`max_size` connections and migrate to the latest
        schema (once, whatever the number of processes opening together). `command_timeout`
        bounds each statement and the wait for a connection (None: no bound)."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=min_size, max_size=max_size, timeout=connect_timeout,
                command_timeout=command_timeout, server_settings={"jit": "off"},
            )  # fmt: skip
        except _DRIVER_ERRORS as e:
            raise StoreError(f"cannot connect to {redacted(url)}: {type(e).__name__}: {e}") from e
        assert pool is not None
        store = cls(pool, url, shards=shards)
        store.op_timeout = command_timeout
        try:
            await store._migrate(migrations)
        except BaseException as e:
            await pool.close()
            if isinstance(e, _DRIVER_ERRORS):
                raise _wrap(e) from e
            raise
        return store

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            await self._pool.close()

    async def schema_version(self) -> int:
        rows = await self._fetchall("SELECT COALESCE(MAX(version), 0) FROM store_schema")
        return int(rows[0][0])

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        latest = migrations[-1].version if migrations else 0
        self.packs_logs = latest >= packed.VERSION
        self.community = latest >= PG_COMMUNITY_VERSION
        async with self._pool.acquire() as con:
            await con.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK, timeout=LONG_TIMEOUT)
            try:
                await con.execute(SCHEMA_TABLE)
                current = int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM store_schema"))
                if current > latest:
                    raise SchemaTooNew(
                        f"{self.url} has schema version {current}; this bot knows up to {latest}"
                    )
                for m in migrations:
                    if m.version <= current:
                        continue
                    log.info("store: migrating %s to version %d (%s)", self.url, m.version, m.title)
                    async with con.transaction():
                        await con.execute(m.sql, timeout=LONG_TIMEOUT)
                        if m.convert is not None:
                            await m.convert(_Tx(con, LONG_TIMEOUT))
                        await con.execute(
                            "INSERT INTO store_schema (version, title) VALUES ($1, $2)", m.version, m.title
                        )
                    self.migrated.append(m.version)
                    current = m.version
            finally:
                await con.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[_Tx]:
        """One transaction on one pooled connection; rolled back if anything inside raises."""
        try:
            async with self._pool.acquire(timeout=self.op_timeout) as con, con.transaction():
                yield _Tx(con)
        except _DRIVER_ERRORS as e:
            raise _wrap(e) from e

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        try:
            async with self._pool.acquire(timeout=self.op_timeout) as con:
                return list(await con.fetch(dollar(sql), *params))
        except _DRIVER_ERRORS as e:
            raise _wrap(e) from e

    async def _fetch_many(self, queries: Sequence[str]) -> list[list[Any]]:
        try:
            async with self._pool.acquire(timeout=LONG_TIMEOUT) as con, con.transaction(
                isolation="repeatable_read", readonly=True
            ):
                # The loaded tables' rows are found through the keys, table by table: a few
                # moves after each latest snapshot out of a log that holds whole games. The
                # planner, expecting a third of the log, would scan all of it instead.
                await con.execute("SET LOCAL enable_hashjoin = off; SET LOCAL enable_mergejoin = off")
                return [list(await con.fetch(q, timeout=LONG_TIMEOUT)) for q in queries]
        except _DRIVER_ERRORS as e:
            raise _wrap(e) from e

    # ----- the logs of games that are over, packed (bot.store.packed) ---------------------------

    async def _game_over(self, db: Tx, table_id: int) -> None:
        if self.packs_logs:
            await packed.pack_log(db, table_id)

    async def _log(self, table_id: int, where: str = "", params: Sequence[Any] = ()) -> list[MoveRecord]:
        """The table's log rows (`where` narrows those still in `moves`) and its packed ones."""
        return packed.merged(await self._fetchall(
            f"SELECT {MOVE_COLUMNS}, NULL::bytea FROM moves WHERE table_id = ?{where}"
            f" UNION ALL {packed.PACKED_AS_MOVE} WHERE table_id = ?",
            (table_id, *params, table_id),
        ))  # fmt: skip

    async def moves(self, table_id: int, *, from_seq: int = 0) -> list[MoveRecord]:
        if not self.packs_logs:
            return await super().moves(table_id, from_seq=from_seq)
        log = await self._log(table_id, f" AND seq >= ? AND {APPLIED}", (from_seq,))
        return sorted((m for m in log if m.seq >= from_seq and packed.applied(m)), key=lambda m: m.seq)

    async def move_log(self, table_id: int) -> list[MoveRecord]:
        return await self._log(table_id) if self.packs_logs else await super().move_log(table_id)

    async def log_size(self, table_id: int) -> int:
        if not self.packs_logs:
            return await super().log_size(table_id)
        rows = await self._fetchall(
            "SELECT GREATEST((SELECT MAX(n) + 1 FROM moves WHERE table_id = ?),"
            " (SELECT size FROM move_logs WHERE table_id = ?))",
            (table_id, table_id),
        )
        return 0 if not rows or rows[0][0] is None else int(rows[0][0])

    async def load_active(self, *, shards: ShardFilter | None = None) -> list[StoredTable]:
        """As `SqlStore.load_active`, the packed logs of the loaded finished games (those whose
        last report waits to be posted) read in the same transaction."""
        owned = shards or self.shards
        if not self.packs_logs:
            return await super().load_active(shards=owned)
        *results, logs = await self._fetch_many([
            *self._load_active_queries(owned),
            f"WITH {loaded_cte(owned)} SELECT table_id, size, log FROM move_logs"
            " WHERE table_id IN (SELECT id FROM loaded)",
        ])  # fmt: skip
        tables = assemble(results)
        by_id = {int(r[0]): r for r in logs}
        for st in tables:
            row = by_id.get(st.table.id)
            if row is None:
                continue
            if st.snapshot is not None:  # the applied choices after the latest snapshot
                later = [m for m in packed.unpack(row[2]) if m.seq >= st.snapshot.seq and packed.applied(m)]
                st.moves = sorted([*st.moves, *later], key=lambda m: m.seq)
            st.log_size = max(st.log_size or 0, int(row[1]))
        return tables
