"""AI seats: `random` plays uniform legal choices; `greedy` looks one decision ahead; `strong`
searches (bot/games/search.py, docs/ai.md).

The greedy seat tries every legal choice on a copy of the game, lets the automatic steps run,
and keeps the choice whose position it values most for itself: prestige, then what the cubes,
deniers, buildings, favour markers and waiting workers are likely to turn into.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.rules import (
    CUBES,
    MARKS,
    ROAD_LEN,
    SCORING,
    SECTION_PP,
    TILES,
    TRADES,
    G,
    Game,
    build_codes,
    castle_section,
    lawyer_targets,
    trade_possible,
)

LEVELS = ("random", "greedy", "strong")  # what tables may seat (the manager's callers check it)
# `strong` searches for its whole think time: the manager runs it off the event loop, in a pool
# (bot/games/thinking.py); only the arena and the tests call it inline (`choose`).
ALL_LEVELS = LEVELS
# What people call the levels (`/caylus new ai_level:`, the AI seats' names).
LEVEL_WORDS = {"random": "easy", "greedy": "normal", "strong": "hard"}
STRONG_THINK_S = 2.0  # the strong level's think time per decision in `choose`

SPECIAL_VALUE = {"gate": 0.8, "trading": 1.5, "guild": 0.5, "stables": 0.4}
DENIER, CUBE, GOLD = 0.5, 1.0, 3.0  # rough worth in PP while the game runs


def worker_value(game: Game, seat: int, tid: str) -> float:
    """What a worker on a non-production building should bring `seat`, if it can use it."""
    tile = TILES[tid]
    p = game.state.players[seat]
    effect = tile.effect
    if effect == "sell":
        return int(tile.params[0]) * DENIER - CUBE if any(p.cubes) else 0.0
    if effect == "peddler":
        return CUBE - int(tile.params[0]) * DENIER + 0.3 if p.deniers >= int(tile.params[0]) else 0.0
    if effect == "build":
        return 3.0 if build_codes(game, seat, tile.params[0], -1) else 0.0
    if effect == "lawyer":
        return 1.5 if p.cubes[3] and p.deniers and lawyer_targets(game, seat) else 0.0
    if effect == "trade":
        return 2.0 if any(trade_possible(game, seat, tid, o) for o in TRADES[tid]) else 0.0
    return 0.0


def choose(game: Game, level: str, rng: random.Random) -> str:
    """The AI's choice for the pending decision, among the choices a person is offered (the
    whole combinations, not the step-by-step codes kept legal for stored games)."""
    codes = game.choice_codes()
    if level == "random" or len(codes) == 1:
        return codes[int(rng.random() * len(codes))]
    if level == "strong":
        from .search import SearchSettings, search  # search imports this module

        return search(game, SearchSettings(think_s=STRONG_THINK_S, seed=rng.getrandbits(32))).code
    seat = game.to_move
    best_code, best_value = codes[0], float("-inf")
    for code in codes:
        trial = game.clone(quiet=True)  # look-ahead: no events recorded
        trial.apply(code)
        value = evaluate(trial, seat) + rng.random() * 1e-3  # tiny noise breaks ties
        if value > best_value:
            best_code, best_value = code, value
    return best_code


def ranked_choices(game: Game, seat: int) -> list[str]:
    """The pending decision's choices (it must be `seat`'s), best first as the normal (greedy)
    level values them for `seat`: the suggestions a person is offered to plan ahead."""
    values = {}
    for code in game.choice_codes():
        trial = game.clone(quiet=True)
        trial.apply(code)
        values[code] = evaluate(trial, seat)
    return sorted(values, key=lambda c: -values[c])


def evaluate(game: Game, seat: int) -> float:
    """How good the position is for `seat`, in rough prestige points."""
    s = game.state
    p = s.players[seat]
    if game.over:
        return float(game.final_scores()[seat].total)
    rounds_left = max(1.0, (MARKS[2] - s.bailiff) / 1.5)
    cubes: list[float] = [float(n) for n in p.cubes]
    value = float(p.pp) + DENIER * p.deniers + 1.2 * sum(p.favours)
    for space in range(1, ROAD_LEN + 1):
        tid = s.road_tile[space]
        if tid is None:
            continue
        tile = TILES[tid]
        if s.road_owner[space] == seat and tile.kind != "fixed":
            value += min(rounds_left, 6.0) * (0.8 + tile.income)
        if s.road_worker[space] == seat and s.phase <= 5:
            reach = 1.0 if space <= s.provost else 0.25
            if tile.effect == "produce":
                for ch in tile.params[0]:  # what this worker should bring home
                    cubes[CUBES.index(ch)] += reach
            else:
                value += reach * worker_value(game, seat, tid)
    value += holding_value(game, seat, cubes)
    return value


def evaluate_seats(game: Game, seats: Sequence[int]) -> list[float]:
    """`evaluate` for several seats at once, in the order given: the same figures (a test checks
    it) from one pass over the road, for the search, which values every seat of each position.
    `evaluate` keeps its own one-seat code: the greedy level calls it and must not get slower."""
    s = game.state
    if game.over:
        scores = game.final_scores()
        return [float(scores[seat].total) for seat in seats]
    index = {seat: i for i, seat in enumerate(seats)}
    players = [s.players[seat] for seat in seats]
    rounds_left = max(1.0, (MARKS[2] - s.bailiff) / 1.5)
    building_worth = min(rounds_left, 6.0)
    cubes: list[list[float]] = [[float(n) for n in p.cubes] for p in players]
    values = [float(p.pp) + DENIER * p.deniers + 1.2 * sum(p.favours) for p in players]
    workers_count = s.phase <= 5
    road_tile, road_owner, road_worker = s.road_tile, s.road_owner, s.road_worker
    for space in range(1, ROAD_LEN + 1):
        tid = road_tile[space]
        if tid is None:
            continue
        owner, worker = index.get(road_owner[space]), index.get(road_worker[space])
        if owner is None and worker is None:
            continue
        tile = TILES[tid]
        if owner is not None and tile.kind != "fixed":
            values[owner] += building_worth * (0.8 + tile.income)
        if worker is not None and workers_count:
            reach = 1.0 if space <= s.provost else 0.25
            if tile.effect == "produce":
                for ch in tile.params[0]:  # what this worker should bring home
                    cubes[worker][CUBES.index(ch)] += reach
            else:
                values[worker] += reach * worker_value(game, seats[worker], tid)
    for i, seat in enumerate(seats):
        values[i] += holding_value(game, seat, cubes[i])
    return values


def holding_value(game: Game, seat: int, cubes: Sequence[float]) -> float:
    """What `seat`'s cubes (with what its workers should bring home), its special-building
    places, its castle workers and its houses in the section under way are worth."""
    s = game.state
    p = s.players[seat]
    value = GOLD * cubes[G] + CUBE * (cubes[0] + cubes[1] + cubes[2] + cubes[3])
    if s.phase <= 3:
        for name, v in SPECIAL_VALUE.items():
            here = getattr(s, name)
            if here == seat or (isinstance(here, list) and seat in here):
                value += v
        if s.joust == seat and p.cubes[3] and p.deniers:
            value += 1.5
    if seat in s.castle_workers and s.phase <= 6:
        batches = int(min(cubes[0], (cubes[1] + cubes[2] + cubes[3] + cubes[G]) / 2, 3))
        section = castle_section(game)
        value += (SECTION_PP[section if section < 3 else 2] - 2.0) * batches if batches else -2.0
    if s.section < 3:
        # Anticipate the scoring of the section under construction (§1.4).
        sec = s.section
        houses = sum(1 for owner in s.castle[sec] if owner == seat)
        pp, favours = SCORING[sec](houses)
        urgency = 1.0 / max(1.0, (MARKS[sec] - s.bailiff) / 1.5)
        value += urgency * (pp + 2.5 * favours)
    return value


def absent_level(level: str, *, at_once: bool = False) -> str:
    """The level an absent player's seat is played at, for a table whose AI level is `level`:
    normal (greedy), also at an easy table (its level is for the AI seats, not a person's own),
    but hard at a hard table; the move made `at_once` at a deadline is normal even there: it is
    made under the table's lock, which a search would hold for its think time."""
    return "strong" if level == "strong" and not at_once else "greedy"


def seeded_choice(game: Game, seed: int, level: str = "random") -> str:
    """The AI's choice for decision n, drawn from a generator seeded by the game seed and n, so
    it is the same after any restart."""
    return choose(game, level, random.Random(f"{seed}:{len(game.state.history)}"))
