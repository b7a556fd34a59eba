"""Our rules core against pindia/caylus, the other Python Caylus engine, side by side.

    python benchmarks/vs_pindia.py --pindia /path/to/pindia-caylus --games 200

Random 4-player games, interleaved seed by seed in one run: pindia's engine, then ours as plain
Python and compiled (bot/rules/native.py), each plain (events recorded) and quiet (none); with
`--before DIR`, also the Python source of another checkout of this project (an older commit), as
`before`. Every engine runs in its own worker process (so no engine's garbage is collected in
another's time, and the two builds of our core can run side by side); each worker times only the
game, in CPU time (the process's: a shared machine's other work does not count), from setting it
up to its end, the garbage collector having run before it starts.

Before that pass, each worker freezes (`gc.freeze()`) what its imports made, as the bot does at
start-up (bot/ui/app.py), so the pass walks only the last game's objects. Without it, the pass
walked every object the worker had imported (27,000 in ours, ~5 MB) just before the clock started,
which evicts the CPU's caches: each game then began cold, which cost our quiet compiled game about
half its time (0.35 ms warm against 0.51 ms after a full pass, measured) and pindia's about 9 %.
`--cold` keeps that older harness (the figures before 2026-12-02) for comparison.

pindia (https://github.com/pindia/caylus) is Python 2 code: give a checkout of it (never copied into
this repository); the script converts a copy of its `game/` package to Python 3 with lib2to3 in a
temporary directory. Its engine keeps state in module-level objects that a game changes, so its
modules are imported afresh before each of its games (not timed). Its random player picks uniform
legal choices as ours does; where pindia offers a decision with no choice it is skipped. It also
logs every step through `logging` (at INFO, which is not shown): `pindia_quiet` is the same engine
with its `log` method stubbed out, the fairest match for our quiet mode.

Prints one line per engine, then, last, one JSON line:
{"games": G, "cold": false, "pindia_ms": ..., "pindia_quiet_ms": ..., "pure_ms": ..., "pure_quiet_ms": ...,
 "compiled_ms": ..., "compiled_quiet_ms": ..., "x_pure": ..., "x_pure_quiet": ..., "x_compiled": ...,
 "x_compiled_quiet": ...} (and before_ms, before_quiet_ms, x_before, x_before_quiet with --before)
(medians over games; x_...: pindia's median over ours, the quiet ones over pindia_quiet's).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


# ----- the workers ----------------------------------------------------------------------------


def caylus_worker(cold: bool) -> None:
    import gc
    import time

    import bot.rules
    from bot.rules import play_random

    settle(cold)
    print(json.dumps({"compiled": getattr(bot.rules, "COMPILED", False), "at": bot.rules.__file__}), flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        gc.collect()
        start = time.process_time()
        _, decisions = play_random(4, job["seed"], quiet=job["quiet"])
        print(json.dumps({"ms": (time.process_time() - start) * 1000, "decisions": decisions}), flush=True)


def settle(cold: bool) -> None:
    """What the worker holds now is kept out of the collector's passes (unless `cold`)."""
    import gc

    if not cold:
        gc.collect()
        gc.freeze()


def pindia_worker(source: str, cold: bool) -> None:
    import gc
    import importlib
    import random
    import time

    sys.setrecursionlimit(1_000_000)  # pindia's engine recurses through the whole game
    sys.path.insert(0, source)
    print(json.dumps({"pindia": source}), flush=True)

    def fresh(quiet: bool) -> tuple[type, type]:
        for name in [m for m in sys.modules if m == "game" or m.startswith("game.")]:
            del sys.modules[name]
        engine = importlib.import_module("game.game")
        players = importlib.import_module("game.player")
        if quiet:
            engine.Game.log = lambda self, message, player=None, *args: None

        class RandomPlayer(players.Player):  # type: ignore[misc, name-defined]
            def make_decision(self, decision: object) -> None:
                game = self.game
                game.decisions += 1
                if isinstance(decision, engine.WorkerDecision):
                    n = len(decision.buildings)
                elif isinstance(decision, engine.FavorTrackDecision):
                    n = len(decision.tracks)
                else:
                    n = len(decision.actions)
                if n == 0:  # a decision with nothing to choose: go on
                    game.pop_decision_or_continue()
                    return
                game.make_decision(decision, int(game.draw() * n))

        return engine.Game, RandomPlayer

    for line in sys.stdin:
        job = json.loads(line)
        game_class, player_class = fresh(job["quiet"])
        settle(cold)
        gc.collect()
        start = time.process_time()
        random.seed(job["seed"])
        game = game_class(players=4, player_class=player_class)
        game.draw = random.random
        game.decisions = 0
        game.continuous = True
        game.step_game()
        elapsed = (time.process_time() - start) * 1000
        print(json.dumps({"ms": elapsed, "decisions": game.decisions}), flush=True)


# ----- the run --------------------------------------------------------------------------------


class Worker:
    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, __file__, *args], cwd=ROOT, env=env, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert self.proc.stdout is not None
        self.hello = json.loads(self.proc.stdout.readline())

    def play(self, seed: int, quiet: bool) -> float:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"seed": seed, "quiet": quiet}) + "\n")
        self.proc.stdin.flush()
        return float(json.loads(self.proc.stdout.readline())["ms"])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def convert(checkout: Path, scratch: Path) -> str:
    """A Python 3 copy of pindia's `game/` package in `scratch`; its directory for sys.path."""
    shutil.copytree(checkout / "game", scratch / "game")
    subprocess.run(
        [sys.executable, "-W", "ignore", "-m", "lib2to3", "-w", "-n", "-j", "1", str(scratch / "game")],
        check=True, capture_output=True,
    )  # fmt: skip
    return str(scratch)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pindia", type=Path, required=True, help="a checkout of pindia/caylus")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--before", type=Path, help="another checkout of this project, run as plain Python")
    parser.add_argument("--cold", action="store_true", help="no gc.freeze() before the passes (the older harness)")
    args = parser.parse_args()
    cold = ["--cold"] if args.cold else []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory(prefix="pindia-") as scratch:
        source = convert(args.pindia, Path(scratch))
        workers = {
            "pindia": Worker(["--worker", "pindia", source, *cold], env),
            "pure": Worker(["--worker", "caylus", *cold], {**env, "CAYLUS_RULES": "pure"}),
            "compiled": Worker(["--worker", "caylus", *cold], {**env, "CAYLUS_RULES": "compiled"}),
        }
        if args.before:
            workers["before"] = Worker(["--worker", "caylus", *cold], {**env, "PYTHONPATH": str(args.before), "CAYLUS_RULES": "pure"})
        times: dict[str, list[float]] = {}
        for i in range(args.games):
            seed = args.seed + i
            for name, worker in workers.items():
                for quiet in (False, True):
                    key = f"{name}_quiet" if quiet else name
                    times.setdefault(key, []).append(worker.play(seed, quiet))
        for worker in workers.values():
            worker.close()
    medians = {key: statistics.median(values) for key, values in times.items()}
    for key, value in medians.items():
        print(f"{key:16} median {value:7.3f} ms per random 4-player game ({args.games} games)")
    summary: dict[str, float | int | bool] = {"games": args.games, "cold": args.cold}
    summary.update({f"{key}_ms": round(value, 3) for key, value in medians.items()})
    for key in ("pure", "compiled", *(("before",) if args.before else ())):
        summary[f"x_{key}"] = round(medians["pindia"] / medians[key], 2)
        summary[f"x_{key}_quiet"] = round(medians["pindia_quiet"] / medians[f"{key}_quiet"], 2)
    print(json.dumps(summary))


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        if sys.argv[2] == "pindia":
            pindia_worker(sys.argv[3], "--cold" in sys.argv)
        else:
            caylus_worker("--cold" in sys.argv)
    else:
        main()
