"""Where the strong level thinks: off the event loop, in a pool shared by all tables.

A search holds a core for its whole think time (2 s by default) and holds the GIL all along, so
on the event loop's process it would stall every table. `Thinker` runs it in a small pool of
worker processes (`AI_PROCESSES`, default 1; niced, deaf to Ctrl-C and dying with the bot, like
the board renderer's), or with `processes=0` in one thread (tests). The game goes to the worker as
`Game.to_json()` text and the choice comes back as a code.

The pool only thinks; the manager decides what a result is worth: `bot.games.turns` takes the
game and its decision number under the table's lock, lets the thinker work without the lock, and
applies the choice only if the table still waits on that decision (an undo, an abandon or a
take-back meanwhile drops it). One search per table at a time: a table's AI seats are played by
one run at a time (`Turns._playing`). `cancel` drops a table's search: a search still queued never
starts; one already running in a worker finishes its think time and its result is thrown away.
"""

from __future__ import annotations

import asyncio
import functools
import os
import random
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from .render import _start_worker, worker_context
from .search import DEFAULT_THINK_S, strong_choice

# (Game.to_json() text, think time in ms, seed, fixed iterations or None) -> the chosen code.
# For worker processes it must be a module-level function (it is pickled by name).
SearchFunction = Callable[[str, int, int, "int | None"], str]

DEFAULT_THINK_MS = int(DEFAULT_THINK_S * 1000)
# Lower than the board renderer's (5): a search keeps a core busy for seconds on end, and on a
# small machine the event loop must still come first (measured: docs/benchmarks.md).
THINK_NICENESS = 15
SEARCH_LEVELS = ("strong",)  # the levels that think in the pool; the others choose at once


def _warm() -> None:
    """Nothing: a worker imports this module (with the rules core and the search) to run it,
    so its first search starts at once."""


def search_seed(seed: int, history: int) -> int:
    """The search's seed for decision `history` of a game seeded `seed`, like `seeded_choice`."""
    return random.Random(f"{seed}:{history}").getrandbits(32)


class Thinker:
    """Runs searches in a pool (processes, or one thread with `processes=0`)."""

    def __init__(
        self,
        search: SearchFunction = strong_choice,
        *,
        processes: int = 1,
        think_ms: int = DEFAULT_THINK_MS,
        iterations: int | None = None,
        niceness: int = THINK_NICENESS,
    ) -> None:
        """`think_ms`: the budget per decision; `iterations`: a fixed budget instead (tests:
        the same choice for the same seed)."""
        if processes < 0 or think_ms < 1:
            raise ValueError("processes must be 0 or more and think_ms at least 1")
        self.search = search
        self.processes = processes
        self.think_ms = think_ms
        self.iterations = iterations
        self._pool: Executor | None
        if processes > 0:
            self._pool = ProcessPoolExecutor(
                max_workers=processes,
                mp_context=worker_context(),
                initializer=_start_worker,
                initargs=(niceness, os.getpid()),
            )
        else:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="think")
        self._running: dict[int, asyncio.Future[str]] = {}  # table id -> its search

    def warm_up(self) -> None:
        """Start the worker processes (in the background): the first search does not wait for them."""
        if isinstance(self._pool, ProcessPoolExecutor):
            for _ in range(self.processes):
                self._pool.submit(_warm)

    async def think(self, table_id: int, state_json: str, seed: int) -> str | None:
        """The choice for the game `state_json`; None if the search was cancelled (`cancel`,
        `close`) before it gave one. Call from the event loop, one search per table at a time."""
        if self._pool is None:
            return None
        loop = asyncio.get_running_loop()
        job = functools.partial(self.search, state_json, self.think_ms, seed, self.iterations)
        future = loop.run_in_executor(self._pool, job)
        self._running[table_id] = future
        try:
            await asyncio.wait([future])
        finally:
            if self._running.get(table_id) is future:
                del self._running[table_id]
        if future.cancelled():
            return None
        return future.result()

    def thinking(self, table_id: int) -> bool:
        return table_id in self._running

    def cancel(self, table_id: int) -> None:
        """Drop the table's search, if one is under way (its result will not be used)."""
        future = self._running.get(table_id)
        if future is not None:
            future.cancel()

    def cancel_all(self) -> None:
        """Drop every search under way (call from the event loop's thread)."""
        for future in list(self._running.values()):
            future.cancel()

    def close(self) -> None:
        """Stop the pool: queued searches never start, a running one ends with its think time
        (blocks that long: call it in a thread, after `cancel_all`)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=True, cancel_futures=True)
