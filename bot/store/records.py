"""Plain records read from and written to the store.

The store knows neither Discord nor the rules core: Discord ids are plain ints, a game state is
the JSON text the rules core produced, options are a JSON-friendly dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OPEN = "open"
STARTED = "started"
FINISHED = "finished"
ABANDONED = "abandoned"
STATUSES = (OPEN, STARTED, FINISHED, ABANDONED)
ACTIVE = (OPEN, STARTED)


@dataclass(slots=True)
class SeatRecord:
    seat: int
    name: str
    user_id: int | None  # None for an AI seat
    is_ai: bool = False
    joined_at: float = 0.0


@dataclass(slots=True)
class TableRecord:
    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    max_seats: int
    options: dict[str, Any]
    seed: int
    status: str
    created_at: float
    updated_at: float
    started_at: float | None = None
    finished_at: float | None = None
    reported_seq: int = -1
    seats: list[SeatRecord] = field(default_factory=list)


@dataclass(slots=True)
class MoveRecord:
    seq: int  # index in the game's history (0-based)
    seat: int
    user_id: int | None  # None when an AI seat chose
    code: str
    at: float


@dataclass(slots=True)
class SnapshotRecord:
    seq: int  # number of moves applied
    round: int
    phase: int
    state: str  # Game.to_json()
    carry: str  # JSON owned by the game manager
    report: str | None  # JSON owned by the game manager
    at: float


@dataclass(slots=True)
class StoredTable:
    """A table as the manager needs it at load: latest snapshot plus the moves after it."""

    table: TableRecord
    snapshot: SnapshotRecord | None
    moves: list[MoveRecord]


@dataclass(slots=True)
class TimerRecord:
    id: int
    table_id: int
    kind: str
    due_at: float
    payload: dict[str, Any]
    created_at: float
