"""The community's reads with many finished games: the leaderboard, `/caylus stats` and
`/caylus mygames`, answered from the store, on SQLite or PostgreSQL.

    python benchmarks/community_load.py [--games 10000] [--people 2000] [--guilds 10]
                                        [--tables 20] [--reads 300] [--database-url postgresql://…]

Stores `--games` finished games (2 to 5 seats, a quarter of the seats AI at the three levels,
people drawn from `--people` spread over `--guilds` servers, a few heavy players) through the
store's own `record_move(outcome=...)`, so each game writes its results and rates its players in
the transaction that ends it, as a live game does; then seats one person at `--tables` started
tables on different servers. Then times, `--reads` times each, in random order:

- `leaderboard`: a page of 10 of the busiest server's board (min. 3 games), and of the bot's;
- `stats`: a heavy player's stats in a server and everywhere (with the rating history);
- `mygames`: the person at `--tables` tables (whose turn, the deadline).

Budget (issue 25): leaderboard and stats <= 50 ms p99, mygames <= 50 ms p99. Without
`--database-url` the database is a temporary SQLite file; with one, the store's tables there are
DROPPED first: give it a database of its own. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.outcome import places  # noqa: E402
from bot.store import (  # noqa: E402
    GLOBAL_SCOPE,
    GameOutcome,
    GameStore,
    MoveRecord,
    NewTimer,
    ResultRecord,
    SeatRecord,
    SnapshotRecord,
    is_postgres_url,
    open_store,
)

LEVELS = ("random", "greedy", "strong")
BUILDINGS = ("peddler", "farm_food", "sawmill", "quarry", "market", "castle", "gate", "guild", "church", "bank")
STATE = '{"bench":1}'
DROP = (
    "rating_history", "ratings", "results", "player_prefs", "watchers", "guild_settings", "timers",
    "posted_reports", "move_logs", "snapshots", "moves", "seats", "game_tables", "bot_meta", "store_schema",
)  # fmt: skip


def snap(seq: int, at: float) -> SnapshotRecord:
    return SnapshotRecord(seq=seq, round=1, phase=2, state=STATE, carry="{}", report=None, at=at)


def guild_id(k: int) -> int:
    return ((1_300_000_000_000 + k) << 22) | 7


async def drop_all(url: str) -> None:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        for name in DROP:
            await con.execute(f"DROP TABLE IF EXISTS {name} CASCADE")
        await con.execute("DROP FUNCTION IF EXISTS moves_after_the_log_is_packed() CASCADE")
    finally:
        await con.close()


async def build(store: GameStore, args: argparse.Namespace, rng: random.Random) -> dict[str, int]:
    heavy = list(range(1, 21))  # people who play a lot
    people = list(range(1, args.people + 1))
    at = 1_700_000_000.0
    for k in range(args.games):
        guild = guild_id(0 if k % 3 == 0 else rng.randrange(args.guilds))
        n = rng.randint(2, 5)
        humans = max(2, n - sum(1 for _ in range(n) if rng.random() < 0.25))
        chosen = rng.sample(heavy, 1) + rng.sample(people, humans - 1) if rng.random() < 0.3 else rng.sample(people, humans)
        chosen = list(dict.fromkeys(chosen))
        seats = [SeatRecord(i, f"P{u}", u) for i, u in enumerate(chosen)]
        while len(seats) < n:
            seats.append(SeatRecord(len(seats), "AI", None, True, ai_level=rng.choice(LEVELS)))
        at += 60.0
        rec = await store.create_table(
            guild_id=guild, channel_id=10_000 + k, creator_id=chosen[0], max_seats=len(seats), options={},
            seed=k, seats=seats, now=at - 40,
        )  # fmt: skip
        await store.start_table(rec.id, seats=seats, snapshot=snap(0, at - 30), now=at - 30, turn_seat=0)
        totals = [rng.randint(20, 90) for _ in seats]
        placed = places(totals, [False] * len(seats))
        results = [
            ResultRecord(
                seat=s.seat, name=s.name, user_id=s.user_id, ai_level=s.ai_level, score=totals[s.seat],
                place=placed[s.seat], won=placed[s.seat] == 1,
                buildings={b: rng.randint(1, 6) for b in rng.sample(BUILDINGS, 5)},
                answers=rng.randint(20, 60), answer_seconds=rng.uniform(100, 50_000),
            )
            for s in seats
        ]  # fmt: skip
        outcome = GameOutcome(rec.id, guild, at, results, rated=True)
        await store.record_move(
            rec.id, MoveRecord(0, 0, chosen[0], "pass", at), snapshot=snap(1, at), finished=True, outcome=outcome
        )
    person = args.people + 1
    for k in range(args.tables):  # the person's tables, on many servers, half waiting for them
        seats = [SeatRecord(0, "Me", person), SeatRecord(1, "Friend", person + 1), SeatRecord(2, "AI", None, True)]
        rec = await store.create_table(
            guild_id=guild_id(k), channel_id=100_000 + k, creator_id=person, max_seats=3, options={}, seed=k,
            seats=seats, now=at,
        )  # fmt: skip
        await store.start_table(
            rec.id, seats=seats, snapshot=snap(0, at), now=at, turn_seat=k % 3,
            timers=[NewTimer("deadline", at + 86_400 + k, {"seq": 0})] if k % 3 == 0 else [],
        )  # fmt: skip
    return {"person": person, "heavy": heavy[0], "busiest_guild": guild_id(0)}


async def time_reads(store: GameStore, args: argparse.Namespace, who: dict[str, int]) -> dict[str, Any]:
    reads: dict[str, Callable[[], Awaitable[Any]]] = {
        "leaderboard_server": lambda: store.leaderboard(who["busiest_guild"], min_games=3, limit=10),
        "leaderboard_server_page_5": lambda: store.leaderboard(who["busiest_guild"], min_games=3, offset=50, limit=10),
        "leaderboard_bot": lambda: store.leaderboard(GLOBAL_SCOPE, min_games=3, limit=10),
        "stats_server": lambda: store.player_stats(who["heavy"], who["busiest_guild"]),
        "stats_bot": lambda: store.player_stats(who["heavy"]),
        "mygames": lambda: store.user_tables(who["person"]),
    }
    samples: dict[str, list[float]] = {k: [] for k in reads}
    order = [k for k in reads for _ in range(args.reads)]
    random.Random(1).shuffle(order)
    for name in list(reads):  # warm the caches once
        await reads[name]()
    for name in order:
        t0 = time.perf_counter()
        await reads[name]()
        samples[name].append((time.perf_counter() - t0) * 1000)
    out: dict[str, Any] = {}
    for name, ms in samples.items():
        ms.sort()
        out[name] = {
            "p50_ms": round(statistics.median(ms), 2),
            "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
            "max_ms": round(ms[-1], 2),
        }
    stats = await store.player_stats(who["heavy"])
    mine = await store.user_tables(who["person"])
    out["facts"] = {"heavy_games": stats.games, "history_points": len(stats.history), "my_tables": len(mine)}
    return out


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        target: str | Path = args.database_url or Path(tmp) / "community.sqlite3"
        if is_postgres_url(target):
            await drop_all(str(target))
        store = await open_store(target, synchronous="OFF")
        try:
            t0 = time.perf_counter()
            who = await build(store, args, rng)
            built_s = time.perf_counter() - t0
            print(f"stored {args.games} finished games and {args.tables} tables in {built_s:.1f} s", flush=True)
            figures = await time_reads(store, args, who)
        finally:
            await store.close()
    p99 = max(v["p99_ms"] for k, v in figures.items() if k != "facts")
    return {
        "backend": "postgresql" if args.database_url else "sqlite", "games": args.games, "people": args.people,
        "build_s": round(built_s, 1), **figures, "worst_p99_ms": p99, "budget_ms": 50,
    }  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--people", type=int, default=2_000)
    parser.add_argument("--guilds", type=int, default=10)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    for name, v in result.items():
        if isinstance(v, dict):
            print(f"{name:28s} {v}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
