"""The game's words that every layer shares: phase names, counts, cubes and costs.

One home for each (the source catalogue of the languages to come). Phase names follow the
rules reference's headings (§2).
"""

from __future__ import annotations

from collections.abc import Sequence

from .notation import SPACE_OF
from .speech import ENGLISH, Speech
from .tiles import CUBE_NAMES, CUBES, SPECIAL_NAMES, TRADES


def N_(msgid: str) -> str:  # noqa: N802 (gettext's marker: pybabel extracts it, translated when shown)
    return msgid


def NP_(context: str, msgid: str) -> str:  # noqa: N802 (the same with a context: pgettext(context, msgid) when shown)
    return msgid


# The counted words of the glossary (bot/i18n/words.py COUNTS, context "count"): the same
# msgids, so a language's catalogue has them once.
COUNTED = {
    "denier": ("{n} denier", "{n} deniers"),
    "PP": ("{n} PP", "{n} PP"),
    "royal favour": ("{n} royal favour", "{n} royal favours"),
    "house": ("{n} house", "{n} houses"),
    "cube": ("{n} cube", "{n} cubes"),
    "food": ("{n} food", "{n} food"),
    "wood": ("{n} wood", "{n} wood"),
    "stone": ("{n} stone", "{n} stone"),
    "cloth": ("{n} cloth", "{n} cloth"),
    "gold": ("{n} gold", "{n} gold"),
    "worker": ("{n} worker", "{n} workers"),
    "space": ("{n} space", "{n} spaces"),
}


def counted(tr: Speech, word: str, n: int) -> str:
    """`counted(tr, "denier", 2)` -> "2 deniers", in `tr`'s language (a key of COUNTED)."""
    one, many = COUNTED[word]
    return tr.npgettext("count", one, many, n).format(n=n)


def up_to(tr: Speech, word: str, n: int) -> str:
    """"up to 3 spaces", with the case the language needs after its "up to" (`word`: worker, space)."""
    if word == "worker":
        return tr.ngettext("up to {n} worker", "up to {n} workers", n).format(n=n)
    return tr.ngettext("up to {n} space", "up to {n} spaces", n).format(n=n)


def phase_name(tr: Speech, phase: int) -> str:
    return tr.pgettext("phase", PHASE_NAMES[phase])


def building_name(tr: Speech, name: str) -> str:
    """A tile's or special building's name (`Tile.name`, SPECIAL_NAMES) through the glossary."""
    return tr.pgettext("building", name)


def section_name(tr: Speech, name: str) -> str:
    return tr.pgettext("castle part", name)

PHASE_NAMES = {
    1: "Income",
    2: "Placing workers",
    3: "Special buildings",
    4: "The provost's move",
    5: "Activating the road",
    6: "Building the castle",
    7: "End of turn",
}


def plural(n: int, word: str) -> str:
    """`1 denier`, `2 deniers`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def either(tr: Speech, parts: Sequence[str], *, bold: bool = False) -> str:
    """`a or b or c` in `tr`'s words; with `bold`, `a **or** b` (markdown: the glossary's long texts)."""
    text = parts[0]
    for part in parts[1:]:
        if bold:
            text = tr.gettext("{choices} **or** {choice}").format(choices=text, choice=part)
        else:
            text = tr.gettext("{first} or {second}").format(first=text, second=part)
    return text


def cube_count(spec: str, tr: Speech = ENGLISH) -> str:
    """'FFC' -> '2 food + 1 cloth'."""
    counts: dict[str, int] = {}
    for ch in spec:
        counts[ch] = counts.get(ch, 0) + 1
    return " + ".join(counted(tr, CUBE_NAMES[CUBES.index(ch)], n) for ch, n in counts.items())


def cube_list(spec: str, tr: Speech = ENGLISH) -> str:
    """'FFC' -> 'food + food + cloth'."""
    return " + ".join(tr.pgettext("resource", CUBE_NAMES[CUBES.index(ch)]) for ch in spec)


def cost_parts(cost: Sequence[int], any_cubes: int = 0, tr: Speech = ENGLISH) -> list[str]:
    """`[1, 0, 2, 0, 0]` -> `['1 food', '2 stone']`, plus `'N any cube'`."""
    parts = [counted(tr, CUBE_NAMES[i], n) for i, n in enumerate(cost) if n]
    if any_cubes:
        parts.append(tr.ngettext("{n} any cube", "{n} any cube", any_cubes).format(n=any_cubes))
    return parts


def cost_words(cost: Sequence[int], any_cubes: int = 0, free: str = "free", tr: Speech = ENGLISH) -> str:
    """A cost in cubes as players say it: `1 food + 2 stone`, or `free`."""
    return " + ".join(cost_parts(cost, any_cubes, tr)) or free


def trade_text(tid: str, option: str, *, short: bool = False, tr: Speech = ENGLISH) -> str:
    """'2 deniers → 3 PP', or with `short` '2 d → 3 PP' (§3.4 trades)."""
    deniers, cubes, plain, pp, gold = TRADES[tid][option]
    if short:  # the board's and the glossary's shorthand (English only)
        paid = [f"{deniers} d"] if deniers else []
    else:
        paid = [counted(tr, "denier", deniers)] if deniers else []
    paid += cost_parts(cubes, tr=tr)
    if plain:
        paid.append(
            f"{plain} cubes"
            if short
            else tr.ngettext(
                "{n} cube of food, wood, stone or cloth", "{n} cubes of food, wood, stone or cloth", plain
            ).format(n=plain)
        )
    if short:
        got = f"{pp} PP" if pp else f"{gold} gold"
    else:
        got = counted(tr, "PP", pp) if pp else counted(tr, "gold", gold)
    return f"{' + '.join(paid)} → {got}"


def penalty_words(lost: int, tr: Speech = ENGLISH) -> str:
    """The real loss of building nothing: prestige never goes below 0, so a player with 1 PP
    loses 1 and one with none loses nothing (rules reference, Project defaults: castle worker
    with 0 or 1 PP)."""
    return tr.gettext("-{n} PP").format(n=lost) if lost else tr.gettext("no loss")


# Why a choice was applied without asking (bot/rules/obvious.py), shown in the log.
OBVIOUS_WHY = {
    "one_way": N_("only one way is possible"),
    "provost": N_("no move would change anything"),
    "same": N_("every choice comes to the same"),
    "dominated": N_("every other choice only gives less"),
}


def place_name(target: str, tr: Speech = ENGLISH) -> str:
    """`road 12`, or a special place's name (`Gate`)."""
    space = SPACE_OF.get(target)
    if space:
        return tr.gettext("road {space}").format(space=space)
    return building_name(tr, SPECIAL_NAMES[target])
