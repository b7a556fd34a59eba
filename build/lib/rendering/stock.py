"""The stock: the buildings still to build, with their cost and prestige."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import shapes, style
from .fonts import draw_fitted, draw_text
from .labels import Labels
from .layout import STOCK_LABEL_W, stock_card, stock_ids
from .shapes import Canvas
from .tilefaces import STOCK_W, stock_face


def draw_stock_static(
    img: Image.Image, d: ImageDraw.ImageDraw, jeweller: bool, words: Labels
) -> None:
    """The panel and every card (part of the static board)."""
    s = style.STOCK
    shapes.panel(d, s)
    w = shapes.title(img, s.x + 14, s.y + 16, words.stock, 16)
    left = s.x + 14 + w + 12
    draw_fitted(img, (left, s.y + 17), words.stock_hint, 14, style.INK_SOFT, s.x2 - 14 - left)
    for row, (_, kind, ids) in enumerate(stock_ids(jeweller)):
        b = stock_card(row, 0)
        draw_fitted(
            img,
            (s.x + 12, b.cy),
            words.stock_rows[row],
            14,
            style.KIND_COLOURS[kind][0],
            STOCK_LABEL_W - 16,
            bold=True,
            min_size=10,
        )
        for col, tid in enumerate(ids):
            c = stock_card(row, col)
            img.paste(stock_face(tid, words.lang), (c.x, c.y))


def draw_stock(cv: Canvas) -> None:
    """The stock's cards of buildings all built are faded; the Architect's count."""
    img, d, state = cv.img, cv.d, cv.state
    for row, (_, _, ids) in enumerate(stock_ids(state.options.jeweller)):
        for col, tid in enumerate(ids):
            left = state.stock.get(tid, 0)
            c = stock_card(row, col)
            if left <= 0:
                shapes.dim(img, c.rect, 0.7, style.PANEL)
                d.rectangle((c.x + 3, c.y + 21, c.x2 - 4, c.y2 - 4), fill=style.PANEL)
                draw_fitted(
                    img,
                    (c.cx, c.y + 31),
                    cv.words.built,
                    14,
                    style.INK_FAINT,
                    STOCK_W - 8,
                    bold=True,
                    anchor="m",
                )
            elif tid == "architect":
                draw_text(img, (c.x + 38, c.y + 31), f"×{left}", 14, style.INK_SOFT, bold=True)
