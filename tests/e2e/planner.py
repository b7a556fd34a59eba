"""The round plan a regular player sets (issue 22), for the benchmarks' people: from the board as
it stands when they answer, the places the greedy AI ranks highest for them, its top 5, with the
pass rule it would follow.

The greedy AI (bot.games.ai) places where the position it values most for itself is, passing
when passing is worth more. A person planning ahead writes that down as a price: each entry gets
a cap, the most the placement may cost before passing is worth more to the greedy AI than
standing there (a denier is worth `ai.DENIER` to it); the places it values below passing now are
left out. When nothing in the plan fits (others took the places, or the price rose above every
cap), the pass rule says what the greedy AI would have done at that price: pass (`pass`), or, as
`STYLES` lets the benchmark compare, ask the player (`ask`).
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.ai import DENIER, choose, evaluate
from bot.games.invites import as_if, would_ask
from bot.games.orders import SeatOrders, declared_target, stay_here
from bot.games.plans import Entry, PassRule, RoundPlan
from bot.rules import (
    JOUST_CLOTH,
    JOUST_DENIERS,
    ROAD_LEN,
    Code,
    Game,
    kind_facts,
    placement_cost,
    use_now,
)

TOP = 5
MAX_CAP = (
    7  # a placement never costs more (§2 phase 2: 1 + the players passed, at most 5... +2 spare)
)
STYLES = ("top_pass", "top_ask", "caps_pass", "caps_ask")


def on_turn(game: Game, seat: int, kind: str = "place") -> Game | None:
    """`game` as if `seat` were to decide now a decision of `kind` pending for another (their next
    placement, their provost move), or None (bot.games.invites.as_if)."""
    d = game.decision
    return as_if(game, seat) if d is not None and d.kind == kind else None


def regular_plan(
    game: Game, seat: int, table_seed: int, style: str = "caps_pass", plan: RoundPlan | None = None
) -> RoundPlan | None:
    """The plan `seat`'s regular player sets now (module docstring): in phase 2 its places and
    pass rule, and up to phase 4 the answers at the buildings they stand on or plan for (what
    the greedy AI would choose there if it were used now); None when there is nothing left to
    plan this round. `plan`: the one they have."""
    s = game.state
    if s.phase > 4:
        return None
    plan = plan if plan is not None and plan.round == s.round else RoundPlan(s.round)
    trial = on_turn(game, seat)
    if trial is not None:
        plan = places(game, trial, seat, table_seed, style, plan)
    return answers(game, seat, table_seed, plan)


def answers(game: Game, seat: int, table_seed: int, plan: RoundPlan) -> RoundPlan:
    """`plan` with an answer at each road building `seat` stands on or plans for (its greedy
    choice if the building were used now), and the Joust field's favour when they can pay."""
    s = game.state
    spaces = {x for x in range(1, ROAD_LEN + 1) if s.road_worker[x] == seat}
    spaces |= {c.space for c in map(Code.parse, (e.place for e in plan.entries)) if c.on_road}
    for space in sorted(spaces):
        trial = use_now(game, seat, space)
        if trial is None or trial.decision is None or trial.decision.kind == "produce":
            continue  # a production is the standing order's
        rng = random.Random(f"{table_seed}:{len(s.history)}:{seat}:{space}")
        code = choose(trial, "greedy", rng)
        # "do nothing" now is often only "cannot pay now": a person leaves that to be asked
        plan = plan.with_answer(
            f"r{space}",
            trial.decision.kind,
            None if code in kind_facts(trial.decision.kind).stop_codes else code,
        )
    p = s.players[seat]
    if s.phase <= 3 and p.deniers >= JOUST_DENIERS and p.cubes[3] >= JOUST_CLOTH:
        plan = plan.with_answer("joust", "joust", "favour")
    return plan


def places(
    game: Game, trial: Game, seat: int, table_seed: int, style: str, plan: RoundPlan
) -> RoundPlan:
    """`plan` with the places and the pass rule `seat`'s regular sets on `trial` (they place)."""
    rng = random.Random(f"{table_seed}:{len(game.state.history)}:{seat}:plan")
    values: dict[str, float] = {}
    for code in trial.choice_codes():
        after = trial.clone(quiet=True)
        after.apply(code)
        values[code] = evaluate(after, seat) + rng.random() * 1e-3
    first = choose(trial, "greedy", random.Random(f"{table_seed}:{len(game.state.history)}:{seat}"))
    passing = values.pop("pass", float("-inf"))
    ranked = [] if first == "pass" else sorted(values, key=lambda c: (c != first, -values[c]))
    caps = style.startswith("caps")
    entries = []
    for code in ranked[:TOP]:
        cost = placement_cost(trial, seat, code)
        spare = values[code] - passing
        if caps and spare <= 0:
            continue  # the greedy AI would rather pass than stand there
        cap = cost + int(spare / DENIER) if caps else None
        entries.append(Entry(code, None if cap is None or cap >= MAX_CAP else cap))
    rule = "pass" if style.endswith("pass") else "ask"
    return replace(plan, entries=tuple(entries), passing=PassRule(rule))


def declaration(game: Game, seat: int, table_seed: int, orders: SeatOrders) -> str | None:
    """The provost move `seat`'s regular declares while another speaks (the greedy choice as if
    they spoke now; "stay" only while the provost stands where it is now, as the bot keeps it:
    `orders.stay_here`); None: nothing to declare."""
    if game.state.phase != 4 or on_turn(game, seat, "provost") is None or not would_ask(game, seat, orders):
        return None
    trial = on_turn(game, seat, "provost")
    assert trial is not None
    code = choose(
        trial, "greedy", random.Random(f"{table_seed}:{len(game.state.history)}:{seat}:provost")
    )
    return stay_here(game, declared_target(trial, code))
