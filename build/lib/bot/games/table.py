"""A table in memory: its seats, status, the live game and what is pending.

The manager owns every `Table` and changes it only under the channel's lock; everyone else reads
it (treat it as read-only: `table.game` is the live rules-core game, for showing prompts, money
and cubes).
"""

from __future__ import annotations

from collections import deque
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from bot.rules import Decision, Event, Game, Options, ScoreLine
from bot.store import ABANDONED, FINISHED, OPEN, STARTED, MoveRecord, SeatRecord, TableRecord

from .orders import SeatOrders
from .reports import Chronicle
from .settings import TableSettings
from .timeline import Timeline

RECENT_EVENTS = 200


@dataclass(frozen=True, slots=True)
class TurnTimers:
    """When the pending decision (decision `number`) is reminded of and when its deadline passes
    (Unix seconds); what a table keeps in memory of its stored timers."""

    number: int
    reminder_at: float
    deadline_at: float


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at a table; `user_id` is the Discord id, None for an AI seat.

    An AI seat plays at `ai_level` (None: the manager's default level). A person's seat counts
    the deadlines missed in a row; with `ai_takeover` the AI plays it (at the table's
    `settings.ai_level`) until the person takes it back; the seat stays theirs.
    """

    seat: int
    name: str
    user_id: int | None
    is_ai: bool = False
    joined_at: float = 0.0
    ai_level: str | None = None
    missed_in_row: int = 0
    ai_takeover: bool = False
    resigned: bool = False  # the person gave the seat up: the AI plays it (`ai_takeover`) for good

    @property
    def automatic(self) -> bool:
        """The AI decides for this seat (an AI seat, or a person's seat taken over)."""
        return self.is_ai or self.ai_takeover

    def record(self) -> SeatRecord:
        return SeatRecord(
            self.seat, self.name, self.user_id, self.is_ai, self.joined_at, self.ai_level,
            self.missed_in_row, self.ai_takeover, resigned=self.resigned,
        )  # fmt: skip

    @classmethod
    def from_record(cls, r: SeatRecord) -> Seat:
        return cls(
            r.seat, r.name, r.user_id, r.is_ai, r.joined_at, r.ai_level, r.missed_in_row, r.ai_takeover, r.resigned
        )


@dataclass(frozen=True, slots=True)
class Pending:
    """Whose decision a table waits for: the seat, the Discord id to ping (None: the AI decides),
    the decision, its `number` (put it in buttons; `act` checks it) and its deadline.

    Three counts are kept apart at a table: the **decision number** (`number` here, the
    position of the next row in the move log, which holds choices and undos), the **history
    index** (a choice's position in the game's history, `AppliedMove.history_index`) and the
    **moves applied** (`Table.moves_applied`, the history's length). The decision number equals
    the moves applied until a choice is undone; after an undo the decision gets a new number, so
    buttons of the decisions made before are stale. `decision.seq` carries the decision number
    too (the table renumbers it), so either can be used.
    `deadline_at` / `reminder_at` are Unix seconds (None: no deadline at this table, or the AI
    decides); `ai_takeover`: a person's seat that the AI plays for now (`user_id` is None).
    """

    table_id: int
    guild_id: int
    channel_id: int
    seat: int
    name: str
    user_id: int | None
    is_ai: bool
    decision: Decision
    number: int
    deadline_at: float | None = None
    reminder_at: float | None = None
    ai_takeover: bool = False


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: final scores in seat order (with breakdown) and the winning seats."""

    scores: list[ScoreLine]
    winners: list[int]
    seats: list[Seat]

    @property
    def winner_names(self) -> list[str]:
        return [self.seats[w].name for w in self.winners]

    def line(self) -> str:
        """`Ann=45 Bob=38 …` in seat order."""
        return " ".join(f"{s.name}={s.total}" for s in self.scores)


def options_to_dict(options: Options) -> dict[str, Any]:
    return asdict(options)


def options_from_dict(d: dict[str, Any]) -> Options:
    known = {f.name for f in fields(Options)}
    return Options(**{k: v for k, v in d.items() if k in known})


class Table:
    """One table: lobby while open, then a game; finished or abandoned at the end."""

    def __init__(self, rec: TableRecord) -> None:
        self.id = rec.id
        self.game: Game | None = None
        self.chronicle = Chronicle()
        self.recent: deque[Event] = deque(maxlen=RECENT_EVENTS)
        self.timeline = Timeline()  # the last moves, by seat: what a person missed (issue 24)
        # The move log as far as the manager needs it: its rows (choices and undos; their count
        # is the pending decision's number) and the applied choices since the latest snapshot
        # (the ones an undo may reach).
        self.log_rows = 0
        self.since_snapshot: list[MoveRecord] = []
        # The pending decision's reminder and deadline.
        self.timers: TurnTimers | None = None
        # person -> the decision they answered last: a second click on it is "already done"
        self.answered: dict[int, int] = {}
        # When each seat last used the table (any command or button of theirs here), in memory
        # only; when an invitation last pinged it is stored with its orders (`SeatOrders.invited`,
        # cleared by the person's next change or move), so a restart does not ping them again.
        self.seen: dict[int, float] = {}
        self.update(rec)

    def update(self, rec: TableRecord) -> None:
        """Take the stored fields of `rec` (the game, chronicle and recent events are kept)."""
        self.guild_id = rec.guild_id
        self.channel_id = rec.channel_id
        self.creator_id = rec.creator_id
        self.max_seats = rec.max_seats
        self.options = options_from_dict(rec.options)
        self.seed = rec.seed
        self.status = rec.status
        self.created_at = rec.created_at
        self.updated_at = rec.updated_at
        self.started_at = rec.started_at
        self.finished_at = rec.finished_at
        self.reported_seq = rec.reported_seq
        self.seats: list[Seat] = [Seat.from_record(s) for s in rec.seats]
        self.settings = TableSettings.from_dict(rec.settings)
        self.challenge = rec.challenge  # the weekly challenge it plays ("2026-W49"), None: a usual table
        # Standing orders, placement queue and declaration of the seats that have some
        # (bot.games.orders); stored with the seats, changed only under the table's lock.
        self.orders: dict[int, SeatOrders] = {s.seat: SeatOrders.from_json(s.orders) for s in rec.seats if s.orders}

    # ----- reading ------------------------------------------------------------------------

    def awaited(self, seat: int, now: float, within: float) -> bool:
        """The seat's person was invited less than `within` seconds before `now` and has not used
        the table since: their turn message need not ping them again (bot/ui/turnpost.py)."""
        o = self.orders.get(seat)
        at = o.invited if o is not None else None
        return at is not None and now - at < within and self.seen.get(seat, float("-inf")) < at

    @property
    def is_open(self) -> bool:
        return self.status == OPEN

    @property
    def is_started(self) -> bool:
        return self.status == STARTED

    @property
    def is_finished(self) -> bool:
        return self.status == FINISHED

    @property
    def is_abandoned(self) -> bool:
        return self.status == ABANDONED

    @property
    def is_active(self) -> bool:
        return self.status in (OPEN, STARTED)

    @property
    def is_full(self) -> bool:
        return len(self.seats) >= self.max_seats

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def moves_applied(self) -> int:
        return len(self.game.state.history) if self.game else 0

    def seat_of(self, user_id: int) -> Seat | None:
        for s in self.seats:
            if not s.is_ai and s.user_id == user_id:
                return s
        return None

    @property
    def decision(self) -> Decision | None:
        """The pending decision, its `seq` being the table's decision number (see `Pending`)."""
        if self.status != STARTED or self.game is None:
            return None
        d = self.game.decision
        if d is not None and d.seq != self.log_rows:
            d = d._replace(seq=self.log_rows)
        return d

    @property
    def pending_timers(self) -> TurnTimers | None:
        """The pending decision's reminder and deadline, None if it has none."""
        c = self.timers
        return c if c is not None and c.number == self.log_rows and self.decision is not None else None

    @property
    def deadline_at(self) -> float | None:
        """When the pending decision's deadline passes (Unix seconds), None if it has none."""
        c = self.pending_timers
        return c.deadline_at if c is not None else None

    @property
    def pending(self) -> Pending | None:
        d = self.decision
        if d is None:
            return None
        s = self.seats[d.player]
        c = self.pending_timers
        return Pending(
            self.id, self.guild_id, self.channel_id, s.seat, s.name,
            None if s.automatic else s.user_id, s.automatic, d, d.seq,
            c.deadline_at if c else None, c.reminder_at if c else None, s.ai_takeover,
        )  # fmt: skip

    def with_seat(self, seat: int, **changes: Any) -> list[Seat]:
        """The seats with one of them changed (the table is not touched)."""
        return [replace(s, **changes) if s.seat == seat else s for s in self.seats]

    @property
    def result(self) -> GameResult | None:
        if self.game is None or not self.game.over:
            return None
        return GameResult(self.game.final_scores(), self.game.winners(), list(self.seats))

    def __repr__(self) -> str:
        return f"<Table {self.id} channel={self.channel_id} {self.status} seats={self.names}>"
