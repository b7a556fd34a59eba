"""What both backends share: column lists, the start-up queries, and rows -> records."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .codec import decompress, decompress_opt
from .records import (
    FINISHED,
    OPEN,
    STARTED,
    MoveRecord,
    SeatRecord,
    SnapshotRecord,
    StoredTable,
    TableRecord,
    TimerRecord,
)
from .shards import ShardFilter, shard_sql

TABLE_COLUMNS = (
    "id, guild_id, channel_id, creator_id, max_seats, options, seed, status, "
    "created_at, updated_at, started_at, finished_at, reported_seq, settings, turn_seat, challenge"
)
SEAT_COLUMNS = (
    "seat, name, user_id, is_ai, joined_at, ai_level, missed_in_row, ai_takeover, orders, resigned"
)
MOVE_COLUMNS = "seq, seat, user_id, code, at, actor, n, undone"
SNAPSHOT_COLUMNS = "seq, round, phase, state, carry, report, at"
TIMER_COLUMNS = "id, table_id, kind, due_at, payload, created_at"
# One timer, the very one read (`TimerRecord.identity`): SQLite gives a deleted row's id to the
# next row, so a scheduler pass that drops a stale timer by its id alone deleted another table's
# new deadline, and that game waited for ever (found by benchmarks/soak.py).
TIMER_IDENTITY = "id = ? AND table_id = ? AND kind = ? AND due_at = ? AND created_at = ?"
# The applied choices: not an undo row, not taken back by one.
APPLIED = "actor != 'undo' AND undone = 0"


def loaded_cte(shards: ShardFilter | None) -> str:
    """Tables the manager loads at start-up: open or started ones, and finished ones whose last
    phase report was never acknowledged (so that it can still be posted); of the owned shards."""
    return f"""
loaded(id) AS (
    SELECT id FROM game_tables
    WHERE ({shard_sql(shards)}) AND (status IN ('{OPEN}', '{STARTED}')
       OR (status = '{FINISHED}' AND reported_seq < COALESCE(
            (SELECT MAX(s.seq) FROM snapshots s
             WHERE s.table_id = game_tables.id AND s.report IS NOT NULL), -1)))
)"""


# Per loaded table, one look-up in the (table_id, seq) key rather than a scan of all snapshots;
# MATERIALIZED (PostgreSQL 12+, SQLite 3.35+) so that the look-up runs once per table, not once
# per joined move row.
LATEST_CTE_TEMPLATE = """
latest(table_id, seq) AS {materialized}(
    SELECT id, (SELECT MAX(s.seq) FROM snapshots s WHERE s.table_id = loaded.id) FROM loaded
)"""


def load_active_queries(shards: ShardFilter | None, *, materialize: bool = True) -> list[str]:
    """The six queries of `load_active` (tables, seats, snapshots, moves, log sizes, timers),
    `?`-free so that both backends run them as they are. `materialize`: the database knows
    `AS MATERIALIZED` (PostgreSQL 12+, SQLite 3.35+)."""
    loaded = loaded_cte(shards)
    LATEST_CTE = LATEST_CTE_TEMPLATE.format(materialized="MATERIALIZED " if materialize else "")
    return [
        f"WITH {loaded} SELECT {TABLE_COLUMNS} FROM game_tables"
        " WHERE id IN (SELECT id FROM loaded) ORDER BY id",
        f"WITH {loaded} SELECT table_id, {SEAT_COLUMNS} FROM seats"
        " WHERE table_id IN (SELECT id FROM loaded) ORDER BY table_id, seat",
        f"WITH {loaded}, {LATEST_CTE} SELECT s.table_id, s.seq, s.round, s.phase, s.state,"
        " s.carry, s.report, s.at FROM snapshots s JOIN latest l"
        " ON s.table_id = l.table_id AND s.seq = l.seq",
        f"WITH {loaded}, {LATEST_CTE} SELECT m.table_id, m.seq, m.seat, m.user_id, m.code, m.at,"
        " m.actor, m.n, m.undone FROM moves m JOIN latest l ON m.table_id = l.table_id"
        " AND m.seq >= l.seq WHERE m.actor != 'undo' AND m.undone = 0"
        " ORDER BY m.table_id, m.seq",
        f"WITH {loaded} SELECT table_id, n FROM (SELECT id AS table_id,"
        " (SELECT MAX(m.n) FROM moves m WHERE m.table_id = loaded.id) AS n FROM loaded) sizes"
        " WHERE n IS NOT NULL",
        f"WITH {loaded} SELECT {TIMER_COLUMNS} FROM timers"
        " WHERE table_id IN (SELECT id FROM loaded) ORDER BY due_at, id",
    ]


def assemble(results: Sequence[Sequence[Sequence[Any]]]) -> list[StoredTable]:
    """The rows of the six `load_active_queries`, in that order -> one StoredTable per table."""
    tables, seats, snaps, moves, sizes, timers = results
    out: dict[int, StoredTable] = {}
    for row in tables:
        rec = table_record(row)
        out[rec.id] = StoredTable(rec, None, [], 0)
    for row in seats:
        out[row[0]].table.seats.append(seat_record(tuple(row)[1:]))
    for row in snaps:
        out[row[0]].snapshot = snapshot_record(tuple(row)[1:])
    for row in moves:
        out[row[0]].moves.append(move_record(tuple(row)[1:]))
    for row in sizes:
        out[row[0]].log_size = int(row[1]) + 1
    for row in timers:
        out[row[1]].timers.append(timer_record(row))
    return list(out.values())


def table_record(row: Sequence[Any]) -> TableRecord:
    # row: TABLE_COLUMNS
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
        turn_seat=row[14] if len(row) > 14 else None,  # read by the code of a schema before version 8
        challenge=row[15] if len(row) > 15 else None,
    )


def seat_record(row: Sequence[Any]) -> SeatRecord:
    # row: SEAT_COLUMNS
    orders = row[8] if len(row) > 8 else None  # read by the code of a schema before version 7
    resigned = bool(row[9]) if len(row) > 9 else False  # ... before version 8
    return SeatRecord(
        row[0], row[1], row[2], bool(row[3]), row[4], row[5], row[6], bool(row[7]), orders, resigned
    )


def snapshot_record(row: Sequence[Any]) -> SnapshotRecord:
    # row: SNAPSHOT_COLUMNS
    return SnapshotRecord(
        row[0], row[1], row[2], decompress_opt(row[3]), decompress(row[4]), decompress_opt(row[5]), row[6]
    )


def move_record(row: Sequence[Any]) -> MoveRecord:
    # row: MOVE_COLUMNS
    return MoveRecord(row[0], row[1], row[2], row[3], row[4], row[5], row[6], bool(row[7]))


def timer_record(row: Sequence[Any]) -> TimerRecord:
    # row: TIMER_COLUMNS
    return TimerRecord(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5])


def seat_rows(table_id: int, seats: Sequence[SeatRecord]) -> list[tuple[Any, ...]]:
    """Parameters of `INSERT INTO seats (table_id, seat, user_id, name, is_ai, joined_at,
    ai_level, missed_in_row, ai_takeover, resigned)`."""
    return [
        (
            table_id, s.seat, s.user_id, s.name, int(s.is_ai), s.joined_at, s.ai_level,
            s.missed_in_row, int(s.ai_takeover), int(s.resigned),
        )
        for s in seats
    ]  # fmt: skip
