"""The road: 28 spaces, the buildings on them, owners' houses, workers, provost and bailiff."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import FIXED_SPACES, ROAD_LEN, State

from . import shapes, sprites, style
from .fonts import draw_fitted, draw_text, text_width
from .labels import Labels
from .shapes import Canvas
from .tilefaces import road_face


def draw_road_static(img: Image.Image, d: ImageDraw.ImageDraw, words: Labels) -> None:
    """Empty spaces and the printed buildings (part of the static board)."""
    for space in range(1, ROAD_LEN + 1):
        b = style.road_box(space)
        d.rounded_rectangle(
            b.rect, radius=7, fill=style.EMPTY_TILE, outline=style.EMPTY_EDGE, width=2
        )
    for space, tid in FIXED_SPACES.items():
        b = style.road_box(space)
        img.paste(road_face(tid, words.lang), (b.x, b.y))


MARK_NAMES = {12: 0, 18: 1, 24: 2}
PIECE_Y = 70  # the centre line of the pieces on a tile
PIECE_Y_FREE = 46  # ...on the next free space (not a mark), above its "next building" label


def _piece_y(state: State, space: int) -> int:
    """Where the provost and bailiff stand on `space`: higher on the next space to build on,
    whose label is on the bottom line (issue 26: no piece over it)."""
    if space == _next_free(state) and space not in MARK_NAMES and not state.over:
        return PIECE_Y_FREE
    return PIECE_Y


def _next_free(state: State) -> int:
    for space in range(1, ROAD_LEN + 1):
        if state.road_tile[space] is None:
            return space
    return 0


def draw_road(cv: Canvas) -> None:
    """Buildings, owners' houses and workers on the road; what changed; provost and bailiff."""
    img, d, state, marks, summary = cv.img, cv.d, cv.state, cv.marks, cv.view.changes
    words = cv.words
    next_free = _next_free(state)
    for space in range(1, ROAD_LEN + 1):
        b = style.road_box(space)
        tid = state.road_tile[space]
        mark = MARK_NAMES.get(space, -1)
        if tid is None:
            if mark < 0:
                draw_text(img, (b.x + 9, b.y + 16), str(space), 18, style.INK_SOFT, bold=True)
            else:
                text = words.mark.format(section=words.section(mark))
                colour = style.SECTION_COLOURS[mark]
                draw_fitted(
                    img,
                    (b.cx, b.y + 38),
                    text,
                    16,
                    colour,
                    b.w - 10,
                    bold=True,
                    anchor="m",
                    min_size=12,
                )
            if space == next_free and not state.over:
                d.rounded_rectangle(b.rect, radius=7, outline=(150, 132, 104), width=2)
                if mark >= 0 and space in (state.provost, state.bailiff):
                    # the section's name fills the middle and a piece the bottom line: the
                    # label goes up, right of the mark's number (issue 26)
                    draw_fitted(
                        img, (b.x2 - 5, b.y + 14), words.next_building, 13, style.INK_SOFT,
                        b.w - 38, anchor="r", min_size=10,
                    )  # fmt: skip
                else:  # a piece here stands higher (PIECE_Y_FREE), above the label
                    draw_fitted(
                        img, (b.cx, b.y2 - 16), words.next_building, 15, style.INK_SOFT,
                        b.w - 10, anchor="m", min_size=11,
                    )  # fmt: skip
        else:
            if space not in FIXED_SPACES:
                img.paste(road_face(tid, words.lang), (b.x, b.y))
            if mark < 0:
                draw_text(img, (b.x + 7, b.y2 - 13), str(space), 15, style.INK_SOFT, bold=True)
            owner = state.road_owner[space]
            if owner >= 0:
                house = sprites.house(state.players[owner].colour, marks[owner], 30)
                sprites.paste(img, house, b.x2 - 21, PIECE_Y + b.y)
        if mark >= 0:
            # Scoring marks: the space number on a pill of the section's colour (§1.3).
            y = b.y2 - 24 if tid is not None else b.y + 3
            d.rounded_rectangle(
                (b.x + 2, y, b.x + 28, y + 21),
                radius=6,
                fill=style.SECTION_COLOURS[mark],
                outline=(255, 255, 255),
                width=1,
            )
            draw_text(
                img, (b.x + 15, y + 11), str(space), 14, (255, 255, 255), bold=True, anchor="m"
            )
        worker = state.road_worker[space]
        if worker >= 0:
            shapes.worker(img, state, marks, worker, b.x + 46, b.y + PIECE_Y, 40)
    # Beyond the provost nothing is activated in phase 5: fade those spaces.
    if not state.over:
        for space in range(state.provost + 1, ROAD_LEN + 1):
            shapes.dim(img, style.road_box(space).rect, 0.42)
    for space, what in summary.road.items():
        colour = style.HIGHLIGHT if what == "built" else (236, 170, 40)
        shapes.highlight(d, style.road_box(space), 3 if what == "built" else 2, colour)
        if what == "built":
            b = style.road_box(space)
            w = text_width(words.new, 13, True) + 12
            d.rounded_rectangle(
                (b.x2 - w, b.y - 8, b.x2 + 2, b.y + 9), radius=6, fill=style.HIGHLIGHT
            )
            draw_text(
                img, (b.x2 - w / 2 + 1, b.y + 1), words.new, 13, style.INK, bold=True, anchor="m"
            )
    # Provost and bailiff: big pieces, a crimson frame, and a line where activation stops.
    pb = style.road_box(state.provost)
    d.rounded_rectangle(
        (pb.x - 2, pb.y - 2, pb.x2 + 1, pb.y2 + 1), radius=8, outline=style.PROVOST, width=5
    )
    bb = style.road_box(state.bailiff)
    p_letter, b_letter = words.tokens
    py, by = _piece_y(state, state.provost), _piece_y(state, state.bailiff)
    if state.bailiff == state.provost:
        sprites.paste(img, sprites.bailiff(36, b_letter), bb.x + 74, bb.y + by)
        sprites.paste(img, sprites.provost(40, p_letter), pb.x + 104, pb.y + py)
    else:
        sprites.paste(img, sprites.bailiff(36, b_letter), bb.x + 84, bb.y + by)
        sprites.paste(img, sprites.provost(42, p_letter), pb.x + 88, pb.y + py)
