"""The game's words that every layer shares: phase names, counts, cubes and costs.

One home for each (the source catalogue of the languages to come). Phase names follow the
rules reference's headings (§2).
"""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import CUBE_NAMES, CUBES, SPECIAL_NAMES, TRADES

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


def cube_count(spec: str) -> str:
    """'FFC' -> '2 food + 1 cloth'."""
    counts: dict[str, int] = {}
    for ch in spec:
        counts[ch] = counts.get(ch, 0) + 1
    return " + ".join(f"{n} {CUBE_NAMES[CUBES.index(ch)]}" for ch, n in counts.items())


def cube_list(spec: str) -> str:
    """'FFC' -> 'food + food + cloth'."""
    return " + ".join(CUBE_NAMES[CUBES.index(ch)] for ch in spec)


def cost_parts(cost: Sequence[int], any_cubes: int = 0) -> list[str]:
    """`[1, 0, 2, 0, 0]` -> `['1 food', '2 stone']`, plus `'N any cube'`."""
    parts = [f"{n} {CUBE_NAMES[i]}" for i, n in enumerate(cost) if n]
    if any_cubes:
        parts.append(f"{any_cubes} any cube")
    return parts


def cost_words(cost: Sequence[int], any_cubes: int = 0, free: str = "free") -> str:
    """A cost in cubes as players say it: `1 food + 2 stone`, or `free`."""
    return " + ".join(cost_parts(cost, any_cubes)) or free


def trade_text(tid: str, option: str, *, short: bool = False) -> str:
    """'2 deniers → 3 PP', or with `short` '2 d → 3 PP' (§3.4 trades)."""
    deniers, cubes, plain, pp, gold = TRADES[tid][option]
    paid = ([f"{deniers} d" if short else plural(deniers, "denier")] if deniers else [])
    paid += cost_parts(cubes)
    if plain:
        paid.append(f"{plain} cubes" if short else f"{plain} cubes of food, wood, stone or cloth")
    return f"{' + '.join(paid)} → {f'{pp} PP' if pp else f'{gold} gold'}"


def penalty_words(lost: int) -> str:
    """The real loss of building nothing: prestige never goes below 0, so a player with 1 PP
    loses 1 and one with none loses nothing (rules reference, Project defaults: castle worker
    with 0 or 1 PP)."""
    return f"-{lost} PP" if lost else "no loss"


# Why a choice was applied without asking (bot/rules/obvious.py), shown in the log.
OBVIOUS_WHY = {
    "one_way": "only one way is possible",
    "provost": "no move would change anything",
    "same": "every choice comes to the same",
    "dominated": "every other choice only gives less",
}


def place_name(target: str) -> str:
    """`road 12`, or a special place's name (`Gate`)."""
    if target[0] == "r":
        return f"road {target[1:]}"
    return SPECIAL_NAMES[target]
