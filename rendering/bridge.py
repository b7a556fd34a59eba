"""The bridge panel: passing order, the next worker's price, provost and bailiff in words."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import bridge_price

from . import shapes, sprites, style
from .fonts import draw_text
from .layout import bridge_slot
from .shapes import Canvas


def draw_bridge_static(img: Image.Image, d: ImageDraw.ImageDraw, n: int) -> None:
    """The panel and one empty slot per player (part of the static board)."""
    shapes.panel(d, style.BRIDGE)
    shapes.title(img, style.BRIDGE.x + 14, style.BRIDGE.y + 22, "BRIDGE", 15)
    draw_text(img, (style.BRIDGE.x + 84, style.BRIDGE.y + 22), "passing order", 11, style.INK_SOFT)
    for i in range(n):
        cx, cy = bridge_slot(i)
        shapes.slot(d, cx, cy, 15, str(i + 1), img)


def draw_bridge(cv: Canvas) -> None:
    """The passing order, the next worker's price, provost and bailiff in words."""
    img, state, marks = cv.img, cv.state, cv.marks
    b = style.BRIDGE
    for i, seat in enumerate(state.passing[: state.n]):
        cx, cy = bridge_slot(i)
        sprites.paste(img, sprites.disc(state.players[seat].colour, marks[seat], 30), cx, cy)
    y = b.y + 98
    x = b.x + 14
    if state.over:
        text = "the game is over"
        draw_text(img, (x, y), text, 13, style.INK_SOFT)
    else:
        x += draw_text(img, (x, y), "next worker", 13, style.INK_SOFT) + 8
        x += draw_text(img, (x, y), f"{bridge_price(state)}", 24, style.INK, bold=True) + 3
        sprites.paste(img, sprites.coin(20), x + 10, y)
        draw_text(img, (x + 26, y + 1), "(own building or Inn: 1)", 11, style.INK_SOFT)
    # Provost and bailiff, in words too.
    px = b.x2 - 118
    sprites.paste(img, sprites.provost(26), px, b.y + 54)
    draw_text(img, (px + 18, b.y + 54), f"provost {state.provost}", 13, style.PROVOST, bold=True)
    sprites.paste(img, sprites.bailiff(26), px, b.y + 86 - 2)
    draw_text(img, (px + 18, b.y + 84), f"bailiff {state.bailiff}", 13, style.BAILIFF, bold=True)
