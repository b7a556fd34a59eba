"""A small line chart of a rating over a person's games, for `/caylus stats` (issue 25).

    png = render_rating_chart([(1, 1000), (2, 1034), ...], title="Ann · rating", first="3 Nov",
                              last="1 Dec", note="18 games")

A pure function of plain numbers and the words the caller has already put in the reader's
language (the title, the two dates under the axis, a note): no store, no Discord. The values are
the shown ratings after each game, oldest first. 600 × 240 px, the board's colours and fonts,
the same palette encoding as the board image.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from .fonts import clean_text, draw_fitted, draw_text
from .png import encode_png
from .style import BG, INK, INK_FAINT, INK_SOFT, PANEL, PANEL_EDGE, PLAYER_COLOURS

WIDTH, HEIGHT = 600, 240
PLOT = (64, 44, WIDTH - 24, HEIGHT - 40)  # left, top, right, bottom of the plotted area
LINE = PLAYER_COLOURS["blue"]
STEP_CHOICES = (10, 20, 25, 50, 100, 200, 250, 500)


def _step(span: float) -> int:
    """A round grid step giving three to six lines over `span`."""
    return next((s for s in STEP_CHOICES if span / s <= 5), STEP_CHOICES[-1])


def render_rating_chart(
    values: Sequence[tuple[float, int]], *, title: str, first: str = "", last: str = "", note: str = ""
) -> bytes:
    """The chart as PNG bytes: `values` are (when, rating) oldest first (one point at least)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, WIDTH - 7, HEIGHT - 7), radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    draw_fitted(img, (20, 24), clean_text(title), 18, INK, WIDTH - 200, bold=True)
    if note:
        draw_fitted(img, (WIDTH - 20, 24), clean_text(note), 14, INK_SOFT, 170, anchor="r")
    left, top, right, bottom = PLOT
    ratings = [v for _, v in values] or [0]
    lo, hi = min(ratings), max(ratings)
    step = _step(max(hi - lo, 1))
    lo_line = math.floor(lo / step) * step
    hi_line = max(math.ceil(hi / step) * step, lo_line + step)

    def y_of(v: float) -> float:
        return bottom - (v - lo_line) / (hi_line - lo_line) * (bottom - top)

    for v in range(lo_line, hi_line + 1, step):
        y = y_of(v)
        d.line((left, y, right, y), fill=INK_FAINT if v != lo_line else INK_SOFT, width=1)
        draw_text(img, (left - 8, y), str(v), 12, INK_SOFT, anchor="r")
    n = len(ratings)

    def x_of(i: int) -> float:
        return left + (right - left) * (i / (n - 1) if n > 1 else 0.5)

    points = [(x_of(i), y_of(v)) for i, v in enumerate(ratings)]
    if n > 1:
        d.line(points, fill=LINE, width=3, joint="curve")
    dot = 3 if n <= 60 else 0
    for x, y in points[:-1]:
        if dot:
            d.ellipse((x - dot, y - dot, x + dot, y + dot), fill=LINE)
    x, y = points[-1]
    d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=PANEL, outline=LINE, width=3)
    draw_text(img, (min(x, right - 30), y - 16 if y > top + 20 else y + 16), str(ratings[-1]), 14, INK, bold=True, anchor="m")
    if first:
        draw_fitted(img, (left, HEIGHT - 24), clean_text(first), 12, INK_SOFT, 200)
    if last:
        draw_fitted(img, (right, HEIGHT - 24), clean_text(last), 12, INK_SOFT, 200, anchor="r")
    return encode_png(img)
