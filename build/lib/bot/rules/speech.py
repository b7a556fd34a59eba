"""The language the rules' words are said in, passed in by the edges (issue 12).

The rules never import bot.i18n: a text that players read is made with a `Speech` (anything with
gettext/ngettext/pgettext/npgettext, as `bot.i18n.Translation`), English by default. The calls
use gettext's own names (`tr.gettext(...)`) so that pybabel finds every msgid here.
"""

from __future__ import annotations

from typing import Protocol


class Speech(Protocol):
    def gettext(self, msgid: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, msgid: str) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...


class English:
    """The source texts as they are (English plural: one, other)."""

    def gettext(self, msgid: str) -> str:
        return msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, msgid: str) -> str:
        return msgid

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH: Speech = English()
