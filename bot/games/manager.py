"""The game manager: one active table per channel (or thread), every input through one path.

For every input: take the channel's lock → check the actor and that the input answers the
pending decision (by its sequence number) → apply it through the rules core → commit the move
(and, at a phase end, a snapshot) to the store → report what happened. The caller is told only
after the commit. Board images are drawn after the lock is released, in an executor.

Surface for the Discord layer (all ids are plain ints; every refusal is a `Refusal`):

    manager = await Manager.open(settings_or_path, *, clock=time.time, listener=None,
                                 ai_level="random")     # store opened and migrated
    await manager.load()                                # active tables back in memory
    table = await manager.create_table(guild_id, channel_id, creator_id, creator_name,
                                       seats=4, options=None, *, seed=None, seat_creator=True,
                                       ai_names=(), ai_seats=(), settings=None)
                                                        # -> Table (open, creator seated)
    await manager.join(channel_id, user_id, name)       # -> Table
    await manager.leave(channel_id, user_id)            # -> Table (before the start only)
    await manager.add_ai(channel_id, user_id, name=None, *, is_moderator=False,
                         level=None)                    # -> Table
    result = await manager.start(channel_id, user_id, *, is_moderator=False)     # -> ActResult
    result = await manager.act(channel_id, user_id, seq, code)                   # -> ActResult
    result = await manager.advance(channel_id, max_moves=None)  # AI seats' pending decisions
    result = await manager.undo(channel_id, user_id)    # -> ActResult (.undone, .pending)
    manager.can_undo(channel_id, user_id)               # bool, cheap: show an Undo button?
    await manager.take_back(channel_id, user_id)        # -> Table: the AI gives the seat back
    await manager.abandon(channel_id, user_id, *, is_moderator=False)            # -> Table
    manager.table(channel_id) / table_by_id(id) / tables()          # Table | None, list
    manager.pending(channel_id)                         # Pending | None: whose turn, id to ping
    manager.tables_waiting_on(user_id) / waiting()      # list[Pending] across all tables
    manager.recent_events(channel_id, n=20)             # list[Event]
    await manager.last_table(channel_id)                # also a finished one, from the store
    await manager.ack(report)                           # after posting a phase report
    await manager.undelivered_reports(channel_id=None)  # after a restart: reports never acked
    manager.listener = MyListener()                     # see bot.games.deadlines.Listener
    manager.start_scheduler()                           # fires deadlines and reminders when due
    await manager.run_due_timers()                      # -> list[FiredTimer]; what the task calls
    await manager.stop_scheduler()
    await manager.close()                               # stops the scheduler too

Refusals (all `Refusal` with `.message`): NoTable, TableExists, NotStarted, AlreadyStarted,
GameOver, NotAPlayer, NotYourTurn(.whose: Pending), StaleDecision(.given_seq, .current_seq),
Illegal(.reason), TableFull, AlreadySeated, NotEnoughPlayers, NotAllowed, BadRequest,
TakenOver (the AI plays your seat: take it back first), NotTakenOver, CannotUndo and its kinds
NothingToUndo, ActedSince(.name), NotYourChoice, PhaseOver; Unavailable (the store failed;
nothing changed).

Decision numbers. `pending.seq` (also `pending.decision.seq`) is the table's decision number:
the position of the next row in the move log. Put it in buttons and pass it back to `act`; a
button whose number is not the pending decision's is stale. It equals the index in the game's
history (`AppliedMove.seq`) until a choice is undone; an undo gives the decision a new number.

Deadlines (`TableSettings`, chosen at `create_table(settings=...)`, stored with the table; see
`bot.games.settings`): `deadline` seconds per decision, one of None, 600, 3600, 43200, 86400,
259200 (default None); `absent_rule` "auto" (the only rule: the AI policy moves for the absent
player); `takeover_after` 1..5 or None (default 3) missed deadlines in a row before the AI takes
the seat over; `ai_level` "greedy" (default) or "random" for those moves. When a person's
decision becomes pending at a table with a deadline, a reminder (half time) and the deadline are
stored with the move that made it pending; `pending.deadline_at` / `pending.reminder_at` (Unix
seconds) say when, for the turn message. `run_due_timers` (called by the scheduler task; tests
call it with a manual `clock`) reminds through `listener.on_reminder(pending, deadline_at)` and,
at the deadline, makes the move for the player (logged with actor "auto"), lets the AI seats
that follow play, and tells `listener.on_auto(result, why)` (`why`: "Bob missed the deadline:
the game played Carpenter (road 8) for them.") and, if the seat was handed to the AI,
`listener.on_takeover(table, seat)`. A person's own move resets their count; `take_back` ends a
take-over. Timers live in the store: after a restart, `start_scheduler()` fires those that fell
due while the bot was down, once (a reminder whose deadline also passed is skipped), and lets
AI seats that were interrupted play on (`on_auto`). No timers for AI seats or taken-over seats.

AI seats play at their own level (`create_table(ai_seats=["greedy", ...])`,
`add_ai(level=...)`; seats without one, such as `ai_names`, at the manager's `ai_level`).
Automatic moves for absent players and taken-over seats play at the table's
`settings.ai_level`. AI moves are never pinged: `Pending.user_id` is None when the AI decides.

Undo (`bot.games.undo`): a person may take back their last choice while it is the table's last
one (nobody, AI seats included, has chosen since, and the game did not choose it for them) and
it did not end a phase (the phase report is out: `PhaseOver`). The game is replayed from the
seed without it and verified; the log gets an "undo" row and the choice is marked undone, so the
log replays to the same game (`bot.games.undo.history_from_log`). The decision is the player's
again, with a new number and a fresh deadline.

Answer the interaction (or defer it) before awaiting `act`: with AI seats to play and boards to
draw, a call can take longer than Discord's 3 seconds.

`ActResult` holds the moves applied (the actor's, then those of AI seats that followed; each
`AppliedMove` says its `actor`: player, ai, auto, takeover), their events, the phase reports cut
meanwhile (each with its PNG), the next pending decision, the seats handed to the AI meanwhile
(`takeovers`), `undone` for an undo and, at the end, the `GameResult`. AI seats play themselves:
when the pending decision belongs to an AI seat (or a taken-over seat) the manager plays it
(`bot.games.ai.seeded_choice`: drawn from the game seed and the history's length, so a resumed
game plays the same), each AI move its own locked, committed step. If an AI move cannot be
saved, what was done stands and the table waits on the AI seat until `advance` is called again
(or the scheduler starts).

A phase report covers the phases that ended with one applied choice (the last pass of phase 2
may run phases 3 and 4 through when nobody stands on a special building); its image is the board
at that moment. A phase in which nothing happened is folded into the next report, which says so.

Phase reports are delivered at least once: each is stored with its snapshot; `ack(report)`
marks it posted; after a crash `undelivered_reports()` gives back those never acknowledged.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, TypeVar

from bot.config import Settings
from bot.rules import Event, Game, IllegalChoice, Options, new_game
from bot.store import (
    ABANDONED,
    AI,
    AUTO,
    DEADLINE,
    FINISHED,
    OPEN,
    PLAYER,
    REMINDER,
    STARTED,
    TAKEOVER,
    UNDO,
    ChannelBusy,
    MoveRecord,
    NewTimer,
    SnapshotRecord,
    Store,
    StoredTable,
    TimerRecord,
)

from .ai import LEVELS, seeded_choice
from .deadlines import (
    MAX_SLEEP,
    TIMER_KINDS,
    FiredTimer,
    Listener,
    Scheduler,
    decision_timers,
    missed_text,
)
from .refusals import (
    AlreadySeated,
    AlreadyStarted,
    BadRequest,
    GameOver,
    Illegal,
    NoTable,
    NotAllowed,
    NotAPlayer,
    NotEnoughPlayers,
    NotStarted,
    NotTakenOver,
    NotYourTurn,
    StaleDecision,
    TableExists,
    TableFull,
    TakenOver,
    Unavailable,
)
from .render import Renderer, render_async, render_board_png
from .reports import Chronicle, PhaseReport
from .settings import TableSettings
from .table import GameResult, Pending, Seat, Table, options_to_dict
from .undo import rebuild_without_last, same_events, undo_target

log = logging.getLogger(__name__)
T = TypeVar("T")

MIN_SEATS, MAX_SEATS = 2, 5
MAX_NAME = 32  # Discord display names are at most 32 characters


@dataclass(frozen=True, slots=True)
class AppliedMove:
    """One choice applied and committed (or, as `ActResult.undone`, taken back)."""

    seq: int  # its index in the game's history
    seat: int
    name: str
    user_id: int | None  # None: the AI chose
    is_ai: bool  # the AI chose: an AI seat, a deadline's automatic move, a taken-over seat
    code: str
    label: str  # the choice as the player read it
    actor: str = PLAYER  # "player", "ai" (AI seat), "auto" (deadline passed), "takeover"
    number: int = -1  # the decision number it answered (its position in the move log)

    @property
    def automatic(self) -> bool:
        """Made by the game for an absent person (deadline) or a seat the AI took over."""
        return self.actor in (AUTO, TAKEOVER)


@dataclass(slots=True)
class ActResult:
    """What an input (or a run of AI moves) did."""

    table: Table
    moves: list[AppliedMove] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    reports: list[PhaseReport] = field(default_factory=list)
    pending: Pending | None = None  # the next decision, None when the game is over
    result: GameResult | None = None  # set when the game ended
    undone: AppliedMove | None = None  # `undo`: the choice taken back
    takeovers: list[Seat] = field(default_factory=list)  # seats handed to the AI meanwhile

    @property
    def game_over(self) -> bool:
        return self.result is not None


@dataclass(slots=True)
class _Step:
    move: AppliedMove
    events: list[Event]
    report: PhaseReport | None
    missed: int = 0  # an automatic move: the seat's missed deadlines in a row, this one included
    taken_over: bool = False  # ... and the seat was handed to the AI by it


def _clean_name(name: str) -> str:
    name = " ".join(name.split())[:MAX_NAME]
    if not name:
        raise BadRequest("A player needs a name.")
    return name


def _unique_name(name: str, taken: Iterable[str]) -> str:
    used = {n.casefold() for n in taken}
    if name.casefold() not in used:
        return name
    k = 2
    while f"{name} ({k})".casefold() in used:
        k += 1
    return f"{name} ({k})"


class Manager:
    """Per-channel game manager over a `Store`; see the module docstring for the surface."""

    def __init__(
        self,
        store: Store,
        *,
        render: Renderer | None = render_board_png,
        autoplay_ai: bool = True,
        ai_level: str = "random",
        clock: Callable[[], float] = time.time,
        render_workers: int = 2,
        listener: Listener | None = None,
    ) -> None:
        self.store = store
        self._render = render
        self.autoplay_ai = autoplay_ai
        if ai_level not in LEVELS:
            raise ValueError(f"ai_level is one of {LEVELS}")
        self.ai_level = ai_level  # AI seats created without a level of their own play at it
        self._clock = clock
        self.listener = listener
        self._scheduler: Scheduler | None = None
        self._executor = ThreadPoolExecutor(max_workers=render_workers, thread_name_prefix="render")
        self._locks: dict[int, asyncio.Lock] = {}
        self._by_id: dict[int, Table] = {}
        self._by_channel: dict[int, Table] = {}
        self._waiting: dict[int, set[int]] = {}  # Discord user id -> table ids waiting on them
        self._waiting_on: dict[int, int] = {}  # table id -> Discord user id indexed

    # ----- life --------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        config: Settings | str | Path,
        *,
        synchronous: str = "FULL",
        **kwargs: Any,
    ) -> Manager:
        """Open the store named by the settings (or a path) and return a manager over it."""
        path = config.database_path if isinstance(config, Settings) else Path(config)
        store = await Store.open(path, synchronous=synchronous)
        return cls(store, **kwargs)

    async def close(self) -> None:
        await self.stop_scheduler()
        self._executor.shutdown(wait=True)
        await self.store.close()

    @property
    def now(self) -> float:
        """The manager's clock (Unix seconds)."""
        return self._clock()

    async def load(self) -> int:
        """Bring the stored active tables into memory (latest snapshot + the moves after it).

        Finished tables whose last report was never acknowledged are loaded too. Returns the
        number of tables loaded; a table that fails to load is logged and left out.
        """
        stored = await self.store.load_active()
        loaded = 0
        for st in stored:
            if st.table.id in self._by_id:
                continue
            table = Table(st.table)
            try:
                self._restore(table, st)
            except Exception:
                log.exception("table %d (channel %d) could not be loaded", st.table.id, st.table.channel_id)
                continue
            self._register(table)
            loaded += 1
            await self._ensure_timers(table)
        return loaded

    # ----- lookups (never raise) -----------------------------------------------------------

    def table(self, channel_id: int) -> Table | None:
        """The channel's active table, else its finished one (until a new table is created)."""
        return self._by_channel.get(channel_id)

    def table_by_id(self, table_id: int) -> Table | None:
        return self._by_id.get(table_id)

    def tables(self) -> list[Table]:
        return list(self._by_id.values())

    def pending(self, channel_id: int) -> Pending | None:
        """Whose decision the channel's table waits for (None: no table, not started, over)."""
        t = self._by_channel.get(channel_id)
        return t.pending if t else None

    def tables_waiting_on(self, user_id: int) -> list[Pending]:
        """Every table whose pending decision is this player's, oldest table first."""
        out = []
        for tid in sorted(self._waiting.get(user_id, ())):
            p = self._by_id[tid].pending
            if p is not None:
                out.append(p)
        return out

    def waiting(self) -> list[Pending]:
        """All tables waiting on a person (not an AI seat), oldest table first."""
        out = []
        for tid in sorted(self._waiting_on):
            p = self._by_id[tid].pending
            if p is not None:
                out.append(p)
        return out

    def recent_events(self, channel_id: int, n: int = 20) -> list[Event]:
        """The last `n` events at the channel's table (after a restart: from its last report on)."""
        t = self._by_channel.get(channel_id)
        if t is None or n <= 0:
            return []
        return list(t.recent)[-n:]

    async def last_table(self, channel_id: int) -> Table | None:
        """The channel's table in memory, else the most recent one in the store (any status)."""
        t = self._by_channel.get(channel_id)
        if t is not None:
            return t
        rec = await self.store.last_table_in_channel(channel_id)
        if rec is None:
            return None
        if rec.id in self._by_id:
            return self._by_id[rec.id]
        stored = await self.store.load_table(rec.id)
        if stored is None:
            return None
        table = Table(stored.table)
        self._restore(table, stored)
        self._register(table)
        return table

    # ----- the lobby ---------------------------------------------------------------------

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        seats: int = 4,
        options: Options | dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        seat_creator: bool = True,
        ai_names: Sequence[str] = (),
        ai_seats: Sequence[str] = (),
        settings: TableSettings | dict[str, Any] | None = None,
    ) -> Table:
        """Open a table for joining, with the creator seated (unless `seat_creator=False`),
        `ai_names` AI seats (at the manager's `ai_level`) and one AI seat per level in
        `ai_seats` ("random" or "greedy"; named "AI 1", "AI 2", ...). `settings`: the table's
        deadline, rule for absent players, take-over threshold and AI level (`TableSettings`
        or a dict of its fields; default: no deadline). Refusals: `BadRequest`, `TableExists`."""
        table_settings = TableSettings.coerce(settings)
        for level in ai_seats:
            if level not in LEVELS:
                raise BadRequest(f"An AI seat plays at one of these levels: {', '.join(LEVELS)}.")
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise BadRequest(f"A Caylus table has {MIN_SEATS} to {MAX_SEATS} seats.")
        if isinstance(options, Options):
            opts = options
        else:
            try:
                opts = Options(**(options or {}))
            except TypeError:
                known = ", ".join(f.name for f in fields(Options))
                raise BadRequest(f"Unknown table option; the options are: {known}.") from None
        if opts.lawyer_pp not in (3, 4):
            raise BadRequest("The Lawyer gives 4 PP (first printing) or 3 PP (later printings).")
        if len(ai_names) + len(ai_seats) + int(seat_creator) > seats:
            raise BadRequest(f"That is more than {seats} seats.")
        now = self._clock()
        async with self._lock(channel_id):
            current = self._by_channel.get(channel_id)
            if current is not None and current.is_active:
                raise TableExists()
            new_seats: list[Seat] = []
            if seat_creator:
                new_seats.append(Seat(0, _clean_name(creator_name), creator_id, False, now))
            for name in ai_names:
                clean = _unique_name(_clean_name(name), (s.name for s in new_seats))
                new_seats.append(Seat(len(new_seats), clean, None, True, now))
            for level in ai_seats:
                k = sum(1 for s in new_seats if s.is_ai) + 1
                clean = _unique_name(f"AI {k}", (s.name for s in new_seats))
                new_seats.append(Seat(len(new_seats), clean, None, True, now, ai_level=level))
            try:
                rec = await self._store_call(self.store.create_table(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    creator_id=creator_id,
                    max_seats=seats,
                    options=options_to_dict(opts),
                    seed=secrets.randbelow(2**31) if seed is None else seed,
                    seats=[s.record() for s in new_seats],
                    now=now,
                    settings=table_settings.to_dict(),
                ))
            except ChannelBusy:
                raise TableExists() from None
            if current is not None:
                self._forget(current)  # the channel's finished table leaves memory
            table = Table(rec)
            self._register(table)
            return table

    async def join(self, channel_id: int, user_id: int, name: str) -> Table:
        """Take a seat. Refusals: `NoTable`, `AlreadyStarted`, `AlreadySeated`, `TableFull`."""
        async with self._lock(channel_id):
            t = self._active(channel_id)
            if not t.is_open:
                raise AlreadyStarted("The game at this table has already started; you cannot join it now.")
            if t.seat_of(user_id) is not None:
                raise AlreadySeated()
            if t.is_full:
                raise TableFull(t.max_seats)
            clean = _unique_name(_clean_name(name), t.names)
            seats = [*t.seats, Seat(len(t.seats), clean, user_id, False, self._clock())]
            await self._save_lobby(t, seats, t.creator_id, OPEN)
            return t

    async def add_ai(
        self,
        channel_id: int,
        user_id: int,
        name: str | None = None,
        *,
        is_moderator: bool = False,
        level: str | None = None,
    ) -> Table:
        """Seat an AI player (the creator or a moderator) playing at `level` ("random" or
        "greedy"; None: the manager's `ai_level`). Refusals: `NoTable`, `AlreadyStarted`,
        `NotAllowed`, `TableFull`, `BadRequest` (unknown level)."""
        if level is not None and level not in LEVELS:
            raise BadRequest(f"An AI seat plays at one of these levels: {', '.join(LEVELS)}.")
        async with self._lock(channel_id):
            t = self._active(channel_id)
            if not t.is_open:
                raise AlreadyStarted()
            if user_id != t.creator_id and not is_moderator:
                raise NotAllowed("Only the table's creator or a moderator can add an AI seat.")
            if t.is_full:
                raise TableFull(t.max_seats)
            ai_count = sum(1 for s in t.seats if s.is_ai)
            clean = _unique_name(_clean_name(name or f"AI {ai_count + 1}"), t.names)
            seats = [*t.seats, Seat(len(t.seats), clean, None, True, self._clock(), ai_level=level)]
            await self._save_lobby(t, seats, t.creator_id, OPEN)
            return t

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Give up one's seat before the start. The creator's role passes to the next person;
        a table left with nobody is abandoned. Refusals: `NoTable`, `AlreadyStarted`, `NotAPlayer`."""
        async with self._lock(channel_id):
            t = self._active(channel_id)
            if not t.is_open:
                raise AlreadyStarted(
                    "The game has started: you cannot leave it now. A moderator or the table's "
                    "creator can abandon the table."
                )
            seat = t.seat_of(user_id)
            if seat is None:
                raise NotAPlayer()
            rest = [s for s in t.seats if s.seat != seat.seat]
            seats = [replace(s, seat=i) for i, s in enumerate(rest)]
            humans = [s for s in seats if not s.is_ai]
            creator = t.creator_id
            if creator == user_id and humans and humans[0].user_id is not None:
                creator = humans[0].user_id
            status = OPEN if humans else ABANDONED
            await self._save_lobby(t, seats, creator, status)
            return t

    async def start(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> ActResult:
        """Start the game (the creator or a moderator, at least 2 seats). Returns the opening
        report and, if AI seats move first, their moves. Refusals: `NoTable`, `AlreadyStarted`,
        `NotAllowed`, `NotEnoughPlayers`."""
        async with self._lock(channel_id):
            t = self._active(channel_id)
            if not t.is_open:
                raise AlreadyStarted()
            if user_id != t.creator_id and not is_moderator:
                raise NotAllowed("Only the table's creator or a moderator can start the game.")
            if len(t.seats) < MIN_SEATS:
                raise NotEnoughPlayers(len(t.seats))
            game = new_game(t.names, t.seed, t.options)
            chronicle = Chronicle()
            cut = chronicle.feed(game.opening_events)
            state_json = game.to_json()
            s = game.state
            report = None
            if cut.sections is not None:
                report = PhaseReport(t.id, t.channel_id, 0, cut.sections, cut.game_over, state_json=state_json)
            now = self._clock()
            snap = SnapshotRecord(
                seq=0,
                round=s.round,
                phase=s.phase,
                state=state_json,
                carry=chronicle.to_json(),
                report=report.to_json() if report else None,
                at=now,
            )
            first = game.decision
            timers, clock = decision_timers(t.settings, t.seats[first.player] if first else None, 0, now)
            try:
                await self.store.start_table(
                    t.id, seats=[x.record() for x in t.seats], snapshot=snap, now=now,
                    clear_timers=TIMER_KINDS if timers else (), timers=timers,
                )  # fmt: skip
            except Exception as e:
                log.exception("table %d could not be started", t.id)
                raise Unavailable("The game could not be saved, so it did not start. Try again.") from e
            t.game, t.chronicle = game, chronicle
            t.status, t.started_at, t.updated_at = STARTED, now, now
            t.log_size, t.since_snapshot, t.snapshot_seq, t.deadline_times = 0, [], 0, clock
            t.recent.extend(game.opening_events)
            self._index(t)
            self._timers_stored(timers)
        acc = ActResult(t, events=list(game.opening_events), reports=[report] if report else [])
        if self.autoplay_ai:
            await self._autoplay(t, acc, None)
        return await self._finish(acc)

    async def abandon(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> Table:
        """End the channel's table without a result (its creator or a moderator).
        Refusals: `NoTable`, `NotAllowed`."""
        async with self._lock(channel_id):
            t = self._active(channel_id)
            if user_id != t.creator_id and not is_moderator:
                raise NotAllowed("Only the table's creator or a moderator can abandon it.")
            now = self._clock()
            await self._store_call(self.store.set_status(t.id, ABANDONED, now=now))
            t.status, t.finished_at, t.updated_at = ABANDONED, now, now
            self._forget(t)
            return t

    # ----- play --------------------------------------------------------------------------

    async def act(self, channel_id: int, user_id: int, seq: int, code: str) -> ActResult:
        """Answer decision number `seq` with the choice `code`, as the Discord user `user_id`.

        Refusals, in the order they are checked: `NoTable`, `NotStarted`, `GameOver`,
        `NotAPlayer`, `StaleDecision` (seq is not the pending decision's), `NotYourTurn`
        (with `.whose`), `TakenOver` (the AI plays the seat: `take_back` first), `Illegal` (with
        the rules core's `.reason`), `Unavailable` (the store failed; nothing changed). Once the
        move is committed, AI seats whose turn follows play too (if `autoplay_ai`), and
        everything is in the returned `ActResult`. A move that arrives after its deadline but
        before the deadline's timer has fired is taken: whichever comes first under the table's
        lock wins, the other finds the decision gone.
        """
        async with self._lock(channel_id):
            t, seat = self._seated(channel_id, user_id)
            d = t.decision
            assert d is not None  # started and not finished
            if seq != d.seq:
                raise StaleDecision(seq, d.seq)
            if d.player != seat.seat:
                whose = t.pending
                assert whose is not None
                raise NotYourTurn(whose)
            if seat.ai_takeover:
                raise TakenOver()
            step = await self._apply(t, d.seq, d.player, code, user_id)
        acc = ActResult(t)
        self._add(acc, step)
        if self.autoplay_ai:
            await self._autoplay(t, acc, None)
        return await self._finish(acc)

    async def advance(self, channel_id: int, max_moves: int | None = None) -> ActResult:
        """Play the pending decisions of AI seats (at most `max_moves`), each one locked and
        committed on its own. Refusals: `NoTable`, `NotStarted`."""
        t = self._by_channel.get(channel_id)
        if t is None:
            raise NoTable()
        if t.is_open:
            raise NotStarted()
        acc = ActResult(t)
        await self._autoplay(t, acc, max_moves)
        return await self._finish(acc)

    # ----- undo and take-back ----------------------------------------------------------------

    async def undo(self, channel_id: int, user_id: int) -> ActResult:
        """Take back one's own last choice (see `bot.games.undo` for the rule): the game is
        rebuilt without it, the undo is logged, and the decision is the player's again with a
        new number (`result.pending.seq`; buttons of later decisions are stale). The choice
        taken back is `result.undone`. At a table with a deadline the decision gets a full new
        deadline.

        Refusals: `NoTable`, `NotStarted`, `GameOver`, `NotAPlayer`, then `CannotUndo` and its
        kinds: `NothingToUndo`, `ActedSince` (`.name` acted after your last choice),
        `NotYourChoice` (the game or the AI made your last choice), `PhaseOver` (the choice
        ended a phase: its report is out); `Unavailable` (the store failed; nothing changed).
        """
        async with self._lock(channel_id):
            t, seat = self._seated(channel_id, user_id)
            target = undo_target(t, seat)
            game = t.game
            assert game is not None
            if target.seq != len(game.state.history) - 1 or target.code != game.state.history[-1]:
                log.error("table %d: the undo window does not match the history", t.id)
                raise Unavailable("The game could not be rebuilt, so nothing was undone.")
            try:
                restored, events = rebuild_without_last(game)
            except RuntimeError:
                log.exception("table %d: undo refused, the replay differs", t.id)
                raise Unavailable("The game could not be rebuilt, so nothing was undone.") from None
            current = t.chronicle.current
            if events and not same_events(current[-len(events):], events):
                log.error("table %d: undo refused, the chronicle does not end with the choice", t.id)
                raise Unavailable("The game could not be rebuilt, so nothing was undone.")
            d = restored.decision
            assert d is not None and d.player == seat.seat
            label = next((c.label for c in d.choices if c.code == target.code), target.code)
            now = self._clock()
            number = t.log_size
            timers, clock = decision_timers(t.settings, seat, number + 1, now)
            row = MoveRecord(target.seq, seat.seat, user_id, target.code, now, UNDO, number)

            def committed() -> None:
                t.game = restored
                if events:
                    del current[-len(events):]
                    if same_events(list(t.recent)[-len(events):], events):
                        for _ in events:
                            t.recent.pop()
                t.log_size = number + 1
                t.since_snapshot.pop()
                t.deadline_times = clock
                t.updated_at = now
                self._index(t)
                self._timers_stored(timers)

            try:
                await self._commit(
                    t,
                    self.store.record_undo(
                        t.id, row, undone_n=target.pos,
                        clear_timers=TIMER_KINDS if t.settings.has_deadline else (), timers=timers,
                    ),
                    committed,
                )  # fmt: skip
            except Unavailable:
                raise Unavailable("The undo could not be saved, so nothing changed. Try again.") from None
            undone = AppliedMove(
                target.seq, seat.seat, seat.name, user_id, False, target.code, label, PLAYER, target.pos
            )
        return await self._finish(ActResult(t, undone=undone))

    def can_undo(self, channel_id: int, user_id: int) -> bool:
        """Whether `undo` would take back a choice of this user now (cheap; for showing an
        Undo button). A choice that ended a phase is only found out by `undo` itself."""
        t = self._by_channel.get(channel_id)
        if t is None or not t.is_started or t.game is None:
            return False
        seat = t.seat_of(user_id)
        if seat is None or not t.since_snapshot:
            return False
        last = t.since_snapshot[-1]
        return last.seat == seat.seat and last.who == PLAYER and last.user_id == user_id

    async def take_back(self, channel_id: int, user_id: int) -> Table:
        """Take one's seat back from the AI (it played it after missed deadlines); the count of
        missed deadlines starts again from 0. If the pending decision is the seat's, it gets
        its deadline from now. Refusals: `NoTable`, `NotStarted`, `GameOver`, `NotAPlayer`,
        `NotTakenOver`, `Unavailable`."""
        async with self._lock(channel_id):
            t, seat = self._seated(channel_id, user_id)
            if not seat.ai_takeover:
                raise NotTakenOver()
            seats = t.with_seat(seat.seat, ai_takeover=False, missed_in_row=0)
            now = self._clock()
            d = t.decision
            timers: list[NewTimer] = []
            clock = t.deadline_times
            clear: tuple[str, ...] = ()
            if d is not None and d.player == seat.seat and t.settings.has_deadline:
                timers, clock = decision_timers(t.settings, seats[seat.seat], d.seq, now)
                clear = TIMER_KINDS

            def committed() -> None:
                t.seats, t.deadline_times, t.updated_at = seats, clock, now
                self._index(t)
                self._timers_stored(timers)

            try:
                await self._commit(
                    t,
                    self.store.update_seat_states(
                        t.id, [seats[seat.seat].record()], clear_timers=clear, timers=timers, now=now
                    ),
                    committed,
                )
            except Unavailable:
                raise Unavailable("Your seat could not be saved, so the AI still plays it. Try again.") from None
            return t

    # ----- deadlines -------------------------------------------------------------------------

    async def run_due_timers(self) -> list[FiredTimer]:
        """Fire every timer due by the manager's clock, once: a reminder tells the listener
        (`on_reminder`) unless its deadline has passed too (then only the deadline acts); a
        deadline makes the automatic move for the absent player under the table's lock, through
        the same path as `act` (logged with actor "auto"), lets the AI seats that follow play,
        and tells the listener (`on_auto`, then `on_takeover` if the seat was handed to the AI).
        A timer whose decision is no longer pending is dropped, never applied. Safe to call
        concurrently (one move per decision, one reminder per timer). Returns what was done."""
        now = self._clock()
        fired: list[FiredTimer] = []
        seen: set[int] = set()
        while True:
            batch = [x for x in await self.store.due_timers(now, limit=500) if x.id not in seen]
            batch = [x for x in batch if x.kind in TIMER_KINDS]
            if not batch:
                return fired
            for timer in batch:
                seen.add(timer.id)
                if timer.kind == REMINDER:
                    fired.append(await self._fire_reminder(timer, now))
                else:
                    fired.append(await self._fire_deadline(timer))

    def start_scheduler(self, *, max_sleep: float = MAX_SLEEP) -> None:
        """Start the task that fires timers when due (sleeping at most `max_sleep` seconds at a
        time, woken when a timer is stored). Its first pass, right away, fires what fell due
        while the bot was down (once) and lets AI seats that were interrupted play on. Call it
        once the listener can post (the Discord client is ready)."""
        if self._scheduler is None:
            self._scheduler = Scheduler(
                self.run_due_timers, self.store.next_timer_due, self._clock,
                first=self._resume_automatic, max_sleep=max_sleep,
            )  # fmt: skip
        self._scheduler.max_sleep = max_sleep
        self._scheduler.start()

    async def stop_scheduler(self) -> None:
        if self._scheduler is not None:
            await self._scheduler.stop()

    @property
    def scheduler(self) -> Scheduler | None:
        return self._scheduler

    # ----- reports -----------------------------------------------------------------------

    async def ack(self, report: PhaseReport) -> None:
        """Record that `report` (and every earlier one of its table) has been posted."""
        await self.ack_reports(report.table_id, report.seq)

    async def ack_reports(self, table_id: int, seq: int) -> None:
        await self.store.ack_reports(table_id, seq)
        t = self._by_id.get(table_id)
        if t is not None:
            t.reported_seq = max(t.reported_seq, seq)

    async def undelivered_reports(self, channel_id: int | None = None) -> list[PhaseReport]:
        """Phase reports stored but never acknowledged (a crash between commit and post),
        rendered, oldest first per table; all tables in memory, or only the channel's."""
        if channel_id is None:
            tables = sorted(self._by_id.values(), key=lambda t: t.id)
        else:
            t = self._by_channel.get(channel_id)
            tables = [t] if t is not None else []
        out: list[PhaseReport] = []
        for t in tables:
            for snap in await self.store.unreported(t.id):
                assert snap.report is not None
                out.append(
                    PhaseReport.from_json(
                        snap.report, table_id=t.id, channel_id=t.channel_id, seq=snap.seq, state_json=snap.state
                    )
                )
        await self._render_reports(out)
        return out

    # ----- internals ---------------------------------------------------------------------

    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    def _seated(self, channel_id: int, user_id: int) -> tuple[Table, Seat]:
        """The channel's game in progress and the user's seat there, or the refusal saying
        why not: `NoTable`, `NotStarted`, `GameOver`, `NotAPlayer`."""
        t = self._active(channel_id, finished_ok=True)
        if t.is_open:
            raise NotStarted()
        if t.is_finished:
            raise GameOver()
        seat = t.seat_of(user_id)
        if seat is None:
            raise NotAPlayer()
        return t, seat

    def _active(self, channel_id: int, *, finished_ok: bool = False) -> Table:
        t = self._by_channel.get(channel_id)
        if t is None or not (t.is_active or (finished_ok and t.is_finished)):
            raise NoTable()
        return t

    def _register(self, t: Table) -> None:
        self._by_id[t.id] = t
        current = self._by_channel.get(t.channel_id)
        if t.is_active or current is None or (not current.is_active and current.id < t.id):
            self._by_channel[t.channel_id] = t
        self._index(t)

    def _forget(self, t: Table) -> None:
        """Drop a table that is over from memory (it stays in the store)."""
        if self._by_channel.get(t.channel_id) is t:
            del self._by_channel[t.channel_id]
        if self._by_id.get(t.id) is t:
            del self._by_id[t.id]
        self._index(t)

    async def _store_call(self, work: Awaitable[T]) -> T:
        """A lobby write; a store failure becomes `Unavailable` (nothing changed in memory)."""
        try:
            return await work
        except (sqlite3.Error, OSError) as e:
            log.exception("store write failed")
            raise Unavailable("The table could not be saved, so nothing changed. Try again.") from e

    def _index(self, t: Table) -> None:
        """Keep the who-is-waited-on index in step with the table."""
        old = self._waiting_on.pop(t.id, None)
        if old is not None:
            ids = self._waiting.get(old)
            if ids is not None:
                ids.discard(t.id)
                if not ids:
                    del self._waiting[old]
        p = t.pending
        if p is not None and p.user_id is not None and not p.is_ai:
            self._waiting_on[t.id] = p.user_id
            self._waiting.setdefault(p.user_id, set()).add(t.id)

    async def _save_lobby(self, t: Table, seats: list[Seat], creator_id: int, status: str) -> None:
        now = self._clock()
        await self._store_call(
            self.store.update_lobby(
                t.id, seats=[s.record() for s in seats], creator_id=creator_id, status=status, now=now
            )
        )
        t.seats, t.creator_id, t.status, t.updated_at = seats, creator_id, status, now
        if status == ABANDONED:
            t.finished_at = now
            self._forget(t)

    def _restore(self, t: Table, st: StoredTable) -> None:
        """Rebuild a table from its latest snapshot and the moves logged after it."""
        t.update(st.table)
        t.chronicle = Chronicle()
        t.recent.clear()
        t.since_snapshot, t.deadline_times = [], None
        snap = st.snapshot
        if snap is None or st.table.status in (OPEN, ABANDONED):
            t.game = None
            t.log_size, t.snapshot_seq = 0, 0
            return
        game = Game.from_json(snap.state)
        if len(game.state.history) != snap.seq:
            raise ValueError(f"snapshot {snap.seq} of table {t.id} holds {len(game.state.history)} moves")
        chronicle = Chronicle.from_json(snap.carry)
        if snap.report:
            last = PhaseReport.from_json(snap.report, table_id=t.id, channel_id=t.channel_id, seq=snap.seq, state_json="")
            t.recent.extend(last.events)
        for s in chronicle.waiting:
            t.recent.extend(s.events)
        t.recent.extend(chronicle.current)
        for m in st.moves:
            if m.seq != len(game.state.history) or game.decision is None:
                raise ValueError(f"move {m.seq} of table {t.id} does not follow its snapshot")
            events = game.apply(m.code)
            chronicle.feed(events)
            t.recent.extend(events)
        t.game, t.chronicle = game, chronicle
        t.since_snapshot = list(st.moves)
        t.snapshot_seq = snap.seq
        t.log_size = len(game.state.history) if st.log_size is None else st.log_size
        t.deadline_times = self._deadline_times_from(t, st.timers)

    @staticmethod
    def _deadline_times_from(t: Table, timers: Sequence[TimerRecord]) -> tuple[int, float, float] | None:
        """The pending decision's (seq, reminder at, deadline at) from the stored timers."""
        deadline = next(
            (x for x in timers if x.kind == DEADLINE and x.payload.get("seq") == t.log_size), None
        )
        if deadline is None:
            return None
        half = t.settings.deadline / 2 if t.settings.deadline is not None else 0.0
        reminder = next(
            (x.due_at for x in timers if x.kind == REMINDER and x.payload.get("seq") == t.log_size),
            deadline.due_at - half,  # the reminder has fired already
        )
        return (t.log_size, reminder, deadline.due_at)

    async def _ensure_timers(self, t: Table) -> None:
        """At load: a person's pending decision at a table with a deadline has its timers (a
        table whose timers were lost gets a deadline from now)."""
        if not t.is_started or not t.settings.has_deadline or t.deadline_times is not None:
            return
        d = t.decision
        if d is None or t.seats[d.player].automatic:
            return
        now = self._clock()
        timers, clock = decision_timers(t.settings, t.seats[d.player], d.seq, now)
        try:
            await self.store.update_seat_states(t.id, [], clear_timers=TIMER_KINDS, timers=timers, now=now)
        except (sqlite3.Error, OSError):
            log.exception("table %d: its deadline could not be stored", t.id)
            return
        t.deadline_times = clock
        self._timers_stored(timers)

    def _timers_stored(self, timers: Sequence[NewTimer]) -> None:
        if timers and self._scheduler is not None:
            self._scheduler.wake()

    async def _reload(self, t: Table) -> None:
        """After a failed commit: make memory agree with the store again."""
        try:
            stored = await self.store.load_table(t.id)
            if stored is None:
                raise LookupError(f"table {t.id} is gone from the store")
            self._restore(t, stored)
            self._index(t)
        except Exception:
            log.exception("table %d could not be reloaded; it is unavailable until restart", t.id)
            t.game = None
            self._forget(t)

    async def _commit(
        self, t: Table, work: Awaitable[None], then: Callable[[], None] | None = None
    ) -> None:
        """Await a store write to its end even if the caller is cancelled meanwhile, so that
        memory and the store always agree; on failure reload the table from the store. `then`
        brings memory up to date once the write is committed (also when the caller was
        cancelled meanwhile: the write stands, so memory must follow)."""
        task = asyncio.ensure_future(work)
        cancelled = False
        while not task.done():
            try:
                await asyncio.wait([task])
            except asyncio.CancelledError:
                cancelled = True
        failure = None if task.cancelled() else task.exception()
        if task.cancelled() or failure is not None:
            log.error("table %d: a move could not be committed: %r", t.id, failure)
            await self._reload(t)
            if cancelled:
                raise asyncio.CancelledError
            raise Unavailable("The move could not be saved, so it was not played. Try again.") from failure
        if then is not None:
            then()
        if cancelled:
            raise asyncio.CancelledError

    async def _apply(
        self, t: Table, seq: int, seat: int, code: str, user_id: int | None, actor: str = PLAYER
    ) -> _Step:
        """Apply and commit one choice; the caller holds the channel's lock and checked `seq`
        (the decision number). In the same transaction: the seat's count of missed deadlines
        (a person's move resets it, an automatic one adds one and may hand the seat to the AI)
        and the timers of the next decision."""
        assert t.game is not None
        # The move is applied to a copy that replaces the table's game only once committed:
        # until then every reader sees the previous decision with its own number.
        game = t.game.clone()
        d = game.decision
        assert d is not None and t.log_size == seq and d.player == seat
        label = next((c.label for c in d.choices if c.code == code), code)
        history_seq = d.seq
        try:
            events = game.apply(code)
        except IllegalChoice as e:
            raise Illegal(e.reason) from None
        now = self._clock()
        cut = t.chronicle.feed(events)
        snapshot = None
        report = None
        if cut.phase_ended or game.over:
            s = game.state
            state_json = game.to_json()
            if cut.sections is not None:
                report = PhaseReport(t.id, t.channel_id, len(s.history), cut.sections, cut.game_over, state_json=state_json)
            snapshot = SnapshotRecord(
                seq=len(s.history),
                round=s.round,
                phase=s.phase,
                state=state_json,
                carry=t.chronicle.to_json(),
                report=report.to_json() if report else None,
                at=now,
            )
        seats = t.seats
        before = seats[seat]
        missed, taken_over = 0, False
        if actor == PLAYER and before.missed_in_row:
            seats = t.with_seat(seat, missed_in_row=0)
        elif actor == AUTO:
            missed = before.missed_in_row + 1
            limit = t.settings.takeover_after
            taken_over = limit is not None and missed >= limit and not before.ai_takeover
            seats = t.with_seat(seat, missed_in_row=missed, ai_takeover=before.ai_takeover or taken_over)
        timers: list[NewTimer] = []
        clock = None
        if t.settings.has_deadline and not game.over:
            nxt = game.decision
            timers, clock = decision_timers(t.settings, seats[nxt.player] if nxt else None, seq + 1, now)
        move = MoveRecord(history_seq, seat, user_id, code, now, actor, seq)

        def committed() -> None:
            t.game = game
            t.seats = seats
            t.log_size = seq + 1
            t.deadline_times = clock
            if snapshot is not None:
                t.since_snapshot, t.snapshot_seq = [], snapshot.seq
            else:
                t.since_snapshot.append(move)
            t.recent.extend(events)
            t.updated_at = now
            if game.over:
                t.status, t.finished_at = FINISHED, now
            self._index(t)
            self._timers_stored(timers)

        await self._commit(
            t,
            self.store.record_move(
                t.id, move, snapshot=snapshot, finished=game.over,
                seat_states=[x.record() for x in seats if x != t.seats[x.seat]],
                clear_timers=TIMER_KINDS if t.settings.has_deadline else (), timers=timers,
            ),
            committed,
        )  # fmt: skip
        s_ = t.seats[seat]
        applied = AppliedMove(history_seq, seat, s_.name, user_id, actor != PLAYER, code, label, actor, seq)
        return _Step(applied, events, report, missed, taken_over)

    async def _autoplay(self, t: Table, acc: ActResult, max_moves: int | None) -> None:
        played = 0
        while max_moves is None or played < max_moves:
            async with self._lock(t.channel_id):
                if t.status != STARTED or self._by_id.get(t.id) is not t:
                    return
                d = t.decision
                if d is None or not t.seats[d.player].automatic:
                    return
                assert t.game is not None
                s = t.seats[d.player]
                if s.is_ai:
                    actor, level = AI, s.ai_level or self.ai_level
                else:  # a person's seat taken over after missed deadlines
                    actor, level = TAKEOVER, t.settings.ai_level
                code = seeded_choice(t.game, t.seed, level)
                try:
                    step = await self._apply(t, d.seq, d.player, code, None, actor)
                except Unavailable:
                    # What was done so far stands and is reported; `advance` tries again.
                    log.warning("table %d: an AI move could not be saved; the table waits", t.id)
                    return
            self._add(acc, step)
            played += 1

    @staticmethod
    def _add(acc: ActResult, step: _Step) -> None:
        acc.moves.append(step.move)
        acc.events.extend(step.events)
        if step.report is not None:
            acc.reports.append(step.report)
        if step.taken_over:
            acc.takeovers.append(acc.table.seats[step.move.seat])

    async def _finish(self, acc: ActResult) -> ActResult:
        t = acc.table
        acc.pending = t.pending
        acc.result = t.result
        await self._render_reports(acc.reports)
        return acc

    # ----- timers, internals -------------------------------------------------------------

    async def _drop(self, timer: TimerRecord, outcome: str = "dropped") -> FiredTimer:
        try:
            await self.store.delete_timer(timer.id)
        except (sqlite3.Error, OSError):
            log.exception("timer %d could not be deleted", timer.id)
        return FiredTimer(timer.id, timer.table_id, timer.kind, timer.payload.get("seq"), outcome)

    def _timer_table(self, timer: TimerRecord) -> Table | None:
        """The table a timer was set for, if its decision is still pending and a person's."""
        t = self._by_id.get(timer.table_id)
        if t is None or not t.is_started or t.game is None:
            return None
        d = t.decision
        if d is None or d.seq != timer.payload.get("seq") or t.seats[d.player].automatic:
            return None
        return t

    async def _fire_reminder(self, timer: TimerRecord, now: float) -> FiredTimer:
        t = self._timer_table(timer)
        if t is None:
            return await self._drop(timer)
        async with self._lock(t.channel_id):
            if self._timer_table(timer) is not t:
                return await self._drop(timer)
            pending = t.pending
        assert pending is not None
        deadline_at = timer.payload.get("deadline_at")
        if deadline_at is None:
            deadline_at = t.deadline_at
        if deadline_at is not None and deadline_at <= now:
            return await self._drop(timer, "skipped")  # the deadline acts instead
        try:
            mine = await self.store.delete_timer(timer.id)
        except (sqlite3.Error, OSError):
            log.exception("timer %d could not be deleted", timer.id)
            mine = False
        if not mine:  # another pass took it (or the store failed): remind at most once
            return FiredTimer(timer.id, t.id, timer.kind, pending.seq, "dropped")
        await self._notify("on_reminder", pending, float(deadline_at if deadline_at is not None else now))
        return FiredTimer(timer.id, t.id, timer.kind, pending.seq, "reminded")

    async def _fire_deadline(self, timer: TimerRecord) -> FiredTimer:
        t = self._timer_table(timer)
        if t is None:
            return await self._drop(timer)
        async with self._lock(t.channel_id):
            if self._timer_table(timer) is not t or self._by_id.get(t.id) is not t:
                return await self._drop(timer)
            d = t.decision
            assert d is not None and t.game is not None
            seat = t.seats[d.player]
            code = self._absent_choice(t)
            try:
                step = await self._apply(t, d.seq, d.player, code, None, AUTO)
            except Unavailable:
                log.warning("table %d: the automatic move could not be saved; the deadline stays", t.id)
                return FiredTimer(timer.id, t.id, timer.kind, d.seq, "failed")
        acc = ActResult(t)
        self._add(acc, step)
        why = missed_text(seat.name, step.move.label, t.settings.takeover_after, step.missed, step.taken_over)
        if self.autoplay_ai:
            await self._autoplay(t, acc, None)
        result = await self._finish(acc)
        await self._notify("on_auto", result, why)
        if step.taken_over:
            await self._notify("on_takeover", t, t.seats[seat.seat])
        return FiredTimer(timer.id, t.id, timer.kind, d.seq, "moved", result, why)

    def _absent_choice(self, t: Table) -> str:
        """The choice made for an absent player (the table's `absent_rule`)."""
        assert t.game is not None
        rule = t.settings.absent_rule
        if rule != "auto":  # pragma: no cover - TableSettings admits "auto" only
            raise ValueError(f"unknown rule for absent players {rule!r}")
        return seeded_choice(t.game, t.seed, t.settings.ai_level)

    async def _resume_automatic(self) -> list[ActResult]:
        """The scheduler's first pass: let AI seats (and taken-over seats) play on where a table
        waits on them (a restart or a failed save stopped them); the listener hears of each."""
        out: list[ActResult] = []
        if self.autoplay_ai:
            for t in sorted(self._by_id.values(), key=lambda x: x.id):
                p = t.pending
                if p is None or not p.is_ai:
                    continue
                try:
                    result = await self.advance(t.channel_id)
                except Exception:
                    log.exception("table %d: the AI seats could not play on", t.id)
                    continue
                if result.moves:
                    out.append(result)
                    await self._notify("on_auto", result, "The game goes on: the AI seats play.")
        return out

    async def _notify(self, method: str, *args: Any) -> None:
        listener = self.listener
        fn = getattr(listener, method, None) if listener is not None else None
        if fn is None:
            return
        try:
            await fn(*args)
        except Exception:
            log.exception("the listener's %s failed", method)

    async def _render_reports(self, reports: list[PhaseReport]) -> None:
        """Draw each report's board in the render executor (never on the event loop)."""
        if self._render is None:
            return
        for r in reports:
            if r.png is not None or not r.state_json:
                continue
            try:
                r.png = await render_async(self._render, r.state_json, r.events, self._executor)
            except Exception:
                log.exception("table %d: the board for report %d could not be drawn", r.table_id, r.seq)
