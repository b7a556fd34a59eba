"""Issue 12: the decision's prompt in the reader's language — every prompt of random games in
Russian, Brazilian Portuguese and Catalan holds no English text of the catalogue, and the
English prompt (`Decision.prompt`, read by stored fixtures) is the game's own."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.i18n import translator
from bot.rules import new_game

from .english import english_in, random_decisions
from .test_choices import CUBE_WORDS


@pytest.mark.parametrize("lang", ["ru", "pt-BR", "ca"])
def test_every_prompt_of_random_games_is_in_the_language(lang: str) -> None:
    tr = translator(lang)
    kinds: Counter[str] = Counter()
    for game, d in random_decisions():
        kinds[d.kind] += 1
        said = game.prompt(tr)
        assert said and said != d.prompt, (d.kind, said)
        assert not english_in(lang, said), (d.kind, said, english_in(lang, said))
        if lang != "pt-BR":  # "Hotel" and such are the same words in Portuguese
            assert not CUBE_WORDS.search(said.replace("Hotel", "")), (d.kind, said)
        assert game.prompt(tr, d) == said
    assert {"place", "provost", "castle", "favour", "build", "produce"} <= set(kinds)


def test_english_prompt_is_the_decisions_own() -> None:
    for seed in range(3):
        game = new_game(["Ann", "Bob", "Cy"], seed)
        rng = random.Random(seed)
        while (d := game.decision) is not None:
            assert game.prompt() == game.prompt(translator("en")) == d.prompt
            game.apply(rng.choice(d.choices).code)


def test_a_stale_decision_keeps_its_english_prompt() -> None:
    game = new_game(["Ann", "Bob"], 3)
    before = game.decision
    assert before is not None
    game.apply(before.choices[0].code)
    assert game.prompt(translator("ru"), before) == before.prompt
    assert game.prompt(translator("ru")) != game.prompt()


def test_the_placement_prompt_reads_naturally() -> None:
    game = new_game(["Ann", "Bob"], 3)
    assert game.prompt() == "Place a worker or pass (6 workers and 7 deniers left)"
    assert game.prompt(translator("ru")) == "Выставьте рабочего или спасуйте (осталось: 6 рабочих, 7 денье)"
    assert game.prompt(translator("ca")).startswith("Col·loqueu un treballador o passeu (queden 6 treballadors i ")
