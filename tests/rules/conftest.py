"""Fixtures of the rules tests: the halt task's handler, and `play`, which runs the real phases
from a constructed position and stops before a given phase."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from bot.rules import Game, State, engine
from bot.rules.tasks import HANDLERS

from .helpers import Halt, halt_phase

Play = Callable[..., Game]


@pytest.fixture
def play(monkeypatch: pytest.MonkeyPatch) -> Play:
    """`play(state, phase, until=None)`: start phase `phase` (step 0, cursor 0) and run the real
    engine; with `until`, the game halts when phase `until` would begin."""

    def run(s: State, phase: int, until: int | None = None) -> Game:
        if until is not None:
            monkeypatch.setitem(engine.PHASES, until, halt_phase)
        s.phase, s.step, s.cursor = phase, 0, 0
        return Game.resume(s)

    return run


@pytest.fixture(autouse=True, scope="module")
def halt_handler() -> Iterator[None]:
    """Register the test-only halt task while this package's tests run, and only then."""
    HANDLERS["halt"] = Halt()
    yield
    del HANDLERS["halt"]
