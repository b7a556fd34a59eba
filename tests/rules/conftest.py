"""Fixtures of the rules tests: `play`, which runs the real phases from a constructed position
and stops before a given phase (the engine's public `stop_at`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.rules import Game, State

Play = Callable[..., Game]


@pytest.fixture
def play() -> Play:
    """`play(state, phase, until=None)`: start phase `phase` (step 0, cursor 0) and run the real
    engine; with `until`, the game stops when phase `until` would begin."""

    def run(s: State, phase: int, until: int | None = None) -> Game:
        s.phase, s.step, s.cursor = phase, 0, 0
        return Game.resume(s, stop_at=until)

    return run
