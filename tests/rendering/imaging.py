"""Image comparison helpers for the rendering tests."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from rendering.style import Box


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def half(img: Image.Image) -> Image.Image:
    """The image at half size (references are stored so, to keep the repository small)."""
    return img.reduce(2)


def mean_abs_diff(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0..255."""
    assert a.size == b.size, (a.size, b.size)
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def changed_fraction(a: Image.Image, b: Image.Image, threshold: int = 48) -> float:
    """Fraction of pixels whose largest channel difference exceeds `threshold`."""
    diff = ImageChops.difference(a, b)
    r, g, bb = diff.split()
    peak = ImageChops.lighter(ImageChops.lighter(r, g), bb)
    hist = peak.histogram()
    return sum(hist[threshold + 1 :]) / (a.width * a.height)


def region(img: Image.Image, box: Box, pad: int = 0) -> Image.Image:
    return img.crop((box.x - pad, box.y - pad, box.x2 + pad, box.y2 + pad))
