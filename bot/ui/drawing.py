"""Board images drawn in worker processes, at a lower CPU priority than the bot.

The manager already draws off the event loop, in threads; but drawing is mostly Python code that
holds the GIL, and with many busy tables the event loop then waits for it (interactions answered
late). `ProcessRenderer` is a `bot.games.Renderer` that hands each drawing to a small pool of
worker processes (niced, so the event loop always comes first) and waits for it in the
manager's render thread, which releases the GIL meanwhile.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from bot.games import Renderer, render_board_png
from bot.rules import Decision, Event, State, new_game

log = logging.getLogger(__name__)

NICENESS = 5


def _lower_priority(niceness: int) -> None:
    try:
        os.nice(niceness)
    except (AttributeError, OSError):  # pragma: no cover - not on this platform
        pass


def _warm(render: Renderer) -> None:
    """Draw one board, so the renderer, its fonts and its static board are loaded."""
    game = new_game(["A", "B"], 0)
    render(game.state, [], game.decision)


class ProcessRenderer:
    """Call like the renderer it wraps (a module-level function, so it can be pickled)."""

    def __init__(self, render: Renderer = render_board_png, workers: int = 2, niceness: int = NICENESS) -> None:
        self.render = render
        self.workers = max(1, workers)
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_lower_priority,
            initargs=(niceness,),
        )

    def __call__(self, state: State, events: Sequence[Event], pending: Decision | None) -> bytes | None:
        return self._pool.submit(self.render, state, list(events), pending).result()

    def warm_up(self) -> None:
        """Start the workers and load the renderer in each (in the background)."""
        for _ in range(self.workers):
            self._pool.submit(_warm, self.render)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
