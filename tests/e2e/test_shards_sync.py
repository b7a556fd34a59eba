"""Command sync on purpose (issue 14): the bot syncs at start only when the command tree changed
since the last sync (its hash in the database); `python -m bot sync` syncs on demand."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.config import Settings
from bot.ui import command_sync
from bot.ui.app import CaylusBot
from tests.e2e.conftest import ERROR_LOGGERS, World, tiny_render
from tests.fake_discord import running_bot


def syncs(world: World) -> int:
    """Global syncs the fake received (PUT /applications/{id}/commands)."""
    calls = world.fake.requests("PUT", "/applications/*/commands")
    return sum(1 for c in calls if "/guilds/" not in c.path)


async def test_a_restart_with_an_unchanged_tree_does_not_sync(world: World) -> None:
    async with world.bot():
        pass
    assert syncs(world) == 1
    assert [c["name"] for c in world.fake.commands()][0] == "caylus"
    async with world.bot():
        pass
    async with world.bot() as run:
        handle = await world.fake.slash("caylus", subcommand="help", user=world.ann, channel=world.channel)
        await handle.response()
        assert await run.bot.manager.store.get_meta(
            command_sync.meta_key(run.bot.application_id)
        ) == await command_sync.tree_hash(run.bot.tree)
    assert syncs(world) == 1


async def test_a_changed_tree_syncs_once(world: World) -> None:
    async with world.bot():
        pass
    assert syncs(world) == 1

    @app_commands.command(name="extra", description="a command added by a new version")
    async def extra(interaction: object) -> None:  # pragma: no cover - never invoked
        pass

    original = command_sync.tree_hash

    async def tree_with_extra(tree: app_commands.CommandTree, guild: object = None) -> str:
        if tree.get_command("extra") is None:
            tree.add_command(extra)
        return await original(tree, guild)  # type: ignore[arg-type]

    world.monkeypatch.setattr(command_sync, "tree_hash", tree_with_extra)
    async with world.bot():
        pass
    assert syncs(world) == 2
    assert {"caylus", "extra"} <= {c["name"] for c in world.fake.commands()}
    async with world.bot():
        pass
    assert syncs(world) == 2


async def test_the_dev_guild_is_synced_at_every_start(world: World) -> None:
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, discord_token="fake-token", database_path=world.db, dev_guild_id=int(world.guild.id)
    )

    def make(**client_kwargs: Any) -> CaylusBot:
        return CaylusBot(settings, render=tiny_render, synchronous="NORMAL", **client_kwargs)

    for _ in range(2):
        async with running_bot(world.fake, make, monkeypatch=world.monkeypatch, error_loggers=ERROR_LOGGERS):
            pass
    assert len(world.fake.requests("PUT", f"/applications/*/guilds/{world.guild.id}/commands")) == 2
    assert syncs(world) == 0
