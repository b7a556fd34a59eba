"""The player cards, side by side in turn order: name, prestige, deniers, cubes, workers, favours."""

from __future__ import annotations

from . import shapes, sprites, style
from .favours import draw_favours
from .fonts import draw_fitted, draw_text, text_width
from .players import display_name
from .shapes import Canvas

BAND_H = 32


def _draw_tags(cv: Canvas, seat: int, x: int, x2: int, y: float) -> None:
    """Where the player stands apart from the cards' counts: passed (in phase 2), in the Inn.
    Drawn where the card has room (both show on the board too: the bridge, the Inn)."""
    state, words = cv.state, cv.words
    tags = []
    if seat in state.passing and state.phase == 2:
        tags.append(words.passed.format(n=state.passing.index(seat) + 1))
    if state.inn_right == seat:
        tags.append(words.in_inn)
    text = " · ".join(tags)
    if tags and text_width(text, 14, True) <= x2 - x:
        draw_text(cv.img, (x, y), text, 14, style.INK_SOFT, bold=True)


def draw_cards(cv: Canvas) -> None:
    """One card per player in turn order; the pending player's card framed."""
    img, d, state, marks = cv.img, cv.d, cv.state, cv.marks
    pending_seat = cv.view.pending_seat
    for pos, seat in enumerate(state.turn_order):
        p = state.players[seat]
        b = style.card_box(pos, state.n)
        colour = style.PLAYER_COLOURS[p.colour]
        ink = style.PLAYER_INK[p.colour]
        is_pending = seat == pending_seat
        fill = (255, 251, 238) if is_pending else style.PANEL
        d.rounded_rectangle(b.rect, radius=10, fill=fill, outline=style.PANEL_EDGE, width=2)
        # The band: turn order and name on the player's colour.
        d.rounded_rectangle((b.x, b.y, b.x2 - 1, b.y + BAND_H), radius=10, fill=colour)
        d.rectangle((b.x, b.y + BAND_H - 10, b.x2 - 1, b.y + BAND_H), fill=colour)
        by = b.y + BAND_H / 2 + 1
        x = b.x + 8
        x += draw_text(img, (x, by), f"{pos + 1}", 18, ink, bold=True) + 8
        name = display_name(p.name, seat, cv.view.lang)
        draw_fitted(img, (x, by), name, 20, ink, b.x2 - 10 - x, bold=True, min_size=16)
        if is_pending:
            d.rounded_rectangle(
                (b.x - 2, b.y - 2, b.x2 + 1, b.y2 + 1), radius=11, outline=style.PENDING, width=5
            )
        # Row 1: the piece (with the player's mark), prestige; deniers on the right.
        y1 = b.y + BAND_H + 25
        shapes.worker(img, state, marks, seat, b.x + 24, y1, 38)
        x = b.x + 46
        x += draw_text(img, (x, y1), str(p.pp), 32, style.INK, bold=True) + 3
        x += draw_text(img, (x, y1 + 6), cv.words.pp, 15, style.INK_SOFT, bold=True) + 12
        sprites.paste(img, sprites.coin(26), b.x2 - 22, y1)
        w = draw_text(img, (b.x2 - 38, y1), str(p.deniers), 28, style.INK, bold=True, anchor="r")
        _draw_tags(cv, seat, x, b.x2 - 38 - w - 12, y1)
        # Row 2: cubes F W S C G with their counts.
        y2 = b.y + BAND_H + 59
        step = min(58, (b.w - 14) // 5)
        size = 20 if max(p.cubes) < 10 or step >= 48 else 16
        x = b.x + 8
        for idx in range(5):
            sprites.paste(img, sprites.cube(idx, 20), x, y2 - 10, centre=False)
            n = p.cubes[idx]
            ink_n = style.INK if n else style.INK_FAINT
            draw_text(img, (x + 22, y2), str(n), size, ink_n, bold=True)
            x += step
        # Row 3: workers in hand, then the favour tracks.
        y3 = b.y + BAND_H + 88
        sprites.paste(img, sprites.worker(p.colour, "", 22), b.x + 16, y3)
        w = draw_text(img, (b.x + 28, y3), f"×{p.workers}", 19, style.INK, bold=True)
        draw_favours(img, state, seat, b.x + 28 + w + 10, b.x2 - 8, y3, cv.words)
