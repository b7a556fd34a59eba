"""The real entry point against the fake Discord: one "ready as" line with the invite link, no
voice warnings, no colour codes in a pipe, a health file the HEALTHCHECK believes, and SIGTERM /
SIGINT ending the process within 10 s, connected or in the middle of a Discord outage."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ui.about import INVITE_PERMISSIONS
from tests.fake_discord import FakeDiscord

from .proc import BotProcess, fake_env

STOP_WITHIN = 10.0


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(timeout=5.0)
    guild = fake.add_guild("Caylus Club")
    fake.add_channel(guild, "caylus")
    await fake.start()
    try:
        yield fake
    finally:
        if fake.started:
            await fake.stop()


def health(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "health"], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize("log_format", ["plain", "json"])
async def test_ready_line_health_and_sigterm_when_connected(
    fake: FakeDiscord, tmp_path: Path, log_format: str
) -> None:
    env = fake_env(tmp_path, fake, LOG_FORMAT=log_format)
    bot = await BotProcess.start(env, tmp_path)
    ready = await bot.line_with("ready as ")
    assert f"client_id={fake.application_id}" in ready
    assert f"permissions={INVITE_PERMISSIONS}" in ready and "scope=bot+applications.commands" in ready
    assert "in 1 server;" in ready  # not "1 servers"
    checked = health(env, tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("healthy")

    sent = bot.send(signal.SIGTERM)
    code = await bot.wait(STOP_WITHIN + 5)
    assert time.monotonic() - sent < STOP_WITHIN
    assert code == 0, bot.text
    text = bot.text
    assert "Traceback" not in text
    assert "PyNaCl" not in text and "davey" not in text and "voice" not in text.lower()
    assert "\x1b[" not in text  # stderr is a pipe: no colour codes
    if log_format == "json":
        records = [json.loads(line) for line in bot.lines]
        assert any(r["message"].startswith("ready as ") for r in records)
        assert {"time", "level", "logger", "message"} <= set(records[0])
    assert bot.lines[-1].endswith("stopped") or json.loads(bot.lines[-1])["message"] == "stopped"
    after = health(env, tmp_path)
    assert after.returncode == 1 and "stopped" in after.stdout
    assert not fake.problems


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_stop_during_a_discord_outage(fake: FakeDiscord, tmp_path: Path, sig: signal.Signals) -> None:
    env = fake_env(tmp_path, fake)
    bot = await BotProcess.start(env, tmp_path)
    await bot.line_with("ready as ")
    await fake.stop()  # Discord is gone: discord.py reconnects with a growing back-off
    await bot.line_with("Attempting a reconnect in")
    sent = bot.send(sig)
    code = await bot.wait(STOP_WITHIN + 5)
    assert time.monotonic() - sent < STOP_WITHIN
    assert code == 0, bot.text
    assert "Traceback" not in bot.text  # the reconnects are one line each too


async def test_ctrl_c_stops_the_bot_and_its_render_workers_quietly(fake: FakeDiscord, tmp_path: Path) -> None:
    """Ctrl-C in a terminal sends SIGINT to the whole process group, render workers included."""
    env = fake_env(tmp_path, fake)
    bot = await BotProcess.start(env, tmp_path)
    await bot.line_with("ready as ")
    sent = bot.send(signal.SIGINT, group=True)
    code = await bot.wait(STOP_WITHIN + 5)
    assert time.monotonic() - sent < STOP_WITHIN
    assert code == 0, bot.text
    assert "Traceback" not in bot.text and "KeyboardInterrupt" not in bot.text


async def test_sigterm_lets_the_posts_in_flight_finish(fake: FakeDiscord, tmp_path: Path) -> None:
    """A turn message whose first post failed (Discord 503) is being retried when SIGTERM
    comes: it is posted before the process exits (not left for the next start)."""
    from tests.e2e.sim import LOBBY_ID, card_of, turn_of

    [guild] = fake.state.guilds.values()
    [channel] = [c for c in fake.state.channels.values() if c.guild_id == guild.id]
    ann = fake.add_player(guild, "ann", global_name="Ann")
    bot = await BotProcess.start(fake_env(tmp_path, fake), tmp_path)
    await bot.line_with("ready as ")
    handle = await fake.slash(
        "caylus", subcommand="new", user=ann, channel=channel, options={"seats": 2, "ai": 1}
    )
    await handle.response()
    await fake.state.changed.wait_for(
        lambda: card_of(fake.channel_messages(channel)), 10.0, lambda: "no table card"
    )
    card = card_of(fake.channel_messages(channel))
    assert card is not None
    start = next(c for c in card.custom_ids() if LOBBY_ID.fullmatch(c) and c.endswith(":start"))
    posts = f"/channels/{channel.id}/messages"
    fake.fail_next("POST", posts, status=503, times=1)
    await (await fake.click(card, start, user=ann)).response()
    await fake.wait_for_call(lambda c: c.method == "POST" and c.path == posts and c.status == 503, 10.0)
    sent = bot.send(signal.SIGTERM)  # the publisher is waiting to retry (1 s)
    code = await bot.wait(STOP_WITHIN + 5)
    assert time.monotonic() - sent < STOP_WITHIN
    assert code == 0, bot.text
    assert any(turn_of(m) for m in fake.channel_messages(channel)), bot.text
