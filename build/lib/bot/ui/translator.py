"""The /caylus commands in the players' Discord language: discord.py passes every command,
option and choice name and description through this `app_commands.Translator` (as `locale_str`,
even where the command code gives a plain `str`), for every Discord locale, when it builds the
payload of a sync. We answer for the locales we have a catalogue for (ru, pt-BR; Discord has no
Catalan) by looking the English text up in the catalogue under a context naming what it is:
"command name" (commands, groups and options), "command description", "command choice".

A name Discord would refuse (upper case, a space, over 32 characters) is never sent: the
English one stays. `extract_commands` gives pybabel the texts of the live command tree, so the
command code needs no markers (babel.cfg).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import IO, Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import from_discord
from bot.i18n.commands import COMMAND_LANGUAGES, NAME, command_text, valid_name

from .commands import command_tree

log = logging.getLogger(__name__)

DESCRIPTION = "command description"
CHOICE = "command choice"
CONTEXTS = {
    Where.command_name: NAME,
    Where.group_name: NAME,
    Where.parameter_name: NAME,
    Where.command_description: DESCRIPTION,
    Where.group_description: DESCRIPTION,
    Where.parameter_description: DESCRIPTION,
    Where.choice_name: CHOICE,
}
__all__ = ["COMMAND_LANGUAGES", "CatalogueTranslator", "command_strings", "extract_commands", "valid_name"]


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = from_discord(locale.value)
        where = CONTEXTS.get(context.location)
        if lang not in COMMAND_LANGUAGES or where is None:
            return None
        return command_text(lang, where, string.message)


class _Recorder(app_commands.Translator):
    """Writes down what discord.py asks to translate (for the catalogue's template)."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], None] = {}

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        where = CONTEXTS.get(context.location)
        if where is not None:
            self.seen[(where, string.message)] = None
        return None


async def _command_strings() -> list[tuple[str, str]]:
    client = discord.Client(intents=discord.Intents.none())
    tree = command_tree(client)
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return list(recorder.seen)


def command_strings() -> list[tuple[str, str]]:
    """(context, English text) of every name, description and choice of the command tree."""
    return asyncio.run(_command_strings())


def extract_commands(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """A pybabel extraction method (babel.cfg): the marked texts of the file itself, then every
    text of the command tree, with its context."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    for context, text in command_strings():
        yield (0, "pgettext", (context, text), [])
