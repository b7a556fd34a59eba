"""Benchmark of the board image: render + PNG encode of many mid-game states.

    .venv/bin/python benchmarks/render_bench.py [--states 40] [--repeat 5] [--no-story]

Budget (docs/design): median <= 60 ms and <= 600 KB per image on a 2-core machine, and <= 2x the
bare PNG encode of the same image (the palette image `render_board` writes, encoded alone). The
last line printed is one JSON object: median_ms, p90_ms, png_bytes_median, width, height,
bare_encode_ms, ratio_to_bare (median render over median bare encode), and the medians of the
parts: draw_ms, quantise_ms, encode_ms. Unless `--no-story`, it also times the end-of-game
summary image and the replay of a whole 5-player game of 18 rounds (the longest a game can
last), in this one process (one core), as a render worker makes them: summary_ms,
summary_bytes, replay_ms, replay_frames, replay_bytes (issue 24: the replay within 10 s).
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from rendering import HEIGHT, WIDTH, render_board  # noqa: E402
from rendering.board import draw  # noqa: E402
from rendering.demo import play  # noqa: E402
from rendering.palette import encode_palette  # noqa: E402
from rendering.png import png_bytes  # noqa: E402
from rendering.view import board_view  # noqa: E402


def _median_ms(times: list[float]) -> float:
    return round(statistics.median(times) * 1000, 2)


def story_figures(players: int = 5, seed: int = 0) -> dict[str, float]:
    """The summary image and the replay of an 18-round game, timed as a render worker makes
    them from the game's past (the log replayed, every board drawn, the GIF encoded)."""
    from PIL import Image as PILImage

    from bot.games.past import past_of, replay_gif, summary_png
    from rendering.demo import long_game

    game = long_game(players, seed)
    names = [p.name for p in game.state.players]
    past = past_of(names, seed, None, game.state.history)
    summary_png(past)  # warm: fonts, the static board
    t = time.perf_counter()
    summary = summary_png(past)
    summary_ms = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    replay = replay_gif(past)
    replay_ms = (time.perf_counter() - t) * 1000
    frames = PILImage.open(io.BytesIO(replay)).n_frames
    print(
        f"story of a {game.state.round}-round {players}-player game: summary {summary_ms:.0f} ms "
        f"({len(summary)} bytes); replay {replay_ms / 1000:.2f} s, {frames} frames, {len(replay) / 1e6:.2f} MB"
    )
    return {
        "story_rounds": game.state.round,
        "summary_ms": round(summary_ms, 1),
        "summary_bytes": len(summary),
        "replay_ms": round(replay_ms, 1),
        "replay_frames": frames,
        "replay_bytes": len(replay),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--states", type=int, default=40, help="mid-game positions to render")
    ap.add_argument("--repeat", type=int, default=5, help="renders of each position")
    ap.add_argument("--lang", default="en", help="the language of the words drawn (en, ru, pt-BR, ca)")
    ap.add_argument("--no-story", action="store_true", help="skip the summary image and the replay")
    args = ap.parse_args()

    positions = []
    for i in range(args.states):
        players = 2 + i % 4
        snap = play(players, seed=1000 + i, phases=8 + (i * 7) % 60)
        positions.append((snap.game.state, snap.events, snap.pending))

    t0 = time.perf_counter()
    first = render_board(*positions[0][:2], pending=positions[0][2], lang=args.lang)
    cold_ms = (time.perf_counter() - t0) * 1000

    times: list[float] = []
    bares: list[float] = []
    sizes: list[int] = []
    # Each render is followed by the bare encode of its own output (the palette image it wrote,
    # encoded alone by the same encoder), so that both see the same load on the machine.
    for _ in range(args.repeat):
        for state, events, pending in positions:
            t = time.perf_counter()
            png = render_board(state, events, pending=pending, lang=args.lang)
            times.append(time.perf_counter() - t)
            sizes.append(len(png))
            quant = Image.open(io.BytesIO(png))
            quant.load()
            t = time.perf_counter()
            png_bytes(quant)
            bares.append(time.perf_counter() - t)
    parts: dict[str, list[float]] = {"draw": [], "quantise": [], "encode": []}
    for state, events, pending in positions:
        view = board_view(state, events, pending=pending, lang=args.lang)
        t = time.perf_counter()
        img = draw(view)
        t1 = time.perf_counter()
        quant = encode_palette(img)
        t2 = time.perf_counter()
        png_bytes(quant)
        t3 = time.perf_counter()
        parts["draw"].append(t1 - t)
        parts["quantise"].append(t2 - t1)
        parts["encode"].append(t3 - t2)
    times.sort()
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    median = statistics.median(times)
    bare = statistics.median(bares)
    print(
        f"{len(times)} images of {len(positions)} positions (2-5 players), {WIDTH}x{HEIGHT}; "
        f"first image {cold_ms:.0f} ms ({len(first)} bytes) with cold caches"
    )
    print(
        f"render + encode: median {median * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms, "
        f"max {times[-1] * 1000:.1f} ms"
    )
    print(
        f"parts (medians): draw {_median_ms(parts['draw'])} ms, quantise "
        f"{_median_ms(parts['quantise'])} ms, encode {_median_ms(parts['encode'])} ms; "
        f"render / bare encode = {median / bare:.2f}"
    )
    print(f"PNG size: median {int(statistics.median(sizes))} bytes, max {max(sizes)} bytes")
    story = {} if args.no_story else story_figures()
    print(
        json.dumps(
            {
                "median_ms": round(median * 1000, 2),
                "p90_ms": round(p90 * 1000, 2),
                "png_bytes_median": int(statistics.median(sizes)),
                "width": WIDTH,
                "height": HEIGHT,
                "bare_encode_ms": round(bare * 1000, 2),
                "ratio_to_bare": round(median / bare, 2),
                "lang": args.lang,
                "draw_ms": _median_ms(parts["draw"]),
                "quantise_ms": _median_ms(parts["quantise"]),
                "encode_ms": _median_ms(parts["encode"]),
            }
            | story
        )
    )


if __name__ == "__main__":
    main()
