"""The header bar: round and phase, provost and bailiff, and whose decision it is (or who won)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import PHASE_NAMES, kind_facts

from . import shapes, sprites, style
from .fonts import draw_text, fit, text_width
from .players import display_name
from .shapes import Canvas
from .view import PendingView


def draw_header_static(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    """The dark bar (part of the static board)."""
    d.rectangle((0, 0, style.WIDTH - 1, style.HEADER_H - 1), fill=style.HEADER_BG)
    d.line((0, style.HEADER_H - 1, style.WIDTH, style.HEADER_H - 1), fill=(120, 96, 60), width=2)


def pending_verb(pending: PendingView) -> str:
    """What the pending player is doing, in a few words: the kind's header verb."""
    try:
        return kind_facts(pending.kind).verb
    except KeyError:
        return pending.prompt.split("\n")[0].rstrip(":. ") or "to decide"


def draw_header(cv: Canvas) -> None:
    """Round and phase, provost and bailiff, and whose decision it is (or who won)."""
    img, state, marks = cv.img, cv.state, cv.marks
    summary, pending, won = cv.view.changes, cv.view.pending, set(cv.view.winners)
    finals = list(cv.view.finals) if cv.view.finals is not None else None
    y = style.HEADER_H / 2
    x = style.MARGIN + 4
    x += draw_text(img, (x, y), f"Round {summary.round}", 30, style.HEADER_INK, bold=True) + 16
    if finals is not None:
        sub = "Game over · final scores"
    elif summary.earlier:  # several phases in one report (e.g. end of turn and income)
        sub = "phases " + ", ".join(str(p) for p in [*summary.earlier, summary.phase]) + " — done"
    elif summary.phase:
        sub = f"phase {summary.phase}: {PHASE_NAMES[summary.phase]}" + (
            " — done" if summary.ended else ""
        )
    else:
        sub = "the game begins"
    x += draw_text(img, (x, y + 1), sub, 19, style.HEADER_SOFT) + 28
    # Provost and bailiff, readable even in a chat preview.
    sprites.paste(img, sprites.provost(34), x + 17, y)
    x += 38 + draw_text(img, (x + 38, y), str(state.provost), 26, style.HEADER_INK, bold=True) + 16
    sprites.paste(img, sprites.bailiff(32), x + 12, y)
    draw_text(img, (x + 30, y), str(state.bailiff), 26, style.HEADER_INK, bold=True)
    right = style.WIDTH - style.MARGIN - 4
    if finals is not None:
        winners = [f for f in finals if f.player in won]
        best = max(f.total for f in winners) if winners else max(f.total for f in finals)
        names = " & ".join(display_name(state.players[f.player].name, f.player) for f in winners)
        text = fit(f"{names} win{'s' if len(winners) == 1 else ''} with {best} PP", 26, True, 700)
        w = draw_text(img, (right, y), text, 26, style.PENDING, bold=True, anchor="r")
        for i, f in enumerate(reversed(winners)):
            shapes.worker(img, state, marks, f.player, right - w - 22 - i * 34, y, 40)
        return
    if pending is None:
        return
    seat = pending.player
    verb = pending_verb(pending)
    name = fit(display_name(state.players[seat].name, seat), 26, True, 230)
    verb = fit(verb, 21, False, 290)
    vw = text_width(verb, 21)
    draw_text(img, (right, y + 1), verb, 21, style.HEADER_SOFT, anchor="r")
    nw = draw_text(img, (right - vw - 10, y), name, 26, style.PENDING, bold=True, anchor="r")
    shapes.worker(img, state, marks, seat, right - vw - nw - 34, y, 42)
    draw_text(img, (right - vw - nw - 62, y), "▶", 24, style.PENDING, bold=True, anchor="r")
