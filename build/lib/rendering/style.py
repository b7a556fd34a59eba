"""Colours and geometry of the board image (one place to tune the look)."""

from __future__ import annotations

from typing import NamedTuple

Colour = tuple[int, int, int]

# ----- canvas ------------------------------------------------------------------------------------
# 1100 px wide: Discord's chat preview (550 px) shows it at exactly half size, so a 18 px label
# is still 9 px there. Rows from the top: header, player cards, castle and bridge, specials,
# the road, the stock (the final scores over it at the end).

WIDTH, HEIGHT = 1100, 1058
MARGIN = 10
GAP = 8
HEADER_H = 56


class Box(NamedTuple):
    x: int
    y: int
    w: int
    h: int

    @property
    def x2(self) -> int:
        return self.x + self.w

    @property
    def y2(self) -> int:
        return self.y + self.h

    @property
    def rect(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.x + self.w - 1, self.y + self.h - 1)

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


INNER_W = WIDTH - 2 * MARGIN
TOP = HEADER_H + GAP
CARD_H = 136
CARD_GAP = 8
PLAYERS = Box(MARGIN, TOP, INNER_W, CARD_H)

CASTLE = Box(MARGIN, PLAYERS.y2 + GAP, 620, 142)
BRIDGE = Box(CASTLE.x2 + GAP, CASTLE.y, WIDTH - MARGIN - CASTLE.x2 - GAP, CASTLE.h)
SPECIALS = Box(MARGIN, CASTLE.y2 + GAP, INNER_W, 96)

ROAD_COLS, ROAD_ROWS = 7, 4
TILE_GAP = 6
TILE_H = 96
ROAD = Box(MARGIN, SPECIALS.y2 + GAP, INNER_W, ROAD_ROWS * TILE_H + (ROAD_ROWS - 1) * TILE_GAP)
TILE_W = (ROAD.w - (ROAD_COLS - 1) * TILE_GAP) // ROAD_COLS

BOTTOM_Y = ROAD.y2 + GAP
STOCK = Box(MARGIN, BOTTOM_Y, INNER_W, HEIGHT - MARGIN - BOTTOM_Y)
FINAL = STOCK


def road_box(space: int) -> Box:
    """The tile of road space 1..28: four rows of seven, read left to right."""
    row, col = divmod(space - 1, ROAD_COLS)
    return Box(
        ROAD.x + col * (TILE_W + TILE_GAP), ROAD.y + row * (TILE_H + TILE_GAP), TILE_W, TILE_H
    )


def card_box(position: int, n: int) -> Box:
    """Player card `position` in turn order (0 = first) of `n`, side by side under the header."""
    w = (PLAYERS.w - (n - 1) * CARD_GAP) // n
    return Box(PLAYERS.x + position * (w + CARD_GAP), PLAYERS.y, w, CARD_H)


# ----- colours ----------------------------------------------------------------------------------

BG = (231, 222, 203)
PANEL = (248, 243, 232)
PANEL_EDGE = (186, 168, 138)
INK = (44, 36, 30)
INK_SOFT = (105, 92, 80)
INK_FAINT = (160, 148, 132)
HEADER_BG = (52, 42, 36)
HEADER_INK = (250, 244, 230)
HEADER_SOFT = (205, 190, 165)
HIGHLIGHT = (255, 196, 0)
PENDING = (255, 186, 0)
PROVOST = (178, 24, 36)
BAILIFF = (36, 60, 120)
LOCKED = (214, 206, 192)
EMPTY_TILE = (238, 231, 216)
EMPTY_EDGE = (200, 188, 166)

PLAYER_COLOURS: dict[str, Colour] = {
    "blue": (38, 98, 214),
    "red": (206, 38, 38),
    "green": (34, 146, 62),
    "orange": (246, 142, 18),
    "black": (34, 34, 38),
}
# Ink drawn on a piece of that colour (initials).
PLAYER_INK: dict[str, Colour] = {
    "blue": (255, 255, 255),
    "red": (255, 255, 255),
    "green": (255, 255, 255),
    "orange": (30, 20, 10),
    "black": (255, 255, 255),
}
# A light tint of each colour for card backgrounds.
PLAYER_TINT: dict[str, Colour] = {
    "blue": (226, 235, 252),
    "red": (250, 226, 224),
    "green": (224, 242, 226),
    "orange": (253, 236, 212),
    "black": (228, 228, 230),
}

# Tile kinds: (band colour, body colour, ink on band)
KIND_COLOURS: dict[str, tuple[Colour, Colour, Colour]] = {
    "neutral": ((214, 112, 138), (250, 228, 233), (255, 255, 255)),
    "fixed": ((170, 132, 70), (242, 230, 204), (255, 255, 255)),
    "wood": ((140, 88, 46), (240, 222, 200), (255, 255, 255)),
    "stone": ((112, 118, 130), (228, 230, 234), (255, 255, 255)),
    "residence": ((62, 138, 70), (218, 238, 214), (255, 255, 255)),
    "prestige": ((48, 92, 176), (218, 228, 248), (255, 255, 255)),
    "special": ((98, 72, 120), (236, 228, 242), (255, 255, 255)),
}

# Cubes F, W, S, C, G.
CUBE_COLOURS: tuple[Colour, ...] = (
    (236, 112, 156),
    (146, 92, 48),
    (150, 152, 160),
    (132, 74, 176),
    (242, 198, 30),
)
CUBE_EDGE: tuple[Colour, ...] = (
    (170, 60, 100),
    (92, 54, 24),
    (96, 98, 106),
    (82, 40, 118),
    (170, 130, 10),
)
ANY_CUBE = (255, 255, 255)

SECTION_COLOURS: tuple[Colour, ...] = ((120, 84, 60), (96, 104, 124), (82, 96, 150))
COIN = (232, 186, 52)
COIN_EDGE = (160, 118, 20)
