"""The tables in memory and what every job of the manager shares: the store, the clock, one lock
per table, the listener, the store's outages.

A table is changed only under its lock (`lock(channel_id)`: one active table per channel, so the
channel names it; a table created in a channel takes the same lock). Memory changes only once
the store has committed (`commit`); a failed commit is read back (it may have landed), and while
the store does not answer, changes are refused at once (bot.games.outage).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from bot.i18n import Lazy
from bot.rules import Event, Game, obvious_choice
from bot.store import (
    ABANDONED,
    DEADLINE,
    OPEN,
    REMINDER,
    RULE,
    ChallengeTaken,
    ChannelBusy,
    GameStore,
    MoveRecord,
    StoredTable,
    StoreError,
    TimerRecord,
)

from .deadlines import Listener, TurnTimers
from .outage import Late, Outage
from .refusals import (
    MOVE_NOT_SAVED,
    STORE_DOWN,
    STORE_UNSURE,
    TABLE_NOT_SAVED,
    GameOver,
    NoTable,
    NotAPlayer,
    NotStarted,
    NotYourTurn,
    Resigned,
    TakenOver,
    Unavailable,
)
from .reports import Chronicle, PhaseReport
from .table import Pending, Seat, Table

log = logging.getLogger(__name__)
T = TypeVar("T")


class Registry:
    def __init__(self, store: GameStore, clock: Callable[[], float], listener: Listener | None = None) -> None:
        self.store = store
        self.clock = clock
        self.listener = listener
        self.on_timers_stored: Callable[[], None] | None = None  # wakes the scheduler
        # A channel's lock lives while someone holds it, waits for it or keeps it in hand; then
        # it goes (nothing to drop by hand when a table ends, no entry per channel ever seen).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._by_id: dict[int, Table] = {}
        self._by_channel: dict[int, Table] = {}
        self.outage = Outage(store)
        self.outage.on_back = self.store_back
        # The manager's: a table goes on after the store came back (its AI seats, its obvious
        # choices; a table in doubt, once settled).
        self.on_store_back: Callable[[Table], Awaitable[None]] | None = None

    # ----- lookups (never raise) -------------------------------------------------------------

    def table(self, channel_id: int) -> Table | None:
        """The channel's active table, else its finished one (until a new table is created)."""
        return self._by_channel.get(channel_id)

    def table_by_id(self, table_id: int) -> Table | None:
        """The table with this id, if it is in memory (a button names its table by id)."""
        return self._by_id.get(table_id)

    def tables(self) -> list[Table]:
        """Every table in memory."""
        return list(self._by_id.values())

    def recent_events(self, channel_id: int, n: int = 20) -> list[Event]:
        """The last `n` events at the channel's table (after a restart: from its last report on)."""
        t = self._by_channel.get(channel_id)
        if t is None or n <= 0:
            return []
        return list(t.recent)[-n:]

    def holds(self, t: Table) -> bool:
        """Whether `t` is still the table in memory under its id (not forgotten or replaced)."""
        return self._by_id.get(t.id) is t

    # ----- lookups that refuse -----------------------------------------------------------------

    def active(self, channel_id: int, *, finished_ok: bool = False, table_id: int | None = None) -> Table:
        """The channel's active table (or finished, with `finished_ok`), else `NoTable`. With
        `table_id` (a button names its table) that table, if it is in this channel: a click on
        the button of a table that is over never reaches the next table of the channel."""
        # No outage check here: reads go on while the store is away; writes are refused where
        # they are made (`commit`, `store_call`), never after one that was stored.
        t = self._by_channel.get(channel_id) if table_id is None else self._by_id.get(table_id)
        if t is None or t.channel_id != channel_id or not (t.is_active or (finished_ok and t.is_finished)):
            raise NoTable()
        return t

    def seated(self, channel_id: int, user_id: int, table_id: int | None = None) -> tuple[Table, Seat]:
        """The channel's game in progress (or table `table_id`, as `active` says) and the
        user's seat there, or the refusal saying why not: `NoTable`, then `seated_at`'s."""
        t = self.active(channel_id, finished_ok=True, table_id=table_id)
        seat = seated_at(t, user_id)
        t.seen[seat.seat] = self.clock()  # they came (an invitation's ping is answered: bot.games.invites)
        return t, seat

    # ----- the lock ------------------------------------------------------------------------------

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The one lock of the channel's table: every change of the table happens under it."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # ----- tables in and out of memory -----------------------------------------------------------

    def register(self, t: Table) -> None:
        self._by_id[t.id] = t
        current = self._by_channel.get(t.channel_id)
        if t.is_active or current is None or (not current.is_active and current.id < t.id):
            self._by_channel[t.channel_id] = t

    def forget(self, t: Table) -> None:
        """Drop a table that is over from memory (it stays in the store)."""
        if self._by_channel.get(t.channel_id) is t:
            del self._by_channel[t.channel_id]
        if self._by_id.get(t.id) is t:
            del self._by_id[t.id]

    async def load(self) -> list[Table]:
        """Bring the stored active tables into memory (latest snapshot + the moves after it);
        finished tables whose last report was never acknowledged too. A table that fails to
        load is logged and left out. Returns the tables loaded."""
        loaded = []
        for st in await self.store.load_active():
            if st.table.id in self._by_id:
                continue
            table = Table(st.table)
            try:
                restore(table, st)
            except Exception:
                log.exception("table %d (channel %d) could not be loaded", st.table.id, st.table.channel_id)
                continue
            self.register(table)
            loaded.append(table)
        return loaded

    async def adopt_stored(self, channel_id: int) -> Table | None:
        """The channel's active table in the store when memory holds none there (a create
        whose answer was lost made it): loaded and registered; None if there is none.
        `Unavailable(STORE_UNSURE)` if the store cannot say."""
        try:
            table, new = await self._from_store(channel_id)
        except (StoreError, OSError) as e:  # after a failed write, which the outage counted
            log.info("channel %d: its table could not be read: %s", channel_id, e)
            raise Unavailable(STORE_UNSURE.msgid) from e
        return table if new and table is not None and table.is_active else None

    async def last_table(self, channel_id: int) -> Table | None:
        """The channel's table in memory, else the most recent one in the store (any status).
        A table that is over is read for the caller, not kept in memory."""
        t = self._by_channel.get(channel_id)
        if t is not None:
            return t
        try:
            return (await self._from_store(channel_id))[0]
        except (StoreError, OSError) as e:
            self.outage.unreachable(e)
            raise Unavailable(STORE_DOWN.msgid) from e

    async def _from_store(self, channel_id: int) -> tuple[Table | None, bool]:
        """The channel's most recent table in the store (the one in memory if it is there), and
        whether it was read now; one read now that is active is registered (a table over that
        memory held there leaves) and its timers watched. Store errors pass through."""
        rec = await self.store.last_table_in_channel(channel_id)
        if rec is None:
            return None, False
        if rec.id in self._by_id:
            return self._by_id[rec.id], False
        stored = await self.store.load_table(rec.id)
        if stored is None:
            return None, False
        table = Table(stored.table)
        restore(table, stored)
        if table.is_active:
            current = self._by_channel.get(channel_id)
            if current is not None:
                self.forget(current)
            self.register(table)
            self.timers_stored(stored.timers)
        return table, True

    # ----- writing -------------------------------------------------------------------------------

    async def commit(
        self,
        t: Table,
        work: Awaitable[None],
        then: Callable[[], None] | None = None,
        *,
        not_saved: Lazy = MOVE_NOT_SAVED,
        late: Late | None = None,
    ) -> None:
        """Await a store write to its end even if the caller is cancelled meanwhile, so that
        memory and the store always agree; `then` brings memory up to date once the write is
        committed (also when the caller was cancelled meanwhile: the write stands, so memory
        must follow).

        A failed write is read back: found in the store, it stands (`then`, and the caller goes
        on as after a commit); not found, `Unavailable(not_saved)`. When it cannot be read
        back, the table is in doubt (`Unavailable(STORE_UNSURE)`) until the store answers: then
        `then` and `late` (its result handed over) run if the write had landed after all."""
        self._check_or_drop(t, work)
        task = asyncio.ensure_future(work)
        cancelled = False
        while not task.done():
            try:
                await asyncio.wait([task])
            except asyncio.CancelledError:
                cancelled = True
        failure = None if task.cancelled() else task.exception()
        if task.cancelled() or failure is not None:
            log.info("table %d: a write failed: %s", t.id, failure or "cancelled")
            self.outage.hold(failure)  # the other tables are refused at once meanwhile
            landed = await self._read_back(t)
            if landed is None:
                self.outage.unreachable(failure)
                self.outage.doubt(t, then, late)
            else:
                self.outage.reads()
            if landed and then is not None:
                log.info("table %d: the write was stored although its answer was lost", t.id)
                then()
            elif landed:
                await self.settle(t)
            if cancelled:
                raise asyncio.CancelledError
            if not landed:
                said = STORE_UNSURE if landed is None else not_saved
                raise Unavailable(said.msgid) from failure
            return
        if then is not None:
            then()
        if cancelled:
            raise asyncio.CancelledError

    async def _read_back(self, t: Table) -> bool | None:
        """After a failed write: whether the store holds it (the stored table differs from
        memory, which only that write would have changed: one process, under the lock); None
        if the store cannot be read. A table gone from the store leaves memory."""
        try:
            stored = await self.store.load_table(t.id)
        except (StoreError, OSError):
            return None
        if stored is None:
            log.error("table %d is gone from the store; it leaves memory", t.id)
            self.forget(t)
            return False
        return not shows(t, stored)

    def _check_or_drop(self, t: Table | None, work: Awaitable[object]) -> None:
        """The outage's refusal, if the store is away; the write made for it is then dropped
        unstarted (no "coroutine never awaited" warning)."""
        try:
            self.outage.check(t)
        except Unavailable:
            if asyncio.iscoroutine(work):
                work.close()
            raise

    async def store_call(self, work: Awaitable[T], t: Table | None = None) -> T:
        """A lobby write; a store failure becomes `Unavailable` (nothing changed in memory;
        `t`, if given, is brought to what the store holds, should the write have landed)."""
        self._check_or_drop(t, work)
        try:
            return await work
        except (ChannelBusy, ChallengeTaken):
            raise  # the lobby answers them: a table is already open here; the week's challenge is played
        except (StoreError, OSError) as e:
            log.info("a lobby write failed: %s", e)
            self.outage.failed(e)
            landed = False if t is None else await self._read_back(t)
            if landed is None and t is not None:
                self.outage.unreachable(e)
                self.outage.doubt(t, None, None)
            elif landed and t is not None:
                await self.settle(t)  # stored after all: memory shows it
            said = TABLE_NOT_SAVED if landed is False else STORE_UNSURE
            raise Unavailable(said.msgid) from e

    # ----- after an outage -----------------------------------------------------------------------

    async def settle(self, t: Table) -> None:
        """Make memory what the store holds (the caller holds the lock); if the store cannot
        be read, the table is in doubt until it can."""
        try:
            stored = await self.store.load_table(t.id)
        except (StoreError, OSError) as e:
            self.outage.unreachable(e)
            self.outage.doubt(t, None, None)
            return
        if stored is None:
            self.forget(t)
        else:
            restore(t, stored)

    async def store_back(self) -> None:
        """The store answers again: settle every table in doubt (a write found stored after all
        gets its `then` and its `late`), record the reports posted meanwhile, then let every
        table concerned go on (`on_store_back`)."""
        outage = self.outage
        concerned: dict[int, Table] = {}
        for table_id, doubt in list(outage.doubts.items()):
            t = doubt.table
            async with self.lock(t.channel_id):
                if outage.is_down:
                    return  # away again: the watcher comes back here
                landed = await self._read_back(t)
                if landed is None:
                    continue
                del outage.doubts[table_id]
                if landed:
                    log.info("table %d: its last write was stored after all; it is shown now", t.id)
                    if doubt.then is not None:
                        doubt.then()
                    else:
                        await self.settle(t)
                    if doubt.late is not None:
                        await doubt.late()
            concerned[t.id] = t
        for table_id, seq in sorted(outage.owed):
            try:
                await self.store.ack_report(table_id, seq)
            except (StoreError, OSError) as e:
                outage.failed(e)
                return
            outage.owed.discard((table_id, seq))
        concerned.update(outage.stalled)
        outage.stalled.clear()
        for t in concerned.values():
            if self.on_store_back is not None and self.holds(t):
                try:
                    await self.on_store_back(t)
                except Exception:
                    log.exception("table %d could not go on after the outage", t.id)

    def timers_stored(self, timers: Sequence[object]) -> None:
        if timers and self.on_timers_stored is not None:
            self.on_timers_stored()

    # ----- the listener --------------------------------------------------------------------------

    async def tell(self, call: Callable[[Listener], Awaitable[None]]) -> None:
        """Tell the listener, if there is one: `call(listener)`, e.g.
        `lambda heard: heard.on_result(result)` (its exceptions are logged and swallowed)."""
        if self.listener is None:
            return
        try:
            await call(self.listener)
        except Exception:
            log.exception("the listener failed")


# ----- who may answer: the refusals in the order every input checks them ---------------------------


def seated_at(t: Table, user_id: int) -> Seat:
    """The user's seat at the game in progress at `t`, or the refusal saying why not:
    `NotStarted`, `GameOver` (finished or abandoned), `NotAPlayer`."""
    if t.is_open:
        raise NotStarted()
    if t.is_finished or not t.is_active:
        raise GameOver()
    seat = t.seat_of(user_id)
    if seat is None:
        raise NotAPlayer()
    return seat


def still_playing(seat: Seat) -> Seat:
    """The seat, unless its person gave it up (`Resigned`: no move, no take-back)."""
    if seat.resigned:
        raise Resigned()
    return seat


def answering(t: Table, seat: Seat) -> Pending:
    """The pending decision if `seat` answers it now, else `NotYourTurn` (with whose it is) or
    `TakenOver` (the AI plays the seat: take it back first); `GameOver` when none is pending."""
    pending = t.pending
    if pending is None:
        raise GameOver()
    if pending.seat != seat.seat:
        raise NotYourTurn(pending, t.game)
    if seat.ai_takeover:
        raise TakenOver()
    return pending


def pending_for(t: Table, user_id: int) -> Pending:
    """The table's pending decision if `user_id` may answer it now; otherwise the refusal that
    answering it would get, in the order `act` checks (`seated_at`, `still_playing`, then
    `answering`; `act` checks the decision number before `answering`)."""
    return answering(t, still_playing(seated_at(t, user_id)))


def restore(t: Table, st: StoredTable) -> None:
    """Rebuild a table from its latest snapshot and the moves logged after it."""
    t.update(st.table)
    t.chronicle = Chronicle()
    t.recent.clear()
    t.timeline.clear()  # rebuilt from the history when first asked
    t.since_snapshot, t.timers = [], None
    snap = st.snapshot
    if snap is None or st.table.status in (OPEN, ABANDONED):
        t.game = None
        t.log_rows = 0
        return
    if snap.state is None:  # the latest snapshot always keeps its state (bot.store.codec)
        raise ValueError(f"snapshot {snap.seq} of table {t.id} has no state")
    game = Game.from_json(snap.state)
    if len(game.state.history) != snap.seq:
        raise ValueError(f"snapshot {snap.seq} of table {t.id} holds {len(game.state.history)} moves")
    chronicle = Chronicle.from_json(snap.carry)
    if snap.report:
        last = PhaseReport.from_json(snap.report, table_id=t.id, channel_id=t.channel_id, seq=snap.seq)
        t.recent.extend(last.events)
    for s in chronicle.waiting:
        t.recent.extend(s.events)
    t.recent.extend(chronicle.current)
    for m in st.moves:
        if m.seq != len(game.state.history) or game.decision is None:
            raise ValueError(f"move {m.seq} of table {t.id} does not follow its snapshot")
        events = logged_events(game, m, t.id)
        chronicle.feed(events)
        t.recent.extend(events)
    t.game, t.chronicle = game, chronicle
    t.since_snapshot = list(st.moves)
    t.log_rows = len(game.state.history) if st.log_size is None else st.log_size
    t.timers = stored_timers(t, st.timers)


def shows(t: Table, st: StoredTable) -> bool:
    """Whether memory shows what the store holds: the same status, move log, seats and orders
    (what every write of a table changes)."""
    stored = Table(st.table)
    rows = st.log_size if st.log_size is not None else t.log_rows
    return (
        stored.status == t.status
        and rows == t.log_rows
        and [s.record() for s in stored.seats] == [s.record() for s in t.seats]
        and kept_orders(stored) == kept_orders(t)
    )


def kept_orders(t: Table) -> dict[int, str | None]:
    return {seat: o.to_json() for seat, o in t.orders.items() if not o.empty}


def rule_note(game: Game, code: str) -> Event | None:
    """The event that begins the log of `code` applied to `game` without asking (actor `rule`):
    what was applied and why (`Turns.apply`); None if the rules do not find `code` obvious."""
    ob = obvious_choice(game)
    return ob.event(game) if ob is not None and ob.code == code else None


def logged_events(game: Game, m: MoveRecord, table_id: int) -> list[Event]:
    """Apply table `table_id`'s logged move `m` to `game` again: its events as they were when it
    was first applied, so that a chronicle rebuilt from the log tells what the live one told."""
    note = rule_note(game, m.code) if m.who == RULE else None
    if m.who == RULE and note is None:  # the rules changed since: the game goes on, unexplained
        log.warning("table %d: move %d is no longer an obvious choice; its note is left out", table_id, m.seq)
    events = game.apply(m.code)
    return events if note is None else [note, *events]


def stored_timers(t: Table, timers: Sequence[TimerRecord]) -> TurnTimers | None:
    """The pending decision's reminder and deadline from the stored timers."""
    number = t.log_rows
    deadline = next((x for x in timers if x.kind == DEADLINE and x.payload.get("seq") == number), None)
    if deadline is None:
        return None
    half = t.settings.deadline / 2 if t.settings.deadline is not None else 0.0
    reminder = next(
        (x.due_at for x in timers if x.kind == REMINDER and x.payload.get("seq") == number),
        deadline.due_at - half,  # the reminder has fired already
    )
    return TurnTimers(number, reminder, deadline.due_at)
