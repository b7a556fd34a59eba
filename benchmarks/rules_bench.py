"""Speed of the rules core: random complete games for 2-5 players.

Prints one line per player count, then, last, one JSON line:
{"us_per_decision": ..., "ms_per_game_4p": ..., "games_per_s_4p": ...}
Figures are medians over games (per-decision time: total time / decisions of each game).
Run: .venv/bin/python benchmarks/rules_bench.py [--games 300]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bot.rules import play_random


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
        print(f"{players} players: median {median_ms:.2f} ms per game, median {statistics.median(decisions):.0f} decisions")
    median_4p = statistics.median(ms_4p)
    print(json.dumps({
        "us_per_decision": round(statistics.median(per_decision), 2),
        "ms_per_game_4p": round(median_4p, 3),
        "games_per_s_4p": round(1000 / median_4p, 1),
    }))


if __name__ == "__main__":
    main()
