"""The words of every event, formatted only when someone reads them.

An event carries the id of its wording (a key of `WORDS`), the plain values it needs (seats,
tile ids, counts: nothing of the state that could change later) and the players' names. Its
text is made when read: `Event.text` with the names as they are, `Event.text_with(name, tr)` with
every player name passed through `name` first (the Discord layer escapes markdown and mentions
there; the board image draws the raw names) and in `tr`'s language (a `Speech`, English by
default). The ids are stored with the events of phase reports (bot/games/reports.py): keep them
stable, add new ones rather than renaming.
"""

from __future__ import annotations

from collections.abc import Callable

from .notation import SPACE_OF
from .speech import ENGLISH, Speech
from .tiles import (
    FAVOUR_COLUMNS_OPEN,
    FIRST_PASS_DENIERS,
    JOUST_CLOTH,
    JOUST_DENIERS,
    OWNER_BONUS_PP,
    SECTION_PP,
    SECTIONS,
    SPECIAL_NAMES,
    TILES,
    TRADING_POST_DENIERS,
)
from .words import (
    OBVIOUS_WHY,
    building_name,
    counted,
    cube_count,
    cube_list,
    penalty_words,
    phase_name,
    place_name,
    section_name,
    trade_text,
)

Name = Callable[[int], str]  # seat -> the name to show
Words = Callable[..., str]  # (name, *args, tr=...) -> the event's text

WORDS: dict[str, Words] = {}
# Words whose argument at this index is a choice's label as the rules word it (English): the
# reader's `label` says it in their language (`Event.text_with`).
LABEL_ARG: dict[str, int] = {"obvious": 2}


def words(key: str) -> Callable[[Words], Words]:
    def register(fn: Words) -> Words:
        WORDS[key] = fn
        return fn

    return register


def building(tid: str, space: int, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{building} (road {space})").format(building=building_name(tr, TILES[tid].name), space=space)


def tile(tid: str, tr: Speech) -> str:
    return building_name(tr, TILES[tid].name)


# ----- the flow (engine) ------------------------------------------------------------------------


@words("phase_end")
def _phase_end(name: Name, phase: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("End of phase {phase} ({name})").format(phase=phase, name=phase_name(tr, phase))


@words("income")
def _income(name: Name, seat: int, deniers: int, *, tr: Speech = ENGLISH) -> str:
    return tr.ngettext("{player} takes {n} deniers", "{player} takes {n} deniers", deniers).format(
        player=name(seat), n=deniers
    )


@words("trading")
def _trading(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} takes {deniers} at the Trading post").format(
        player=name(seat), deniers=counted(tr, "denier", TRADING_POST_DENIERS)
    )


@words("stables")
def _stables(name: Name, *order: int, tr: Speech = ENGLISH) -> str:
    return tr.gettext("New turn order: {players}").format(players=", ".join(name(p) for p in order))


@words("inn_leave")
def _inn_leave(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player}'s worker leaves the Inn").format(player=name(seat))


@words("inn_enter")
def _inn_enter(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} settles in the Inn").format(player=name(seat))


@words("inn_back")
def _inn_back(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} takes their worker back from the Inn").format(player=name(seat))


@words("not_activated")
def _not_activated(name: Name, seat: int, space: int, tid: str = "", *, tr: Speech = ENGLISH) -> str:
    if tid in TILES:
        text = tr.gettext("{player}'s worker at the {building} is beyond the provost: it goes home unused")
        return text.format(player=name(seat), building=building(tid, space, tr))
    text = tr.gettext("{player}'s worker at road {space} is beyond the provost: it goes home unused")
    return text.format(player=name(seat), space=space)  # older events: no tile


@words("bailiff")
def _bailiff(name: Name, move: int, space: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("The bailiff moves {move} to road {space}").format(move=move, space=space)


@words("game_over")
def _game_over(name: Name, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("The game is over")


@words("scoring_loss")
def _scoring_loss(name: Name, seat: int, section: int, lost: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} has no house in the {section}: {loss}").format(
        player=name(seat), section=section_name(tr, SECTIONS[section]), loss=penalty_words(lost, tr)
    )


@words("scoring_favours")
def _scoring_favours(name: Name, seat: int, section: int, houses: int, favours: int, *, tr: Speech = ENGLISH) -> str:
    text = tr.ngettext(
        "{player} has {n} houses in the {section}: {favours}",
        "{player} has {n} houses in the {section}: {favours}",
        houses,
    )
    return text.format(
        player=name(seat), n=houses, section=section_name(tr, SECTIONS[section]),
        favours=counted(tr, "royal favour", favours),
    )  # fmt: skip


# ----- placing and the special buildings ----------------------------------------------------------


@words("owner_bonus")
def _owner_bonus(name: Name, owner: int, seat: int, tid: str, space: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{owner} gains {pp} PP: {player} uses their {building}").format(
        owner=name(owner), player=name(seat), building=building(tid, space, tr), pp=OWNER_BONUS_PP
    )


@words("pass")
def _pass(name: Name, seat: int, position: int, *, tr: Speech = ENGLISH) -> str:
    if position == 1:
        text = tr.gettext("{player} passes ({position}.) and takes {deniers} as the first to pass")
    else:
        text = tr.gettext("{player} passes ({position}.)")
    return text.format(player=name(seat), position=position, deniers=counted(tr, "denier", FIRST_PASS_DENIERS))


@words("place")
def _place(name: Name, seat: int, code: str, tid: str, cost: int, *, tr: Speech = ENGLISH) -> str:
    space = SPACE_OF.get(code)
    where = building(tid, space, tr) if space else building_name(tr, SPECIAL_NAMES[code])
    return tr.ngettext(
        "{player} places a worker on {place} for {n} denier", "{player} places a worker on {place} for {n} deniers", cost
    ).format(player=name(seat), place=where, n=cost)


@words("gate_home")
def _gate_home(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player}'s worker goes home from the Gate").format(player=name(seat))


@words("gate_move")
def _gate_move(name: Name, seat: int, code: str, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} moves the Gate worker to {place}").format(player=name(seat), place=place_name(code, tr))


@words("provost_stay")
def _provost_stay(name: Name, seat: int, space: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} leaves the provost on road {space}").format(player=name(seat), space=space)


@words("provost_guild")
def _provost_guild(name: Name, seat: int, move: int, space: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} moves the provost {move} to road {space} with the Merchants' guild").format(
        player=name(seat), move=f"{move:+d}", space=space
    )


@words("provost_paid")
def _provost_paid(name: Name, seat: int, move: int, space: int, *, tr: Speech = ENGLISH) -> str:
    text = tr.ngettext(
        "{player} moves the provost {move} to road {space} for {n} denier",
        "{player} moves the provost {move} to road {space} for {n} deniers",
        abs(move),
    )
    return text.format(player=name(seat), move=f"{move:+d}", space=space, n=abs(move))


@words("joust")
def _joust(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} pays {deniers} and {cloth} at the Joust field for a royal favour").format(
        player=name(seat), deniers=counted(tr, "denier", JOUST_DENIERS), cloth=counted(tr, "cloth", JOUST_CLOTH)
    )


@words("joust_declined")
def _joust_declined(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} does not joust: their worker goes home from the Joust field").format(
        player=name(seat)
    )


# ----- the road -------------------------------------------------------------------------------------


@words("activate")
def _activate(name: Name, seat: int, tid: str, space: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} uses the {building}").format(player=name(seat), building=building(tid, space, tr))


@words("produce")
def _produce(name: Name, seat: int, cubes: str, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} takes {cubes}").format(player=name(seat), cubes=cube_count(cubes, tr))


@words("owner_cube")
def _owner_cube(name: Name, seat: int, cube: str, tid: str, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} takes 1 {cube} as owner of the {building}").format(
        player=name(seat), cube=cube_list(cube, tr), building=tile(tid, tr)
    )


@words("take")
def _take(name: Name, seat: int, cube: str, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} takes 1 {cube}").format(player=name(seat), cube=cube_list(cube, tr))


@words("give")
def _give(name: Name, seat: int, cube: str, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} gives 1 {cube}").format(player=name(seat), cube=cube_list(cube, tr))


@words("sell")
def _sell(name: Name, seat: int, cube: str, price: int, *, tr: Speech = ENGLISH) -> str:
    return tr.ngettext("{player} sells 1 {cube} for {n} deniers", "{player} sells 1 {cube} for {n} deniers", price).format(
        player=name(seat), cube=cube_list(cube, tr), n=price
    )


@words("buy")
def _buy(name: Name, seat: int, cube: str, price: int, *, tr: Speech = ENGLISH) -> str:
    return tr.ngettext("{player} buys 1 {cube} for {n} denier", "{player} buys 1 {cube} for {n} deniers", price).format(
        player=name(seat), cube=cube_list(cube, tr), n=price
    )


@words("trade")
def _trade(name: Name, seat: int, tid: str, option: str, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} trades at the {building}: Pay {trade}").format(
        player=name(seat), building=tile(tid, tr), trade=trade_text(tid, option, tr=tr)
    )


@words("alchemist_cube")
def _alchemist_cube(name: Name, seat: int, cube: str, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} gives {cubes} to the Alchemist").format(player=name(seat), cubes=cube_count(cube, tr))


def paid_words(paid: str, tr: Speech) -> str:
    """A stored cost (`cost_words`: "1 food + 2 stone", or "nothing") in `tr`'s language."""
    if paid == "nothing":
        return tr.gettext("nothing")
    parts = []
    for part in paid.split(" + "):
        n, _, word = part.partition(" ")
        if not n.isdigit() or word not in ("food", "wood", "stone", "cloth", "gold"):
            return paid
        parts.append(counted(tr, word, int(n)))
    return " + ".join(parts)


@words("build")
def _build(name: Name, seat: int, tid: str, space: int, paid: str, pp: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} builds the {building} on road {space} (paid {paid}): +{pp} PP").format(
        player=name(seat), building=tile(tid, tr), space=space, paid=paid_words(paid, tr), pp=pp
    )


@words("lawyer")
def _lawyer(name: Name, seat: int, space: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} pays for a residence on road {space}, made after that building is used").format(
        player=name(seat), space=space
    )


@words("residence")
def _residence(name: Name, seat: int, old: str, space: int, pp: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} turns the {building} into a residence: +{pp} PP").format(
        player=name(seat), building=building(old, space, tr), pp=pp
    )


# ----- the castle and the favours -----------------------------------------------------------------


@words("castle_full")
def _castle_full(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} cannot build: the Towers are full (no penalty)").format(player=name(seat))


@words("castle_penalty")
def _castle_penalty(name: Name, seat: int, lost: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} builds nothing in the castle: {loss}").format(
        player=name(seat), loss=penalty_words(lost, tr)
    )


@words("castle")
def _castle(name: Name, seat: int, batch: str, section: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} delivers {cubes}: a house in the {section}, +{pp} PP").format(
        player=name(seat), cubes=cube_list(batch, tr), section=section_name(tr, SECTIONS[section]),
        pp=SECTION_PP[section],
    )  # fmt: skip


@words("best_builder")
def _best_builder(name: Name, seat: int, houses: int, *, tr: Speech = ENGLISH) -> str:
    return tr.ngettext(
        "{player} placed the most houses ({n}): 1 royal favour",
        "{player} placed the most houses ({n}): 1 royal favour",
        houses,
    ).format(player=name(seat), n=houses)


@words("section_scored")
def _section_scored(name: Name, section: int, *, tr: Speech = ENGLISH) -> str:
    if section == 0:
        return tr.gettext("The Dungeon is scored and closed. Favour columns {first} and {last} are open.").format(
            first=FAVOUR_COLUMNS_OPEN[0] + 1, last=FAVOUR_COLUMNS_OPEN[1]
        )
    if section == 1:
        return tr.gettext("The Walls are scored and closed. Favour column {column} is open.").format(
            column=FAVOUR_COLUMNS_OPEN[2]
        )
    return tr.gettext("The Towers are scored and closed.")


@words("favour_pp")
def _favour_pp(name: Name, seat: int, pp: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} takes a royal favour: +{pp} PP").format(player=name(seat), pp=pp)


@words("favour_deniers")
def _favour_deniers(name: Name, seat: int, deniers: int, *, tr: Speech = ENGLISH) -> str:
    return tr.ngettext(
        "{player} takes a royal favour: +{n} deniers", "{player} takes a royal favour: +{n} deniers", deniers
    ).format(player=name(seat), n=deniers)


@words("favour_line")
def _favour_line(name: Name, seat: int, line: str, column: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} takes a royal favour on the {line} line (column {column})").format(
        player=name(seat), line=tr.pgettext("favour track", line), column=column
    )


@words("favour_lost")
def _favour_lost(name: Name, seat: int, *, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{player} has used all four favour lines this phase: the favour is lost").format(
        player=name(seat)
    )


# ----- choices applied without asking (issue 10) --------------------------------------------------


@words("obvious")
def _obvious(name: Name, seat: int, reason: str, label: str, *, tr: Speech = ENGLISH) -> str:
    why = tr.gettext(OBVIOUS_WHY[reason])
    if reason == "provost":
        return tr.gettext("{player}'s provost stays ({why})").format(player=name(seat), why=why)
    return tr.gettext("{player} was not asked: {choice} ({why})").format(player=name(seat), choice=label, why=why)
