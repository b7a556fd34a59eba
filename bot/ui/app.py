"""The Discord client (run by `python -m bot`, `make run`: see bot.service.runner).

`CaylusBot` asks for no privileged intent (only `guilds`, for channels and permissions). At
start-up (`setup_hook`) it opens the game manager on the configured database, loads the active
tables, registers the dynamic buttons and selects (so buttons posted before a restart work),
syncs the `/caylus` commands (to DEV_GUILD_ID only, when set: instant during development) and,
in the background, re-posts the phase reports that were never acknowledged.

Every result of a table reaches the channel through the manager's listener (`ChannelListener`),
which the games layer calls under the table's lock: this layer holds no lock of its own.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.config import Settings
from bot.games import Manager, Renderer, render_board_png

from . import replies, texts
from .commands import CaylusCommands
from .components import DYNAMIC_ITEMS
from .info import Info
from .listener import ChannelListener
from .lobby import Lobby
from .play import Play
from .posting import RETRY_DELAYS, Publisher

log = logging.getLogger(__name__)

# The level of AI seats created without one (each table chooses its own at /caylus new).
AI_LEVEL = "greedy"
# Board images are drawn in this many worker processes (0: in the manager's threads).
RENDER_PROCESSES = 2


class CaylusTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            await replies.say(interaction, texts.not_here())
            return
        log.error("/%s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=error)
        await replies.say(interaction, texts.internal_error())


class CaylusBot(discord.Client):
    """The bot: commands and components in, the manager in the middle, the publisher out."""

    def __init__(
        self,
        settings: Settings,
        *,
        render: Renderer | None = render_board_png,
        render_processes: int = 0,
        ai_level: str = AI_LEVEL,
        synchronous: str = "FULL",
        retry_delays: Sequence[float] = RETRY_DELAYS,
        clock: Callable[[], float] | None = None,
        freeze_memory: bool = False,
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        options.setdefault("max_messages", None)
        super().__init__(intents=intents, **options)
        self.settings = settings
        self.tree = CaylusTree(self)
        self.tree.add_command(CaylusCommands())
        self.play = Play(self)
        self.lobby = Lobby(self)
        self.info = Info(self)
        self._manager_options: dict[str, Any] = {
            "render": render,
            "render_processes": render_processes,
            "ai_level": ai_level,
            "synchronous": synchronous,
        }
        if clock is not None:  # the manager's clock: deadlines and reminders (tests)
            self._manager_options["clock"] = clock
        self._retry_delays = tuple(retry_delays)
        self._freeze_memory = freeze_memory
        self._manager: Manager | None = None
        self._publisher: Publisher | None = None
        self._background: set[asyncio.Task[Any]] = set()

    @property
    def manager(self) -> Manager:
        if self._manager is None:
            raise RuntimeError("the bot is not set up yet")
        return self._manager

    @property
    def publisher(self) -> Publisher:
        if self._publisher is None:
            raise RuntimeError("the bot is not set up yet")
        return self._publisher

    async def setup_hook(self) -> None:
        self._manager = await Manager.open(
            self.settings, listener=ChannelListener(self), **self._manager_options
        )
        loaded = await self._manager.load()
        log.info("%d active table(s) loaded from %s", loaded, self.settings.database_path)
        self._publisher = Publisher(self, self._manager, retry_delays=self._retry_delays)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self._sync_commands()
        task = asyncio.create_task(self._catch_up(), name="caylus-catch-up")
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        if self._freeze_memory:
            # Everything loaded so far (modules, the tables) lives as long as the process: keep
            # it out of the garbage collector's full passes, which would otherwise stall the
            # event loop for 100+ ms every so often.
            gc.collect()
            gc.freeze()

    async def _catch_up(self) -> None:
        """After a restart: re-post the reports never acknowledged and make sure every table
        waiting on a person shows its current turn message, then start the manager's timers
        (deadlines, reminders, and AI seats interrupted by the restart play on)."""
        await self.publisher.redeliver()
        self.manager.start_scheduler()

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to the development guild %d", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global command(s)", len(synced))

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        if self._publisher is not None:
            await self._publisher.close()
        await super().close()
        if self._manager is not None:
            manager, self._manager = self._manager, None
            await manager.close()


# The entry point (`python -m bot`: start-up, signals, shutdown, logs) is bot.service.runner.
