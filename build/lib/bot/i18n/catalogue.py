"""The catalogues at run time: each bot/locale/<lang>/LC_MESSAGES/caylus.po is compiled in
memory by Babel when first used (no build step, nothing generated to ship), then read by the
standard library's gettext. A message missing from a catalogue (or still fuzzy) shows in English.
"""

from __future__ import annotations

import functools
import gettext
import io
from dataclasses import dataclass
from pathlib import Path

from babel.messages import mofile, pofile

from .elision import Elided, needs_elision
from .languages import DEFAULT, LANGUAGES, catalogue_dir

DOMAIN = "caylus"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / catalogue_dir(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True)
class Lazy:
    """A text marked where it is defined (a module constant) and translated where it is shown:
    `tr(text)`. `str()` gives the English source."""

    msgid: str
    context: str | None = None

    def __str__(self) -> str:
        return self.msgid


def N_(msgid: str) -> Lazy:  # noqa: N802 (gettext's own name for the marker)
    """Mark a module-level text for the catalogue; translate it later with `tr(text)`."""
    return Lazy(msgid)


def NP_(context: str, msgid: str) -> Lazy:  # noqa: N802
    """`N_` with a context, for a short word that means more than one thing."""
    return Lazy(msgid, context)


# The languages whose /caylus command names Discord shows localized (bot/i18n/commands.py)
DISCORD_COMMAND_LANGUAGES = ("ru", "pt-BR")


class Translation:
    """One language's texts: gettext, ngettext, pgettext and npgettext, and `tr(lazy)`.

    `commands` is the language whose /caylus command names the reader's Discord shows (English
    unless ru or pt-BR): the texts' language by default, the reader's Discord locale's where the
    reply knows it (`for_reader`)."""

    def __init__(self, lang: str, catalogue: gettext.NullTranslations, commands: str | None = None) -> None:
        self.lang = lang
        self._catalogue = catalogue
        if commands is None:
            commands = lang if lang in DISCORD_COMMAND_LANGUAGES else DEFAULT
        self.commands = commands

    def for_reader(self, commands: str) -> Translation:
        """These texts for a reader whose Discord shows the command names of `commands`."""
        commands = commands if commands in DISCORD_COMMAND_LANGUAGES else DEFAULT
        return self if commands == self.commands else _reading(self, commands)

    def gettext(self, msgid: str) -> str:
        return self._said(self._catalogue.gettext(msgid))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._said(self._catalogue.ngettext(singular, plural, n))

    def pgettext(self, context: str, msgid: str) -> str:
        return self._said(self._catalogue.pgettext(context, msgid))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._said(self._catalogue.npgettext(context, singular, plural, n))

    def _said(self, text: str) -> str:
        """A template whose `.format()` elides Catalan «de» before a name (bot/i18n/elision.py)."""
        return Elided(text) if self.lang == "ca" and needs_elision(text) else text

    def __call__(self, text: str | Lazy) -> str:
        if isinstance(text, Lazy):
            if text.context is not None:
                return self.pgettext(text.context, text.msgid)
            return self.gettext(text.msgid)
        return self.gettext(text)

    def __repr__(self) -> str:
        return f"Translation({self.lang!r})"


@functools.cache
def _reading(tr: Translation, commands: str) -> Translation:
    return Translation(tr.lang, tr._catalogue, commands)


def compile_po(path: Path, lang: str) -> gettext.GNUTranslations:
    """A .po file as gettext reads a .mo (fuzzy entries left out, as msgfmt does)."""
    with path.open("rb") as f:
        catalog = pofile.read_po(f, locale=catalogue_dir(lang))
    buffer = io.BytesIO()
    mofile.write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@functools.cache
def translator(lang: str) -> Translation:
    """The texts of `lang` (one of LANGUAGES; anything else is English)."""
    if lang not in LANGUAGES or lang == DEFAULT:
        return Translation(DEFAULT, gettext.NullTranslations())
    path = po_path(lang)
    if not path.exists():
        return Translation(lang, gettext.NullTranslations())
    return Translation(lang, compile_po(path, lang))
