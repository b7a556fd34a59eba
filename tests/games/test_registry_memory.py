"""The registry keeps nothing for tables that are gone: a channel's lock lives only while it is
used, and a finished table read from the store for a look-up is not kept in memory."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

from bot.games import Manager


async def test_locks_go_with_their_tables(tmp_path: Path) -> None:
    manager = await Manager.open(tmp_path / "db.sqlite3", render=None)
    reg = manager._registry
    try:
        for channel in range(5):
            await manager.create_table(1, channel, 0, "host", 2, seed=channel, seat_creator=False, ai_names=["A", "B"])
            await manager.start(channel, 0)  # AI seats play it to the end
            await manager.create_table(1, channel, 7, "Ann", 3, seed=channel)  # the finished one is forgotten
            await manager.abandon(channel, 7)
        gc.collect()
        assert len(reg._locks) == 0
        assert manager.tables() == []

        # While a lock is held (or awaited), everyone gets the same one.
        held = reg.lock(9)
        async with held:
            gc.collect()
            assert reg.lock(9) is held and reg.lock(9).locked()
            waiter = asyncio.ensure_future(_take(reg.lock(9)))
            await asyncio.sleep(0)
            assert not waiter.done()
        await waiter
        del held, waiter
        gc.collect()
        assert len(reg._locks) == 0
    finally:
        await manager.close()


async def _take(lock: asyncio.Lock) -> None:
    async with lock:
        pass


async def test_a_finished_table_looked_up_is_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    manager = await Manager.open(path, render=None)
    try:
        await manager.create_table(1, 3, 0, "host", 2, seed=4, seat_creator=False, ai_names=["A", "B"])
        await manager.start(3, 0)
        t = manager.table(3)
        assert t is not None and t.is_finished
        await manager.store.ack_reports(t.id, 10**9)  # posted: a restart does not load it
        final = t.game.to_json() if t.game else None
    finally:
        await manager.close()
    manager = await Manager.open(path, render=None)
    try:
        await manager.load()
        assert manager.tables() == []
        looked_up = await manager.last_table(3)  # /caylus status after the game
        assert looked_up is not None and looked_up.is_finished and looked_up.game is not None
        assert looked_up.game.to_json() == final
        assert manager.tables() == [] and manager.table(3) is None
    finally:
        await manager.close()
