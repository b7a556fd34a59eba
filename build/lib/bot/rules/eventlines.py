"""The compact lines of a phase report: what happened in as few short lines as a player reads.

`report_lines(events, name, tr, label)` turns a phase's events into lines:

- one line per activation of the road: the worker, the building, then what it gave, paid or
  built ("Cid · Farm (road 1): +1 cloth"; "Ann · Carpenter (road 4): builds the Marketplace on
  road 9 for 1 wood + 1 stone, +4 PP");
- the provost's whole move of phase 4 in one line, every player in passing order ("Provost road
  4 → road 9: Cid 0, Ann +3, Dee +1, Eve +1, Bob 0");
- one line each for the income, the workers beyond the provost, the castle workers who built
  nothing, and the players losing prestige at a section's scoring;
- a placement with what its owner gained; a favour after what brought it.

Every other event keeps its own sentence (bot/rules/eventwords.py), and so does an event stored
with a fixed text. The names are shown through `name` (the Discord layer's escaping), in `tr`'s
language; `label` says a choice's English label in it (`Event.text_with`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .decisions import Event
from .eventwords import LABEL_ARG, WORDS, building, paid_words, tile
from .notation import Code, CodeKind
from .speech import ENGLISH, Speech
from .tiles import OWNER_BONUS_PP, SECTION_PP, SECTIONS, SPECIAL_NAMES, TRADES
from .words import (
    OBVIOUS_WHY,
    building_name,
    counted,
    cube_count,
    cube_list,
    penalty_words,
    section_name,
    trade_text,
)

Say = Callable[[int], str]  # seat -> the name shown

# Lines made of several players' events, one after the other: their words -> the line's key.
GROUPS = {
    "income": "income",
    "provost_stay": "provost",
    "provost_paid": "provost",
    "not_activated": "unused",
    "castle_penalty": "penalty",
    "scoring_loss": "loss",
}
# What follows the event that brought it, in that event's line (a tail): the words shown.
TAIL_WORDS = frozenset({
    "produce", "owner_cube", "take", "give", "sell", "buy", "trade", "alchemist_cube", "build",
    "lawyer", "residence", "favour_pp", "favour_deniers", "favour_line", "favour_lost", "owner_bonus",
})  # fmt: skip
OWNERS = frozenset({"owner_cube"})  # tails about another player than the line's
# Lines that take tails: an activation, a castle worker's batches, and the sentences a favour
# or a choice applied without asking follows. (A placement takes its owner's bonus, told first.)
TAKES_TAILS = frozenset({"activate", "castle", "joust", "best_builder", "scoring_favours", "obvious"})


class _Line:
    __slots__ = ("key", "seat", "head", "tails", "items", "section", "words", "seats")

    def __init__(self, key: str, seat: int, head: str = "", section: int = -1) -> None:
        self.key = key
        self.seat = seat
        self.head = head
        self.tails: list[str] = []
        self.items: list[tuple[Any, ...]] = []
        self.section = section
        self.words: set[str] = set()  # the words of the events it tells
        self.seats: set[int] = set()  # the players they concern


class Line(NamedTuple):
    """One compact line: what kind of line (`key`: activate, place, provost, income, unused,
    penalty, loss, castle, or the event words of a sentence), the seat it is about, the words of
    every event it tells and the seats they concern, and its text."""

    key: str
    seat: int
    words: frozenset[str]
    seats: frozenset[int]
    text: str


def report_lines(
    events: Sequence[Event],
    name: Callable[[str], str] = str,
    tr: Speech = ENGLISH,
    label: Callable[[str], str] | None = None,
) -> list[str]:
    """The compact lines of `events` (module docstring); phase ends say nothing."""
    return [line.text for line in report_items(events, name, tr, label)]


def report_items(
    events: Sequence[Event],
    name: Callable[[str], str] = str,
    tr: Speech = ENGLISH,
    label: Callable[[str], str] | None = None,
) -> list[Line]:
    """`report_lines` with what each line tells (`Line`): for choosing the lines that matter."""
    lines: list[_Line] = []
    for e in events:
        if e.kind == "phase_end":
            continue
        if e[1] is not None or e.words not in WORDS:  # a fixed text: as it is
            lines.append(_Line("text", e.player, e.text_with(name, tr, label)))
        else:
            names: tuple[str, ...] = e.names

            def say(seat: int, names: tuple[str, ...] = names) -> str:
                return name(names[seat])

            _add(lines, e, say, tr, label)
        line = lines[-1]
        line.words.add(e.words or str(e.kind))
        if e.player >= 0:
            line.seats.add(e.player)
        if e.words == "owner_bonus":  # the placer, too
            line.seats.add(int(e.args[1]))
    return [Line(x.key, x.seat, frozenset(x.words), frozenset(x.seats), _text(x, tr)) for x in lines]


def _add(lines: list[_Line], e: Event, say: Say, tr: Speech, label: Callable[[str], str] | None) -> None:
    words, args = e.words, e.args
    last = lines[-1] if lines else None
    group = GROUPS.get(words)
    if group == "provost" and e.phase != 4:
        group = None  # the Merchants' guild's move (phase 3): a sentence of its own
    if words == "obvious" and args[1] == "provost" and e.phase == 4:
        group = "provost"  # the stay is told by the event after it; this says it was not asked
    if group is not None:
        section = int(args[1]) if words == "scoring_loss" else -1
        if last is None or last.key != group or last.section != section:
            last = _Line(group, e.player, section=section)
            lines.append(last)
        last.items.append((say, *args))
        return
    if words == "owner_bonus":  # told before the placement that brings it: held for it
        line = _Line("owner_bonus", args[1], WORDS[words](say, *args, tr=tr))
        line.tails.append(_tail(words, args, say, tr, label))
        lines.append(line)
        return
    tail = words in TAIL_WORDS or words == "obvious"
    if tail and last is not None and last.key in TAKES_TAILS and (e.player == last.seat or words in OWNERS):
        if words not in OWNERS or last.key == "activate":
            last.tails.append(_tail(words, args, say, tr, label))
            return
    if words == "castle" and last is not None and last.key == "castle" and last.seat == e.player:
        last.tails.append(_batch(args, tr))
        return
    if words == "activate":
        seat, tid, space = args
        head = tr.gettext("{player} · {building}").format(player=say(seat), building=building(tid, space, tr))
        lines.append(_Line("activate", seat, head))
    elif words == "place":
        seat, text, tid, cost = args
        code = Code.parse(text)
        where = building(tid, code.space, tr) if code.kind == CodeKind.ROAD else building_name(tr, SPECIAL_NAMES[text])
        head = tr.gettext("{player} → {place}, {cost}").format(
            player=say(seat), place=where, cost=counted(tr, "denier", cost)
        )
        line = _Line("place", seat, head)
        if last is not None and last.key == "owner_bonus" and last.seat == seat:
            held = lines.pop()
            line.tails, line.words, line.seats = held.tails, held.words, held.seats
        lines.append(line)
    elif words == "castle":
        line = _Line("castle", e.player, tr.gettext("{player} builds in the castle").format(player=say(e.player)))
        line.tails.append(_batch(args, tr))
        lines.append(line)
    else:
        shown = args
        at = LABEL_ARG.get(words)
        if label is not None and at is not None and at < len(args):
            shown = (*args[:at], label(args[at]), *args[at + 1 :])
        key = words if words in TAKES_TAILS else "text"
        lines.append(_Line(key, e.player, WORDS[words](say, *shown, tr=tr)))


def _batch(args: tuple[Any, ...], tr: Speech) -> str:
    _seat, batch, section = args
    return tr.gettext("{section} ({cubes}) +{pp} PP").format(
        section=section_name(tr, SECTIONS[section]), cubes=cube_list(batch, tr), pp=SECTION_PP[section]
    )


def _tail(words: str, args: tuple[Any, ...], say: Say, tr: Speech, label: Callable[[str], str] | None) -> str:
    """What an event adds to the line of the event that brought it, without the player's name."""
    if words in ("produce", "take"):
        return "+" + cube_count(args[1], tr)
    if words in ("give", "alchemist_cube"):
        return "−" + cube_count(args[1], tr)
    if words == "owner_cube":
        owner, cube, _tid = args
        return tr.gettext("{owner} +{cubes} as owner").format(owner=say(owner), cubes=cube_count(cube, tr))
    if words == "owner_bonus":
        return tr.gettext("{owner} +{pp} PP as owner").format(owner=say(args[0]), pp=OWNER_BONUS_PP)
    if words == "sell":
        return f"{cube_count(args[1], tr)} → {counted(tr, 'denier', args[2])}"
    if words == "buy":
        return f"{counted(tr, 'denier', args[2])} → {cube_count(args[1], tr)}"
    if words == "trade":
        _seat, tid, option = args
        return trade_text(tid, option, tr=tr) if option in TRADES.get(tid, {}) else WORDS[words](say, *args, tr=tr)
    if words == "build":
        _seat, tid, space, paid, pp = args
        return tr.gettext("builds the {building} on road {space} for {paid}, +{pp} PP").format(
            building=tile(tid, tr), space=space, paid=paid_words(paid, tr), pp=pp
        )
    if words == "lawyer":
        return tr.gettext("pays for a residence on road {space}").format(space=args[1])
    if words == "residence":
        _seat, old, space, pp = args
        return tr.gettext("the {building} becomes a residence, +{pp} PP").format(
            building=building(old, space, tr), pp=pp
        )
    if words == "favour_line":
        return tr.gettext("royal favour: {line} line, column {column}").format(
            line=tr.pgettext("favour track", args[1]), column=args[2]
        )
    if words == "favour_pp":
        return "+" + counted(tr, "PP", args[1])
    if words == "favour_deniers":
        return "+" + counted(tr, "denier", args[1])
    if words == "favour_lost":
        return tr.gettext("the favour is lost (all four lines used this phase)")
    # a choice applied without asking (words "obvious"): what and why
    _seat, reason, choice = args
    return tr.gettext("{choice} (not asked: {why})").format(
        choice=label(choice) if label is not None else choice, why=tr.gettext(OBVIOUS_WHY[reason])
    )


def _text(line: _Line, tr: Speech) -> str:
    key = line.key
    if key == "income":
        return tr.gettext("Income in deniers: {players}").format(
            players=", ".join(f"{say(seat)} +{n}" for say, seat, n in line.items)
        )
    if key == "provost":
        return _provost(line, tr)
    if key == "unused":
        workers = []
        for say, seat, space, *rest in line.items:
            tid = rest[0] if rest else ""
            where = building(tid, space, tr) if tid else tr.gettext("road {space}").format(space=space)
            workers.append(tr.gettext("{player}'s {building}").format(player=say(seat), building=where))
        return tr.gettext("Beyond the provost, unused: {workers}").format(workers=", ".join(workers))
    if key == "penalty":
        return tr.gettext("Nothing built in the castle: {players}").format(
            players=", ".join(f"{say(seat)} ({penalty_words(lost, tr)})" for say, seat, lost in line.items)
        )
    if key == "loss":
        return tr.gettext("No house in the {section}: {players}").format(
            section=section_name(tr, SECTIONS[line.section]),
            players=", ".join(f"{say(seat)} ({penalty_words(lost, tr)})" for say, seat, _section, lost in line.items),
        )
    if key == "activate":
        return f"{line.head}: " + ("; ".join(line.tails) if line.tails else tr.gettext("nothing"))
    if key == "owner_bonus":  # no placement followed it (the Gate's move): its own sentence
        return line.head
    if key in ("place", "castle"):
        return (f"{line.head}: " + "; ".join(line.tails)) if line.tails else line.head
    if line.tails:
        return f"{line.head} → " + "; ".join(line.tails)
    return line.head


def _provost(line: _Line, tr: Speech) -> str:
    """Phase 4 in one line: from where to where, and each player's move in passing order."""
    moves: list[str] = []
    unasked: list[str] = []
    start = end = -1
    moved = False
    for say, seat, *rest in line.items:
        if rest[0] == "provost":  # the obvious choice's note (seat, "provost", label)
            unasked.append(say(seat))
            continue
        move, space = (0, rest[0]) if len(rest) == 1 else (rest[0], rest[1])
        if start < 0:
            start = space - move
        end = space
        moved = moved or move != 0
        moves.append(f"{say(seat)} {move:+d}" if move else f"{say(seat)} 0")
    if not moved:
        text = tr.gettext("The provost stays on road {space}: nobody moves it").format(space=end)
    else:
        text = tr.gettext("Provost road {start} → road {end}: {moves}").format(
            start=start, end=end, moves=", ".join(moves)
        )
    if unasked:
        text += " · " + tr.gettext("not asked ({why}): {players}").format(
            why=tr.gettext(OBVIOUS_WHY["provost"]), players=", ".join(unasked)
        )
    return text
