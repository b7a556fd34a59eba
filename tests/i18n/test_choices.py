"""Issue 12: the choices in the reader's language — every decision kind of random games, in
Russian, Brazilian Portuguese and Catalan, within Discord's limits and with no English left."""

from __future__ import annotations

import re

from bot.games import NotYourTurn, Pending
from bot.i18n import translator
from bot.rules import new_game
from bot.ui import choice_labels as labels
from bot.ui import texts
from bot.ui.chooser import chooser_view, turn_view
from tests.fake_discord.validation import FormErrors, validate_message

from .conftest import Reader
from .english import english_in


def shown(components: list[dict]) -> list[str]:
    """Every text a person reads in components: labels, placeholders, options and descriptions."""
    out = []
    for row in components:
        for c in row["components"]:
            out += [c.get("label") or "", c.get("placeholder") or ""]
            for o in c.get("options") or []:
                out += [o["label"], o.get("description") or ""]
    return [t for t in out if t]


def test_every_choice_of_random_games_is_in_the_language(reader: Reader) -> None:
    lang, tr = reader.lang, reader.tr
    for game, d in reader.decisions():
        for view in (chooser_view(1, d, game, tr=tr), turn_view(1, 1, d, game, tr=tr)[0]):
            components = view.to_components()
            errors = FormErrors()
            validate_message({"content": "x", "components": components}, 0, errors)
            assert not errors, errors.summary()  # 80 a button, 100 an option, 25 options
            for text in shown(components):
                assert not reader.english(text), (d.kind, text, reader.english(text))
        for c in d.choices:  # the autocomplete of /caylus place and /caylus provost
            line = labels.describe(game, d.kind, c, d.player, tr).line(100)
            assert len(line) <= 100 and not english_in(lang, line), (d.kind, line)
            told = texts.whole_label(tr, c.label)  # "✅ …" after the choice is made
            assert not reader.english(told), (d.kind, told, reader.english(told))
            assert not re.search(r"\b(forward|back|road)\b", told), (d.kind, told)


def test_english_stays_as_the_rules_say_it() -> None:
    """The English labels are the rules' own (stored fixtures and commands read them)."""
    game = new_game(["Ann", "Bob"], 3)
    d = game.decision
    assert d is not None
    for c in d.choices:
        label = labels.describe(game, d.kind, c, d.player)
        assert label.head == c.label.partition(" — ")[0] or label.head.endswith(", yours")


def test_a_placement_reads_naturally_in_catalan_and_russian() -> None:
    game = new_game(["Ann", "Bob"], 3)
    d = game.decision
    assert d is not None
    ca, ru = translator("ca"), translator("ru")
    castle = next(c for c in d.choices if c.code == "castle")
    assert labels.describe(game, d.kind, castle, d.player, ca).head == "Castell"
    passing = next(c for c in d.choices if c.code == "pass")
    assert labels.describe(game, d.kind, passing, d.player, ru).head == "Пас (первый спасовавший: +1 денье)"
    road = next(c for c in d.choices if c.code.startswith("r"))
    cost = labels.describe(game, d.kind, road, d.player, ca).details[0]
    assert re.fullmatch(r"\d+ denaris?", cost), cost


def test_not_your_turn_in_the_readers_language() -> None:
    game = new_game(["Ann", "Bob"], 3)
    d = game.decision
    assert d is not None
    refusal = NotYourTurn(Pending(1, 2, 3, d.player, "Ann", 11, False, d, 0))
    assert texts.refusal(translator("ca"), refusal).startswith("No és el teu torn: ara ha de decidir Ann")
    assert "Вас позовут" in texts.refusal(translator("ru"), refusal)
    assert "You will be pinged" in texts.refusal(translator("en"), refusal)
