"""`caylus-bot demo` (`make demo`): a newcomer's first look is a game people would play. Its seats
play at the normal level by default: random seats end a 2-player game at 3–16 PP, normal ones at
64–127 (seeds 1–3), so the scores tell the levels apart."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from bot.__main__ import _parser

ROOT = Path(__file__).resolve().parents[2]


def demo(tmp_path: Path, *extra: str) -> list[int]:
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--players", "2", "--seed", "1",
         "--db", str(tmp_path / "demo.sqlite3"), "--out", str(tmp_path / "boards"), *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    final = proc.stdout.strip().splitlines()[-1]
    assert final.startswith("final: "), final
    return [int(n) for n in re.findall(r"=(\d+)", final)]


def test_the_demo_plays_at_the_normal_level(tmp_path: Path) -> None:
    args = _parser().parse_args(["demo"])
    assert isinstance(args, argparse.Namespace) and args.level == "normal"
    normal = demo(tmp_path / "normal")
    easy = demo(tmp_path / "easy", "--level", "easy")
    assert min(normal) >= 40, normal  # random play never gets there
    assert max(easy) < 40, easy
