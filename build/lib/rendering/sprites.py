"""Pieces and icons as small anti-aliased RGBA sprites, drawn once (4x supersampled) and cached."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from . import style
from .fonts import FONT_LOCK, font

Colour = tuple[int, int, int]
SS = 4  # supersampling factor


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _done(img: Image.Image, w: int, h: int) -> Image.Image:
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _letter(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, mark: str, px: int, ink: Colour
) -> None:
    if mark:
        with FONT_LOCK:
            draw.text((cx, cy), mark, font=font(px * SS, True), fill=ink + (255,), anchor="mm")


def _darker(c: Colour, k: float = 0.6) -> Colour:
    return (int(c[0] * k), int(c[1] * k), int(c[2] * k))


def _edge(colour: str) -> Colour:
    # Black pieces get a light rim so they stand out on dark tiles; others a darker shade.
    return (150, 150, 156) if colour == "black" else _darker(style.PLAYER_COLOURS[colour])


@cache
def worker(colour: str, mark: str, h: int) -> Image.Image:
    """A worker (meeple-like: head and cloak) of a player, with their mark on the body."""
    w = int(h * 0.8)
    img, d = _canvas(w, h)
    fill = style.PLAYER_COLOURS[colour] + (255,)
    edge = _edge(colour) + (255,)
    s = SS
    lw = max(1, int(h * 0.05)) * s
    W, H = w * s, h * s
    head_r = H * 0.17
    d.ellipse(
        (W / 2 - head_r, lw, W / 2 + head_r, lw + 2 * head_r), fill=fill, outline=edge, width=lw
    )
    body_top = lw + 2 * head_r * 0.85
    d.rounded_rectangle(
        (lw, body_top, W - lw, H - lw), radius=int(W * 0.28), fill=fill, outline=edge, width=lw
    )
    _letter(
        d, W / 2, body_top + (H - lw - body_top) / 2, mark, int(h * 0.42), style.PLAYER_INK[colour]
    )
    return _done(img, w, h)


@cache
def house(colour: str, mark: str, h: int) -> Image.Image:
    """A house (square with a roof) of a player, with their mark."""
    w = h
    img, d = _canvas(w, h)
    fill = style.PLAYER_COLOURS[colour] + (255,)
    edge = _edge(colour) + (255,)
    s = SS
    lw = max(1, int(h * 0.06)) * s
    W, H = w * s, h * s
    eave = H * 0.42
    pts = [
        (W / 2, lw),
        (W - lw, eave),
        (W - lw - W * 0.06, eave),
        (W - lw - W * 0.06, H - lw),
        (lw + W * 0.06, H - lw),
        (lw + W * 0.06, eave),
        (lw, eave),
    ]
    d.polygon(pts, fill=fill, outline=edge, width=lw)
    _letter(d, W / 2, eave + (H - eave) * 0.42, mark, int(h * 0.48), style.PLAYER_INK[colour])
    return _done(img, w, h)


@cache
def disc(colour: str, mark: str, d_px: int) -> Image.Image:
    """A round marker disc of a player (favour tracks, bridge, turn order)."""
    img, d = _canvas(d_px, d_px)
    s = SS
    lw = max(1, d_px // 12) * s
    D = d_px * s
    d.ellipse(
        (lw / 2, lw / 2, D - lw / 2, D - lw / 2),
        fill=style.PLAYER_COLOURS[colour] + (255,),
        outline=_edge(colour) + (255,),
        width=lw,
    )
    _letter(d, D / 2, D / 2, mark, int(d_px * 0.56), style.PLAYER_INK[colour])
    return _done(img, d_px, d_px)


@cache
def cube(kind: int, px: int) -> Image.Image:
    """A resource cube (F W S C G by index; -1 = any cube, white) seen slightly from above."""
    img, d = _canvas(px, px)
    s = SS
    P = px * s
    if kind < 0:
        face: Colour = style.ANY_CUBE
        edge: Colour = (120, 120, 120)
    else:
        face, edge = style.CUBE_COLOURS[kind], style.CUBE_EDGE[kind]
    lw = max(1, px // 10) * s
    top = (min(255, face[0] + 40), min(255, face[1] + 40), min(255, face[2] + 40))
    d.rounded_rectangle(
        (lw / 2, lw / 2, P - lw / 2, P - lw / 2),
        radius=P * 0.18,
        fill=face + (255,),
        outline=edge + (255,),
        width=lw,
    )
    d.rounded_rectangle(
        (lw * 1.5, lw * 1.5, P - lw * 1.5, P * 0.38), radius=P * 0.12, fill=top + (255,)
    )
    return _done(img, px, px)


@cache
def coin(px: int) -> Image.Image:
    """A denier coin."""
    img, d = _canvas(px, px)
    s = SS
    P = px * s
    lw = max(1, px // 10) * s
    d.ellipse(
        (lw / 2, lw / 2, P - lw / 2, P - lw / 2),
        fill=style.COIN + (255,),
        outline=style.COIN_EDGE + (255,),
        width=lw,
    )
    with FONT_LOCK:
        d.text(
            (P / 2, P / 2),
            "d",
            font=font(int(px * 0.62) * s, True),
            fill=style.COIN_EDGE + (255,),
            anchor="mm",
        )
    return _done(img, px, px)


@cache
def prestige(px: int) -> Image.Image:
    """A prestige-point shield."""
    img, d = _canvas(px, px)
    s = SS
    P = px * s
    lw = max(1, px // 10) * s
    fill = (60, 100, 180, 255)
    pts = [(lw, lw), (P - lw, lw), (P - lw, P * 0.5), (P / 2, P - lw), (lw, P * 0.5)]
    d.polygon(pts, fill=fill, outline=(30, 56, 110, 255), width=lw)
    return _done(img, px, px)


@cache
def provost(px: int, letter: str = "P") -> Image.Image:
    """The provost: a white disc with a thick crimson ring and a bold letter (P; the initial of
    the provost's name in the board's language, `Labels.tokens`)."""
    img, d = _canvas(px, px)
    s = SS
    P = px * s
    lw = max(2, px // 7) * s
    d.ellipse(
        (0, 0, P - 1, P - 1), fill=(255, 255, 255, 255), outline=style.PROVOST + (255,), width=lw
    )
    d.ellipse(
        (lw * 0.4, lw * 0.4, P - lw * 0.4, P - lw * 0.4),
        outline=(255, 255, 255, 200),
        width=max(1, lw // 5),
    )
    with FONT_LOCK:
        d.text(
            (P / 2, P / 2 + s),
            letter,
            font=font(int(px * 0.55) * s, True),
            fill=style.PROVOST + (255,),
            anchor="mm",
        )
    return _done(img, px, px)


@cache
def bailiff(px: int, letter: str = "B") -> Image.Image:
    """The bailiff: a white cylinder (seen from the side) with a bold letter (B, or the
    initial of the bailiff's name in the board's language)."""
    w = int(px * 0.78)
    img, d = _canvas(w, px)
    s = SS
    W, P = w * s, px * s
    lw = max(2, px // 10) * s
    ink = style.BAILIFF + (255,)
    rim = P * 0.18
    d.rectangle((lw / 2, rim, W - lw / 2, P - rim), fill=(255, 255, 255, 255))
    d.ellipse(
        (lw / 2, P - 2 * rim - lw / 2, W - lw / 2, P - lw / 2),
        fill=(255, 255, 255, 255),
        outline=ink,
        width=lw,
    )
    d.rectangle((lw, rim, W - lw, P - rim), fill=(255, 255, 255, 255))
    d.line((lw / 2, rim, lw / 2, P - rim), fill=ink, width=lw)
    d.line((W - lw / 2, rim, W - lw / 2, P - rim), fill=ink, width=lw)
    d.ellipse(
        (lw / 2, lw / 2, W - lw / 2, 2 * rim), fill=(236, 240, 250, 255), outline=ink, width=lw
    )
    with FONT_LOCK:
        d.text((W / 2, P * 0.58), letter, font=font(int(px * 0.46) * s, True), fill=ink, anchor="mm")
    return _done(img, w, px)


@cache
def check(px: int, colour: Colour) -> Image.Image:
    """A tick mark."""
    img, d = _canvas(px, px)
    s = SS
    P = px * s
    d.line(
        [(P * 0.15, P * 0.55), (P * 0.4, P * 0.8), (P * 0.85, P * 0.2)],
        fill=colour + (255,),
        width=max(2, px // 5) * s,
        joint="curve",
    )
    return _done(img, px, px)


def paste(base: Image.Image, sprite: Image.Image, x: float, y: float, centre: bool = True) -> None:
    """Paste an RGBA sprite on the RGB board, centred on (x, y) unless `centre` is False."""
    if centre:
        x -= sprite.width / 2
        y -= sprite.height / 2
    base.paste(sprite, (int(round(x)), int(round(y))), sprite)
