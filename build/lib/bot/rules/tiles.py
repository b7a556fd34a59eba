"""Building tiles, the board and the castle as data (rules reference §1.3, §1.4, §3).

Cubes are indexed F=0, W=1, S=2, C=3, G=4 everywhere in the rules core. A cost is a tuple of five
counts plus a number of "any cube" (X, gold allowed) for the wood Marketplace and Peddler.
"""

from __future__ import annotations

from typing import Final, NamedTuple

CUBES: Final = "FWSCG"
F, W, S, C, G = range(5)
CUBE_NAMES: Final = ("food", "wood", "stone", "cloth", "gold")
PLAIN: Final = (F, W, S, C)

ROAD_LEN = 28  # road spaces 1..28 (§1.3)
FIXED_SPACES: Final = {7: "peddler_fixed", 8: "carpenter_fixed", 16: "gold_mine"}
START_SPACE = 6  # provost and bailiff start on road space 6 (§1.2)
MARKS = (12, 18, 24)  # Dungeon, Walls, Towers scoring marks on the road (§1.3)

SECTIONS = ("Dungeon", "Walls", "Towers")
SECTION_SIZE: Final = (6, 10, 14)
SECTION_PP: Final = (5, 4, 3)  # PP per batch placed there (§1.4)
SECTION_PENALTY = (2, 3, 4)  # PP lost at a section's scoring with no house in it (§1.4)
# §1.4 scoring tables: houses in the section -> (PP change, favours)
SCORING = (
    lambda h: (-SECTION_PENALTY[0], 0) if h == 0 else (0, 0) if h == 1 else (0, 1),
    lambda h: (-SECTION_PENALTY[1], 0) if h == 0 else (0, 0) if h == 1 else (0, 1) if h == 2 else (0, 2) if h <= 4 else (0, 3),
    lambda h: (-SECTION_PENALTY[2], 0) if h == 0 else (0, 0) if h == 1 else (0, 1) if h <= 3 else (0, 2) if h <= 5 else (0, 3),
)

SPECIALS: Final = ("gate", "trading", "guild", "joust", "stables", "inn")  # activation order (§2 phase 3)
SPECIAL_NAMES = {
    "gate": "Gate",
    "trading": "Trading post",
    "guild": "Merchants' guild",
    "joust": "Joust field",
    "stables": "Stables",
    "inn": "Inn",
    "castle": "Castle",
}

STARTING_DENIERS = (5, 6, 6, 7, 7)  # by turn-order position, 3-5 players (§1.2)
STARTING_DENIERS_2P = (5, 5)  # §5
COLOURS = ("blue", "red", "green", "orange", "black")

FAVOUR_LINES = ("prestige", "deniers", "resources", "buildings")  # §4.2
FAVOUR_PP = (1, 2, 3, 4, 5)
FAVOUR_DENIERS = (3, 4, 5, 6, 7)
FAVOUR_COLUMNS_OPEN = (2, 4, 5)  # highest open column: at the start, after the Dungeon, after the Walls (§4.2)
FAVOUR_SWAP_TAKE = 2  # resources line column 4: plain cubes taken for the one given (§4.2)
FAVOUR_DISCOUNT = 1  # buildings line columns 2 and 3: one wood, one stone less (§4.2)
SIMPLE_FAVOUR_PP = 3  # every favour in the beginner variant, the table ignored (§4.4)

# The rules' other numbers (§2, §2.8), one home each: the engine and the glossary read them here.
BASE_INCOME = 2  # deniers every player takes in phase 1, before residences, Library, Hotel (§2 phase 1)
LOW_PLACEMENT_COST = 1  # on one's own building, or any placement while holding the Inn (§2 phase 2 "Cost")
TWO_PLAYER_COSTS = (1, 3)  # two players: the placement price before and after the opponent passed (§5)
FIRST_PASS_DENIERS = 1  # the first player to pass takes it (§2 phase 2)
OWNER_BONUS_PP = 1  # to a building's owner when another player's worker goes there (§2 phase 2)
CASTLE_WORKERS = 5  # castle track spaces, one worker per player (§1.3, §2 phase 2)
STABLES_CIRCLES = 3  # §2 phase 2, phase 3
TRADING_POST_DENIERS = 3  # §2 phase 3
GUILD_STEPS = 3  # the Merchants' guild moves the provost up to this many spaces, free (§2 phase 3)
JOUST_DENIERS, JOUST_CLOTH = 1, 1  # the price of the Joust field's favour (§2 phase 3)
PROVOST_STEPS = 3  # phase 4: up to this many spaces, 1 denier a space (§2 phase 4)
BAILIFF_STEPS = (1, 2)  # the provost on or behind the bailiff, beyond it (§2 phase 7)
LAWYER_DENIERS = 1  # with 1 cloth, the Lawyer's price of a residence (§3.3)
GOLD_PP, CUBES_PER_PP, DENIERS_PER_PP = 3, 3, 4  # final scoring of what is left (§2.8)


class Tile(NamedTuple):
    id: str
    name: str
    kind: str  # neutral | fixed | wood | stone | residence | prestige
    cost: tuple[int, int, int, int, int]
    any_cubes: int  # cubes of any kind (X) on top of `cost`
    pp: int  # prestige gained by the builder
    favours: int  # royal favours gained by the builder
    income: int  # extra deniers in phase 1 for the owner
    effect: str  # produce | sell | peddler | build | lawyer | trade | none
    # produce: alternatives, e.g. ("FF", "C"); the stone "and" outputs are one alternative "FFC".
    # sell: ("4",) price; peddler: (price per cube, max cubes); build: (category,);
    # trade: option codes, see TRADES.
    params: tuple[str, ...] = ()
    owner_bonus: str = ""  # stone production: the owner picks one of these cubes (§2 phase 5)


def _c(spec: str) -> tuple[int, int, int, int, int]:
    counts = [0, 0, 0, 0, 0]
    for ch in spec:
        counts[CUBES.index(ch)] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


NONE = _c("")

TILES: Final[dict[str, Tile]] = {
    t.id: t
    for t in (
        # §3.1 neutral
        Tile("n_farm", "Farm", "neutral", NONE, 0, 0, 0, 0, "produce", ("F", "C")),
        Tile("n_forest", "Forest", "neutral", NONE, 0, 0, 0, 0, "produce", ("W", "F")),
        Tile("n_sawmill", "Sawmill", "neutral", NONE, 0, 0, 0, 0, "produce", ("W",)),
        Tile("n_quarry", "Quarry", "neutral", NONE, 0, 0, 0, 0, "produce", ("S",)),
        Tile("n_market", "Marketplace", "neutral", NONE, 0, 0, 0, 0, "sell", ("4",)),
        Tile("n_carpenter", "Carpenter", "neutral", NONE, 0, 0, 0, 0, "build", ("wood",)),
        # §3.2 fixed
        Tile("peddler_fixed", "Peddler", "fixed", NONE, 0, 0, 0, 0, "peddler", ("2", "1")),
        Tile("carpenter_fixed", "Carpenter", "fixed", NONE, 0, 0, 0, 0, "build", ("wood",)),
        Tile("gold_mine", "Gold mine", "fixed", NONE, 0, 0, 0, 0, "produce", ("G",)),
        # §3.3 wood
        Tile("farm_food", "Farm (food)", "wood", _c("WF"), 0, 2, 0, 0, "produce", ("FF", "C")),
        Tile("farm_cloth", "Farm (cloth)", "wood", _c("WF"), 0, 2, 0, 0, "produce", ("CC", "F")),
        Tile("sawmill", "Sawmill", "wood", _c("WF"), 0, 2, 0, 0, "produce", ("WW",)),
        Tile("quarry", "Quarry", "wood", _c("WF"), 0, 2, 0, 0, "produce", ("SS",)),
        Tile("market", "Marketplace", "wood", _c("W"), 1, 4, 0, 0, "sell", ("6",)),
        Tile("peddler", "Peddler", "wood", _c("W"), 1, 4, 0, 0, "peddler", ("1", "2")),
        Tile("mason", "Mason", "wood", _c("WF"), 0, 4, 0, 0, "build", ("stone",)),
        Tile("lawyer", "Lawyer", "wood", _c("WC"), 0, 4, 0, 0, "lawyer"),
        # §3.4 stone
        Tile("stone_farm", "Stone farm", "stone", _c("SF"), 0, 3, 0, 0, "produce", ("FFC",), "FC"),
        Tile("park", "Park", "stone", _c("SF"), 0, 3, 0, 0, "produce", ("WWF",), "WF"),
        Tile("workshop", "Workshop", "stone", _c("SF"), 0, 3, 0, 0, "produce", ("SSC",), "SC"),
        Tile("church", "Church", "stone", _c("SC"), 0, 3, 1, 0, "trade", ("3pp", "5pp")),
        Tile("tailor", "Tailor", "stone", _c("SW"), 0, 6, 0, 0, "trade", ("4pp", "6pp")),
        Tile("bank", "Bank", "stone", _c("SW"), 0, 6, 0, 0, "trade", ("1G", "2G")),
        Tile("alchemist", "Alchemist", "stone", _c("SF"), 0, 6, 0, 0, "trade", ("1G", "2G")),
        Tile("architect", "Architect", "stone", _c("SF"), 0, 6, 0, 0, "build", ("prestige",)),
        Tile("jeweller", "Jeweller", "stone", _c("SC"), 0, 6, 0, 0, "trade", ("5pp", "9pp")),
        # §3.5 residence
        Tile("residence", "Residence", "residence", _c("C"), 0, 2, 0, 1, "none"),
        # §3.6 prestige
        Tile("statue", "Statue", "prestige", _c("SSG"), 0, 7, 1, 0, "none"),
        Tile("granary", "Granary", "prestige", _c("FFFG"), 0, 10, 0, 0, "none"),
        Tile("library", "Library", "prestige", _c("WWWG"), 0, 10, 0, 1, "none"),
        Tile("weaver", "Weaver", "prestige", _c("CCCG"), 0, 12, 0, 0, "none"),
        Tile("theater", "Theater", "prestige", _c("WWWGG"), 0, 14, 1, 0, "none"),
        Tile("college", "College", "prestige", _c("SSSGG"), 0, 14, 1, 0, "none"),
        Tile("monument", "Monument", "prestige", _c("SSSSGG"), 0, 14, 2, 0, "none"),
        Tile("hotel", "Hotel", "prestige", _c("SSSGG"), 0, 16, 0, 2, "none"),
        Tile("cathedral", "Cathedral", "prestige", _c("SSSSSGGG"), 0, 25, 0, 0, "none"),
    )
}

NEUTRALS = ("n_farm", "n_forest", "n_sawmill", "n_quarry", "n_market", "n_carpenter")
WOOD = tuple(t.id for t in TILES.values() if t.kind == "wood")
STONE = tuple(t.id for t in TILES.values() if t.kind == "stone")
PRESTIGE = tuple(t.id for t in TILES.values() if t.kind == "prestige")

# Trade options (§3.4): code -> (deniers paid, cubes paid, plain cubes of free choice paid,
# PP gained, gold gained).
TRADES: Final[dict[str, dict[str, tuple[int, tuple[int, ...], int, int, int]]]] = {
    "church": {"3pp": (2, NONE, 0, 3, 0), "5pp": (4, NONE, 0, 5, 0)},
    "tailor": {"4pp": (0, _c("CC"), 0, 4, 0), "6pp": (0, _c("CCC"), 0, 6, 0)},
    "bank": {"1G": (2, NONE, 0, 0, 1), "2G": (5, NONE, 0, 0, 2)},
    "alchemist": {"1G": (0, NONE, 2, 0, 1), "2G": (0, NONE, 4, 0, 2)},
    "jeweller": {"5pp": (0, _c("G"), 0, 5, 0), "9pp": (0, _c("GG"), 0, 9, 0)},
}


def initial_stock(jeweller: bool) -> dict[str, int]:
    """Tiles beside the board at the start: 8 wood, 9 or 10 stone, 9 prestige (§1.1, §3.4)."""
    stock = {tid: 1 for tid in WOOD + STONE + PRESTIGE}
    stock["architect"] = 2
    if not jeweller:
        del stock["jeweller"]
    return stock
