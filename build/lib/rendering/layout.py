"""Where everything lies on the board image: the boxes and slots of every panel.

The large boxes (header, player cards, castle, bridge, specials, road, stock) are in `style`;
this module places what is inside them, so that the panels and the tests agree on positions.
"""

from __future__ import annotations

from bot.rules import PRESTIGE, STONE, WOOD

from . import style
from .labels import LABELS
from .style import Box
from .tilefaces import STOCK_H, STOCK_W

# ----- castle: three sections of house cells side by side, and the castle worker track ----------

CELL, CELL_GAP = 28, 4
SECTION_COLS = (3, 5, 7)
SECTION_GAP = 40
TRACK_D = 24


def section_origin(sec: int) -> tuple[int, int]:
    x = style.CASTLE.x + 14
    for i in range(sec):
        x += section_width(i) + SECTION_GAP
    return x, style.CASTLE.y + 54


def section_width(sec: int) -> int:
    return SECTION_COLS[sec] * (CELL + CELL_GAP) - CELL_GAP


def castle_cell(sec: int, k: int) -> Box:
    x0, y0 = section_origin(sec)
    row, col = divmod(k, SECTION_COLS[sec])
    return Box(x0 + col * (CELL + CELL_GAP), y0 + row * (CELL + CELL_GAP), CELL, CELL)


def section_box(sec: int) -> Box:
    x0, y0 = section_origin(sec)
    return Box(x0 - 5, y0 - 5, section_width(sec) + 10, 2 * CELL + CELL_GAP + 10)


def track_centre(i: int) -> tuple[float, float]:
    x_last = style.CASTLE.x2 - 14 - TRACK_D / 2
    return x_last - (4 - i) * (TRACK_D + 5), style.CASTLE.y + 17


# ----- special buildings ------------------------------------------------------------------------

SPECIAL_ORDER = ("gate", "trading", "guild", "joust", "stables", "inn")
SPECIAL_SLOTS = {"stables": ("1", "2", "3"), "inn": ("in", "stay")}


def special_box(i: int) -> Box:
    gap = 8
    w = (style.SPECIALS.w - 5 * gap) // 6
    return Box(style.SPECIALS.x + i * (w + gap), style.SPECIALS.y, w, style.SPECIALS.h)


def special_box_of(name: str) -> Box:
    """The box of a special building by its state name (gate, trading, guild, joust, stables, inn)."""
    return special_box(SPECIAL_ORDER.index(name))


def special_slots(name: str) -> list[tuple[float, float]]:
    box = special_box_of(name)
    n = len(SPECIAL_SLOTS.get(name, ("",)))
    step = 42
    x0 = box.cx - (n - 1) * step / 2
    return [(x0 + i * step, box.y + 70) for i in range(n)]


# ----- bridge -----------------------------------------------------------------------------------


def bridge_slot(i: int) -> tuple[float, float]:
    return style.BRIDGE.x + 30 + i * 40, style.BRIDGE.y + 60


# ----- stock of buildings still to build --------------------------------------------------------

STOCK_LABEL_W = 90


def stock_ids(jeweller: bool) -> list[tuple[str, str, list[str]]]:
    """The stock's rows (label, tile kind, tile ids); the Jeweller only with its option."""
    return [
        (label, kind, [t for t in ids if jeweller or t != "jeweller"])
        for label, kind, ids in zip(
            LABELS.stock_rows, ("wood", "stone", "prestige"), (WOOD, STONE, PRESTIGE), strict=True
        )
    ]


def stock_card(row: int, col: int) -> Box:
    x = style.STOCK.x + STOCK_LABEL_W + col * (STOCK_W + 4)
    y = style.STOCK.y + 30 + row * (STOCK_H + 4)
    return Box(x, y, STOCK_W, STOCK_H)


def stock_card_of(tile_id: str, jeweller: bool) -> Box:
    """Where a tile's card lies in the stock panel."""
    for row, (_, _, ids) in enumerate(stock_ids(jeweller)):
        if tile_id in ids:
            return stock_card(row, ids.index(tile_id))
    raise KeyError(tile_id)
