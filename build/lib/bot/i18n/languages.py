"""Which language a player reads (issue 12 item 3), as pure functions of plain strings.

- a private reply: the reader's own `/caylus language` setting if any, else their Discord
  language (`interaction.locale`) when we have a catalogue for it and it is not English, else the
  table's language, else English. An English Discord says little (it is Discord's default, and
  what a Catalan player has, Discord having no Catalan): it does not outweigh the table's
  language (issue 26); ru and pt-BR do (a Russian at a Portuguese table reads Russian);
- a channel post and the board image: the table's language;
- a new table: the server's preferred locale when we have it, else English.

Discord has no Catalan locale: Catalan is reached through the table's language and the personal
setting only.
"""

from __future__ import annotations

import unicodedata

LANGUAGES = ("en", "ru", "pt-BR", "ca")
DEFAULT = "en"
NAMES = {"en": "English", "ru": "Русский", "pt-BR": "Português (Brasil)", "ca": "Català"}
# Discord's locale values (discord.Locale) that have a catalogue here; every English variant
# (en-US, en-GB) is English. Portuguese has only pt-BR in Discord.
DISCORD_LOCALES = {"ru": "ru", "pt-BR": "pt-BR"}
# What a player may type for a language (compared without case and accents).
_SPOKEN = {
    "en": ("en", "english", "en-us", "en-gb", "inglés", "английский"),
    "ru": ("ru", "russian", "русский", "ru-ru"),
    "pt-BR": ("pt-br", "pt", "pt_br", "portuguese", "português", "português (brasil)", "brazilian"),
    "ca": ("ca", "catalan", "català", "ca-es"),
}


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_BY_WORD = {_plain(word): lang for lang, words in _SPOKEN.items() for word in words}


def catalogue_dir(lang: str) -> str:
    """The folder of a language under bot/locale (gettext's spelling): `pt-BR` -> `pt_BR`."""
    return lang.replace("-", "_")


def parse_language(text: str | None) -> str | None:
    """A language code from what a person typed (`pt`, `Português`, `català`, `RU`), or None."""
    if not text:
        return None
    return _BY_WORD.get(_plain(text))


def from_discord(locale: str | None) -> str | None:
    """Our language for a Discord locale value (`str(discord.Locale)`), None when we have none."""
    if not locale:
        return None
    if locale == "en" or locale.startswith("en-"):
        return "en"
    return DISCORD_LOCALES.get(locale)


def _known(lang: str | None) -> str | None:
    return lang if lang in LANGUAGES else None


def post_language(table: str | None) -> str:
    """Channel posts and the board image: the table's language (English if it has none)."""
    return _known(table) or DEFAULT


def reply_language(
    table: str | None, *, personal: str | None = None, discord_locale: str | None = None
) -> str:
    """A private reply: the personal setting, else the Discord locale we have (English only where
    there is no table language), else the table's."""
    discord = from_discord(discord_locale)
    if discord == DEFAULT and _known(table):
        discord = None
    return _known(personal) or discord or post_language(table)


def table_default(guild_locale: str | None) -> str:
    """A new table's language: the server's preferred locale when we have it, else English."""
    return from_discord(guild_locale) or DEFAULT
