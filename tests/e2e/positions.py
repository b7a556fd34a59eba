"""Positions where each decision kind of the rules core is pending (for the chooser tests).

`python -m tests.e2e.positions` searches random games (with a policy nudged towards buildings,
residences and favours, so that the rare kinds come up) and writes positions.json: for every
kind, the seed and the codes that lead to a decision of that kind. The tests replay them; if the
rules core ever plays differently, run this again.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.rules import DECISION_KINDS, Decision, Options, new_game, obvious_choice

NAMES = ["Ann", "Bob", "Cid"]
OPTIONS = Options(jeweller=True)
KINDS = DECISION_KINDS  # every kind that asks a player (bot/rules/tasks.py)
PATH = Path(__file__).with_name("positions.json")
PRESTIGE_FIRST = ("architect", "lawyer", "statue", "granary", "library", "weaver", "theater",
                  "college", "monument", "hotel", "cathedral")  # fmt: skip
STOPS = ("skip", "done", "pass", "home", "0")


def pick(d: Decision, rng: random.Random, line: str | None) -> str:
    codes = [c.code for c in d.choices]
    active = [c for c in codes if c not in STOPS]
    if d.kind == "favour" and line in codes and rng.random() < 0.9:
        return str(line)
    if d.kind == "favour_resources" and "swap" in codes:
        return "swap"
    if d.kind == "favour_buildings":
        for p in ("prestige", "residence"):
            if p in codes:
                return p
    if d.kind == "build":
        for pref in PRESTIGE_FIRST:
            for c in active:
                if c.startswith(pref):
                    return c
    if active and rng.random() < 0.9:
        return rng.choice(active)
    return rng.choice(codes)


def find_positions(max_games: int = 20_000) -> dict[str, dict[str, object]]:
    found: dict[str, dict[str, object]] = {}
    for seed in range(max_games):
        if len(found) == len(KINDS):
            break
        line = ("resources", "buildings", None)[seed % 3]
        game = new_game(NAMES, seed, OPTIONS)
        rng = random.Random(seed)
        while game.decision is not None:
            d = game.decision
            ob = obvious_choice(game)
            if ob is not None:  # the games layer applies it without asking anyone
                game.apply(ob.code)
                continue
            if d.kind not in found:
                found[d.kind] = {"seed": seed, "history": list(game.state.history)}
            game.apply(pick(d, rng, line))
    missing = sorted(set(KINDS) - set(found))
    if missing:
        raise RuntimeError(f"no position found for {missing}")
    return {k: found[k] for k in KINDS}


def load_positions() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads(PATH.read_text())
    return data


if __name__ == "__main__":
    positions = find_positions()
    PATH.write_text(json.dumps(positions, separators=(",", ":")) + "\n")
    print(f"wrote {len(positions)} positions to {PATH}")
