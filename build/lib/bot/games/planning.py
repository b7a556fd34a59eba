"""Changes of a seat's round plan (bot/games/plans.py), as its person makes them: pure functions
`SeatOrders -> SeatOrders` (or `RoundPlan -> RoundPlan` wrapped by `planned`) for
`Manager.set_orders`, shared by the commands and the buttons of bot/ui."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.rules import Game

from .invites import with_first_plan
from .orders import Change, SeatOrders
from .plans import Entry, PassRule, RoundPlan, placed_this_round
from .settings import TableSettings

PlanChange = Callable[[RoundPlan], RoundPlan]


def plan_of(game: Game, orders: SeatOrders) -> RoundPlan:
    """The seat's plan for this round (an empty one if it has none, or one of an earlier round)."""
    return orders.plan_for(game) or RoundPlan(game.state.round)


def planned(game: Game, settings: TableSettings, fn: PlanChange, *, invite: bool = True) -> Change:
    """A change of the seat's plan for this round; an old queue goes (the plan replaces it); a
    first plan made as a plan (`invite`; not `/caylus queue`, the older habit) switches the
    invitation on at a table played over days (bot/games/invites.py)."""

    def change(x: SeatOrders) -> SeatOrders:
        x = replace(x, plan=fn(plan_of(game, x)), queue=())
        return with_first_plan(x, settings) if invite else x

    return change


def add_places(codes: list[str], cap: int | None = None, *, first: bool = False) -> PlanChange:
    """Places added after the plan's own (`first`: before them, e.g. "then: X"); `pass` among
    them sets the rule "when nothing fits, pass", as "carpenter, castle, pass" means."""

    def change(plan: RoundPlan) -> RoundPlan:
        entries = [Entry(c, cap) for c in codes if c != "pass"]
        if "pass" in codes:
            plan = replace(plan, passing=PassRule("pass"))
        if first:
            return plan.with_entries(entries + [e for e in plan.entries if e.place not in codes])
        return plan.adding(entries)

    return change


def pass_next(game: Game, seat: int) -> PlanChange:
    """"then: pass": the seat's next placement passes (after the workers it has placed)."""
    n = placed_this_round(game, seat)
    return lambda plan: replace(plan, passing=PassRule("after", n))


def set_rule(kind: str, n: int) -> PlanChange:
    rule = PassRule(kind, n)
    return lambda plan: replace(plan, passing=rule)


def set_answer(place: str, kind: str, code: str | None) -> PlanChange:
    return lambda plan: plan.with_answer(place, kind, code)


def set_castle(deliver: bool | None) -> PlanChange:
    """This round's castle answer: True deliver every batch one can, False ask, None the standing
    order (plans.RoundPlan.castle)."""
    return lambda plan: replace(plan, castle=deliver)


def clear_plan(x: SeatOrders) -> SeatOrders:
    return replace(x, plan=None, queue=())
