"""Every image is encoded with the one shipped palette, and that palette is current: it draws the
sample boards as well as one chosen afresh from them (rebuild it with
`.venv/bin/python -m rendering.palette` after a change of the colours)."""

from __future__ import annotations

import io

from PIL import Image

from rendering import render_board
from rendering.palette import PALETTE_FILE, build, encode_palette, sample_boards

from .cases import load
from .imaging import decode, mean_abs_diff

# How much worse than a fresh palette the shipped one may draw the samples (mean abs difference
# per channel, 0..255); a changed colour the palette lacks costs far more.
SLACK = 0.25


def test_images_use_the_shipped_palette() -> None:
    pos = load("late_5p")
    png = render_board(pos.state, pos.events, pending=pos.pending)
    img = Image.open(io.BytesIO(png))
    assert img.mode == "P"
    written = bytes(img.getpalette() or [])
    assert written and written == PALETTE_FILE.read_bytes()[: len(written)]


def test_the_shipped_palette_is_current() -> None:
    fresh = Image.new("P", (1, 1))
    fresh.putpalette(build())
    for sample in sample_boards():
        shipped_error = mean_abs_diff(encode_palette(sample).convert("RGB"), sample)
        fresh_error = mean_abs_diff(
            sample.quantize(palette=fresh, dither=Image.Dither.NONE).convert("RGB"), sample
        )
        assert shipped_error <= fresh_error + SLACK, (shipped_error, fresh_error)
        assert shipped_error < 1.5


def test_the_palette_keeps_the_board_close_to_what_was_drawn() -> None:
    from rendering import render_image

    pos = load("mid_5p_names")
    drawn = render_image(pos.state, pos.events, pending=pos.pending)
    png = render_board(pos.state, pos.events, pending=pos.pending)
    assert mean_abs_diff(decode(png), drawn) < 1.5
