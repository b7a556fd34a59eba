"""The final score table (§2.8) drawn over the stock at the end of the game."""

from __future__ import annotations

from . import shapes, sprites, style
from .fonts import draw_text, fit
from .players import display_name
from .shapes import Canvas


def draw_finals(cv: Canvas) -> None:
    """The final score table, winners first (§2.8)."""
    img, d, state, marks = cv.img, cv.d, cv.state, cv.marks
    finals, won = list(cv.view.finals or ()), set(cv.view.winners)
    box = style.FINAL
    d.rounded_rectangle(box.rect, radius=10, fill=(255, 250, 236), outline=style.PENDING, width=3)
    shapes.title(img, box.x + 14, box.y + 16, "FINAL SCORES", 15)
    cols = (("played", 430), ("gold", 530), ("cubes", 630), ("deniers", 730), ("total", 850))
    hy = box.y + 16
    for label, cx in cols:
        draw_text(img, (box.x + cx, hy), label, 12, style.INK_SOFT, bold=True, anchor="r")
    ranked = sorted(
        finals, key=lambda f: (f.player not in won, -f.total, state.turn_order.index(f.player))
    )
    row_h = min(24, (box.h - 36) // max(1, len(ranked)))
    for i, f in enumerate(ranked):
        y = box.y + 38 + i * row_h + row_h / 2 - 2
        p = state.players[f.player]
        if f.player in won:
            d.rounded_rectangle(
                (box.x + 8, y - row_h / 2 + 1, box.x2 - 8, y + row_h / 2 - 1),
                radius=6,
                fill=(255, 236, 170),
            )
        rank = 1 + sum(1 for g in finals if g.total > f.total)
        draw_text(img, (box.x + 30, y), f"{rank}.", 15, style.INK, bold=True, anchor="r")
        sprites.paste(img, sprites.disc(p.colour, marks[f.player], 20), box.x + 48, y)
        name = fit(display_name(p.name, f.player), 16, True, 300)
        w = draw_text(img, (box.x + 64, y), name, 16, style.INK, bold=True)
        if f.player in won:
            draw_text(img, (box.x + 72 + w, y), "winner", 12, (170, 110, 0), bold=True)
        for (_, cx), val in zip(
            cols, (f.pp_play, f.gold_pp, f.cubes_pp, f.deniers_pp, f.total), strict=True
        ):
            plus = "" if cx in (430, 850) else "+"
            draw_text(
                img,
                (box.x + cx, y),
                f"{plus}{val}",
                18 if cx == 850 else 15,
                style.INK,
                bold=cx == 850,
                anchor="r",
            )
