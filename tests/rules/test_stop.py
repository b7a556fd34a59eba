"""Stopping the engine at a phase boundary, the public way for tests and tools (issue 9 item 10),
and the round and phase a decision carries."""

from __future__ import annotations

import random

import pytest

from bot.rules import Game, IllegalChoice, new_game, play_random

from .helpers import NAMES, halted, table


def random_moves(g: Game, rng: random.Random) -> None:
    while not g.over and not g.stopped:
        codes = g.legal_codes()
        g.apply(codes[int(rng.random() * len(codes))])


@pytest.mark.parametrize("phase", range(1, 8))
def test_run_to_stops_before_the_phase_does_anything(phase: int) -> None:
    g = new_game(NAMES[:4], seed=11)
    g.run_to(phase)
    events = []
    rng = random.Random(phase)
    while not g.stopped:
        codes = g.legal_codes()
        events += g.apply(codes[int(rng.random() * len(codes))])
    s = g.state
    assert (s.phase, s.step, s.cursor, s.tasks) == (phase, 0, 0, [])
    assert g.decision is None and g.legal_codes() == [] and g.to_move == -1 and not g.over
    if events:  # the last thing that happened is the end of the phase before
        assert events[-1].kind == "phase_end" and events[-1].data["phase"] == (phase - 1 or 7)
    with pytest.raises(IllegalChoice, match="stopped before phase"):
        g.apply("pass")


def test_stops_change_nothing_in_the_game() -> None:
    """A game stopped at every phase boundary and let go on plays exactly as without stops."""
    plain = play_random(3, 21).game
    g = new_game([f"P{i + 1}" for i in range(3)], 21)
    rng = random.Random(21)
    boundaries = 0
    while not g.over:
        g.run_to(g.state.phase % 7 + 1)
        while not g.over and not g.stopped:
            codes = g.legal_codes()
            g.apply(codes[int(rng.random() * len(codes))])
        if g.stopped:
            boundaries += 1
            g.run_to(None)
    assert boundaries > 30
    assert g.to_json() == plain.to_json()


def test_run_to_none_goes_on() -> None:
    g = new_game(NAMES[:3], seed=2)
    g.run_to(4)
    random_moves(g, random.Random(0))
    assert g.stopped and g.state.phase == 4
    g.run_to(None)
    assert g.decision is not None and g.decision.kind == "provost" and not g.stopped


def test_resume_at_a_phase_start_stops_at_once() -> None:
    s = table(3)
    s.phase = 5
    g = Game.resume(s, stop_at=5)
    assert halted(g) and g.opening_events == []


def test_resume_after_the_first_placement_is_not_at_the_phase_start() -> None:
    """Phase 2 asks its first player with step and cursor still 0: that phase has begun."""
    g = new_game(NAMES[:3], seed=4)
    assert g.decision is not None and g.decision.kind == "place"
    assert (g.state.step, g.state.cursor) == (0, 0)
    h = Game.resume(Game.from_json(g.to_json()).state, stop_at=2)
    h.apply(h.legal_codes()[-1])
    assert not h.stopped and h.decision is not None and h.decision.kind == "place"


def test_stop_at_is_a_phase() -> None:
    for bad in (0, 8, -1):
        with pytest.raises(ValueError):
            Game.resume(table(), stop_at=bad)
        with pytest.raises(ValueError):
            new_game(NAMES[:2], seed=0).run_to(bad)


def test_clone_keeps_the_stop() -> None:
    g = new_game(NAMES[:3], seed=9)
    g.run_to(6)
    h = g.clone()
    random_moves(h, random.Random(1))
    assert h.stopped and h.state.phase == 6


def test_decision_carries_round_and_phase() -> None:
    g = new_game(NAMES[:4], seed=8)
    rng = random.Random(8)
    seen = set()
    while not g.over:
        d = g.decision
        assert d is not None
        assert (d.round, d.phase) == (g.state.round, g.state.phase)
        seen.add(d.phase)
        g.apply(g.legal_codes()[int(rng.random() * len(g.legal_codes()))])
    assert seen >= {2, 4, 5, 6}
