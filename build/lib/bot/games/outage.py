"""The store stops answering (PostgreSQL restarted or unreachable, SQLite's disk full): the bot
goes on answering ("try again in a moment"), loses no move it acknowledged, acknowledges no move
it did not store, and resumes by itself when the store is back.

- A write that fails is read back at once (`Registry.commit`): only this process writes a table,
  and only under its lock, so a stored table that differs from memory holds that very write (a
  commit whose answer was lost). It stands and is acknowledged; otherwise nothing changed.
- While it is read back the store counts as *down*: every change of any table is refused at
  once (`check`), without waiting on the store. A store that answers the read (SQLite on a full
  disk) is not down any more: each write is tried, and refused when it fails. When the read
  fails too, the store stays down and the table is *in doubt*: its write may have landed or
  not, and it takes no input until the store answers again.
- From the first failed write the watcher probes with a write of its own, after FIRST_WAIT
  seconds, doubling to MAX_WAIT. Once one passes it settles the tables in doubt (memory follows
  the store; a move found there after all is handed over as its result, so its channel shows it),
  records the phase reports posted meanwhile, and lets the tables whose automatic moves could not
  be saved (AI seats, obvious choices) play on (`Registry.store_back`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.store import GameStore, StoreError

from .refusals import STORE_DOWN, Unavailable

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)

FIRST_WAIT = 0.25  # seconds before the first probe after a failure
MAX_WAIT = 2.0  # between probes while the store stays away
PROBE_KEY = "store.probe"  # the meta row the probe writes
WARN_EVERY = 60.0  # seconds: at most one warning of a failing store in this time

Late = Callable[[], Awaitable[None]]  # hands over the result of a write found stored later


@dataclass
class Doubt:
    """A table whose last write may or may not be in the store."""

    table: Table
    then: Callable[[], None] | None  # memory after that write, as a commit would have made it
    late: Late | None  # its result handed over, when it is found stored after all


@dataclass
class Outage:
    store: GameStore
    clock: Callable[[], float] = time.monotonic
    failing_since: float | None = None  # the first failed write since writes last passed
    down_since: float | None = None  # the store could not even be read: changes are refused
    doubts: dict[int, Doubt] = field(default_factory=dict)  # table id -> its doubt
    stalled: dict[int, Table] = field(default_factory=dict)  # automatic moves not saved
    owed: set[tuple[int, int]] = field(default_factory=set)  # (table id, report seq) posted, not recorded
    outages: int = 0  # how many times the store went away (for the benchmarks' figures)
    refused: int = 0  # inputs refused at once while it was away
    # Set by the registry: settles the doubts and lets the stalled tables play on.
    on_back: Callable[[], Awaitable[None]] | None = None
    _watcher: asyncio.Task[None] | None = None
    _closed: bool = False
    _said_down: bool = False
    _warned_at: float | None = None

    @property
    def is_down(self) -> bool:
        return self.down_since is not None

    def check(self, t: Table | None = None) -> None:
        """Refuse a change while the store is away or `t` is in doubt (`Unavailable`)."""
        if self.down_since is not None or (t is not None and t.id in self.doubts):
            self.refused += 1
            raise Unavailable(STORE_DOWN.msgid)

    def failed(self, error: BaseException | None) -> None:
        """A store call failed: watch it until a probe write passes."""
        if self._closed:
            return
        if self.failing_since is None:
            now = self.failing_since = self.clock()
            self.outages += 1
            # once a minute at most: a store that fails now and then (a disk nearly full, where
            # a probe may pass between two failures) is one warning, not one per move
            said = self._warned_at is not None and now - self._warned_at < WARN_EVERY
            self._warned_at = self._warned_at if said else now
            (log.info if said else log.warning)(
                "a database write failed (%s): what cannot be saved is answered with \"try again "  # i18n: not for players (the log)
                "in a moment\"; probing every %g s until writes pass",
                describe(error), MAX_WAIT,
            )  # fmt: skip
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.create_task(self._watch(), name="caylus-store-watch")

    def hold(self, error: BaseException | None) -> None:
        """A write failed and is being read back: refuse every change at once meanwhile."""
        self.failed(error)
        if self.down_since is None and not self._closed:
            self.down_since = self.clock()

    def unreachable(self, error: BaseException | None) -> None:
        """The store cannot even be read: refuse every change at once until it answers."""
        self.hold(error)
        if not self._said_down and not self._closed:
            self._said_down = True
            log.warning("the database does not answer: every change is refused at once until it does")

    def reads(self) -> None:
        """The store answered a read: not down (writes may still fail: the watcher goes on)."""
        self.down_since, self._said_down = None, False

    def doubt(self, t: Table, then: Callable[[], None] | None, late: Late | None) -> None:
        self.doubts[t.id] = Doubt(t, then, late)
        log.info("table %d: its last write may or may not be stored; settled when the database answers", t.id)

    def stall(self, t: Table) -> None:
        if t.id not in self.stalled:
            log.info("table %d: an automatic move could not be saved; it plays on when the database answers", t.id)
        self.stalled[t.id] = t

    def owe_ack(self, table_id: int, seq: int) -> None:
        self.owed.add((table_id, seq))

    async def close(self) -> None:
        self._closed = True
        if self._watcher is not None:
            self._watcher.cancel()
            await asyncio.gather(self._watcher, return_exceptions=True)

    async def _watch(self) -> None:
        while self.failing_since is not None:
            wait = FIRST_WAIT
            while True:
                await asyncio.sleep(wait)
                try:
                    await self.store.set_meta(PROBE_KEY, f"{time.time():.3f}")  # writes pass again
                except (StoreError, OSError) as e:
                    log.debug("the database still does not answer: %s", describe(e))
                    wait = min(wait * 2, MAX_WAIT)
                    continue
                break
            since, self.failing_since = self.failing_since, None
            self.reads()
            assert since is not None
            log.info(
                "database writes pass again after %.1f s; settling %d table(s) in doubt, %d to play on",
                self.clock() - since, len(self.doubts), len(self.stalled),
            )  # fmt: skip
            if self.on_back is not None:
                await self.on_back()  # a failure meanwhile marks the store down again: on we go


def describe(error: BaseException | None) -> str:
    if error is None:
        return "the write was cancelled"  # i18n: not for players (the log)
    return str(error) or type(error).__name__
