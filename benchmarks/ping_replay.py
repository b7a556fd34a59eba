"""Pings per player per round over many seeds: benchmarks/async_flow.py's people, replayed on the
rules core alone (no Discord), so that a figure is an average, not one game's.

    python benchmarks/ping_replay.py [--seeds 30] [--first 1] [--queue-depth K] [--no-orders]
                                     [--provost ask|cuts|stay]

The people and the game's answers are async_flow's (tests/e2e/flow.py): three seats choosing as
the greedy AI would (`seeded_choice`), the obvious choices applied for every seat
(`obvious_choice`), then the seat's standing orders, queue and declaration (`orders.answer`);
with orders, a regular player's (provost: ask only where a move would cut someone, a default
production at each choose-one production building, deliver every batch) and, when someone else
places, the placement they would choose then (`placement_now`, `--queue-depth` entries; 0: none).
`--provost` changes the regular player's provost order (what-ifs for the planners).
Queues are emptied at every phase end, as the table does. A ping is a decision a person is asked
for when the person asked before was someone else (a new decider). tests/e2e/test_async_flow.py
checks that this replay counts the pings the fake Discord saw.

Prints each seed, the pings by decision kind, and last one JSON line:
{"seeds": N, "pings_per_player_round": X, "min": X, "max": X, "by_kind": {...},
 "with_orders": {same keys} or null}
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games.ai import seeded_choice  # noqa: E402
from bot.games.orders import SeatOrders, answer  # noqa: E402
from bot.rules import new_game, obvious_choice  # noqa: E402
from tests.e2e.flow_orders import PRODUCTION_TILES, default_production, placement_now  # noqa: E402

NAMES = ["Ann", "Bob", "Cid"]
REGULAR = SeatOrders(
    provost="cuts",
    produce=tuple(sorted((tile, default_production(tile)) for tile in PRODUCTION_TILES)),
    castle=True,
)


@dataclass
class Replay:
    rounds: int
    pings: Counter[str]  # by the kind of decision the person was called back for

    @property
    def per_player_round(self) -> float:
        return sum(self.pings.values()) / (len(NAMES) * self.rounds)


def replay(
    seed: int, orders: bool, queue_depth: int = 1, rounds: int | None = None, regular: SeatOrders = REGULAR
) -> Replay:
    """One game of async_flow's people on table seed `seed` (or its first `rounds` rounds, with
    the ping of the decision pending when the next round begins, as the fake sees it)."""
    game = new_game(NAMES, seed, quiet=True)
    held = {seat: regular if orders else SeatOrders() for seat in range(len(NAMES))}
    queued: dict[int, tuple[int, int, int]] = {}  # seat -> (round, phase, workers) when queued
    phase = None
    asked: int | None = None  # the seat asked last
    pings: Counter[str] = Counter()
    while (d := game.decision) is not None:
        s = game.state
        if (s.round, s.phase) != phase:  # a phase end empties every queue
            phase = (s.round, s.phase)
            held = {seat: replace(o, queue=()) for seat, o in held.items()}
        if (ob := obvious_choice(game)) is not None:
            game.apply(ob.code)
            continue
        if (o := answer(game, held[d.player])) is not None:
            held[d.player] = o.after
            game.apply(o.code)
            continue
        if rounds is not None and s.round > rounds:
            if d.player != asked:
                pings[d.kind] += 1
            return Replay(rounds, pings)
        if orders and queue_depth and d.kind == "place":
            for seat in range(len(NAMES)):
                workers = s.players[seat].workers
                if seat == d.player or queued.get(seat) == (s.round, s.phase, workers):
                    continue
                if codes := placement_now(game, seat, seed, queue_depth):
                    held[seat] = replace(held[seat], queue=tuple(codes))
                    queued[seat] = (s.round, s.phase, workers)
        if d.player != asked:
            pings[d.kind] += 1
            asked = d.player
        game.apply(seeded_choice(game, seed, "greedy"))
    return Replay(game.state.round, pings)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=30, help="games, one per table seed")
    parser.add_argument("--first", type=int, default=1, help="the first table seed")
    parser.add_argument("--queue-depth", type=int, default=1, help="placements queued at once (async_flow's)")
    parser.add_argument("--no-orders", action="store_true", help="replay only today's defaults")
    parser.add_argument("--provost", choices=("ask", "cuts", "stay"), default="cuts", help="the regular player's provost order")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.seeds)
    regular = replace(REGULAR, provost=args.provost)
    out: dict[str, Any] = {}
    for orders in (False, True) if not args.no_orders else (False,):
        games = [replay(seed, orders, args.queue_depth, regular=regular) for seed in seeds]
        line = summary(games)
        title = f"with orders (provost: {args.provost}) and a queue of {args.queue_depth}" if orders else "without orders"
        print(f"{title}: " + ", ".join(f"{seed} {g.per_player_round:.2f}" for seed, g in zip(seeds, games, strict=True)))
        print(f"  pings per player per round {line['pings_per_player_round']} (min {line['min']}, max {line['max']})")
        print("  by decision kind " + ", ".join(f"{k} {v:.2f}" for k, v in line["by_kind"].items()))
        if orders:
            out["with_orders"] = line
        else:
            out = {**line, "with_orders": None}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
