"""Two bot processes, one PostgreSQL (issue 14): the real entry point (`python -m bot`) twice,
SHARD_COUNT=2 and SHARD_IDS 0 and 1, against one fake Discord whose gateway routes each guild's
events to its shard, and a PostgreSQL server started for the test (tests/store/pg_server.py).

Tables in guilds of both shards: each table is acted on by exactly one process (its shard's),
each reminder fires once, and killing one process with SIGKILL leaves the other's tables playing
and its own resume when it restarts.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.store import shard_of
from tests.fake_discord import FakeDiscord, FakeDiscordError
from tests.ops.proc import BotProcess, fake_env
from tests.store.pg_server import PgServer, missing_reason

from .sim import Table

SHARDS = 2
REMINDER_TEXT = "a reminder: the game waits for you"


@pytest.fixture(scope="module")
def pg_server() -> Iterator[PgServer]:
    reason = missing_reason()
    if reason is not None:
        pytest.skip(reason)
    server = PgServer.start()
    try:
        yield server
    finally:
        server.stop()


async def start(shard: int, tmp_path: Path, fake: FakeDiscord, url: str) -> BotProcess:
    folder = tmp_path / f"shard{shard}"
    folder.mkdir(exist_ok=True)
    env = fake_env(
        folder,
        fake,
        DATABASE_URL=url,
        SHARD_COUNT=str(SHARDS),
        SHARD_IDS=str(shard),
        LOG_FORMAT="plain",
        DATABASE_POOL_MAX="3",
    )
    bot = await BotProcess.start(env, folder)
    ready = await bot.line_with("ready as", timeout=60)
    assert f"in 1 server (shards {shard} of {SHARDS})" in ready
    return bot


async def stop(bot: BotProcess) -> None:
    if bot.proc.returncode is None:
        bot.send(signal.SIGTERM)
        await bot.wait(20)


def kill(bot: BotProcess) -> None:
    """SIGKILL the bot and its render workers (its process group), as a crash of its machine."""
    if bot.proc.returncode is None:
        bot.send(signal.SIGKILL, group=True)


def interactions_by_shard(fake: FakeDiscord) -> dict[int, set[int]]:
    """shard -> the shards of the guilds whose INTERACTION_CREATEs its sessions received."""
    seen: dict[int, set[int]] = {}
    for session in fake.gateway.sessions.values():
        assert session.shard is not None, "an unsharded IDENTIFY"
        for _, text in session.buffer:
            frame = json.loads(text)
            if frame["t"] == "INTERACTION_CREATE":
                guild = int(frame["d"]["guild_id"])
                seen.setdefault(session.shard[0], set()).add(shard_of(guild, SHARDS))
    return seen


def reminders(fake: FakeDiscord, table: Table) -> int:
    """Reminder posts in the table's channel (each a new message with its ping)."""
    return sum(
        1
        for call in fake.requests("POST", f"/channels/{table.channel.id}/messages")
        if REMINDER_TEXT in json.dumps(call.json or {})
    )


async def test_two_shard_processes_share_one_postgresql(tmp_path: Path, pg_server: PgServer) -> None:
    url = await pg_server.new_database("shards")
    fake = FakeDiscord(timeout=20.0)
    tables: dict[int, Table] = {}
    for shard in range(SHARDS):
        guild = fake.add_guild(f"Shard {shard}", shard=(shard, SHARDS))
        channel = fake.add_channel(guild, "caylus")
        people = [fake.add_player(guild, f"s{shard}-{name}", global_name=name) for name in ("Ann", "Bob")]
        tables[shard] = Table(fake, channel, people, random.Random(shard), timeout=20.0)
    await fake.start()
    bots: dict[int, BotProcess] = {}
    try:
        for shard in range(SHARDS):
            bots[shard] = await start(shard, tmp_path, fake, url)
        assert sorted(tuple(i["shard"]) for i in fake.identifies) == [(0, SHARDS), (1, SHARDS)]
        for shard in range(SHARDS):  # the health check of a sharded process
            for _ in range(100):
                if (tmp_path / f"shard{shard}" / "data" / "caylus.sqlite3.health").exists():
                    break
                await asyncio.sleep(0.1)
            env = fake_env(tmp_path / f"shard{shard}", fake)
            checked = subprocess.run([sys.executable, "-m", "bot", "health"], env=env, cwd=tmp_path,
                                     capture_output=True, text=True, timeout=60)  # fmt: skip
            assert checked.returncode == 0 and checked.stdout.startswith("healthy"), checked.stdout
        # only the process of shard 0 synced the commands
        assert len(fake.requests("PUT", "/applications/*/commands")) == 1

        # a table in a guild of each shard, each started with a 10-minute deadline (timers)
        for table in tables.values():
            creator = next(iter(table.people.values()))
            card = await table.seat_everyone(creator, seats=2, deadline=600)
            await table.start(card, creator)
        for table in tables.values():
            for _ in range(2):
                assert await table.play_turn()
        assert interactions_by_shard(fake) == {0: {0}, 1: {1}}

        # every pending decision's reminder due now: restart both, each fires its own once
        for bot in bots.values():
            await stop(bot)
        con = await asyncpg.connect(url)
        try:
            changed = await con.execute("UPDATE timers SET due_at = $1 WHERE kind = 'reminder'", time.time() - 1)
        finally:
            await con.close()
        assert changed == f"UPDATE {SHARDS}"
        for shard in range(SHARDS):
            bots[shard] = await start(shard, tmp_path, fake, url)
            # of the two stored tables, each process loaded its own shard's only
            assert "1 active table(s) loaded" in await bots[shard].line_with("active table(s) loaded")
        for table in tables.values():
            await fake.state.changed.wait_for(
                lambda t=table: reminders(fake, t) >= 1, 20.0, lambda: "no reminder posted"
            )
        for table in tables.values():
            assert await table.play_turn()
        assert [reminders(fake, t) for t in tables.values()] == [1, 1]

        # SIGKILL the process of shard 1: shard 0's table plays on, shard 1's gets nothing.
        # (Killed once its turn message is out: a kill between a move and its turn message
        # can leave the table without one after the restart, issue 15 item 10, `_catch_up`.)
        await fake.state.changed.wait_for(tables[1]._next_turn, 20.0, lambda: "no turn message")
        kill(bots[1])
        await bots[1].wait(10)
        await fake.state.changed.wait_for(
            lambda: not fake.gateway.connected_for(tables[1].channel.guild_id), 10.0, lambda: "still connected"
        )
        for _ in range(2):
            assert await tables[0].play_turn()
        with pytest.raises(FakeDiscordError, match="not connected"):
            await fake.slash("caylus", subcommand="status", user=next(iter(tables[1].people.values())),
                             channel=tables[1].channel)  # fmt: skip

        # restarted, it picks its table up where it was
        bots[1] = await start(1, tmp_path, fake, url)
        for _ in range(2):
            assert await tables[1].play_turn()
        assert await tables[0].play_turn()
        assert interactions_by_shard(fake) == {0: {0}, 1: {1}}
        assert [reminders(fake, t) for t in tables.values()] == [1, 1]
        assert fake.problems == []
        for bot in bots.values():
            assert "Traceback" not in bot.text, bot.text
    finally:
        for bot in bots.values():
            kill(bot)
            await bot.wait(10)  # reaped here, not by the garbage collector after the loop closed
        await fake.stop()
