"""What the bot keeps in memory, map by map (tests/e2e/test_memory.py, benchmarks/soak.py).

`kept(bot)` walks the bot's own objects (those of modules under `bot.`, from the client down:
the manager and its jobs, the flows, the publisher and its parts) and returns the size of every
dict and set they hold, by path ("bot.publisher.rounds._rounds"), plus the tables in memory and
what discord.py keeps that grows with tables (views, threads, messages). `PER_PERSON`, `FIXED`
and `BY_TIME` name the maps that are not per table.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from pydantic import BaseModel

# Maps that grow with the people who used the bot (bounded by them), not with tables.
PER_PERSON = ("bot.languages",)
# Maps whose size does not depend on what was played: how the manager was opened.
FIXED = ("bot._manager_options",)
# discord.py's cache of the threads it saw (a thread table's own): it drops a thread when Discord
# archives it, a week (auto_archive_duration) after its last post; archiving it at the end of the
# game would need Manage Threads, which the bot does not ask for. Bounded by time, not by tables.
BY_TIME = ("discord.threads",)
SIZED = (dict, set, frozenset, list, weakref.WeakValueDictionary, weakref.WeakKeyDictionary, weakref.WeakSet)


def _own(value: object) -> bool:
    """An object of the bot's own (not its settings, not discord.py's command tree)."""
    if isinstance(value, BaseModel | app_commands.CommandTree):
        return False
    return type(value).__module__.startswith("bot.") and (hasattr(value, "__dict__") or hasattr(value, "__slots__"))


def _fields(obj: object) -> Iterator[tuple[str, Any]]:
    if hasattr(obj, "__dict__"):
        yield from vars(obj).items()
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                yield name, getattr(obj, name)


def kept(bot: discord.Client) -> dict[str, int]:
    """path -> number of entries, for every map of the bot's own objects (see the module)."""
    out: dict[str, int] = {}
    seen: set[int] = set()

    def walk(obj: object, path: str, depth: int) -> None:
        if id(obj) in seen or depth > 5:
            return
        seen.add(id(obj))
        for name, value in _fields(obj):
            if isinstance(value, SIZED):
                out[f"{path}.{name}"] = len(value)
            elif _own(value):
                walk(value, f"{path}.{name}", depth + 1)

    plain = set(vars(discord.Client(intents=discord.Intents.none())))  # discord.py's own fields
    seen.add(id(bot))
    for name, value in _fields(bot):
        if name in plain:
            continue
        if isinstance(value, SIZED):
            out[f"bot.{name}"] = len(value)
        elif _own(value):
            walk(value, f"bot.{name}", 1)
    for name in ("manager", "publisher"):  # properties over private fields
        try:
            value = getattr(bot, name)
        except RuntimeError:
            continue
        walk(value, f"bot.{name}", 1)
    state = bot._connection
    views = state._view_store
    out["discord.views"] = len(views._views) + len(views._synced_message_views)
    out["discord.threads"] = sum(len(g._threads) for g in bot.guilds)
    out["discord.messages"] = len(state._messages) if state._messages is not None else 0
    return out


def per_table(sizes: dict[str, int]) -> dict[str, int]:
    """The maps that must not outgrow the tables alive: all but PER_PERSON, FIXED and BY_TIME."""
    return {k: v for k, v in sizes.items() if k not in PER_PERSON + FIXED + BY_TIME}
