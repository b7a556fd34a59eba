"""The bridge panel: passing order, the next worker's price, provost and bailiff in words."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import bridge_price

from . import shapes, sprites, style
from .fonts import draw_fitted, draw_text
from .labels import Labels
from .layout import bridge_slot
from .shapes import Canvas

WORDS_W = 150  # provost and bailiff in words, on the right


def draw_bridge_static(img: Image.Image, d: ImageDraw.ImageDraw, n: int, words: Labels) -> None:
    """The panel and one empty slot per player (part of the static board)."""
    b = style.BRIDGE
    shapes.panel(d, b)
    w = shapes.title(img, b.x + 14, b.y + 20, words.bridge, 16)
    left = b.x + 14 + w + 10
    draw_fitted(img, (left, b.y + 21), words.passing_order, 14, style.INK_SOFT, b.x2 - 12 - left)
    for i in range(n):
        cx, cy = bridge_slot(i)
        shapes.slot(d, cx, cy, 17, str(i + 1), img)


def draw_bridge(cv: Canvas) -> None:
    """The passing order, the next worker's price, provost and bailiff in words."""
    img, state, marks, words = cv.img, cv.state, cv.marks, cv.words
    b = style.BRIDGE
    for i, seat in enumerate(state.passing[: state.n]):
        cx, cy = bridge_slot(i)
        sprites.paste(img, sprites.disc(state.players[seat].colour, marks[seat], 34), cx, cy)
    y = b.y + 104
    x = b.x + 14
    room = b.w - 28
    if state.over:
        draw_fitted(img, (x, y), words.game_is_over, 16, style.INK_SOFT, room)
    else:
        label_w = min(room - 60, 170)
        x += draw_fitted(img, (x, y), words.next_worker, 16, style.INK_SOFT, label_w) + 8
        x += draw_text(img, (x, y), f"{bridge_price(state)}", 26, style.INK, bold=True) + 3
        sprites.paste(img, sprites.coin(22), x + 11, y)
        left = x + 30
        text = f"({words.own_building})"
        draw_fitted(img, (left, y + 1), text, 13, style.INK_SOFT, b.x2 - 10 - left, min_size=11)
    # Provost and bailiff, in words too.
    px = b.x2 - WORDS_W
    sprites.paste(img, sprites.provost(28, words.tokens[0]), px, b.y + 52)
    draw_fitted(
        img,
        (px + 18, b.y + 52),
        words.provost.format(space=state.provost),
        17,
        style.PROVOST,
        WORDS_W - 30,
        bold=True,
    )
    sprites.paste(img, sprites.bailiff(28, words.tokens[1]), px, b.y + 84)
    draw_fitted(
        img,
        (px + 18, b.y + 84),
        words.bailiff.format(space=state.bailiff),
        17,
        style.BAILIFF,
        WORDS_W - 30,
        bold=True,
    )
