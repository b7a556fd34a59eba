"""Command sync on purpose: Discord rate-limits repeated syncs, so the bot never syncs blindly.

`python -m bot sync` (global, or `--guild ID`) is the deploy step. At start-up the bot syncs the
global commands only when the command tree changed since the last sync: the SHA-256 of the
tree's JSON (exactly the payload a sync sends) is kept in the store's `bot_meta` table under
`commands:<application id>:global` (or `…:guild:<id>`). DEV_GUILD_ID keeps its instant guild sync
at every start (development).
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.store import GameStore, StoreError

log = logging.getLogger(__name__)


async def tree_payload(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None = None) -> list[Any]:
    """What `tree.sync(guild=guild)` would send (translated when the tree has a translator)."""
    commands = tree._get_all_commands(guild=guild)
    translator = tree.translator
    if translator:
        return [await c.get_translated_payload(tree, translator) for c in commands]
    return [c.to_dict(tree) for c in commands]


async def tree_hash(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None = None) -> str:
    payload = await tree_payload(tree, guild)
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def meta_key(application_id: int | None, guild_id: int | None = None) -> str:
    scope = "global" if guild_id is None else f"guild:{guild_id}"
    return f"commands:{application_id}:{scope}"


async def sync(
    tree: app_commands.CommandTree[Any], store: GameStore | None, *, guild_id: int | None = None
) -> int:
    """Sync now (global, or to one guild) and remember the tree's hash; the number synced."""
    guild = discord.Object(guild_id) if guild_id else None
    digest = await tree_hash(tree, guild)
    synced = await tree.sync(guild=guild)
    if store is not None:
        await store.set_meta(meta_key(tree.client.application_id, guild_id), digest)
    return len(synced)


async def sync_if_changed(tree: app_commands.CommandTree[Any], store: GameStore) -> int | None:
    """At start-up: sync the global commands only if the tree changed since the last sync.
    Returns how many were synced, or None when nothing changed (no request to Discord)."""
    key = meta_key(tree.client.application_id)
    digest = await tree_hash(tree)
    try:
        last = await store.get_meta(key)
    except StoreError as e:  # the hash is a convenience: without it, sync once
        log.warning("cannot read the last command sync (%s): syncing", e)
        last = None
    if last == digest:
        log.info("commands unchanged since the last sync: not syncing")
        return None
    synced = await tree.sync()
    try:
        await store.set_meta(key, digest)
    except StoreError as e:
        log.warning("cannot record the command sync (%s): the next start syncs again", e)
    log.info("synced %d global command(s) (the command tree changed)", len(synced))
    return len(synced)
