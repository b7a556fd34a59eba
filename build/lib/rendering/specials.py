"""The six special buildings (§3.1) and the workers on them."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import SPECIAL_NAMES

from . import shapes, style
from .fonts import draw_fitted, draw_fitted_lines
from .labels import Labels
from .layout import SPECIAL_ORDER, SPECIAL_SLOTS, special_box, special_slots
from .shapes import Canvas


def draw_specials_static(img: Image.Image, d: ImageDraw.ImageDraw, n: int, words: Labels) -> None:
    """The six buildings with their names, hints and empty slots (part of the static board)."""
    for i, name in enumerate(SPECIAL_ORDER):
        box = special_box(i)
        band, body, band_ink = style.KIND_COLOURS["special"]
        d.rounded_rectangle(box.rect, radius=8, fill=body, outline=band, width=2)
        d.rounded_rectangle((box.x, box.y, box.x2 - 1, box.y + 27), radius=8, fill=band)
        d.rectangle((box.x, box.y + 18, box.x2 - 1, box.y + 27), fill=band)
        title = f"{i + 1} {words.building(SPECIAL_NAMES[name])}"
        draw_fitted_lines(
            img, (box.x + 7, box.y + 14), title, 15, band_ink, box.w - 12, line_size=11, gap=12,
            bold=True, min_size=11,
        )  # fmt: skip
        unused = name == "stables" and n == 2
        hint = "" if unused else words.hint(name)
        draw_fitted(
            img, (box.cx, box.y + 40), hint, 13, style.INK_SOFT, box.w - 10, anchor="m", min_size=10
        )
        labels = words.inn_slots if name == "inn" else SPECIAL_SLOTS.get(name, ("",))
        for (cx, cy), label in zip(special_slots(name), labels, strict=True):
            shapes.slot(d, cx, cy, 18, "" if unused else label, img)
        if unused:
            shapes.dim(img, box.rect, 0.55, body)
            draw_fitted(
                img,
                (box.cx, box.y + 40),
                words.not_with_2,
                13,
                style.PROVOST,
                box.w - 10,
                anchor="m",
                min_size=10,
            )


def draw_specials(cv: Canvas) -> None:
    """The workers on the special buildings; a frame on those used this phase."""
    img, d, state, marks, summary = cv.img, cv.d, cv.state, cv.marks, cv.view.changes
    occupants: dict[str, list[int]] = {
        "gate": [state.gate],
        "trading": [state.trading],
        "guild": [state.guild],
        "joust": [state.joust],
        "stables": list(state.stables) + [-1] * (3 - len(state.stables)),
        "inn": [state.inn_left, state.inn_right],
    }
    for i, name in enumerate(SPECIAL_ORDER):
        for (cx, cy), seat in zip(special_slots(name), occupants[name], strict=False):
            if seat >= 0:
                shapes.worker(img, state, marks, seat, cx, cy, 38)
        if name in summary.specials:
            shapes.highlight(d, special_box(i), 3)
