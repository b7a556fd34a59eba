"""One player's royal favours (§4.2): the column reached on each of the four lines."""

from __future__ import annotations

from PIL import Image

from bot.rules import State

from . import sprites, style
from .fonts import draw_fitted, draw_text
from .labels import Labels


def draw_favours(
    img: Image.Image, state: State, seat: int, x: int, x2: int, cy: float, words: Labels
) -> None:
    """The four favour lines of one player (prestige, deniers, cubes, building), each with the
    column its marker has reached (0: still in the start box), between `x` and `x2`."""
    if state.options.simple_favors:  # beginner variant: no table, every favour is 3 PP (§4.4)
        draw_fitted(img, (x2, cy), words.favours_simple, 14, style.INK_SOFT, x2 - x, anchor="r")
        return
    p = state.players[seat]
    icons = (
        sprites.prestige(16),
        sprites.coin(16),
        sprites.cube(-1, 15),
        sprites.house("black", "", 16),
    )
    step = min(34, (x2 - x) // 4)
    for line in range(4):
        lx = x + line * step
        sprites.paste(img, icons[line], lx + 8, cy)
        pos = p.favours[line]
        draw_text(
            img, (lx + 18, cy), str(pos), 18, style.INK if pos else style.INK_FAINT, bold=True
        )
