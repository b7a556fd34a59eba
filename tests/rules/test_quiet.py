"""Quiet games (no events) and clones play exactly the games the engine plays otherwise."""

from __future__ import annotations

import random

import pytest

from bot.rules import Game, new_game, play_random


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_quiet_games_are_the_same_games(players: int) -> None:
    for seed in range(12):
        loud, quiet = play_random(players, seed), play_random(players, seed, quiet=True)
        assert quiet.game.state.history == loud.game.state.history
        assert quiet.game.to_json() == loud.game.to_json()
        assert quiet.decisions == loud.decisions


def test_a_quiet_game_records_nothing_and_its_clones_follow() -> None:
    g = new_game(["A", "B", "C"], 5, quiet=True)
    assert g.opening_events == [] and g.quiet
    loud = g.clone(quiet=False)
    assert not loud.quiet and g.clone().quiet
    code = g.legal_codes()[-1]
    assert g.apply(code) == [] and loud.apply(code)
    assert g.to_json() == loud.to_json()


def test_look_ahead_on_clones_leaves_the_game_as_replayed() -> None:
    """Greedy-style search: every choice tried on a quiet clone before one is played; the
    clones share what they can with the game, and none of it leaks into it."""
    for seed in (1, 2):
        g = new_game(["A", "B", "C", "D"], seed)
        rng = random.Random(seed)
        while not g.over:
            codes = g.legal_codes()
            assert Game.resume(g.state.copy(), quiet=True).legal_codes() == codes  # computed afresh
            for code in codes:
                trial = g.clone(quiet=True)
                trial.apply(code)
                if not trial.over:
                    trial.apply(trial.legal_codes()[0])
            assert g.legal_codes() == codes
            g.apply(codes[int(rng.random() * len(codes))])
        replayed = Game.replay(["A", "B", "C", "D"], seed, None, g.state.history)
        assert replayed.to_json() == g.to_json()
