"""Board images: a pure function from a game state of the rules core to PNG bytes.

    render_board(state, events=None, *, pending=None, lang="en") -> bytes
    render_final(state, scores, winners, *, lang="en") -> bytes
    render_view(view) -> bytes          (a `BoardView` built by `board_view`)

`events` are the engine's events of the phase that just ended (they drive the highlights and the
caption); `pending` is the engine's pending `Decision` (or a `PendingView`: its player's card and
the header say whose decision it is; without it, the state's own pending decision). When the
game is over, `render_board` shows the final scores by itself. Everything is turned into one typed
`BoardView` first, which is all the panels read. Nothing here touches Discord, the store or
asyncio; the static board is drawn once per process.

Importing this package loads no Pillow: the drawing modules load on the first image, so the pure
parts (the view) cost nothing to a process that never draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.rules import Decision, Event, ScoreLine, State, final_scores

from .chart import render_rating_chart
from .style import HEIGHT, WIDTH
from .view import BoardView, PendingView, board_view

__all__ = [
    "HEIGHT",
    "WIDTH",
    "BoardView",
    "PendingView",
    "board_view",
    "render_board",
    "render_final",
    "render_rating_chart",
    "render_image",
    "render_view",
]


if TYPE_CHECKING:
    from PIL import Image


def render_view(view: BoardView) -> bytes:
    """PNG of a board view."""
    from .board import draw
    from .png import encode_png

    return encode_png(draw(view))


def render_image(
    state: State,
    events: Sequence[Event] | None = None,
    *,
    pending: Decision | PendingView | None = None,
    finals: Sequence[ScoreLine] | None = None,
    winners: Sequence[int] | None = None,
    lang: str = "en",
) -> Image.Image:
    """The board as a Pillow image (RGB). `finals`/`winners` default to the state's own scores."""
    from .board import draw

    return draw(
        board_view(state, events, pending=pending, finals=finals, winners=winners, lang=lang)
    )


def render_board(
    state: State,
    events: Sequence[Event] | None = None,
    *,
    pending: Decision | PendingView | None = None,
    lang: str = "en",
) -> bytes:
    """PNG of the board after a phase: road, specials, castle, bridge, players, stock, caption."""
    return render_view(board_view(state, events, pending=pending, lang=lang))


def render_final(
    state: State,
    scores: Sequence[ScoreLine] | None = None,
    winners: Sequence[int] | None = None,
    events: Sequence[Event] | None = None,
    *,
    lang: str = "en",
) -> bytes:
    """PNG of the finished game with the final score table.

    `scores` are the engine's ScoreLines (`Game.final_scores()`), `winners` its `Game.winners()`;
    without them the image computes both from the state (§2.8: all tied players win).
    """
    finals = list(scores) if scores is not None else final_scores(state)
    return render_view(board_view(state, events, finals=finals, winners=winners, lang=lang))
