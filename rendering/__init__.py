"""Board images: a pure function from a game state of the rules core to PNG bytes.

    render_board(state, events=None, *, pending=None) -> bytes
    render_final(state, scores, winners) -> bytes

`events` are the engine's events of the phase that just ended (they drive the highlights and the
caption); `pending` is the engine's pending Decision (its player's card and the header say whose
decision it is). When the game is over, `render_board` shows the final scores by itself.
Nothing here touches Discord, the store or asyncio; the static board is drawn once per process.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.rules import State, final_scores

from .board import encode_png, render_image
from .style import HEIGHT, WIDTH

__all__ = ["HEIGHT", "WIDTH", "render_board", "render_final", "render_image"]


def render_board(
    state: State, events: Sequence[Any] | None = None, *, pending: Any = None
) -> bytes:
    """PNG of the board after a phase: road, specials, castle, bridge, players, stock, caption."""
    return encode_png(render_image(state, events, pending=pending))


def render_final(
    state: State,
    scores: Sequence[Any] | None = None,
    winners: Sequence[int] | None = None,
    events: Sequence[Any] | None = None,
) -> bytes:
    """PNG of the finished game with the final score table.

    `scores` are the engine's ScoreLines (`Game.final_scores()`), `winners` its `Game.winners()`;
    without them the image computes both from the state (§2.8: all tied players win).
    """
    finals = list(scores) if scores is not None else final_scores(state)
    return encode_png(render_image(state, events, finals=finals, winners=winners))
