"""Which choice labels do not fit Discord's limits in a language (issue 26 item 9): every choice
of random games, with players whose names are as long as Discord's (32 characters), laid out as
the chooser lays it out. A button (80 characters) and a select option (100, its description
too) may shorten a player's name, never its price or warning: a label is over the limit when its
cost and warnings do not fit whole, or the rest does not fit with the names shortened.
`python -m bot i18n` counts them per language (`labels_over_limit`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.i18n import translator
from bot.rules import Decision, Game, Options, kind_facts, new_game

from . import choice_labels, texts
from .chooser import MAX_BUTTON_LABEL, MAX_OPTION_TEXT

# As long as Discord's display names get (32), in the scripts players write them in
LONG_NAMES = (
    "Александра Константинопольская_я",
    "Maximilian Fitzgerald-Worthingtn",
    "Anna Maria Vilanova i Puigdomènx",
    "João Pedro Albuquerque Magalhães",
    "Eva Ollé i Castellví de la Serra",
)


def long_name_games(games: int = 6) -> Iterator[tuple[Game, Decision]]:
    """Every decision of `games` random games of 3 to 5 players with the longest names (the
    Jeweller in every other one), with its game."""
    for seed in range(games):
        players = 3 + seed % 3
        game = new_game(list(LONG_NAMES[:players]), seed, Options(jeweller=seed % 2 == 0))
        rng = random.Random(seed)
        while (d := game.decision) is not None:
            yield game, d
            game.apply(rng.choice(d.choices).code)


def over_limit(lang: str, games: int = 6) -> list[str]:
    """The labels of `lang` that Discord's limits would cut where no cut is allowed, one line
    each (the same label once)."""
    tr = translator(lang)
    found: dict[str, None] = {}
    for game, d in long_name_games(games):
        place = kind_facts(d.kind).group == "place"
        for c in d.choices:
            label = choice_labels.describe(game, d.kind, c, d.player, tr)
            if not label.fits(MAX_BUTTON_LABEL):
                found[f"{lang} button ({d.kind}): {label.line(1000)}"] = None
            if not label.fits(MAX_OPTION_TEXT):
                found[f"{lang} option ({d.kind}): {label.line(1000)}"] = None
            effect = texts.place_effect(tr, game, c.code) if place else ""
            said = choice_labels.SEP.join(label.details)
            if len(said) > MAX_OPTION_TEXT or (effect and len(said) + len(choice_labels.SEP) + 8 > MAX_OPTION_TEXT):
                found[f"{lang} option description ({d.kind}): {said}"] = None
    return list(found)
