"""Firing deadlines and reminders, and the start-up pass that lets interrupted AI seats play on.

A reminder tells the listener (`on_reminder`) unless its deadline has passed too. A deadline
makes the automatic move for the absent player under the table's lock, through the same
`Turns.apply` as a person's choice (actor "auto"), lets the AI seats that follow play, and hands
the result over (`on_result`, with `why`), then `on_takeover` if the seat was handed to the AI.
A timer whose decision is no longer pending is dropped, never applied. Every pass also closes
the lobbies that were not started in time (`expire_lobbies`).
"""

from __future__ import annotations

import logging

from bot.i18n import N_
from bot.store import ABANDONED, AUTO, REMINDER, StoreError, TimerRecord

from .ai import absent_level, seeded_choice
from .deadlines import MAX_SLEEP, TIMER_KINDS, FiredTimer, Scheduler, decision_timers
from .notify import HELD, REMINDER_CALL, Notices, held_timer
from .orders import answer
from .refusals import Unavailable
from .registry import Registry
from .results import ActResult, MissedDeadline
from .table import Pending, Table
from .turns import Turns

log = logging.getLogger(__name__)

PLAY_ON = str(N_("The game goes on: the AI seats play."))  # posted in the table's language (bot.ui.posting)
DAY = 86_400.0
LOBBY_EXPIRY = 7 * DAY  # an open table not started within this time closes itself (default)


class Timers:
    def __init__(
        self, registry: Registry, turns: Turns, *, lobby_expiry: float | None = LOBBY_EXPIRY,
        notices: Notices | None = None,
    ) -> None:  # fmt: skip
        """`lobby_expiry`: seconds after its creation an open table that has not started is
        closed (abandoned); None: never. `notices`: people's quiet hours hold their reminders
        (`bot.games.notify`)."""
        self.registry = registry
        self.turns = turns
        self.notices = notices
        self.lobby_expiry = lobby_expiry
        self.scheduler: Scheduler | None = None
        registry.on_timers_stored = self._wake

    def _wake(self) -> None:
        if self.scheduler is not None:
            self.scheduler.wake()

    # ----- the scheduler -----------------------------------------------------------------------

    def start(self, *, max_sleep: float = MAX_SLEEP) -> None:
        """Start the task that fires timers when due (sleeping at most `max_sleep` seconds at a
        time, woken when a timer is stored). Its first pass, right away, fires what fell due
        while the bot was down (once) and lets AI seats that were interrupted play on. Call it
        once the listener can post (the Discord client is ready)."""
        if self.scheduler is None:
            self.scheduler = Scheduler(
                self.run_due, self.registry.store.next_timer_due, self.registry.clock,
                first=self.resume_automatic, max_sleep=max_sleep,
            )  # fmt: skip
        self.scheduler.max_sleep = max_sleep
        self.scheduler.start()

    async def stop(self) -> None:
        """Stop the scheduler's task (timers stay stored; `start` goes on from them)."""
        if self.scheduler is not None:
            await self.scheduler.stop()

    async def run_due(self) -> list[FiredTimer]:
        """Fire every timer due by the clock, once (safe to call concurrently: one move per
        decision, one reminder per timer); and close the lobbies that expired."""
        await self.expire_lobbies()
        now = self.registry.clock()
        fired: list[FiredTimer] = []
        seen: set[tuple[int, int, str, float, float]] = set()  # identities: an id may be reused
        while True:
            batch = [x for x in await self.registry.store.due_timers(now, limit=500) if x.identity not in seen]
            batch = [x for x in batch if x.kind in (*TIMER_KINDS, HELD)]
            if not batch:
                return fired
            for timer in batch:
                seen.add(timer.identity)
                if timer.kind == REMINDER:
                    fired.append(await self._fire_reminder(timer, now))
                elif timer.kind == HELD:
                    fired.append(await self._fire_held(timer))
                else:
                    fired.append(await self._fire_deadline(timer))

    # ----- lobbies that never start --------------------------------------------------------------

    async def expire_lobbies(self) -> list[Table]:
        """Close every open table in memory created `lobby_expiry` ago or more (it is abandoned,
        as if its creator had abandoned it) and tell the listener (`on_lobby_expired(table)`). The scheduler runs this on every pass; old lobbies of a database
        written before this existed expire as well, since the table's creation time decides.
        Returns the tables closed."""
        if self.lobby_expiry is None:
            return []
        reg = self.registry
        closed: list[Table] = []
        for t in sorted(reg.tables(), key=lambda x: x.id):
            if not t.is_open or reg.clock() - t.created_at < self.lobby_expiry:
                continue
            async with reg.lock(t.channel_id):
                now = reg.clock()
                if not (reg.holds(t) and t.is_open):  # started, left or abandoned meanwhile
                    continue
                try:  # a lost answer is read back: closed after all, it is let go as below
                    await reg.store_call(reg.store.set_status(t.id, ABANDONED, now=now), t)
                except Unavailable:
                    if t.is_open:
                        log.info("table %d: the expired lobby could not be closed now; tried again later", t.id)
                        continue
                t.status, t.finished_at, t.updated_at = ABANDONED, now, now
                reg.forget(t)
            log.info(
                "table %d (channel %d): the lobby was not started within %.3g days; closed",
                t.id, t.channel_id, self.lobby_expiry / DAY,
            )  # fmt: skip
            closed.append(t)
            await reg.tell(lambda heard: heard.on_lobby_expired(t))  # noqa: B023 (called at once)
        return closed

    # ----- at load -------------------------------------------------------------------------------

    async def ensure(self, t: Table) -> None:
        """A person's pending decision at a table with a deadline has its timers (a table whose
        timers were lost gets a deadline from now)."""
        if not t.is_started or not t.settings.has_deadline or t.timers is not None:
            return
        d = t.decision
        if d is None or t.seats[d.player].automatic:
            return
        now = self.registry.clock()
        timers, clock = decision_timers(t.settings, t.seats[d.player], d.seq, now)
        try:
            await self.registry.store.update_seat_states(t.id, [], clear_timers=TIMER_KINDS, timers=timers, now=now)
        except (StoreError, OSError):
            log.exception("table %d: its deadline could not be stored", t.id)
            return
        t.timers = clock
        self.registry.timers_stored(timers)

    async def resume_automatic(self) -> list[ActResult]:
        """The scheduler's first pass: let AI seats (and taken-over seats) play on where a table
        waits on them (a restart or a failed save stopped them), and apply an obvious choice left
        pending; each result is handed over."""
        out: list[ActResult] = []
        for t in sorted(self.registry.tables(), key=lambda x: x.id):
            p = t.pending
            if p is None or not (p.is_ai or self.turns.ai_to_play(t)):  # also the seats' orders
                continue
            try:
                result = await self.turns.autoplay(t, ActResult(t, why=PLAY_ON if p.is_ai else ""), detach=True)
            except Exception:
                log.exception("table %d: the AI seats could not play on", t.id)
                continue
            if result.moves:
                out.append(result)
        return out

    # ----- one timer -------------------------------------------------------------------------------

    async def _drop(self, timer: TimerRecord, outcome: str = "dropped") -> FiredTimer:
        try:
            await self.registry.store.delete_timer(timer)
        except (StoreError, OSError):
            log.exception("timer %d could not be deleted", timer.id)
        return FiredTimer(timer.id, timer.table_id, timer.kind, timer.payload.get("seq"), outcome)

    def _timer_table(self, timer: TimerRecord) -> Table | None:
        """The table a timer was set for, if its decision is still pending and a person's."""
        t = self.registry.table_by_id(timer.table_id)
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
        async with self.registry.lock(t.channel_id):
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
            mine = await self.registry.store.delete_timer(timer)
        except (StoreError, OSError):
            log.exception("timer %d could not be deleted", timer.id)
            mine = False
        if not mine:  # another pass took it (or the store failed): remind at most once
            return FiredTimer(timer.id, t.id, timer.kind, pending.number, "dropped")
        if await self._held(pending, deadline_at):
            return FiredTimer(timer.id, t.id, timer.kind, pending.number, "held")
        at = float(deadline_at if deadline_at is not None else now)
        await self.registry.tell(lambda heard: heard.on_reminder(pending, at))
        return FiredTimer(timer.id, t.id, timer.kind, pending.number, "reminded")

    async def _held(self, pending: Pending, deadline_at: float | None) -> bool:
        """In its person's quiet hours a reminder waits for their end (a `HELD` timer)."""
        if self.notices is None or pending.user_id is None:
            return False
        try:
            until = (await self.notices.route(pending.user_id)).hold_until
            if until is None:
                return False
            timer = held_timer(pending.number, pending.user_id, REMINDER_CALL, until, deadline_at)
            await self.registry.store.add_timer(pending.table_id, timer.kind, timer.due_at, timer.payload)
        except (StoreError, OSError):
            log.exception("table %d: the quiet hours could not be read or the reminder held", pending.table_id)
            return False
        self.registry.timers_stored([timer])
        return True

    async def _fire_held(self, timer: TimerRecord) -> FiredTimer:
        """A call back held through quiet hours: sent if the decision is still its person's."""
        t = self._timer_table(timer)
        pending = t.pending if t is not None else None
        if pending is None or pending.user_id != timer.payload.get("user_id"):
            return await self._drop(timer)
        try:
            mine = await self.registry.store.delete_timer(timer)
        except (StoreError, OSError):
            log.exception("timer %d could not be deleted", timer.id)
            mine = False
        if not mine:
            return FiredTimer(timer.id, pending.table_id, timer.kind, pending.number, "dropped")
        what = str(timer.payload.get("what", REMINDER_CALL))
        await self.registry.tell(lambda heard: heard.on_callback(pending, what))
        return FiredTimer(timer.id, pending.table_id, timer.kind, pending.number, "sent")

    async def _fire_deadline(self, timer: TimerRecord) -> FiredTimer:
        t = self._timer_table(timer)
        if t is None:
            return await self._drop(timer)
        reg = self.registry
        async with reg.lock(t.channel_id):
            if self._timer_table(timer) is not t or not reg.holds(t):
                return await self._drop(timer)
            d = t.decision
            assert d is not None and t.game is not None
            seat = t.seats[d.player]
            code = self._absent_choice(t)
            try:
                step = await self.turns.apply(t, d.seq, d.player, code, None, AUTO)
            except Unavailable:
                log.warning("table %d: the automatic move could not be saved; the deadline stays", t.id)
                return FiredTimer(timer.id, t.id, timer.kind, d.seq, "failed")
            missed = MissedDeadline(
                seat.name, step.move.label, t.settings.takeover_after, step.missed, step.taken_over
            )
            why = missed.text()
            acc = ActResult(t, why=why, missed=missed)
            step.add_to(acc)
            handed_over = not self.turns.ai_to_play(t)
            if handed_over:
                await self.turns.finish(acc)
        if not handed_over:
            await self.turns.autoplay(t, acc, detach=True)
        if step.taken_over:
            await reg.tell(lambda heard: heard.on_takeover(t, t.seats[seat.seat]))
        return FiredTimer(timer.id, t.id, timer.kind, d.seq, "moved", acc, why)

    def _absent_choice(self, t: Table) -> str:
        """The choice made for an absent player (the table's `absent_rule`)."""
        assert t.game is not None
        d = t.decision
        if d is not None and (o := answer(t.game, t.orders.get(d.player))) is not None:
            return o.code  # the player's own orders, where they apply
        rule = t.settings.absent_rule
        if rule != "auto":  # pragma: no cover - TableSettings admits "auto" only
            raise ValueError(f"unknown rule for absent players {rule!r}")
        return seeded_choice(t.game, t.seed, absent_level(t.settings.ai_level, at_once=True))

