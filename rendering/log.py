"""The left column under the cards: what the phase changed, in words, and the key."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import PHASE_NAMES, State

from . import shapes, sprites, style
from .fonts import clean_text, draw_text, fit
from .layout import has_legend, legend_box, log_box
from .players import display_name
from .shapes import Canvas


def draw_log_static(img: Image.Image, d: ImageDraw.ImageDraw, n: int) -> None:
    """The log panel and, when there is room, the key (part of the static board)."""
    log = log_box(n)
    if log.h > 40:
        shapes.panel(d, log)
    if has_legend(n):
        draw_legend(img, d)


def draw_legend(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    """A key to the tile colours and the pieces (static; shown when the left column has room)."""
    box = legend_box()
    shapes.panel(d, box)
    shapes.title(img, box.x + 14, box.y + 16, "KEY", 13)
    kinds = ("neutral", "fixed", "wood", "stone", "residence", "prestige")
    for i, kind in enumerate(kinds):
        col, row = divmod(i, 2)
        x = box.x + 54 + col * 116
        y = box.y + 16 + row * 20
        band = style.KIND_COLOURS[kind][0]
        d.rounded_rectangle((x, y - 7, x + 22, y + 7), radius=3, fill=band)
        draw_text(img, (x + 28, y), style.KIND_LABELS[kind], 12, style.INK)
    y = box.y + 66
    x = box.x + 14
    sprites.paste(img, sprites.worker("black", "", 20), x + 8, y)
    x += 20 + draw_text(img, (x + 20, y), "worker", 12, style.INK) + 12
    sprites.paste(img, sprites.house("black", "", 17), x + 8, y)
    x += 20 + draw_text(img, (x + 20, y), "house", 12, style.INK) + 12
    sprites.paste(img, sprites.provost(20), x + 10, y)
    x += 24 + draw_text(img, (x + 24, y), "provost", 12, style.INK) + 12
    sprites.paste(img, sprites.bailiff(20), x + 8, y)
    draw_text(img, (x + 22, y), "bailiff", 12, style.INK)
    y += 22
    x = box.x + 14
    d.rounded_rectangle(
        (x, y - 7, x + 22, y + 7), radius=3, fill=style.EMPTY_TILE, outline=style.HIGHLIGHT, width=3
    )
    x += 28 + draw_text(img, (x + 28, y), "changed this phase", 12, style.INK) + 14
    d.rounded_rectangle(
        (x, y - 7, x + 22, y + 7), radius=3, fill=(226, 216, 196), outline=(214, 204, 186)
    )
    draw_text(img, (x + 28, y), "faded: past the provost", 12, style.INK)


def event_line(state: State, text: str) -> str:
    """An event's text with every player's name as the image shows it (an emoji-only name
    would otherwise vanish from the sentence)."""
    seats = sorted(range(state.n), key=lambda i: -len(state.players[i].name))
    for seat in seats:
        raw = state.players[seat].name
        if raw and raw in text:
            text = text.replace(raw, display_name(raw, seat))
    return clean_text(text)


def draw_log(cv: Canvas) -> None:
    """The phase's events in words, as many as fit."""
    img, state, marks, summary = cv.img, cv.state, cv.marks, cv.view.changes
    box = log_box(state.n)
    if box.h <= 40:
        return
    title = "SETUP"
    phases = [*summary.earlier, summary.phase]
    if len(phases) == 2:
        title = " + ".join(f"{p} {PHASE_NAMES[p].upper()}" for p in phases)
    elif len(phases) > 2:
        title = "PHASES " + ", ".join(str(p) for p in phases)
    elif summary.phase:
        title = f"PHASE {summary.phase} · {PHASE_NAMES[summary.phase].upper()}"
    title = fit(title, 13, True, box.w - 28)
    shapes.title(img, box.x + 14, box.y + 16, title, 13)
    line_h = 17
    y = box.y + 38
    room = max(0, (box.y2 - 8 - y) // line_h + 1)
    lines = summary.lines
    if not lines:
        draw_text(img, (box.x + 14, y), "nothing happened", 13, style.INK_FAINT)
        return
    shown = lines if len(lines) <= room else lines[: max(0, room - 1)]
    for seat, text in shown:
        x = box.x + 14
        if 0 <= seat < state.n:
            sprites.paste(img, sprites.disc(state.players[seat].colour, marks[seat], 14), x + 7, y)
        line = event_line(state, text)
        draw_text(img, (x + 20, y), fit(line, 13, False, box.w - 48), 13, style.INK)
        y += line_h
    if len(shown) < len(lines):
        draw_text(img, (box.x + 34, y), f"… and {len(lines) - len(shown)} more", 13, style.INK_SOFT)
