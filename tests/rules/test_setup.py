"""Setup and board layout (§1.2, §1.3, §1.1)."""

from __future__ import annotations

import pytest

from bot.rules import Game, Options, new_game
from bot.rules.tiles import NEUTRALS, PRESTIGE, STONE, WOOD

from .helpers import NAMES, fresh


@pytest.mark.parametrize("n", [3, 4, 5])
def test_starting_money_by_turn_order_position(n: int) -> None:
    """§1.2 item 4: 5/6/6/7/7 d by turn-order position; §1.2 item 7 and §6 #19: phase 1 of
    turn 1 adds 2 d before the first placement, so the first player has 7 d."""
    g = fresh(n, seed=11)
    s = g.state
    start = [5, 6, 6, 7, 7]
    for position, seat in enumerate(s.turn_order):
        assert s.players[seat].deniers == start[position] + 2
    assert s.players[s.turn_order[0]].deniers == 7


def test_two_players_start_with_five_deniers_each() -> None:
    """§5 and §1.2 item 4: both players start with 5 d (7 d once turn 1's income is taken)."""
    g = fresh(2, seed=3)
    assert [p.deniers for p in g.state.players] == [7, 7]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_players_start_with_two_food_one_wood_and_nothing_else(n: int) -> None:
    """§1.2 items 3 and 5: 2 F + 1 W, 0 PP, favour markers on the start box, 6 workers."""
    g = fresh(n, seed=5)
    for p in g.state.players:
        assert p.cubes == [2, 1, 0, 0, 0]
        assert p.pp == 0
        assert p.favours == [0, 0, 0, 0]
        assert p.workers == 6
        assert not p.passed
    assert [p.colour for p in g.state.players] == ["blue", "red", "green", "orange", "black"][:n]


def test_road_layout_at_start() -> None:
    """§1.2 item 2 and §1.3: the 6 neutral tiles on spaces 1–6, Peddler 7, Carpenter 8, Gold
    mine 16, 19 free spaces, 28 spaces, nobody owns anything."""
    s = fresh(4, seed=8).state
    assert len(s.road_tile) == 29  # index 0 unused, spaces 1..28
    assert sorted(str(tid) for tid in s.road_tile[1:7]) == sorted(NEUTRALS)
    assert s.road_tile[7] == "peddler_fixed"
    assert s.road_tile[8] == "carpenter_fixed"
    assert s.road_tile[16] == "gold_mine"
    free = [sp for sp in range(1, 29) if s.road_tile[sp] is None]
    assert free == [9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28]
    assert len(free) == 19
    assert s.road_owner[1:] == [-1] * 28
    assert s.road_worker[1:] == [-1] * 28


def test_neutral_order_is_random_but_fixed_by_the_seed() -> None:
    """§1.2 items 2 and 4 (random neutral order and turn order) with design "same seed + same
    choices = same game"."""
    layouts = {tuple(fresh(3, seed=seed).state.road_tile[1:7]) for seed in range(12)}
    orders = {tuple(fresh(3, seed=seed).state.turn_order) for seed in range(12)}
    assert len(layouts) > 1 and len(orders) > 1
    assert fresh(3, seed=42).to_json() == fresh(3, seed=42).to_json()


def test_provost_and_bailiff_start_on_space_6() -> None:
    """§1.2 item 6: bailiff and provost start on road space 6."""
    s = fresh(3).state
    assert (s.provost, s.bailiff) == (6, 6)


def test_castle_and_favour_table_start_empty() -> None:
    """§1.4 / §4.2: empty castle, Dungeon under construction, favour columns 1–2 open."""
    s = fresh(3).state
    assert s.castle == [[], [], []]
    assert s.section == 0
    assert s.scored == [False, False, False]
    assert s.favour_columns == 2


def test_stock_first_printing() -> None:
    """§1.1 / §3.3 / §3.4 / §3.6 (project default: 1st printing): 8 wood, 9 stone (Architect
    twice, no Jeweller), 9 prestige tiles."""
    stock = fresh(3).state.stock
    assert sum(stock[t] for t in WOOD) == 8
    assert sum(stock[t] for t in STONE if t in stock) == 9
    assert stock["architect"] == 2
    assert "jeweller" not in stock
    assert sum(stock[t] for t in PRESTIGE) == 9
    assert all(stock[t] == 1 for t in PRESTIGE)


def test_stock_with_the_jeweller_option() -> None:
    """§3.4 (2nd printing, option `jeweller=True`): 10 stone tiles including the Jeweller."""
    stock = new_game(NAMES[:3], 0, Options(jeweller=True)).state.stock
    assert sum(stock[t] for t in STONE) == 10
    assert stock["jeweller"] == 1


def test_first_decision_is_the_first_player_placing() -> None:
    """§2 phase 2: placement starts with the first player in turn order, after income."""
    g = fresh(4, seed=9)
    d = g.decision
    assert d is not None
    assert d.kind == "place"
    assert d.player == g.state.turn_order[0]
    assert g.state.phase == 2 and g.state.round == 1


@pytest.mark.parametrize("n", [1, 6])
def test_player_count_is_two_to_five(n: int) -> None:
    """§1.1: 5 colours of workers, the game is for 2 to 5 players."""
    with pytest.raises(ValueError):
        new_game(NAMES[:1] * n, 0)


def test_lawyer_pp_option_is_three_or_four() -> None:
    """Project defaults table / §6 #34: the Lawyer gives 4 PP (default) or 3 PP."""
    with pytest.raises(ValueError):
        new_game(NAMES[:3], 0, Options(lawyer_pp=5))


def test_json_round_trip_at_start() -> None:
    """Design "State ... serialises to JSON and back losslessly"."""
    g = fresh(5, seed=77)
    h = Game.from_json(g.to_json())
    assert h.to_json() == g.to_json()
    assert h.legal_codes() == g.legal_codes()
