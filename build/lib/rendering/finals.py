"""The final score table (§2.8) drawn over the stock at the end of the game."""

from __future__ import annotations

from . import shapes, sprites, style
from .fonts import draw_fitted, draw_text, fit
from .players import display_name
from .shapes import Canvas

COLUMNS = (520, 640, 760, 880, 1050)  # right edges of played, gold, cubes, deniers, total
COLUMN_W = 110


def draw_finals(cv: Canvas) -> None:
    """The final score table, winners first (§2.8)."""
    img, d, state, marks = cv.img, cv.d, cv.state, cv.marks
    finals, won, words = list(cv.view.finals or ()), set(cv.view.winners), cv.words
    box = style.FINAL
    d.rounded_rectangle(box.rect, radius=10, fill=(255, 250, 236), outline=style.PENDING, width=3)
    shapes.title(img, box.x + 14, box.y + 16, words.final_scores, 16)
    hy = box.y + 16
    for label, cx in zip(words.final_columns, COLUMNS, strict=True):
        draw_fitted(
            img, (box.x + cx, hy), label, 15, style.INK_SOFT, COLUMN_W, bold=True, anchor="r"
        )
    ranked = sorted(
        finals, key=lambda f: (f.player not in won, -f.total, state.turn_order.index(f.player))
    )
    row_h = min(28, (box.h - 36) // max(1, len(ranked)))
    for i, f in enumerate(ranked):
        y = box.y + 34 + i * row_h + row_h / 2
        p = state.players[f.player]
        if f.player in won:
            d.rounded_rectangle(
                (box.x + 8, y - row_h / 2 + 1, box.x2 - 8, y + row_h / 2 - 1),
                radius=6,
                fill=(255, 236, 170),
            )
        rank = 1 + sum(1 for g in finals if g.total > f.total)
        draw_text(img, (box.x + 34, y), f"{rank}.", 19, style.INK, bold=True, anchor="r")
        sprites.paste(img, sprites.disc(p.colour, marks[f.player], 24), box.x + 54, y)
        name = fit(display_name(p.name, f.player, words.lang), 20, True, 300)
        w = draw_text(img, (box.x + 72, y), name, 20, style.INK, bold=True)
        if f.player in won:
            draw_fitted(
                img,
                (box.x + 82 + w, y),
                words.winner,
                15,
                (170, 110, 0),
                COLUMNS[0] - COLUMN_W - 92 - w,
                bold=True,
            )
        values = (f.pp_play, f.gold_pp, f.cubes_pp, f.deniers_pp, f.total)
        for k, (cx, val) in enumerate(zip(COLUMNS, values, strict=True)):
            plus = "" if k in (0, 4) else "+"
            total = k == 4
            text = f"{plus}{val}"
            draw_text(
                img, (box.x + cx, y), text, 22 if total else 19, style.INK, bold=total, anchor="r"
            )
