"""The fonts the renderer ships, and text that never fails to draw.

Only the font files in `rendering/fonts/` are ever loaded (never the system's), so the image is
the same on every machine. DejaVu Sans covers Latin (with every accent), Greek and Cyrillic;
Droid Sans Fallback, and any further `*.ttf`/`*.otf` dropped into that folder, is a fallback for
the characters DejaVu lacks (CJK above all). Characters no shipped font has (emoji, mostly) are
dropped.

Text is drawn through cached masks: rendering a string with FreeType is the slow part of a
board image, and the same strings (building names, numbers) come back on every call.
"""

from __future__ import annotations

import re
import struct
import threading
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

Colour = tuple[int, int, int]

# FreeType faces are not safe to use from two threads at once, and the bot renders in an
# executor: every use of a font (measuring, rasterising) holds this lock. Results are cached, so
# after the first images it is rarely taken.
FONT_LOCK = threading.RLock()


def _cmap_coverage(path: Path) -> frozenset[int]:
    """Code points with a glyph in a TrueType/OpenType font (its `cmap` table, formats 4 and 12)."""
    data = path.read_bytes()
    if data[:4] == b"ttcf":  # a collection: read its first font
        (first,) = struct.unpack_from(">I", data, 12)
        data_off = first
    else:
        data_off = 0
    (num_tables,) = struct.unpack_from(">H", data, data_off + 4)
    cmap = -1
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, data_off + 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap < 0:
        return frozenset()
    (_, n_sub) = struct.unpack_from(">HH", data, cmap)
    best: tuple[int, int] = (0, -1)  # (preference, offset)
    for i in range(n_sub):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        (fmt,) = struct.unpack_from(">H", data, cmap + offset)
        pref = 0
        if fmt == 12 and (platform, encoding) in ((3, 10), (0, 4), (0, 6)):
            pref = 2
        elif fmt == 4 and (platform, encoding) in ((3, 1), (0, 3), (0, 1), (0, 0)):
            pref = 1
        if pref > best[0]:
            best = (pref, cmap + offset)
    base = best[1]
    if base < 0:
        return frozenset()
    covered: set[int] = set()
    (fmt,) = struct.unpack_from(">H", data, base)
    if fmt == 12:
        (n_groups,) = struct.unpack_from(">I", data, base + 12)
        for g in range(n_groups):
            start, end, _ = struct.unpack_from(">III", data, base + 16 + 12 * g)
            covered.update(range(start, end + 1))
    else:
        (seg_x2,) = struct.unpack_from(">H", data, base + 6)
        seg = seg_x2 // 2
        ends = struct.unpack_from(f">{seg}H", data, base + 14)
        starts = struct.unpack_from(f">{seg}H", data, base + 16 + seg_x2)
        deltas = struct.unpack_from(f">{seg}h", data, base + 16 + 2 * seg_x2)
        ro_base = base + 16 + 3 * seg_x2
        range_offsets = struct.unpack_from(f">{seg}H", data, ro_base)
        for i in range(seg):
            for c in range(starts[i], ends[i] + 1):
                if c == 0xFFFF:
                    continue
                if range_offsets[i] == 0:
                    glyph = (c + deltas[i]) & 0xFFFF
                else:
                    at = ro_base + 2 * i + range_offsets[i] + 2 * (c - starts[i])
                    (glyph,) = struct.unpack_from(">H", data, at)
                    if glyph:
                        glyph = (glyph + deltas[i]) & 0xFFFF
                if glyph:
                    covered.add(c)
    return frozenset(covered)


@lru_cache(maxsize=1)
def _chain() -> tuple[tuple[Path, Path, frozenset[int]], ...]:
    """(regular, bold, coverage) for DejaVu first, then any extra shipped font (own bold = itself)."""
    chain = [(REGULAR, BOLD, _cmap_coverage(REGULAR) & _cmap_coverage(BOLD))]
    for extra in sorted(FONT_DIR.iterdir()):
        if extra.suffix.lower() in (".ttf", ".otf", ".ttc") and extra not in (REGULAR, BOLD):
            chain.append((extra, extra, _cmap_coverage(extra)))
    return tuple(chain)


@cache
def font(size: int, bold: bool = False, index: int = 0) -> ImageFont.FreeTypeFont:
    """A shipped font at `size` px; `index` picks a fallback font of the chain."""
    regular, heavy, _ = _chain()[index]
    return ImageFont.truetype(
        str(heavy if bold else regular), size, layout_engine=ImageFont.Layout.BASIC
    )


# Invisible or joining characters of emoji sequences: dropped silently.
_JOINERS = {0x200D, 0x200C, 0xFE0E, 0xFE0F, 0x20E3}


def clean_text(text: str) -> str:
    """`text` in NFC with only characters some shipped font can draw; whitespace collapsed.

    Emoji and other undrawable characters are dropped (never a crash, never a tofu box).
    """
    chain = _chain()
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        cp = ord(ch)
        if ch.isspace():
            out.append(" ")
        elif cp in _JOINERS or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F:
            continue
        elif unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn"):
            continue
        elif any(cp in cov for _, _, cov in chain):
            out.append(ch)
    return " ".join("".join(out).split())


def base_font_covers(ch: str) -> bool:
    """Whether DejaVu itself draws `ch` (pieces only carry such characters)."""
    return ord(ch) in _chain()[0][2]


def _runs(text: str) -> list[tuple[int, str]]:
    """Split `text` (already cleaned) into runs drawn with the same font of the chain."""
    chain = _chain()
    runs: list[tuple[int, str]] = []
    for ch in text:
        cp = ord(ch)
        idx = 0
        if not ch.isspace():
            for i, (_, _, cov) in enumerate(chain):
                if cp in cov:
                    idx = i
                    break
        if runs and runs[-1][0] == idx:
            runs[-1] = (idx, runs[-1][1] + ch)
        else:
            runs.append((idx, ch))
    return runs


# Every figure on the board (cubes, deniers, PP, costs, road spaces) is drawn at NUMBER_MIN px
# or more, whatever the size of the words around it: the 1100 px board shows at half size in
# Discord's 550 px preview, where that is 9 px (issue 24). A figure: digits with a sign before
# them and ranges, fractions or times between them ("+3", "−2", "1–5", "0/10", "×2").
NUMBER_MIN = 18
_FIGURE = re.compile(r"[+\-−±×]?\d+(?:[–\-/.,:]\d+)*")


def pieces(text: str, size: int) -> list[tuple[str, int]]:
    """`text` cut into the pieces drawn at one size: its figures at NUMBER_MIN px at least,
    the rest at `size`."""
    if size >= NUMBER_MIN or not any(ch.isdigit() for ch in text):
        return [(text, size)]
    out: list[tuple[str, int]] = []
    at = 0
    for m in _FIGURE.finditer(text):
        if m.start() > at:
            out.append((text[at : m.start()], size))
        out.append((m.group(), NUMBER_MIN))
        at = m.end()
    if at < len(text):
        out.append((text[at:], size))
    return out


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    total = 0.0
    with FONT_LOCK:
        for piece, at in pieces(text, size):
            for idx, run in _runs(piece):
                total += font(at, bold, idx).getlength(run)
    return int(round(total))


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, bold: bool = False) -> Image.Image:
    """An "L" mask of `text`, as wide as its advance and one line high (ascent + descent of
    its largest piece); its figures at NUMBER_MIN px at least, all pieces on one baseline."""
    with FONT_LOCK:
        cut = pieces(text, size)
        ascent = max(_metrics(at, bold)[0] for _, at in cut)
        descent = max(_metrics(at, bold)[1] for _, at in cut)
        width = max(1, text_width(text, size, bold))
        mask = Image.new("L", (width + 2, ascent + descent))
        draw = ImageDraw.Draw(mask)
        x = 0.0
        for piece, at in cut:
            for idx, run in _runs(piece):
                f = font(at, bold, idx)
                # Baseline-align fallback fonts with DejaVu's ascent.
                draw.text((x, ascent), run, font=f, fill=255, anchor="ls")
                x += f.getlength(run)
    return mask


@cache
def _metrics(size: int, bold: bool) -> tuple[int, int]:
    with FONT_LOCK:
        ascent, descent = font(size, bold).getmetrics()
    return ascent, descent


def fit(text: str, size: int, bold: bool, max_width: int) -> str:
    """`text` shortened with an ellipsis so that it fits `max_width` px."""
    if text_width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…" if lo else "…"


def draw_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: Colour,
    bold: bool = False,
    anchor: str = "l",
) -> int:
    """Paste `text` at `xy` (vertically centred on y); anchor l/m/r horizontally. Returns width.

    Text is assumed clean (see `clean_text`); player names must go through it first.
    """
    if not text:
        return 0
    mask = text_mask(text, size, bold)
    w = mask.width - 2
    x, y = xy
    if anchor == "m":
        x -= w / 2
    elif anchor == "r":
        x -= w
    ascent = max(_metrics(at, bold)[0] for _, at in pieces(text, size))
    # Centre the cap height (about 0.72 em) of `size` on y rather than the full line box; larger
    # figures stand on the same baseline.
    top = y - ascent + size * 0.36
    img.paste(colour, (int(round(x)), int(round(top))), mask)
    if TEXT_LOG is not None:
        TEXT_LOG.append(Drawn(text, size, bold, (x, top, x + w, top + mask.height), img))
    return w


class Drawn(NamedTuple):
    """A text drawn: its words, nominal size, weight, the box of its mask and the image drawn
    on (the board, or a tile's face pasted onto it)."""

    text: str
    size: int
    bold: bool
    box: tuple[float, float, float, float]
    image: Image.Image


# When a list, every text drawn is recorded in it: the tests measure the figures drawn.
TEXT_LOG: list[Drawn] | None = None


class Fitted(NamedTuple):
    """A label drawn into a box: its text, nominal size, weight, box width and smallest size."""

    text: str
    size: int
    bold: bool
    width: int
    least: int


# When a list, every fitted label is recorded in it: the tests measure each label against its
# box with the shipped fonts.
FIT_LOG: list[Fitted] | None = None


def fit_size(text: str, size: int, bold: bool, max_width: int, min_size: int) -> int:
    """The largest size from `size` down to `min_size` at which `text` fits `max_width` px."""
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    return size


def draw_fitted(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: Colour,
    max_width: int,
    *,
    bold: bool = False,
    anchor: str = "l",
    min_size: int | None = None,
) -> int:
    """Draw a label in a box `max_width` px wide: a little smaller if it must (down to
    `min_size`, by default 80 % of `size`), then cut with an ellipsis. Returns the width."""
    least = min_size if min_size is not None else max(8, size * 4 // 5)
    drawn = fit_size(text, size, bold, max_width, least)
    if FIT_LOG is not None:
        FIT_LOG.append(Fitted(text, size, bold, max_width, least))
    return draw_text(img, xy, fit(text, drawn, bold, max_width), drawn, colour, bold, anchor)


def draw_fitted_lines(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: Colour,
    max_width: int,
    *,
    line_size: int,
    gap: float,
    bold: bool = False,
    anchor: str = "l",
    min_size: int | None = None,
) -> None:
    """`draw_fitted` on one line if the text fits at `min_size`; else on two lines `gap` px
    apart (centred on `xy`), at `line_size`, split at the space that balances them (a long
    name in another language: "Ферма (продовольствие)")."""
    least = min_size if min_size is not None else max(8, size * 4 // 5)
    words = text.split(" ")
    if len(words) < 2 or text_width(text, least, bold) <= max_width:
        draw_fitted(img, xy, text, size, colour, max_width, bold=bold, anchor=anchor, min_size=least)
        return
    cut = min(
        range(1, len(words)),
        key=lambda i: max(
            text_width(" ".join(words[:i]), line_size, bold),
            text_width(" ".join(words[i:]), line_size, bold),
        ),
    )
    x, y = xy
    for k, line in enumerate((" ".join(words[:cut]), " ".join(words[cut:]))):
        draw_fitted(
            img, (x, y + (k - 0.5) * gap), line, line_size, colour, max_width, bold=bold,
            anchor=anchor, min_size=max(8, line_size - 2),
        )  # fmt: skip
