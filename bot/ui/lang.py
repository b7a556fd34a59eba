"""Which language a reader gets (issue 12 item 3), as a `bot.i18n.Translation` ready to use.

Channel posts and the board image are in the table's language; a private reply is in the
reader's own: their personal `/caylus language` setting, else their Discord language when we have
it, else the table's.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games import Table
from bot.i18n import Translation, post_language, reply_language, translator


def table_language(table: Table | None) -> str:
    return post_language(table.settings.language if table is not None else None)


def post_tr(table: Table | None) -> Translation:
    """The words of a channel post (and of the board image) at `table`."""
    return translator(table_language(table))


def personal_language(interaction: discord.Interaction[Any]) -> str | None:
    """The reader's own `/caylus language` setting, if they made one (None: not set)."""
    return None  # the setting's storage comes with `/caylus language`


def reply_tr(interaction: discord.Interaction[Any], table: Table | None) -> Translation:
    """The words of a private reply to `interaction`'s user about `table` (None: no table)."""
    lang = reply_language(
        table.settings.language if table is not None else None,
        personal=personal_language(interaction),
        discord_locale=str(interaction.locale) if interaction.locale else None,
    )
    return translator(lang)
