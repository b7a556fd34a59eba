"""A sharded process (SHARD_COUNT > 1: discord.py's AutoShardedClient) through the real entry
point: ready with one gateway connection per shard, healthy, and stopped by SIGTERM within 10 s,
connected or in the middle of a Discord outage (issue 14 with issue 15's shutdown promise)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fake_discord import FakeDiscord

from .proc import BotProcess, fake_env

STOP_WITHIN = 10.0


@pytest.mark.parametrize("outage", [False, True])
async def test_a_process_of_two_shards_starts_and_stops(tmp_path: Path, outage: bool) -> None:
    fake = FakeDiscord(timeout=5.0)
    for shard in (0, 1):
        fake.add_channel(fake.add_guild(f"Shard {shard}", shard=(shard, 2)), "caylus")
    await fake.start()
    try:
        env = fake_env(tmp_path, fake, SHARD_COUNT="2", SHARD_IDS="0-1")
        bot = await BotProcess.start(env, tmp_path)
        ready = await bot.line_with("ready as ", timeout=60)
        assert "in 2 servers (shards 0,1 of 2)" in ready
        assert sorted(i["shard"] for i in fake.identifies) == [[0, 2], [1, 2]]
        checked = subprocess.run([sys.executable, "-m", "bot", "health"], cwd=tmp_path, env=env,
                                 capture_output=True, text=True, timeout=60)  # fmt: skip
        assert checked.returncode == 0, checked.stdout + checked.stderr
        if outage:
            await fake.stop()
            await bot.line_with("Attempting a reconnect for shard ID")
        sent = bot.send(signal.SIGTERM)
        code = await bot.wait(STOP_WITHIN + 5)
        assert time.monotonic() - sent < STOP_WITHIN, bot.text
        assert code == 0, bot.text
        assert "Traceback" not in bot.text  # a shard's reconnects are one line each too
    finally:
        if fake.started:
            await fake.stop()
