"""The special buildings of phase 3 (§2 phase 3): Gate, Trading post, Merchants' guild, Joust
field, Stables, Inn."""

from __future__ import annotations

import pytest

from .conftest import Play
from .helpers import build, cubes, halted, hold, put, table

# ----- Gate ----------------------------------------------------------------------------------


def test_gate_offers_every_place_a_worker_could_go(play: Play) -> None:
    """§2 phase 3 Gate: any space where a worker could legally be placed now (cost aside):
    free special spaces, Stables, Inn left circle, castle, unoccupied eligible buildings; or home."""
    s = table()
    put(s, 0, "gate")
    put(s, 1, "trading", "r2")
    put(s, 2, "castle")
    build(s, 9, "sawmill", owner=1)
    build(s, 10, "residence", owner=1)
    g = play(s, 3, until=4)
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("gate", 0)
    assert g.legal_codes() == [
        "home", "guild", "joust", "stables", "inn", "castle",
        "r1", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r16",
    ]


def test_gate_to_the_castle_takes_the_lowest_free_castle_space(play: Play) -> None:
    """§2 phase 3 Gate / §6 #1: to the castle if the player has none there; it comes after the
    phase-2 castle workers."""
    s = table()
    put(s, 0, "gate")
    put(s, 2, "castle")
    put(s, 1, "castle")
    g = play(s, 3, until=4)
    g.apply("castle")
    assert halted(g)
    assert s.castle_workers == [2, 1, 0]
    assert s.gate == -1
    assert s.players[0].workers == 5


def test_gate_not_to_the_castle_when_already_there(play: Play) -> None:
    """§6 #1: at most one worker per player in the castle."""
    s = table()
    put(s, 0, "gate", "castle")
    g = play(s, 3, until=4)
    assert "castle" not in g.legal_codes()


def test_gate_to_the_trading_post_is_activated_this_phase(play: Play) -> None:
    """§2 phase 3 Gate: a worker moved to a later special space is activated in the same phase."""
    s = table()
    hold(s, 1, deniers=2)
    put(s, 1, "gate")
    g = play(s, 3, until=4)
    g.apply("trading")
    assert halted(g)
    assert s.players[1].deniers == 5
    assert s.players[1].workers == 6
    assert s.trading == -1


def test_gate_to_another_players_building_gives_the_owner_1_pp(play: Play) -> None:
    """§2 phase 3 Gate / §6 #2: moving onto another player's building gives that player 1 PP; the
    mover pays nothing."""
    s = table()
    build(s, 9, "quarry", owner=2)
    hold(s, 0, deniers=4)
    put(s, 0, "gate")
    g = play(s, 3, until=4)
    g.apply("r9")
    assert halted(g)
    assert s.road_worker[9] == 0
    assert s.players[2].pp == 1
    assert s.players[0].deniers == 4
    assert s.players[0].pp == 0


def test_gate_to_own_building_gives_no_point(play: Play) -> None:
    """§2 phase 2 owner bonus: only another player's worker gives the owner 1 PP."""
    s = table()
    build(s, 9, "quarry", owner=0)
    put(s, 0, "gate")
    g = play(s, 3, until=4)
    g.apply("r9")
    assert s.players[0].pp == 0
    assert s.road_worker[9] == 0


def test_gate_to_the_stables_reorders_this_phase(play: Play) -> None:
    """§2 phase 3 Gate then Stables (order 5): a worker moved there takes part in the reordering."""
    s = table(4)
    put(s, 3, "gate")
    put(s, 1, "stables")
    g = play(s, 3, until=4)
    g.apply("stables")
    assert halted(g)
    assert s.turn_order == [1, 3, 0, 2]
    assert s.players[3].workers == 6


def test_gate_to_the_inn_moves_to_the_right_circle(play: Play) -> None:
    """§2 phase 3 Gate to the Inn's left circle (if empty), then the Inn (order 6)."""
    s = table()
    put(s, 2, "gate")
    g = play(s, 3, until=4)
    g.apply("inn")
    assert halted(g)
    assert (s.inn_left, s.inn_right) == (-1, 2)
    assert s.players[2].workers == 5


def test_gate_home(play: Play) -> None:
    """§2 phase 3 Gate: or the worker simply goes home."""
    s = table()
    put(s, 0, "gate")
    g = play(s, 3, until=4)
    g.apply("home")
    assert halted(g)
    assert s.players[0].workers == 6
    assert s.gate == -1


def test_gate_to_a_road_building_is_activated_in_phase_5(play: Play) -> None:
    """§2 phase 3 Gate: the moved worker stands on the building and is used in phase 5."""
    s = table()
    put(s, 0, "gate")
    s.provost = 16
    g = play(s, 3, until=6)
    g.apply("r16")  # phase 4: nobody has passed in this constructed turn, so nobody speaks
    assert halted(g)
    assert cubes(s, 0) == "G"


# ----- Trading post, Merchants' guild, Joust field --------------------------------------------


def test_trading_post_gives_three_deniers(play: Play) -> None:
    """§2 phase 3 Trading post: take 3 d; the worker returns."""
    s = table()
    hold(s, 2, deniers=1)
    put(s, 2, "trading")
    g = play(s, 3, until=4)
    assert halted(g)
    assert s.players[2].deniers == 4
    assert s.players[2].workers == 6
    assert s.trading == -1


@pytest.mark.parametrize(
    ("provost", "moves"),
    [
        (6, ["0", "+1", "+2", "+3", "-1", "-2", "-3"]),
        (2, ["0", "+1", "+2", "+3", "-1"]),
        (1, ["0", "+1", "+2", "+3"]),
        (27, ["0", "+1", "-1", "-2", "-3"]),
        (28, ["0", "-1", "-2", "-3"]),
    ],
)
def test_guild_moves_the_provost_up_to_three_within_the_road(play: Play, provost: int, moves: list[str]) -> None:
    """§2 phase 3 Merchants' guild: 1–3 spaces forward or back, free; road limits of phase 4
    (space 1 to 28, §6 #7, #8); 0 allowed (§6 #10)."""
    s = table()
    put(s, 1, "guild")
    s.provost = provost
    g = play(s, 3, until=4)
    assert g.decision is not None and g.decision.kind == "guild"
    assert g.legal_codes() == moves


def test_guild_move_is_free(play: Play) -> None:
    """§2 phase 3 Merchants' guild: the move is free."""
    s = table()
    hold(s, 1, deniers=0)
    put(s, 1, "guild")
    g = play(s, 3, until=4)
    g.apply("-3")
    assert halted(g)
    assert s.provost == 3
    assert s.players[1].deniers == 0
    assert s.players[1].workers == 6


def test_joust_field_favour_for_one_denier_and_one_cloth(play: Play) -> None:
    """§2 phase 3 Joust field: pay 1 d + 1 C for a royal favour."""
    s = table()
    hold(s, 0, "CC", deniers=2)
    put(s, 0, "joust")
    g = play(s, 3, until=4)
    assert g.legal_codes() == ["favour", "skip"]
    g.apply("favour")
    assert g.decision is not None and g.decision.kind == "favour"
    g.apply("deniers")  # deniers line column 1: 3 d
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0)) == (2 - 1 + 3, "C")
    assert s.players[0].favours == [0, 1, 0, 0]
    assert s.players[0].workers == 6


def test_joust_field_is_optional(play: Play) -> None:
    """§2 phase 3 Joust field: "may pay"."""
    s = table()
    hold(s, 0, "C", deniers=1)
    put(s, 0, "joust")
    g = play(s, 3, until=4)
    g.apply("skip")
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0), s.players[0].favours) == (1, "C", [0, 0, 0, 0])


@pytest.mark.parametrize(("held", "deniers"), [("", 5), ("C", 0), ("FWSG", 3)])
def test_joust_field_without_cloth_or_denier(play: Play, held: str, deniers: int) -> None:
    """§2 phase 3 Joust field / §6 #36: the cloth and the denier must be in hand (gold is no
    cloth); otherwise nothing happens and nobody is asked."""
    s = table()
    hold(s, 0, held, deniers=deniers)
    put(s, 0, "joust")
    g = play(s, 3, until=4)
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0), s.players[0].favours) == (deniers, held, [0, 0, 0, 0])


# ----- Stables ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "stables", "new"),
    [
        ([0, 1, 2, 3, 4], [3], [3, 0, 1, 2, 4]),
        ([0, 1, 2, 3, 4], [3, 1], [3, 1, 0, 2, 4]),
        ([0, 1, 2, 3, 4], [4, 2, 0], [4, 2, 0, 1, 3]),
        ([2, 0, 4, 1, 3], [1, 2], [1, 2, 0, 4, 3]),
        ([2, 0, 4, 1, 3], [2], [2, 0, 4, 1, 3]),
        ([2, 0, 4, 1, 3], [0, 2, 4], [0, 2, 4, 1, 3]),
    ],
)
def test_stables_reference_algorithm(play: Play, old: list[int], stables: list[int], new: list[int]) -> None:
    """§2 phase 3 Stables: circle 1 first, circle 2 second, circle 3 third; every other player
    keeps their relative order: `new = stables_order + [p for p in old if p not in stables]`."""
    s = table(5)
    s.turn_order = list(old)
    for seat in stables:
        put(s, seat, "stables")
    g = play(s, 3, until=4)
    assert halted(g)
    assert s.turn_order == new == stables + [p for p in old if p not in stables]
    assert s.stables == []
    assert all(p.workers == 6 for p in s.players)


# ----- Inn ------------------------------------------------------------------------------------


def test_inn_left_worker_moves_to_the_right_circle(play: Play) -> None:
    """§2 phase 3 Inn: the left worker moves to the right circle, where it stays."""
    s = table()
    put(s, 1, "inn")
    g = play(s, 3, until=4)
    assert halted(g)
    assert (s.inn_left, s.inn_right) == (-1, 1)
    assert s.players[1].workers == 5


def test_inn_right_worker_goes_home_when_someone_enters(play: Play) -> None:
    """§2 phase 3 Inn: a worker placed on the left circle this turn sends the right one home."""
    s = table()
    put(s, 2, "inn_right")
    put(s, 0, "inn")
    g = play(s, 3, until=4)
    assert halted(g)
    assert (s.inn_left, s.inn_right) == (-1, 0)
    assert s.players[2].workers == 6
    assert s.players[0].workers == 5


def test_inn_same_player_on_both_circles(play: Play) -> None:
    """§2 phase 3 Inn / §6 #4: the left worker moves right, the older one goes home; the player
    keeps the Inn."""
    s = table()
    put(s, 0, "inn_right", "inn")
    assert s.players[0].workers == 4
    g = play(s, 3, until=4)
    assert halted(g)
    assert (s.inn_left, s.inn_right) == (-1, 0)
    assert s.players[0].workers == 5


@pytest.mark.parametrize(("code", "right", "workers"), [("stay", 1, 5), ("leave", -1, 6)])
def test_inn_occupant_chooses_when_nobody_entered(play: Play, code: str, right: int, workers: int) -> None:
    """§2 phase 3 Inn / §6 #6: if nobody entered the left circle this turn, the player on the
    right circle takes the worker back or leaves it for next turn."""
    s = table()
    put(s, 1, "inn_right")
    g = play(s, 3, until=4)
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("inn", 1)
    assert g.legal_codes() == ["stay", "leave"]
    g.apply(code)
    assert halted(g)
    assert s.inn_right == right
    assert s.players[1].workers == workers


def test_special_buildings_resolve_in_fixed_order(play: Play) -> None:
    """§2 phase 3: Gate, Trading post, Merchants' guild, Joust field, Stables, Inn in that order."""
    s = table(4)
    hold(s, 3, "C", deniers=1)
    put(s, 0, "gate")
    put(s, 1, "trading")
    put(s, 2, "guild")
    put(s, 3, "joust")
    put(s, 1, "stables")
    put(s, 2, "inn")
    g = play(s, 3, until=4)
    order = []
    events = list(g.opening_events)
    order.append(g.decision.kind if g.decision else "")
    events += g.apply("home")
    order.append(g.decision.kind if g.decision else "")
    events += g.apply("0")
    order.append(g.decision.kind if g.decision else "")
    events += g.apply("skip")
    assert order == ["gate", "guild", "joust"]
    assert halted(g)
    kinds = [e.kind for e in events if e.kind in ("gate", "trading", "provost", "stables", "inn_enter")]
    assert kinds == ["gate", "trading", "provost", "stables", "inn_enter"]
    assert s.turn_order == [1, 0, 2, 3]
    assert s.players[1].deniers == 3
