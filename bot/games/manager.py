"""The game manager: one active table per channel (or thread), every input through one path.

For every input: take the channel's lock → check the actor and that the input answers the
pending decision (by its sequence number) → apply it through the rules core → commit the move
(and, at a phase end, a snapshot) to the store → report what happened. The caller is told only
after the commit. Board images are drawn after the lock is released, in an executor.

Surface for the Discord layer (all ids are plain ints; every refusal is a `Refusal`):

    manager = await Manager.open(settings_or_path)      # store opened and migrated
    await manager.load()                                # active tables back in memory
    table = await manager.create_table(guild_id, channel_id, creator_id, creator_name,
                                       seats=4, options=None, *, seed=None, seat_creator=True,
                                       ai_names=())       # -> Table (open, creator seated)
    await manager.join(channel_id, user_id, name)       # -> Table
    await manager.leave(channel_id, user_id)            # -> Table (before the start only)
    await manager.add_ai(channel_id, user_id, name=None, *, is_moderator=False)  # -> Table
    result = await manager.start(channel_id, user_id, *, is_moderator=False)     # -> ActResult
    result = await manager.act(channel_id, user_id, seq, code)                   # -> ActResult
    result = await manager.advance(channel_id, max_moves=None)  # AI seats' pending decisions
    await manager.abandon(channel_id, user_id, *, is_moderator=False)            # -> Table
    manager.table(channel_id) / table_by_id(id) / tables()          # Table | None, list
    manager.pending(channel_id)                         # Pending | None: whose turn, id to ping
    manager.tables_waiting_on(user_id) / waiting()      # list[Pending] across all tables
    manager.recent_events(channel_id, n=20)             # list[Event]
    await manager.last_table(channel_id)                # also a finished one, from the store
    await manager.ack(report)                           # after posting a phase report
    await manager.undelivered_reports(channel_id=None)  # after a restart: reports never acked
    await manager.close()

Refusals (all `Refusal` with `.message`): NoTable, TableExists, NotStarted, AlreadyStarted,
GameOver, NotAPlayer, NotYourTurn(.whose: Pending), StaleDecision(.given_seq, .current_seq),
Illegal(.reason), TableFull, AlreadySeated, NotEnoughPlayers, NotAllowed, BadRequest,
Unavailable (the store failed; nothing changed).

Answer the interaction (or defer it) before awaiting `act`: with AI seats to play and boards to
draw, a call can take longer than Discord's 3 seconds.

`ActResult` holds the moves applied (the actor's, then those of AI seats that followed), their
events, the phase reports cut meanwhile (each with its PNG), the next pending decision and, at the
end, the `GameResult`. AI seats play themselves: when the pending decision belongs to an AI seat
the manager plays it (`bot.games.ai.seeded_choice`, level `ai_level`: drawn from the game seed
and the decision's number, so a resumed game plays the same), each AI move its own locked,
committed step. If an AI move cannot be saved, what was done stands and the table waits on the
AI seat until `advance` is called again.

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
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

from bot.config import Settings
from bot.rules import Event, Game, IllegalChoice, Options, new_game
from bot.store import (
    ABANDONED,
    FINISHED,
    OPEN,
    STARTED,
    ChannelBusy,
    MoveRecord,
    SnapshotRecord,
    Store,
    StoredTable,
)

from .ai import LEVELS, seeded_choice
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
    NotYourTurn,
    StaleDecision,
    TableExists,
    TableFull,
    Unavailable,
)
from .render import Renderer, render_async, render_board_png
from .reports import Chronicle, PhaseReport
from .table import GameResult, Pending, Seat, Table, options_to_dict

log = logging.getLogger(__name__)
T = TypeVar("T")

MIN_SEATS, MAX_SEATS = 2, 5
MAX_NAME = 32  # Discord display names are at most 32 characters


@dataclass(frozen=True, slots=True)
class AppliedMove:
    """One choice applied and committed."""

    seq: int  # its index in the game's history
    seat: int
    name: str
    user_id: int | None  # None: an AI seat chose
    is_ai: bool
    code: str
    label: str  # the choice as the player read it


@dataclass(slots=True)
class ActResult:
    """What an input (or a run of AI moves) did."""

    table: Table
    moves: list[AppliedMove] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    reports: list[PhaseReport] = field(default_factory=list)
    pending: Pending | None = None  # the next decision, None when the game is over
    result: GameResult | None = None  # set when the game ended

    @property
    def game_over(self) -> bool:
        return self.result is not None


@dataclass(slots=True)
class _Step:
    move: AppliedMove
    events: list[Event]
    report: PhaseReport | None


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
    ) -> None:
        self.store = store
        self._render = render
        self.autoplay_ai = autoplay_ai
        if ai_level not in LEVELS:
            raise ValueError(f"ai_level is one of {LEVELS}")
        self.ai_level = ai_level
        self._clock = clock
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
        self._executor.shutdown(wait=True)
        await self.store.close()

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
    ) -> Table:
        """Open a table for joining, with the creator seated (unless `seat_creator=False`)
        and `ai_names` AI seats. Refusals: `BadRequest`, `TableExists`."""
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
        if len(ai_names) + int(seat_creator) > seats:
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

    async def add_ai(self, channel_id: int, user_id: int, name: str | None = None, *, is_moderator: bool = False) -> Table:
        """Seat an AI player (the creator or a moderator). Refusals: `NoTable`, `AlreadyStarted`,
        `NotAllowed`, `TableFull`."""
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
            seats = [*t.seats, Seat(len(t.seats), clean, None, True, self._clock())]
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
            seats = [Seat(i, s.name, s.user_id, s.is_ai, s.joined_at) for i, s in enumerate(rest)]
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
            try:
                await self.store.start_table(t.id, seats=[x.record() for x in t.seats], snapshot=snap, now=now)
            except Exception as e:
                log.exception("table %d could not be started", t.id)
                raise Unavailable("The game could not be saved, so it did not start. Try again.") from e
            t.game, t.chronicle = game, chronicle
            t.status, t.started_at, t.updated_at = STARTED, now, now
            t.recent.extend(game.opening_events)
            self._index(t)
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
        (with `.whose`), `Illegal` (with the rules core's `.reason`), `Unavailable` (the store
        failed; nothing changed). Once the move is committed, AI seats whose turn follows play
        too (if `autoplay_ai`), and everything is in the returned `ActResult`.
        """
        async with self._lock(channel_id):
            t = self._active(channel_id, finished_ok=True)
            if t.is_open:
                raise NotStarted()
            if t.is_finished:
                raise GameOver()
            seat = t.seat_of(user_id)
            if seat is None:
                raise NotAPlayer()
            d = t.decision
            assert d is not None  # started and not finished
            if seq != d.seq:
                raise StaleDecision(seq, d.seq)
            if d.player != seat.seat:
                whose = t.pending
                assert whose is not None
                raise NotYourTurn(whose)
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
        snap = st.snapshot
        if snap is None or st.table.status in (OPEN, ABANDONED):
            t.game = None
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

    async def _commit(self, t: Table, work: Awaitable[None]) -> None:
        """Await a store write to its end even if the caller is cancelled meanwhile, so that
        memory and the store always agree; on failure reload the table from the store."""
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
        if cancelled:
            raise asyncio.CancelledError

    async def _apply(self, t: Table, seq: int, seat: int, code: str, user_id: int | None) -> _Step:
        """Apply and commit one choice; the caller holds the channel's lock and checked `seq`."""
        game = t.game
        assert game is not None
        d = game.decision
        assert d is not None and d.seq == seq and d.player == seat
        label = next((c.label for c in d.choices if c.code == code), code)
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
        move = MoveRecord(seq, seat, user_id, code, now)
        await self._commit(t, self.store.record_move(t.id, move, snapshot=snapshot, finished=game.over))
        t.recent.extend(events)
        t.updated_at = now
        if game.over:
            t.status, t.finished_at = FINISHED, now
        self._index(t)
        s_ = t.seats[seat]
        return _Step(AppliedMove(seq, seat, s_.name, user_id, s_.is_ai, code, label), events, report)

    async def _autoplay(self, t: Table, acc: ActResult, max_moves: int | None) -> None:
        played = 0
        while max_moves is None or played < max_moves:
            async with self._lock(t.channel_id):
                if t.status != STARTED or self._by_id.get(t.id) is not t:
                    return
                d = t.decision
                if d is None or not t.seats[d.player].is_ai:
                    return
                assert t.game is not None
                code = seeded_choice(t.game, t.seed, self.ai_level)
                try:
                    step = await self._apply(t, d.seq, d.player, code, None)
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

    async def _finish(self, acc: ActResult) -> ActResult:
        t = acc.table
        acc.pending = t.pending
        acc.result = t.result
        await self._render_reports(acc.reports)
        return acc

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
