"""The rating chart of /caylus stats (issue 25): a real PNG, the line where the values put it."""

from __future__ import annotations

import io

from PIL import Image

from rendering import render_rating_chart
from rendering.chart import HEIGHT, PLOT, WIDTH
from rendering.style import PLAYER_COLOURS

BLUE = PLAYER_COLOURS["blue"]


def line_rows(png: bytes) -> dict[int, list[int]]:
    """For each column of the plot, the rows of line-coloured pixels."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.size == (WIDTH, HEIGHT)
    left, top, right, bottom = PLOT
    out: dict[int, list[int]] = {}
    for x in range(left, right + 1):
        rows = [y for y in range(top - 2, bottom + 3) if sum(abs(a - b) for a, b in zip(img.getpixel((x, y)), BLUE, strict=True)) < 60]
        if rows:
            out[x] = rows
    return out


def test_a_rising_rating_is_drawn_rising() -> None:
    png = render_rating_chart([(i, 1000 + 20 * i) for i in range(10)], title="Ann · rating", first="1 Nov", last="1 Dec", note="10 games")
    assert png.startswith(b"\x89PNG")
    rows = line_rows(png)
    left, top, right, bottom = PLOT
    first = min(rows[min(rows)])
    last = min(rows[max(rows)])
    assert min(rows) <= left + 8 and max(rows) >= right - 8  # the line spans the plot
    assert last < first - (bottom - top) // 2  # up is better: the latest rating is higher


def test_one_game_and_names_from_everywhere() -> None:
    png = render_rating_chart([(0, 1003)], title="Анна Łukasz 李雷 · рейтинг", note="1 партия")
    rows = line_rows(png)
    assert rows and max(rows) - min(rows) < 20  # one point, in the middle
    left, _, right, _ = PLOT
    assert abs((max(rows) + min(rows)) / 2 - (left + right) / 2) < 10
