"""Residences (§3.5) and prestige buildings (§3.6)."""

from __future__ import annotations

import pytest

from .conftest import Play
from .helpers import build, cubes, halted, hold, put, table

PRESTIGE_TABLE = [
    # tile, cost, PP, favours, income  (§3.6)
    ("statue", "SSG", 7, 1, 0),
    ("granary", "FFFG", 10, 0, 0),
    ("library", "WWWG", 10, 0, 1),
    ("weaver", "CCCG", 12, 0, 0),
    ("theater", "WWWGG", 14, 1, 0),
    ("college", "SSSGG", 14, 1, 0),
    ("monument", "SSSSGG", 14, 2, 0),
    ("hotel", "SSSGG", 16, 0, 2),
    ("cathedral", "SSSSSGGG", 25, 0, 0),
]


@pytest.mark.parametrize(("tile", "cost", "pp", "favours", "income"), PRESTIGE_TABLE)
def test_prestige_building(play: Play, tile: str, cost: str, pp: int, favours: int, income: int) -> None:
    """§3.6: cost, PP, favours when built; the residence it replaces is discarded; with the
    prestige line of the favour table (§4.2 a, column 1 then 2) each favour is visible."""
    s = table()
    build(s, 10, "architect", owner=1)
    build(s, 4, "residence", owner=0)
    hold(s, 0, cost, deniers=0)
    put(s, 0, "r10")
    s.provost = 10
    g = play(s, 5, until=2)
    assert tile in g.legal_codes()
    g.apply(tile)
    lines = ["prestige", "deniers"]
    for i in range(favours):
        assert g.decision is not None and g.decision.kind == "favour"
        g.apply(lines[i])
    assert halted(g)
    p = s.players[0]
    assert (s.road_tile[4], s.road_owner[4]) == (tile, 0)
    assert cubes(s, 0) == ""
    assert s.stock[tile] == 0
    assert p.pp == pp + (1 if favours >= 1 else 0)
    assert p.favours == [1 if favours >= 1 else 0, 1 if favours >= 2 else 0, 0, 0]
    # Turn 2's income (§2 phase 1): 2 d + the building's income; the residence's 1 d is gone.
    assert s.round == 2
    assert p.deniers == (3 if favours >= 2 else 0) + 2 + income


@pytest.mark.parametrize(("tile", "cost", "pp", "favours", "income"), PRESTIGE_TABLE)
def test_prestige_building_not_offered_one_cube_short(
    play: Play, tile: str, cost: str, pp: int, favours: int, income: int
) -> None:
    """§3.6: the full cost must be paid (one gold short: not offered)."""
    s = table()
    build(s, 10, "architect", owner=1)
    build(s, 4, "residence", owner=0)
    hold(s, 0, cost[:-1] + "F")
    put(s, 0, "r10")
    s.provost = 10
    g = play(s, 5, until=6)
    assert tile not in g.legal_codes()


def test_each_prestige_building_exists_once(play: Play) -> None:
    """§3.6: each prestige tile exists once."""
    s = table()
    build(s, 10, "architect", owner=1)
    build(s, 4, "residence", owner=0)
    build(s, 12, "statue", owner=2)
    hold(s, 0, "SSSGG")
    put(s, 0, "r10")
    s.provost = 10
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["college", "hotel", "skip"]


def test_residence_gives_two_pp_and_one_denier_income(play: Play) -> None:
    """§3.5: a residence is worth 2 PP when made and +1 d each phase 1."""
    s = table()
    build(s, 1, "residence", owner=2)
    build(s, 2, "residence", owner=2)
    g = play(s, 1, until=2)
    assert halted(g)
    assert [p.deniers for p in s.players] == [2, 2, 4]


@pytest.mark.parametrize("tile", ["residence", "library", "cathedral"])
def test_no_worker_on_residences_or_prestige_buildings(play: Play, tile: str) -> None:
    """§2 phase 2 Legal targets / §3.5 / §3.6: no worker may be placed on a residence or a
    prestige building, not even the owner's."""
    s = table()
    build(s, 9, tile, owner=0)
    hold(s, 0, deniers=5)
    g = play(s, 2, until=3)
    assert "r9" not in g.legal_codes()
