"""Board images, drawn off the event loop from the state the manager holds in memory.

`render_board_png` is the one place that imports the renderer (`rendering.render_board`); if the
renderer is missing it returns None and the reports go out without an image.

`BoardRenderer` owns where drawing runs: a small pool of worker processes (niced, so the event
loop always comes first; drawing is Python code that holds the GIL, and with many busy tables
the loop would otherwise wait for it; each exits when the bot is gone, even after a SIGKILL) or, with `processes=0`, a pool of threads. `draw` starts a
drawing and returns at once with a future: nobody waits for an image except the post that
carries it. The state goes to the worker as it is (a copy taken at the phase's end), never
through JSON.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from bot.i18n import DEFAULT as DEFAULT_LANGUAGE
from bot.rules import Decision, Event, Game, State, new_game

log = logging.getLogger(__name__)
T = TypeVar("T")

# (state, events of the report, pending decision[, lang=the table's language]) -> PNG bytes, or
# None for "no image"; `lang` is passed only for a language other than English, so a renderer
# that draws no words may take the first three alone.
Renderer = Callable[..., bytes | None]

NICENESS = 5
PARENT_POLL_S = 1.0  # how often a render worker checks that the bot is still there

_missing_logged = False


def render_board_png(
    state: State, events: list[Event], pending: Decision | None, lang: str = DEFAULT_LANGUAGE
) -> bytes | None:
    """Draw the board with the project's renderer, its words in `lang`; None if the renderer is
    not installed."""
    global _missing_logged
    try:
        from rendering import render_board
    except ImportError:
        if not _missing_logged:
            _missing_logged = True
            log.warning("rendering.render_board is not available: phase reports have no image")
        return None
    png: bytes = render_board(state, events, pending=pending, lang=lang)
    return png


def _start_worker(niceness: int, parent: int | None = None) -> None:
    """A render worker: lower priority, deaf to Ctrl-C (SIGINT reaches the whole process group
    in a terminal; the bot shuts its workers down itself), and dying with the bot (`parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(niceness)
    except (AttributeError, OSError):  # pragma: no cover - not on this platform
        pass
    if parent is not None:
        threading.Thread(
            target=_watch_parent, args=(parent,), name="parent-watch", daemon=True
        ).start()


class _QuietProcess(multiprocessing.context.SpawnProcess):
    """A worker started with SIGINT blocked: Ctrl-C while it is still importing (before
    `_start_worker` ignores it) would print a KeyboardInterrupt traceback. The mask is the
    starting thread's only and lasts the fork; a SIGINT meanwhile stays pending for the bot."""

    def start(self) -> None:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            super().start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _QuietSpawn(multiprocessing.context.SpawnContext):
    Process = _QuietProcess


def worker_context() -> multiprocessing.context.SpawnContext:
    """The start method of the render and AI workers: spawn, deaf to Ctrl-C from their birth."""
    return _QuietSpawn()


def _watch_parent(parent: int, interval: float = PARENT_POLL_S) -> None:
    """Exit the worker once the bot that started it is gone (a SIGKILL gives the pool no chance
    to stop its workers; they would wait on their queue forever, and keep multiprocessing's
    resource tracker alive with them). An orphan is adopted by another process, so its parent
    pid changes. A poll rather than PR_SET_PDEATHSIG: that one fires when the *thread* that
    started the worker ends, and the pool may start workers from any thread."""
    while os.getppid() == parent:
        time.sleep(interval)
    os._exit(0)


def _warm(render: Renderer) -> None:
    """Draw one board, so the renderer, its fonts and its static board are loaded."""
    game = new_game(["A", "B"], 0)
    render(game.state, [], game.decision)


class BoardRenderer:
    """Draws boards in a pool (processes, or threads with `processes=0`); `render` None: no
    images at all (`draw` returns None)."""

    def __init__(
        self,
        render: Renderer | None = render_board_png,
        *,
        processes: int = 0,
        threads: int = 2,
        niceness: int = NICENESS,
    ) -> None:
        self.render = render
        self.processes = processes if render is not None else 0
        self._pool: Executor | None = None
        if render is None:
            return
        if self.processes > 0:
            self._pool = ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=worker_context(),
                initializer=_start_worker,
                initargs=(niceness, os.getpid()),
            )
        else:
            self._pool = ThreadPoolExecutor(
                max_workers=max(1, threads), thread_name_prefix="render"
            )

    def warm_up(self) -> None:
        """Start the worker processes and load the renderer in each (in the background)."""
        if isinstance(self._pool, ProcessPoolExecutor) and self.render is not None:
            for _ in range(self.processes):
                self._pool.submit(_warm, self.render)

    def draw(
        self,
        state: State,
        events: Sequence[Event],
        pending: Decision | None,
        lang: str = DEFAULT_LANGUAGE,
    ) -> asyncio.Future[bytes | None] | None:
        """Start drawing the board, its words in `lang` (the table's language; the caller must not
        change `state` afterwards); None when there is no renderer. Call from the event loop."""
        if self._pool is None or self.render is None:
            return None
        loop = asyncio.get_running_loop()
        words = {} if lang == DEFAULT_LANGUAGE else {"lang": lang}
        job = functools.partial(self.render, state, list(events), pending, **words)
        return loop.run_in_executor(self._pool, job)

    def job(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T] | None:
        """Run `fn(*args)` in the pool (a summary, a replay, a past board: module-level functions
        of picklable values); None when there is no renderer. Call from the event loop."""
        if self._pool is None or self.render is None:
            return None
        return asyncio.get_running_loop().run_in_executor(self._pool, functools.partial(fn, *args))

    async def board(
        self, game: Game, events: Sequence[Event], lang: str = DEFAULT_LANGUAGE
    ) -> bytes | None:
        """The board of a game as it stands (`/caylus board`), in `lang`; None without a renderer."""
        future = self.draw(game.state.copy(), events, game.decision, lang)
        return None if future is None else await future

    def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=True, cancel_futures=True)
