"""Issue 12: the decision's prompt in the reader's language — every prompt of random games in
Russian, Brazilian Portuguese and Catalan holds no English text of the catalogue, and the
English prompt (`Decision.prompt`, read by stored fixtures) is the game's own."""

from __future__ import annotations

import random

from bot.i18n import translator
from bot.rules import new_game

from .conftest import Reader


def test_every_prompt_of_random_games_is_in_the_language(reader: Reader) -> None:
    for game, d in reader.decisions():
        said = game.prompt(reader.tr)
        assert said and said != d.prompt, (d.kind, said)
        assert not reader.english(said), (d.kind, said, reader.english(said))
        assert game.prompt(reader.tr, d) == said


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
    assert game.prompt(translator("ru")) == "Поставьте рабочего или спасуйте (осталось: 6 рабочих, 7 денье)"
    assert game.prompt(translator("ca")).startswith("Col·loca un treballador o passa (queden 6 treballadors i ")
