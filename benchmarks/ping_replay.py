"""Pings and calendar days over many seeds: benchmarks/async_flow.py's people, replayed on the
rules core alone (no Discord), so that a figure is an average, not one game's.

    python benchmarks/ping_replay.py [--seeds 30] [--first 1] [--mean-hours 4] [--queue-depth K]
                                     [--no-orders] [--provost ask|cuts|stay] [--people a,b,...]

The people and the game's answers are async_flow's (tests/e2e/flow.py): three seats choosing as
the greedy AI would (`seeded_choice`), the obvious choices applied for every seat
(`obvious_choice`), then the seat's standing orders, queue and declaration (`orders.answer`).
Three kinds of people (issue 22), all three seats alike:

- `plain`: no orders; they answer only when asked;
- `orders_queue`: a regular player's standing orders (provost: ask only where a move would cut
  someone, a default production at each choose-one production building, deliver every batch)
  and, when someone else places, the placement they would choose then (`queues_now`,
  `--queue-depth` entries), as async_flow's people queue it: while watching the table, without
  being called back (today's measure; `orders_queue_present` is the same people queueing only
  while they are there, right after their own placement);
- `regular_plan`: the same standing orders and a round plan (bot/games/plans.py), set when the
  round invites them and again whenever they are there in phase 2, from the board at that
  moment: the greedy AI's top 5 places with the pass rule it would follow (tests/e2e/planner.py).

Calendar time (tests/e2e/timeline.py): every call back is answered after an exponential delay of
mean `--mean-hours`, capped at the table's 24 h deadline where the AI moves; people called at
the same time answer in parallel; a person's consecutive decisions cost one wait. Queues are
emptied at every phase end, as the table does. A ping is a decision a person is asked for when
the person asked before was someone else (a new decider), an invitation that pings, a reminder.
tests/e2e/test_async_flow.py checks that this replay counts the pings the fake Discord saw.

Prints each seed, the pings by decision kind, the days, and last one JSON line:
{"seeds": N, "pings_per_player_round": X, "min": X, "max": X, "by_kind": {...},
 "with_orders": {same keys} or null,
 "calendar": {"plain": {"days_per_game": X, "min": X, "max": X, "waits_per_round": X,
                        "pings_per_player_round": X, ...}, "orders_queue": {...}, "regular_plan": {...}}}
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games.ai import seeded_choice  # noqa: E402
from bot.games.invites import PLAN, invited_at  # noqa: E402
from bot.games.orders import OrderAnswer, SeatOrders, after_move, answer  # noqa: E402
from bot.games.planning import add_places, planned  # noqa: E402
from bot.games.settings import TableSettings  # noqa: E402
from bot.rules import Game, new_game, obvious_choice  # noqa: E402
from tests.e2e.flow_orders import PRODUCTION_TILES, default_production, placement_now, queues_now  # noqa: E402
from tests.e2e.planner import STYLES, declaration, regular_plan  # noqa: E402
from tests.e2e.timeline import MEAN_HOURS, Calendar  # noqa: E402

NAMES = ["Ann", "Bob", "Cid"]
REGULAR = SeatOrders(
    provost="cuts",
    produce=tuple(sorted((tile, default_production(tile)) for tile in PRODUCTION_TILES)),
    castle=True,
)
PLAIN, ORDERS_QUEUE, QUEUE_PRESENT, REGULAR_PLAN = (
    "plain",
    "orders_queue",
    "orders_queue_present",
    "regular_plan",
)
PEOPLE = (PLAIN, ORDERS_QUEUE, QUEUE_PRESENT, REGULAR_PLAN)


@dataclass
class Replay:
    rounds: int
    pings: Counter[str]  # turn messages that call a new decider, by the kind of decision
    calendar: Calendar = field(default_factory=lambda: Calendar.for_table(0))
    score: float = 0.0  # the mean final score of the three seats (0 for a game cut short)

    @property
    def per_player_round(self) -> float:
        return sum(self.pings.values()) / (len(NAMES) * self.rounds)


def replay(
    seed: int,
    orders: bool,
    queue_depth: int = 1,
    rounds: int | None = None,
    regular: SeatOrders = REGULAR,
    *,
    people: str | None = None,
    mean_hours: float = MEAN_HOURS,
    style: str = "top_pass",
    invite: bool = True,
    provost_invite: bool = True,
    merge: bool = True,
    trace: list[tuple[str, int, str]] | None = None,
    old_queue: bool = False,
    quiet_reinvite: bool = True,
    keep: bool = False,
    plan_stay: bool = False,
) -> Replay:
    """One game of async_flow's people on table seed `seed` (or its first `rounds` rounds, with
    the ping of the decision pending when the next round begins, as the fake sees it).
    `people` is one of `PEOPLE` (default: `orders_queue` with `orders`, else `plain`)."""
    kind = people or (ORDERS_QUEUE if orders else PLAIN)
    game = new_game(NAMES, seed, quiet=True)
    seats = range(len(NAMES))
    held = {seat: SeatOrders() if kind == PLAIN else regular for seat in seats}
    queued: dict[int, tuple[int, int, int]] = {}  # seat -> (round, phase, workers) when queued
    cal = Calendar.for_table(seed, mean_hours)
    cal.merge_invited = merge
    cal.quiet_reinvite = quiet_reinvite
    planning = kind == REGULAR_PLAN
    before: tuple[int, int] | None = None  # round and phase where the last person was asked
    settings = TableSettings()  # async_flow's table: no deadline (the calendar's 24 h is the model's)

    def plans(seat: int) -> None:
        """`seat`'s person is there: a regular sets their plan from the board now, and in phase
        4, before speaking, declares their provost move (as if they spoke now)."""
        if not planning:
            return
        if (plan := regular_plan(game, seat, seed, style, held[seat].plan)) is not None:
            held[seat] = planned(game, settings, lambda _old: plan)(held[seat])
        if (target := declaration(game, seat, seed, held[seat])) is not None:
            held[seat] = replace(held[seat], declared=target)
        elif plan_stay and game.state.phase in (2, 3) and held[seat].declared is None:
            held[seat] = replace(held[seat], declared="stay")  # the plan's view: "Provost this round: never move it"

    handed = False  # the game stopped at its decision: the bot handed over a result there

    def move(code: str, used: OrderAnswer | None = None, actor: str = "player") -> None:
        """Apply `code` for the decider, and change the seats' orders as the table does
        (`trace`: the moves as the move log records them)."""
        nonlocal handed
        b = game.clone(quiet=True)
        if trace is not None:
            trace.append((used.source if used is not None else actor, b.to_move, code))
        game.apply(code)
        kept = {x: o.plan for x, o in held.items() if o.plan is not None}
        held.update(after_move(held, b, game, used, b.to_move))
        if keep and game.state.round > b.state.round:  # "keep my plan": the places carried to the next round
            for x, plan in kept.items():
                held[x] = replace(held[x], plan=replace(plan, round=game.state.round, answers=(), produce=(), castle=None))
        handed = False

    looks: int | None = None  # the person who just chose, still there: they plan once the bot has played on
    while (d := game.decision) is not None:
        s = game.state
        if (ob := obvious_choice(game)) is not None:
            move(ob.code, actor="rule")
            continue
        if (o := answer(game, held[d.player])) is not None:
            move(o.code, o)
            continue
        if not handed:  # the bot hands a result over here: its turn message invites
            called, invited = invited_at(game, before, held, set(seats))
            if keep and called == PLAN:  # a kept plan is not invited again
                invited = tuple(x for x in invited if held[x].plan_for(game) is None)
            if invited and ((called == PLAN and invite) or (called == "provost" and provost_invite)):
                cal.invite(invited, to=called)  # on the turn message, beside its player's ping
            before, handed = (s.round, s.phase), True
        if rounds is not None and s.round > rounds:
            cal.asks(d.player, d.kind)
            return Replay(rounds, turn_pings(cal), cal)
        if looks is not None:  # as in async_flow: they see the board after what followed their move
            plans(looks)
            looks = None
            continue
        if kind == ORDERS_QUEUE and queue_depth and d.kind == "place":
            for seat, codes in queues_now(game, seed, seats, d.player, queued, queue_depth).items():
                held[seat] = queued_now(game, held[seat], codes, old_queue)
        cal.asks(d.player, d.kind)
        for arrived in cal.wait_for(d.player):
            plans(arrived)  # called back meanwhile (invited): they plan on the board as it is now
        move(seeded_choice(game, seed, "greedy"))
        if planning and cal.present == d.player:
            looks = d.player  # still there: the plan for their next placements ("then: …")
        if kind == QUEUE_PRESENT and queue_depth and d.kind == "place" and cal.present == d.player:
            if codes := placement_now(game, d.player, seed, queue_depth):
                held[d.player] = queued_now(game, held[d.player], codes, old_queue)
    scores = [line.total for line in game.final_scores()]
    return Replay(game.state.round, turn_pings(cal), cal, statistics.fmean(scores))


def queued_now(game: Game, orders: SeatOrders, codes: list[str], old: bool = False) -> SeatOrders:
    """`orders` after `/caylus queue add:` (`codes`): since the round plan, the places added to
    the plan (bot/ui/plan.py `queue_command`); `old`: a queue of them, as before."""
    if not old:
        return planned(game, TableSettings(), add_places(codes), invite=False)(orders)
    return replace(orders, queue=tuple(codes))


def turn_pings(cal: Calendar) -> Counter[str]:
    """The pings of turn messages (a new decider), by decision kind: what the fake Discord sees
    of a table without a deadline and without invitations."""
    return Counter({k: n for k, n in cal.pings.items() if k not in ("invite", "reminder")})


def summary(games: list[Replay]) -> dict[str, Any]:
    total: Counter[str] = Counter()
    for g in games:
        total += g.pings
    player_rounds = len(NAMES) * sum(g.rounds for g in games)
    per = [g.per_player_round for g in games]
    return {
        "seeds": len(games),
        "pings_per_player_round": round(sum(total.values()) / player_rounds, 2),
        "min": round(min(per), 2),
        "max": round(max(per), 2),
        "by_kind": {kind: round(n / player_rounds, 2) for kind, n in total.most_common()},
    }


def calendar_summary(games: list[Replay]) -> dict[str, Any]:
    """The issue's calendar keys over many games: means, with the range of days."""
    rounds = sum(g.rounds for g in games)
    days = [g.calendar.now / 24 for g in games]
    pings: Counter[str] = Counter()
    waited: Counter[str] = Counter()
    invites: Counter[str] = Counter()
    for g in games:
        pings += g.calendar.pings
        invites += g.calendar.invites
        waited.update(g.calendar.waited)
    player_rounds = len(NAMES) * rounds
    return {
        "days_per_game": round(statistics.fmean(days), 2),
        "min": round(min(days), 2),
        "max": round(max(days), 2),
        "waits_per_round": round(sum(g.calendar.waits for g in games) / rounds, 2),
        "pings_per_player_round": round(sum(pings.values()) / player_rounds, 2),
        "rounds_per_game": round(rounds / len(games), 2),
        "deadline_moves_per_game": round(
            sum(g.calendar.deadline_moves for g in games) / len(games), 2
        ),
        "mean_score": round(statistics.fmean(g.score for g in games), 1),
        "pings_by_kind": {kind: round(n / player_rounds, 2) for kind, n in pings.most_common()},
        "invites_by_kind": {kind: round(n / player_rounds, 2) for kind, n in invites.most_common()},
        "hours_by_kind": {kind: round(h / rounds, 2) for kind, h in waited.most_common()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=30, help="games, one per table seed")
    parser.add_argument("--first", type=int, default=1, help="the first table seed")
    parser.add_argument(
        "--mean-hours", type=float, default=MEAN_HOURS, help="mean delay of a call back"
    )
    parser.add_argument(
        "--queue-depth", type=int, default=1, help="placements queued at once (async_flow's)"
    )
    parser.add_argument("--no-orders", action="store_true", help="replay only today's defaults")
    parser.add_argument(
        "--provost",
        choices=("ask", "cuts", "stay"),
        default="cuts",
        help="the regular player's provost order",
    )
    parser.add_argument(
        "--people", default=",".join(PEOPLE), help=f"kinds of people, among {', '.join(PEOPLE)}"
    )
    parser.add_argument(
        "--style",
        choices=STYLES,
        default=STYLES[0],
        help="how a regular's plan is made (tests/e2e/planner.py)",
    )
    parser.add_argument(
        "--old-queue", action="store_true", help="`/caylus queue add:` as before the round plan (a queue used up)"
    )
    parser.add_argument(
        "--no-invite", action="store_true", help="rounds do not invite the regulars to plan"
    )
    parser.add_argument(
        "--no-provost-invite", action="store_true", help="phase 4 does not invite everyone it would ask"
    )
    parser.add_argument(
        "--keep", action="store_true", help="regulars keep their plan for the next rounds (not invited again)"
    )
    parser.add_argument(
        "--plan-stay", action="store_true", help="regulars declare 'never move it' for the round when they plan"
    )
    parser.add_argument(
        "--reinvite", action="store_true", help="an invitation pings someone an unanswered one called"
    )
    parser.add_argument(
        "--no-merge", action="store_true", help="a turn message pings someone invited who has not come yet"
    )
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.seeds)
    regular = replace(REGULAR, provost=args.provost)
    kinds = [PLAIN] if args.no_orders else [k for k in args.people.split(",") if k]
    out: dict[str, Any] = {"with_orders": None}
    calendar: dict[str, Any] = {}
    for kind in kinds:
        games = [
            replay(
                seed,
                kind != PLAIN,
                args.queue_depth,
                regular=regular,
                people=kind,
                mean_hours=args.mean_hours,
                style=args.style,
                invite=not args.no_invite,
                provost_invite=not args.no_provost_invite, old_queue=args.old_queue,
                merge=not args.no_merge,
                quiet_reinvite=not args.reinvite,
                keep=args.keep,
                plan_stay=args.plan_stay,
            )
            for seed in seeds
        ]
        line = summary(games)
        cal = calendar_summary(games)
        calendar[kind] = cal
        print(
            f"{kind}: "
            + ", ".join(
                f"{seed} {g.per_player_round:.2f}" for seed, g in zip(seeds, games, strict=True)
            )
        )
        print(
            f"  turn pings per player per round {line['pings_per_player_round']} (min {line['min']}, max {line['max']})"
        )
        print("  by decision kind " + ", ".join(f"{k} {v:.2f}" for k, v in line["by_kind"].items()))
        print(
            f"  calendar: {cal['days_per_game']} days a game ({cal['min']}-{cal['max']}), {cal['waits_per_round']} waits"
            f" a round, {cal['pings_per_player_round']} pings per player per round, {cal['rounds_per_game']} rounds,"
            f" mean score {cal['mean_score']}"
        )
        print("  pings by kind " + ", ".join(f"{k} {v:.2f}" for k, v in cal["pings_by_kind"].items())
              + "; invitations " + ", ".join(f"{k} {v:.2f}" for k, v in cal["invites_by_kind"].items()))
        print(
            "  hours waited a round, by decision kind "
            + ", ".join(f"{k} {v:.1f}" for k, v in cal["hours_by_kind"].items())
        )
        if kind == PLAIN:
            out = {**line, **out}
        elif kind == ORDERS_QUEUE:
            out["with_orders"] = line
    out["calendar"] = calendar
    print(json.dumps(out))


if __name__ == "__main__":
    main()
