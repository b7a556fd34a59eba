"""Benchmark of the board image: render + PNG encode of many mid-game states.

    .venv/bin/python benchmarks/render_bench.py [--states 40] [--repeat 5]

Budget (docs/design): median <= 60 ms and <= 600 KB per image on a 2-core machine. The last
line printed is one JSON object: median_ms, p90_ms, png_bytes_median, width, height.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rendering import HEIGHT, WIDTH, render_board  # noqa: E402
from rendering.demo import play  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--states", type=int, default=40, help="mid-game positions to render")
    ap.add_argument("--repeat", type=int, default=5, help="renders of each position")
    args = ap.parse_args()

    positions = []
    for i in range(args.states):
        players = 2 + i % 4
        snap = play(players, seed=1000 + i, phases=8 + (i * 7) % 60)
        positions.append((snap.game.state, snap.events, snap.pending))

    t0 = time.perf_counter()
    first = render_board(*positions[0][:2], pending=positions[0][2])
    cold_ms = (time.perf_counter() - t0) * 1000

    times: list[float] = []
    sizes: list[int] = []
    for _ in range(args.repeat):
        for state, events, pending in positions:
            t = time.perf_counter()
            png = render_board(state, events, pending=pending)
            times.append((time.perf_counter() - t) * 1000)
            sizes.append(len(png))
    times.sort()
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    print(
        f"{len(times)} images of {len(positions)} positions (2-5 players); first image {cold_ms:.0f} ms "
        f"({len(first)} bytes) with cold caches"
    )
    print(
        f"render + encode: median {statistics.median(times):.1f} ms, p90 {p90:.1f} ms, max {times[-1]:.1f} ms"
    )
    print(f"PNG size: median {int(statistics.median(sizes))} bytes, max {max(sizes)} bytes")
    print(
        json.dumps(
            {
                "median_ms": round(statistics.median(times), 2),
                "p90_ms": round(p90, 2),
                "png_bytes_median": int(statistics.median(sizes)),
                "width": WIDTH,
                "height": HEIGHT,
            }
        )
    )


if __name__ == "__main__":
    main()
