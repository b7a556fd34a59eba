"""The board image: a static background drawn once per layout, and the panels drawn over it.

Each panel is a module (header, cards with favours, castle, bridge, specials, road, stock,
finals) with a `draw_*_static` part for the cached background where it has one and a
`draw_*` part for what changes; `layout` says where everything lies.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from . import style
from .bridge import draw_bridge, draw_bridge_static
from .cards import draw_cards
from .castle import draw_castle, draw_castle_static
from .finals import draw_finals
from .header import draw_header, draw_header_static
from .labels import labels
from .players import player_marks
from .road import draw_road, draw_road_static
from .shapes import Canvas
from .specials import draw_specials, draw_specials_static
from .stock import draw_stock, draw_stock_static
from .view import BoardView


@lru_cache(maxsize=40)
def _background(n: int, jeweller: bool, lang: str) -> Image.Image:
    """Everything that does not change during a game with `n` players, in `lang` (drawn once)."""
    words = labels(lang)
    img = Image.new("RGB", (style.WIDTH, style.HEIGHT), style.BG)
    d = ImageDraw.Draw(img)
    draw_header_static(img, d)
    draw_castle_static(img, d, words)
    draw_bridge_static(img, d, n, words)
    draw_specials_static(img, d, n, words)
    draw_road_static(img, d, words)
    draw_stock_static(img, d, jeweller, words)
    return img


def draw(view: BoardView) -> Image.Image:
    """The board of `view` as a Pillow image (RGB): the cached background and every panel."""
    state = view.state
    img = _background(state.n, state.options.jeweller, labels(view.lang).lang).copy()
    d = ImageDraw.Draw(img)
    cv = Canvas(img, d, view, player_marks(tuple(p.name for p in state.players)))
    draw_header(cv)
    draw_castle(cv)
    draw_bridge(cv)
    draw_specials(cv)
    draw_road(cv)
    draw_cards(cv)
    if view.finals is not None:
        draw_finals(cv)
    else:
        draw_stock(cv)
    return img
