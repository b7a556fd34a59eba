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


# Who made a logged choice (moves.actor).
PLAYER = "player"  # the seat's person pressed
AI = "ai"  # an AI seat chose
AUTO = "auto"  # the deadline passed: the game chose for the absent person
TAKEOVER = "takeover"  # the AI chose for a person's seat it has taken over
UNDO = "undo"  # not a choice: the person took back the choice at `seq`
ORDER = "order"  # the seat's standing order answered (bot.games.orders)
QUEUE = "queue"  # the seat's placement queue answered
DECLARED = "declared"  # the provost move the seat declared ahead
RULE = "rule"  # the rules showed the choice had one sensible answer (bot.rules.obvious_choice)
ACTORS = (PLAYER, AI, AUTO, TAKEOVER, ORDER, QUEUE, DECLARED, RULE, UNDO)

# Timer kinds of the game manager's deadlines (the `timers` table holds any kind).
REMINDER = "reminder"
DEADLINE = "deadline"


@dataclass(slots=True)
class SeatRecord:
    seat: int
    name: str
    user_id: int | None  # None for an AI seat
    is_ai: bool = False
    joined_at: float = 0.0
    ai_level: str | None = None  # an AI seat's level; None: the manager's default
    missed_in_row: int = 0  # deadlines missed in a row (a move by the person resets it)
    ai_takeover: bool = False  # a person's seat the AI plays until they take it back
    orders: str | None = None  # standing orders, queue, declaration (JSON, bot.games.orders); None: none


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
    settings: dict[str, Any] = field(default_factory=dict)  # the manager's table settings (JSON)


@dataclass(slots=True)
class MoveRecord:
    """One row of the move log: an applied choice, or (actor `undo`) the undo of one."""

    seq: int  # index in the game's history (0-based)
    seat: int
    user_id: int | None  # None when the AI chose
    code: str
    at: float
    actor: str | None = None  # one of ACTORS; None: PLAYER if user_id else AI
    n: int | None = None  # position in the table's log; None: the same as seq (no undo so far)
    undone: bool = False  # taken back by a later undo row

    @property
    def who(self) -> str:
        if self.actor is not None:
            return self.actor
        return PLAYER if self.user_id is not None else AI

    @property
    def pos(self) -> int:
        return self.seq if self.n is None else self.n


@dataclass(slots=True)
class SnapshotRecord:
    seq: int  # number of moves applied
    round: int
    phase: int
    state: str | None  # Game.to_json(); None: superseded (a table's opening and latest are kept)
    carry: str  # JSON owned by the game manager
    report: str | None  # JSON owned by the game manager
    at: float


@dataclass(slots=True)
class TimerRecord:
    id: int
    table_id: int
    kind: str
    due_at: float
    payload: dict[str, Any]
    created_at: float


@dataclass(slots=True)
class NewTimer:
    """A timer to store together with a move (see `Store.record_move`)."""

    kind: str
    due_at: float
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class StoredTable:
    """A table as the manager needs it at load: latest snapshot plus the moves after it."""

    table: TableRecord
    snapshot: SnapshotRecord | None
    moves: list[MoveRecord]  # the applied choices after the snapshot (undone ones left out)
    log_size: int | None = None  # rows in the table's move log (undos included); None: unknown
    timers: list[TimerRecord] = field(default_factory=list)
