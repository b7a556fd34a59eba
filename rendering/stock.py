"""The stock: the buildings still to build, with their cost and prestige."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import shapes, style
from .fonts import draw_text
from .layout import stock_card, stock_ids
from .shapes import Canvas
from .tilefaces import stock_face


def draw_stock_static(img: Image.Image, d: ImageDraw.ImageDraw, jeweller: bool) -> None:
    """The panel and every card (part of the static board)."""
    shapes.panel(d, style.STOCK)
    shapes.title(img, style.STOCK.x + 14, style.STOCK.y + 16, "STOCK", 15)
    draw_text(
        img,
        (style.STOCK.x + 76, style.STOCK.y + 16),
        "buildings still to build: cost and prestige",
        11,
        style.INK_SOFT,
    )
    for row, (label, ids) in enumerate(stock_ids(jeweller)):
        b = stock_card(row, 0)
        draw_text(
            img,
            (style.STOCK.x + 14, b.cy),
            label,
            12,
            style.KIND_COLOURS[label.lower()][0],
            bold=True,
        )
        for col, tid in enumerate(ids):
            c = stock_card(row, col)
            img.paste(stock_face(tid), (c.x, c.y))


def draw_stock(cv: Canvas) -> None:
    """The stock's cards of buildings all built are faded; the Architect's count."""
    img, d, state = cv.img, cv.d, cv.state
    for row, (_, ids) in enumerate(stock_ids(state.options.jeweller)):
        for col, tid in enumerate(ids):
            left = state.stock.get(tid, 0)
            c = stock_card(row, col)
            if left <= 0:
                shapes.dim(img, c.rect, 0.7, style.PANEL)
                d.rectangle((c.x + 3, c.y + 20, c.x2 - 4, c.y2 - 4), fill=style.PANEL)
                draw_text(
                    img, (c.cx, c.y + 30), "built", 12, style.INK_FAINT, bold=True, anchor="m"
                )
            elif tid == "architect":
                draw_text(img, (c.x + 32, c.y + 30), f"×{left}", 12, style.INK, bold=True)
