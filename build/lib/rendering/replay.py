"""The replay: an animated GIF of a whole game, one frame per phase report (issue 24).

    render_replay(views) -> GIF bytes

Each frame is the board as the round message showed it after that phase (`BoardView`s built by
the games layer from the move log), at full size; the last one, the final scores, stays
longest. Every frame is mapped to the one shipped palette (rendering/palette.py) less one
colour, its nearest twin, which serves as the transparent index: a frame then stores only the
rectangle that changed, and in it the pixels that did not change are transparent, which LZW
packs into almost nothing. A game of 18 rounds comes to a few MB, well under Discord's 10 MB
attachment limit (docs/benchmarks.md).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image

from .board import draw
from .palette import encode_palette, palette_image
from .view import BoardView

FRAME_MS = 900  # each phase
LAST_MS = 6000  # the final scores
MAX_BYTES = 10 * 1024 * 1024  # Discord's attachment limit


@cache
def _spare() -> tuple[int, list[int]]:
    """The palette index given up for transparency, and the map of every index to the one
    drawn instead (the spare one to its nearest colour)."""
    pal = (palette_image().getpalette() or [])[:768]
    colours = [tuple(pal[i : i + 3]) for i in range(0, len(pal), 3)]
    best = (1 << 30, 0, 1)
    for i, a in enumerate(colours):
        for j, b in enumerate(colours):
            if i != j:
                dist = sum((x - y) ** 2 for x, y in zip(a, b, strict=True))
                if dist < best[0]:
                    best = (dist, i, j)
    _, spare, twin = best
    lut = list(range(256))
    lut[spare] = twin
    return spare, lut


def frame(view: BoardView) -> Image.Image:
    """One frame: the board of `view` in the shipped palette, the spare index unused."""
    _spare_index, lut = _spare()
    img = encode_palette(draw(view)).point(lut)
    img.putpalette(palette_image().getpalette() or [])
    return img


def render_replay(views: Sequence[BoardView]) -> bytes:
    """The animated replay of `views` (oldest first), looping."""
    if not views:
        raise ValueError("a replay needs at least one frame")
    frames = [frame(v) for v in views]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_MS]
    buf = io.BytesIO()
    frames[0].save(
        buf, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
        optimize=True, disposal=1, transparency=_spare()[0],
    )  # fmt: skip
    return buf.getvalue()
