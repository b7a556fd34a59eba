"""Greedy AI against three random seats, 4-player games.

Prints one line per game, then, last, one JSON line:
{"games": G, "greedy_win_rate": ..., "greedy_mean_score": ..., "random_mean_score": ...}
A shared first place counts as a win. The greedy seat rotates through the four seats.
Run: .venv/bin/python benchmarks/ai_arena.py --games 100
"""

from __future__ import annotations

import argparse
import json
import random
import statistics

from bot.games.ai import choose
from bot.rules import new_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    wins = 0
    greedy_scores: list[int] = []
    random_scores: list[int] = []
    for i in range(args.games):
        seed = args.seed + i
        greedy_seat = i % 4
        game = new_game(["G" if s == greedy_seat else f"R{s}" for s in range(4)], seed)
        rng = random.Random(seed)
        while not game.over:
            level = "greedy" if game.to_move == greedy_seat else "random"
            game.apply(choose(game, level, rng))
        totals = [line.total for line in game.final_scores()]
        won = greedy_seat in game.winners()
        wins += won
        greedy_scores.append(totals[greedy_seat])
        random_scores.extend(t for s, t in enumerate(totals) if s != greedy_seat)
        print(f"game {i + 1} seed {seed}: greedy {totals[greedy_seat]}, random {[t for s, t in enumerate(totals) if s != greedy_seat]}{' win' if won else ''}")
    print(json.dumps({
        "games": args.games,
        "greedy_win_rate": round(wins / args.games, 3),
        "greedy_mean_score": round(statistics.mean(greedy_scores), 1),
        "random_mean_score": round(statistics.mean(random_scores), 1),
    }))


if __name__ == "__main__":
    main()
