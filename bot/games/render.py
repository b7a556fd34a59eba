"""Board images for phase reports, drawn off the event loop.

`render_board_png` is the one place that imports the renderer (`rendering.render_board`); if the
renderer is missing it returns None and the reports go out without an image. `render_async`
rebuilds the reported moment from its snapshot and runs a renderer in an executor, so drawing
never blocks the event loop.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import Executor

from bot.rules import Decision, Event, Game, State

log = logging.getLogger(__name__)

# (state, events of the report, pending decision) -> PNG bytes, or None for "no image"
Renderer = Callable[[State, list[Event], Decision | None], bytes | None]

_missing_logged = False


def render_board_png(state: State, events: list[Event], pending: Decision | None) -> bytes | None:
    """Draw the board with the project's renderer; None if the renderer is not installed."""
    global _missing_logged
    try:
        from rendering import render_board
    except ImportError:
        if not _missing_logged:
            _missing_logged = True
            log.warning("rendering.render_board is not available: phase reports have no image")
        return None
    png: bytes = render_board(state, events, pending=pending)
    return png


def draw(render: Renderer, state_json: str, events: list[Event]) -> bytes | None:
    """Rebuild the moment a snapshot holds and draw it (runs in the executor)."""
    game = Game.from_json(state_json)
    return render(game.state, events, game.decision)


async def render_async(
    render: Renderer,
    state_json: str,
    events: list[Event],
    executor: Executor | None = None,
) -> bytes | None:
    """Draw the board of a snapshot in `executor` (default: the loop's) and return the PNG."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(executor, functools.partial(draw, render, state_json, events))
