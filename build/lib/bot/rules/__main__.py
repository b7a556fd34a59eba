"""The rules core from the command line:

    python -m bot.rules simulate --players N --games K --seed S [--json]   watch random games
    python -m bot.rules replay FILE [--state]                              play a game record again
    python -m bot.rules compile [--if-stale]   build the compiled rules core (bot/rules/native.py)
    python -m bot.rules core                   say which core runs, and why (exit 1: not the compiled one)
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from . import COMPILED, native
from .engine import final_scores
from .record import RecordError, read_record, replay_record
from .simulate import play_random
from .state import Options


def replay(path: str, state: bool) -> int:
    """Read a game record (`/caylus-game export`), play it again and say where it ends."""
    try:
        with open(path, encoding="utf-8") as f:
            record = read_record(f.read())
        game = replay_record(record)
    except OSError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except RecordError as e:
        print(f"error: {path}: {e}", file=sys.stderr)
        return 1
    s = game.state
    where = "game over" if game.over else f"round {s.round}, phase {s.phase}"
    print(f"{len(record.names)} players, seed {record.seed}, {len(s.history)} choices: {where}")
    print("final: " + " ".join(f"{line.name}={line.total}" for line in final_scores(s)))
    if state:
        print(game.to_json())
    return 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.rules")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play complete games with uniformly random legal choices")
    sim.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="{2..5}")
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=0, help="game i uses seed S+i")
    sim.add_argument("--json", action="store_true", help="one JSON object per line")
    sim.add_argument("--jeweller", action="store_true")
    sim.add_argument("--lawyer-pp", type=int, default=4, choices=(3, 4))
    sim.add_argument("--simple-favors", action="store_true")
    comp = sub.add_parser("compile", help="build the compiled rules core with mypyc (needs a C compiler)")
    comp.add_argument("--if-stale", action="store_true", help="only when the build does not match the source")
    sub.add_parser("core", help="which rules core runs (exit status 1: not the compiled one)")
    rep = sub.add_parser("replay", help="play a game record (/caylus-game export) again and print where it ends")
    rep.add_argument("file")
    rep.add_argument("--state", action="store_true", help="print the final state (JSON) as well")
    args = parser.parse_args(argv)
    if args.command == "replay":
        raise SystemExit(replay(args.file, args.state))
    if args.command == "compile":
        if args.if_stale and not native.why_not():
            print("the compiled rules core is up to date")
            return
        native.build()
        print(f"built the compiled rules core in {native.BUILT}")
        return
    if args.command == "core":
        reason = native.why_not()
        print("compiled (mypyc)" if COMPILED else f"Python source (compiled core: {reason or 'not asked for'})")
        raise SystemExit(0 if COMPILED else 1)
    options = Options(jeweller=args.jeweller, lawyer_pp=args.lawyer_pp, simple_favors=args.simple_favors)

    total_decisions = 0
    elapsed = 0.0
    for i in range(args.games):
        seed = args.seed + i
        start = time.perf_counter()
        game, decisions = play_random(args.players, seed, options)
        elapsed += time.perf_counter() - start
        total_decisions += decisions
        scores = {s.name: s.total for s in game.final_scores()}
        winners = [game.state.players[w].name for w in game.winners()]
        rounds = game.state.round
        if args.json:
            print(json.dumps({"seed": seed, "players": args.players, "rounds": rounds, "decisions": decisions, "scores": scores, "winners": winners}))
        else:
            table = ", ".join(f"{name} {pp}" for name, pp in scores.items())
            print(f"game {i + 1} (seed {seed}): {rounds} rounds, {decisions} decisions; {table}; winner(s): {', '.join(winners)}")
    games = max(args.games, 1)
    summary = {
        "games": args.games,
        "decisions": total_decisions,
        "ms_per_game": round(elapsed * 1000 / games, 3),
        "us_per_decision": round(elapsed * 1e6 / max(total_decisions, 1), 3),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['games']} games, {total_decisions} decisions, {summary['ms_per_game']} ms per game, {summary['us_per_decision']} µs per decision")


if __name__ == "__main__":
    main()
