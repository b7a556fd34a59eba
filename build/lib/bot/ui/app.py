"""The Discord client (run by `python -m bot`, `make run`: see bot.service.runner).

`CaylusBot` asks for no privileged intent (only `guilds`, for channels and permissions). At
start-up (`setup_hook`) it opens the game manager on the configured database, loads the active
tables, registers the dynamic buttons and selects (so buttons posted before a restart work),
syncs the `/caylus` commands only if the tree changed since the last sync (bot.ui.command_sync;
to DEV_GUILD_ID at every start when set: instant during development) and, in the background,
re-posts the phase reports that were never acknowledged.

With SHARD_COUNT > 1 the bot is a `ShardedCaylusBot` (discord.py's AutoShardedClient over this
process's SHARD_IDS); with one shard a plain Client, which is what most installations run.

Every result of a table reaches the channel through the manager's listener (`ChannelListener`),
which the games layer calls under the table's lock: this layer holds no lock of its own.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.config import Settings
from bot.games import Manager, Renderer, render_board_png
from bot.rules import COMPILED
from bot.store import parse_shard_ids

from . import command_sync, replies
from .about import Facts, facts
from .clicks import Clicks
from .commands import command_tree
from .community import ITEMS as COMMUNITY_ITEMS
from .community import Community
from .components import DYNAMIC_ITEMS
from .info import Info
from .lang import load_personal
from .listener import ChannelListener
from .lobby import Lobby
from .orders import ITEMS as ORDER_ITEMS
from .plan import ITEMS as PLAN_ITEMS
from .play import Play
from .posting import RETRY_DELAYS, Publisher
from .translator import CatalogueTranslator

log = logging.getLogger(__name__)

# The collector's thresholds once the bot runs. Every click leaves cyclic garbage (discord.py's
# interaction and the view it rebuilds from the message: some 120 objects a decision), which
# lives through a few young passes while its requests are under way and is freed only by a
# full pass. A full pass as soon as the collector's own rule allows it (a quarter more
# long-lived objects than at the last one) rather than after ten middle passes: many short full
# passes instead of a few of 100+ ms (docs/benchmarks.md, "Garbage collector", issue 27).
GC_THRESHOLDS = (700, 10, 1)

# The level of AI seats created without one (each table chooses its own at /caylus new).
AI_LEVEL = "greedy"
# Board images are drawn in this many worker processes (0: in the manager's threads).
RENDER_PROCESSES = 2
# Every button and select the bot sends (bot/ui/clicks.py finds a click's among them).
CLICKABLE = (*DYNAMIC_ITEMS, *ORDER_ITEMS, *COMMUNITY_ITEMS, *PLAN_ITEMS)


def shard_options(settings: Settings) -> dict[str, Any]:
    """The client options of this process's shards: none with SHARD_COUNT 1 (a plain Client),
    else `shard_count` and `shard_ids` (SHARD_IDS, default all) for an AutoShardedClient."""
    if settings.shard_count <= 1:
        return {}
    ids = parse_shard_ids(settings.shard_ids or f"0-{settings.shard_count - 1}")
    return {"shard_count": settings.shard_count, "shard_ids": sorted(ids)}


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
        if isinstance(self, discord.AutoShardedClient):
            options = {**shard_options(settings), **options}
        super().__init__(intents=intents, **options)
        self.settings = settings
        self.tree = command_tree(self)
        self.play = Play(self)
        self.lobby = Lobby(self)
        self.info = Info(self)
        self.community = Community(self)
        self.languages: dict[int, str] = {}  # personal `/caylus language` settings (bot/ui/lang.py)
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
        self._clicks = Clicks(CLICKABLE)
        self.started_at = time.monotonic()  # for /caylus-about

    @property
    def manager(self) -> Manager:
        if self._manager is None:
            raise RuntimeError("the bot is not set up yet")
        return self._manager

    def facts(self, playing: int, waiting: int) -> Facts:
        """What `/caylus-about` says (the tables: this process's)."""
        return facts(self, self.started_at, playing, waiting)

    @property
    def is_set_up(self) -> bool:
        return self._publisher is not None

    @property
    def publisher(self) -> Publisher:
        if self._publisher is None:
            raise RuntimeError("the bot is not set up yet")
        return self._publisher

    def _database_name(self) -> str:
        """Where the tables come from, for the log (never the password of DATABASE_URL)."""
        if self.settings.uses_sqlite:
            return str(self.settings.database_path)
        shards = shard_options(self.settings)
        if not shards:
            return "PostgreSQL"
        ids = ",".join(map(str, shards["shard_ids"]))
        return f"PostgreSQL (the tables of shards {ids} of {shards['shard_count']})"  # i18n: not for players (the log)

    async def setup_hook(self) -> None:
        self._manager = await Manager.open(
            self.settings, listener=ChannelListener(self), **self._manager_options
        )
        loaded = await self._manager.load()
        self.languages = await load_personal(self._manager.store)
        log.info("%d active table(s) loaded from %s", loaded, self._database_name())
        log.info("rules core: %s", "compiled (mypyc)" if COMPILED else "the Python source (not compiled)")
        self._publisher = Publisher(self, self._manager, retry_delays=self._retry_delays)
        await self.tree.set_translator(CatalogueTranslator())  # ru and pt-BR commands
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
            gc.set_threshold(*GC_THRESHOLDS)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a button or select of ours (bot/ui/clicks.py); commands go to the tree."""
        if self.is_set_up:
            try:
                await self._clicks.route(interaction)
            finally:
                if interaction.type is discord.InteractionType.component:  # commands run apart (the tree)
                    replies.release(interaction)  # if answered: freed at once (an open one: once answered)

    async def _catch_up(self) -> None:
        """After a restart: re-post the reports never acknowledged and make sure every table
        waiting on a person shows its current turn message, then start the manager's timers
        (deadlines, reminders, and AI seats interrupted by the restart play on)."""
        await self.publisher.redeliver()
        self.manager.start_scheduler()

    async def _sync_commands(self) -> None:
        """DEV_GUILD_ID: sync to that guild at every start (instant, development). Otherwise
        only when the command tree changed since the last sync (bot.ui.command_sync), and with
        several shard processes only in the one owning shard 0: never unconditionally."""
        guild_id = self.settings.dev_guild_id
        if guild_id:
            self.tree.copy_global_to(guild=discord.Object(guild_id))
            synced = await command_sync.sync(self.tree, self.manager.store, guild_id=guild_id)
            log.info("synced %d command(s) to the development guild %d", synced, guild_id)
            return
        shard_ids = shard_options(self.settings).get("shard_ids")
        if shard_ids is not None and 0 not in shard_ids:
            log.info("commands are synced by the process of shard 0 (or `python -m bot sync`)")
            return
        await command_sync.sync_if_changed(self.tree, self.manager.store)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        if self._publisher is not None:
            await self._publisher.close()
        await super().close()
        if self._manager is not None:
            manager, self._manager = self._manager, None
            await manager.close()


class ShardedCaylusBot(CaylusBot, discord.AutoShardedClient):
    """The bot as one of several processes (SHARD_COUNT > 1): discord.py's AutoShardedClient
    runs this process's shards (SHARD_IDS) in one connection each; Discord sends a guild's
    interactions only to its shard, and the manager holds only those guilds' tables."""


def bot_class(settings: Settings) -> type[CaylusBot]:
    return ShardedCaylusBot if settings.shard_count > 1 else CaylusBot


# The entry point (`python -m bot`: start-up, signals, shutdown, logs) is bot.service.runner.
