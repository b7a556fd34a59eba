"""Which language a reader gets (issue 12 item 3), as a `bot.i18n.Translation` ready to use.

Channel posts and the board image are in the table's language; a private reply is in the
reader's own: their personal `/caylus language` setting, else their Discord language when we have
it, else the table's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.games import Table
from bot.i18n import (
    DEFAULT,
    LANGUAGES,
    Translation,
    from_discord,
    post_language,
    reply_language,
    translator,
)

if TYPE_CHECKING:
    from bot.store import GameStore

PERSONAL_KEY = "language:"  # bot_meta key prefix: `language:<user id>` -> a code of LANGUAGES


def table_language(table: Table | None) -> str:
    return post_language(table.settings.language if table is not None else None)


def post_tr(table: Table | None) -> Translation:
    """The words of a channel post (and of the board image) at `table`."""
    return translator(table_language(table))


def personal_language(interaction: discord.Interaction[Any]) -> str | None:
    """The reader's own `/caylus language` setting, if they made one (None: not set); read from
    the bot's memory (loaded at start-up), so a reply's words are known without waiting."""
    languages = getattr(interaction.client, "languages", None)
    return languages.get(interaction.user.id) if languages is not None else None


async def load_personal(store: GameStore) -> dict[int, str]:
    """Every stored personal language, by Discord user id (a cleared one is stored as "")."""
    found = await store.metas(PERSONAL_KEY)
    return {
        int(key[len(PERSONAL_KEY):]): lang for key, lang in found.items() if lang in LANGUAGES
    }


async def set_personal(store: GameStore, languages: dict[int, str], user_id: int, lang: str | None) -> None:
    """Store (None: clear) the personal language of a user, durably, then in memory (`languages`,
    the bot's, which `personal_language` reads)."""
    await store.set_meta(f"{PERSONAL_KEY}{user_id}", lang or "")
    if lang is None:
        languages.pop(user_id, None)
    else:
        languages[user_id] = lang


def channel_table(interaction: discord.Interaction[Any]) -> Table | None:
    """The table of the interaction's channel (or thread), if the bot has one there."""
    try:
        manager = getattr(interaction.client, "manager", None)
    except RuntimeError:  # the bot is not set up yet
        return None
    channel_id = interaction.channel_id
    return manager.table(channel_id) if manager is not None and channel_id else None


def reply_tr(interaction: discord.Interaction[Any], table: Table | None) -> Translation:
    """The words of a private reply to `interaction`'s user about `table` (None: the table of
    the interaction's channel, if any: every reply at a table speaks its language, issue 26)."""
    if table is None:
        table = channel_table(interaction)
    locale = str(interaction.locale) if interaction.locale else None
    lang = reply_language(
        table.settings.language if table is not None else None,
        personal=personal_language(interaction),
        discord_locale=locale,
    )
    # the command names in the reply are those the reader's own Discord shows
    return translator(lang).for_reader(from_discord(locale) or DEFAULT)
