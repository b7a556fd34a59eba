"""The FAQ rulings of §6, one test (or more) per ruling that concerns the engine."""

from __future__ import annotations

import pytest

from bot.rules import Game, IllegalChoice, Options
from bot.rules.tasks import Favour, Lawyer

from .conftest import Play
from .helpers import (
    CARPENTER,
    FARM,
    GOLD_MINE,
    QUARRY,
    SAWMILL,
    build,
    cubes,
    decide,
    fresh,
    halted,
    hold,
    put,
    table,
)


def test_faq_01_gate_to_castle_stables_inn_only_when_free(play: Play) -> None:
    """§6 #1: the Gate may send its worker to the castle (player not there yet), the Stables (a
    circle free, player not there), the Inn's left circle (empty)."""
    s = table(4)
    put(s, 0, "gate", "stables")
    put(s, 1, "stables", "inn")
    put(s, 2, "stables")
    put(s, 3, "castle")
    g = play(s, 3, until=4)
    codes = g.legal_codes()
    assert "castle" in codes
    assert "stables" not in codes  # full (and Ann is already there)
    assert "inn" not in codes  # left circle taken
    g.apply("castle")
    assert s.castle_workers == [3, 0]


def test_faq_02_gate_onto_another_players_building(play: Play) -> None:
    """§6 #2: allowed; that player gains 1 PP; no cost for the mover."""
    s = table()
    build(s, 9, "bank", owner=1)
    hold(s, 0, deniers=1)
    put(s, 0, "gate")
    g = play(s, 3, until=4)
    g.apply("r9")
    assert (s.players[1].pp, s.players[0].deniers) == (1, 1)


def test_faq_03_gate_after_having_passed(play: Play) -> None:
    """§6 #3: passing only ends phase-2 placements; the Gate worker still moves in phase 3."""
    s = table(2)
    hold(s, 0, deniers=5)
    g = play(s, 2, until=4)
    g.apply("gate")  # Ann
    # Bob has no money: forced pass (first, +1 d); Ann passes
    g.apply("pass")
    assert s.players[0].passed
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("gate", 0)
    g.apply("trading")
    assert halted(g)
    assert s.players[0].deniers == 5 - 1 + 3


def test_faq_04_inn_same_player_both_circles_pays_one(play: Play) -> None:
    """§6 #4: the same player on both circles is allowed; they pay 1 d for the left placement
    (they occupy the Inn) and keep the Inn."""
    s = table()
    put(s, 0, "inn_right")
    hold(s, 1, deniers=5)
    hold(s, 0, deniers=5)
    s.turn_order = [1, 0, 2]
    g = play(s, 2, until=4)
    g.apply("pass")  # Bob: the bridge price is now 2
    g.apply("inn")  # Ann: 1 d
    assert s.players[0].deniers == 4
    g.apply("pass")  # Ann; Cid has no money
    assert halted(g)
    assert (s.inn_left, s.inn_right) == (-1, 0)
    assert s.players[0].workers == 5


def test_faq_05_inn_discount_everywhere_and_owner_still_scores(play: Play) -> None:
    """§6 #5: 1 d for every placement: castle, special spaces, opponents' buildings; the owners
    still gain their 1 PP."""
    s = table()
    build(s, 9, "quarry", owner=2)
    put(s, 0, "inn_right")
    hold(s, 0, deniers=3)
    hold(s, 1, deniers=5)
    s.turn_order = [1, 0, 2]
    g = play(s, 2, until=3)
    g.apply("pass")  # Bob passes first: the price for others would be 2, then 3
    assert g.decision is not None
    assert all(label.endswith(" 1 denier") for code, label in g.decision.choices if code != "pass")
    g.apply("castle")
    g.apply("r9")
    g.apply("joust")
    assert s.players[0].deniers == 0
    assert s.players[2].pp == 1
    assert halted(g)


def test_faq_06_inn_occupant_cannot_leave_when_someone_entered(play: Play) -> None:
    """§6 #6: the occupant chooses only when nobody entered the left circle; otherwise it goes
    home."""
    s = table()
    put(s, 0, "inn_right")
    put(s, 2, "inn")
    g = play(s, 3, until=4)
    assert halted(g)
    assert s.inn_right == 2
    assert s.players[0].workers == 6


def test_faq_07_provost_never_before_space_1(play: Play) -> None:
    """§6 #7: minimum road space 1."""
    s = table()
    s.passing = [0]
    s.provost = 2
    hold(s, 0, deniers=3)
    g = play(s, 4, until=5)
    assert "-2" not in g.legal_codes()
    g.apply("-1")
    assert s.provost == 1


def test_faq_08_provost_move_beyond_28_is_illegal_not_clamped(play: Play) -> None:
    """§6 #8 (project default): a move that would leave the road is illegal, never clamped."""
    s = table()
    s.passing = [0]
    s.provost = 26
    hold(s, 0, deniers=3)
    g = play(s, 4, until=5)
    assert g.legal_codes() == ["0", "+1", "+2", "-1", "-2", "-3"]
    before = g.to_json()
    with pytest.raises(IllegalChoice):
        g.apply("+3")
    assert g.to_json() == before
    assert s.provost == 26


def test_faq_09_provost_on_an_empty_space(play: Play) -> None:
    """§6 #9: allowed; everything up to that space is activated."""
    s = table()
    s.passing = [0]
    s.provost = 15
    hold(s, 0, deniers=2)
    put(s, 1, f"r{GOLD_MINE}")
    g = play(s, 4, until=6)
    g.apply("+2")
    assert halted(g)
    assert s.provost == 17 and s.road_tile[17] is None
    assert cubes(s, 1) == "G"


def test_faq_10_guild_may_move_the_provost_zero(play: Play) -> None:
    """§6 #10: the Guild move is optional."""
    s = table()
    put(s, 0, "guild")
    g = play(s, 3, until=4)
    assert "0" in g.legal_codes()
    g.apply("0")
    assert s.provost == 6


def test_faq_11_lawyer_targets() -> None:
    """§6 #11: neutral tiles and the user's own wood/stone tiles only."""
    s = table()
    build(s, 9, "lawyer", owner=1)
    build(s, 10, "farm_food", owner=0)
    build(s, 11, "farm_cloth", owner=1)
    build(s, 12, "park", owner=0)
    build(s, 13, "hotel", owner=0)
    build(s, 14, "residence", owner=0)
    hold(s, 0, "C", deniers=1)
    g = decide(s, Lawyer(0, 1))
    assert g.legal_codes() == ["r1", "r2", "r3", "r4", "r5", "r6", "r10", "r12", "skip"]
    with pytest.raises(IllegalChoice):
        g.apply("r7")  # printed Peddler


def test_faq_12_lawyer_needs_a_real_denier() -> None:
    """§6 #12: gold cannot replace the denier."""
    s = table()
    hold(s, 0, "CGGG", deniers=0)
    g = decide(s, Lawyer(0, 1))
    assert halted(g)
    assert cubes(s, 0) == "CGGG"


def test_faq_13_lawyer_target_with_a_worker(play: Play) -> None:
    """§6 #13: pay immediately, transform after that building's activation."""
    s = table()
    build(s, 9, "lawyer", owner=1)
    hold(s, 0, "C", deniers=1)
    put(s, 0, "r9")
    put(s, 2, f"r{GOLD_MINE}")  # printed: not a target
    build(s, 12, "sawmill", owner=0)
    put(s, 1, "r12")
    s.provost = 16
    g = play(s, 5, until=6)
    events = g.apply("r12")
    assert halted(g)
    assert cubes(s, 1) == "WW"
    assert s.road_tile[12] == "residence"
    produce = [i for i, e in enumerate(events) if e.kind == "produce" and e.player == 1]
    residence = [i for i, e in enumerate(events) if e.kind == "residence"]
    assert produce[0] < residence[0]


def test_faq_14_one_building_per_activation(play: Play) -> None:
    """§6 #14: one building per Carpenter/Mason/Architect activation."""
    s = table()
    hold(s, 0, "WWWFFF")
    put(s, 0, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    g.apply("sawmill")
    assert halted(g)
    assert s.road_tile[9] == "sawmill" and s.road_tile[10] is None
    assert cubes(s, 0) == "FFWW"


def test_faq_15_no_wood_or_stone_construction_on_a_full_road(play: Play) -> None:
    """§6 #15 (project default): no free road space → no wood/stone construction; prestige
    construction is unaffected."""
    s = table()
    for space in range(9, 29):
        if s.road_tile[space] is None:
            build(s, space, "residence", owner=0)
    build(s, 3, "residence", owner=0)  # frees no space: the road stays full
    hold(s, 0, "WWFFSSGGG")
    put(s, 0, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    assert halted(g)
    assert cubes(s, 0) == "FFWWSSGGG"
    # an Architect still builds over a residence
    s = table()
    for space in range(9, 28):
        if s.road_tile[space] is None:
            build(s, space, "residence", owner=0)
    build(s, 28, "architect", owner=1)
    hold(s, 0, "SSG")
    put(s, 0, "r28")
    s.provost = 28
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["statue", "skip"]


def test_faq_16_houses_are_not_a_limit(play: Play) -> None:
    """§6 #16: houses are not a limit: a player with 29 houses in the castle builds a 30th."""
    s = table()
    s.section = 2
    s.scored = [True, True, False]
    s.castle = [[0] * 6, [0] * 10, [0] * 12]
    hold(s, 0, "FFWWSS")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    g.apply("FWS")
    g.apply("FWS")
    assert s.castle[2] == [0] * 14


def test_faq_17_residences_are_unlimited() -> None:
    """§6 #17: a ninth residence is possible (8 tiles in the box)."""
    s = table()
    for space in range(9, 17):
        if s.road_tile[space] is None:
            build(s, space, "residence", owner=0)
    for space in (17, 18):
        build(s, space, "residence", owner=1)
    assert sum(tile == "residence" for tile in s.road_tile) == 9
    hold(s, 0, "C", deniers=1)
    g = decide(s, Lawyer(0, 1))
    g.apply("r1")
    assert sum(tile == "residence" for tile in s.road_tile) == 10


def test_faq_18_cubes_and_coins_are_unlimited(play: Play) -> None:
    """§6 #18: no supply limit on cubes or coins."""
    s = table()
    hold(s, 0, "W" * 40, deniers=200)
    put(s, 0, f"r{SAWMILL}", "trading")
    g = play(s, 3, until=6)
    assert halted(g)
    assert (s.players[0].cubes[1], s.players[0].deniers) == (41, 203)


def test_faq_19_income_on_turn_1() -> None:
    """§6 #19: income is taken on turn 1."""
    g = fresh(3, seed=2)
    first = g.state.turn_order[0]
    assert g.state.players[first].deniers == 5 + 2
    assert [e.kind for e in g.opening_events].count("income") == 3


def test_faq_20_gold_mine_early(play: Play) -> None:
    """§6 #20: placing on the Gold mine is allowed at any time; it produces only if the provost
    reaches space 16."""
    s = table()
    hold(s, 0, deniers=3)
    g = play(s, 2, until=3)
    assert "r16" in g.legal_codes()
    s = table()
    put(s, 0, f"r{GOLD_MINE}")
    s.provost = 12
    g = play(s, 5, until=6)
    assert cubes(s, 0) == ""


def test_faq_21_castle_batch_composition(play: Play) -> None:
    """§6 #21: 3 different types, exactly one food; gold allowed."""
    s = table()
    hold(s, 0, "FFGG")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    assert halted(g)  # F F G G: two foods or two golds — no batch
    s = table()
    hold(s, 0, "FCG")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    assert g.legal_codes() == ["FCG", "done", "=FCG"]
    assert g.choice_codes() == ["=FCG", "done"]  # one whole delivery, or none


def test_faq_22_castle_penalty_floor_and_exemption(play: Play) -> None:
    """§6 #22: −2 PP never below 0; no penalty when the Towers are full."""
    s = table()
    hold(s, 0, "", pp=1)
    put(s, 0, "castle")
    play(s, 6, until=7)
    assert s.players[0].pp == 0
    s = table()
    s.section = 3
    s.scored = [True, True, True]
    hold(s, 0, "", pp=1)
    put(s, 0, "castle")
    play(s, 6, until=7)
    assert s.players[0].pp == 1


def test_faq_23_no_best_builder_when_nobody_delivers(play: Play) -> None:
    """§6 #23 (project default): nobody delivers → nobody gets the favour."""
    s = table()
    put(s, 1, "castle")
    g = play(s, 6, until=7)
    assert halted(g)
    assert s.players[1].favours == [0, 0, 0, 0]


def test_faq_24_overflow_beyond_the_next_section(play: Play) -> None:
    """§6 #24 (project default): batches carry on into the section after the next one."""
    s = table()
    s.castle[0] = [1] * 5
    hold(s, 0, "F" * 12 + "W" * 12 + "S" * 12)
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    for _ in range(12):
        g.apply("FWS")
    assert (len(s.castle[0]), len(s.castle[1]), len(s.castle[2])) == (6, 10, 1)
    assert s.players[0].pp == 5 + 40 + 3


def test_faq_25_two_sections_completed_in_the_same_turn(play: Play) -> None:
    """§6 #25 (project default): every qualifying section is scored in order in the same phase 7;
    the 4-line limit spans both scorings."""
    s = table()
    s.castle[0] = [1] * 6
    s.castle[1] = [1] * 5 + [0] * 5
    s.completed_this_turn = [True, True, False]
    g = play(s, 7, until=1)
    # Dungeon: Bob 6 houses → 1 favour; Walls: Bob 5 → 3, Ann 5 → 3
    asked = []
    while not halted(g):
        assert g.decision is not None and g.decision.kind == "favour"
        asked.append((g.decision.player, tuple(g.legal_codes())))
        g.apply(g.legal_codes()[0])
    every = ("prestige", "deniers", "resources", "buildings")
    assert asked == [
        (1, every),  # Dungeon: Bob
        (0, every),  # Walls, in turn order: Ann ×3
        (0, ("deniers", "resources", "buildings")),
        (0, ("resources", "buildings")),
        (1, ("deniers", "resources", "buildings")),  # Bob used prestige in the Dungeon scoring
        (1, ("resources", "buildings")),
        # Bob's third Walls favour can only go on buildings: taken by itself
    ]
    assert s.players[1].favours == [1, 1, 1, 1]
    assert s.players[0].favours == [1, 1, 1, 0]
    assert s.scored == [True, True, False]
    assert s.section == 2


def test_faq_26_scoring_favour_not_in_the_column_it_unlocks(play: Play) -> None:
    """§6 #26: during the Dungeon scoring a marker on column 2 cannot advance."""
    s = table()
    s.castle[0] = [2, 2, 2]
    s.players[2].favours = [0, 2, 0, 0]
    s.bailiff = s.provost = 11
    g = play(s, 7, until=1)
    g.apply("deniers")
    assert halted(g)
    assert s.players[2].favours == [0, 2, 0, 0]
    assert s.players[2].deniers == 4


def test_faq_27_line_at_its_maximum(play: Play) -> None:
    """§6 #27: still allowed; the marker stays, effect up to that column."""
    s = table()
    s.players[0].favours = [0, 0, 2, 0]
    g = decide(s, Favour(0))
    g.apply("resources")
    assert g.legal_codes() == ["F", "W", "S"]
    g.apply("S")
    assert s.players[0].favours == [0, 0, 2, 0]
    assert cubes(s, 0) == "S"


def test_faq_28_favours_beyond_four_in_a_phase_are_lost() -> None:
    """§6 #28: lost."""
    s = table()
    s.players[0].lines_used = 0b1111
    g = decide(s, Favour(0))
    assert halted(g)
    assert s.players[0].favours == [0, 0, 0, 0]
    assert (s.players[0].pp, s.players[0].deniers, cubes(s, 0)) == (0, 0, "")


def test_faq_29_column_4_may_give_gold() -> None:
    """§6 #29: the cube given may be gold; the 2 received are plain."""
    s = table()
    s.scored = [True, False, False]
    s.players[0].favours = [0, 0, 3, 0]
    hold(s, 0, "G")
    g = decide(s, Favour(0))
    g.apply("resources")
    g.apply("swap")  # the gold is given by itself (only cube)
    assert g.legal_codes() == ["F", "W", "S", "C"]
    g.apply("F")
    g.apply("C")
    assert cubes(s, 0) == "FC"


def test_faq_30_building_favours_follow_stock_and_road_rules() -> None:
    """§6 #30: tile in stock, first free road space, PP and printed favours."""
    s = table()
    s.scored = [True, False, False]
    s.players[0].favours = [0, 0, 0, 2]
    build(s, 9, "church", owner=1)  # the only Church is built: not in stock
    hold(s, 0, "C")
    g = decide(s, Favour(0))
    g.apply("buildings")
    # stone column: the Church (S + C → 1 C) is not in the stock, nothing else costs cloth
    assert g.legal_codes() == ["wood", "skip"]
    s = table()
    s.scored = [True, False, False]
    s.players[0].favours = [0, 0, 0, 2]
    build(s, 9, "church", owner=1)
    hold(s, 0, "F")
    g = decide(s, Favour(0))
    g.apply("buildings")
    g.apply("stone")
    g.apply("park")
    assert (s.road_tile[10], s.road_owner[10], s.players[0].pp) == ("park", 0, 3)


def test_faq_31_no_stone_bonus_beyond_the_provost(play: Play) -> None:
    """§6 #31: no activation, no bonus."""
    s = table()
    build(s, 10, "workshop", owner=2)
    put(s, 1, "r10")
    s.provost = 9
    g = play(s, 5, until=6)
    assert halted(g)
    assert (cubes(s, 1), cubes(s, 2)) == ("", "")


def test_faq_32_workers_beyond_the_provost_return(play: Play) -> None:
    """§6 #32: they return with no effect; PP given at placement stay."""
    s = table()
    build(s, 10, "quarry", owner=2)
    s.players[2].pp = 1  # the point Cid got when Bob placed there
    put(s, 1, "r10")
    s.provost = 9
    play(s, 5, until=6)
    assert s.players[2].pp == 1
    assert s.players[1].workers == 6
    assert s.road_worker[10] == -1


def test_faq_33_two_players_no_stables(play: Play) -> None:
    """§6 #33: not used with two players."""
    s = table(2)
    hold(s, 0, deniers=9)
    g = play(s, 2, until=3)
    assert "stables" not in g.legal_codes()


def test_faq_34_lawyer_printed_pp(play: Play) -> None:
    """§6 #34: 4 PP (early printings, default) or 3 PP (option)."""
    for options, pp in ((Options(), 4), (Options(lawyer_pp=3), 3)):
        s = table(options=options)
        s.players[0].favours = [0, 0, 0, 1]
        hold(s, 0, "C")
        g = decide(s, Favour(0))
        g.apply("buildings")
        g.apply("wood")
        g.apply("lawyer")
        assert s.players[0].pp == pp


def test_faq_35_tie_for_victory(play: Play) -> None:
    """§6 #35: all tied players win."""
    s = table(3)
    s.section = 3
    s.scored = [True, True, True]
    s.phase = 8
    hold(s, 0, pp=12)
    hold(s, 1, pp=12)
    hold(s, 2, pp=11, deniers=3)
    g = Game.resume(s)
    assert g.over
    assert g.winners() == [0, 1]


def test_faq_36_joust_cloth_must_be_in_hand_trading_post_denier_may_pay(play: Play) -> None:
    """§6 #36: cloth produced this turn (phase 5) cannot pay the Joust field; the Trading post's
    3 d (earlier in phase 3) can pay the denier."""
    s = table()
    put(s, 0, "joust", f"r{FARM}")
    hold(s, 0, "", deniers=4)
    g = play(s, 3, until=6)
    g.apply("C")  # phase 5: the Farm's cloth, too late for the Joust field
    assert halted(g)
    assert s.players[0].favours == [0, 0, 0, 0]
    assert cubes(s, 0) == "C"
    s = table()
    put(s, 0, "trading", "joust")
    hold(s, 0, "C", deniers=0)
    g = play(s, 3, until=4)
    assert g.legal_codes() == ["favour", "skip"]
    g.apply("favour")
    g.apply("prestige")
    assert (s.players[0].deniers, s.players[0].pp) == (2, 1)


def test_faq_37_architect_with_several_residences(play: Play) -> None:
    """§6 #37 (project default): the builder chooses which residence."""
    s = table()
    build(s, 9, "architect", owner=1)
    build(s, QUARRY, "residence", owner=0)
    build(s, 12, "residence", owner=0)
    hold(s, 0, "WWWG")
    put(s, 0, "r9")
    s.provost = 9
    g = play(s, 5, until=6)
    g.apply("library")
    assert g.legal_codes() == [f"r{QUARRY}", "r12"]
    g.apply("r12")
    assert (s.road_tile[QUARRY], s.road_tile[12]) == ("residence", "library")


def test_faq_38_residence_made_earlier_in_phase_5_is_usable_by_a_later_architect(play: Play) -> None:
    """§6 #38 [inferred]: the Lawyer acts immediately (target without a worker), so an Architect
    later on the road can build on the new residence."""
    s = table()
    build(s, 9, "lawyer", owner=1)
    build(s, 10, "architect", owner=1)
    hold(s, 0, "CSSG", deniers=1)
    put(s, 0, "r9", "r10")
    s.provost = 10
    g = play(s, 5, until=6)
    g.apply(f"r{FARM}")
    assert g.legal_codes() == ["statue", "skip"]
    g.apply("statue")
    g.apply("prestige")  # the Statue's favour
    assert halted(g)
    assert (s.road_tile[FARM], s.road_owner[FARM]) == ("statue", 0)
    assert s.players[0].pp == 2 + 7 + 1
