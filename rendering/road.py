"""The road: 28 spaces, the buildings on them, owners' houses, workers, provost and bailiff."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import FIXED_SPACES, ROAD_LEN, SECTIONS, TILES, State

from . import shapes, sprites, style
from .fonts import draw_text
from .shapes import Canvas
from .tilefaces import road_face


def draw_road_static(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    """Empty spaces and the printed buildings (part of the static board)."""
    for space in range(1, ROAD_LEN + 1):
        b = style.road_box(space)
        d.rounded_rectangle(
            b.rect, radius=7, fill=style.EMPTY_TILE, outline=style.EMPTY_EDGE, width=2
        )
    for space, tid in FIXED_SPACES.items():
        b = style.road_box(space)
        img.paste(road_face(tid), (b.x, b.y))


MARK_NAMES = {12: 0, 18: 1, 24: 2}


def _next_free(state: State) -> int:
    for space in range(1, ROAD_LEN + 1):
        if state.road_tile[space] is None:
            return space
    return 0


def draw_road(cv: Canvas) -> None:
    """Buildings, owners' houses and workers on the road; what changed; provost and bailiff."""
    img, d, state, marks, summary = cv.img, cv.d, cv.state, cv.marks, cv.view.changes
    next_free = _next_free(state)
    for space in range(1, ROAD_LEN + 1):
        b = style.road_box(space)
        tid = state.road_tile[space]
        mark = MARK_NAMES.get(space, -1)
        if tid is None:
            if mark < 0:
                draw_text(img, (b.x + 8, b.y + 14), str(space), 13, style.INK_FAINT, bold=True)
            else:
                draw_text(
                    img,
                    (b.cx, b.y + 38),
                    f"{SECTIONS[mark]} mark",
                    12,
                    style.SECTION_COLOURS[mark],
                    bold=True,
                    anchor="m",
                )
            if space == next_free and not state.over:
                d.rounded_rectangle(b.rect, radius=7, outline=(150, 132, 104), width=2)
                draw_text(img, (b.cx, b.y2 - 14), "next building", 11, style.INK_SOFT, anchor="m")
        else:
            if space not in FIXED_SPACES:
                img.paste(road_face(tid), (b.x, b.y))
            _, _, band_ink = style.KIND_COLOURS[TILES[tid].kind]
            if mark < 0:
                draw_text(img, (b.x + 6, b.y + 13), str(space), 13, band_ink, bold=True)
            owner = state.road_owner[space]
            if owner >= 0:
                sprites.paste(
                    img,
                    sprites.house(state.players[owner].colour, marks[owner], 24),
                    b.x2 - 16,
                    b.y + 62,
                )
        if mark >= 0:
            # Scoring marks: the space number on a pill of the section's colour (§1.3).
            d.rounded_rectangle(
                (b.x + 1, b.y + 2, b.x + 25, b.y + 23),
                radius=6,
                fill=style.SECTION_COLOURS[mark],
                outline=(255, 255, 255),
                width=1,
            )
            draw_text(
                img, (b.x + 13, b.y + 13), str(space), 12, (255, 255, 255), bold=True, anchor="m"
            )
        worker = state.road_worker[space]
        if worker >= 0:
            shapes.worker(img, state, marks, worker, b.x + 22, b.y + 60, 34)
    # Beyond the provost nothing is activated in phase 5: fade those spaces.
    if not state.over:
        for space in range(state.provost + 1, ROAD_LEN + 1):
            shapes.dim(img, style.road_box(space).rect, 0.42)
    for space, what in summary.road.items():
        colour = style.HIGHLIGHT if what == "built" else (236, 170, 40)
        shapes.highlight(d, style.road_box(space), 3 if what == "built" else 2, colour)
        if what == "built":
            b = style.road_box(space)
            d.rounded_rectangle(
                (b.x2 - 40, b.y - 7, b.x2 + 2, b.y + 8), radius=6, fill=style.HIGHLIGHT
            )
            draw_text(img, (b.x2 - 19, b.y + 1), "NEW", 10, style.INK, bold=True, anchor="m")
    # Provost and bailiff: big pieces, a crimson frame, and a line where activation stops.
    pb = style.road_box(state.provost)
    d.rounded_rectangle(
        (pb.x - 2, pb.y - 2, pb.x2 + 1, pb.y2 + 1), radius=8, outline=style.PROVOST, width=4
    )
    bb = style.road_box(state.bailiff)
    if state.bailiff == state.provost:
        sprites.paste(img, sprites.bailiff(30), bb.x + 56, bb.y + 60)
        sprites.paste(img, sprites.provost(34), pb.x + 84, pb.y + 60)
    else:
        sprites.paste(img, sprites.bailiff(30), bb.x + 66, bb.y + 60)
        sprites.paste(img, sprites.provost(36), pb.x + 68, pb.y + 60)
