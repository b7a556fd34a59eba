"""The rules reference's Project defaults, one test per row this project decided (issue 9 items
11 and 12): the Towers full in phase 6, a residence beyond the provost, the Gate to one's own
Inn, simple favours without the per-line limit, and the castle loss at 0–1 PP."""

from __future__ import annotations

import pytest

from bot.rules import Options, State
from bot.rules.tasks import Favour

from .conftest import Play
from .helpers import NAMES, build, cubes, decide, halted, hold, put, table


def _towers_almost_full() -> State:
    s = table(4)
    s.castle = [[3] * 6, [3] * 10, [3] * 13]  # one free space left in the Towers
    s.section, s.scored = 2, [True, True, False]
    return s


def test_towers_full_exempts_every_later_castle_worker(play: Play) -> None:
    """Project defaults, "Towers full during phase 6" (§2 phase 6, §6 #24): a worker before the
    Towers filled who builds nothing loses 2 PP; every worker after the moment they filled is
    exempt, whether or not they held a batch, and keeps their cubes."""
    s = _towers_almost_full()
    hold(s, 0, "", pp=5)  # first on the track, nothing to deliver: penalised
    hold(s, 1, "FWSFWS", pp=5)  # fills the Towers with one batch
    hold(s, 2, "FWS", pp=5)  # holds a batch, but there is no room left
    hold(s, 3, "", pp=5)  # holds nothing
    for seat in range(4):
        put(s, seat, "castle")
    g = play(s, 6, until=7)
    assert g.choice_codes() == ["=FWS", "done"]  # Bob: the last space of the Towers
    events = g.apply("FWS")
    d = g.decision  # nothing else to decide in the castle: Bob's best-builder favour is next
    assert d is not None and (d.kind, d.player) == ("favour", 1)
    assert [p.pp for p in s.players] == [3, 5 + 3, 5, 5]
    assert [e.text for e in events if e.kind in ("castle", "castle_penalty")][-2:] == [
        "Cid cannot build: the Towers are full (no penalty)",
        "Dee cannot build: the Towers are full (no penalty)",
    ]
    assert cubes(s, 1) == "FWS" and cubes(s, 2) == "FWS"
    assert len(s.castle[2]) == 14


def test_residence_on_a_building_beyond_the_provost(play: Play) -> None:
    """Project defaults, "Residence favour or Lawyer on a building whose worker is beyond the
    provost" (§3.3, §6 #13): the building becomes a residence when that worker goes home in
    phase 5, without being used."""
    s = table(3)
    build(s, 9, "lawyer", owner=2)
    build(s, 10, "sawmill", owner=0)  # Ann's own wood building: a legal Lawyer target
    hold(s, 0, "C", deniers=1)
    put(s, 0, "r9")
    put(s, 1, "r10")  # Bob's worker on Ann's Sawmill, beyond the provost
    s.provost = 9
    g = play(s, 5, until=6)
    assert "r10" in g.legal_codes()
    events = g.apply("r10")
    assert halted(g)
    assert (s.road_tile[10], s.road_owner[10]) == ("residence", 0)
    assert cubes(s, 1) == ""  # Bob's worker went home unused: no wood
    assert s.players[1].workers == 6
    kinds = [e.kind for e in events]
    assert kinds.index("not_activated") < kinds.index("residence")


def test_gate_to_the_inn_left_circle_while_holding_the_right(play: Play) -> None:
    """Project defaults, "Gate to the Inn's left circle while the same player holds the right
    circle" (§2 phase 3): allowed; the worker is the player's Inn worker for the next turn and
    the one on the right circle goes home."""
    s = table(3)
    put(s, 0, "gate", "inn_right")
    g = play(s, 3, until=4)
    assert "inn" in g.legal_codes()
    g.apply("inn")
    assert halted(g)
    assert (s.inn_left, s.inn_right) == (-1, 0)
    assert s.players[0].workers == 5  # 6 − the Inn worker


def test_simple_favours_have_no_per_line_limit() -> None:
    """Project defaults, "Simple favours" (§4.4 with §4.3 rule 4): every favour is 3 PP and a
    phase may give any number (the full table would lose the fifth)."""
    s = table(options=Options(simple_favors=True))
    g = decide(s, *(Favour(0) for _ in range(7)))
    assert halted(g)
    assert s.players[0].pp == 21
    assert s.players[0].lines_used == 0


@pytest.mark.parametrize(
    ("pp", "label", "event", "after"),
    [
        (5, "Build nothing (-2 PP)", "Ann builds nothing in the castle: -2 PP", 3),
        (2, "Build nothing (-2 PP)", "Ann builds nothing in the castle: -2 PP", 0),
        (1, "Build nothing (-1 PP)", "Ann builds nothing in the castle: -1 PP", 0),
        (0, "Build nothing (no loss)", "Ann builds nothing in the castle: no loss", 0),
    ],
)
def test_castle_loss_at_0_or_1_pp(play: Play, pp: int, label: str, event: str, after: int) -> None:
    """Project defaults, "Castle worker with 0 or 1 PP who builds nothing" (§2 phase 6: −2 PP,
    not below 0): the prompt, the label and the event show the real loss."""
    s = table(3)
    hold(s, 0, "FWS", pp=pp)
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    d = g.decision
    assert d is not None and d.kind == "castle"
    assert dict(d.choices)["done"] == label
    real = "you nothing: you have no PP" if pp == 0 else f"{min(pp, 2)} PP"
    assert d.prompt.endswith(f"(none yet: building nothing costs {real})")
    events = g.apply("done")
    assert [e.text for e in events if e.kind == "castle_penalty"] == [event]
    assert s.players[0].pp == after


def test_resources_column_2_label_names_food_too() -> None:
    """§4.2 c) column 2 is 1 W or 1 S, and §4.3 rule 2 allows any column up to the marker: the
    favour's label offers food too, as its choices do."""
    s = table(3)
    g = decide(s, Favour(0))
    d = g.decision
    assert d is not None
    assert dict(d.choices)["resources"] == "Resources (column 1): 1 food"
    g.apply("resources")  # column 1: food, taken by itself
    s.players[0].lines_used = 0  # a new phase
    g = decide(s, Favour(0))
    d = g.decision
    assert d is not None
    assert dict(d.choices)["resources"] == "Resources (column 2): 1 food, 1 wood or 1 stone"
    g.apply("resources")
    assert g.legal_codes() == ["F", "W", "S"]
    assert NAMES[0] == "Ann"
