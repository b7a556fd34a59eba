"""`python -m bot sync [--guild ID]`: sync the /caylus commands to Discord, on purpose (deploys).

Logs in over REST only (no gateway), syncs the command tree globally (or to one guild: the
global commands copied there, instant) and records the tree's hash in the database, so the
next start of the bot sees an unchanged tree and does not sync again (bot.ui.command_sync).
"""

from __future__ import annotations

import logging
import sys
from typing import Any

import discord

from bot.config import Settings
from bot.store import GameStore, StoreError, open_store
from bot.ui import command_sync
from bot.ui.app import command_tree
from bot.ui.translator import CatalogueTranslator

from .runner import point_discord_at

log = logging.getLogger("bot.service")


def token_of(settings: Settings) -> str:
    raw: Any = settings.discord_token
    value = raw.get_secret_value() if hasattr(raw, "get_secret_value") else raw
    return str(value).strip()


async def sync_commands(settings: Settings, guild_id: int | None = None) -> int:
    """0 when synced; 1 (with one line on stderr) when Discord or the database refused."""
    point_discord_at(settings)
    client = discord.Client(intents=discord.Intents.none())
    tree = command_tree(client)
    await tree.set_translator(CatalogueTranslator())  # as the bot's own: the same hash
    store: GameStore | None = None
    try:
        try:
            store = await open_store(
                settings.database, min_size=1, max_size=max(1, min(2, settings.database_pool_max))
            )
        except StoreError as e:
            print(f"cannot open the database to record the sync ({e}); syncing anyway", file=sys.stderr)
        await client.login(token_of(settings))
        if guild_id:
            tree.copy_global_to(guild=discord.Object(guild_id))
        count = await command_sync.sync(tree, store, guild_id=guild_id)
    except discord.LoginFailure:
        print("sync failed: Discord refused the token (check DISCORD_TOKEN)", file=sys.stderr)
        return 1
    except (discord.HTTPException, StoreError) as e:
        print(f"sync failed: {e}", file=sys.stderr)
        return 1
    finally:
        await client.close()
        if store is not None:
            await store.close()
    where = f"to guild {guild_id}" if guild_id else "globally (may take up to an hour to show everywhere)"
    print(f"synced {count} command(s) {where}")
    return 0
