"""Two-player adjustments (§5)."""

from __future__ import annotations

import pytest

from bot.rules import IllegalChoice

from .conftest import Play
from .helpers import build, fresh, halted, hold, put, table


def test_both_start_with_five_deniers_two_food_one_wood() -> None:
    """§5: both players start with 5 d (plus 2 F + 1 W); turn 1's income adds 2 d."""
    for seed in range(5):
        s = fresh(2, seed).state
        assert [p.deniers for p in s.players] == [7, 7]
        assert [p.cubes for p in s.players] == [[2, 1, 0, 0, 0]] * 2


def test_placement_costs_one_then_three_after_the_opponent_passed(play: Play) -> None:
    """§5 / §2 phase 2 Cost (2 players): 1 d while nobody has passed, 3 d once the opponent has
    passed (castle and special spaces included); the first passer still takes 1 d."""
    s = table(2)
    hold(s, 0, deniers=10)
    hold(s, 1, deniers=10)
    g = play(s, 2, until=3)
    g.apply("castle")  # Ann 1
    g.apply("r1")  # Bob 1
    g.apply("pass")  # Ann passes first: +1
    labels = dict(g.decision.choices) if g.decision else {}
    assert labels["gate"].endswith("3 deniers")
    g.apply("gate")  # Bob 3
    g.apply("r2")  # Bob 3
    g.apply("pass")
    assert halted(g)
    assert [p.deniers for p in s.players] == [10 - 1 + 1, 10 - 1 - 3 - 3]
    assert s.passing == [0, 1]


def test_own_building_still_costs_one(play: Play) -> None:
    """§5: your own buildings still cost 1 d after the opponent passed; the owner gains no PP."""
    s = table(2)
    build(s, 9, "quarry", owner=1)
    hold(s, 0, deniers=3)
    hold(s, 1, deniers=4)
    g = play(s, 2, until=3)
    g.apply("pass")
    labels = dict(g.decision.choices) if g.decision else {}
    assert labels["r9"].endswith("1 denier")
    assert labels["r1"].endswith("3 deniers")
    g.apply("r9")
    assert s.players[1].deniers == 3
    g.apply("r1")  # 3 d; then Bob has nothing left and passes by force
    assert halted(g)
    assert [p.deniers for p in s.players] == [4, 0]
    assert [p.pp for p in s.players] == [0, 0]


def test_inn_occupant_still_pays_one(play: Play) -> None:
    """§5: the Inn keeps its effect: its occupant always pays 1 d, even after the opponent
    passed."""
    s = table(2)
    put(s, 1, "inn_right")
    hold(s, 0, deniers=3)
    hold(s, 1, deniers=3)
    g = play(s, 2, until=3)
    g.apply("pass")
    g.apply("castle")
    g.apply("gate")
    g.apply("r1")
    assert s.players[1].deniers == 0
    assert halted(g)


def test_no_stables_with_two_players(play: Play) -> None:
    """§5 / §6 #33: the Stables are not used: not offered for placement nor by the Gate."""
    s = table(2)
    hold(s, 0, deniers=5)
    g = play(s, 2, until=3)
    assert "stables" not in g.legal_codes()
    with pytest.raises(IllegalChoice, match="not used with two players"):
        g.apply("stables")

    s = table(2)
    put(s, 0, "gate")
    g = play(s, 3, until=4)
    assert "stables" not in g.legal_codes()


def test_turn_order_alternates(play: Play) -> None:
    """§5: the first player of one turn is second in the next, and so on."""
    s = table(2)
    s.turn_order = [1, 0]
    g = play(s, 7, until=1)
    assert halted(g)
    assert s.turn_order == [0, 1]


def test_turn_order_alternates_over_real_turns() -> None:
    """§5: over several whole turns of a real game the lead alternates."""
    g = fresh(2, seed=4)
    s = g.state
    firsts: list[int] = []
    while s.round <= 5:
        if s.phase == 2 and g.decision is not None and g.decision.kind == "place" and len(firsts) < s.round:
            firsts.append(g.decision.player)
        g.apply("pass" if "pass" in g.legal_codes() else g.legal_codes()[0])
    assert len(firsts) == 5
    assert firsts[1] != firsts[0]
    assert firsts == [firsts[0], 1 - firsts[0]] * 2 + [firsts[0]]


def test_provost_phase_in_passing_order_two_players(play: Play) -> None:
    """§5: provost phase in passing order."""
    s = table(2)
    s.passing = [1, 0]
    hold(s, 0, deniers=2)
    hold(s, 1, deniers=2)
    g = play(s, 4, until=5)
    assert g.decision is not None and g.decision.player == 1
    g.apply("+2")
    assert g.decision is not None and g.decision.player == 0
    g.apply("-1")
    assert halted(g)
    assert s.provost == 7
    assert [p.deniers for p in s.players] == [1, 0]
