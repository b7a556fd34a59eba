"""What a choice does, said in the choice itself: one place for the chooser's options and buttons
and the commands' autocomplete (so they read the same), and for what people type.

Computed from the public `bot.rules` face and the state the decision is taken in:

- provost moves (phase 4 and the Merchants' guild) name the workers they cut or save
  ("−2 → r6: cuts Bob at the Carpenter (r8)"; §2 phase 4: workers beyond the provost are not
  activated);
- placements on one's own building say so ("yours"), and newcomer traps are flagged: a castle
  worker without a possible batch (§2 phase 6: building nothing costs 2 PP), a Marketplace with
  nothing to sell, a Peddler without the deniers for a cube, a trading building with no trade one
  can pay, a Carpenter / Mason / Architect with no building one can pay, the Joust without its
  price (JOUST_DENIERS + JOUST_CLOTH);
- `pair` names a choice as people type it ("r8 Carpenter"), and `find` reads what they typed: a
  code, a building name or a unique prefix ("carpenter", "peddler r7"), for the move commands
  and for the placement queue alike.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.games import BadRequest
from bot.i18n import LANGUAGES, Translation, translator
from bot.i18n import words as glossary
from bot.rules import (
    BATCHES,
    CUBES,
    JOUST_CLOTH,
    JOUST_DENIERS,
    ROAD_LEN,
    SPECIAL_NAMES,
    TILES,
    TRADES,
    Choice,
    Code,
    CodeKind,
    Decision,
    Game,
    build_codes,
    effect_of,
    kind_facts,
    trade_possible,
)

from .texts import choice_words as words

MINUS = "−"  # a real minus sign: "−2 → r6"
ENGLISH = translator("en")


SEP = " · "
ELLIPSIS = "…"
# A name in a label is cut to this many characters when the label needs the room (Discord's
# names reach 32); a worker list of a provost move goes down to the shortest, then drops the
# buildings (issue 26: a label is never cut at its price or warning).
NAME_LENGTHS = (32, 16, 12, 8)


def clip_name(name: str, length: int) -> str:
    """`name` at most `length` characters (an ellipsis shows the cut)."""
    return name if len(name) <= length else name[: length - 1] + ELLIPSIS


@dataclass(frozen=True, slots=True)
class Label:
    """A choice as shown: `head` (button, option label) and `details` (cost, what it does,
    warnings: an option's description). `squeeze(room)` gives the head in at most `room`
    characters where it names players (their names shortened, then less said): the layout
    cuts the head, never the details."""

    head: str
    details: tuple[str, ...] = ()
    squeeze: Callable[[int], str] | None = field(default=None, compare=False)

    def fitted_head(self, room: int) -> str:
        """The head in at most `room` characters: squeezed, and cut only as a last resort."""
        head = self.head
        if len(head) > room and self.squeeze is not None:
            head = self.squeeze(room)
        return head if len(head) <= room else head[: max(room - 1, 0)] + ELLIPSIS

    def fits(self, limit: int) -> bool:
        """Whether `line(limit)` says everything without cutting a word: at most names shortened."""
        tail = SEP.join(self.details)
        room = limit - (len(tail) + len(SEP) if tail else 0)
        head = self.head if len(self.head) <= room or self.squeeze is None else self.squeeze(room)
        return room > 0 and len(head) <= room

    def line(self, limit: int = 100) -> str:
        """Head and details on one line (a button, the autocomplete's name), at most `limit`
        characters: the details (cost, warnings) whole, the head made to fit."""
        text = SEP.join((self.head, *self.details))
        if len(text) <= limit:
            return text
        tail = SEP.join(self.details)
        if not tail or len(tail) + len(SEP) + 8 > limit:  # no room to keep the details whole
            return text[: limit - 1] + ELLIPSIS
        return SEP.join((self.fitted_head(limit - len(tail) - len(SEP)), tail))


def _space(code: str) -> int:
    return Code.parse(code).space


def _split(label: str) -> tuple[str, str]:
    head, _, cost = label.partition(" — ")
    return head, cost


def describe(
    game: Game | None, kind: str, choice: Choice, seat: int | None = None, tr: Translation = ENGLISH
) -> Label:
    """The label of `choice` of a `kind` decision taken by `seat` (default: the game's decider),
    in `tr`'s words: placements, the provost and the fixed labels of the rules (Pass, Do nothing,
    Build nothing...) are rebuilt from the game; other labels keep the rules' English."""
    head, cost = _split(choice.label)
    details = [cost] if cost else []
    if tr is not ENGLISH:
        fixed = _fixed(tr, game, kind, choice, seat)
        if fixed is not None:
            return Label(fixed)
    if tr is not ENGLISH and kind_facts(kind).group not in ("place", "provost"):
        return Label(words.phrase(tr, head), tuple(words.amounts(tr, d) for d in details))
    if game is None:
        return Label(head, tuple(details))
    if seat is None:
        pending = game.decision
        seat = pending.player if pending is not None else -1
    group = kind_facts(kind).group
    if group == "provost":
        return Label(
            provost_head(game, choice.code, seat, tr),
            tuple(words.amounts(tr, d) for d in details),
            lambda room: provost_head(game, choice.code, seat, tr, room),
        )
    if group == "place":
        space = _space(choice.code)
        owner = game.state.road_owner[space] if space else -1
        places = [head if tr is ENGLISH else words.phrase(tr, head)]
        if space or choice.code in SPECIAL_NAMES:  # a building: named from the game
            building = glossary.building(tr, name_of(game, choice))
            places = [words.on_road(tr, building, space), f"{building} (r{space})"] if space else [building]
        if tr is not ENGLISH:
            number = cost.split()[0] if cost else ""
            details = [words.cost(tr, int(number))] if number.isdigit() else details
        other = game.state.players[owner].name if owner >= 0 and owner != seat else None
        heads = [
            words.place_head(tr, place, clip_name(other, length) if other else None, owner == seat)
            for place in places
            for length in (NAME_LENGTHS if other else NAME_LENGTHS[:1])
        ]
        trap = trap_of(game, choice.code, seat, tr)
        if trap:
            details.append(trap)
        return Label(heads[0], tuple(details), _first_within(heads))
    return Label(head, tuple(details))


def _first_within(heads: Sequence[str]) -> Callable[[int], str]:
    """A label's `squeeze`: the first of `heads` (the longest first) within the room, else the
    last: the names shortened, then the road space as its code (r9)."""

    def squeeze(room: int) -> str:
        return next((h for h in heads if len(h) <= room), heads[-1])

    return squeeze


def _fixed(tr: Translation, game: Game | None, kind: str, choice: Choice, seat: int | None) -> str | None:
    """A label the rules always word the same (Pass, Do nothing, Build nothing (−2 PP)...) in
    `tr`'s words; None: not one."""
    if choice.code == "pass" and kind_facts(kind).group == "place":
        return words.pass_label(tr, choice.label != "Pass")
    if kind == "castle" and choice.label.startswith("Build nothing ("):
        penalty = int("".join(ch for ch in choice.label if ch.isdigit()) or 0)
        return words.build_nothing(tr, penalty)
    return words.fixed_label(tr, choice.label)


def _worker(game: Game, space: int, seat: int, tr: Translation, length: int = NAME_LENGTHS[0], where: bool = True) -> str:
    """Whose worker is on `space` (`length`: its owner's name at most; `where`: with the building)."""
    owner = game.state.road_worker[space]
    who = tr(words.YOUR_WORKER) if owner == seat else clip_name(game.state.players[owner].name, length)
    if not where:
        return f"{who} (r{space})"
    return words.worker_at(tr, who, TILES[game.state.road_tile[space] or ""].name, space)


def provost_head(game: Game, code: str, seat: int, tr: Translation = ENGLISH, room: int | None = None) -> str:
    """What moving the provost by `code` does to the workers on the road; within `room`
    characters if given (the names shortened, then the buildings left out)."""
    s = game.state
    provost = s.provost
    move = Code.parse(code)
    if move.kind != CodeKind.PROVOST:
        return code
    k = move.steps
    target = provost + k
    if k == 0:
        spaces = [sp for sp in range(provost + 1, ROAD_LEN + 1) if s.road_worker[sp] >= 0]
    else:
        low, high = (target + 1, provost) if k < 0 else (provost + 1, target)
        spaces = [sp for sp in range(low, high + 1) if 1 <= sp <= ROAD_LEN and s.road_worker[sp] >= 0]

    def said(length: int, where: bool | None) -> str:
        """The head with names of `length` at most, the buildings too (`where`), or only how
        many workers (None)."""
        if where is None:
            workers = [glossary.count(tr, "worker", len(spaces))] if spaces else []
        else:
            workers = [_worker(game, sp, seat, tr, length, where) for sp in spaces]
        if k == 0:
            return words.provost_stay(tr, provost, workers)
        return words.provost_move(tr, MINUS if k < 0 else "+", abs(k), target, k < 0, workers)

    if room is None:
        return said(NAME_LENGTHS[0], True)
    heads = [said(length, where) for where in (True, False) for length in NAME_LENGTHS]
    return _first_within([*heads, said(0, None)])(room)


def can_deliver(cubes: list[int]) -> bool:
    """Whether these cubes make at least one castle batch (§2 phase 6)."""
    return any(all(cubes[CUBES.index(c)] >= batch.count(c) for c in batch) for batch in BATCHES)


def trap_of(game: Game, code: str, seat: int, tr: Translation = ENGLISH) -> str:
    """A newcomer trap of placing a worker on `code` now, or ""."""
    p = game.state.players[seat]
    if code == "castle":
        return "" if can_deliver(p.cubes) else words.no_batch(tr)
    if code == "joust":
        return "" if p.deniers >= JOUST_DENIERS and p.cubes[CUBES.index("C")] >= JOUST_CLOTH else words.no_joust(tr)
    space = _space(code)
    tile = game.state.road_tile[space] if space else None
    if tile is None:
        return ""
    effect = effect_of(TILES[tile])
    if effect.kind == "sell" and not any(p.cubes):
        return tr(words.NOTHING_TO_SELL)
    if effect.kind == "peddler" and p.deniers < effect.price:
        return tr(words.CANNOT_BUY)
    if effect.kind == "trade" and not any(trade_possible(game, seat, tile, o) for o in TRADES[tile]):
        return tr(words.NO_TRADE)
    if effect.kind == "build" and not build_codes(game, seat, effect.builds, 0):
        return tr(words.NO_BUILD)
    return ""


# ----- what people type ---------------------------------------------------------------------


def name_of(game: Game | None, choice: Choice) -> str:
    """The building or place a choice names: `Carpenter`, `Castle`, `Pass`."""
    space = _space(choice.code)
    if game is not None and space and game.state.road_tile[space]:
        return TILES[game.state.road_tile[space] or ""].name
    if choice.code in SPECIAL_NAMES:
        return SPECIAL_NAMES[choice.code]
    return _split(choice.label)[0].split(" (")[0]


def pair(game: Game | None, choice: Choice, tr: Translation = ENGLISH) -> str:
    """`r8 Carpenter` (the name in `tr`'s words: what can be typed in any of our languages); a
    choice whose code is its name: `Castle`."""
    english = name_of(game, choice)
    name = tr.pgettext("choice", "Pass") if choice.code == "pass" else glossary.building(tr, english)
    return name if english.casefold() == choice.code.casefold() and name == english else f"{choice.code} {name}"


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold().replace("’", "'").replace(",", " "))
    return " ".join("".join(ch for ch in text if not unicodedata.combining(ch)).split())


def fold(text: str) -> str:
    """Typed text as it is compared: case, accents, apostrophes and spacing folded."""
    return _fold(text)


def _names(game: Game | None, choice: Choice) -> set[str]:
    """A choice's building name as typed in any of our languages (issue 12 item 4), folded."""
    name = name_of(game, choice)
    return {_fold(name), *(_fold(glossary.building(translator(lang), name)) for lang in LANGUAGES)}


ROAD_SPACE = re.compile(r"(?:road ?|r)?(\d+)")  # "r8", "8", "road 8" (folded)


def find(game: Game | None, choices: Sequence[Choice], typed: str) -> list[Choice]:
    """The `choices` that `typed` names: a code (`r8`, `8`, `road 8`, `castle`), a building's name
    in any of our languages (the table's too), or a prefix of it (`carpenter`, `carp`), or a
    name and a space (`peddler r7`). An exact code wins, then exact names; otherwise every
    match (one: the answer; none or several: ask again). The one reader of typed places: the
    move commands (`typed_code`) and the placement queue (`bot.ui.orders.parse_places`)."""
    text = _fold(typed)
    if not text:
        return []
    road = ROAD_SPACE.fullmatch(text)
    for c in choices:
        if text == c.code.casefold() or (road is not None and c.code == f"r{road.group(1)}"):
            return [c]
    exact = [c for c in choices if text in _names(game, c) or text == _fold(_split(c.label)[0])]
    if exact:
        return exact
    codes = {c.code.casefold() for c in choices}
    tokens = text.split()
    found = []
    for c in choices:
        names = _names(game, c)
        if any(n.startswith(text) for n in names) or _fold(_split(c.label)[0]).startswith(text):
            found.append(c)
            continue
        spaces = [t for t in tokens if t in codes or f"r{t}" in codes or re.fullmatch(r"r?\d+", t)]
        if any(t != c.code.casefold() and f"r{t}" != c.code for t in spaces):
            continue  # a space or code of another choice
        rest = [t for t in tokens if t not in spaces]
        if rest and any(all(any(w.startswith(t) for w in n.split()) for t in rest) for n in names):
            found.append(c)
    return found


def suggest(game: Game | None, decision: Decision, typed: str) -> list[Choice]:
    """The autocomplete's choices for what is typed so far: all when nothing is, else those
    whose code or label holds it, or that `find` reads it as ("peddler r7")."""
    needle = _fold(typed)
    if not needle:
        return list(decision.choices)
    found = set(find(game, decision.choices, typed))
    return [
        c
        for c in decision.choices
        if c in found
        or needle in c.code.casefold()
        or needle in _fold(c.label)
        or any(needle in n for n in _names(game, c))
    ]


def typed_code(
    game: Game, decision: Decision, typed: str, group: str, command: str = "", tr: Translation = ENGLISH
) -> str:
    """The code that `typed` names among the choices of the person's `decision`, for a command
    of `group` (`place`, `provost`). `BadRequest` says why not: the command is for another
    phase, or the text names none or several choices (listed as "r8 Carpenter" pairs)."""
    if kind_facts(decision.kind).group != group:
        raise BadRequest(words.other_phase(tr, command or group, group, game, game.prompt(tr, decision)))
    found = find(game, decision.choices, typed)
    if len(found) == 1:
        return found[0].code
    pairs = [pair(game, c, tr) for c in found or decision.choices]
    raise BadRequest(
        words.ambiguous_choice(tr, typed, pairs) if found else words.unknown_choice(tr, typed, pairs)
    )
