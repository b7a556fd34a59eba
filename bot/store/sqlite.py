"""The SQLite store (aiosqlite, WAL mode, one file).

One connection, used in autocommit mode; every write is an explicit `BEGIN IMMEDIATE … COMMIT`
transaction, so a crash at any instant (kill -9 included) leaves either all of a move (its log
row, its snapshot, the table's new status) or none of it. `synchronous=FULL` (the default) also
makes a committed move survive a power cut; `NORMAL` survives a process crash only and is meant
for tests and benchmarks that build many games.

All calls are serialised by an asyncio lock: interleaving two coroutines' transactions on one
connection would mix them. SQLite serialises writers anyway; moves are small.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
import zlib
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiosqlite

from .migrations import MIGRATIONS, Migration
from .records import (
    ABANDONED,
    FINISHED,
    OPEN,
    STARTED,
    STATUSES,
    MoveRecord,
    SeatRecord,
    SnapshotRecord,
    StoredTable,
    TableRecord,
    TimerRecord,
)

log = logging.getLogger(__name__)

SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


class StoreError(Exception):
    """A store operation that cannot be done (the message says why)."""


class ChannelBusy(StoreError):
    """The channel already has an open or started table."""


class SchemaTooNew(StoreError):
    """The file was written by a newer version of the bot."""


_TABLE_COLUMNS = (
    "id, guild_id, channel_id, creator_id, max_seats, options, seed, status, "
    "created_at, updated_at, started_at, finished_at, reported_seq"
)

# Tables the manager loads at start-up: open or started ones, and finished ones whose last
# phase report was never acknowledged (so that it can still be posted).
_LOADED = f"""
loaded(id) AS (
    SELECT id FROM game_tables
    WHERE status IN ('{OPEN}', '{STARTED}')
       OR (status = '{FINISHED}' AND reported_seq < COALESCE(
            (SELECT MAX(s.seq) FROM snapshots s
             WHERE s.table_id = game_tables.id AND s.report IS NOT NULL), -1))
)"""
_LATEST = """
latest(table_id, seq) AS (
    SELECT table_id, MAX(seq) FROM snapshots WHERE table_id IN (SELECT id FROM loaded)
    GROUP BY table_id
)"""


def _pack(state: str) -> bytes:
    return zlib.compress(state.encode(), 6)


def _unpack(blob: bytes) -> str:
    return zlib.decompress(blob).decode()


def _table(row: Sequence[Any]) -> TableRecord:
    return TableRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        creator_id=row[3],
        max_seats=row[4],
        options=json.loads(row[5]),
        seed=row[6],
        status=row[7],
        created_at=row[8],
        updated_at=row[9],
        started_at=row[10],
        finished_at=row[11],
        reported_seq=row[12],
    )


def _seat(row: Sequence[Any]) -> SeatRecord:
    # row: seat, name, user_id, is_ai, joined_at
    return SeatRecord(row[0], row[1], row[2], bool(row[3]), row[4])


def _snapshot(row: Sequence[Any]) -> SnapshotRecord:
    # row: seq, round, phase, state, carry, report, at
    return SnapshotRecord(row[0], row[1], row[2], _unpack(row[3]), row[4], row[5], row[6])


def _move(row: Sequence[Any]) -> MoveRecord:
    # row: seq, seat, user_id, code, at
    return MoveRecord(row[0], row[1], row[2], row[3], row[4])


class Store:
    """Persistence of tables, seats, the move log, snapshots and timers."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
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
    ) -> Store:
        """Open (creating the file and its folder if needed) and migrate to the latest schema."""
        sync = synchronous.upper()
        if sync not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS}")
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute(f"PRAGMA synchronous={sync}")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            store = cls(db, path)
            await store._migrate(migrations)
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            async with self._lock:
                await self._db.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._user_version()

    async def _user_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        async with self._lock:
            current = await self._user_version()
            latest = migrations[-1].version if migrations else 0
            if current > latest:
                raise SchemaTooNew(
                    f"{self.path} has schema version {current}; this bot knows up to {latest}"
                )
            for m in migrations:
                if m.version <= current:
                    continue
                log.info("store: migrating %s to version %d (%s)", self.path, m.version, m.title)
                script = f"BEGIN IMMEDIATE;\n{m.sql}\nPRAGMA user_version = {m.version};\nCOMMIT;"
                try:
                    await self._db.executescript(script)
                except BaseException:
                    with suppress(sqlite3.Error):
                        await self._db.execute("ROLLBACK")
                    raise
                current = m.version

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; rolled back if anything inside raises."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                with suppress(sqlite3.Error):
                    await self._db.execute("ROLLBACK")
                raise
            try:
                await self._db.execute("COMMIT")
            except BaseException:
                with suppress(sqlite3.Error):
                    await self._db.execute("ROLLBACK")
                raise

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, tuple(params)))

    # ----- tables and seats ----------------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        max_seats: int,
        options: dict[str, Any],
        seed: int,
        seats: Sequence[SeatRecord],
        now: float | None = None,
    ) -> TableRecord:
        """Insert an open table with its first seats; `ChannelBusy` if the channel has one."""
        at = time.time() if now is None else now
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO game_tables (guild_id, channel_id, creator_id, max_seats, options,"
                    " seed, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, creator_id, max_seats, json.dumps(options), seed, OPEN, at, at),
                )
                table_id = cur.lastrowid
                assert table_id is not None
                await self._write_seats(db, table_id, seats)
        except sqlite3.IntegrityError as e:
            if "game_tables.channel_id" in str(e) or "UNIQUE" in str(e):
                raise ChannelBusy(f"channel {channel_id} already has an active table") from e
            raise
        return TableRecord(
            id=table_id,
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=creator_id,
            max_seats=max_seats,
            options=dict(options),
            seed=seed,
            status=OPEN,
            created_at=at,
            updated_at=at,
            seats=list(seats),
        )

    @staticmethod
    async def _write_seats(
        db: aiosqlite.Connection, table_id: int, seats: Sequence[SeatRecord]
    ) -> None:
        await db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        await db.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, is_ai, joined_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(table_id, s.seat, s.user_id, s.name, int(s.is_ai), s.joined_at) for s in seats],
        )

    async def update_lobby(
        self,
        table_id: int,
        *,
        seats: Sequence[SeatRecord],
        creator_id: int,
        status: str = OPEN,
        now: float | None = None,
    ) -> None:
        """Rewrite an open table's seats (join, leave, AI seat) and creator, or abandon it."""
        if status not in (OPEN, ABANDONED):
            raise ValueError("update_lobby sets status open or abandoned only")
        at = time.time() if now is None else now
        async with self._tx() as db:
            await self._write_seats(db, table_id, seats)
            await db.execute(
                "UPDATE game_tables SET creator_id = ?, status = ?, updated_at = ?,"
                " finished_at = CASE WHEN ? = 'abandoned' THEN ? ELSE finished_at END"
                " WHERE id = ?",
                (creator_id, status, at, status, at, table_id),
            )
            if status == ABANDONED:
                await db.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))

    async def start_table(
        self,
        table_id: int,
        *,
        seats: Sequence[SeatRecord],
        snapshot: SnapshotRecord,
        now: float | None = None,
    ) -> None:
        """Mark a table started with its final seats and the snapshot of the opening state."""
        at = time.time() if now is None else now
        async with self._tx() as db:
            await self._write_seats(db, table_id, seats)
            await self._insert_snapshot(db, table_id, snapshot)
            await db.execute(
                "UPDATE game_tables SET status = ?, started_at = ?, updated_at = ? WHERE id = ?",
                (STARTED, at, at, table_id),
            )

    async def set_status(self, table_id: int, status: str, *, now: float | None = None) -> None:
        """Set a table's status (abandon a started game, for instance)."""
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        at = time.time() if now is None else now
        async with self._tx() as db:
            await db.execute(
                "UPDATE game_tables SET status = ?, updated_at = ?,"
                " finished_at = CASE WHEN ? IN ('finished', 'abandoned') THEN ? ELSE finished_at END"
                " WHERE id = ?",
                (status, at, status, at, table_id),
            )
            if status in (FINISHED, ABANDONED):
                await db.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))

    # ----- the move log ------------------------------------------------------------------------

    @staticmethod
    async def _insert_snapshot(
        db: aiosqlite.Connection, table_id: int, snap: SnapshotRecord
    ) -> None:
        await db.execute(
            "INSERT OR REPLACE INTO snapshots (table_id, seq, round, phase, state, carry, report, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, snap.seq, snap.round, snap.phase, _pack(snap.state), snap.carry, snap.report, snap.at),
        )

    async def record_move(
        self,
        table_id: int,
        move: MoveRecord,
        *,
        snapshot: SnapshotRecord | None = None,
        finished: bool = False,
    ) -> None:
        """Commit one applied choice (and the snapshot it calls for) in one transaction.

        The insert fails (IntegrityError) if a move with this seq is already logged: a move is
        never recorded twice.
        """
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO moves (table_id, seq, seat, user_id, code, at) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, move.seq, move.seat, move.user_id, move.code, move.at),
            )
            if snapshot is not None:
                await self._insert_snapshot(db, table_id, snapshot)
            if finished:
                await db.execute(
                    "UPDATE game_tables SET status = ?, finished_at = ?, updated_at = ? WHERE id = ?",
                    (FINISHED, move.at, move.at, table_id),
                )
                await db.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))
            else:
                await db.execute(
                    "UPDATE game_tables SET updated_at = ? WHERE id = ?", (move.at, table_id)
                )

    async def ack_reports(self, table_id: int, seq: int) -> None:
        """Remember that the phase reports up to move count `seq` have been posted."""
        async with self._tx() as db:
            await db.execute(
                "UPDATE game_tables SET reported_seq = MAX(reported_seq, ?) WHERE id = ?",
                (seq, table_id),
            )

    # ----- reading -----------------------------------------------------------------------------

    async def get_table(self, table_id: int) -> TableRecord | None:
        rows = await self._fetchall(f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        table = _table(rows[0])
        table.seats = await self.seats(table_id)
        return table

    async def last_table_in_channel(self, channel_id: int) -> TableRecord | None:
        """The channel's active table, else its most recent one of any status."""
        rows = await self._fetchall(
            f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE channel_id = ?"
            " ORDER BY status IN ('open', 'started') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        if not rows:
            return None
        table = _table(rows[0])
        table.seats = await self.seats(table.id)
        return table

    async def seats(self, table_id: int) -> list[SeatRecord]:
        rows = await self._fetchall(
            "SELECT seat, name, user_id, is_ai, joined_at FROM seats WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return [_seat(r) for r in rows]

    async def moves(self, table_id: int, *, from_seq: int = 0) -> list[MoveRecord]:
        rows = await self._fetchall(
            "SELECT seq, seat, user_id, code, at FROM moves WHERE table_id = ? AND seq >= ?"
            " ORDER BY seq",
            (table_id, from_seq),
        )
        return [_move(r) for r in rows]

    async def snapshots(self, table_id: int) -> list[SnapshotRecord]:
        rows = await self._fetchall(
            "SELECT seq, round, phase, state, carry, report, at FROM snapshots WHERE table_id = ?"
            " ORDER BY seq",
            (table_id,),
        )
        return [_snapshot(r) for r in rows]

    async def unreported(self, table_id: int) -> list[SnapshotRecord]:
        """Snapshots carrying a phase report that was never acknowledged, oldest first."""
        rows = await self._fetchall(
            "SELECT s.seq, s.round, s.phase, s.state, s.carry, s.report, s.at"
            " FROM snapshots s JOIN game_tables t ON t.id = s.table_id"
            " WHERE s.table_id = ? AND s.report IS NOT NULL AND s.seq > t.reported_seq"
            " ORDER BY s.seq",
            (table_id,),
        )
        return [_snapshot(r) for r in rows]

    async def load_table(self, table_id: int) -> StoredTable | None:
        """One table with its latest snapshot and the moves logged after it."""
        table = await self.get_table(table_id)
        if table is None:
            return None
        rows = await self._fetchall(
            "SELECT seq, round, phase, state, carry, report, at FROM snapshots WHERE table_id = ?"
            " ORDER BY seq DESC LIMIT 1",
            (table_id,),
        )
        snap = _snapshot(rows[0]) if rows else None
        moves = await self.moves(table_id, from_seq=snap.seq if snap else 0)
        return StoredTable(table, snap, moves)

    async def load_active(self) -> list[StoredTable]:
        """Every table the manager keeps in memory, in four queries whatever their number."""
        tables = await self._fetchall(
            f"WITH {_LOADED} SELECT {_TABLE_COLUMNS} FROM game_tables"
            " WHERE id IN (SELECT id FROM loaded) ORDER BY id"
        )
        seats = await self._fetchall(
            f"WITH {_LOADED} SELECT table_id, seat, name, user_id, is_ai, joined_at FROM seats"
            " WHERE table_id IN (SELECT id FROM loaded) ORDER BY table_id, seat"
        )
        snaps = await self._fetchall(
            f"WITH {_LOADED}, {_LATEST} SELECT s.table_id, s.seq, s.round, s.phase, s.state,"
            " s.carry, s.report, s.at FROM snapshots s JOIN latest l"
            " ON s.table_id = l.table_id AND s.seq = l.seq"
        )
        moves = await self._fetchall(
            f"WITH {_LOADED}, {_LATEST} SELECT m.table_id, m.seq, m.seat, m.user_id, m.code, m.at"
            " FROM moves m JOIN latest l ON m.table_id = l.table_id AND m.seq >= l.seq"
            " ORDER BY m.table_id, m.seq"
        )
        out: dict[int, StoredTable] = {}
        for row in tables:
            rec = _table(row)
            out[rec.id] = StoredTable(rec, None, [])
        for row in seats:
            out[row[0]].table.seats.append(_seat(row[1:]))
        for row in snaps:
            out[row[0]].snapshot = _snapshot(row[1:])
        for row in moves:
            out[row[0]].moves.append(_move(row[1:]))
        return list(out.values())

    async def count_tables(self, status: str | None = None) -> int:
        if status is None:
            rows = await self._fetchall("SELECT COUNT(*) FROM game_tables")
        else:
            rows = await self._fetchall("SELECT COUNT(*) FROM game_tables WHERE status = ?", (status,))
        return int(rows[0][0])

    async def tables_of_user(self, user_id: int, *, active_only: bool = True) -> list[int]:
        """Ids of the tables where a user has a seat (newest first)."""
        where = " AND t.status IN ('open', 'started')" if active_only else ""
        rows = await self._fetchall(
            "SELECT DISTINCT t.id FROM seats s JOIN game_tables t ON t.id = s.table_id"
            f" WHERE s.user_id = ?{where} ORDER BY t.id DESC",
            (user_id,),
        )
        return [r[0] for r in rows]

    # ----- timers (deadlines, reminders) ---------------------------------------------------

    async def add_timer(
        self,
        table_id: int,
        kind: str,
        due_at: float,
        payload: dict[str, Any] | None = None,
        *,
        replace: bool = False,
    ) -> int:
        """Add a timer; with `replace`, the table's other timers of that kind go first."""
        async with self._tx() as db:
            if replace:
                await db.execute(
                    "DELETE FROM timers WHERE table_id = ? AND kind = ?", (table_id, kind)
                )
            cur = await db.execute(
                "INSERT INTO timers (table_id, kind, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (table_id, kind, due_at, json.dumps(payload or {}), time.time()),
            )
            timer_id = cur.lastrowid
        assert timer_id is not None
        return timer_id

    async def due_timers(self, now: float | None = None, *, limit: int = 100) -> list[TimerRecord]:
        """Timers due at `now` (default: the clock), soonest first."""
        at = time.time() if now is None else now
        rows = await self._fetchall(
            "SELECT id, table_id, kind, due_at, payload, created_at FROM timers"
            " WHERE due_at <= ? ORDER BY due_at, id LIMIT ?",
            (at, limit),
        )
        return [TimerRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]

    async def timers_for(self, table_id: int, kind: str | None = None) -> list[TimerRecord]:
        sql = "SELECT id, table_id, kind, due_at, payload, created_at FROM timers WHERE table_id = ?"
        params: list[Any] = [table_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        rows = await self._fetchall(sql + " ORDER BY due_at, id", params)
        return [TimerRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]

    async def next_timer_due(self) -> float | None:
        rows = await self._fetchall("SELECT MIN(due_at) FROM timers")
        return rows[0][0] if rows else None

    async def delete_timer(self, timer_id: int) -> bool:
        async with self._tx() as db:
            cur = await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))
            return cur.rowcount > 0

    async def delete_timers(self, table_id: int, kind: str | None = None) -> int:
        async with self._tx() as db:
            if kind is None:
                cur = await db.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))
            else:
                cur = await db.execute(
                    "DELETE FROM timers WHERE table_id = ? AND kind = ?", (table_id, kind)
                )
            return cur.rowcount

