"""What an untranslated text looks like: the English msgids of the catalogue that a language
translates differently, as patterns (`{field}` matches anything), to find in what the bot shows."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator

from babel.messages import pofile

from bot.i18n.catalogue import po_path
from bot.rules import Decision, Game, Options, new_game


@functools.cache
def english_patterns(lang: str) -> tuple[re.Pattern[str], ...]:
    with po_path(lang).open("rb") as f:
        catalog = pofile.read_po(f)
    out = []
    for m in catalog:
        if not m.id or m.context in ("command name", "count"):
            continue  # command names stay English in Catalan; counts are checked by their words
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for msgid in ids:
            if msgid in strings or len(re.sub(r"\{\w+\}", "", msgid).strip(" :·.()…")) < 3:
                continue  # the same in this language (a name, "Hotel"), or no words of its own
            parts = re.split(r"\{\w+\}", msgid)
            out.append(re.compile(".+".join(re.escape(p) for p in parts), re.DOTALL))
    return tuple(out)


@functools.cache
def _any_english(lang: str) -> re.Pattern[str]:
    """Every pattern of `english_patterns(lang)` in one: a text none of them matches is told in
    one pass of the regex engine (the suite reads tens of thousands of texts)."""
    return re.compile("|".join(f"(?:{p.pattern})" for p in english_patterns(lang)), re.DOTALL)


def english_in(lang: str, text: str) -> list[str]:
    """The catalogue's English texts (untranslated) that make up `text` or one of its `·` parts."""
    return list(_english_in(lang, text))


@functools.cache
def _english_in(lang: str, text: str) -> tuple[str, ...]:
    """`english_in`, once a text: random games show the same labels thousands of times, and each
    look is a backtracking pass over hundreds of patterns."""
    pieces = [text, *(p.strip() for p in text.split(" · "))]
    if not any(_any_english(lang).fullmatch(piece) for piece in pieces):
        return ()
    return tuple(p.pattern for p in english_patterns(lang) for piece in pieces if p.fullmatch(piece))


def random_decisions(games: int = 8) -> Iterator[tuple[Game, Decision]]:
    """Every decision of `games` random 3-player games (the Jeweller in every other one), with
    its game; a random offered choice is applied once the caller has looked at it."""
    for seed in range(games):
        game = new_game([f"P{i}" for i in range(3)], seed, Options(jeweller=seed % 2 == 0))
        rng = random.Random(seed)
        while (d := game.decision) is not None:
            yield game, d
            game.apply(rng.choice(d.choices).code)
