"""The seven phases of a turn (§2): income, placing workers, provost, activation, castle, end of
turn with the castle scoring (§1.4), and the end of the game (§2.8)."""

from __future__ import annotations

import pytest

from bot.rules import Game

from .conftest import Play
from .helpers import (
    FARM,
    GOLD_MINE,
    MARKET,
    QUARRY,
    SAWMILL,
    build,
    cubes,
    halted,
    hold,
    put,
    table,
)

# ----- phase 1: income ------------------------------------------------------------------------


def test_income_two_deniers_each(play: Play) -> None:
    """§2 phase 1: every player takes 2 d."""
    s = table(4)
    hold(s, 3, deniers=5)
    g = play(s, 1, until=2)
    assert halted(g)
    assert [p.deniers for p in s.players] == [2, 2, 2, 7]


def test_income_with_residences_library_and_hotel(play: Play) -> None:
    """§2 phase 1: + 1 d per residence, + 1 d for the Library, + 2 d for the Hotel; no cap."""
    s = table(3)
    for space in (1, 2, 3, 9):
        build(s, space, "residence", owner=0)
    build(s, 4, "library", owner=0)
    build(s, 5, "hotel", owner=0)
    build(s, 10, "residence", owner=1)
    hold(s, 2, deniers=30)
    g = play(s, 1, until=2)
    assert halted(g)
    assert [p.deniers for p in s.players] == [2 + 4 + 1 + 2, 2 + 1, 32]


def test_income_other_buildings_give_nothing(play: Play) -> None:
    """§2 phase 1: only residences, Library and Hotel add income."""
    s = table(3)
    build(s, 9, "bank", owner=0)
    build(s, 10, "cathedral", owner=0)
    build(s, 11, "statue", owner=1)
    g = play(s, 1, until=2)
    assert halted(g)
    assert [p.deniers for p in s.players] == [2, 2, 2]


# ----- phase 2: placing workers ---------------------------------------------------------------


def test_placement_cost_rises_with_each_pass_five_players(play: Play) -> None:
    """§2 phase 2 Cost (3–5 players): lowest free passing space = 1 + number of passed players;
    the first player to pass takes 1 d."""
    s = table(5)
    for seat in range(5):
        hold(s, seat, deniers=20)
    g = play(s, 2, until=3)
    plan = [
        (0, "castle", -1),
        (1, "pass", +1),  # first to pass: +1 d
        (2, "gate", -2),
        (3, "pass", 0),
        (4, "r1", -3),
        (0, "r2", -3),
        (2, "pass", 0),
        (4, "r3", -4),
        (0, "pass", 0),
        (4, "r4", -5),
        (4, "pass", 0),
    ]
    for seat, code, change in plan:
        assert g.decision is not None and (g.decision.kind, g.decision.player) == ("place", seat)
        before = s.players[seat].deniers
        g.apply(code)
        assert s.players[seat].deniers - before == change
    assert halted(g)
    assert s.passing == [1, 3, 2, 0, 4]
    assert [p.deniers for p in s.players] == [20 - 1 - 3, 21, 20 - 2, 20, 20 - 3 - 4 - 5]
    assert [p.workers for p in s.players] == [4, 6, 5, 6, 3]


def test_placement_cost_three_players(play: Play) -> None:
    """§2 phase 2 Cost: 1 d while nobody has passed, then 2, then 3."""
    s = table(3)
    for seat in range(3):
        hold(s, seat, deniers=12)
    g = play(s, 2, until=3)
    # Ann r1 (1), Bob r2 (1), Cid passes first (+1), Ann r3 (2), Bob passes, Ann r4 (3),
    # Ann r5 (3), Ann passes
    for code in ("r1", "r2", "pass", "r3", "pass", "r4", "r5", "pass"):
        g.apply(code)
    assert halted(g)
    assert s.passing == [2, 1, 0]
    assert [p.deniers for p in s.players] == [12 - 1 - 2 - 3 - 3, 12 - 1, 13]
    assert [s.road_worker[sp] for sp in range(1, 6)] == [0, 1, 0, 0, 0]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_bridge_price_is_one_plus_the_passes(play: Play, n: int) -> None:
    """§2 phase 2 Cost (3–5 players): after k players passed, the price is k + 1: each player in
    turn sees the castle at 1, 2, ..., n deniers as the others pass before them."""
    s = table(n)
    for seat in range(n):
        hold(s, seat, deniers=20)
    g = play(s, 2, until=3)
    for seat in range(n):
        assert g.decision is not None and g.decision.player == seat
        price = dict(g.decision.choices)["castle"]
        assert price.endswith(f" {seat + 1} denier" + ("s" if seat else ""))
        if seat < n - 1:
            g.apply("pass")
    g.apply("castle")
    assert s.players[n - 1].deniers == 20 - n
    assert s.players[0].deniers == 21  # the first to pass


def test_passed_players_are_skipped_in_turn_order(play: Play) -> None:
    """§2 phase 2: players act in turn order, cycling, skipping players who have passed."""
    s = table(4)
    s.turn_order = [2, 0, 3, 1]
    for seat in range(4):
        hold(s, seat, deniers=20)
    g = play(s, 2, until=3)
    asked = []
    for code in ("r1", "pass", "r2", "r3", "r4", "pass", "pass", "r5", "pass"):
        assert g.decision is not None
        asked.append(g.decision.player)
        g.apply(code)
    assert halted(g)
    assert asked == [2, 0, 3, 1, 2, 3, 1, 2, 2]
    assert s.passing == [0, 3, 1, 2]


def test_forced_pass_without_workers(play: Play) -> None:
    """§2 phase 2: a player with no worker left must pass (nobody is asked); being first to pass
    still gives 1 d."""
    s = table(3)
    s.players[0].workers = 0
    for seat in range(3):
        hold(s, seat, deniers=4)
    g = play(s, 2, until=3)
    assert g.decision is not None and g.decision.player == 1
    assert s.passing == [0]
    assert s.players[0].deniers == 5
    assert "pass" in [e.kind for e in g.opening_events]


def test_forced_pass_when_no_placement_is_affordable(play: Play) -> None:
    """§2 phase 2: a player unable to pay any placement must pass."""
    s = table(3)
    hold(s, 0, deniers=3)
    hold(s, 1, deniers=1)
    hold(s, 2, deniers=0)
    g = play(s, 2, until=3)
    g.apply("pass")  # Ann passes first (+1 d): the price is now 2
    assert halted(g)  # Bob (1 d) and Cid (0 d) cannot pay: forced passes
    assert s.passing == [0, 1, 2]
    assert [p.deniers for p in s.players] == [4, 1, 0]


def test_own_building_costs_one_denier(play: Play) -> None:
    """§2 phase 2 Cost: a building the player owns costs 1 d whatever the bridge says; nobody
    gains a point."""
    s = table(3)
    build(s, 9, "sawmill", owner=2)
    hold(s, 0, deniers=5)
    hold(s, 1, deniers=5)
    hold(s, 2, deniers=5)
    g = play(s, 2, until=3)
    g.apply("pass")
    g.apply("pass")
    assert g.decision is not None and g.decision.player == 2
    labels = dict(g.decision.choices)
    assert labels["r9"].endswith("1 denier")
    assert labels["r1"].endswith("3 deniers")
    g.apply("r9")
    assert s.players[2].deniers == 4
    assert s.players[2].pp == 0


def test_owner_gains_1_pp_at_placement_and_keeps_it(play: Play) -> None:
    """§2 phase 2 Owner bonus: the owner gains 1 PP at once; kept even if the building is never
    activated (§6 #32: beyond the provost)."""
    s = table(3)
    build(s, 20, "quarry", owner=1)
    hold(s, 0, deniers=5)
    g = play(s, 2, until=3)
    g.apply("r20")
    assert s.players[1].pp == 1
    assert s.players[0].deniers == 4

    s.tasks.clear()  # skip the other placements: the worker on road 20 is beyond the provost (6)
    g = play(s, 5, until=6)
    assert halted(g)
    assert s.players[1].pp == 1
    assert cubes(s, 0) == ""
    assert s.players[0].workers == 6


def test_placement_targets_exclude_occupied_and_empty_spaces(play: Play) -> None:
    """§2 phase 2 Legal targets: not an empty road space, not a space holding a worker, not the
    Stables twice for one player, not the castle twice."""
    s = table(3)
    put(s, 1, "r1", "gate", "trading", "guild", "joust")
    put(s, 0, "stables", "castle")
    hold(s, 0, deniers=9)
    g = play(s, 2, until=3)
    assert g.legal_codes() == ["pass", "inn", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r16"]


def test_stables_hold_three_workers(play: Play) -> None:
    """§2 phase 2: the Stables take at most 3 workers, one per player."""
    s = table(4)
    put(s, 0, "stables")
    put(s, 1, "stables")
    put(s, 2, "stables")
    hold(s, 3, deniers=9)
    s.turn_order = [3, 0, 1, 2]
    g = play(s, 2, until=3)
    assert "stables" not in g.legal_codes()


# ----- phase 4: the provost ---------------------------------------------------------------------


def test_provost_phase_in_passing_order_with_cost(play: Play) -> None:
    """§2 phase 4: players speak once each in passing order; k d move the provost k spaces."""
    s = table(3)
    s.passing = [2, 0, 1]
    for seat in range(3):
        hold(s, seat, deniers=5)
    g = play(s, 4, until=5)
    asked = []
    for code in ("+3", "-2", "+1"):
        assert g.decision is not None and g.decision.kind == "provost"
        asked.append(g.decision.player)
        g.apply(code)
    assert halted(g)
    assert asked == [2, 0, 1]
    assert s.provost == 6 + 3 - 2 + 1
    assert [p.deniers for p in s.players] == [3, 4, 2]


@pytest.mark.parametrize(
    ("provost", "deniers", "moves"),
    [
        (6, 5, ["0", "+1", "+2", "+3", "-1", "-2", "-3"]),
        (6, 2, ["0", "+1", "+2", "-1", "-2"]),
        (6, 1, ["0", "+1", "-1"]),
        (2, 9, ["0", "+1", "+2", "+3", "-1"]),
        (1, 9, ["0", "+1", "+2", "+3"]),
        (27, 9, ["0", "+1", "-1", "-2", "-3"]),
        (28, 9, ["0", "-1", "-2", "-3"]),
    ],
)
def test_provost_moves_within_limits(play: Play, provost: int, deniers: int, moves: list[str]) -> None:
    """§2 phase 4: 1–3 spaces, 1 d each; never behind space 1 (§6 #7), never beyond 28 (§6 #8:
    not offered, never clamped)."""
    s = table(3)
    s.passing = [0]
    s.provost = provost
    hold(s, 0, deniers=deniers)
    g = play(s, 4, until=5)
    assert g.legal_codes() == moves


def test_provost_without_money_is_not_asked(play: Play) -> None:
    """§2 phase 4: with 0 d the only choice is to leave the provost (applied by itself)."""
    s = table(3)
    s.passing = [0, 1, 2]
    g = play(s, 4, until=5)
    assert halted(g)
    assert s.provost == 6


# ----- phase 5: activation ------------------------------------------------------------------------


def test_activation_up_to_and_including_the_provost(play: Play) -> None:
    """§2 phase 5: road spaces 1 up to and including the provost; beyond it workers return with
    no effect (§6 #32)."""
    s = table(3)
    put(s, 0, f"r{SAWMILL}")
    put(s, 1, f"r{QUARRY}")  # the provost's own space: activated
    put(s, 2, f"r{GOLD_MINE}")  # beyond: nothing
    s.provost = QUARRY
    g = play(s, 5, until=6)
    assert halted(g)
    assert [cubes(s, seat) for seat in range(3)] == ["W", "S", ""]
    assert [p.workers for p in s.players] == [6, 6, 6]
    assert s.road_worker == [-1] * 29
    assert "not_activated" in [e.kind for e in g.opening_events]


def test_activation_walks_the_road_in_order(play: Play) -> None:
    """§2 phase 5: space by space from 1: the food of the Farm (1) can be sold at the Marketplace
    (5) in the same phase."""
    s = table(3)
    put(s, 0, f"r{FARM}", f"r{MARKET}")
    g = play(s, 5, until=6)
    g.apply("F")
    g.apply("F")
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0)) == (4, "")


def test_worker_on_space_1_always_activated(play: Play) -> None:
    """§6 #7: the provost's minimum is road space 1, so a worker on space 1 is always activated."""
    s = table(3)
    put(s, 2, f"r{FARM}")
    s.provost = 1
    g = play(s, 5, until=6)
    assert g.decision is not None and g.decision.kind == "produce"


def test_provost_on_empty_space(play: Play) -> None:
    """§6 #9: the provost may stand on an empty space; everything up to it is activated."""
    s = table(3)
    put(s, 0, f"r{GOLD_MINE}")
    build(s, 17, "quarry", owner=1)
    put(s, 2, "r17")
    s.provost = 16
    assert s.road_tile[16] == "gold_mine"
    s.provost = 20
    g = play(s, 5, until=6)
    assert halted(g)
    assert (cubes(s, 0), cubes(s, 2)) == ("G", "SS")


# ----- phase 6: the castle ----------------------------------------------------------------------


def test_batch_composition(play: Play) -> None:
    """§2 phase 6 / §6 #21: a batch is 3 cubes of 3 different types, exactly one food; gold counts
    as a normal cube."""
    s = table(3)
    hold(s, 0, "FWSCG")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    batches = ["FWS", "FWC", "FWG", "FSC", "FSG", "FCG"]
    assert g.legal_codes() == [*batches, "done", *("=" + b for b in batches)]
    assert g.choice_codes() == [*("=" + b for b in batches), "done"]  # one food: one batch at most


@pytest.mark.parametrize("held", ["FFWW", "WSCG", "FFF", "FW"])
def test_no_batch_without_one_food_and_two_other_different_cubes(play: Play, held: str) -> None:
    """§2 phase 6: no valid batch → nothing can be delivered (and the 2 PP penalty applies)."""
    s = table(3)
    hold(s, 0, held, pp=5)
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    assert halted(g)
    assert cubes(s, 0) == held
    assert s.players[0].pp == 3


@pytest.mark.parametrize(("section", "pp"), [(0, 5), (1, 4), (2, 3)])
def test_batch_points_per_section(play: Play, section: int, pp: int) -> None:
    """§1.4: each batch earns the section's PP: Dungeon 5, Walls 4, Towers 3."""
    s = table(3)
    s.section = section
    s.scored = [i < section for i in range(3)]
    hold(s, 0, "FFWWSSC")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    g.apply("FWS")
    g.apply("FWS")  # no food left: "done" by itself
    g.apply("prestige")  # best builder's favour (§2 phase 6)
    assert halted(g)
    assert s.castle[section] == [0, 0]
    assert s.players[0].pp == 2 * pp + 1
    assert cubes(s, 0) == "C"
    assert s.players[0].workers == 6
    assert s.castle_workers == []


def test_castle_workers_act_in_track_order(play: Play) -> None:
    """§2 phase 6: only players with a worker in the castle act, in castle-space order."""
    s = table(3)
    for seat in range(3):
        hold(s, seat, "FWS")
    put(s, 2, "castle")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    assert g.decision is not None and g.decision.player == 2
    g.apply("FWS")
    assert g.decision is not None and g.decision.player == 0
    g.apply("FWS")
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("favour", 2)
    assert s.castle[0] == [2, 0]
    assert cubes(s, 1) == "FWS"  # no worker, no turn


def test_overflow_into_the_next_section(play: Play) -> None:
    """§1.4 / §2 phase 6: when the section under construction is full, later batches go into the
    next section and earn its PP."""
    s = table(3)
    s.castle[0] = [1, 1, 1, 2, 2]
    hold(s, 0, "FFFWWWSSS")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    g.apply("FWS")
    g.apply("FWS")
    g.apply("FWS")
    assert s.castle[0] == [1, 1, 1, 2, 2, 0]
    assert s.castle[1] == [0, 0]
    assert s.players[0].pp == 5 + 4 + 4
    assert s.completed_this_turn == [True, False, False]


def test_castle_penalty_two_pp_floored_at_zero(play: Play) -> None:
    """§2 phase 6 / §6 #22: a castle worker who hands in no batch loses 2 PP, never below 0."""
    s = table(3)
    hold(s, 0, "FWS", pp=7)
    hold(s, 1, "", pp=1)
    put(s, 0, "castle")
    put(s, 1, "castle")
    g = play(s, 6, until=7)
    g.apply("done")  # Ann could build but does not
    assert halted(g)
    assert [s.players[0].pp, s.players[1].pp] == [5, 0]
    assert cubes(s, 0) == "FWS"


def test_no_penalty_when_the_towers_are_full(play: Play) -> None:
    """§2 phase 6 / §6 #22: no penalty when the Towers are full; the cubes are kept."""
    s = table(3)
    s.section = 2
    s.scored = [True, True, False]
    s.castle[2] = [1] * 14
    hold(s, 0, "FWS", pp=7)
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    assert halted(g)
    assert s.players[0].pp == 7
    assert cubes(s, 0) == "FWS"


def test_towers_filling_up_during_delivery(play: Play) -> None:
    """§1.4: when the Towers are full nobody can deliver any more batches; the later castle
    worker is not penalised."""
    s = table(3)
    s.section = 2
    s.scored = [True, True, False]
    s.castle[2] = [1] * 13
    hold(s, 0, "FFWWSS", pp=0)
    hold(s, 2, "FWS", pp=4)
    put(s, 0, "castle")
    put(s, 2, "castle")
    g = play(s, 6, until=7)
    g.apply("FWS")  # Towers full: Ann cannot deliver her second batch, Cid is not asked
    g.apply("deniers")  # Ann is the best builder
    assert halted(g)
    assert s.castle[2] == [1] * 13 + [0]
    assert (s.players[0].pp, cubes(s, 0), s.players[0].deniers) == (3, "FWS", 3)
    assert (s.players[2].pp, cubes(s, 2)) == (4, "FWS")
    assert s.completed_this_turn[2]


def test_best_builder_gets_a_favour(play: Play) -> None:
    """§2 phase 6: the player who placed the most houses this turn gets 1 royal favour."""
    s = table(3)
    hold(s, 0, "FWS")
    hold(s, 1, "FFWWSS")
    put(s, 0, "castle")
    put(s, 1, "castle")
    g = play(s, 6, until=7)
    g.apply("FWS")
    g.apply("FWS")
    g.apply("FWS")
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("favour", 1)
    g.apply("prestige")
    assert halted(g)
    assert [p.pp for p in s.players] == [5, 10 + 1, 0]


def test_best_builder_tie_goes_to_the_earliest_on_the_castle_track(play: Play) -> None:
    """§2 phase 6: tie → the tied player who is earliest on the castle track wins."""
    s = table(3)
    hold(s, 0, "FWS")
    hold(s, 2, "FWS")
    put(s, 2, "castle")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    g.apply("FWS")
    g.apply("FWS")
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("favour", 2)


def test_best_builder_needs_one_house(play: Play) -> None:
    """§2 phase 6 / §6 #23: nobody delivers → nobody gets the favour."""
    s = table(3)
    put(s, 0, "castle")
    put(s, 1, "castle")
    g = play(s, 6, until=7)
    assert halted(g)
    assert [p.favours for p in s.players] == [[0, 0, 0, 0]] * 3


# ----- phase 7: bailiff, scoring ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bailiff", "provost", "after"),
    [(6, 9, 8), (6, 7, 8), (6, 6, 7), (6, 3, 7), (10, 28, 12), (20, 1, 21)],
)
def test_bailiff_moves_one_or_two(play: Play, bailiff: int, provost: int, after: int) -> None:
    """§2 phase 7: provost farther than the bailiff → 2 spaces, otherwise 1; then the provost is
    put on the bailiff's space."""
    s = table(3)
    s.bailiff, s.provost = bailiff, provost
    s.section = 0 if after < 12 else 1
    s.scored = [after >= 12, False, False]
    g = play(s, 7, until=1)
    assert halted(g)
    assert (s.bailiff, s.provost) == (after, after)
    assert s.round == 2


def _score(play: Play, section: int, houses: list[int], bailiff: int) -> Game:
    """Phase 7 with the bailiff arriving on the section's mark; Ann, Bob, Cid own `houses`."""
    s = table(3)
    s.section = section
    s.scored = [i < section for i in range(3)]
    for seat, count in enumerate(houses):
        s.castle[section] += [seat] * count
        s.players[seat].pp = 10
    s.bailiff = s.provost = bailiff
    return play(s, 7, until=1)


SCORING_ROWS = [
    # section, houses, PP change, favours  (§1.4 scoring tables)
    (0, 0, -2, 0), (0, 1, 0, 0), (0, 2, 0, 1), (0, 3, 0, 1), (0, 6, 0, 1),
    (1, 0, -3, 0), (1, 1, 0, 0), (1, 2, 0, 1), (1, 3, 0, 2), (1, 4, 0, 2), (1, 5, 0, 3), (1, 9, 0, 3),
    (2, 0, -4, 0), (2, 1, 0, 0), (2, 2, 0, 1), (2, 3, 0, 1), (2, 4, 0, 2), (2, 5, 0, 2),
    (2, 6, 0, 3), (2, 8, 0, 3),
]


@pytest.mark.parametrize(("section", "houses", "pp", "favours"), SCORING_ROWS)
def test_scoring_table(play: Play, section: int, houses: int, pp: int, favours: int) -> None:
    """§1.4 scoring tables, applied when the bailiff reaches the mark (12 / 18 / 24)."""
    mark = (12, 18, 24)[section]
    g = _score(play, section, [0, houses, 1], mark - 1)
    s = g.state
    lines = iter(["prestige", "deniers", "resources"])
    asked = 0
    while g.decision is not None and g.decision.kind == "favour":
        assert g.decision.player == 1
        g.apply(next(lines))
        asked += 1
    assert asked == favours
    assert s.bailiff == mark
    bob = s.players[1]
    bonus = (1 if favours >= 1 else 0)  # prestige line column 1
    assert bob.pp == 10 + pp + bonus
    assert bob.favours[:3] == [int(favours >= 1), int(favours >= 2), int(favours >= 3)]
    assert s.players[0].pp == 10 + (-2, -3, -4)[section]  # Ann: no house
    assert s.players[2].pp == 10  # Cid: one house, nothing
    assert s.scored[section]
    assert s.section == section + 1
    if section == 2:
        assert g.over
    else:
        assert halted(g)


def test_scoring_penalty_floored_at_zero(play: Play) -> None:
    """§1.4 / rules header: PP can never go below 0."""
    g = _score(play, 1, [0, 0, 0], 17)
    assert [p.pp for p in g.state.players] == [7, 7, 7]
    s = table(3)
    s.players[0].pp = 2
    s.bailiff = s.provost = 11
    play(s, 7, until=1)
    assert [p.pp for p in s.players] == [0, 0, 0]


def test_scoring_in_turn_order(play: Play) -> None:
    """§2 phase 7 item 3: each player in turn order takes their favours."""
    s = table(3)
    s.turn_order = [2, 0, 1]
    s.castle[0] = [0, 0, 1, 1, 2, 2]
    s.completed_this_turn[0] = True
    g = play(s, 7, until=1)
    asked = []
    while g.decision is not None and g.decision.kind == "favour":
        asked.append(g.decision.player)
        g.apply("prestige")
    assert asked == [2, 0, 1]


def test_scoring_when_the_section_is_completed(play: Play) -> None:
    """§2 phase 7 item 3: the section is scored when completed this turn, wherever the bailiff."""
    s = table(3)
    s.castle[0] = [0, 0, 0, 0, 1, 1]
    s.completed_this_turn[0] = True
    s.players[2].pp = 6
    g = play(s, 7, until=1)
    g.apply("deniers")  # Ann
    g.apply("deniers")  # Bob
    assert halted(g)
    assert s.bailiff == 7
    assert s.scored == [True, False, False]
    assert s.section == 1
    assert [p.deniers for p in s.players] == [3, 3, 0]
    assert s.players[2].pp == 4
    assert s.favour_columns == 4


def test_houses_in_the_next_section_are_ignored(play: Play) -> None:
    """§1.4: houses placed in the next section early are ignored when the current one is scored."""
    s = table(3)
    s.castle[0] = [1, 1, 1, 1, 1, 1]
    s.castle[1] = [0, 0, 0]
    s.completed_this_turn[0] = True
    s.players[0].pp = 5
    g = play(s, 7, until=1)
    g.apply("prestige")  # Bob's favour
    assert halted(g)
    assert s.players[0].pp == 3  # no house in the Dungeon: -2
    assert s.castle[1] == [0, 0, 0]
    assert s.section == 1


def test_mark_reached_after_the_section_was_scored_does_nothing(play: Play) -> None:
    """§2 phase 7 item 3: each section is scored at most once; the Dungeon was scored early, the
    bailiff now passes 12 and nothing happens (the Walls mark is 18)."""
    s = table(3)
    s.section = 1
    s.scored = [True, False, False]
    s.castle[0] = [1] * 6
    s.bailiff, s.provost = 11, 15
    for p in s.players:
        p.pp = 9
    g = play(s, 7, until=1)
    assert halted(g)
    assert s.bailiff == 13
    assert [p.pp for p in s.players] == [9, 9, 9]
    assert s.section == 1


def test_closed_section_stays_empty(play: Play) -> None:
    """§1.4: once a section has been scored its empty spaces stay empty; batches go to the next."""
    s = table(3)
    s.section = 1
    s.scored = [True, False, False]
    s.castle[0] = [1, 1]
    hold(s, 0, "FWS")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    g.apply("FWS")
    g.apply("deniers")  # best builder
    assert halted(g)
    assert s.castle == [[1, 1], [0], []]
    assert s.players[0].pp == 4


def test_two_sections_in_one_turn(play: Play) -> None:
    """§6 #24 / #25 (project default): overflow carries on past a full section; both completed
    sections are scored in order in the same phase 7, Dungeon first (then columns 3–4 open for
    the Walls favours), and all those favours count as one phase for the one-line rule."""
    s = table(3)
    s.castle[0] = [1, 1, 1, 1]
    hold(s, 0, "F" * 13 + "W" * 13 + "S" * 13)
    s.players[2].pp = 20
    put(s, 0, "castle")
    g = play(s, 6, until=1)
    for _ in range(13):
        g.apply("FWS")
    assert s.castle[0] == [1, 1, 1, 1, 0, 0]
    assert s.castle[1] == [0] * 10
    assert s.castle[2] == [0]
    assert s.players[0].pp == 2 * 5 + 10 * 4 + 3
    # best builder (phase 6): Ann, on the resources line (column 1: food)
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("favour", 0)
    g.apply("resources")
    # phase 7: Dungeon scoring: Ann 2 houses → 1 favour (columns 1–2 only), Bob 4 → 1, Cid −2
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("favour", 0)
    assert g.legal_codes() == ["prestige", "deniers", "resources", "buildings"]  # new phase
    g.apply("prestige")
    assert s.players[0].favours[0] == 1
    assert g.decision is not None and g.decision.player == 1
    g.apply("prestige")
    # Walls scoring: Ann 10 houses → 3 favours, on lines not used in this phase 7
    assert s.scored[0] and s.favour_columns == 4
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("favour", 0)
    assert g.legal_codes() == ["deniers", "resources", "buildings"]
    g.apply("deniers")
    g.apply("resources")  # column 2 → choose wood or stone (or the food of column 1)
    assert g.decision is not None and g.decision.kind == "favour_resources"
    assert g.legal_codes() == ["F", "W", "S"]
    g.apply("W")
    # the third favour can only go on the buildings line (column 1: nothing): taken by itself
    assert halted(g)
    assert s.scored == [True, True, False]
    assert s.section == 2
    assert s.players[0].favours == [1, 1, 2, 1]
    assert s.players[0].deniers == 3
    assert s.players[1].pp == 0  # Bob: Dungeon favour +1, then no house in the Walls: −3, floor 0
    assert s.players[2].pp == 20 - 2 - 3
    assert cubes(s, 0) == "FW"


def test_bailiff_and_completion_score_each_section_once(play: Play) -> None:
    """§2 phase 7 item 3: reaching the mark and completing the section in the same turn is still
    one scoring."""
    s = table(3)
    s.castle[0] = [0, 0, 0, 0, 0, 0]
    s.completed_this_turn[0] = True
    s.bailiff, s.provost = 11, 11
    g = play(s, 7, until=1)
    g.apply("prestige")  # Ann
    assert halted(g)
    assert [p.pp for p in s.players] == [1, 0, 0]
    assert s.section == 1


# ----- end of the game (§2.8) -------------------------------------------------------------------


def test_game_ends_after_the_towers_scoring_with_final_bonus(play: Play) -> None:
    """§2.8: the game ends right after the Towers scoring; each player adds 3 PP per gold, 1 PP per
    3 plain cubes, 1 PP per 4 d (rounded down)."""
    s = table(3)
    s.section = 2
    s.scored = [True, True, False]
    s.castle[2] = [0, 1, 2]
    s.bailiff = s.provost = 23
    hold(s, 0, "FFWWSCCGG", deniers=11, pp=20)
    hold(s, 1, "FFWWS", deniers=3, pp=31)
    hold(s, 2, "", deniers=8, pp=27)
    g = play(s, 7)
    assert g.over
    assert g.decision is None
    assert g.legal_codes() == []
    assert s.phase == 8
    scores = g.final_scores()
    assert [(x.pp_play, x.gold_pp, x.cubes_pp, x.deniers_pp, x.total) for x in scores] == [
        (20, 6, 2, 2, 30),
        (31, 0, 1, 0, 32),
        (27, 0, 0, 2, 29),
    ]
    assert g.winners() == [1]


def test_shared_victory(play: Play) -> None:
    """§2.8 / §6 #35: a tie for first place is shared: all tied players win."""
    s = table(4)
    s.section = 2
    s.scored = [True, True, False]
    s.castle[2] = [0, 1, 2, 3]
    s.bailiff = s.provost = 23
    hold(s, 0, "G", pp=20)  # 23
    hold(s, 1, "", deniers=12, pp=20)  # 23
    hold(s, 2, "FWS", deniers=7, pp=21)  # 23
    hold(s, 3, "", pp=22)  # 22
    g = play(s, 7)
    assert g.over
    assert [x.total for x in g.final_scores()] == [23, 23, 23, 22]
    assert g.winners() == [0, 1, 2]


def test_game_ends_when_the_towers_are_completed(play: Play) -> None:
    """§2.8: the game also ends when all 14 Towers spaces were filled this turn."""
    s = table(3)
    s.section = 2
    s.scored = [True, True, False]
    s.castle[2] = [0] * 14
    s.completed_this_turn[2] = True
    s.bailiff = s.provost = 15
    g = play(s, 7)
    answered = 0
    while not g.over:
        g.apply(("prestige", "deniers", "resources")[answered])
        answered += 1
    assert answered == 3
    assert s.bailiff == 16
    assert s.players[0].favours[:3] == [1, 1, 1]
