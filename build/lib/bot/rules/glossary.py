"""Explanations of every building, phase and favour line, for `/caylus rules`.

Numbers (costs, PP, outputs, and the phases', special buildings' and favours' numbers) are read
from the tile tables and the rules' constants in tiles.py, the ones the engine plays with, so the
help can never disagree with the engine. Where circulating translations of the rules differ from
the rulebook (§7.3), the entry says the rulebook value plainly.

Every explanation is said in a reader's language (issue 12): `topic_text(key, tr)` builds it
from catalogue sentences whose numbers are placeholders filled from the tables; `Topic.text` is
the English one. A topic without a tile is a row of `_RULE_TOPICS`: its sentence (marked with N_)
and the numbers that fill it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from .castle import CASTLE_PENALTY
from .effects import effect_of
from .speech import ENGLISH, Speech
from .tiles import (
    BAILIFF_STEPS,
    BASE_INCOME,
    CASTLE_WORKERS,
    CUBE_NAMES,
    CUBES,
    CUBES_PER_PP,
    DENIERS_PER_PP,
    FAVOUR_COLUMNS_OPEN,
    FAVOUR_DENIERS,
    FAVOUR_DISCOUNT,
    FAVOUR_LINES,
    FAVOUR_PP,
    FAVOUR_SWAP_TAKE,
    FIRST_PASS_DENIERS,
    FIXED_SPACES,
    GOLD_PP,
    GUILD_STEPS,
    JOUST_CLOTH,
    JOUST_DENIERS,
    LAWYER_DENIERS,
    LOW_PLACEMENT_COST,
    MARKS,
    OWNER_BONUS_PP,
    PROVOST_STEPS,
    ROAD_LEN,
    SCORING,
    SECTION_PENALTY,
    SECTION_PP,
    SECTION_SIZE,
    SECTIONS,
    STABLES_CIRCLES,
    START_SPACE,
    STARTING_DENIERS,
    STARTING_DENIERS_2P,
    TILES,
    TRADING_POST_DENIERS,
    TWO_PLAYER_COSTS,
    C,
    Tile,
)
from .words import (
    N_,
    building_name,
    cost_words,
    counted,
    cube_count,
    either,
    section_name,
    trade_text,
    up_to,
)


def _one_stop(text: str) -> str:
    """A sentence that ends on an abbreviation ("4 оч.") takes no second full stop."""
    return _DOUBLE_STOP.sub(".", text)


_DOUBLE_STOP = re.compile(r"(?<!\.)\.\.(?!\.)")


class Topic(NamedTuple):
    key: str
    title: str
    text: str


def _effect(tile: Tile, tr: Speech) -> str:
    e = effect_of(tile)
    if e.kind == "produce":
        outputs = either(tr, [cube_count(alt, tr) for alt in e.outputs], bold=True)
        text = tr.gettext("Production: {outputs}.").format(outputs=outputs)
        if tile.owner_bonus:
            a, b = (counted(tr, CUBE_NAMES[CUBES.index(ch)], 1) for ch in tile.owner_bonus)
            text += " " + tr.gettext("When another player uses it, the owner also takes {a} or {b}.").format(a=a, b=b)
        return text
    if e.kind == "sell":
        return tr.gettext("Sell 1 cube of any kind (gold allowed) for {deniers}.").format(
            deniers=counted(tr, "denier", e.price)
        )
    if e.kind == "peddler":
        price, most = e.price, e.most
        if most == 1:
            return tr.gettext("Pay {deniers} for 1 cube of food, wood, stone or cloth.").format(
                deniers=counted(tr, "denier", price)
            )
        return tr.ngettext(
            "Pay {deniers} per cube for up to {n} cube of food, wood, stone or cloth.",
            "Pay {deniers} per cube for up to {n} cubes of food, wood, stone or cloth.",
            most,
        ).format(deniers=counted(tr, "denier", price), n=most)
    if e.kind == "build":
        if e.builds == "wood":
            return tr.gettext("Build 1 wood building (pay its cost in cubes; it goes on the lowest free road space).")
        if e.builds == "stone":
            return tr.gettext("Build 1 stone building (pay its cost in cubes; it goes on the lowest free road space).")
        return tr.gettext("Build 1 prestige building on one of your residences (the residence is discarded).")
    if e.kind == "lawyer":
        residence = TILES["residence"]
        return tr.gettext(
            "Pay {cloth} + {deniers} (a real denier, not gold) to turn a neutral building or one of "
            "**your own** wood or stone buildings into a residence (+{pp} PP, {income}). Never a "
            "printed building, a residence, a prestige building, a Lawyer or another player's building. "
            "If the target still has a worker, you pay now and it changes after that worker is done."
        ).format(
            cloth=counted(tr, "cloth", residence.cost[C]), deniers=counted(tr, "denier", LAWYER_DENIERS),
            pp=residence.pp, income=tr.ngettext("+{n} denier income", "+{n} deniers income", residence.income).format(
                n=residence.income
            ),
        )
    if e.kind == "trade":
        options = [tr.gettext("pay {trade}").format(trade=trade_text(tile.id, o, tr=tr)) for o in e.trades]
        text = options[0]
        for option in options[1:]:
            text = tr.gettext("{choices}, or {choice}").format(choices=text, choice=option)
        return tr.gettext("Trade once: {choices}.").format(choices=text)
    return ""


def _note(tid: str, tr: Speech) -> str:
    """What circulating translations of the rules get wrong about a building (§7.3)."""
    if tid == "church":
        return tr.gettext(
            "(Some translations say 4 PP for building it or 2 deniers → 4 PP: the rulebook says "
            "3 PP + 1 favour, and 2 d → 3 PP / 4 d → 5 PP.)"
        )
    if tid == "tailor":
        return tr.gettext("(Some translations say 1 cloth → 2 PP: the rulebook says 2 cloth → 4 PP or 3 cloth → 6 PP.)")
    if tid == "bank":
        return tr.gettext("Not to be confused with the Trading post, which some translations call «банк».")
    if tid == "lawyer":
        return tr.gettext("Some translations call the targets «green» craft buildings; green is the residence colour.")
    return ""


def _printing(tid: str, tr: Speech) -> str:
    """Which printing of the game has the building, or its value (a table option)."""
    if tid == "jeweller":
        return tr.gettext("(2nd printing; in the game only with the jeweller option.)")
    if tid == "lawyer":
        return tr.gettext("(4 PP in the first printing, 3 PP in later ones: the lawyer_pp table option.)")
    return ""


def _building_text(tile: Tile, tr: Speech) -> str:
    name = building_name(tr, tile.name)
    if tile.kind == "neutral":
        lines = [tr.gettext("**{name}** — Neutral building.").format(name=name)]
    elif tile.kind == "fixed":
        lines = [tr.gettext("**{name}** — Printed building.").format(name=name)]
    elif tile.kind == "wood":
        lines = [tr.gettext("**{name}** — Wood building.").format(name=name)]
    else:
        lines = [tr.gettext("**{name}** — Stone building.").format(name=name)]
    if tile.kind in ("wood", "stone"):
        cost, pp = cost_words(tile.cost, tile.any_cubes, tr=tr), counted(tr, "PP", tile.pp)
        if tile.favours:
            favours = counted(tr, "royal favour", tile.favours)
            lines.append(tr.gettext("Cost: {cost}. The builder gains {pp} and {favours}.").format(cost=cost, pp=pp, favours=favours))
        else:
            lines.append(tr.gettext("Cost: {cost}. The builder gains {pp}.").format(cost=cost, pp=pp))
    if tile.kind == "fixed":
        space = next(s for s, t in FIXED_SPACES.items() if t == tile.id)
        lines.append(tr.gettext("Printed on road space {space}; it can never be removed or transformed.").format(space=space))
    if tile.kind == "neutral":
        lines.append(tr.gettext("One of the six neutral tiles shuffled onto road spaces 1–6 at the start; it has no owner."))
    lines.append(" ".join(filter(None, (_effect(tile, tr), _note(tile.id, tr)))))
    if tile.kind in ("wood", "stone"):
        lines.append(
            tr.gettext("Anyone may place a worker there; the owner gains {pp} PP whenever another player does.").format(
                pp=OWNER_BONUS_PP
            )
        )
    printing = _printing(tile.id, tr)
    if printing:
        lines.append(printing)
    return _one_stop(" ".join(lines))


def _prestige_text(tile: Tile, tr: Speech) -> str:
    extra = []
    if tile.favours:
        extra.append(tr.ngettext("{n} royal favour when built", "{n} royal favours when built", tile.favours).format(n=tile.favours))
    if tile.income:
        extra.append(
            tr.ngettext("+{n} denier income each turn", "+{n} deniers income each turn", tile.income).format(n=tile.income)
        )
    lines = [
        tr.gettext("**{name}** — Prestige building. Cost: {cost}. The builder gains {pp}.").format(
            name=building_name(tr, tile.name), cost=cost_words(tile.cost, tile.any_cubes, tr=tr), pp=counted(tr, "PP", tile.pp)
        )
    ]
    if extra:
        lines.append(tr.gettext("Also: {extras}.").format(extras=", ".join(extra)))
    lines.append(
        tr.gettext("Built with an Architect (or the buildings favour, column 5) on one of your residences. No worker may stand on it.")
    )
    return _one_stop(" ".join(lines))


def _favour_prestige(tr: Speech) -> str:
    columns = ", ".join(
        tr.gettext("column {column}: {pp}").format(column=i + 1, pp=counted(tr, "PP", pp)) for i, pp in enumerate(FAVOUR_PP)
    )
    return tr.gettext("**Prestige line** — {columns}.").format(columns=columns)


def _favour_deniers(tr: Speech) -> str:
    columns = ", ".join(
        tr.gettext("column {column}: {deniers}").format(column=i + 1, deniers=counted(tr, "denier", d))
        for i, d in enumerate(FAVOUR_DENIERS)
    )
    return tr.gettext("**Deniers line** — {columns}.").format(columns=columns)


def _provost(tr: Speech) -> str:
    return tr.ngettext(
        "**Provost** — in passing order, each player may pay 1 to {n} denier to move the provost that many "
        "spaces forward or back (between road spaces 1 and {last}).",
        "**Provost** — in passing order, each player may pay 1 to {n} deniers to move the provost that many "
        "spaces forward or back (between road spaces 1 and {last}).",
        PROVOST_STEPS,
    ).format(n=PROVOST_STEPS, last=ROAD_LEN)


Numbers = Callable[[Speech], dict[str, object]]


def _said(msgid: str, numbers: Numbers | None = None) -> Callable[[Speech], str]:
    """A topic's text: its catalogue sentence (`msgid`, marked with N_) in the reader's language,
    its placeholders filled by `numbers` from the rules' constants."""
    return lambda tr: tr.gettext(msgid).format(**(numbers(tr) if numbers else {}))


_castle = _said(N_(
    "**Castle** — {workers}, one per player, in arrival order. In phase 6 each hands in batches "
    "of 1 food + 2 other different cubes (gold allowed); each batch puts a house in the section under "
    "construction: Dungeon ({dungeon_size} spaces, {dungeon_pp} PP), Walls ({walls_size}, {walls_pp} PP), "
    "Towers ({towers_size}, {towers_pp} PP); a full section overflows into the next. A castle worker who "
    "hands in nothing loses {penalty} PP (not when the Towers are full). The player with the most houses this "
    "turn (at least 1; ties: earlier on the castle track) gets a royal favour."
), lambda tr: {
    "workers": up_to(tr, "worker", CASTLE_WORKERS), "penalty": CASTLE_PENALTY,
    "dungeon_size": SECTION_SIZE[0], "dungeon_pp": SECTION_PP[0],
    "walls_size": SECTION_SIZE[1], "walls_pp": SECTION_PP[1],
    "towers_size": SECTION_SIZE[2], "towers_pp": SECTION_PP[2],
})  # fmt: skip

def _scoring_table(sec: int, tr: Speech) -> str:
    """A section's scoring table (§1.4) from `SCORING`: "0 → −2 PP; 1 → nothing; 2+ → 1 royal favour"."""
    outcomes: list[tuple[int, tuple[int, int]]] = []
    for houses in range(SECTION_SIZE[sec] + 1):
        got = SCORING[sec](houses)
        if not outcomes or outcomes[-1][1] != got:
            outcomes.append((houses, got))
    parts = []
    for i, (first, (pp, favours)) in enumerate(outcomes):
        last = outcomes[i + 1][0] - 1 if i + 1 < len(outcomes) else None
        count = f"{first}+" if last is None else str(first) if last == first else f"{first}–{last}"
        said = tr.gettext("−{n} PP").format(n=-pp) if pp else counted(tr, "royal favour", favours) if favours else tr.gettext("nothing")
        parts.append(f"{count} → {said}")
    return tr.gettext("{section}: {table}").format(section=section_name(tr, SECTIONS[sec]), table="; ".join(parts))


def _castle_scoring(tr: Speech) -> str:
    return tr.gettext(
        "**Castle scoring** — in phase 7 the section under construction is scored when the bailiff reaches "
        "or passes its mark (Dungeon {dungeon}, Walls {walls}, Towers {towers}) or when it was completed this "
        "turn. Each player, in turn order, counts their houses **in that section only** (houses placed early "
        "in the next section do not count): {tables}. Favours are taken at once. Then the section is closed "
        "(its empty spaces stay empty) and the favour table opens: columns {next}–{dungeon_open} after the "
        "Dungeon, column {walls_open} after the Walls (not for the favours of that scoring)."
    ).format(
        dungeon=MARKS[0], walls=MARKS[1], towers=MARKS[2], tables=". ".join(_scoring_table(sec, tr) for sec in range(3)),
        next=FAVOUR_COLUMNS_OPEN[0] + 1, dungeon_open=FAVOUR_COLUMNS_OPEN[1], walls_open=FAVOUR_COLUMNS_OPEN[2],
    )


# The topics without a tile, in the order `/caylus rules` lists them: key, English title, text.
_RULE_TOPICS: list[tuple[str, str, Callable[[Speech], str]]] = [
    ("phase1", "Phase 1 — Income", _said(N_(
        "**Income** — every player takes {deniers}, +{residence} per residence, +{library} for the Library, "
        "+{hotel} for the Hotel."
    ), lambda tr: {
        "deniers": counted(tr, "denier", BASE_INCOME), "residence": TILES["residence"].income,
        "library": TILES["library"].income, "hotel": TILES["hotel"].income,
    })),
    ("phase2", "Phase 2 — Placing workers", _said(N_(
        "**Placing workers** — in turn order, each places one worker or passes, until all have passed. A "
        "placement costs 1 + the number of players who have passed (two players: {before}, or {after} once the "
        "opponent has passed); {low} on your own building or while you occupy the Inn. The first to pass "
        "takes {first}. Workers go on special buildings, the castle, and neutral, printed, wood or stone "
        "buildings — never on residences, prestige buildings or empty spaces."
    ), lambda tr: {
        "before": TWO_PLAYER_COSTS[0], "after": TWO_PLAYER_COSTS[1],
        "low": counted(tr, "denier", LOW_PLACEMENT_COST), "first": counted(tr, "denier", FIRST_PASS_DENIERS),
    })),
    ("phase3", "Phase 3 — Special buildings", _said(N_(
        "**Special buildings** — Gate, Trading post, Merchants' guild, Joust field, Stables, Inn, in that order."
    ))),
    ("phase4", "Phase 4 — Provost", _provost),
    ("phase5", "Phase 5 — Activating the road", _said(N_(
        "**Activating the road** — from road space 1 (not from the castle) up to **and including** the "
        "provost, every building with a worker is used once; workers beyond the provost go home with no "
        "effect. When another player uses a stone production building, its owner takes a cube too."
    ))),
    ("phase6", "Phase 6 — Building the castle", _castle),
    ("phase7", "Phase 7 — End of turn", _said(N_(
        "**End of turn** — the bailiff moves {far} if the provost is beyond it, else {near}; the provost joins "
        "it. A section is scored when the bailiff reaches its mark (Dungeon {dungeon}, Walls {walls}, Towers "
        "{towers}) or when it was completed this turn: no house → −{dungeon_loss}/−{walls_loss}/−{towers_loss} "
        "PP, 1 house → nothing, more → royal favours. The game ends after the Towers are scored: +{gold} PP per "
        "gold, {cubes}, {deniers}. Tied players share the victory. (The Towers-full exemption from the "
        "−{penalty} castle penalty holds even where a translation omits it.)"
    ), lambda tr: {
        "far": counted(tr, "space", BAILIFF_STEPS[1]), "near": BAILIFF_STEPS[0],
        "dungeon": MARKS[0], "walls": MARKS[1], "towers": MARKS[2],
        "dungeon_loss": SECTION_PENALTY[0], "walls_loss": SECTION_PENALTY[1], "towers_loss": SECTION_PENALTY[2],
        "gold": GOLD_PP, "penalty": CASTLE_PENALTY,
        "cubes": tr.ngettext("+1 per {n} other cube", "+1 per {n} other cubes", CUBES_PER_PP).format(n=CUBES_PER_PP),
        "deniers": tr.ngettext("+1 per {n} denier", "+1 per {n} deniers", DENIERS_PER_PP).format(n=DENIERS_PER_PP),
    })),
    ("gate", "Gate (special building)", _said(N_(
        "**Gate** — resolved first in phase 3: move the worker, free, to any place where a worker could "
        "legally go now (another special building, the Stables, the Inn's left circle, the castle after the "
        "phase-2 castle workers, or a free building on the road; another player's building gives them {pp} PP), "
        "or take it home."
    ), lambda tr: {"pp": OWNER_BONUS_PP})),
    ("trading", "Trading post (special building)", _said(N_(
        "**Trading post** — take {deniers} in phase 3. (The Russian translation calls it «банк»; it is not "
        "the stone Bank.)"
    ), lambda tr: {"deniers": counted(tr, "denier", TRADING_POST_DENIERS)})),
    ("guild", "Merchants' guild (special building)", _said(N_(
        "**Merchants' guild** — in phase 3, move the provost {spaces} forward or back, free (never "
        "before road space 1 or beyond {last}), or leave it."
    ), lambda tr: {"spaces": up_to(tr, "space", GUILD_STEPS), "last": ROAD_LEN})),
    ("joust", "Joust field (special building)", _said(N_(
        "**Joust field** — in phase 3, pay {deniers} + {cloth} for a royal favour. The cloth must already be "
        "yours: nothing produces cloth before phase 3."
    ), lambda tr: {"deniers": counted(tr, "denier", JOUST_DENIERS), "cloth": counted(tr, "cloth", JOUST_CLOTH)})),
    ("stables", "Stables (special building)", _said(N_(
        "**Stables** — {circles}, at most one worker per player. In phase 3 the players there become "
        "first, second and third in turn order; the others keep their order behind them. Not used with two "
        "players."
    ), lambda tr: {"circles": tr.ngettext("{n} circle", "{n} circles", STABLES_CIRCLES).format(n=STABLES_CIRCLES)})),
    ("inn", "Inn (special building)", _said(N_(
        "**Inn** — a new worker goes on the **left** circle (some translations say right). In phase 3 it "
        "moves to the right circle (the worker there goes home) and stays; while you are on the right circle "
        "every placement costs you {deniers} (owners still gain their {pp} PP). If nobody entered the left "
        "circle, you choose to stay or leave."
    ), lambda tr: {"deniers": counted(tr, "denier", LOW_PLACEMENT_COST), "pp": OWNER_BONUS_PP})),
    ("castle", "Castle", _castle),
    ("scoring", "Castle scoring", _castle_scoring),
    ("bailiff", "Bailiff", _said(N_(
        "**Bailiff** — starts with the provost on road space {start}. In phase 7 it moves {far} forward if "
        "the provost is beyond it (on a higher road space), else {near}; it never moves back, and the provost "
        "is then put on its space. When it reaches or passes a castle mark (Dungeon {dungeon}, Walls {walls}, "
        "Towers {towers}) that section is scored; after the Towers the game ends. So it sets the pace: left "
        "alone it reaches the Towers after {turns} turns, and every provost left beyond it in phase 4 makes "
        "the game a turn shorter."
    ), lambda tr: {
        "start": START_SPACE, "far": counted(tr, "space", BAILIFF_STEPS[1]), "near": counted(tr, "space", BAILIFF_STEPS[0]),
        "dungeon": MARKS[0], "walls": MARKS[1], "towers": MARKS[2],
        "turns": (MARKS[2] - START_SPACE) // BAILIFF_STEPS[0],
    })),
    ("end", "End of the game", _said(N_(
        "**End of the game** — the game ends right after the Towers are scored (the bailiff reached road space "
        "{towers}, or all {towers_size} Towers spaces were filled). Each player then adds {gold} PP per gold "
        "cube, {cubes} (food, wood, stone and cloth counted together) and {deniers}, rounded down. The most PP "
        "wins; tied players share the victory (there is no tie-breaker)."
    ), lambda tr: {
        "towers": MARKS[2], "towers_size": SECTION_SIZE[2], "gold": GOLD_PP,
        "cubes": tr.ngettext("1 PP per {n} other cube", "1 PP per {n} other cubes", CUBES_PER_PP).format(n=CUBES_PER_PP),
        "deniers": tr.ngettext("1 PP per {n} denier", "1 PP per {n} deniers", DENIERS_PER_PP).format(n=DENIERS_PER_PP),
    })),
    ("turn_order", "Turn order", _said(N_(
        "**Turn order** — drawn at random at the start; the later players start with more deniers ({money} "
        "by position; two players: {money_2p}). In phase 2 players place in turn order, one worker at a time. It changes only at the "
        "Stables (phase 3): the players there become first, second and third, the others keep their order "
        "behind them. The provost is moved (phase 4) in **passing order** instead: the order in which players "
        "passed in phase 2, shown on the bridge."
    ), lambda tr: {
        "money": ", ".join(str(d) for d in STARTING_DENIERS), "money_2p": ", ".join(str(d) for d in STARTING_DENIERS_2P),
    })),
    ("board", "The board image", _said(N_(
        "**The board image** — at the top: the round and phase, the provost (P) and the bailiff (B) with "
        "their road spaces, and who is to decide. One card per player, in turn order: PP, deniers, cubes (food, "
        "wood, stone, cloth, gold), workers in hand and the column reached on each favour line. The castle: "
        "each section's houses, with the owner's letter on their colour, and the builders' track; the bridge: "
        "the passing order and the price of the next worker. Then the six special buildings with their "
        "workers, the road (spaces 1–{last}: the owner of a building as a house of their colour, a worker as a "
        "pawn with the player's letter, buildings beyond the provost dimmed) and the stock of buildings still "
        "to build, with their cost and PP."
    ), lambda tr: {"last": ROAD_LEN})),
    ("favour_prestige", "Favour line — Prestige", _favour_prestige),
    ("favour_deniers", "Favour line — Deniers", _favour_deniers),
    ("favour_resources", "Favour line — Resources", _said(N_(
        "**Resources line** — column 1: 1 food; 2: 1 wood or 1 stone; 3: 1 cloth; 4: give 1 cube (gold "
        "allowed), take {cubes} of food/wood/stone/cloth; 5: 1 gold. You may take any column up to your marker."
    ), lambda tr: {"cubes": counted(tr, "cube", FAVOUR_SWAP_TAKE)})),
    ("favour_buildings", "Favour line — Buildings", _said(N_(
        "**Buildings line** — column 1: nothing; 2: build a wood building paying {wood} less; 3: build a "
        "stone building paying {stone} less; 4: make a residence (Lawyer effect) for {cloth}; 5: build a "
        "prestige building at full cost. Any column up to your marker; no worker needed."
    ), lambda tr: {
        "wood": counted(tr, "wood", FAVOUR_DISCOUNT), "stone": counted(tr, "stone", FAVOUR_DISCOUNT),
        "cloth": counted(tr, "cloth", TILES["residence"].cost[C]),
    })),
    ("favours", "Royal favours", _said(N_(
        "**Royal favours** — choose a line; the marker must move one column right if that column is open "
        "(columns 1–{start} from the start, {next}–{dungeon} after the Dungeon is scored, {walls} after the "
        "Walls), then use that line. Several favours in one phase must go on different lines (any beyond "
        "{lines} are lost). Favours received during a scoring cannot use the columns that scoring opens."
    ), lambda tr: {
        "start": FAVOUR_COLUMNS_OPEN[0], "next": FAVOUR_COLUMNS_OPEN[0] + 1, "dungeon": FAVOUR_COLUMNS_OPEN[1],
        "walls": FAVOUR_COLUMNS_OPEN[2], "lines": len(FAVOUR_LINES),
    })),
]  # fmt: skip

_RESIDENCE: tuple[str, str, Callable[[Speech], str]] = ("residence", "Residence", _said(N_(
    "**Residence** — made by the Lawyer ({cloth} + {deniers}) or the buildings favour column 4 ({cloth}): "
    "{pp} PP and {income}. No worker may stand on it; an Architect may replace it with a prestige building."
), lambda tr: {
    "cloth": counted(tr, "cloth", TILES["residence"].cost[C]), "deniers": counted(tr, "denier", LAWYER_DENIERS),
    "pp": TILES["residence"].pp, "income": tr.ngettext(
        "+{n} denier income each turn", "+{n} deniers income each turn", TILES["residence"].income
    ).format(n=TILES["residence"].income),
}))  # fmt: skip


def _all_texts() -> list[tuple[str, str, Callable[[Speech], str]]]:
    entries = list(_RULE_TOPICS)
    for tile in TILES.values():
        if tile.kind in ("neutral", "fixed", "wood", "stone"):
            entries.append((tile.id, f"{tile.name} ({tile.kind})", partial(_building_text, tile)))
        elif tile.kind == "prestige":
            entries.append((tile.id, f"{tile.name} (prestige)", partial(_prestige_text, tile)))
    entries.append(_RESIDENCE)
    return entries


_TEXTS: dict[str, Callable[[Speech], str]] = {key: say for key, _, say in _all_texts()}



def topic_text(key: str, tr: Speech = ENGLISH) -> str:
    """A topic's explanation (a key of TOPICS) in `tr`'s language."""
    return _one_stop(_TEXTS[key](tr))

TOPICS: dict[str, Topic] = {key: Topic(key, title, topic_text(key)) for key, title, _ in _all_texts()}


def tile_text(tile: Tile, tr: Speech = ENGLISH) -> str:
    """The explanation of a neutral, fixed, wood, stone or prestige tile, from its own numbers."""
    return _prestige_text(tile, tr) if tile.kind == "prestige" else _building_text(tile, tr)


# The titles of the topics without a tile or a name of the game (`topic_title`).
TITLES = {
    "scoring": N_("Castle scoring"),
    "bailiff": N_("Bailiff"),
    "end": N_("End of the game"),
    "turn_order": N_("Turn order"),
    "board": N_("The board image"),
}


def topic_title(key: str, tr: Speech = ENGLISH) -> str | None:
    """The title of one of the topics of `TITLES` in `tr`'s language (None: another topic,
    titled by its building, phase or favour line)."""
    title = TITLES.get(key)
    return None if title is None else tr.gettext(title)


def namesakes(key: str) -> list[str]:
    """The topics of every building with the same name as topic `key`'s, `key` first: the
    road's two Carpenters (neutral and printed), the neutral and the wood Sawmill."""
    tile = TILES.get(key)
    if tile is None:
        return [key]
    return [key, *(t.id for t in TILES.values() if t.name == tile.name and t.id != key and t.id in TOPICS)]


def search(text: str, limit: int = 25) -> list[Topic]:
    """Topics whose key or title contains `text` (case-insensitive), best matches first."""
    needle = text.strip().lower()
    hits = [t for t in TOPICS.values() if needle in t.key or needle in t.title.lower()]
    hits.sort(key=lambda t: (not t.title.lower().startswith(needle), t.title))
    return hits[:limit]
