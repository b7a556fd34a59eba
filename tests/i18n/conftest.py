"""The e2e world (a FakeDiscord and the real bot) for the tests of the commands' languages, and
`reader`: each translated language in turn, with the decisions of random games to read in it."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bot.i18n import Translation, translator
from bot.rules import Decision, Game
from tests.e2e.conftest import world

from .english import english_in, random_decisions

__all__ = ["world", "reader", "Reader", "CUBE_WORDS"]

LANGUAGES = ("ru", "pt-BR", "ca")
# English words of the game a translated text must not hold ("Hotel" aside: a word of Portuguese)
CUBE_WORDS = re.compile(r"\b(food|wood|stone|cloth|gold|deniers?|favours?|nothing|free)\b")
# The decision kinds the random games of `Reader.decisions` must reach
COMMON_KINDS = {"place", "provost", "castle", "favour", "build", "produce"}


@dataclass(frozen=True)
class Reader:
    """A translated language: its translator and what would be English in it."""

    lang: str
    tr: Translation

    def decisions(self) -> Iterator[tuple[Game, Decision]]:
        """Every decision of random games (english.random_decisions), with its game; once the
        games are over, the common decision kinds were all met."""
        kinds: Counter[str] = Counter()
        for game, d in random_decisions():
            kinds[d.kind] += 1
            yield game, d
        assert COMMON_KINDS <= set(kinds), kinds

    def english(self, text: str) -> list[str]:
        """The English in `text`: the catalogue's untranslated texts, and an English game word
        (not looked for in Portuguese, where "Hotel" and such are the same words)."""
        found = english_in(self.lang, text)
        words = CUBE_WORDS.search(text.replace("Hotel", "")) if self.lang != "pt-BR" else None
        return found + [words.group()] if words else found


@pytest.fixture(params=LANGUAGES)
def reader(request: pytest.FixtureRequest) -> Reader:
    return Reader(request.param, translator(request.param))
