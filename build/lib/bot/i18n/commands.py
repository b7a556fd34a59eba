"""The /caylus commands' names as each reader's Discord shows them (issue 26 item 7).

Discord shows a Russian or Brazilian user the localized names the bot sent with its command
tree (bot/ui/translator.py sends the catalogue's `command name` entries for ru and pt-BR, when
Discord's rules accept them), and everyone else the English ones (Discord has no Catalan). A text
that names a command says it the same way: `slash(tr, "new")` is "`/caylus создать`" for a
reader whose Discord is Russian, "`/caylus nova`" in Brazilian Portuguese, "`/caylus new`"
otherwise. Which names a reader sees is `tr.commands` (bot/ui/lang.py sets it from the reader's
Discord locale for a private reply, from the table's language for a channel post).
tests/i18n/test_command_mentions.py checks every `slash` of the code against the live tree.
"""

from __future__ import annotations

import logging
import unicodedata

from .catalogue import DISCORD_COMMAND_LANGUAGES, Translation, translator

log = logging.getLogger(__name__)

GROUP = "caylus"
# The languages whose command names go to Discord: those with a Discord locale.
COMMAND_LANGUAGES = DISCORD_COMMAND_LANGUAGES
MAX_NAME = 32
NAME = "command name"


def valid_name(name: str) -> bool:
    """Discord's rule for a chat command's (or option's) name: lower case, 1-32 characters of
    ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``."""
    if not 1 <= len(name) <= MAX_NAME or name != name.lower():
        return False
    for char in name:
        if char in "-_'" or unicodedata.category(char)[0] in "LN":
            continue
        if unicodedata.name(char, "").startswith(("DEVANAGARI ", "THAI ")):
            continue
        return False
    return True


def command_text(lang: str, context: str, english: str) -> str | None:
    """The text of `english` in `lang`, None when the catalogue has none (or an invalid name)."""
    text = translator(lang).pgettext(context, english)
    if text == english:
        return None
    if context == NAME and not valid_name(text):
        log.warning("the %s command name %r for %r breaks Discord's rules: not sent", lang, text, english)
        return None
    return text


def shown_name(lang: str, english: str) -> str:
    """A command's or option's name as a Discord in `lang` shows it."""
    if lang not in COMMAND_LANGUAGES:
        return english
    return command_text(lang, NAME, english) or english


def slash(tr: Translation, command: str, option: str | None = None, value: str = "") -> str:
    """`/caylus <command>` (with `<option>:<value>`) in code, as the reader's Discord names it; a
    command of its own beside the group (`caylus-notify`) is `/caylus-уведомления`, a group's
    subcommand beside it (`caylus-game replay`) `/caylus-партия повтор`."""
    lang = tr.commands
    if command.startswith(f"{GROUP}-"):  # a command or group of its own: "caylus-game board"
        top, *sub = command.split()
        words = [f"/{shown_name(lang, top)}", *(shown_name(lang, part) for part in sub)]
    else:
        words = [f"/{GROUP}", *(shown_name(lang, part) for part in command.split())]
    if option is not None:
        words.append(f"{shown_name(lang, option)}:{value}")
    return f"`{' '.join(words)}`"
