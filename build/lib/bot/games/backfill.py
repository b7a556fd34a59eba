"""`caylus-bot ratings`: results for the games that finished before results were kept, then every
rating computed again from the stored results.

Each finished table without results is replayed from its seed and move log (the log is the
truth: `bot.games.undo.history_from_log`), its outcome worked out by `bot.games.outcome` exactly
as at the live end of a game, and stored; then `GameStore.rebuild_ratings` rates every game in
the order the games finished. The figures are those the live updates would have given (a test
plays games live, then backfills a copy without its results, and compares). Safe to run again:
a table that has results is left as it is. Run it once after upgrading, with the bot stopped
or running (a game finishing meanwhile is rated live, and again in order by the next run).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time
from dataclasses import dataclass

from bot.rules import Game
from bot.store import GameStore, StoreError, open_store

from .outcome import outcome_of
from .table import options_from_dict
from .undo import history_from_log

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Backfilled:
    recorded: int  # tables given their results now
    failed: int  # tables whose log would not replay (logged, left out)
    rated: int  # games rated by the rebuild
    seconds: float


async def backfill(store: GameStore, *, default_level: str = "random") -> Backfilled:
    """Results for every finished table that has none, then every rating again (see the module
    docstring). `default_level`: the level of AI seats stored without one (the manager's)."""
    start = time.perf_counter()
    recorded = failed = 0
    for table_id in await store.finished_unrecorded():
        rec = await store.get_table(table_id)
        if rec is None:
            continue
        moves = await store.move_log(table_id)
        try:
            history = history_from_log(moves)
            names = [s.name for s in rec.seats]
            game = Game.replay(names, rec.seed, options_from_dict(rec.options), history, quiet=True)
            if not game.over:
                raise ValueError("its log does not reach the end of the game")
        except Exception:
            log.exception("table %d: its log does not replay; no results for it", table_id)
            failed += 1
            continue
        outcome = outcome_of(
            table_id=rec.id, guild_id=rec.guild_id, seats=rec.seats, game=game, log=moves,
            started_at=rec.started_at or rec.created_at, finished_at=rec.finished_at or rec.updated_at,
            default_level=default_level, challenge=rec.challenge,
        )  # fmt: skip
        await store.record_outcome(outcome)
        recorded += 1
    rated = await store.rebuild_ratings()
    return Backfilled(recorded, failed, rated, time.perf_counter() - start)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database", default=None, help="the database (a path or postgresql:// URL; default: the settings')"
    )


def main(args: argparse.Namespace) -> int:
    from bot.config import load_settings

    target = args.database if args.database is not None else load_settings().database

    async def run() -> Backfilled:
        store = await open_store(target)
        try:
            return await backfill(store)  # AI seats without a level play at the bot's, "random"
        finally:
            await store.close()

    try:
        done = asyncio.run(run())
    except StoreError as e:
        print(f"ratings: {e}", file=sys.stderr)
        return 1
    print(
        f"results stored for {done.recorded} finished games ({done.failed} could not be replayed); "
        f"{done.rated} games rated, in {done.seconds:.1f} s"  # i18n: not for players (the operator's CLI)
    )
    return 0 if done.failed == 0 else 1
