"""Speed of the rules core: random complete games for 2-5 players.

Prints one line per player count, then, last, one JSON line:
{"us_per_decision": ..., "ms_per_game_4p": ..., "games_per_s_4p": ..., "ms_per_game_4p_quiet": ...,
 "clone_us": ...}
Figures are medians over games (per-decision time: total time / decisions of each game);
`ms_per_game_4p_quiet` plays the same 4-player games recording no events (quiet mode, what
simulation and search use); `clone_us` is the median time of `Game.clone(quiet=True)` over
positions of those games.
Run: .venv/bin/python benchmarks/rules_bench.py [--games 300]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bot.rules import new_game, play_random


def clone_times(games: int) -> list[float]:
    """Microseconds per `Game.clone(quiet=True)`, one median per game over 20 positions."""
    out = []
    for seed in range(games):
        game = new_game(["P1", "P2", "P3", "P4"], 10_000 + seed, quiet=True)
        times = []
        step = 0
        while not game.over:
            if step % 10 == 0:
                start = time.perf_counter()
                for _ in range(20):
                    game.clone(quiet=True)
                times.append((time.perf_counter() - start) / 20 * 1e6)
            codes = game.legal_codes()
            game.apply(codes[step % len(codes)])
            step += 1
        out.append(statistics.median(times))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    args = parser.parse_args()
    per_decision: list[float] = []
    ms_4p: list[float] = []
    for players in (2, 3, 4, 5):
        times, decisions = [], []
        for seed in range(args.games):
            start = time.perf_counter()
            _, n = play_random(players, 10_000 + seed)
            times.append(time.perf_counter() - start)
            decisions.append(n)
        per_decision.extend(t / n * 1e6 for t, n in zip(times, decisions, strict=True))
        median_ms = statistics.median(times) * 1000
        if players == 4:
            ms_4p = [t * 1000 for t in times]
        print(
            f"{players} players: median {median_ms:.2f} ms per game, median {statistics.median(decisions):.0f} decisions"
        )
    median_4p = statistics.median(ms_4p)
    quiet = []
    for seed in range(args.games):
        start = time.perf_counter()
        play_random(4, 10_000 + seed, quiet=True)
        quiet.append((time.perf_counter() - start) * 1000)
    median_quiet = statistics.median(quiet)
    print(f"4 players, quiet: median {median_quiet:.2f} ms per game")
    print(
        json.dumps(
            {
                "us_per_decision": round(statistics.median(per_decision), 2),
                "ms_per_game_4p": round(median_4p, 3),
                "games_per_s_4p": round(1000 / median_4p, 1),
                "ms_per_game_4p_quiet": round(median_quiet, 3),
                "clone_us": round(statistics.median(clone_times(min(args.games, 50))), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
