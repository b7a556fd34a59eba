"""Faces of the building tiles: the road tile and the small stock card, each drawn once per tile."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.rules import CUBES, TILES, TRADES, Tile, effect_of

from . import sprites, style
from .fonts import draw_fitted_lines, draw_text, text_width
from .labels import LABELS, Labels, labels

Colour = tuple[int, int, int]
# A token of an effect line: ("c", cube index or -1 for any/plain cube), ("t", text), ("d", coin).
Token = tuple[str, object]


def _cubes(spec: str) -> list[Token]:
    return [("c", CUBES.index(ch)) for ch in spec]


def effect_tokens(tile: Tile, words: Labels = LABELS) -> list[Token]:
    """What the building does, as a short line of icons and text (§3), in `words`' language."""
    effect = effect_of(tile)
    if effect.kind == "produce":
        out: list[Token] = []
        for i, alt in enumerate(effect.outputs):
            if i:
                out.append(("t", f" {words.produce_or} "))
            out.extend(_cubes(alt))
        return out
    if effect.kind == "sell":
        return [("c", -1), ("t", f" → {effect.price}"), ("d", None)]
    if effect.kind == "peddler":
        if effect.most == 1:
            return [("t", f"{effect.price}"), ("d", None), ("t", " → "), ("c", -2)]
        return [
            ("t", "1"),
            ("d", None),
            ("t", "→"),
            ("c", -2),
            ("t", " 2"),
            ("d", None),
            ("t", "→"),
            ("c", -2),
            ("c", -2),
        ]
    if effect.kind == "build":
        return [("t", words.builds[effect.builds])]
    if effect.kind == "lawyer":
        return [("c", 3), ("t", "+1"), ("d", None), ("t", words.to_residence)]
    if effect.kind == "trade":
        out = []
        for i, code in enumerate(effect.trades):
            paid_d, paid_c, paid_plain, gain_pp, gain_g = TRADES[tile.id][code]
            if i:
                out.append(("t", "  "))
            if paid_d:
                out += [("t", str(paid_d)), ("d", None)]
            for idx, n in enumerate(paid_c):
                if n:
                    out += [("t", str(n)), ("c", idx)]
            if paid_plain:
                out += [("t", str(paid_plain)), ("c", -2)]
            out.append(("t", "→"))
            out += [("t", f"{gain_pp}{words.pp}")] if gain_pp else [("t", str(gain_g)), ("c", 4)]
        return out
    if effect.kind == "residence":
        return [("t", "+1"), ("d", None), ("t", f" {words.each_turn}")]
    extra = []
    if tile.income:
        extra.append(words.income.format(n=tile.income))
    if tile.favours:
        extra.append(words.favour if tile.favours == 1 else words.favours(tile.favours))
    return [("t", f"{tile.pp} {words.pp}" + ("  " + ", ".join(extra) if extra else ""))]


def _token_width(tokens: list[Token], size: int, icon: int) -> int:
    w = 0
    for kind, val in tokens:
        w += text_width(str(val), size) if kind == "t" else icon + 1
    return w


def draw_tokens(
    img: Image.Image,
    x: float,
    cy: float,
    tokens: list[Token],
    size: int,
    icon: int,
    ink: Colour,
    centre_width: int | None = None,
) -> None:
    """Draw an effect line at (x, cy); centred in `centre_width` px if given."""
    if centre_width is not None:
        x += max(0, (centre_width - _token_width(tokens, size, icon)) / 2)
    for kind, val in tokens:
        if kind == "t":
            x += draw_text(img, (x, cy), str(val), size, ink)
        elif kind == "d":
            sprites.paste(img, sprites.coin(icon), x, cy - icon / 2, centre=False)
            x += icon + 1
        else:
            assert isinstance(val, int)
            sprites.paste(img, sprites.cube(max(val, -1), icon), x, cy - icon / 2, centre=False)
            if val == -2:  # plain cube: a multicoloured cube, as on the tiles
                _plain_marks(img, x, cy - icon / 2, icon)
            x += icon + 1


def _plain_marks(img: Image.Image, x: float, y: float, px: int) -> None:
    d = ImageDraw.Draw(img)
    q = px / 4
    for i, c in enumerate(style.CUBE_COLOURS[:4]):
        cx = x + q * (1 + 2 * (i % 2)) - q / 2 + 1
        cy = y + q * (1 + 2 * (i // 2)) - q / 2 + 1
        d.rectangle((cx, cy, cx + q - 1, cy + q - 1), fill=c)


def tile_short_name(tile: Tile, words: Labels) -> str:
    names = {"farm_food": "Farm (food)", "farm_cloth": "Farm (cloth)", "gold_mine": "Gold mine"}
    return words.building(names.get(tile.id, tile.name))


@cache
def road_face(tile_id: str, lang: str = "en") -> Image.Image:
    """The road tile of a building (no number, no pieces), `style.TILE_W` x `style.TILE_H`."""
    tile, words = TILES[tile_id], labels(lang)
    band, body, band_ink = style.KIND_COLOURS[tile.kind]
    w, h = style.TILE_W, style.TILE_H
    img = Image.new("RGB", (w, h), style.BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=7, fill=body, outline=band, width=2)
    d.rounded_rectangle((0, 0, w - 1, BAND_H), radius=7, fill=band)
    d.rectangle((0, BAND_H - 7, w - 1, BAND_H), fill=band)
    draw_fitted_lines(
        img,
        (w / 2, BAND_H / 2 + 1),
        tile_short_name(tile, words),
        18,
        band_ink,
        w - 10,
        line_size=13,
        gap=13,
        bold=True,
        anchor="m",
        min_size=13,
    )
    tokens = effect_tokens(tile, words)
    size, icon = 15, 18  # the figures are drawn at NUMBER_MIN px whatever `size` (fonts.pieces)
    while _token_width(tokens, size, icon) > w - 8 and size > 9:
        size, icon = size - 1, max(12, icon - 1)
    draw_tokens(img, 4, BAND_H + 14, tokens, size, icon, style.INK, centre_width=w - 8)
    return img


BAND_H = 28
STOCK_W, STOCK_H = 104, 44


@cache
def stock_face(tile_id: str, lang: str = "en") -> Image.Image:
    """A small card for the stock: name, cost and prestige gained."""
    tile, words = TILES[tile_id], labels(lang)
    band, body, band_ink = style.KIND_COLOURS[tile.kind]
    w, h = STOCK_W, STOCK_H
    img = Image.new("RGB", (w, h), style.PANEL)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=body, outline=band, width=2)
    d.rounded_rectangle((0, 0, w - 1, 19), radius=5, fill=band)
    d.rectangle((0, 13, w - 1, 19), fill=band)
    draw_fitted_lines(
        img,
        (w / 2, 10),
        tile_short_name(tile, words),
        14,
        band_ink,
        w - 6,
        line_size=10,
        gap=9,
        bold=True,
        anchor="m",
        min_size=10,
    )
    tokens: list[Token] = []
    for idx, n in enumerate(tile.cost):
        if n == 1:
            tokens.append(("c", idx))
        elif n > 1:
            tokens += [("t", str(n)), ("c", idx)]
    if tile.any_cubes:
        tokens.append(("c", -1))
    draw_tokens(img, 4, 31, tokens, 13, 16, style.INK)
    pp = f"{tile.pp}"
    pw = text_width(pp, 15, True)
    draw_text(img, (w - 5 - pw - 15, 31), pp, 15, style.INK, bold=True)
    sprites.paste(img, sprites.prestige(14), w - 5 - 14, 31 - 7, centre=False)
    return img
