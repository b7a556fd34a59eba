"""PNG bytes of a palette image, written here rather than by Pillow: deflate is most of an image's
cost, and ISA-L's deflate (the `isal` package) is about 5× zlib's at the same size.

A board is 1100 × 1058 palette pixels of flat colours and text: its rows go unfiltered (PNG's
filters gain nothing on palette indices: Pillow's file was no smaller at the same level), deflated at
ISA-L's level 1 (docs/benchmarks.md, issue 27: 0.55 ms and 76 KB where Pillow's zlib at level 3
took 3.0 ms for 73 KB). The output is a plain PNG (IHDR, PLTE, IDAT, IEND) any decoder reads.
"""

from __future__ import annotations

import struct

from isal import isal_zlib
from PIL import Image

from .palette import encode_palette

LEVEL = 1  # ISA-L's levels are 0-3; 1 and 2 take the same time, 3 is three times slower
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", isal_zlib.crc32(kind + data))
    )


def png_bytes(img: Image.Image) -> bytes:
    """`img` (mode "P", 8 bits a pixel) as a PNG file."""
    if img.mode != "P":
        raise ValueError(f"a palette image is expected, not mode {img.mode}")
    width, height = img.size
    # Each row of a PNG starts with its filter type (0: none): the image pasted one column to the
    # right of a column of zeros is exactly that stream.
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(img, (1, 0))
    palette = bytes(img.getpalette() or [])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette, no interlace
    return b"".join((
        SIGNATURE,
        _chunk(b"IHDR", header),
        _chunk(b"PLTE", palette),
        _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), LEVEL)),
        _chunk(b"IEND", b""),
    ))  # fmt: skip


def encode_png(img: Image.Image) -> bytes:
    """`img` (RGB) in the shipped palette's colours (no palette chosen per image), as a PNG file."""
    return png_bytes(encode_palette(img))
