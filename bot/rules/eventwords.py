"""The words of every event, formatted only when someone reads them.

An event carries the id of its wording (a key of `WORDS`), the plain values it needs (seats,
tile ids, counts: nothing of the state that could change later) and the players' names. Its
text is made when read: `Event.text` with the names as they are, `Event.text_with(name)` with
every player name passed through `name` first (the Discord layer escapes markdown and mentions
there; the board image draws the raw names). The ids are stored with the events of phase
reports (bot/games/reports.py): keep them stable, add new ones rather than renaming.
"""

from __future__ import annotations

from collections.abc import Callable

from .tiles import SECTION_PP, SECTIONS, SPECIAL_NAMES, TILES
from .words import (
    OBVIOUS_WHY,
    PHASE_NAMES,
    cube_count,
    cube_list,
    penalty_words,
    place_name,
    plural,
    trade_text,
)

Name = Callable[[int], str]  # seat -> the name to show
Words = Callable[..., str]  # (name, *args) -> the event's text

WORDS: dict[str, Words] = {}


def words(key: str) -> Callable[[Words], Words]:
    def register(fn: Words) -> Words:
        WORDS[key] = fn
        return fn

    return register


def building(tid: str, space: int) -> str:
    return f"{TILES[tid].name} (road {space})"


# ----- the flow (engine) ------------------------------------------------------------------------


@words("phase_end")
def _phase_end(name: Name, phase: int) -> str:
    return f"End of phase {phase} ({PHASE_NAMES[phase]})"


@words("income")
def _income(name: Name, seat: int, deniers: int) -> str:
    return f"{name(seat)} takes {deniers} deniers"


@words("trading")
def _trading(name: Name, seat: int) -> str:
    return f"{name(seat)} takes 3 deniers at the Trading post"


@words("stables")
def _stables(name: Name, *order: int) -> str:
    return "New turn order: " + ", ".join(name(p) for p in order)


@words("inn_leave")
def _inn_leave(name: Name, seat: int) -> str:
    return f"{name(seat)}'s worker leaves the Inn"


@words("inn_enter")
def _inn_enter(name: Name, seat: int) -> str:
    return f"{name(seat)} settles in the Inn"


@words("inn_back")
def _inn_back(name: Name, seat: int) -> str:
    return f"{name(seat)} takes their worker back from the Inn"


@words("not_activated")
def _not_activated(name: Name, seat: int, space: int, tid: str = "") -> str:
    where = f"the {building(tid, space)}" if tid in TILES else f"road {space}"  # older events: no tile
    return f"{name(seat)}'s worker at {where} is beyond the provost: it goes home unused"


@words("bailiff")
def _bailiff(name: Name, move: int, space: int) -> str:
    return f"The bailiff moves {move} to road {space}"


@words("game_over")
def _game_over(name: Name) -> str:
    return "The game is over"


@words("scoring_loss")
def _scoring_loss(name: Name, seat: int, section: int, lost: int) -> str:
    return f"{name(seat)} has no house in the {SECTIONS[section]}: {penalty_words(lost)}"


@words("scoring_favours")
def _scoring_favours(name: Name, seat: int, section: int, houses: int, favours: int) -> str:
    return f"{name(seat)} has {houses} houses in the {SECTIONS[section]}: {plural(favours, 'royal favour')}"


# ----- placing and the special buildings ----------------------------------------------------------


@words("owner_bonus")
def _owner_bonus(name: Name, owner: int, seat: int, tid: str, space: int) -> str:
    return f"{name(owner)} gains 1 PP: {name(seat)} uses their {building(tid, space)}"


@words("pass")
def _pass(name: Name, seat: int, position: int) -> str:
    bonus = " and takes 1 denier as the first to pass" if position == 1 else ""
    return f"{name(seat)} passes ({position}.){bonus}"


@words("place")
def _place(name: Name, seat: int, code: str, tid: str, cost: int) -> str:
    where = building(tid, int(code[1:])) if code[0] == "r" else SPECIAL_NAMES[code]
    return f"{name(seat)} places a worker on {where} for {plural(cost, 'denier')}"


@words("gate_home")
def _gate_home(name: Name, seat: int) -> str:
    return f"{name(seat)}'s worker goes home from the Gate"


@words("gate_move")
def _gate_move(name: Name, seat: int, code: str) -> str:
    return f"{name(seat)} moves the Gate worker to {place_name(code)}"


@words("provost_stay")
def _provost_stay(name: Name, seat: int, space: int) -> str:
    return f"{name(seat)} leaves the provost on road {space}"


@words("provost_guild")
def _provost_guild(name: Name, seat: int, move: int, space: int) -> str:
    return f"{name(seat)} moves the provost {move:+d} to road {space} with the Merchants' guild"


@words("provost_paid")
def _provost_paid(name: Name, seat: int, move: int, space: int) -> str:
    return f"{name(seat)} moves the provost {move:+d} to road {space} for {plural(abs(move), 'denier')}"


@words("joust")
def _joust(name: Name, seat: int) -> str:
    return f"{name(seat)} pays 1 denier and 1 cloth at the Joust field for a royal favour"


@words("joust_declined")
def _joust_declined(name: Name, seat: int) -> str:
    return f"{name(seat)} does not joust: their worker goes home from the Joust field"


# ----- the road -------------------------------------------------------------------------------------


@words("activate")
def _activate(name: Name, seat: int, tid: str, space: int) -> str:
    return f"{name(seat)} uses the {building(tid, space)}"


@words("produce")
def _produce(name: Name, seat: int, cubes: str) -> str:
    return f"{name(seat)} takes {cube_count(cubes)}"


@words("owner_cube")
def _owner_cube(name: Name, seat: int, cube: str, tid: str) -> str:
    return f"{name(seat)} takes 1 {cube_list(cube)} as owner of the {TILES[tid].name}"


@words("take")
def _take(name: Name, seat: int, cube: str) -> str:
    return f"{name(seat)} takes 1 {cube_list(cube)}"


@words("give")
def _give(name: Name, seat: int, cube: str) -> str:
    return f"{name(seat)} gives 1 {cube_list(cube)}"


@words("sell")
def _sell(name: Name, seat: int, cube: str, price: int) -> str:
    return f"{name(seat)} sells 1 {cube_list(cube)} for {price} deniers"


@words("buy")
def _buy(name: Name, seat: int, cube: str, price: int) -> str:
    return f"{name(seat)} buys 1 {cube_list(cube)} for {plural(price, 'denier')}"


@words("trade")
def _trade(name: Name, seat: int, tid: str, option: str) -> str:
    return f"{name(seat)} trades at the {TILES[tid].name}: Pay {trade_text(tid, option)}"


@words("alchemist_cube")
def _alchemist_cube(name: Name, seat: int, cube: str) -> str:
    return f"{name(seat)} gives {cube_count(cube)} to the Alchemist"


@words("build")
def _build(name: Name, seat: int, tid: str, space: int, paid: str, pp: int) -> str:
    return f"{name(seat)} builds the {TILES[tid].name} on road {space} (paid {paid}): +{pp} PP"


@words("lawyer")
def _lawyer(name: Name, seat: int, space: int) -> str:
    return f"{name(seat)} pays for a residence on road {space}, made after that building is used"


@words("residence")
def _residence(name: Name, seat: int, old: str, space: int, pp: int) -> str:
    return f"{name(seat)} turns the {building(old, space)} into a residence: +{pp} PP"


# ----- the castle and the favours -----------------------------------------------------------------


@words("castle_full")
def _castle_full(name: Name, seat: int) -> str:
    return f"{name(seat)} cannot build: the Towers are full (no penalty)"


@words("castle_penalty")
def _castle_penalty(name: Name, seat: int, lost: int) -> str:
    return f"{name(seat)} builds nothing in the castle: {penalty_words(lost)}"


@words("castle")
def _castle(name: Name, seat: int, batch: str, section: int) -> str:
    return f"{name(seat)} delivers {cube_list(batch)}: a house in the {SECTIONS[section]}, +{SECTION_PP[section]} PP"


@words("best_builder")
def _best_builder(name: Name, seat: int, houses: int) -> str:
    return f"{name(seat)} placed the most houses ({houses}): 1 royal favour"


@words("section_scored")
def _section_scored(name: Name, section: int) -> str:
    unlock = {0: " Favour columns 3 and 4 are open.", 1: " Favour column 5 is open."}.get(section, "")
    verb = "are" if SECTIONS[section].endswith("s") else "is"  # the Walls, the Towers
    return f"The {SECTIONS[section]} {verb} scored and closed.{unlock}"


@words("favour_pp")
def _favour_pp(name: Name, seat: int, pp: int) -> str:
    return f"{name(seat)} takes a royal favour: +{pp} PP"


@words("favour_deniers")
def _favour_deniers(name: Name, seat: int, deniers: int) -> str:
    return f"{name(seat)} takes a royal favour: +{deniers} deniers"


@words("favour_line")
def _favour_line(name: Name, seat: int, line: str, column: int) -> str:
    return f"{name(seat)} takes a royal favour on the {line} line (column {column})"


@words("favour_lost")
def _favour_lost(name: Name, seat: int) -> str:
    return f"{name(seat)} has used all four favour lines this phase: the favour is lost"


# ----- choices applied without asking (issue 10) --------------------------------------------------


@words("obvious")
def _obvious(name: Name, seat: int, reason: str, label: str) -> str:
    if reason == "provost":
        return f"{name(seat)}'s provost stays ({OBVIOUS_WHY[reason]})"
    return f"{name(seat)} was not asked: {label} ({OBVIOUS_WHY[reason]})"
