"""A restore that works (docs/operations.md, "Backups" and "Moving to a new machine"): a bot
plays through the fake Discord, `caylus-bot backup` copies its database while it runs, then its
machine is lost (SIGKILL). On a new machine (another folder, another process) `caylus-bot
restore` puts the backup in place, or `caylus-bot migrate-db` copies it into PostgreSQL, and the
new bot goes on exactly where the old one was: the turn message the old process posted still
takes the next move, and the game plays to its end on top of the same move log."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import open_store
from tests.e2e.sim import GAME_OVER, Table, turn_of
from tests.fake_discord import FakeDiscord
from tests.store.pg_server import PgServer

from .proc import BotProcess, fake_env

TIMEOUT = 60.0  # per wait of the simulated players: two bot processes and their renderers
TURNS_BEFORE = 14


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(timeout=10.0)
    guild = fake.add_guild("Caylus Club")
    fake.add_channel(guild, "caylus")
    fake.add_player(guild, "ann", global_name="Ann")
    fake.add_player(guild, "bob", global_name="Bob")
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


def command(env: dict[str, str], cwd: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


async def move_log(database: str | Path, channel_id: int) -> list[tuple[int | None, str]]:
    """The channel's table's move log, read through the store (either backend)."""
    store = await open_store(database)
    try:
        table = await store.last_table_in_channel(channel_id)
        assert table is not None
        return [(m.n, m.code) for m in await store.move_log(table.id)]
    finally:
        await store.close()


@pytest.mark.parametrize("new_database", ["sqlite", "postgresql"])
async def test_backup_then_a_new_machine_goes_on_where_the_old_one_was(
    fake: FakeDiscord, tmp_path: Path, new_database: str, request: pytest.FixtureRequest
) -> None:
    [guild] = fake.state.guilds.values()
    [channel] = [c for c in fake.state.channels.values() if c.guild_id == guild.id]
    people = [m for m in guild.members.values() if m.user.username in ("ann", "bob")]
    old, new = tmp_path / "old-machine", tmp_path / "new-machine"
    old.mkdir()
    new.mkdir()
    old_env = fake_env(old, fake)
    first = await BotProcess.start(old_env, old)
    await first.line_with("ready as ", timeout=TIMEOUT)
    sim = Table(fake, channel, people, random.Random(11), timeout=TIMEOUT)
    card = await sim.seat_everyone(people[0], seats=2)
    await sim.start(card, people[0])
    for _ in range(TURNS_BEFORE):
        assert await sim.play_turn()
    turn = await fake.state.changed.wait_for(sim._next_turn, TIMEOUT, lambda: "no turn message")
    assert turn_of(turn) is not None

    backup = old / "backups" / "caylus-backup.sqlite3"
    said = command(old_env, old, "backup", str(backup))  # while the bot runs
    assert said.startswith(f"backed up {old_env['DATABASE_PATH']} to {backup}")
    before = await move_log(backup, int(channel.id))
    assert len(before) >= TURNS_BEFORE
    first.send(signal.SIGKILL, group=True)  # the old machine is lost
    await first.wait(30)

    if new_database == "sqlite":
        new_env = fake_env(new, fake)
        said = command(new_env, new, "restore", str(backup))
        assert said.startswith(f"restored {backup} to {new_env['DATABASE_PATH']}: 1 table, 1 of them open")
    else:
        server: PgServer = request.getfixturevalue("pg_server")
        url = await server.new_database("restore")
        new_env = fake_env(new, fake, DATABASE_URL=url)
        said = command(new_env, new, "migrate-db", "--from", f"sqlite:{backup}", "--to", url)
        assert said.splitlines()[-1].startswith("copied 1 table (") and f"from {backup} to" in said
    second = await BotProcess.start(new_env, new)
    await second.line_with("ready as ", timeout=TIMEOUT)
    assert "1 active table(s) loaded" in second.text

    # The old process's turn message takes the next move: the buttons of the lost machine work.
    posted_before = {m.id for m in fake.channel_messages(channel)}
    next_turn = await fake.state.changed.wait_for(sim._next_turn, TIMEOUT, lambda: "no turn message")
    assert next_turn.id in posted_before and next_turn.id == turn.id
    assert await sim.play_turn()
    await sim.play()  # on to the end, through the new process's messages
    assert any(m.content.startswith(GAME_OVER) for m in fake.channel_messages(channel))
    second.send(signal.SIGTERM)
    assert await second.wait(30) == 0, second.text
    after = await move_log(new_env.get("DATABASE_URL") or Path(new_env["DATABASE_PATH"]), int(channel.id))
    assert after[: len(before)] == before and len(after) > len(before) + 20  # the same game, to its end
    assert "Traceback" not in second.text and not fake.problems
