"""Play a seeded random game with the rules core and write its board image.

python -m rendering --players 5 --seed 3 --decisions 400 --lang ru --out board.png
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bot.i18n import LANGUAGES

from . import render_board
from .demo import play


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m rendering", description="Write a board image of a random game."
    )
    ap.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="{2..5}")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--decisions", type=int, default=None, help="random decisions to play first")
    ap.add_argument("--phases", type=int, default=None, help="or: phases to play to their end")
    ap.add_argument("--names", default="", help="comma-separated player names")
    ap.add_argument(
        "--lang", default="en", choices=LANGUAGES, help="the language of the words drawn"
    )
    ap.add_argument("--out", default="board.png")
    args = ap.parse_args(argv)
    names = [n for n in args.names.split(",") if n] or None
    decisions = args.decisions if args.decisions is not None or args.phases is not None else 200
    snap = play(args.players, args.seed, decisions=decisions, phases=args.phases, names=names)
    t0 = time.perf_counter()
    png = render_board(snap.game.state, snap.events, pending=snap.pending, lang=args.lang)
    ms = (time.perf_counter() - t0) * 1000
    Path(args.out).write_bytes(png)
    s = snap.game.state
    print(
        f"{args.out}: round {s.round}, phase {s.phase}, {len(png)} bytes, {ms:.0f} ms (first image)"
    )


if __name__ == "__main__":
    main()
