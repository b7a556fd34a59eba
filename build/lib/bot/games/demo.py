"""`python -m bot demo`: a complete game with AI seats through the manager and the store.

    python -m bot demo --players 4 --seed 7 --db PATH --out DIR [--level normal] [--stop-after-phases N]

Every seat is an AI of `--level` (normal by default: the greedy one-step look-ahead a table's
"normal" AI seats play; easy: a random legal choice; hard: the tree search, `--think-ms` per
decision), its choices drawn from the seed and the decision number. Each
phase report becomes `DIR/<report.filename>` (the board) and the same name with `.txt` (its
text). At the end of the game, beside them: `summary.png` (the end-of-game summary image),
`replay.gif` (the whole game, one frame per phase report) and `record.txt` (the game's record:
`python -m bot.rules replay DIR/record.txt` plays it again). The last line printed is
`final: <name>=<prestige> ...` in seat order.

`--stop-after-phases N` ends the process abruptly (`os._exit`, no clean shutdown) once N phase
reports have been written. Running the same command again with the same `--db` resumes the
stored game: reports committed but never written are written first, then play goes on. The
final line is the same as that of a run that was never interrupted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from bot.rules import Options

from .ai import LEVEL_WORDS
from .manager import ActResult, Manager
from .past import replay_gif, summary_png
from .reports import PhaseReport

DEMO_GUILD = 1
DEMO_CHANNEL = 1
DEMO_HOST = 0  # the "user" who creates and starts the demo table
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="{2..5}")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", type=Path, default=Path("data/demo/demo.sqlite3"))
    parser.add_argument("--out", type=Path, default=Path("data/demo/boards"))
    parser.add_argument(
        "--level",
        choices=tuple(LEVEL_WORDS.values()),
        default=LEVEL_WORDS["greedy"],
        help="how the AI seats play (default: normal)",
    )
    parser.add_argument(
        "--think-ms", type=int, default=500, metavar="MS", help="the hard level's think time per decision"
    )
    parser.add_argument(
        "--stop-after-phases",
        type=int,
        default=None,
        metavar="N",
        help="exit abruptly (no clean shutdown) after N phase reports",
    )


class _Writer:
    def __init__(self, out: Path, stop_after: int | None) -> None:
        self.out = out
        self.stop_after = stop_after
        self.written = 0

    async def deliver(self, manager: Manager, reports: list[PhaseReport]) -> None:
        for r in reports:
            png = await r.drawn()
            if png is not None:
                _write_atomic(self.out / r.filename, png)
            _write_atomic(self.out / r.filename.replace(".png", ".txt"), (r.title + "\n" + r.text(10**6) + "\n").encode())
            print(f"report {r.title} ({len(r.events)} events) -> {r.filename}", flush=True)
            await manager.ack(r)
            self.written += 1
            if self.stop_after is not None and self.written >= self.stop_after:
                print(f"stopping abruptly after {self.written} phase reports", flush=True)
                sys.stderr.flush()
                os._exit(0)


async def _write_story(manager: Manager, out: Path) -> None:
    """The summary image, the replay and the record of the game just played."""
    past = await manager.past(DEMO_CHANNEL)
    assert past is not None
    _write_atomic(out / "record.txt", past.record().encode())
    for name, job in (("summary.png", summary_png), ("replay.gif", replay_gif)):
        data = await manager.draw_past(job, past)
        if data is not None:
            _write_atomic(out / name, data)
            print(f"{name}: {len(data)} bytes", flush=True)


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


async def run(args: argparse.Namespace) -> int:
    args.out.mkdir(parents=True, exist_ok=True)
    for leftover in args.out.glob("*.tmp"):  # a write cut short by an earlier crash
        leftover.unlink()
    level = next(code for code, word in LEVEL_WORDS.items() if word == args.level)
    manager = await Manager.open(args.db, autoplay_ai=False, ai_level=level, ai_think_ms=args.think_ms)
    try:
        await manager.load()
        writer = _Writer(args.out, args.stop_after_phases)
        table = await manager.last_table(DEMO_CHANNEL)
        if table is not None and table.is_abandoned:
            table = None
        if table is not None and (table.seed != args.seed or len(table.seats) != args.players):
            print(
                f"error: {args.db} holds a demo game with seed {table.seed} and {len(table.seats)} "
                "players; use another --db",
                file=sys.stderr,
            )
            return 2
        # Reports committed by an earlier run but never written (it was killed in between).
        await writer.deliver(manager, await manager.undelivered_reports(DEMO_CHANNEL))
        if table is None:
            table = await manager.create_table(
                DEMO_GUILD,
                DEMO_CHANNEL,
                DEMO_HOST,
                "demo",
                args.players,
                Options(),
                seed=args.seed,
                seat_creator=False,
                ai_names=NAMES[: args.players],
            )
        if table.is_open:
            result: ActResult = await manager.start(DEMO_CHANNEL, DEMO_HOST)
            await writer.deliver(manager, result.reports)
        while table.is_started:
            result = await manager.advance(DEMO_CHANNEL, max_moves=1)
            await writer.deliver(manager, result.reports)
            if not result.moves and table.is_started:
                print("error: the game waits on a decision no AI seat can take", file=sys.stderr)
                return 1
        final = table.result
        if final is None:
            print("error: the game did not finish", file=sys.stderr)
            return 1
        await _write_story(manager, args.out)
        print(f"final: {final.line()}", flush=True)
        return 0
    finally:
        await manager.close()


def main(args: argparse.Namespace) -> int:
    return asyncio.run(run(args))
