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
    resigned: bool = False  # the person gave the seat up: the AI plays it to the end, for good


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
    turn_seat: int | None = None  # the seat whose decision is pending (None: none, or not known)
    challenge: str | None = None  # the weekly challenge it plays ("2026-W49"); None: a usual table


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

    @property
    def identity(self) -> tuple[int, int, str, float, float]:
        """(id, table_id, kind, due_at, created_at): what tells this timer from a later one
        stored under the same id (SQLite gives a deleted row's id to the next row)."""
        return (self.id, self.table_id, self.kind, self.due_at, self.created_at)


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


# ----- the community: results, ratings, preferences, watchers, server defaults (issue 25) -----

NOTIFY_MODES = ("channel", "dm", "both")  # where a person's call backs go (PrefsRecord.notify)
GLOBAL_SCOPE = 0  # the ratings across the bot (a server's are scoped by its guild id)


def player_key(user_id: int | None, ai_level: str | None) -> str:
    """The rated player of a seat: a person (`u:<id>`) or an AI level (`ai:<level>`)."""
    return f"u:{user_id}" if user_id is not None else f"ai:{ai_level}"


@dataclass(slots=True)
class ResultRecord:
    """One seat's result in a finished game (what stats and ratings are computed from)."""

    seat: int
    name: str
    user_id: int | None  # None: an AI seat
    ai_level: str | None  # an AI seat's level (its rating is that level's)
    score: int
    place: int  # 1 = first; tied totals share a place (no tie-breaker, rules §2.8)
    won: bool
    resigned: bool = False
    buildings: dict[str, int] = field(default_factory=dict)  # workers sent, per building or place
    answers: int = 0  # call backs the person answered themself
    answer_seconds: float = 0.0  # the time those answers took, in all

    @property
    def player(self) -> str:
        return player_key(self.user_id, self.ai_level)


@dataclass(slots=True)
class GameOutcome:
    """A finished game's results, stored (and rated) in the transaction that ends it."""

    table_id: int
    guild_id: int
    finished_at: float
    results: list[ResultRecord]
    rated: bool  # at least two people played it
    challenge: str | None = None  # the weekly challenge it was ("2026-W49"), None: a usual game


@dataclass(slots=True)
class RatingRecord:
    scope: int  # a guild id, or GLOBAL_SCOPE
    player: str  # player_key
    mu: float
    sigma: float
    games: int
    updated_at: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate the boards sort by (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma

    @property
    def user_id(self) -> int | None:
        return int(self.player[2:]) if self.player.startswith("u:") else None

    @property
    def ai_level(self) -> str | None:
        return self.player[3:] if self.player.startswith("ai:") else None


@dataclass(slots=True)
class RatingPoint:
    """A rating after one game (the history behind the chart)."""

    table_id: int
    mu: float
    sigma: float
    at: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(slots=True)
class PlayerStats:
    """A person's figures over their finished games (a server's, or everywhere)."""

    user_id: int
    games: int = 0
    wins: int = 0
    resigned: int = 0
    mean_score: float | None = None
    best_score: int | None = None
    answers: int = 0
    answer_seconds: float = 0.0
    buildings: dict[str, int] = field(default_factory=dict)  # workers sent, over every game
    rating: RatingRecord | None = None
    history: list[RatingPoint] = field(default_factory=list)  # oldest first

    @property
    def mean_answer(self) -> float | None:
        """Mean seconds to answer a call back, None without an answer."""
        return self.answer_seconds / self.answers if self.answers else None


@dataclass(slots=True)
class PrefsRecord:
    """A person's notification settings (no row: the defaults)."""

    user_id: int
    notify: str = "channel"  # NOTIFY_MODES
    time_zone: str | None = None  # IANA name; None: quiet hours are not set
    quiet_from: int | None = None  # minutes after local midnight
    quiet_to: int | None = None
    dm_refused_at: float | None = None  # when Discord last refused them a DM (they were told)
    updated_at: float = 0.0


@dataclass(slots=True)
class UserTable:
    """A table a person sits at (for `mygames`): where, and whose decision it waits for."""

    table_id: int
    guild_id: int
    channel_id: int
    status: str
    seat: int  # the person's seat
    seats: int
    turn_seat: int | None  # the pending decision's seat; None: not started or unknown
    turn_name: str | None
    turn_user: int | None  # the person it waits for; None: the AI decides, or nobody yet
    deadline_at: float | None
    settings: dict[str, Any] = field(default_factory=dict)
    updated_at: float = 0.0


@dataclass(slots=True)
class ChallengeEntry:
    """One person's result in a weekly challenge."""

    user_id: int
    name: str
    guild_id: int
    score: int
    place: int  # their place at their table (against the three AI seats)
    finished_at: float
