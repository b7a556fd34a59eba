"""Explanations of every building, phase and favour line, for `/caylus rules`.

Numbers (costs, PP, outputs) are read from the tile tables, so the help can never disagree with
the engine. Where circulating translations of the rules differ from the rulebook (§7.3), the
entry says the rulebook value plainly.
"""

from __future__ import annotations

from typing import NamedTuple

from .effects import effect_of
from .tiles import (
    CUBE_NAMES,
    CUBES,
    FAVOUR_DENIERS,
    FAVOUR_PP,
    FIXED_SPACES,
    SECTION_PP,
    SECTION_SIZE,
    TILES,
    Tile,
)
from .words import cost_words, cube_count, trade_text


class Topic(NamedTuple):
    key: str
    title: str
    text: str


def _effect(tile: Tile) -> str:
    e = effect_of(tile)
    if e.kind == "produce":
        text = "Production: " + " **or** ".join(cube_count(alt) for alt in e.outputs) + "."
        if tile.owner_bonus:
            a, b = (CUBE_NAMES[CUBES.index(ch)] for ch in tile.owner_bonus)
            text += f" When another player uses it, the owner also takes 1 {a} or 1 {b}."
        return text
    if e.kind == "sell":
        return f"Sell 1 cube of any kind (gold allowed) for {e.price} deniers."
    if e.kind == "peddler":
        price, most = e.price, e.most
        if most == 1:
            return f"Pay {price} deniers for 1 cube of food, wood, stone or cloth."
        return f"Pay {price} denier per cube for up to {most} cubes of food, wood, stone or cloth."
    if e.kind == "build":
        return {
            "wood": "Build 1 wood building (pay its cost in cubes; it goes on the lowest free road space).",
            "stone": "Build 1 stone building (pay its cost in cubes; it goes on the lowest free road space).",
            "prestige": "Build 1 prestige building on one of your residences (the residence is discarded).",
        }[e.builds]
    if e.kind == "lawyer":
        return (
            "Pay 1 cloth + 1 denier (a real denier, not gold) to turn a neutral building or one of "
            "**your own** wood or stone buildings into a residence (+2 PP, +1 denier income). Never a "
            "printed building, a residence, a prestige building, a Lawyer or another player's building. "
            "If the target still has a worker, you pay now and it changes after that worker is done."
        )
    if e.kind == "trade":
        options = ["pay " + trade_text(tile.id, o) for o in e.trades]
        return "Trade once: " + ", or ".join(options) + "."
    return ""


NOTES = {
    "church": " (Some translations say 4 PP for building it or 2 deniers → 4 PP: the rulebook says 3 PP + 1 favour, and 2 d → 3 PP / 4 d → 5 PP.)",
    "tailor": " (Some translations say 1 cloth → 2 PP: the rulebook says 2 cloth → 4 PP or 3 cloth → 6 PP.)",
    "bank": " Not to be confused with the Trading post, which some translations call «банк».",
    "lawyer": " Some translations call the targets «green» craft buildings; green is the residence colour.",
}


def _building(tile: Tile, options_note: str = "") -> Topic:
    kind = {"neutral": "Neutral building", "fixed": "Printed building", "wood": "Wood building", "stone": "Stone building"}[tile.kind]
    lines = [f"**{tile.name}** — {kind}."]
    if tile.kind in ("wood", "stone"):
        lines.append(f"Cost: {cost_words(tile.cost, tile.any_cubes)}. The builder gains {tile.pp} PP" + (f" and {tile.favours} royal favour" if tile.favours else "") + ".")
    if tile.kind == "fixed":
        space = next(s for s, t in FIXED_SPACES.items() if t == tile.id)
        lines.append(f"Printed on road space {space}; it can never be removed or transformed.")
    if tile.kind == "neutral":
        lines.append("One of the six neutral tiles shuffled onto road spaces 1–6 at the start; it has no owner.")
    lines.append(_effect(tile) + NOTES.get(tile.id, ""))
    if tile.kind in ("wood", "stone"):
        lines.append("Anyone may place a worker there; the owner gains 1 PP whenever another player does.")
    return Topic(tile.id, f"{tile.name} ({tile.kind})", " ".join(lines) + options_note)


def _prestige(tile: Tile) -> Topic:
    extra = []
    if tile.favours:
        extra.append(f"{tile.favours} royal favour{'s' if tile.favours > 1 else ''} when built")
    if tile.income:
        extra.append(f"+{tile.income} denier{'s' if tile.income > 1 else ''} income each turn")
    more = f" Also: {', '.join(extra)}." if extra else ""
    text = (
        f"**{tile.name}** — Prestige building. Cost: {cost_words(tile.cost, tile.any_cubes)}. The builder gains {tile.pp} PP.{more} "
        "Built with an Architect (or the buildings favour, column 5) on one of your residences. No worker may stand on it."
    )
    return Topic(tile.id, f"{tile.name} (prestige)", text)


SPECIAL_TOPICS = [
    Topic("gate", "Gate (special building)", "**Gate** — resolved first in phase 3: move the worker, free, to any place where a worker could legally go now (another special building, the Stables, the Inn's left circle, the castle after the phase-2 castle workers, or a free building on the road; another player's building gives them 1 PP), or take it home."),
    Topic("trading", "Trading post (special building)", "**Trading post** — take 3 deniers in phase 3. (The Russian translation calls it «банк»; it is not the stone Bank.)"),
    Topic("guild", "Merchants' guild (special building)", "**Merchants' guild** — in phase 3, move the provost up to 3 spaces forward or back, free (never before road space 1 or beyond 28), or leave it."),
    Topic("joust", "Joust field (special building)", "**Joust field** — in phase 3, pay 1 denier + 1 cloth for a royal favour. The cloth must already be yours: nothing produces cloth before phase 3."),
    Topic("stables", "Stables (special building)", "**Stables** — three circles, at most one worker per player. In phase 3 the players there become first, second and third in turn order; the others keep their order behind them. Not used with two players."),
    Topic("inn", "Inn (special building)", "**Inn** — a new worker goes on the **left** circle (some translations say right). In phase 3 it moves to the right circle (the worker there goes home) and stays; while you are on the right circle every placement costs you 1 denier (owners still gain their 1 PP). If nobody entered the left circle, you choose to stay or leave."),
    Topic("castle", "Castle", f"**Castle** — up to 5 workers, one per player, in arrival order. In phase 6 each hands in batches of 1 food + 2 other different cubes (gold allowed); each batch puts a house in the section under construction: Dungeon ({SECTION_SIZE[0]} spaces, {SECTION_PP[0]} PP), Walls ({SECTION_SIZE[1]}, {SECTION_PP[1]} PP), Towers ({SECTION_SIZE[2]}, {SECTION_PP[2]} PP); a full section overflows into the next. A castle worker who hands in nothing loses 2 PP (not when the Towers are full). The player with the most houses this turn (at least 1; ties: earlier on the castle track) gets a royal favour."),
]

PHASE_TOPICS = [
    Topic("phase1", "Phase 1 — Income", "**Income** — every player takes 2 deniers, +1 per residence, +1 for the Library, +2 for the Hotel."),
    Topic("phase2", "Phase 2 — Placing workers", "**Placing workers** — in turn order, each places one worker or passes, until all have passed. A placement costs 1 + the number of players who have passed (two players: 1, or 3 once the opponent has passed); 1 denier on your own building or while you occupy the Inn. The first to pass takes 1 denier. Workers go on special buildings, the castle, and neutral, printed, wood or stone buildings — never on residences, prestige buildings or empty spaces."),
    Topic("phase3", "Phase 3 — Special buildings", "**Special buildings** — Gate, Trading post, Merchants' guild, Joust field, Stables, Inn, in that order."),
    Topic("phase4", "Phase 4 — Provost", "**Provost** — in passing order, each player may pay 1 to 3 deniers to move the provost that many spaces forward or back (between road spaces 1 and 28)."),
    Topic("phase5", "Phase 5 — Activating the road", "**Activating the road** — from road space 1 (not from the castle) up to **and including** the provost, every building with a worker is used once; workers beyond the provost go home with no effect. When another player uses a stone production building, its owner takes a cube too."),
    Topic("phase6", "Phase 6 — Building the castle", SPECIAL_TOPICS[-1].text),
    Topic("phase7", "Phase 7 — End of turn", "**End of turn** — the bailiff moves 2 spaces if the provost is beyond it, else 1; the provost joins it. A section is scored when the bailiff reaches its mark (Dungeon 12, Walls 18, Towers 24) or when it was completed this turn: no house → −2/−3/−4 PP, 1 house → nothing, more → royal favours. The game ends after the Towers are scored: +3 PP per gold, +1 per 3 other cubes, +1 per 4 deniers. Tied players share the victory. (The Towers-full exemption from the −2 castle penalty holds even where a translation omits it.)"),
]

FAVOUR_TOPICS = [
    Topic("favour_prestige", "Favour line — Prestige", "**Prestige line** — " + ", ".join(f"column {i + 1}: {pp} PP" for i, pp in enumerate(FAVOUR_PP)) + "."),
    Topic("favour_deniers", "Favour line — Deniers", "**Deniers line** — " + ", ".join(f"column {i + 1}: {d} deniers" for i, d in enumerate(FAVOUR_DENIERS)) + "."),
    Topic("favour_resources", "Favour line — Resources", "**Resources line** — column 1: 1 food; 2: 1 wood or 1 stone; 3: 1 cloth; 4: give 1 cube (gold allowed), take 2 cubes of food/wood/stone/cloth; 5: 1 gold. You may take any column up to your marker."),
    Topic("favour_buildings", "Favour line — Buildings", "**Buildings line** — column 1: nothing; 2: build a wood building paying 1 wood less; 3: build a stone building paying 1 stone less; 4: make a residence (Lawyer effect) for 1 cloth; 5: build a prestige building at full cost. Any column up to your marker; no worker needed."),
    Topic("favours", "Royal favours", "**Royal favours** — choose a line; the marker must move one column right if that column is open (columns 1–2 from the start, 3–4 after the Dungeon is scored, 5 after the Walls), then use that line. Several favours in one phase must go on different lines (any beyond four are lost). Favours received during a scoring cannot use the columns that scoring opens."),
]


def _all_topics() -> list[Topic]:
    topics = [*PHASE_TOPICS, *SPECIAL_TOPICS[:-1], SPECIAL_TOPICS[-1], *FAVOUR_TOPICS]
    for tile in TILES.values():
        if tile.kind in ("neutral", "fixed", "wood", "stone"):
            note = " (2nd printing; in the game only with the jeweller option.)" if tile.id == "jeweller" else ""
            if tile.id == "lawyer":
                note = " (4 PP in the first printing, 3 PP in later ones: the lawyer_pp table option.)"
            topics.append(_building(tile, note))
        elif tile.kind == "prestige":
            topics.append(_prestige(tile))
    topics.append(Topic("residence", "Residence", "**Residence** — made by the Lawyer (1 cloth + 1 denier) or the buildings favour column 4 (1 cloth): 2 PP and +1 denier income each turn. No worker may stand on it; an Architect may replace it with a prestige building."))
    return topics


TOPICS: dict[str, Topic] = {t.key: t for t in _all_topics()}


def search(text: str, limit: int = 25) -> list[Topic]:
    """Topics whose key or title contains `text` (case-insensitive), best matches first."""
    needle = text.strip().lower()
    hits = [t for t in TOPICS.values() if needle in t.key or needle in t.title.lower()]
    hits.sort(key=lambda t: (not t.title.lower().startswith(needle), t.title))
    return hits[:limit]
