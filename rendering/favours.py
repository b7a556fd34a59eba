"""One player's royal favour table (§4.2): marker columns, the path taken, locked columns."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import State

from . import sprites, style
from .fonts import draw_text

FAV_CELL_W, FAV_CELL_H = 15, 12


def draw_favours(
    img: Image.Image, d: ImageDraw.ImageDraw, state: State, seat: int, x: int, y: int
) -> None:
    """The four favour lines of one player: marker column, path taken, locked columns (§4.2)."""
    if state.options.simple_favors:  # beginner variant: no table, every favour is 3 PP (§4.4)
        draw_text(img, (x + 50, y + 20), "favours:", 11, style.INK_SOFT, anchor="m")
        draw_text(img, (x + 50, y + 36), "3 PP each", 11, style.INK_SOFT, bold=True, anchor="m")
        return
    p = state.players[seat]
    colour = style.PLAYER_COLOURS[p.colour]
    tint = style.PLAYER_TINT[p.colour]
    open_cols = state.favour_columns
    icons = (
        sprites.prestige(11),
        sprites.coin(11),
        sprites.cube(-1, 10),
        sprites.house("black", "", 11),
    )
    for col in range(1, 6):
        cx = x + 24 + (col - 1) * (FAV_CELL_W + 1) + FAV_CELL_W / 2
        ink = style.INK_SOFT if col <= open_cols else style.INK_FAINT
        draw_text(img, (cx, y - 7), str(col), 9, ink, bold=True, anchor="m")
    for line in range(4):
        cy = y + line * (FAV_CELL_H + 2)
        sprites.paste(img, icons[line], x + 6, cy + FAV_CELL_H / 2)
        pos = p.favours[line]
        for col in range(6):
            # Column 0 is the start box (fleur-de-lis), narrower than the five columns.
            cx, w = (x + 14, 8) if col == 0 else (x + 24 + (col - 1) * (FAV_CELL_W + 1), FAV_CELL_W)
            rect = (cx, cy, cx + w - 1, cy + FAV_CELL_H - 1)
            if col == pos:
                d.rectangle(rect, fill=colour, outline=colour)
            elif col > open_cols:
                d.rectangle(rect, fill=style.LOCKED, outline=(190, 180, 164))
                d.line((rect[0], rect[3], rect[2], rect[1]), fill=(190, 180, 164))
            elif col < pos:
                d.rectangle(rect, fill=tint, outline=(170, 156, 134))
            else:
                d.rectangle(rect, fill=(252, 249, 242), outline=(170, 156, 134))
