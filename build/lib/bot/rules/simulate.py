"""Random legal play: whole games for the simulator, the benchmark and property tests."""

from __future__ import annotations

import random
from typing import NamedTuple

from .engine import Game, new_game
from .state import Options


class Played(NamedTuple):
    game: Game
    decisions: int


def play_random(players: int, seed: int, options: Options | None = None, *, quiet: bool = False) -> Played:
    """Play one game with uniformly random legal choices; `seed` sets up the game and draws the
    choices, so the same seed always plays the same game (`quiet`: recording no events)."""
    names = [f"P{i + 1}" for i in range(players)]
    game = new_game(names, seed, options, quiet=quiet)
    draw = random.Random(seed).random
    apply = game.apply
    decisions = 0
    while game.task is not None:  # no stop_at: only the game's end leaves no decision
        codes = game.codes  # the pending codes, read without the copy legal_codes() makes
        apply(codes[int(draw() * len(codes))])
        decisions += 1
    return Played(game, decisions)
