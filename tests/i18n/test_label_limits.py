"""Issue 26 item 9: no choice label over Discord's limits (buttons 80, options 100) once the
players' names are as long as Discord's, in any language; a label is laid out so that its price
and its warning are never what is cut (bot/ui/label_limits.py, bot/ui/choice_labels.py)."""

from __future__ import annotations

import pytest

from bot.i18n import translator
from bot.rules import new_game
from bot.ui import choice_labels, label_limits
from bot.ui.chooser import MAX_BUTTON_LABEL, chooser_view, turn_view

LANGS = ("en", "ru", "pt-BR", "ca")


@pytest.mark.parametrize("lang", LANGS)
def test_no_label_is_over_the_limit_with_the_longest_names(lang: str) -> None:
    assert label_limits.over_limit(lang) == []


def test_the_layout_cuts_the_head_never_the_price_or_the_warning() -> None:
    label = choice_labels.Label(
        "Marketplace (road 12), Александра Константинопольская's", ("3 deniers", "⚠ no cube to sell now")
    )
    line = label.line(MAX_BUTTON_LABEL)
    assert len(line) == MAX_BUTTON_LABEL and line.endswith(" · 3 deniers · ⚠ no cube to sell now")
    assert "…" in line and not label.fits(MAX_BUTTON_LABEL)  # a blunt cut of the head: counted
    squeezed = choice_labels.Label(label.head, label.details, lambda room: "Marketplace (r12), Алекса…'s")
    assert squeezed.fits(MAX_BUTTON_LABEL)
    assert squeezed.line(MAX_BUTTON_LABEL) == "Marketplace (r12), Алекса…'s · 3 deniers · ⚠ no cube to sell now"


def test_an_owners_long_name_is_shortened_in_a_placement() -> None:
    long = label_limits.LONG_NAMES
    for lang in LANGS:
        tr = translator(lang)
        for game, d in label_limits.long_name_games(2):
            if d.kind != "place":
                continue
            for c in d.choices:
                label = choice_labels.describe(game, d.kind, c, d.player, tr)
                line = label.line(MAX_BUTTON_LABEL)
                assert len(line) <= MAX_BUTTON_LABEL
                assert all(detail in line for detail in label.details), (lang, line)
            if any(game.state.road_owner[sp] >= 0 for sp in range(1, 29)):
                break
    assert all(len(name) == 32 for name in long)


@pytest.mark.parametrize("lang", LANGS)
def test_every_component_of_random_games_with_long_names_is_valid(lang: str) -> None:
    """The real chooser and turn message, as the fake Discord would check them."""
    from tests.fake_discord.validation import FormErrors, validate_message

    tr = translator(lang)
    for game, d in label_limits.long_name_games(2):
        for view in (chooser_view(1, d, game, tr=tr), turn_view(1, 1, d, game, tr=tr)[0]):
            errors = FormErrors()
            validate_message({"content": "x", "components": view.to_components()}, 0, errors)
            assert not errors, errors.summary()
    assert new_game(["A", "B"], 1).decision is not None
