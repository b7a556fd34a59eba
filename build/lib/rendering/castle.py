"""The castle panel: its three sections with the houses built, and the castle worker track."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import SECTION_PP, SECTION_SIZE

from . import shapes, sprites, style
from .fonts import draw_fitted, draw_text, text_width
from .labels import Labels
from .layout import (
    CELL,
    TRACK_D,
    castle_cell,
    section_box,
    section_origin,
    section_width,
    track_centre,
)
from .shapes import Canvas

SCORED = (40, 120, 55)
BUILDERS_W = 150  # the track's label


def draw_castle_static(img: Image.Image, d: ImageDraw.ImageDraw, words: Labels) -> None:
    """The sections, their cells and the empty track (part of the static board)."""
    shapes.panel(d, style.CASTLE)
    shapes.title(img, style.CASTLE.x + 14, style.CASTLE.y + 17, words.castle, 16)
    tx, ty = track_centre(0)
    draw_fitted(
        img, (tx - TRACK_D / 2 - 8, ty), words.builders, 14, style.INK_SOFT, BUILDERS_W, anchor="r"
    )
    for i in range(5):
        cx, cy = track_centre(i)
        shapes.slot(d, cx, cy, TRACK_D / 2, str(i + 1), img)
    for sec in range(3):
        x0, y0 = section_origin(sec)
        draw_fitted(
            img,
            (x0 - 2, y0 - 16),
            words.section(sec),
            18,
            style.SECTION_COLOURS[sec],
            section_width(sec) + 4,
            bold=True,
            min_size=14,
        )
        for k in range(SECTION_SIZE[sec]):
            c = castle_cell(sec, k)
            d.rounded_rectangle(c.rect, radius=4, fill=(232, 224, 208), outline=(196, 182, 158))


def draw_castle(cv: Canvas) -> None:
    """Houses in the sections, each section's count, and the castle workers in arrival order."""
    img, d, state, marks, summary = cv.img, cv.d, cv.state, cv.marks, cv.view.changes
    words = cv.words
    for sec in range(3):
        owners = state.castle[sec]
        for k, seat in enumerate(owners[: SECTION_SIZE[sec]]):
            c = castle_cell(sec, k)
            sprites.paste(
                img, sprites.house(state.players[seat].colour, marks[seat], CELL - 3), c.cx, c.cy
            )
        box = section_box(sec)
        x0, _ = section_origin(sec)
        y = box.y2 + 12
        count = f"{len(owners)}/{SECTION_SIZE[sec]}"
        if state.scored[sec]:
            sprites.paste(img, sprites.check(18, SCORED), x0, y - 9, centre=False)
            draw_text(img, (x0 + 21, y), count, 20, SCORED, bold=True)
        else:
            current = sec == state.section
            ink = style.SECTION_COLOURS[sec] if current else style.INK_SOFT
            if current:
                d.rounded_rectangle(box.rect, radius=6, outline=style.SECTION_COLOURS[sec], width=3)
            w = draw_text(img, (x0, y), count, 20, ink, bold=True)
            draw_fitted(
                img,
                (x0 + w + 6, y + 1),
                f"{SECTION_PP[sec]} {words.pp}",
                14,
                style.INK_SOFT,
                section_width(sec) - w - 6,
                bold=True,
            )
        if sec in summary.sections:
            shapes.highlight(d, box, 3, radius=8)
    tx, ty = track_centre(0)
    x = style.CASTLE.x + 14 + min(text_width(words.castle, 16, True), shapes.TITLE_W) + 16
    right = tx - TRACK_D / 2 - 8 - min(text_width(words.builders, 14), BUILDERS_W) - 14
    text = words.favour_columns.format(n=state.favour_columns)
    draw_fitted(img, (x, ty), text, 14, style.INK_SOFT, int(right - x), bold=True)
    for i, seat in enumerate(state.castle_workers[:5]):
        cx, cy = track_centre(i)
        shapes.worker(img, state, marks, seat, cx, cy, 26)
