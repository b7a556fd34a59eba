"""Sharded IDENTIFY against the fake gateway (issue 14): the real discord.py AutoShardedClient
(`ShardedCaylusBot`) over some of the shards gets only its shards' guilds and their events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import Settings
from bot.store import shard_of
from bot.ui import command_sync
from bot.ui.app import CaylusBot, ShardedCaylusBot, bot_class, command_tree, shard_options
from tests.e2e.conftest import ERROR_LOGGERS, tiny_render
from tests.fake_discord import FakeDiscord, FakeDiscordError, running_bot


def settings(db: Path, **extra: Any) -> Settings:
    return Settings(  # type: ignore[call-arg]
        _env_file=None, discord_token="fake-token", database_path=db, **extra
    )


def test_the_client_class_follows_the_shard_count(tmp_path: Path) -> None:
    one = settings(tmp_path / "db.sqlite3")
    assert bot_class(one) is CaylusBot and shard_options(one) == {}
    two = settings(tmp_path / "db.sqlite3", shard_count=4, shard_ids="1-2")
    assert bot_class(two) is ShardedCaylusBot
    assert shard_options(two) == {"shard_count": 4, "shard_ids": [1, 2]}
    assert shard_options(settings(tmp_path / "x", shard_count=2)) == {"shard_count": 2, "shard_ids": [0, 1]}


async def test_a_process_gets_only_its_shards_guilds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeDiscord(timeout=5.0)
    mine = fake.add_guild("Shard One", shard=(1, 2))
    other = fake.add_guild("Shard Zero", shard=(0, 2))
    assert shard_of(int(mine.id), 2) == 1 and shard_of(int(other.id), 2) == 0
    channels = {g.id: fake.add_channel(g, "caylus") for g in (mine, other)}
    ann = fake.add_user("ann")
    for g in (mine, other):
        fake.add_member(g, ann)
    config = settings(tmp_path / "db.sqlite3", shard_count=2, shard_ids="1")
    # the commands as synced by the process of shard 0 (or `python -m bot sync`)
    tree = command_tree(discord.Client(intents=discord.Intents.none()))
    fake.state.store_commands(None, await command_sync.tree_payload(tree))

    def make(**client_kwargs: Any) -> CaylusBot:
        return ShardedCaylusBot(config, render=tiny_render, synchronous="NORMAL", **client_kwargs)

    async with running_bot(fake, make, monkeypatch=monkeypatch, error_loggers=ERROR_LOGGERS) as run:
        [identify] = fake.identifies
        assert identify["shard"] == [1, 2]
        assert [g.id for g in run.bot.guilds] == [int(mine.id)]
        assert run.bot.shard_count == 2 and set(run.bot.shards) == {1}
        # the process of shard 0 syncs the commands; this one does not
        assert fake.requests("PUT", "/applications/*/commands") == []
        handle = await fake.slash("caylus", subcommand="help", user=ann, channel=channels[mine.id])
        assert handle.record.guild_id == mine.id
        await handle.response()
        with pytest.raises(FakeDiscordError, match="not connected"):
            await fake.slash("caylus", subcommand="help", user=ann, channel=channels[other.id])


async def test_invalid_shards_are_refused(tmp_path: Path) -> None:
    from tests.fake_discord.gateway import Gateway

    gateway = Gateway(FakeDiscord().state)
    assert gateway._shard({}) is None and gateway._shard({"shard": [0, 1]}) is None
    assert gateway._shard({"shard": [1, 2]}) == (1, 2)
    for bad in ([2, 2], [0, 0], "0", [0]):
        with pytest.raises(ValueError):
            gateway._shard({"shard": bad})
