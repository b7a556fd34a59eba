"""The castle panel: its three sections with the houses built, and the castle worker track."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import MARKS, SECTION_PP, SECTION_SIZE, SECTIONS

from . import shapes, sprites, style
from .fonts import draw_text
from .layout import CELL, TRACK_D, castle_cell, section_box, section_origin, track_centre
from .shapes import Canvas


def draw_castle_static(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    """The sections, their cells and the empty track (part of the static board)."""
    shapes.panel(d, style.CASTLE)
    shapes.title(img, style.CASTLE.x + 14, style.CASTLE.y + 22, "CASTLE", 15)
    tx, ty = track_centre(0)
    draw_text(img, (tx - TRACK_D / 2 - 8, ty), "builders, in order", 11, style.INK_SOFT, anchor="r")
    for i in range(5):
        cx, cy = track_centre(i)
        shapes.slot(d, cx, cy, TRACK_D / 2, str(i + 1), img)
    for sec in range(3):
        x0, y0 = section_origin(sec)
        w = draw_text(
            img, (x0 - 2, y0 - 15), SECTIONS[sec], 13, style.SECTION_COLOURS[sec], bold=True
        )
        draw_text(
            img, (x0 + w + 3, y0 - 15), f"{SECTION_PP[sec]} PP", 11, style.INK_SOFT, bold=True
        )
        for k in range(SECTION_SIZE[sec]):
            c = castle_cell(sec, k)
            d.rounded_rectangle(c.rect, radius=4, fill=(232, 224, 208), outline=(196, 182, 158))


def draw_castle(cv: Canvas) -> None:
    """Houses in the sections, each section's state, and the castle workers in arrival order."""
    img, d, state, marks, summary = cv.img, cv.d, cv.state, cv.marks, cv.view.changes
    for sec in range(3):
        owners = state.castle[sec]
        for k, seat in enumerate(owners[: SECTION_SIZE[sec]]):
            c = castle_cell(sec, k)
            sprites.paste(
                img, sprites.house(state.players[seat].colour, marks[seat], CELL - 3), c.cx, c.cy
            )
        box = section_box(sec)
        x0, y0 = section_origin(sec)
        status_y = box.y2 + 5
        if state.scored[sec]:
            sprites.paste(img, sprites.check(14, (40, 140, 60)), x0, status_y - 7, centre=False)
            draw_text(img, (x0 + 17, status_y), "scored", 11, (40, 120, 55), bold=True)
        elif sec == state.section:
            d.rounded_rectangle(box.rect, radius=6, outline=style.SECTION_COLOURS[sec], width=3)
            draw_text(
                img,
                (x0, status_y),
                f"{len(owners)}/{SECTION_SIZE[sec]} · mark {MARKS[sec]}",
                11,
                style.SECTION_COLOURS[sec],
                bold=True,
            )
        else:
            draw_text(
                img,
                (x0, status_y),
                f"{len(owners)}/{SECTION_SIZE[sec]} · mark {MARKS[sec]}",
                11,
                style.INK_FAINT,
            )
        if sec in summary.sections:
            shapes.highlight(d, box, 3, radius=8)
    for i, seat in enumerate(state.castle_workers[:5]):
        cx, cy = track_centre(i)
        shapes.worker(img, state, marks, seat, cx, cy, 26)
