"""`python -m bot sync [--guild ID]` (issue 14): commands synced on purpose, for deploys; the
bot started after it sees an unchanged tree and does not sync again."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.fake_discord import FakeDiscord

from .proc import BotProcess, fake_env


def global_syncs(fake: FakeDiscord) -> int:
    return sum(1 for c in fake.requests("PUT", "/applications/*/commands") if "/guilds/" not in c.path)


async def test_sync_then_start_syncs_once(tmp_path: Path) -> None:
    fake = FakeDiscord(timeout=10.0)
    guild = fake.add_guild("Club")
    fake.add_channel(guild, "caylus")
    await fake.start()
    try:
        env = fake_env(tmp_path, fake)
        sync = await BotProcess.start(env, tmp_path, "sync")
        assert await sync.wait(60) == 0, sync.text
        assert global_syncs(fake) == 1
        assert [c["name"] for c in fake.commands()][0] == "caylus"  # and the community's beside it

        to_guild = await BotProcess.start(env, tmp_path, "sync", "--guild", guild.id)
        assert await to_guild.wait(60) == 0, to_guild.text
        assert [c["name"] for c in fake.commands(guild)][0] == "caylus"
        assert global_syncs(fake) == 1

        bot = await BotProcess.start(env, tmp_path)
        await bot.line_with("ready as", timeout=60)
        assert "commands unchanged since the last sync" in bot.text
        bot.send(signal.SIGTERM)
        assert await bot.wait(20) == 0
        assert global_syncs(fake) == 1
        assert "Traceback" not in bot.text + sync.text + to_guild.text
    finally:
        await fake.stop()


async def test_sync_with_a_refused_token_says_so(tmp_path: Path) -> None:
    fake = FakeDiscord(token="another-token")
    await fake.start()
    try:
        done = await BotProcess.start(fake_env(tmp_path, fake), tmp_path, "sync")
        assert await done.wait(60) == 1
        assert "refused the token" in done.text and "Traceback" not in done.text
        assert global_syncs(fake) == 0
    finally:
        await fake.stop()
