"""The PNG writer (rendering/png.py): what it writes decodes, in any PNG reader, to exactly the
palette image it was given, indices and colours; it takes palette images only."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from rendering import render_image
from rendering.palette import encode_palette
from rendering.png import SIGNATURE, encode_png, png_bytes

from .cases import load


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """The chunks of a PNG file, each checked against its CRC (read without Pillow)."""
    assert png[:8] == SIGNATURE
    out, at = [], 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + data), kind
        out.append((kind, data))
        at += 12 + length
    return out


def test_a_board_decodes_to_the_very_palette_image_it_was() -> None:
    pos = load("late_5p")
    quant = encode_palette(render_image(pos.state, pos.events, pending=pos.pending))
    decoded = Image.open(io.BytesIO(png_bytes(quant)))
    decoded.load()
    assert decoded.mode == "P" and decoded.size == quant.size
    assert decoded.tobytes() == quant.tobytes()
    assert decoded.getpalette() == quant.getpalette()


def test_the_file_is_plain_png_with_unfiltered_rows() -> None:
    img = Image.new("P", (3, 2))
    img.putpalette([10, 20, 30, 200, 100, 0] + [0] * 762)
    img.putdata([0, 1, 1, 1, 0, 1])
    got = chunks(png_bytes(img))
    assert [k for k, _ in got] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    assert got[0][1] == struct.pack(">IIBBBBB", 3, 2, 8, 3, 0, 0, 0)
    assert got[1][1][:6] == bytes([10, 20, 30, 200, 100, 0])
    # each row: filter type 0, then its indices
    assert zlib.decompress(got[2][1]) == bytes([0, 0, 1, 1, 0, 1, 0, 1])


def test_a_board_stays_small() -> None:
    pos = load("mid_5p_names")
    png = encode_png(render_image(pos.state, pos.events, pending=pos.pending))
    assert 30_000 < len(png) < 150_000  # the budget is 600 KB (docs/design); ~78 KB measured


@pytest.mark.parametrize("mode", ["RGB", "L", "RGBA"])
def test_only_palette_images_are_taken(mode: str) -> None:
    with pytest.raises(ValueError, match="palette"):
        png_bytes(Image.new(mode, (2, 2)))
