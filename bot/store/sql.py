"""What the SQLite and PostgreSQL stores share: every query and transaction of `GameStore`.

A backend supplies a connection in the shape of `Tx` (one transaction: `?` placeholders, the
row count of a write, the id of an insert), `_tx()`, `_fetchall()` and `_fetch_many()`, wraps
its driver's errors in `StoreError`, and names its two dialect differences (`UPSERT_SNAPSHOT`,
`GREATEST`). Everything a move changes (log row, snapshot, seat states, timers, table status)
is written inside one `_tx()`: all of it or nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from .codec import encode_snapshot, leave_to_log
from .community import CommunityFacts
from .errors import ChallengeTaken, ChannelBusy, Conflict, StoreError
from .meta import MetaFacts
from .records import (
    ABANDONED,
    ACTORS,
    FINISHED,
    OPEN,
    STARTED,
    STATUSES,
    UNDO,
    GameOutcome,
    MoveRecord,
    NewTimer,
    SeatRecord,
    SnapshotRecord,
    StoredTable,
    TableRecord,
    TimerRecord,
)
from .rows import (
    APPLIED,
    MOVE_COLUMNS,
    SEAT_COLUMNS,
    SNAPSHOT_COLUMNS,
    TABLE_COLUMNS,
    TIMER_COLUMNS,
    TIMER_IDENTITY,
    assemble,
    load_active_queries,
    move_record,
    seat_record,
    seat_rows,
    snapshot_record,
    table_record,
    timer_record,
)
from .shards import ShardFilter, shard_sql
from .tx import Tx


class SqlStore(MetaFacts, CommunityFacts):
    """`GameStore` over SQL; subclasses give the connection (see the module docstring)."""

    UPSERT_SNAPSHOT = ""  # INSERT of (table_id, seq, round, phase, state, carry, report, at)
    GREATEST = ""  # the two-argument maximum
    LOCK_TABLE = ""  # a query locking one game_tables row (by id) to the end of the transaction
    # The schema has the community's columns (resignations, the turn's seat, challenges; SQLite 8,
    # PostgreSQL 7): a store opened with older migrations (a test of old data) writes without them.
    community = True
    shards: ShardFilter | None = None

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        raise NotImplementedError

    async def _fetch_many(self, queries: Sequence[str]) -> list[list[Any]]:
        """Several parameterless reads (one consistent view where the backend allows)."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

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
        challenge: str | None = None,
    ) -> TableRecord:
        """Insert an open table with its first seats; `ChannelBusy` if the channel has one.
        `settings` is the game manager's JSON (deadline, absent players, AI level); `challenge`
        the weekly challenge it plays (`ChallengeTaken` if its creator has one that week)."""
        at = time.time() if now is None else now
        try:
            async with self._tx() as db:
                table_id = await db.insert_id(
                    "INSERT INTO game_tables (guild_id, channel_id, creator_id, max_seats, options,"
                    f" seed, status, created_at, updated_at, settings{', challenge' if self.community else ''})"
                    f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?{', ?' if self.community else ''})",
                    (
                        guild_id, channel_id, creator_id, max_seats, json.dumps(options), seed, OPEN,
                        at, at, json.dumps(settings or {}), *((challenge,) if self.community else ()),
                    ),
                )
                await self._write_seats(db, table_id, seats)
        except Conflict as e:
            if challenge is not None and any(k in str(e) for k in ("game_tables.challenge", "one_challenge")):
                raise ChallengeTaken(f"user {creator_id} has played challenge {challenge}") from e
            if any(k in str(e) for k in ("game_tables.channel_id", "one_active_per_channel", "UNIQUE")):
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
            challenge=challenge,
        )

    def _turn_set(self, turn_seat: int | None) -> tuple[str, tuple[Any, ...]]:
        """`, turn_seat = ?` and its parameter for an UPDATE of game_tables (if the schema has it)."""
        return (", turn_seat = ?", (turn_seat,)) if self.community else ("", ())

    async def _write_seats(self, db: Tx, table_id: int, seats: Sequence[SeatRecord]) -> None:
        await db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        rows = seat_rows(table_id, seats)
        await db.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, is_ai, joined_at, ai_level,"
            + (" missed_in_row, ai_takeover, resigned) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
               if self.community else " missed_in_row, ai_takeover) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
            rows if self.community else [r[:-1] for r in rows],
        )  # fmt: skip

    async def _write_seat_states(self, db: Tx, table_id: int, seats: Sequence[SeatRecord]) -> None:
        """A started game's seats keep their people; their absence state (and resignation) changes."""
        resigned = ", resigned = ?" if self.community else ""
        await db.executemany(
            f"UPDATE seats SET missed_in_row = ?, ai_takeover = ?{resigned} WHERE table_id = ? AND seat = ?",
            [
                (s.missed_in_row, int(s.ai_takeover), *((int(s.resigned),) if resigned else ()), table_id, s.seat)
                for s in seats
            ],
        )

    @staticmethod
    async def _replace_timers(
        db: Tx,
        table_id: int,
        clear: Sequence[str],
        timers: Sequence[NewTimer],
        at: float,
    ) -> None:
        if clear:
            marks = ", ".join("?" for _ in clear)
            await db.write(
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
        turn_seat: int | None = None,
    ) -> None:
        """Mark a table started with its final seats and the snapshot of the opening state
        (and, in the same transaction, the timers of the first decision and its seat)."""
        at = time.time() if now is None else now
        turn = self._turn_set(turn_seat)
        async with self._tx() as db:
            await self._write_seats(db, table_id, seats)
            await self._insert_snapshot(db, table_id, snapshot)
            await self._replace_timers(db, table_id, clear_timers, timers, at)
            await db.execute(
                f"UPDATE game_tables SET status = ?, started_at = ?, updated_at = ?{turn[0]} WHERE id = ?",
                (STARTED, at, at, *turn[1], table_id),
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
                await self._game_over(db, table_id)

    # ----- the move log ------------------------------------------------------------------------

    async def _game_over(self, db: Tx, table_id: int) -> None:
        """The game is over (finished or abandoned), in the transaction that ends it: its log
        takes no more rows (PostgreSQL packs them here, `bot.store.packed`)."""

    async def _insert_snapshot(self, db: Tx, table_id: int, snap: SnapshotRecord) -> None:
        """The snapshot, compressed; the state of the one it supersedes is left to the log
        (`bot.store.codec`)."""
        if snap.state is None:
            raise ValueError("a new snapshot has its state")
        await db.write(
            self.UPSERT_SNAPSHOT,
            (
                table_id, snap.seq, snap.round, snap.phase,
                *encode_snapshot(snap.state, snap.carry, snap.report), snap.at,
            ),
        )  # fmt: skip
        await leave_to_log(db, table_id)

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
        orders: Sequence[tuple[int, str | None]] = (),
        turn_seat: int | None = None,
        outcome: GameOutcome | None = None,
    ) -> None:
        """Commit one applied choice (and the snapshot it calls for) in one transaction, with
        the seats whose absence state it changed (`missed_in_row`, `ai_takeover`), the table's
        timers of the kinds in `clear_timers` deleted and `timers` added, the seat of the next
        decision (`turn_seat`) and, with a game's last move, its `outcome`: the results and the
        ratings they change (`bot.store.community`).

        The insert fails (`Conflict`, nothing written) if the log already holds a row at this position
        (`move.n`, by default `move.seq`) or an applied move with this seq: a move is never
        recorded twice.
        """
        actor = move.who
        if actor not in ACTORS or actor == UNDO:
            raise ValueError(f"a move's actor is one of {ACTORS[:-1]}, not {actor!r}")
        async with self._tx() as db:
            await db.write(
                "INSERT INTO moves (table_id, n, seq, seat, user_id, code, at, actor)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, move.pos, move.seq, move.seat, move.user_id, move.code, move.at, actor),
            )
            if snapshot is not None:
                await self._insert_snapshot(db, table_id, snapshot)
            await self._write_seat_states(db, table_id, seat_states)
            await self._write_orders(db, table_id, orders)
            await self._replace_timers(db, table_id, clear_timers, timers, move.at)
            if finished:
                await db.write(
                    "UPDATE game_tables SET status = ?, finished_at = ?, updated_at = ? WHERE id = ?",
                    (FINISHED, move.at, move.at, table_id),
                )
                await db.write("DELETE FROM timers WHERE table_id = ?", (table_id,))
                if outcome is not None and self.community:
                    await self._store_outcome(db, outcome)
                await self._game_over(db, table_id)
            else:
                turn = self._turn_set(turn_seat)
                await db.write(
                    f"UPDATE game_tables SET updated_at = ?{turn[0]} WHERE id = ?", (move.at, *turn[1], table_id)
                )

    async def record_undos(
        self,
        table_id: int,
        undos: Sequence[tuple[MoveRecord, int]],
        *,
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
        orders: Sequence[tuple[int, str | None]] = (),
        turn_seat: int | None = None,
    ) -> None:
        """Log undos in one transaction (all of them or none), in order: for each `(undo,
        undone_n)` the applied choice at log position `undone_n` is marked undone and `undo`
        (actor `undo`, the seq and code taken back, who undid, at log position `undo.n`) is
        appended; then timers and orders as in `record_move`.

        `StoreError` if a choice is not the last applied one when its turn comes, is already
        undone, or a snapshot was taken after it (a choice that ended a phase is never undone).
        """
        if not undos or any(u.who != UNDO or u.n is None for u, _ in undos):
            raise ValueError("an undo row has actor 'undo' and its own log position n")
        async with self._tx() as db:
            if self.LOCK_TABLE:
                await db.fetch(self.LOCK_TABLE, (table_id,))
            for undo, undone_n in undos:
                rows = list(await db.fetch(
                    f"SELECT n, seq, code FROM moves WHERE table_id = ? AND {APPLIED}"
                    " ORDER BY seq DESC LIMIT 1",
                    (table_id,),
                ))  # fmt: skip
                if not rows or tuple(rows[0]) != (undone_n, undo.seq, undo.code):
                    raise StoreError(f"table {table_id}: move {undone_n} is not the last applied choice")
                later = list(await db.fetch(
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
            at, turn = undos[-1][0].at, self._turn_set(turn_seat)
            await db.execute(
                f"UPDATE game_tables SET updated_at = ?{turn[0]} WHERE id = ?", (at, *turn[1], table_id)
            )
            await self._replace_timers(db, table_id, clear_timers, timers, at)
            await self._write_orders(db, table_id, orders)

    @staticmethod
    async def _write_orders(db: Tx, table_id: int, orders: Sequence[tuple[int, str | None]]) -> None:
        if not orders:
            return
        await db.executemany(
            "UPDATE seats SET orders = ? WHERE table_id = ? AND seat = ?",
            [(text, table_id, seat) for seat, text in orders],
        )

    async def set_orders(self, table_id: int, seat: int, orders: str | None, *, now: float | None = None) -> None:
        """Set one seat's standing orders, queue and declaration (JSON; None: none) alone."""
        at = time.time() if now is None else now
        async with self._tx() as db:
            await self._write_orders(db, table_id, [(seat, orders)])
            await db.execute("UPDATE game_tables SET updated_at = ? WHERE id = ?", (at, table_id))

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
        """Remember that every phase report up to move count `seq` was posted (see `ack_report`)."""
        async with self._tx() as db:
            await db.write(
                f"UPDATE game_tables SET reported_seq = {self.GREATEST}(reported_seq, ?) WHERE id = ?",
                (seq, table_id),
            )
            await leave_to_log(db, table_id)  # the posted reports' states and texts: to the log

    async def ack_report(self, table_id: int, seq: int) -> None:
        """Remember that the phase report of snapshot `seq` (that one only) has been posted: an
        earlier report still waiting for its post stays unreported."""
        async with self._tx() as db:
            await db.write(
                "INSERT INTO posted_reports (table_id, seq) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (table_id, seq),
            )
            # The mark moves up to just below the oldest report still waiting (or over them all).
            await db.write(
                f"UPDATE game_tables SET reported_seq = {self.GREATEST}(reported_seq, COALESCE("
                " (SELECT MIN(s.seq) - 1 FROM snapshots s"
                "  WHERE s.table_id = game_tables.id AND s.report IS NOT NULL"
                "  AND s.seq > game_tables.reported_seq AND NOT EXISTS (SELECT 1 FROM posted_reports p"
                "  WHERE p.table_id = s.table_id AND p.seq = s.seq)),"
                " (SELECT MAX(p.seq) FROM posted_reports p WHERE p.table_id = game_tables.id),"
                " reported_seq)) WHERE id = ?",
                (table_id,),
            )
            await db.write(
                "DELETE FROM posted_reports WHERE table_id = ?"
                " AND seq <= (SELECT reported_seq FROM game_tables WHERE id = ?)",
                (table_id, table_id),
            )
            await leave_to_log(db, table_id)  # the posted reports' states and texts: to the log

    # ----- reading -----------------------------------------------------------------------------

    async def get_table(self, table_id: int) -> TableRecord | None:
        rows = await self._fetchall(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        table = table_record(rows[0])
        table.seats = await self.seats(table_id)
        return table

    async def last_table_in_channel(self, channel_id: int) -> TableRecord | None:
        """The channel's active table, else its most recent one of any status."""
        rows = await self._fetchall(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE channel_id = ?"
            " ORDER BY status IN ('open', 'started') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        if not rows:
            return None
        table = table_record(rows[0])
        table.seats = await self.seats(table.id)
        return table

    async def seats(self, table_id: int) -> list[SeatRecord]:
        rows = await self._fetchall(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [seat_record(r) for r in rows]

    async def moves(self, table_id: int, *, from_seq: int = 0) -> list[MoveRecord]:
        """The applied choices (the game's history from `from_seq` on; undone ones left out)."""
        rows = await self._fetchall(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE table_id = ? AND seq >= ? AND {APPLIED}"
            " ORDER BY seq",
            (table_id, from_seq),
        )
        return [move_record(r) for r in rows]

    async def move_log(self, table_id: int) -> list[MoveRecord]:
        """The whole log in order: every choice applied (undone ones marked) and every undo."""
        rows = await self._fetchall(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE table_id = ? ORDER BY n", (table_id,)
        )
        return [move_record(r) for r in rows]

    async def log_size(self, table_id: int) -> int:
        """The number of rows in the table's log (the position of the next one)."""
        rows = await self._fetchall("SELECT MAX(n) FROM moves WHERE table_id = ?", (table_id,))
        return 0 if not rows or rows[0][0] is None else int(rows[0][0]) + 1

    async def snapshots(self, table_id: int) -> list[SnapshotRecord]:
        rows = await self._fetchall(
            f"SELECT {SNAPSHOT_COLUMNS} FROM snapshots WHERE table_id = ?"
            " ORDER BY seq",
            (table_id,),
        )
        return [snapshot_record(r) for r in rows]

    async def unreported(self, table_id: int) -> list[SnapshotRecord]:
        """Snapshots carrying a phase report that was never acknowledged, oldest first."""
        rows = await self._fetchall(
            "SELECT s.seq, s.round, s.phase, s.state, s.carry, s.report, s.at"
            " FROM snapshots s JOIN game_tables t ON t.id = s.table_id"
            " WHERE s.table_id = ? AND s.report IS NOT NULL AND s.seq > t.reported_seq"
            " AND NOT EXISTS (SELECT 1 FROM posted_reports p WHERE p.table_id = s.table_id AND p.seq = s.seq)"
            " ORDER BY s.seq",
            (table_id,),
        )
        return [snapshot_record(r) for r in rows]

    async def load_table(self, table_id: int) -> StoredTable | None:
        """One table with its latest snapshot and the moves logged after it."""
        table = await self.get_table(table_id)
        if table is None:
            return None
        rows = await self._fetchall(
            f"SELECT {SNAPSHOT_COLUMNS} FROM snapshots WHERE table_id = ?"
            " ORDER BY seq DESC LIMIT 1",
            (table_id,),
        )
        snap = snapshot_record(rows[0]) if rows else None
        moves = await self.moves(table_id, from_seq=snap.seq if snap else 0)
        return StoredTable(
            table, snap, moves, await self.log_size(table_id), await self.timers_for(table_id)
        )

    async def load_active(self, *, shards: ShardFilter | None = None) -> list[StoredTable]:
        """Every table the manager keeps in memory, in six queries whatever their number; only
        the tables of guilds of `shards` (default: the store's filter; None: all)."""
        return assemble(await self._fetch_many(self._load_active_queries(shards or self.shards)))

    def _load_active_queries(self, shards: ShardFilter | None) -> list[str]:
        return load_active_queries(shards)

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
            return await db.insert_id(
                "INSERT INTO timers (table_id, kind, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (table_id, kind, due_at, json.dumps(payload or {}), time.time()),
            )

    async def due_timers(
        self, now: float | None = None, *, limit: int = 100, shards: ShardFilter | None = None
    ) -> list[TimerRecord]:
        """Timers due at `now` (default: the clock), soonest first; only those of tables of
        guilds of `shards` (default: the store's filter; None: all)."""
        at = time.time() if now is None else now
        rows = await self._fetchall(
            f"SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= ?{self._owned(shards)}"
            " ORDER BY due_at, id LIMIT ?",
            (at, limit),
        )
        return [timer_record(r) for r in rows]

    async def timers_for(self, table_id: int, kind: str | None = None) -> list[TimerRecord]:
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE table_id = ?"
        params: list[Any] = [table_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        rows = await self._fetchall(sql + " ORDER BY due_at, id", params)
        return [timer_record(r) for r in rows]

    async def next_timer_due(self, *, shards: ShardFilter | None = None) -> float | None:
        """When the soonest timer (of the owned shards' tables) is due; None: no timer."""
        rows = await self._fetchall(f"SELECT MIN(due_at) FROM timers WHERE 1 = 1{self._owned(shards)}")
        return rows[0][0] if rows else None

    def _owned(self, shards: ShardFilter | None) -> str:
        """` AND <the timer's table is of an owned shard>`, or nothing without a filter."""
        f = shards or self.shards
        if f is None or f.is_everything:
            return ""
        return f" AND table_id IN (SELECT id FROM game_tables WHERE {shard_sql(f)})"

    async def delete_timer(self, timer: TimerRecord) -> bool:  # the very timer read: TIMER_IDENTITY
        async with self._tx() as db:
            return await db.execute(f"DELETE FROM timers WHERE {TIMER_IDENTITY}", timer.identity) > 0

    async def delete_timers(self, table_id: int, kind: str | None = None) -> int:
        async with self._tx() as db:
            if kind is None:
                return await db.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))
            return await db.execute(
                "DELETE FROM timers WHERE table_id = ? AND kind = ?", (table_id, kind)
            )
