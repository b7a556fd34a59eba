"""The board image: a static background drawn once per layout, and the panels drawn over it.

Each panel is a module (header, castle, bridge, specials, road, cards with favours, log with the
key, stock, finals) with a `draw_*_static` part for the cached background where it has one and a
`draw_*` part for what changes; `layout` says where everything lies.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from bot.rules import ScoreLine, State, final_scores

from . import style
from .bridge import draw_bridge, draw_bridge_static
from .captions import summarise
from .cards import draw_cards
from .castle import draw_castle, draw_castle_static
from .finals import draw_finals
from .header import draw_header, draw_header_static
from .log import draw_log, draw_log_static
from .players import player_marks
from .road import draw_road, draw_road_static
from .specials import draw_specials, draw_specials_static
from .stock import draw_stock, draw_stock_static


@lru_cache(maxsize=16)
def _background(n: int, jeweller: bool) -> Image.Image:
    """Everything that does not change during a game with `n` players (drawn once)."""
    img = Image.new("RGB", (style.WIDTH, style.HEIGHT), style.BG)
    d = ImageDraw.Draw(img)
    draw_header_static(img, d)
    draw_castle_static(img, d)
    draw_bridge_static(img, d, n)
    draw_specials_static(img, d, n)
    draw_road_static(img, d)
    draw_stock_static(img, d, jeweller)
    draw_log_static(img, d, n)
    return img


class _Pending(NamedTuple):
    player: int
    kind: str
    prompt: str


def _pending_from_tasks(state: State) -> _Pending | None:
    """Without the engine's Decision: the top of the state's task stack is the pending decision
    of a game at rest (forced moves are applied at once, so it has a real choice)."""
    if state.over or not state.tasks:
        return None
    top = state.tasks[-1]
    if (
        len(top) >= 2
        and isinstance(top[0], str)
        and isinstance(top[1], int)
        and 0 <= top[1] < state.n
    ):
        return _Pending(top[1], top[0], "")
    return None


def render_image(
    state: State,
    events: Sequence[Any] | None = None,
    *,
    pending: Any = None,
    finals: list[ScoreLine] | None = None,
    winners: Sequence[int] | None = None,
) -> Image.Image:
    """The board as a Pillow image (RGB). `finals`/`winners` default to the state's own scores."""
    img = _background(state.n, state.options.jeweller).copy()
    d = ImageDraw.Draw(img)
    marks = player_marks(tuple(p.name for p in state.players))
    summary = summarise(state, events)
    if state.over and finals is None:
        finals = final_scores(state)
    won: set[int] = set()
    if finals:
        best = max(f.total for f in finals)
        won = set(winners) if winners else {f.player for f in finals if f.total == best}
    if pending is None:
        pending = _pending_from_tasks(state)
    pending_seat = int(getattr(pending, "player", -1)) if pending is not None else -1
    draw_header(img, state, summary, pending, marks, finals, won)
    draw_castle(img, d, state, marks, summary)
    draw_bridge(img, state, marks)
    draw_specials(img, d, state, marks, summary)
    draw_road(img, d, state, marks, summary)
    draw_cards(img, d, state, marks, pending_seat)
    draw_log(img, d, state, marks, summary)
    if finals is not None:
        draw_finals(img, d, state, marks, finals, won)
    else:
        draw_stock(img, d, state)
    return img


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes, quickly: an adaptive 256-colour palette (the board is flat colours and text)."""
    quant = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    quant.save(buf, "PNG", compress_level=6)
    return buf.getvalue()
