"""The words of choice labels: what a choice does (bot/ui/choice_labels.py computes it) and how a typed
choice is refused. Every function takes the reader's `tr` first (bot/i18n)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bot.i18n import N_, Translation
from bot.i18n import words as glossary
from bot.i18n.commands import slash
from bot.rules import (
    CASTLE_PENALTY,
    FIRST_PASS_DENIERS,
    JOUST_CLOTH,
    JOUST_DENIERS,
    PHASE_NAMES,
    Game,
)

from .pieces import clip, plain, where_in_game

__all__ = ["where_in_game"]  # the labels' words use it too

YOUR_WORKER = N_("your worker")


def place_head(tr: Translation, place: str, owner: str | None, mine: bool) -> str:
    """`Carpenter`, `Carpenter, yours`, `Carpenter, Bob's` (`place` already translated)."""
    if mine:
        return tr.gettext("{place}, yours").format(place=place)
    if owner is not None:
        return tr.gettext("{place}, {owner}'s").format(place=place, owner=owner)
    return place


def pass_label(tr: Translation, first: bool) -> str:
    """The Pass choice of phase 2 (§2 phase 2: the first to pass gets FIRST_PASS_DENIERS)."""
    if not first:
        return tr.pgettext("choice", "Pass")
    return tr.gettext("Pass (first to pass: +{deniers})").format(deniers=glossary.count(tr, "denier", FIRST_PASS_DENIERS))


# The labels the rules word the same every time (bot/rules `label`), translated by their English.
FIXED = {
    w.msgid: w
    for w in (
        N_("Do nothing"),
        N_("Done"),
        N_("Do not move it"),
        N_("Take the worker home"),
        N_("Build nothing"),
        N_("Nothing"),
        N_("Stop building"),
        N_("Give 1 cube, take 2 cubes"),
        N_("A wood building, paying 1 wood less"),
        N_("A stone building, paying 1 stone less"),
        N_("A residence (Lawyer effect) for 1 cloth"),
        N_("A prestige building at full cost"),
    )
}


def fixed_label(tr: Translation, label: str) -> str | None:
    """A fixed label of the rules in `tr`'s words, or None (not one)."""
    entry = FIXED.get(label)
    return tr(entry) if entry is not None else None


def on_road(tr: Translation, place: str, space: int) -> str:
    """`Carpenter (road 8)` (`place` already translated)."""
    return tr.gettext("{place} (road {space})").format(place=place, space=space)


def build_nothing(tr: Translation, penalty: int) -> str:
    """The castle's Build nothing with what it costs (§2 phase 6: 2 PP, or what is left)."""
    if not penalty:
        return tr.gettext("Build nothing (no loss)")
    return tr.gettext("Build nothing (−{pp})").format(pp=glossary.count(tr, "PP", penalty))


def cost(tr: Translation, deniers: int) -> str:
    return glossary.count(tr, "denier", deniers)


def worker_at(tr: Translation, who: str, building: str, space: int) -> str:
    """`Bob at the Carpenter (r8)` (`building` untranslated: a Tile.name)."""
    return tr.gettext("{who} at the {building} (r{space})").format(
        who=who, building=glossary.building(tr, building), space=space
    )


def provost_move(tr: Translation, sign: str, steps: int, space: int, cuts: bool, workers: Sequence[str]) -> str:
    """`−2 → r6: cuts Bob at the Carpenter (r8)`; `+1 → r9: saves nobody`."""
    listed = ", ".join(workers)
    if cuts:
        what = tr.gettext("cuts {workers}").format(workers=listed) if workers else tr.gettext("cuts nobody")
    else:
        what = tr.gettext("saves {workers}").format(workers=listed) if workers else tr.gettext("saves nobody")
    return f"{sign}{steps} → r{space}: {what}"


def provost_stay(tr: Translation, space: int, cut: Sequence[str]) -> str:
    """`0: stays on r8 (Bob at the Farm (r10) stays cut)`."""
    if cut:
        return tr.gettext("0: stays on r{space} ({workers} stay cut)").format(space=space, workers=", ".join(cut))
    return tr.gettext("0: stays on r{space}").format(space=space)


# Newcomer traps, flagged in the choice itself (the player's means now; later phases may change them).
NOTHING_TO_SELL = N_("⚠ no cube to sell now")
CANNOT_BUY = N_("⚠ too few deniers for a cube")
NO_TRADE = N_("⚠ no trade you can pay now")


def no_batch(tr: Translation) -> str:
    """A castle worker without a batch in hand (§2 phase 6: building nothing costs CASTLE_PENALTY)."""
    return tr.gettext("⚠ no batch now (building nothing: −{pp} PP)").format(pp=CASTLE_PENALTY)


def no_joust(tr: Translation) -> str:
    """The Joust field without its price in hand (§2 phase 3)."""
    return tr.gettext("⚠ needs {deniers} + {cloth}").format(
        deniers=glossary.count(tr, "denier", JOUST_DENIERS), cloth=glossary.count(tr, "cloth", JOUST_CLOTH)
    )


# A builder (Carpenter, Mason, Architect) none of whose buildings one can pay now: the building
# says which kind it builds, the warning stays short enough for a button with its price
NO_BUILD = N_("⚠ nothing you can build now")


def unknown_choice(tr: Translation, typed: str, pairs: Sequence[str]) -> str:
    """A typed choice that matches none: the choices as `r8 Carpenter` pairs."""
    return clip(
        tr.gettext("“{typed}” is none of your choices now. You can choose: {choices}.").format(
            typed=plain(clip(typed, 40)), choices=", ".join(pairs)
        )
    )


def ambiguous_choice(tr: Translation, typed: str, pairs: Sequence[str]) -> str:
    return clip(
        tr.gettext(
            "“{typed}” matches several choices: {choices}. Add the road space (for example “peddler r7”)."
        ).format(typed=plain(clip(typed, 40)), choices=", ".join(pairs))
    )


def wanted(tr: Translation, group: str) -> str:
    """When a command of `group` can be used."""
    if group == "place":
        return tr.gettext("phase 2 ({phase}) and the Gate").format(
            phase=glossary.phase(tr, PHASE_NAMES[2]).lower()
        )
    return tr.gettext("phase 4 ({phase}) and the Merchants' guild").format(
        phase=glossary.phase(tr, PHASE_NAMES[4]).lower()
    )


def other_phase(tr: Translation, command: str, group: str, game: Game, prompt: str) -> str:
    """`/caylus place` is for phase 2; now it is …"""
    return clip(
        tr.gettext("{command} is for {wanted}; now it is **{now}**: {prompt}").format(
            command=slash(tr, command), wanted=wanted(tr, group), now=round_phase(tr, game), prompt=plain(prompt)
        )
    )


def round_phase(tr: Translation, game: Game) -> str:
    """`Round 3 · The provost's move`, in `tr`'s words."""
    phase = game.state.phase
    name = glossary.phase(tr, PHASE_NAMES[phase]) if phase in PHASE_NAMES else tr.gettext("Game over")
    return tr.gettext("Round {round} · {phase}").format(round=game.state.round, phase=name)


# ----- the other labels of the rules, read back from their English (bot/rules `label`) ---------

_CUBE = r"food|wood|stone|cloth|gold"
_AMOUNT = re.compile(
    rf"(\d+) (deniers?|PP|favours?|{_CUBE}|any cubes?|cubes of food, wood, stone or cloth|cubes)\b"
)
_BARE_CUBE = re.compile(rf"\b({_CUBE})\b")
_ON_ROAD = re.compile(r"^(.+) \(road (\d+)\)$")
_COUNTED = {"deniers": "denier", "favour": "royal favour", "favours": "royal favour"}


def _amount(tr: Translation, m: re.Match[str]) -> str:
    n, unit = int(m.group(1)), m.group(2)
    unit = _COUNTED.get(unit, unit)
    if unit in glossary.COUNTS:
        return glossary.count(tr, unit, n)
    if unit.startswith("any cube"):
        return tr.ngettext("{n} any cube", "{n} any cubes", n).format(n=n)
    return tr.ngettext("{n} cube of food, wood, stone or cloth", "{n} cubes of food, wood, stone or cloth", n).format(
        n=n
    )


def amounts(tr: Translation, text: str) -> str:
    """The counted words of a rules' text (`2 food + 1 cloth → 3 PP + 1 favour`, `free`) in
    `tr`'s words; the arrows, signs and numbers stay."""
    if text == "free":
        return tr.pgettext("cost", "free")
    parts = []
    last = 0
    for m in _AMOUNT.finditer(text):
        parts.append(_BARE_CUBE.sub(lambda c: glossary.resource(tr, c.group(1)), text[last : m.start()]))
        parts.append(_amount(tr, m))
        last = m.end()
    parts.append(_BARE_CUBE.sub(lambda c: glossary.resource(tr, c.group(1)), text[last:]))
    return "".join(parts)


def building_phrase(tr: Translation, text: str) -> str:
    """`Farm (road 8)` or `Farm` in `tr`'s words."""
    m = _ON_ROAD.match(text)
    if m:
        return on_road(tr, glossary.building(tr, m.group(1)), int(m.group(2)))
    return glossary.building(tr, text)


FAVOUR_WHAT = {
    w.msgid: w
    for w in (
        N_("1 food, 1 wood or 1 stone"),
        N_("up to 1 cloth"),
        N_("up to: 1 cube → 2 cubes"),
        N_("up to 1 gold"),
        N_("nothing"),
        N_("wood building, 1 wood less"),
        N_("up to a stone building, 1 stone less"),
        N_("up to a residence for 1 cloth"),
        N_("up to a prestige building"),
        N_("Stay in the Inn"),
        N_("Take the worker back"),
        N_("Pay 1 denier + 1 cloth: royal favour"),
        N_("Buy nothing"),
        N_("Buy no more"),
    )
}


def _favour(tr: Translation, m: re.Match[str]) -> str:
    what = m.group("what")
    if what in FAVOUR_WHAT:
        what = tr(FAVOUR_WHAT[what])
    else:
        what = amounts(tr, what)
    return tr.gettext("{line} (column {column}): {what}").format(
        line=glossary.favour_track(tr, m.group("line").lower()).capitalize(), column=m.group("column"), what=what
    )


def _provost(tr: Translation, m: re.Match[str]) -> str:
    if m["way"] == "forward":
        return tr.gettext("{n} forward to road {space}").format(n=m["n"], space=m["space"])
    return tr.gettext("{n} back to road {space}").format(n=m["n"], space=m["space"])


def _owned(tr: Translation, m: re.Match[str]) -> str:
    place = building_phrase(tr, m["place"]) if m["place"] in glossary.BUILDINGS or _ON_ROAD.match(m["place"]) else m["place"]
    return place_head(tr, place, m["owner"], False)


_TEMPLATES: tuple[tuple[re.Pattern[str], Callable[[Translation, re.Match[str]], str]], ...] = (
    (re.compile(r"^(?P<n>\d) (?P<way>forward|back) to road (?P<space>\d+)$"), _provost),
    (re.compile(r"^(?P<place>.+\(road \d+\)), (?P<owner>.+)'s$"), _owned),
    (
        re.compile(r"^(?P<line>Prestige|Deniers|Resources|Buildings) \(column (?P<column>\d)\): (?P<what>.+)$"),
        _favour,
    ),
    (
        re.compile(r"^Sell (?P<what>.+) → (?P<gain>.+)$"),
        lambda tr, m: tr.gettext("Sell {cubes} → {gain}").format(
            cubes=amounts(tr, m["what"]), gain=amounts(tr, m["gain"])
        ),
    ),
    (re.compile(r"^Give (?P<what>.+)$"), lambda tr, m: tr.gettext("Give {cubes}").format(cubes=amounts(tr, m["what"]))),
    (re.compile(r"^Take (?P<what>.+)$"), lambda tr, m: tr.gettext("Take {cubes}").format(cubes=amounts(tr, m["what"]))),
    (re.compile(r"^Pay (?P<what>.+)$"), lambda tr, m: tr.gettext("Pay {price}").format(price=amounts(tr, m["what"]))),
    (
        re.compile(r"^(?P<n>\d+) batches: (?P<what>.+) → (?P<gain>.+)$"),
        lambda tr, m: tr.ngettext("{n} batch: {batches} → {gain}", "{n} batches: {batches} → {gain}", int(m["n"])).format(
            n=m["n"], batches=m["what"], gain=amounts(tr, m["gain"])
        ),
    ),
    (
        re.compile(r"^(?P<what>.+) → (?P<gain>.+), and no more$"),
        lambda tr, m: tr.gettext("{cubes} → {gain}, and no more").format(
            cubes=amounts(tr, m["what"]), gain=amounts(tr, m["gain"])
        ),
    ),
    (
        re.compile(r"^(?P<what>.+) → residence$"),
        lambda tr, m: tr.gettext("{building} → residence").format(building=building_phrase(tr, m["what"])),
    ),
    (
        re.compile(r"^Residence on road (?P<n>\d+)$"),
        lambda tr, m: tr.gettext("Residence on road {space}").format(space=m["n"]),
    ),
)


def whole_label(tr: Translation, label: str) -> str:
    """A choice's whole label as the rules give it (`Farm (road 9), Bob's — 2 deniers`), in
    `tr`'s words: what a player is told they chose."""
    if tr.lang == "en":
        return label
    if label == "Pass":
        return tr.pgettext("choice", "Pass")
    if label.startswith("Pass ("):
        return pass_label(tr, True)
    head, _, cost = label.partition(" — ")
    said = phrase(tr, head)
    return f"{said} — {amounts(tr, cost)}" if cost else said


def phrase(tr: Translation, text: str) -> str:
    """A label (or its head) of the rules in `tr`'s words: a fixed label, one of the templates,
    a building's name, else its counted words (`2 food + 1 cloth`)."""
    fixed = fixed_label(tr, text)
    if fixed is not None:
        return fixed
    if text in FAVOUR_WHAT:
        return tr(FAVOUR_WHAT[text])
    if text.startswith("Build nothing ("):  # the castle's, with its real cost (§2 phase 6)
        return build_nothing(tr, int("".join(ch for ch in text if ch.isdigit()) or 0))
    for pattern, say in _TEMPLATES:
        m = pattern.match(text)
        if m:
            return say(tr, m)
    if text in glossary.BUILDINGS or _ON_ROAD.match(text):
        return building_phrase(tr, text)
    return amounts(tr, text)
