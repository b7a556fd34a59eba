"""Neutral buildings (§3.1) and the buildings printed on the board (§3.2), activated in phase 5."""

from __future__ import annotations

import pytest

from .conftest import Play
from .helpers import (
    CARPENTER,
    CARPENTER_FIXED,
    FARM,
    FOREST,
    GOLD_MINE,
    MARKET,
    PEDDLER,
    QUARRY,
    SAWMILL,
    build,
    cubes,
    halted,
    hold,
    put,
    table,
)


@pytest.mark.parametrize("choice", ["F", "C"])
def test_neutral_farm_gives_one_food_or_one_cloth(play: Play, choice: str) -> None:
    """§3.1 Farm: production, 1 F or 1 C."""
    s = table()
    put(s, 0, f"r{FARM}")
    g = play(s, 5, until=6)
    assert g.decision is not None and g.decision.kind == "produce"
    assert g.legal_codes() == ["F", "C"]
    g.apply(choice)
    assert halted(g)
    assert cubes(s, 0) == choice
    assert s.players[0].workers == 6
    assert s.road_worker[FARM] == -1


@pytest.mark.parametrize("choice", ["W", "F"])
def test_neutral_forest_gives_one_wood_or_one_food(play: Play, choice: str) -> None:
    """§3.1 Forest: production, 1 W or 1 F."""
    s = table()
    put(s, 1, f"r{FOREST}")
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["W", "F"]
    g.apply(choice)
    assert halted(g)
    assert cubes(s, 1) == choice


def test_neutral_sawmill_and_quarry_produce_without_a_decision(play: Play) -> None:
    """§3.1 Sawmill 1 W, Quarry 1 S: one output only, so the engine applies it by itself."""
    s = table()
    put(s, 0, f"r{SAWMILL}")
    put(s, 1, f"r{QUARRY}")
    g = play(s, 5, until=6)
    assert halted(g)
    assert cubes(s, 0) == "W"
    assert cubes(s, 1) == "S"
    assert s.history == []  # nobody was asked anything


@pytest.mark.parametrize("sold", ["F", "W", "S", "C", "G"])
def test_neutral_marketplace_sells_any_cube_for_four(play: Play, sold: str) -> None:
    """§3.1 Marketplace: sell 1 any cube (gold allowed) for 4 d."""
    s = table()
    hold(s, 2, "FWSCG", deniers=1)
    put(s, 2, f"r{MARKET}")
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["F", "W", "S", "C", "G", "skip"]
    g.apply(sold)
    assert halted(g)
    assert s.players[2].deniers == 5
    assert cubes(s, 2) == "FWSCG".replace(sold, "")


def test_neutral_marketplace_is_optional_and_sells_one_cube_only(play: Play) -> None:
    """§2 phase 5: trade effects are optional; each activation gives exactly one use."""
    s = table()
    hold(s, 0, "FF")
    put(s, 0, f"r{MARKET}")
    g = play(s, 5, until=6)
    g.apply("F")
    assert halted(g)  # no second sale
    assert (s.players[0].deniers, cubes(s, 0)) == (4, "F")

    s = table()
    hold(s, 0, "FF")
    put(s, 0, f"r{MARKET}")
    g = play(s, 5, until=6)
    g.apply("skip")
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0)) == (0, "FF")


def test_neutral_marketplace_with_no_cube_does_nothing(play: Play) -> None:
    """§3.1 Marketplace: nothing to sell, nothing happens (the forced skip asks nobody)."""
    s = table()
    hold(s, 0, "", deniers=3)
    put(s, 0, f"r{MARKET}")
    g = play(s, 5, until=6)
    assert halted(g)
    assert s.players[0].deniers == 3


def test_neutral_carpenter_builds_a_wood_building(play: Play) -> None:
    """§3.1 Carpenter / §2 phase 5 Constructing: pay the cost, the tile goes on the lowest free
    road space (9) with the builder's house, the builder gains its PP (Sawmill: W + F, 2 PP)."""
    s = table()
    hold(s, 1, "FFW", deniers=2)
    put(s, 1, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    assert g.decision is not None and g.decision.kind == "build"
    assert g.legal_codes() == [
        "farm_food", "farm_cloth", "sawmill", "quarry", "market+F", "peddler+F", "mason", "skip",
    ]
    g.apply("sawmill")
    assert halted(g)
    assert s.road_tile[9] == "sawmill" and s.road_owner[9] == 1
    assert cubes(s, 1) == "F"
    assert s.players[1].pp == 2
    assert s.players[1].deniers == 2
    assert s.stock["sawmill"] == 0


def test_construction_skips_the_printed_gold_mine(play: Play) -> None:
    """§1.3: new buildings go on the lowest free space; printed buildings are skipped, so with
    9–15 built the next one goes on 17."""
    s = table()
    for space, tile in zip(range(9, 16), ["farm_food", "farm_cloth", "sawmill", "quarry",
                                          "market", "peddler", "mason"], strict=True):
        build(s, space, tile, owner=2)
    hold(s, 0, "WC")
    put(s, 0, f"r{CARPENTER_FIXED}")
    s.provost = 8
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["lawyer", "skip"]
    g.apply("lawyer")
    assert halted(g)
    assert s.road_tile[16] == "gold_mine" and s.road_owner[16] == -1
    assert s.road_tile[17] == "lawyer" and s.road_owner[17] == 0
    assert s.players[0].pp == 4


def test_carpenter_with_too_few_cubes_builds_nothing(play: Play) -> None:
    """§2 phase 5 Constructing: the cost must be paid in cubes; 1 W alone buys no wood tile."""
    s = table()
    hold(s, 0, "W", deniers=9)
    put(s, 0, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    assert halted(g)
    assert s.road_tile[9] is None
    assert cubes(s, 0) == "W"


def test_fixed_peddler_sells_one_plain_cube_for_two_deniers(play: Play) -> None:
    """§3.2 Peddler (printed, space 7): pay 2 d → 1 plain cube of your choice, max 1."""
    s = table()
    hold(s, 0, "", deniers=5)
    put(s, 0, f"r{PEDDLER}")
    s.provost = 7
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["F", "W", "S", "C", "skip"]  # plain cubes only, no gold
    g.apply("C")
    assert halted(g)  # max 1 cube
    assert (s.players[0].deniers, cubes(s, 0)) == (3, "C")


def test_fixed_peddler_with_one_denier_sells_nothing(play: Play) -> None:
    """§3.2 Peddler: the cube costs 2 d."""
    s = table()
    hold(s, 0, "", deniers=1)
    put(s, 0, f"r{PEDDLER}")
    s.provost = 7
    g = play(s, 5, until=6)
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0)) == (1, "")


def test_fixed_carpenter_builds_a_wood_building(play: Play) -> None:
    """§3.2 Carpenter (printed, space 8): build 1 wood building (Mason: W + F, 4 PP)."""
    s = table()
    hold(s, 2, "WF")
    put(s, 2, f"r{CARPENTER_FIXED}")
    s.provost = 8
    g = play(s, 5, until=6)
    g.apply("mason")
    assert halted(g)
    assert (s.road_tile[9], s.road_owner[9]) == ("mason", 2)
    assert s.players[2].pp == 4
    assert cubes(s, 2) == ""


def test_gold_mine_gives_one_gold(play: Play) -> None:
    """§3.2 Gold mine (printed, space 16): production 1 G."""
    s = table()
    put(s, 1, f"r{GOLD_MINE}")
    s.provost = 16
    g = play(s, 5, until=6)
    assert halted(g)
    assert cubes(s, 1) == "G"


def test_gold_mine_beyond_the_provost_produces_nothing(play: Play) -> None:
    """§6 #20: a worker may stand on the Gold mine at any time; it only produces if the provost
    reaches space 16."""
    s = table()
    put(s, 1, f"r{GOLD_MINE}")
    s.provost = 15
    g = play(s, 5, until=6)
    assert halted(g)
    assert cubes(s, 1) == ""
    assert s.players[1].workers == 6


def test_neutral_and_fixed_buildings_have_no_owner(play: Play) -> None:
    """§3.1 / §3.2: no owner, so nobody gains the 1 PP owner bonus when they are used."""
    s = table()
    for seat, space in enumerate((FARM, PEDDLER, GOLD_MINE)):
        put(s, seat, f"r{space}")
    assert all(s.road_owner[sp] == -1 for sp in (1, 2, 3, 4, 5, 6, 7, 8, 16))
    s.provost = 16
    g = play(s, 5, until=6)
    g.apply("F")
    assert halted(g)
    assert [p.pp for p in s.players] == [0, 0, 0]
