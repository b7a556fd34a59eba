"""`migrate-db`: a SQLite database copied to PostgreSQL is the same database, row for row, and
the bot plays on from it."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.games import Manager, TableSettings
from bot.store import GameStore, open_store
from bot.store.transfer import main
from tests.games.helpers import pending_at, random_code
from tests.store.pg_server import PgServer
from tests.store.test_replay import check_table, manager_on


async def build_sqlite(path: Path) -> None:
    """Finished, mid-game, undone and lobby tables, with deadlines (timers) on some."""
    manager = await manager_on(str(path), autoplay_ai=False)
    rng = random.Random(3)
    try:
        for channel in range(6):
            players = 2 + channel % 3
            await manager.create_table(
                (channel % 3) << 22, channel, 0, "host", players, seed=100 + channel, seat_creator=False,
                ai_names=[f"P{i}" for i in range(players)],
            )  # fmt: skip
            await manager.start(channel, 0)
            await manager.advance(channel, max_moves=None if channel == 0 else rng.randrange(5, 120))
        # people with a deadline, and an undo in the log
        settings = TableSettings(deadline=3600)
        await manager.create_table(7 << 22, 10, 201, "Ann", 2, seed=9, settings=settings)
        await manager.join(10, 202, "Bob")
        await manager.start(10, 201)
        for _ in range(6):
            p = pending_at(manager, 10)
            assert p is not None and p.user_id is not None
            await manager.act(10, p.user_id, p.number, random_code(p.decision, rng))
        p = pending_at(manager, 10)
        assert p is not None and p.user_id is not None
        await manager.act(10, p.user_id, p.number, random_code(p.decision, rng))
        try:
            await manager.undo(10, p.user_id)
        except Exception:
            pass  # that choice ended a phase: no undo this time
        await manager.create_table(8 << 22, 11, 301, "Cat", 3)  # an open lobby
    finally:
        await manager.close()


async def dump(store: GameStore, ids: list[int]) -> list[object]:
    out: list[object] = []
    for i in ids:
        out.append(await store.get_table(i))
        out.append(await store.move_log(i))
        out.append(await store.snapshots(i))
        out.append([(t.id, t.kind, t.due_at, t.payload, t.created_at) for t in await store.timers_for(i)])
        out.append(await store.log_size(i))
        out.append(await store.unreported(i))
    out.append(sorted((st.table.id, st.snapshot, st.moves, st.log_size) for st in await store.load_active()))
    return out


async def test_sqlite_to_postgresql_copies_everything(tmp_path: Path, pg_server: PgServer) -> None:
    path = tmp_path / "caylus.sqlite3"
    await build_sqlite(path)
    url = await pg_server.new_database("copy")
    status = await asyncio.to_thread(main, ["--from", f"sqlite:{path}", "--to", url])
    assert status == 0

    con = sqlite3.connect(path)
    ids = [r[0] for r in con.execute("SELECT id FROM game_tables ORDER BY id")]
    counts = {t: con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("moves", "snapshots", "timers")}
    assert con.execute("SELECT COUNT(*) FROM moves WHERE actor = 'undo'").fetchone()[0] in (0, 1)
    con.close()
    assert len(ids) == 8 and counts["timers"] > 0 and counts["moves"] > 300
    source, target = await open_store(path), await open_store(url)
    try:
        assert await dump(target, ids) == await dump(source, ids)
        for i in ids:
            if (await target.snapshots(i)):
                await check_table(target, i)  # the copied log still replays to every snapshot
    finally:
        await source.close()
        await target.close()

    # The bot plays on from PostgreSQL: new tables and timers get fresh ids, old games go on.
    manager = Manager(await open_store(url), render=None, autoplay_ai=False)  # type: ignore[arg-type]
    try:
        assert await manager.load() >= 6
        rec = await manager.create_table(1, 99, 0, "host", 2, seed=1, seat_creator=False, ai_names=["A", "B"])
        assert rec.id == max(ids) + 1
        await manager.start(99, 0)
        await manager.advance(3, max_moves=20)
        await manager.advance(99, max_moves=20)
        t = manager.table(3)
        assert t is not None
        await check_table(manager.store, t.id)
        await manager.store.add_timer(t.id, "test", 1.0)
    finally:
        await manager.close()

    # A second copy into the now non-empty database is refused and changes nothing.
    con2 = await asyncpg.connect(url)
    before = await con2.fetchval("SELECT COUNT(*) FROM moves")
    assert await con2.fetchval("SELECT COUNT(*) FROM move_logs") >= 1  # the finished games' logs: packed
    assert await asyncio.to_thread(main, ["--from", str(path), "--to", url]) == 1
    assert await con2.fetchval("SELECT COUNT(*) FROM moves") == before
    await con2.close()


def test_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--from", "postgresql://x/y", "--to", "postgresql://x/z"]) == 2
    assert main(["--from", "sqlite:a.db", "--to", str(tmp_path / "b.db")]) == 2
    assert main(["--from", str(tmp_path / "missing.sqlite3"), "--to", "postgresql://u@/d?host=/nowhere"]) == 1
    assert "no such SQLite file" in capsys.readouterr().err
    assert main([]) == 2
