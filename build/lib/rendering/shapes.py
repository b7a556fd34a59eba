"""Small drawing helpers every panel uses: panels, titles, slots, pieces, highlights, fading."""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.rules import State

from . import sprites, style
from .fonts import draw_fitted
from .labels import Labels, labels
from .style import Box
from .view import BoardView

Colour = tuple[int, int, int]


class Canvas(NamedTuple):
    """What every panel draws on and from: the image, its drawer, the view and the players' marks."""

    img: Image.Image
    d: ImageDraw.ImageDraw
    view: BoardView
    marks: tuple[str, ...]  # one distinct letter per seat, drawn on the pieces

    @property
    def words(self) -> Labels:
        """Every word drawn, in the view's language."""
        return labels(self.view.lang)

    @property
    def state(self) -> State:
        return self.view.state


def panel(
    d: ImageDraw.ImageDraw,
    box: Box,
    fill: Colour = style.PANEL,
    edge: Colour = style.PANEL_EDGE,
    radius: int = 10,
    width: int = 2,
) -> None:
    d.rounded_rectangle(box.rect, radius=radius, fill=fill, outline=edge, width=width)


TITLE_W = 150  # a panel's title: room for a longer translation


def title(img: Image.Image, x: float, y: float, text: str, size: int = 14) -> int:
    """A panel's title (CASTLE, BRIDGE, ...); returns its width."""
    return draw_fitted(img, (x, y), text, size, style.INK_SOFT, TITLE_W, bold=True)


def dim(
    img: Image.Image, rect: tuple[int, int, int, int], amount: float, colour: Colour = style.BG
) -> None:
    """Fade a region towards `colour` (buildings beyond the provost, built stock tiles)."""
    region = img.crop((rect[0], rect[1], rect[2] + 1, rect[3] + 1))
    faded = Image.blend(region, Image.new("RGB", region.size, colour), amount)
    img.paste(faded, (rect[0], rect[1]))


def slot(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    label: str = "",
    img: Image.Image | None = None,
) -> None:
    """An empty circle where a worker or disc can stand."""
    d.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=(236, 228, 212), outline=style.EMPTY_EDGE, width=2
    )
    if label and img is not None:
        size = max(10, int(r * 0.8))
        draw_fitted(
            img, (cx, cy), label, size, style.INK_FAINT, int(2 * r - 2), bold=True, anchor="m",
            min_size=size - 4,
        )  # fmt: skip


def worker(
    img: Image.Image,
    state: State,
    marks: tuple[str, ...],
    seat: int,
    cx: float,
    cy: float,
    h: int = 34,
) -> None:
    """A player's worker, with the player's mark on it."""
    sprites.paste(img, sprites.worker(state.players[seat].colour, marks[seat], h), cx, cy)


def highlight(
    d: ImageDraw.ImageDraw,
    box: Box | tuple[int, int, int, int],
    width: int = 3,
    colour: Colour = style.HIGHLIGHT,
    radius: int = 9,
) -> None:
    """A frame around what changed in the phase just ended."""
    rect = box.rect if isinstance(box, Box) else box
    o = width
    d.rounded_rectangle(
        (rect[0] - o, rect[1] - o, rect[2] + o, rect[3] + o),
        radius=radius,
        outline=colour,
        width=width,
    )
