"""AI arenas, --players N games (2 to 5, default 4), the tested seat rotating through the seats.

Default: the greedy AI against N-1 random seats. Prints one line per game, then, last, one
JSON line:
{"players": N, "games": G, "baseline_win_rate": 1/N, "greedy_win_rate": ...,
 "greedy_win_rate_low": ..., "greedy_win_rate_high": ..., "greedy_mean_score": ...,
 "random_mean_score": ...}

--strong: the strong (search) AI against N-1 greedy seats, thinking --think-ms per decision
(or a fixed --iterations budget). Last line:
{"players": N, "games": G, "baseline_win_rate": 1/N, "strong_win_rate": ...,
 "strong_win_rate_low": ..., "strong_win_rate_high": ..., "strong_mean_score": ...,
 "greedy_mean_score": ..., "ms_per_decision_p50": ..., "ms_per_decision_p95": ...,
 "cpu_ms_per_decision_mean": ..., "iterations_per_decision_mean": ...}
(_low/_high: the win rate's 95 % Wilson interval)
over the searched decisions (forced ones excluded); CPU time is `time.process_time`, nearly
independent of the machine's load; `--clock cpu` makes --think-ms the search's own CPU time, so
that a busy machine does not shorten it. --exploration, --scale, --rollout, --rivalry, --opponents,
--widening, --horizon and --turns set the search's settings (docs/ai.md). The games are quiet
(no events recorded: nobody reads them).
A shared first place counts as a win (1/N, printed as the baseline, is what an equal player
gets: 25 % at four). Two-player games follow the rules' §5 (new_game does). --max-minutes stops
after the game that passes that wall-clock time, and "games" says how many were played.
Run: .venv/bin/python benchmarks/ai_arena.py --games 100
     nice -n 19 .venv/bin/python benchmarks/ai_arena.py --strong --iterations 20 --players 3
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import time

from bot.games.ai import choose
from bot.games.search import SearchSettings, search
from bot.rules import new_game


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate of `wins` in `games`."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def rates(name: str, players: int, wins: int, games: int) -> dict[str, float | int]:
    """The summary's first fields: players, games, the equal player's 1/N, the win rate and its
    95 % Wilson interval."""
    low, high = wilson(wins, games)
    return {
        "players": players,
        "games": games,
        "baseline_win_rate": round(1 / players, 3),
        f"{name}_win_rate": round(wins / games, 3),
        f"{name}_win_rate_low": round(low, 3),
        f"{name}_win_rate_high": round(high, 3),
    }


def greedy_vs_random(args: argparse.Namespace) -> None:
    n = args.players
    print(f"greedy against {n - 1} random seats; an equal player wins {1 / n:.1%}", flush=True)
    start = time.perf_counter()
    wins = 0
    games = 0
    greedy_scores: list[int] = []
    random_scores: list[int] = []
    for i in range(args.games):
        seed = args.seed + i
        greedy_seat = i % n
        game = new_game(["G" if s == greedy_seat else f"R{s}" for s in range(n)], seed, quiet=True)
        rng = random.Random(seed)
        while not game.over:
            level = "greedy" if game.to_move == greedy_seat else "random"
            game.apply(choose(game, level, rng))
        totals = [line.total for line in game.final_scores()]
        won = greedy_seat in game.winners()
        wins += won
        games += 1
        greedy_scores.append(totals[greedy_seat])
        random_scores.extend(t for s, t in enumerate(totals) if s != greedy_seat)
        print(
            f"game {i + 1} seed {seed}: greedy {totals[greedy_seat]}, random {[t for s, t in enumerate(totals) if s != greedy_seat]}{' win' if won else ''}"
        )
        if args.max_minutes and time.perf_counter() - start > args.max_minutes * 60:
            break
    print(
        json.dumps(
            {
                **rates("greedy", n, wins, games),
                "greedy_mean_score": round(statistics.mean(greedy_scores), 1),
                "random_mean_score": round(statistics.mean(random_scores), 1),
            }
        )
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def strong_vs_greedy(args: argparse.Namespace) -> None:
    settings = SearchSettings(
        think_s=args.think_ms / 1000,
        iterations=args.iterations,
        exploration=args.exploration,
        scale=args.scale,
        rollout=args.rollout,
        rivalry=args.rivalry,
        opponents=args.opponents,
        widening=args.widening,
        horizon=args.horizon,
        turns=args.turns,
        clock=args.clock,
    )
    n = args.players
    print(f"strong against {n - 1} greedy seats; an equal player wins {1 / n:.1%}", flush=True)
    start = time.perf_counter()
    wins = 0
    games = 0
    strong_scores: list[int] = []
    greedy_scores: list[int] = []
    ms: list[float] = []
    cpu_ms: list[float] = []
    iterations: list[int] = []
    for i in range(args.games):
        seed = args.seed + i
        strong_seat = i % n
        game = new_game(["S" if s == strong_seat else f"G{s}" for s in range(n)], seed, quiet=True)
        rng = random.Random(seed)
        while not game.over:
            if game.to_move == strong_seat:
                t0, c0 = time.perf_counter(), time.process_time()
                result = search(game, dataclasses.replace(settings, seed=rng.getrandbits(32)))
                code = result.code
                if result.iterations:  # not a forced move
                    ms.append((time.perf_counter() - t0) * 1000)
                    cpu_ms.append((time.process_time() - c0) * 1000)
                    iterations.append(result.iterations)
            else:
                code = choose(game, "greedy", rng)
            game.apply(code)
        totals = [line.total for line in game.final_scores()]
        won = strong_seat in game.winners()
        wins += won
        games += 1
        strong_scores.append(totals[strong_seat])
        others = [t for s, t in enumerate(totals) if s != strong_seat]
        greedy_scores.extend(others)
        print(
            f"game {i + 1} seed {seed}: strong {totals[strong_seat]}, greedy {others}{' win' if won else ''}"
            f" ({wins}/{games})",
            flush=True,
        )
        if args.max_minutes and time.perf_counter() - start > args.max_minutes * 60:
            break
    print(
        json.dumps(
            {
                **rates("strong", n, wins, games),
                "strong_mean_score": round(statistics.mean(strong_scores), 1),
                "greedy_mean_score": round(statistics.mean(greedy_scores), 1),
                "ms_per_decision_p50": round(percentile(ms, 0.50), 1),
                "ms_per_decision_p95": round(percentile(ms, 0.95), 1),
                "cpu_ms_per_decision_mean": round(statistics.mean(cpu_ms), 1),
                "iterations_per_decision_mean": round(statistics.mean(iterations), 1),
            }
        )
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--players", type=int, choices=range(2, 6), default=4, metavar="{2..5}",
        help="players at the table (the tested seat and N-1 others)",
    )
    parser.add_argument(
        "--strong", action="store_true", help="strong seat against N-1 greedy seats"
    )
    parser.add_argument(
        "--think-ms", type=int, default=2000, help="strong: think time per decision"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="strong: fixed iterations instead of time"
    )
    parser.add_argument(
        "--max-minutes", type=float, default=0.0, help="stop after this wall-clock time"
    )
    defaults = SearchSettings()
    parser.add_argument("--exploration", type=float, default=defaults.exploration)
    parser.add_argument("--scale", type=float, default=defaults.scale)
    parser.add_argument("--rollout", type=int, default=defaults.rollout)
    parser.add_argument("--rivalry", type=float, default=defaults.rivalry)
    parser.add_argument("--widening", type=float, default=defaults.widening)
    parser.add_argument("--horizon", choices=("", "turn", "placement"), default=defaults.horizon)
    parser.add_argument("--turns", type=int, default=defaults.turns, help="strong: turn starts the leaves' play goes on to")
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default=defaults.clock,
        help="strong: --think-ms of wall-clock time (as at a table) or of the search's own CPU time",
    )
    parser.add_argument(
        "--opponents", choices=("search", "greedy"), default=defaults.opponents,
        help="strong: search the other seats' decisions too, or assume they play greedy",
    )
    args = parser.parse_args(argv)
    if args.strong:
        strong_vs_greedy(args)
    else:
        greedy_vs_random(args)


if __name__ == "__main__":
    main()
