"""The header bar: round and phase, provost and bailiff, and whose decision it is (or who won)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules import kind_facts

from . import shapes, sprites, style
from .fonts import draw_fitted, draw_text, fit, text_width
from .labels import Labels
from .players import display_name
from .shapes import Canvas
from .view import PendingView

LEFT_W = 300  # the round and the phase


def draw_header_static(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    """The dark bar (part of the static board)."""
    d.rectangle((0, 0, style.WIDTH - 1, style.HEADER_H - 1), fill=style.HEADER_BG)
    d.line((0, style.HEADER_H - 1, style.WIDTH, style.HEADER_H - 1), fill=(120, 96, 60), width=2)


def pending_verb(pending: PendingView, words: Labels) -> str:
    """What the pending player is doing, in a few words: the kind's header verb."""
    try:
        return words.verb(kind_facts(pending.kind).verb)
    except KeyError:
        if words.lang != "en":  # the engine's prompt is English
            return words.to_decide
        return pending.prompt.split("\n")[0].rstrip(":. ") or words.to_decide


def _subtitle(cv: Canvas) -> tuple[str, str]:
    """The header's two lines on the left: round and phase, and the phase's name."""
    summary, words = cv.view.changes, cv.words
    top = words.round.format(round=summary.round)
    if cv.view.finals is not None:
        return top, words.game_over
    if summary.earlier:  # several phases in one report (e.g. end of turn and income)
        phases = ", ".join(str(p) for p in [*summary.earlier, summary.phase])
        return f"{top} · {words.phases.format(phases=phases)}", words.done
    if summary.phase:
        name = words.phase_name(summary.phase)
        name = words.phase_done.format(phase=name) if summary.ended else name
        return f"{top} · {words.phase.format(phase=summary.phase)}", name
    return top, words.game_begins


def draw_header(cv: Canvas) -> None:
    """Round and phase, provost and bailiff, and whose decision it is (or who won)."""
    img, state, marks = cv.img, cv.state, cv.marks
    pending, won, words = cv.view.pending, set(cv.view.winners), cv.words
    finals = list(cv.view.finals) if cv.view.finals is not None else None
    y = style.HEADER_H / 2
    x = style.MARGIN + 4
    top, sub = _subtitle(cv)
    draw_fitted(img, (x, y - 10), top, 24, style.HEADER_INK, LEFT_W, bold=True)
    draw_fitted(img, (x, y + 15), sub, 17, style.HEADER_SOFT, LEFT_W)
    # Provost and bailiff, readable even in a chat preview.
    x += LEFT_W + 14
    sprites.paste(img, sprites.provost(36, words.tokens[0]), x + 18, y)
    x += 40 + draw_text(img, (x + 40, y), str(state.provost), 28, style.HEADER_INK, bold=True) + 16
    sprites.paste(img, sprites.bailiff(34, words.tokens[1]), x + 13, y)
    x += 32 + draw_text(img, (x + 32, y), str(state.bailiff), 28, style.HEADER_INK, bold=True)
    right = style.WIDTH - style.MARGIN - 4
    if finals is not None:
        winners = [f for f in finals if f.player in won]
        best = max(f.total for f in winners) if winners else max(f.total for f in finals)
        names = " & ".join(
            display_name(state.players[f.player].name, f.player, words.lang) for f in winners
        )
        text = words.win if len(winners) == 1 else words.win_many
        room = right - x - 30 - 34 * len(winners)
        text = fit(text.format(names=names, pp=best), 26, True, room)
        w = draw_text(img, (right, y), text, 26, style.PENDING, bold=True, anchor="r")
        for i, f in enumerate(reversed(winners)):
            shapes.worker(img, state, marks, f.player, right - w - 22 - i * 34, y, 40)
        return
    if pending is None:
        return
    seat = pending.player
    room = right - x - 40 - 62  # what the marker, the piece and the gaps leave
    name = fit(
        display_name(state.players[seat].name, seat, words.lang), 26, True, min(240, room // 2)
    )
    nw = text_width(name, 26, True)
    verb = fit(pending_verb(pending, words), 20, False, room - nw - 10)
    vw = draw_text(img, (right, y + 1), verb, 20, style.HEADER_SOFT, anchor="r")
    draw_text(img, (right - vw - 10, y), name, 26, style.PENDING, bold=True, anchor="r")
    shapes.worker(img, state, marks, seat, right - vw - nw - 34, y, 42)
    draw_text(img, (right - vw - nw - 62, y), "▶", 24, style.PENDING, bold=True, anchor="r")
