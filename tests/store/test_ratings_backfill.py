"""Ratings and stats are computed from stored games: the backfill over games whose results were
never kept (finished before version 8) gives the figures the live updates gave, on both backends."""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from bot.games import Manager
from bot.games.backfill import backfill
from bot.store import GLOBAL_SCOPE, GameStore, open_store
from tests.games.helpers import ManualClock, play_people

PEOPLE = [101, 102, 103, 104]
PLAYERS = [f"u:{u}" for u in PEOPLE] + ["ai:greedy", "ai:random"]
GUILDS = (1, 2)


async def figures(store: GameStore) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for scope in (*GUILDS, GLOBAL_SCOPE):
        out[f"ratings {scope}"] = await store.ratings_in(scope, PLAYERS)
    for u in PEOPLE:
        out[f"stats {u}"] = await store.player_stats(u)
        out[f"stats {u} in 1"] = await store.player_stats(u, 1)
    out["board"] = await store.leaderboard(GLOBAL_SCOPE, min_games=1, limit=20)
    return out


async def forget_results(store_url: str, store: GameStore) -> None:
    """The database as a bot before version 8 left it: finished games, no results, no ratings."""
    statements = ["DELETE FROM rating_history", "DELETE FROM ratings", "DELETE FROM results"]
    if store_url.startswith("postgresql://"):
        async with store._pool.acquire() as con:  # type: ignore[attr-defined]
            for s in statements:
                await con.execute(s)
        return
    con = sqlite3.connect(store_url)
    con.executescript(";".join(statements))
    con.commit()
    con.close()


async def test_backfill_gives_the_live_figures(store_url: str) -> None:
    clock = ManualClock()
    manager = Manager(await open_store(store_url), render=None, clock=clock)
    await manager.load()
    rng = random.Random(9)
    try:
        games = [((1, [101, 102, 103], "greedy"), 11), ((2, [102, 104], "random"), 12), ((1, [104, 101], None), 13)]
        for (guild, people, level), channel in games:
            await manager.create_table(guild, channel, people[0], f"U{people[0]}", len(people) + (level is not None), seed=channel)
            for u in people[1:]:
                await manager.join(channel, u, f"U{u}")
            if level is not None:
                await manager.add_ai(channel, people[0], level=level)
            await manager.start(channel, people[0])
            while (t := manager.table(channel)) is not None and not t.is_finished:
                p = t.pending
                assert p is not None and p.user_id is not None
                clock.advance(rng.choice([5.0, 60.0, 3600.0]))
                await manager.act(channel, p.user_id, p.number, rng.choice(p.decision.choices).code)
            clock.advance(60)
        live = await figures(manager.store)
        assert live["ratings 0"]["u:102"].games == 2 and live["stats 101"].games == 2
        assert live["stats 101"].answers > 0 and live["stats 101"].buildings
        await forget_results(store_url, manager.store)
        assert (await manager.store.player_stats(101)).games == 0
        done = await backfill(manager.store)
        assert (done.recorded, done.failed, done.rated) == (3, 0, 3)
        assert await figures(manager.store) == live
        again = await backfill(manager.store)  # nothing left to record; the ratings as they were
        assert (again.recorded, again.rated) == (0, 3) and await figures(manager.store) == live
    finally:
        await manager.close()


async def test_an_undo_in_the_log_is_replayed_by_the_backfill(store_url: str) -> None:
    clock = ManualClock()
    manager = Manager(await open_store(store_url), render=None, clock=clock)
    await manager.load()
    try:
        await manager.create_table(1, 5, 101, "Ann", 2, seed=2)
        await manager.join(5, 102, "Bob")
        await manager.start(5, 101)
        p = manager.table(5).pending  # type: ignore[union-attr]
        assert p is not None and p.user_id is not None
        await manager.act(5, p.user_id, p.number, p.decision.choices[-1].code)
        assert manager.can_undo(5, p.user_id)
        await manager.undo(5, p.user_id)
        t = manager.table(5)
        assert t is not None
        assert any(m.who == "undo" for m in await manager.store.move_log(t.id))
        await play_people(manager, 5, random.Random(4))
        live = await figures(manager.store)
        await forget_results(store_url, manager.store)
        await backfill(manager.store)
        assert await figures(manager.store) == live
    finally:
        await manager.close()
