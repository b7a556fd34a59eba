"""Royal favours (§4): the 4 lines × 5 columns table, column unlocking, one line per phase."""

from __future__ import annotations

import pytest

from bot.rules import State
from bot.rules.tasks import Favour

from .conftest import Play
from .helpers import build, cubes, decide, halted, hold, put, table

LINES = ("prestige", "deniers", "resources", "buildings")


def _favour(marker: int, line: int, columns: int, n: int = 3) -> State:
    """Ann's marker on `line` at `marker`; the table open up to `columns` (2, 4 or 5)."""
    s = table(n)
    s.scored = [columns >= 4, columns >= 5, False]
    s.section = 2 if columns == 5 else 1 if columns == 4 else 0
    s.players[0].favours[line] = marker
    return s


@pytest.mark.parametrize("col", [1, 2, 3, 4, 5])
def test_prestige_line(col: int) -> None:
    """§4.2 a) Prestige: 1 / 2 / 3 / 4 / 5 PP; the marker moves one column right (§4.3 item 1)."""
    s = _favour(col - 1, 0, 5)
    g = decide(s, Favour(0))
    g.apply("prestige")
    assert halted(g)
    assert s.players[0].pp == col
    assert s.players[0].favours == [col, 0, 0, 0]


@pytest.mark.parametrize("col", [1, 2, 3, 4, 5])
def test_deniers_line(col: int) -> None:
    """§4.2 b) Deniers: 3 / 4 / 5 / 6 / 7 d."""
    s = _favour(col - 1, 1, 5)
    g = decide(s, Favour(0))
    g.apply("deniers")
    assert halted(g)
    assert s.players[0].deniers == (3, 4, 5, 6, 7)[col - 1]
    assert s.players[0].favours == [0, col, 0, 0]


def test_resources_line_column_1_food() -> None:
    """§4.2 c) column 1: 1 F (the only effect, taken by itself)."""
    s = _favour(0, 2, 5)
    g = decide(s, Favour(0))
    g.apply("resources")
    assert halted(g)
    assert cubes(s, 0) == "F"
    assert s.players[0].favours == [0, 0, 1, 0]


@pytest.mark.parametrize("pick", ["W", "S"])
def test_resources_line_column_2_wood_or_stone(pick: str) -> None:
    """§4.2 c) column 2: 1 W or 1 S (or the food of column 1, §4.3 item 2)."""
    s = _favour(1, 2, 5)
    g = decide(s, Favour(0))
    g.apply("resources")
    assert g.legal_codes() == ["F", "W", "S"]
    g.apply(pick)
    assert halted(g)
    assert cubes(s, 0) == pick
    assert s.players[0].favours == [0, 0, 2, 0]


def test_resources_line_column_3_cloth() -> None:
    """§4.2 c) column 3: 1 C."""
    s = _favour(2, 2, 5)
    g = decide(s, Favour(0))
    g.apply("resources")
    assert g.legal_codes() == ["F", "W", "S", "C"]
    g.apply("C")
    assert halted(g)
    assert cubes(s, 0) == "C"


def test_resources_line_column_4_give_one_take_two() -> None:
    """§4.2 c) column 4: give 1 any cube, take 2 plain cubes of your choice."""
    s = _favour(3, 2, 5)
    hold(s, 0, "S")
    g = decide(s, Favour(0))
    g.apply("resources")
    assert g.legal_codes() == ["F", "W", "S", "C", "swap"]
    g.apply("swap")
    # the only cube to give is the stone: given by itself
    assert g.decision is not None and g.decision.kind == "swap_take"
    assert g.legal_codes() == ["F", "W", "S", "C"]  # plain cubes only
    g.apply("C")
    g.apply("C")
    assert halted(g)
    assert cubes(s, 0) == "CC"
    assert s.players[0].favours == [0, 0, 4, 0]


def test_resources_line_column_4_may_give_gold() -> None:
    """§6 #29: the cube given may be gold (white "any cube" symbol); the 2 received are plain."""
    s = _favour(3, 2, 5)
    hold(s, 0, "FG")
    g = decide(s, Favour(0))
    g.apply("resources")
    g.apply("swap")
    assert g.legal_codes() == ["F", "G"]
    g.apply("G")
    g.apply("W")
    g.apply("S")
    assert halted(g)
    assert cubes(s, 0) == "FWS"


def test_resources_line_column_4_needs_a_cube_to_give() -> None:
    """§4.2 c) column 4: with no cube to give, the exchange is not offered."""
    s = _favour(3, 2, 5)
    g = decide(s, Favour(0))
    g.apply("resources")
    assert g.legal_codes() == ["F", "W", "S", "C"]


def test_resources_line_column_5_gold() -> None:
    """§4.2 c) column 5: 1 G."""
    s = _favour(4, 2, 5)
    g = decide(s, Favour(0))
    g.apply("resources")
    assert g.legal_codes() == ["F", "W", "S", "C", "G"]
    g.apply("G")
    assert halted(g)
    assert cubes(s, 0) == "G"
    assert s.players[0].favours == [0, 0, 5, 0]


def test_resources_line_lower_column_effect() -> None:
    """§4.3 item 2: marker on 4 (after this favour), the player takes the food of column 1."""
    s = _favour(3, 2, 4)
    g = decide(s, Favour(0))
    g.apply("resources")
    g.apply("F")
    assert halted(g)
    assert cubes(s, 0) == "F"
    assert s.players[0].favours == [0, 0, 4, 0]


def test_buildings_line_column_1_nothing() -> None:
    """§4.2 d) column 1: nothing (the marker still moves)."""
    s = _favour(0, 3, 5)
    hold(s, 0, "FFWWSSCCGG", deniers=9)
    g = decide(s, Favour(0))
    g.apply("buildings")
    assert halted(g)
    assert cubes(s, 0) == "FFWWSSCCGG"
    assert s.players[0].favours == [0, 0, 0, 1]


def test_buildings_line_column_2_wood_building_one_wood_less() -> None:
    """§4.2 d) column 2: build a wood building paying 1 W less (Sawmill for 1 F, 2 PP); no worker
    and no Carpenter needed (§4.3 item 3); lowest free road space (§6 #30)."""
    s = _favour(1, 3, 2)
    hold(s, 0, "F")
    g = decide(s, Favour(0))
    g.apply("buildings")
    assert g.legal_codes() == ["wood", "skip"]
    g.apply("wood")
    assert g.legal_codes() == ["farm_food", "farm_cloth", "sawmill", "quarry", "market+F", "peddler+F", "mason", "skip"]
    g.apply("sawmill")
    assert halted(g)
    assert (s.road_tile[9], s.road_owner[9]) == ("sawmill", 0)
    assert cubes(s, 0) == ""
    assert s.players[0].pp == 2
    assert s.players[0].favours == [0, 0, 0, 2]


def test_buildings_line_column_2_lawyer_for_one_cloth() -> None:
    """§4.2 d) column 2 with §3.3: the Lawyer (W + C) for 1 C; the Marketplace for 1 any cube."""
    s = _favour(1, 3, 2)
    hold(s, 0, "C")
    g = decide(s, Favour(0))
    g.apply("buildings")
    g.apply("wood")
    assert g.legal_codes() == ["market+C", "peddler+C", "lawyer", "skip"]
    g.apply("lawyer")
    assert halted(g)
    assert (s.road_tile[9], s.players[0].pp, cubes(s, 0)) == ("lawyer", 4, "")


def test_buildings_line_column_3_stone_building_one_stone_less() -> None:
    """§4.2 d) column 3: build a stone building paying 1 S less (Bank: S + W → 1 W, 6 PP); no
    Mason needed (§4.3 item 3)."""
    s = _favour(2, 3, 4)
    hold(s, 0, "W")
    g = decide(s, Favour(0))
    g.apply("buildings")
    assert g.legal_codes() == ["wood", "stone", "skip"]  # W alone buys a Marketplace too
    g.apply("stone")
    assert g.legal_codes() == ["tailor", "bank", "skip"]
    g.apply("bank")
    assert halted(g)
    assert (s.road_tile[9], s.road_owner[9]) == ("bank", 0)
    assert s.players[0].pp == 6
    assert cubes(s, 0) == ""
    assert s.players[0].favours == [0, 0, 0, 3]


def test_buildings_line_column_3_church_gives_a_favour_on_another_line() -> None:
    """§4.2 d) column 3 + §3.4 Church (S + C → 1 C): the Church's own favour must go on another
    line (§4.3 item 4)."""
    s = _favour(2, 3, 4)
    hold(s, 0, "C")
    g = decide(s, Favour(0))
    g.apply("buildings")
    g.apply("stone")
    g.apply("church")
    assert g.decision is not None and g.decision.kind == "favour"
    assert g.legal_codes() == ["prestige", "deniers", "resources"]
    g.apply("deniers")
    assert halted(g)
    assert (s.players[0].pp, s.players[0].deniers) == (3, 3)


def test_buildings_line_column_4_residence_for_one_cloth() -> None:
    """§4.2 d) column 4: make a residence (Lawyer effect) paying 1 d less, i.e. 1 C only; Lawyer
    target rules (§4.3 item 3)."""
    s = _favour(3, 3, 4)
    build(s, 9, "sawmill", owner=0)
    build(s, 10, "quarry", owner=1)
    hold(s, 0, "C", deniers=0)
    g = decide(s, Favour(0))
    g.apply("buildings")
    # 1 C would also buy a Lawyer (column 2) or a Church (column 3): lower columns (§4.3 item 2)
    assert g.legal_codes() == ["wood", "stone", "residence", "skip"]
    g.apply("residence")
    assert g.legal_codes() == ["r1", "r2", "r3", "r4", "r5", "r6", "r9", "skip"]
    g.apply("r9")
    assert halted(g)
    assert (s.road_tile[9], s.road_owner[9]) == ("residence", 0)
    assert (s.players[0].pp, s.players[0].deniers, cubes(s, 0)) == (2, 0, "")
    assert s.stock["sawmill"] == 1


def test_buildings_line_column_4_needs_cloth() -> None:
    """§4.2 d) column 4: 1 C is still paid; without cloth the residence is not offered."""
    s = _favour(3, 3, 4)
    hold(s, 0, "", deniers=9)
    g = decide(s, Favour(0))
    g.apply("buildings")
    assert halted(g)
    assert s.players[0].favours == [0, 0, 0, 4]


def test_buildings_line_column_5_prestige_at_full_cost() -> None:
    """§4.2 d) column 5: build a prestige building at full cost (Architect effect) on one of
    the player's residences (Statue: 2 S + 1 G → 7 PP + 1 favour on another line)."""
    s = _favour(4, 3, 5)
    build(s, 3, "residence", owner=0)
    hold(s, 0, "SSG")
    g = decide(s, Favour(0))
    g.apply("buildings")
    assert g.legal_codes() == ["wood", "prestige", "skip"]  # wood: a Marketplace for 1 S
    g.apply("prestige")
    assert g.legal_codes() == ["statue", "skip"]
    g.apply("statue")
    g.apply("prestige")  # the Statue's favour: prestige line column 1
    assert halted(g)
    assert (s.road_tile[3], s.road_owner[3]) == ("statue", 0)
    assert s.players[0].pp == 7 + 1
    assert s.players[0].favours == [1, 0, 0, 5]


def test_buildings_line_column_5_monument_favours_on_unused_lines() -> None:
    """§4.3 item 4: column 5 builds the Monument → 2 more favours, on lines not yet used this
    phase (buildings is used)."""
    s = _favour(4, 3, 5)
    build(s, 3, "residence", owner=0)
    hold(s, 0, "SSSSGG")
    g = decide(s, Favour(0), Favour(0))
    g.apply("prestige")  # first favour: prestige, column 1
    g.apply("buildings")  # second favour: Monument
    g.apply("prestige")
    g.apply("monument")
    assert g.decision is not None and g.decision.kind == "favour"
    assert g.legal_codes() == ["deniers", "resources"]
    g.apply("deniers")
    # one line left for the second Monument favour: resources, column 1 (food) by itself
    assert halted(g)
    assert s.players[0].pp == 1 + 14
    assert s.players[0].deniers == 3
    assert cubes(s, 0) == "F"
    assert s.players[0].favours == [1, 1, 1, 5]


def test_building_favour_needs_a_free_road_space_for_wood_and_stone() -> None:
    """§6 #15 / #30 (project default): no free road space → no wood/stone construction;
    prestige construction is unaffected."""
    s = _favour(4, 3, 5)
    for space in range(1, 29):
        if s.road_tile[space] is None:
            build(s, space, "residence", owner=0)
    hold(s, 0, "FFWWSSCCGGG")
    g = decide(s, Favour(0))
    g.apply("buildings")
    assert g.legal_codes() == ["residence", "prestige", "skip"]


# ----- columns, blocked lines, one line per phase -------------------------------------------


@pytest.mark.parametrize(
    ("scored", "columns"), [([False, False, False], 2), ([True, False, False], 4), ([True, True, False], 5)]
)
def test_column_unlocking(scored: list[bool], columns: int) -> None:
    """§4.2: columns 1–2 from the start; 3–4 once the Dungeon is scored; 5 once the Walls are."""
    s = table()
    s.scored = scored
    s.players[0].favours[0] = columns - 1
    s.players[1].favours[0] = columns
    g = decide(s, Favour(0), Favour(1))
    g.apply("prestige")
    g.apply("prestige")
    assert halted(g)
    assert [p.favours[0] for p in s.players[:2]] == [columns, columns]
    assert [p.pp for p in s.players[:2]] == [columns, columns]


def test_blocked_line_is_still_usable() -> None:
    """§4.3 item 1 / §6 #27: next column locked → the line can still be chosen, the marker stays,
    the effect is the marker's column."""
    s = table()
    s.players[0].favours = [2, 2, 0, 0]
    g = decide(s, Favour(0))
    assert g.legal_codes() == ["prestige", "deniers", "resources", "buildings"]
    g.apply("deniers")
    assert halted(g)
    assert s.players[0].favours == [2, 2, 0, 0]
    assert s.players[0].deniers == 4


def test_end_of_line_is_still_usable() -> None:
    """§4.3 item 1: at the end of the line the marker stays and the column-5 effect is taken."""
    s = _favour(5, 0, 5)
    g = decide(s, Favour(0))
    g.apply("prestige")
    assert s.players[0].pp == 5
    assert s.players[0].favours[0] == 5


def test_one_line_per_favour_in_a_phase_and_the_fifth_is_lost() -> None:
    """§4.3 item 4 / §6 #28: several favours in one phase go on different lines; at most 4,
    further ones are lost."""
    s = table()
    g = decide(s, *(Favour(0) for _ in range(5)))
    assert g.legal_codes() == ["prestige", "deniers", "resources", "buildings"]
    g.apply("deniers")
    assert g.legal_codes() == ["prestige", "resources", "buildings"]
    g.apply("prestige")
    assert g.legal_codes() == ["resources", "buildings"]
    events = g.apply("resources")
    # the 4th can only be "buildings" (column 1: nothing), the 5th is lost: both by themselves
    assert halted(g)
    assert "favour_lost" in [e.kind for e in events]
    assert s.players[0].favours == [1, 1, 1, 1]
    assert (s.players[0].pp, s.players[0].deniers, cubes(s, 0)) == (1, 3, "F")


def test_lines_are_free_again_in_the_next_phase(play: Play) -> None:
    """§4.3 item 4: favours from phase 6 (best builder) and phase 7 (scoring) are in different
    phases: the same line may be used in both."""
    s = table()
    hold(s, 0, "FWS")
    s.castle[0] = [0, 1, 1, 1, 1]
    put(s, 0, "castle")
    g = play(s, 6, until=1)
    g.apply("FWS")  # completes the Dungeon: Ann 2 houses, Bob 4
    g.apply("deniers")  # best builder, phase 6
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("favour", 0)
    assert g.legal_codes() == ["prestige", "deniers", "resources", "buildings"]
    g.apply("deniers")  # Dungeon scoring, phase 7: still at column 2 (§6 #26)
    g.apply("deniers")  # Bob
    assert halted(g)
    assert s.players[0].favours[1] == 2
    assert s.players[0].deniers == 3 + 4
    assert s.players[1].deniers == 3


def test_favour_during_the_dungeon_scoring_cannot_use_the_columns_it_unlocks(play: Play) -> None:
    """§2 phase 7 item 4 / §4.3 item 5 / §6 #26 (rulebook example with Orange): during the
    Dungeon scoring a marker on column 2 cannot advance; after it, column 3 is open."""
    s = table()
    s.castle[0] = [0, 0]
    s.players[0].favours = [2, 2, 2, 2]
    s.bailiff = s.provost = 11
    g = play(s, 7, until=1)
    assert g.decision is not None and g.decision.kind == "favour"
    g.apply("prestige")
    assert halted(g)
    assert s.players[0].favours[0] == 2
    assert s.players[0].pp == 2
    assert s.favour_columns == 4
    g2 = decide(s, Favour(0))
    g2.apply("prestige")
    assert s.players[0].favours[0] == 3
    assert s.players[0].pp == 2 + 3


def test_favour_during_the_walls_scoring_cannot_reach_column_5(play: Play) -> None:
    """§2 phase 7 item 4: Walls scoring favours still stop at column 4; column 5 opens after."""
    s = table()
    s.section = 1
    s.scored = [True, False, False]
    s.castle[1] = [0, 0]
    s.players[0].favours = [4, 0, 0, 0]
    s.bailiff = s.provost = 17
    g = play(s, 7, until=1)
    g.apply("prestige")
    assert halted(g)
    assert s.players[0].favours[0] == 4
    assert s.players[0].pp == 4
    assert s.favour_columns == 5
