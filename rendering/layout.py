"""Where everything lies on the board image: the boxes and slots of every panel.

The large boxes (header, castle, bridge, specials, road, stock, player cards) are in `style`;
this module places what is inside them, so that the panels and the tests agree on positions.
"""

from __future__ import annotations

from bot.rules import PRESTIGE, STONE, WOOD

from . import style
from .style import Box
from .tilefaces import STOCK_H, STOCK_W

# ----- castle: three sections of house cells, and the castle worker track ------------------------

CELL, CELL_GAP = 27, 3
SECTION_COLS = (3, 5, 7)
TRACK_D = 26


def section_origin(sec: int) -> tuple[int, int]:
    x = style.CASTLE.x + 14
    for i in range(sec):
        x += SECTION_COLS[i] * (CELL + CELL_GAP) - CELL_GAP + 20
    return x, style.CASTLE.y + 56


def castle_cell(sec: int, k: int) -> Box:
    x0, y0 = section_origin(sec)
    row, col = divmod(k, SECTION_COLS[sec])
    return Box(x0 + col * (CELL + CELL_GAP), y0 + row * (CELL + CELL_GAP), CELL, CELL)


def section_box(sec: int) -> Box:
    x0, y0 = section_origin(sec)
    cols = SECTION_COLS[sec]
    return Box(x0 - 5, y0 - 5, cols * (CELL + CELL_GAP) - CELL_GAP + 10, 2 * CELL + CELL_GAP + 10)


def track_centre(i: int) -> tuple[float, float]:
    x_last = style.CASTLE.x2 - 14 - TRACK_D / 2
    return x_last - (4 - i) * (TRACK_D + 6), style.CASTLE.y + 22


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
    step = 40
    x0 = box.cx - (n - 1) * step / 2
    return [(x0 + i * step, box.y + 68) for i in range(n)]


# ----- bridge -----------------------------------------------------------------------------------


def bridge_slot(i: int) -> tuple[float, float]:
    return style.BRIDGE.x + 34 + i * 40, style.BRIDGE.y + 58


# ----- the left column: player cards, then the log, then the key when there is room --------------

LEGEND_H = 112


def has_legend(n: int) -> bool:
    return style.PLAYERS.y2 - style.card_box(n).y >= 260


def log_box(n: int) -> Box:
    y = style.card_box(n).y + 2
    bottom = style.PLAYERS.y2 - (LEGEND_H + style.CARD_GAP if has_legend(n) else 0)
    return Box(style.PLAYERS.x, y, style.PLAYERS.w, bottom - y)


def legend_box() -> Box:
    return Box(style.PLAYERS.x, style.PLAYERS.y2 - LEGEND_H, style.PLAYERS.w, LEGEND_H)


# ----- stock of buildings still to build --------------------------------------------------------

STOCK_ROWS = (("Wood", WOOD), ("Stone", STONE), ("Prestige", PRESTIGE))


def stock_ids(jeweller: bool) -> list[tuple[str, list[str]]]:
    """The stock's rows (label, tile ids); the Jeweller only with its option."""
    return [(label, [t for t in ids if jeweller or t != "jeweller"]) for label, ids in STOCK_ROWS]


def stock_card(row: int, col: int) -> Box:
    x = style.STOCK.x + 74 + col * (STOCK_W + 4)
    y = style.STOCK.y + 28 + row * (STOCK_H + 4)
    return Box(x, y, STOCK_W, STOCK_H)


def stock_card_of(tile_id: str, jeweller: bool) -> Box:
    """Where a tile's card lies in the stock panel."""
    for row, (_, ids) in enumerate(stock_ids(jeweller)):
        if tile_id in ids:
            return stock_card(row, ids.index(tile_id))
    raise KeyError(tile_id)
