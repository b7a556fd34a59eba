"""Cost of `obvious_choice` (issue 10), asked once at every decision of random 4-player games,
and how often each rule finds an obvious choice (applied then, as the games layer does).

Prints one line per decision kind, then, last, one JSON line:
{"decisions": N, "us_median": ..., "us_mean": ..., "us_p95": ..., "obvious": N, "by_reason": {...}}
Run: .venv/bin/python benchmarks/obvious_bench.py [--games 100]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter, defaultdict

from bot.rules import new_game, obvious_choice


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    times: list[float] = []
    by_kind: dict[str, list[float]] = defaultdict(list)
    reasons: Counter[str] = Counter()
    for seed in range(args.games):
        game = new_game(["P1", "P2", "P3", "P4"], 20_000 + seed, quiet=True)
        rng = random.Random(seed)
        while not game.over:
            kind = game.decision.kind if game.decision else ""
            start = time.perf_counter()
            ob = obvious_choice(game)
            us = (time.perf_counter() - start) * 1e6
            times.append(us)
            by_kind[kind].append(us)
            if ob is not None:
                reasons[ob.reason] += 1
                game.apply(ob.code)
                continue
            codes = game.legal_codes()
            game.apply(codes[int(rng.random() * len(codes))])
    for kind, ts in sorted(by_kind.items(), key=lambda kv: -statistics.median(kv[1])):
        print(f"{kind:18} {len(ts):6} decisions, median {statistics.median(ts):7.1f} us")
    times.sort()
    print(json.dumps({
        "decisions": len(times),
        "us_median": round(statistics.median(times), 1),
        "us_mean": round(statistics.fmean(times), 1),
        "us_p95": round(times[int(0.95 * len(times))], 1),
        "obvious": sum(reasons.values()),
        "by_reason": dict(reasons),
    }))


if __name__ == "__main__":
    main()
