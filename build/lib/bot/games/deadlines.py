"""Deadlines and reminders: what the manager stores for a pending decision, and the listener the
Discord layer gives it to hear about moves made outside an interaction.

For a person's decision at a table with a deadline the manager stores two timers in the same
transaction as the move (or start, undo, take-back) that made the decision pending: a reminder
at half time and the deadline. Both carry the decision number (`seq`); any later move of the
table replaces them, and a timer whose `seq` is not the pending decision's is dropped, never
applied. AI seats and seats the AI has taken over get no timers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.store import DEADLINE, REMINDER, NewTimer, StoreError

from .settings import TableSettings
from .table import Pending, Seat, Table, TurnTimers

if TYPE_CHECKING:
    from .results import ActResult

log = logging.getLogger(__name__)

TIMER_KINDS = (REMINDER, DEADLINE)
MAX_SLEEP = 30.0  # the scheduler looks at the store at least this often (seconds)
IDLE_SLEEP = 1.0  # after a pass that could not fire a due timer (the store failed)


def decision_timers(
    settings: TableSettings, seat: Seat | None, number: int, now: float
) -> tuple[list[NewTimer], TurnTimers | None]:
    """The timers for decision number `number` of `seat` (None: no decision, the game is over):
    none without a deadline or when the AI decides; and the `TurnTimers` the table keeps in
    memory. (The store's timer payload names the decision number `seq`.)"""
    limit = settings.deadline
    if limit is None or seat is None or seat.automatic or seat.user_id is None:
        return [], None
    deadline_at = now + limit
    reminder_at = now + limit / 2
    base: dict[str, Any] = {"seq": number, "seat": seat.seat, "user_id": seat.user_id}
    timers = [
        NewTimer(REMINDER, reminder_at, {**base, "deadline_at": deadline_at}),
        NewTimer(DEADLINE, deadline_at, base),
    ]
    return timers, TurnTimers(number, reminder_at, deadline_at)


class Listener(Protocol):
    """What the Discord layer hears from the manager.

    `on_result`: every result of a table (a person's input, the AI seats that followed, a
    deadline's automatic move with `result.why`, AI seats playing on after a restart), handed
    over under the table's lock right after its last step: a table's results arrive in the
    order of their decision numbers (`result.number`). Keep it quick (queue the posting).
    `on_reminder`: half of a person's time has passed; ping them (`pending.user_id`).
    `on_takeover`: a seat was handed to the AI after missed deadlines (its result came first;
    `result.takeovers` names the seat too).
    `on_lobby_expired`: a table nobody started within the lobby's time closed itself (it is
    abandoned; bot.games.timers).
    `on_callback`: a call back held through its person's quiet hours is due (`what`: "turn" or
    "reminder"; bot.games.notify); the decision is still theirs.
    The manager logs and swallows a listener's exceptions.
    """

    async def on_result(self, result: ActResult) -> None: ...

    async def on_reminder(self, pending: Pending, deadline_at: float) -> None: ...

    async def on_takeover(self, table: Table, seat: Seat) -> None: ...

    async def on_lobby_expired(self, table: Table) -> None: ...

    async def on_callback(self, pending: Pending, what: str) -> None: ...


class BaseListener:
    """A listener that does nothing: subclass it and override what you need."""

    async def on_result(self, result: ActResult) -> None:
        return None

    async def on_reminder(self, pending: Pending, deadline_at: float) -> None:
        return None

    async def on_takeover(self, table: Table, seat: Seat) -> None:
        return None

    async def on_lobby_expired(self, table: Table) -> None:
        return None

    async def on_callback(self, pending: Pending, what: str) -> None:
        return None


@dataclass(slots=True)
class FiredTimer:
    """What `run_due_timers` did with one due timer.

    `outcome`: `reminded` (the listener was told), `moved` (the deadline's automatic move was
    made; `result` holds it and the AI moves that followed), `skipped` (a reminder whose deadline
    had passed too: only the deadline acts), `dropped` (stale: the decision it was set for is no
    longer pending, or its table is gone), `failed` (the move could not be saved; the timer
    stays and fires on a later pass), `held` (a reminder in its person's quiet hours, kept for
    their end), `sent` (a held call back handed to the listener at that end).
    """

    timer_id: int
    table_id: int
    kind: str
    number: int | None  # the decision number the timer was set for
    outcome: str
    result: ActResult | None = None
    why: str = ""


class Scheduler:
    """Sleeps until the next due timer (at most `max_sleep` seconds, woken early when a new
    timer is stored) and runs `run_due`. Its first pass runs `first` (start-up work) too."""

    def __init__(
        self,
        run_due: Callable[[], Awaitable[list[FiredTimer]]],
        next_due: Callable[[], Awaitable[float | None]],
        clock: Callable[[], float],
        *,
        first: Callable[[], Awaitable[Any]] | None = None,
        max_sleep: float = MAX_SLEEP,
    ) -> None:
        self._run_due = run_due
        self._next_due = next_due
        self._clock = clock
        self._first = first
        self.max_sleep = max_sleep
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="caylus-timers")

    def wake(self) -> None:
        self._wake.set()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is None:
            return
        # The flag and the wake end the loop even where a cancel is swallowed (Python 3.11's
        # wait_for does, when the event it waits for was set just before the cancel).
        self._stopping = True
        self._wake.set()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        self._stopping = False

    async def _loop(self) -> None:
        if self._first is not None:
            try:
                await self._first()
            except Exception:
                log.exception("timers: the start-up pass failed")
        while not self._stopping:
            self._wake.clear()
            stuck = False
            try:
                fired = await self._run_due()
                stuck = any(f.outcome == "failed" for f in fired)
                due = await self._next_due()
            except StoreError as e:  # the store is away (bot.games.outage): tried again soon
                log.info("timers: a pass failed: %s", e)
                due, stuck = None, True
            except Exception:
                log.exception("timers: a pass failed")
                due, stuck = None, True
            if due is None:
                sleep = self.max_sleep
            else:
                sleep = min(self.max_sleep, max(0.0, due - self._clock()))
            if stuck:
                sleep = max(sleep, IDLE_SLEEP)
            if self._stopping:
                return
            waiter = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({waiter}, timeout=sleep)  # unlike wait_for, never eats a cancel
            finally:
                waiter.cancel()
