"""The one palette every board image is encoded with (256 colours, chosen once, shipped).

Choosing a palette per image was almost half the time of a render; the board's colours are
fixed (flat panels, the players' colours, anti-aliased text and pieces on them), so one palette,
chosen by median cut from sample boards, serves every image. It is shipped as `palette.rgb`
(768 bytes) and read once per process. After a change of the colours, rebuild it with

    .venv/bin/python -m rendering.palette

(a test fails while the shipped palette draws the sample boards clearly worse than a fresh one).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import Image

PALETTE_FILE = Path(__file__).with_name("palette.rgb")


def sample_boards() -> list[Image.Image]:
    """Boards that hold every colour the renderer draws: five players mid-game, and a game over."""
    from .board import draw
    from .demo import play
    from .view import board_view

    playing = play(5, 3, phases=60)
    over = play(4, 7)
    return [
        draw(board_view(playing.game.state, playing.events, pending=playing.pending)),
        draw(board_view(over.game.state, over.events)),
    ]


def build() -> bytes:
    """A fresh palette (768 bytes, RGB) by median cut over the sample boards."""
    samples = sample_boards()
    sheet = Image.new("RGB", (samples[0].width, sum(s.height for s in samples)))
    y = 0
    for sample in samples:
        sheet.paste(sample, (0, y))
        y += sample.height
    quant = sheet.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    colours = (quant.getpalette() or [])[: 256 * 3]
    return bytes(colours + [0] * (768 - len(colours)))


@cache
def palette_image() -> Image.Image:
    """The shipped palette as a "P" image, for `Image.quantize(palette=...)`."""
    img = Image.new("P", (1, 1))
    img.putpalette(PALETTE_FILE.read_bytes())
    return img


def encode_palette(img: Image.Image) -> Image.Image:
    """`img` (RGB) mapped to the shipped palette, nearest colour, no dithering."""
    return img.quantize(palette=palette_image(), dither=Image.Dither.NONE)


if __name__ == "__main__":
    PALETTE_FILE.write_bytes(build())
    print(f"{PALETTE_FILE}: {PALETTE_FILE.stat().st_size} bytes")
