"""The player cards: turn order, piece, name, prestige, deniers, workers, cubes and favours."""

from __future__ import annotations

from . import shapes, sprites, style
from .favours import draw_favours
from .fonts import draw_text, fit, text_width
from .players import display_name
from .shapes import Canvas


def draw_cards(cv: Canvas) -> None:
    """One card per player in turn order; the pending player's card framed."""
    img, d, state, marks = cv.img, cv.d, cv.state, cv.marks
    pending_seat = cv.view.pending_seat
    for pos, seat in enumerate(state.turn_order):
        p = state.players[seat]
        b = style.card_box(pos)
        colour = style.PLAYER_COLOURS[p.colour]
        is_pending = seat == pending_seat
        fill = (255, 251, 238) if is_pending else style.PANEL
        d.rounded_rectangle(b.rect, radius=10, fill=fill, outline=style.PANEL_EDGE, width=2)
        d.rounded_rectangle((b.x, b.y, b.x + 26, b.y2 - 1), radius=10, fill=colour)
        d.rectangle((b.x + 14, b.y, b.x + 26, b.y2 - 1), fill=colour)
        draw_text(
            img,
            (b.x + 13, b.y + 18),
            str(pos + 1),
            16,
            style.PLAYER_INK[p.colour],
            bold=True,
            anchor="m",
        )
        if is_pending:
            d.rounded_rectangle(
                (b.x - 1, b.y - 1, b.x2, b.y2), radius=11, outline=style.PENDING, width=5
            )
        # Row 1: piece, name, prestige.
        y1 = b.y + 26
        shapes.worker(img, state, marks, seat, b.x + 48, y1, 38)
        pp = str(p.pp)
        ppw = text_width(pp, 36, True)
        draw_text(img, (b.x2 - 44, y1 + 1), pp, 36, style.INK, bold=True, anchor="r")
        draw_text(img, (b.x2 - 40, y1 + 8), "PP", 14, style.INK_SOFT, bold=True)
        name_max = b.w - 72 - ppw - 60
        name = fit(display_name(p.name, seat), 24, True, name_max)
        draw_text(img, (b.x + 72, y1 + 1), name, 24, style.INK, bold=True)
        # Row 2: deniers, workers in hand, status.
        y2 = b.y + 64
        x = b.x + 38
        sprites.paste(img, sprites.coin(22), x, y2 - 11, centre=False)
        x += 26 + draw_text(img, (x + 26, y2), str(p.deniers), 22, style.INK, bold=True) + 12
        sprites.paste(img, sprites.worker(p.colour, "", 22), x + 8, y2)
        x += 20 + draw_text(img, (x + 20, y2), f"×{p.workers}", 18, style.INK, bold=True) + 12
        tags = []
        if seat in state.passing and state.phase == 2:
            tags.append(f"passed {state.passing.index(seat) + 1}.")
        if state.inn_right == seat:
            tags.append("in the Inn")
        if tags:
            draw_text(
                img,
                (x, y2),
                fit(" · ".join(tags), 12, True, b.x2 - 126 - x),
                12,
                style.INK_SOFT,
                bold=True,
            )
        # Row 3: cubes.
        y3 = b.y + 98
        x = b.x + 38
        for idx in range(5):
            sprites.paste(img, sprites.cube(idx, 20), x, y3 - 10, centre=False)
            n = p.cubes[idx]
            draw_text(img, (x + 23, y3), str(n), 19, style.INK if n else style.INK_FAINT, bold=True)
            x += 50
        draw_favours(img, d, state, seat, b.x2 - 118, b.y + 60)
