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
    ACTORS,
    FINISHED,
    OPEN,
    STARTED,
    STATUSES,
    UNDO,
    MoveRecord,
    NewTimer,
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
    "created_at, updated_at, started_at, finished_at, reported_seq, settings"
)
_SEAT_COLUMNS = "seat, name, user_id, is_ai, joined_at, ai_level, missed_in_row, ai_takeover"
_MOVE_COLUMNS = "seq, seat, user_id, code, at, actor, n, undone"
_TIMER_COLUMNS = "id, table_id, kind, due_at, payload, created_at"
# The applied choices: not an undo row, not taken back by one.
_APPLIED = "actor != 'undo' AND undone = 0"

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
        settings=json.loads(row[13] or "{}"),
    )


def _seat(row: Sequence[Any]) -> SeatRecord:
    # row: _SEAT_COLUMNS
    return SeatRecord(row[0], row[1], row[2], bool(row[3]), row[4], row[5], row[6], bool(row[7]))


def _snapshot(row: Sequence[Any]) -> SnapshotRecord:
    # row: seq, round, phase, state, carry, report, at
    return SnapshotRecord(row[0], row[1], row[2], _unpack(row[3]), row[4], row[5], row[6])


def _move(row: Sequence[Any]) -> MoveRecord:
    # row: _MOVE_COLUMNS
    return MoveRecord(row[0], row[1], row[2], row[3], row[4], row[5], row[6], bool(row[7]))


def _timer(row: Sequence[Any]) -> TimerRecord:
    # row: _TIMER_COLUMNS
    return TimerRecord(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5])


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
        settings: dict[str, Any] | None = None,
    ) -> TableRecord:
        """Insert an open table with its first seats; `ChannelBusy` if the channel has one.
        `settings` is the game manager's JSON (deadline, absent players, AI level)."""
        at = time.time() if now is None else now
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO game_tables (guild_id, channel_id, creator_id, max_seats, options,"
                    " seed, status, created_at, updated_at, settings)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id, channel_id, creator_id, max_seats, json.dumps(options), seed, OPEN,
                        at, at, json.dumps(settings or {}),
                    ),
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
            settings=dict(settings or {}),
        )

    @staticmethod
    async def _write_seats(
        db: aiosqlite.Connection, table_id: int, seats: Sequence[SeatRecord]
    ) -> None:
        await db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        await db.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, is_ai, joined_at, ai_level,"
            " missed_in_row, ai_takeover) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    table_id, s.seat, s.user_id, s.name, int(s.is_ai), s.joined_at, s.ai_level,
                    s.missed_in_row, int(s.ai_takeover),
                )
                for s in seats
            ],
        )

    @staticmethod
    async def _write_seat_states(
        db: aiosqlite.Connection, table_id: int, seats: Sequence[SeatRecord]
    ) -> None:
        """A started game's seats keep their people; only their absence state changes."""
        await db.executemany(
            "UPDATE seats SET missed_in_row = ?, ai_takeover = ? WHERE table_id = ? AND seat = ?",
            [(s.missed_in_row, int(s.ai_takeover), table_id, s.seat) for s in seats],
        )

    @staticmethod
    async def _replace_timers(
        db: aiosqlite.Connection,
        table_id: int,
        clear: Sequence[str],
        timers: Sequence[NewTimer],
        at: float,
    ) -> None:
        if clear:
            marks = ", ".join("?" for _ in clear)
            await db.execute(
                f"DELETE FROM timers WHERE table_id = ? AND kind IN ({marks})", (table_id, *clear)
            )
        if timers:
            await db.executemany(
                "INSERT INTO timers (table_id, kind, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                [(table_id, t.kind, t.due_at, json.dumps(t.payload), at) for t in timers],
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
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
    ) -> None:
        """Mark a table started with its final seats and the snapshot of the opening state
        (and, in the same transaction, the timers of the first decision)."""
        at = time.time() if now is None else now
        async with self._tx() as db:
            await self._write_seats(db, table_id, seats)
            await self._insert_snapshot(db, table_id, snapshot)
            await self._replace_timers(db, table_id, clear_timers, timers, at)
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
        seat_states: Sequence[SeatRecord] = (),
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
    ) -> None:
        """Commit one applied choice (and the snapshot it calls for) in one transaction, with
        the seats whose absence state it changed (`missed_in_row`, `ai_takeover`), the table's
        timers of the kinds in `clear_timers` deleted and `timers` added.

        The insert fails (IntegrityError) if the log already holds a row at this position
        (`move.n`, by default `move.seq`) or an applied move with this seq: a move is never
        recorded twice.
        """
        actor = move.who
        if actor not in ACTORS or actor == UNDO:
            raise ValueError(f"a move's actor is one of {ACTORS[:-1]}, not {actor!r}")
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO moves (table_id, n, seq, seat, user_id, code, at, actor)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, move.pos, move.seq, move.seat, move.user_id, move.code, move.at, actor),
            )
            if snapshot is not None:
                await self._insert_snapshot(db, table_id, snapshot)
            await self._write_seat_states(db, table_id, seat_states)
            await self._replace_timers(db, table_id, clear_timers, timers, move.at)
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

    async def record_undo(
        self,
        table_id: int,
        undo: MoveRecord,
        *,
        undone_n: int,
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
    ) -> None:
        """Log an undo in one transaction: the applied choice at log position `undone_n` is
        marked undone and `undo` (actor `undo`, the seq and code taken back, who undid, at log
        position `undo.n`) is appended; timers as in `record_move`.

        `StoreError` if that choice is not the last applied one, is already undone, or a
        snapshot was taken after it (a choice that ended a phase is never undone).
        """
        if undo.who != UNDO or undo.n is None:
            raise ValueError("an undo row has actor 'undo' and its own log position n")
        async with self._tx() as db:
            rows = list(await db.execute_fetchall(
                f"SELECT n, seq, code FROM moves WHERE table_id = ? AND {_APPLIED}"
                " ORDER BY seq DESC LIMIT 1",
                (table_id,),
            ))  # fmt: skip
            if not rows or tuple(rows[0]) != (undone_n, undo.seq, undo.code):
                raise StoreError(f"table {table_id}: move {undone_n} is not the last applied choice")
            later = list(await db.execute_fetchall(
                "SELECT 1 FROM snapshots WHERE table_id = ? AND seq > ? LIMIT 1", (table_id, undo.seq)
            ))  # fmt: skip
            if later:
                raise StoreError(f"table {table_id}: a snapshot follows move {undone_n}")
            await db.execute(
                "UPDATE moves SET undone = 1 WHERE table_id = ? AND n = ?", (table_id, undone_n)
            )
            await db.execute(
                "INSERT INTO moves (table_id, n, seq, seat, user_id, code, at, actor)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, undo.n, undo.seq, undo.seat, undo.user_id, undo.code, undo.at, UNDO),
            )
            await db.execute("UPDATE game_tables SET updated_at = ? WHERE id = ?", (undo.at, table_id))
            await self._replace_timers(db, table_id, clear_timers, timers, undo.at)

    async def update_seat_states(
        self,
        table_id: int,
        seats: Sequence[SeatRecord],
        *,
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
        now: float | None = None,
    ) -> None:
        """Set the absence state of a started game's seats (a take-back) and replace timers,
        in one transaction."""
        at = time.time() if now is None else now
        async with self._tx() as db:
            await self._write_seat_states(db, table_id, seats)
            await self._replace_timers(db, table_id, clear_timers, timers, at)

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
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [_seat(r) for r in rows]

    async def moves(self, table_id: int, *, from_seq: int = 0) -> list[MoveRecord]:
        """The applied choices (the game's history from `from_seq` on; undone ones left out)."""
        rows = await self._fetchall(
            f"SELECT {_MOVE_COLUMNS} FROM moves WHERE table_id = ? AND seq >= ? AND {_APPLIED}"
            " ORDER BY seq",
            (table_id, from_seq),
        )
        return [_move(r) for r in rows]

    async def move_log(self, table_id: int) -> list[MoveRecord]:
        """The whole log in order: every choice applied (undone ones marked) and every undo."""
        rows = await self._fetchall(
            f"SELECT {_MOVE_COLUMNS} FROM moves WHERE table_id = ? ORDER BY n", (table_id,)
        )
        return [_move(r) for r in rows]

    async def log_size(self, table_id: int) -> int:
        """The number of rows in the table's log (the position of the next one)."""
        rows = await self._fetchall("SELECT MAX(n) FROM moves WHERE table_id = ?", (table_id,))
        return 0 if not rows or rows[0][0] is None else int(rows[0][0]) + 1

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
        return StoredTable(
            table, snap, moves, await self.log_size(table_id), await self.timers_for(table_id)
        )

    async def load_active(self) -> list[StoredTable]:
        """Every table the manager keeps in memory, in six queries whatever their number."""
        tables = await self._fetchall(
            f"WITH {_LOADED} SELECT {_TABLE_COLUMNS} FROM game_tables"
            " WHERE id IN (SELECT id FROM loaded) ORDER BY id"
        )
        seats = await self._fetchall(
            f"WITH {_LOADED} SELECT table_id, {_SEAT_COLUMNS} FROM seats"
            " WHERE table_id IN (SELECT id FROM loaded) ORDER BY table_id, seat"
        )
        snaps = await self._fetchall(
            f"WITH {_LOADED}, {_LATEST} SELECT s.table_id, s.seq, s.round, s.phase, s.state,"
            " s.carry, s.report, s.at FROM snapshots s JOIN latest l"
            " ON s.table_id = l.table_id AND s.seq = l.seq"
        )
        moves = await self._fetchall(
            f"WITH {_LOADED}, {_LATEST} SELECT m.table_id, m.seq, m.seat, m.user_id, m.code, m.at,"
            " m.actor, m.n, m.undone FROM moves m JOIN latest l ON m.table_id = l.table_id"
            " AND m.seq >= l.seq WHERE m.actor != 'undo' AND m.undone = 0"
            " ORDER BY m.table_id, m.seq"
        )
        sizes = await self._fetchall(
            f"WITH {_LOADED} SELECT table_id, MAX(n) FROM moves"
            " WHERE table_id IN (SELECT id FROM loaded) GROUP BY table_id"
        )
        timers = await self._fetchall(
            f"WITH {_LOADED} SELECT {_TIMER_COLUMNS} FROM timers"
            " WHERE table_id IN (SELECT id FROM loaded) ORDER BY due_at, id"
        )
        out: dict[int, StoredTable] = {}
        for row in tables:
            rec = _table(row)
            out[rec.id] = StoredTable(rec, None, [], 0)
        for row in seats:
            out[row[0]].table.seats.append(_seat(row[1:]))
        for row in snaps:
            out[row[0]].snapshot = _snapshot(row[1:])
        for row in moves:
            out[row[0]].moves.append(_move(row[1:]))
        for row in sizes:
            out[row[0]].log_size = int(row[1]) + 1
        for row in timers:
            out[row[1]].timers.append(_timer(row))
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
            f"SELECT {_TIMER_COLUMNS} FROM timers WHERE due_at <= ? ORDER BY due_at, id LIMIT ?",
            (at, limit),
        )
        return [_timer(r) for r in rows]

    async def timers_for(self, table_id: int, kind: str | None = None) -> list[TimerRecord]:
        sql = f"SELECT {_TIMER_COLUMNS} FROM timers WHERE table_id = ?"
        params: list[Any] = [table_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        rows = await self._fetchall(sql + " ORDER BY due_at, id", params)
        return [_timer(r) for r in rows]

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

