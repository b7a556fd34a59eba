"""Wood buildings (§3.3): their cost and PP when built, and their effect when used."""

from __future__ import annotations

import pytest

from bot.rules import Game, Options, State
from bot.rules.tasks import Lawyer

from .conftest import Play
from .helpers import (
    CARPENTER,
    FARM,
    FOREST,
    GOLD_MINE,
    MARKET,
    QUARRY,
    build,
    cubes,
    decide,
    halted,
    hold,
    put,
    table,
)


@pytest.mark.parametrize(
    ("code", "held", "left", "pp"),
    [
        ("farm_food", "WF", "", 2),
        ("farm_cloth", "WF", "", 2),
        ("sawmill", "WF", "", 2),
        ("quarry", "WF", "", 2),
        ("market+G", "WGC", "C", 4),  # 1 W + 1 any cube (gold allowed)
        ("market+W", "WW", "", 4),
        ("peddler+S", "WS", "", 4),
        ("mason", "WFC", "C", 4),
        ("lawyer", "WC", "", 4),
    ],
)
def test_wood_building_cost_and_prestige(play: Play, code: str, held: str, left: str, pp: int) -> None:
    """§3.3 table: Farms, Sawmill, Quarry W + F → 2 PP; Marketplace, Peddler W + any cube → 4 PP;
    Mason W + F → 4 PP; Lawyer W + C → 4 PP (first printing)."""
    s = table()
    hold(s, 0, held)
    put(s, 0, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    assert code in g.legal_codes()
    g.apply(code)
    assert halted(g)
    tile = code.partition("+")[0]
    assert (s.road_tile[9], s.road_owner[9]) == (tile, 0)
    assert cubes(s, 0) == left
    assert s.players[0].pp == pp
    assert s.stock[tile] == 0


def test_wood_tile_not_offered_without_its_exact_cost(play: Play) -> None:
    """§3.3: the Lawyer needs W + C; Farms need W + F; the Marketplace/Peddler any second cube."""
    s = table()
    hold(s, 0, "WS")
    put(s, 0, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["market+S", "peddler+S", "skip"]


def test_each_wood_tile_exists_once(play: Play) -> None:
    """§3.3: 8 wood tiles, one of each; a built tile is no longer offered."""
    s = table()
    build(s, 9, "sawmill", owner=1)
    hold(s, 0, "WF")
    put(s, 0, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    assert "sawmill" not in g.legal_codes()
    assert "quarry" in g.legal_codes()


def _use(
    play: Play, tile: str, seat: int = 0, owner: int = 1, held: str = "", deniers: int = 0
) -> tuple[State, Game]:
    """`seat` uses the `tile` owned by `owner` on road 9 (the provost is on 9)."""
    s = table()
    build(s, 9, tile, owner=owner)
    hold(s, seat, held, deniers=deniers)
    put(s, seat, "r9")
    s.provost = 9
    return s, play(s, 5, until=6)


@pytest.mark.parametrize(
    ("tile", "options"),
    [("farm_food", ["FF", "C"]), ("farm_cloth", ["CC", "F"])],
)
def test_wood_farms(play: Play, tile: str, options: list[str]) -> None:
    """§3.3 Farm (food): 2 F or 1 C; Farm (cloth): 2 C or 1 F. Wood production gives the owner no
    cube (only the stone production buildings do, §2 phase 5)."""
    for choice in options:
        s, g = _use(play, tile)
        assert g.legal_codes() == options
        g.apply(choice)
        assert halted(g)
        assert cubes(s, 0) == "".join(sorted(choice, key="FWSCG".index))
        assert cubes(s, 1) == ""


@pytest.mark.parametrize(("tile", "out"), [("sawmill", "WW"), ("quarry", "SS")])
def test_wood_sawmill_and_quarry(play: Play, tile: str, out: str) -> None:
    """§3.3 Sawmill 2 W, Quarry 2 S (mandatory production, no owner cube)."""
    s, g = _use(play, tile)
    assert halted(g)
    assert cubes(s, 0) == out
    assert cubes(s, 1) == ""


def test_wood_marketplace_sells_any_cube_for_six(play: Play) -> None:
    """§3.3 Marketplace: sell 1 any cube for 6 d."""
    s, g = _use(play, "market", held="GS", deniers=1)
    assert g.legal_codes() == ["S", "G", "skip"]
    g.apply("G")
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0)) == (7, "S")


def test_wood_peddler_two_cubes_for_two_deniers(play: Play) -> None:
    """§3.3 Peddler: pay 2 d → 2 plain cubes (different ones allowed); gold is not offered."""
    s, g = _use(play, "peddler", deniers=3)
    singles, pairs = ["=F", "=W", "=S", "=C"], ["=FF", "=FW", "=FS", "=FC", "=WW", "=WS", "=WC", "=SS", "=SC", "=CC"]
    assert g.choice_codes() == [*singles, *pairs, "skip"]  # whole purchases (issue 10)
    assert g.legal_codes() == ["F", "W", "S", "C", "skip", *singles, *pairs]  # and cube by cube
    g.apply("S")
    assert g.legal_codes() == ["F", "W", "S", "C", "done"]
    g.apply("C")
    assert halted(g)  # at most 2 cubes
    assert (s.players[0].deniers, cubes(s, 0)) == (1, "SC")


def test_wood_peddler_same_cube_twice(play: Play) -> None:
    """§3.3 Peddler: the 2 plain cubes may be the same."""
    s, g = _use(play, "peddler", deniers=2)
    g.apply("W")
    g.apply("W")
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0)) == (0, "WW")


def test_wood_peddler_one_cube_for_one_denier(play: Play) -> None:
    """§3.3 Peddler: pay 1 d → 1 plain cube (stop after one)."""
    s, g = _use(play, "peddler", deniers=4)
    g.apply("F")
    g.apply("done")
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0)) == (3, "F")


def test_wood_peddler_with_one_denier_buys_one_cube(play: Play) -> None:
    """§3.3 Peddler: 1 d pays for one cube only."""
    s, g = _use(play, "peddler", deniers=1)
    g.apply("C")
    assert halted(g)
    assert (s.players[0].deniers, cubes(s, 0)) == (0, "C")


def test_mason_builds_one_stone_building(play: Play) -> None:
    """§3.3 Mason: build 1 stone building (Workshop: S + F, 3 PP) on the lowest free space."""
    s, g = _use(play, "mason", held="SFSF")
    assert g.legal_codes() == ["stone_farm", "park", "workshop", "alchemist", "architect", "skip"]
    g.apply("workshop")
    assert halted(g)  # §6 #14: one building per activation
    assert (s.road_tile[10], s.road_owner[10]) == ("workshop", 0)
    assert s.players[0].pp == 3
    assert cubes(s, 0) == "FS"


# ----- the Lawyer (§3.3 Lawyer details, §6 #11–13) -------------------------------------------


def _lawyer(play: Play, seat: int = 0, held: str = "C", deniers: int = 1) -> State:
    """The Lawyer on road 9 (owned by seat 2), used by `seat`; the provost at the road's end."""
    s = table()
    build(s, 9, "lawyer", owner=2)
    hold(s, seat, held, deniers=deniers)
    put(s, seat, "r9")
    s.provost = 28
    return s


def test_lawyer_turns_a_neutral_tile_into_a_residence(play: Play) -> None:
    """§3.3 Lawyer: pay 1 C + 1 d; the neutral tile is replaced by a residence of the user with
    one of their houses; +2 PP; the neutral tile leaves the game for good."""
    s = _lawyer(play)
    g = play(s, 5, until=6)
    assert g.decision is not None and g.decision.kind == "lawyer"
    g.apply(f"r{QUARRY}")
    assert halted(g)
    assert (s.road_tile[QUARRY], s.road_owner[QUARRY]) == ("residence", 0)
    assert s.players[0].pp == 2
    assert (s.players[0].deniers, cubes(s, 0)) == (0, "")
    assert "n_quarry" not in s.stock and "n_quarry" not in s.road_tile
    assert s.players[2].pp == 0  # the Lawyer's owner got nothing at activation


def test_lawyer_targets_neutral_and_own_wood_and_stone_only(play: Play) -> None:
    """§3.3 / §6 #11: targets are the neutral tiles and the user's own wood/stone tiles; never the
    printed buildings, residences, prestige tiles, any Lawyer, or another player's tile."""
    s = _lawyer(play, seat=2)  # Cid uses his own Lawyer (road 9): not a target either
    build(s, 10, "sawmill", owner=2)  # own wood: yes
    build(s, 11, "bank", owner=2)  # own stone: yes
    build(s, 12, "quarry", owner=1)  # another player's wood: no
    build(s, 13, "residence", owner=2)  # residence: no
    build(s, 14, "library", owner=2)  # prestige: no
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["r1", "r2", "r3", "r4", "r5", "r6", "r10", "r11", "skip"]


def test_lawyer_on_own_tile_returns_it_to_the_stock(play: Play) -> None:
    """§3.3: a transformed player tile returns to the stock and can be built again later."""
    s = _lawyer(play)
    build(s, 10, "bank", owner=0)
    g = play(s, 5, until=6)
    assert s.stock["bank"] == 0
    g.apply("r10")
    assert halted(g)
    assert s.stock["bank"] == 1
    assert (s.road_tile[10], s.road_owner[10]) == ("residence", 0)
    assert s.players[0].pp == 2


def test_lawyer_needs_one_cloth(play: Play) -> None:
    """§3.3 Lawyer: cost 1 C + 1 d; without cloth nothing is offered."""
    s = _lawyer(play, held="", deniers=5)
    g = play(s, 5, until=6)
    assert halted(g)
    assert s.road_tile[1:7] == ["n_farm", "n_forest", "n_sawmill", "n_quarry", "n_market", "n_carpenter"]
    assert s.players[0].deniers == 5


def test_lawyer_needs_a_real_denier_not_gold(play: Play) -> None:
    """§6 #12: the denier cannot be replaced by gold."""
    s = _lawyer(play, held="CGG", deniers=0)
    g = play(s, 5, until=6)
    assert halted(g)
    assert cubes(s, 0) == "CGG"
    assert s.players[0].pp == 0


def test_lawyer_owner_may_use_it_too(play: Play) -> None:
    """§3.3: the Lawyer's owner uses it like anyone else (1 C + 1 d)."""
    s = _lawyer(play, seat=2, held="CC", deniers=3)
    g = play(s, 5, until=6)
    g.apply(f"r{FOREST}")
    assert halted(g)
    assert (s.road_tile[FOREST], s.road_owner[FOREST]) == ("residence", 2)
    assert (s.players[2].deniers, cubes(s, 2), s.players[2].pp) == (2, "C", 2)


def test_lawyer_delayed_transformation_of_a_later_building(play: Play) -> None:
    """§3.3 / §6 #13: the target still carries a worker (it lies later on the road): pay now,
    transform after that building's activation. Ann's own Quarry on 12 carries Bob's worker: Bob
    still takes 2 S, then the Quarry becomes Ann's residence and returns to the stock."""
    s = _lawyer(play)
    build(s, 12, "quarry", owner=0)
    put(s, 1, "r12")
    g = play(s, 5, until=6)
    assert "r12" in g.legal_codes()
    events = g.apply("r12")
    assert halted(g)
    order = [e.kind for e in events if e.kind in ("lawyer", "produce", "residence")]
    assert order == ["lawyer", "produce", "residence"]
    assert (s.players[0].deniers, cubes(s, 0)) == (0, "")
    assert cubes(s, 1) == "SS"  # the Quarry was still used by Bob
    assert (s.road_tile[12], s.road_owner[12]) == ("residence", 0)
    assert s.lawyer_pending == []
    assert s.stock["quarry"] == 1
    assert s.players[0].pp == 2


def test_lawyer_delayed_transformation_waits_for_a_decision(play: Play) -> None:
    """§6 #13: while the target's user is still deciding, the target is the old building."""
    s = _lawyer(play)
    put(s, 1, f"r{MARKET}")  # earlier than the Lawyer: used before, target not delayed
    hold(s, 1, "G")
    build(s, 12, "farm_food", owner=0)
    put(s, 1, "r12")
    g = play(s, 5, until=6)
    g.apply("G")  # Bob sells his gold at the Marketplace (road 5) first
    assert g.decision is not None and g.decision.kind == "lawyer"
    assert f"r{MARKET}" in g.legal_codes()
    g.apply("r12")
    assert s.lawyer_pending == [[12, 0]]
    assert g.decision is not None and g.decision.kind == "produce"  # Bob at the Farm
    assert g.legal_codes() == ["FF", "C"]
    g.apply("FF")
    assert halted(g)
    assert s.lawyer_pending == []
    assert (s.road_tile[12], s.road_owner[12]) == ("residence", 0)
    assert cubes(s, 1) == "FF"


def test_lawyer_target_beyond_the_provost_transforms_when_the_worker_returns(play: Play) -> None:
    """§3.3 with §2 phase 5: the target's worker returns with no effect; the paid transformation
    still happens."""
    s = _lawyer(play)
    build(s, 12, "sawmill", owner=0)
    put(s, 1, "r12")
    s.provost = 10
    g = play(s, 5, until=6)
    g.apply("r12")
    assert halted(g)
    assert cubes(s, 1) == ""
    assert (s.road_tile[12], s.road_owner[12]) == ("residence", 0)
    assert s.players[1].workers == 6


def test_lawyer_target_earlier_on_the_road_is_immediate(play: Play) -> None:
    """§3.3: a target whose worker already went home (earlier on the road) is transformed at
    once."""
    s = _lawyer(play)
    put(s, 1, f"r{FARM}")
    g = play(s, 5, until=6)
    g.apply("C")  # Bob's Farm: 1 cloth
    g.apply(f"r{FARM}")
    assert s.lawyer_pending == []
    assert (s.road_tile[FARM], s.road_owner[FARM]) == ("residence", 0)
    assert halted(g)


def test_lawyer_cannot_target_a_tile_already_waiting_for_a_transformation() -> None:
    """§6 #13 with §3.3: a building already paid for is not offered again."""
    s = table()
    build(s, 12, "quarry", owner=0)
    s.road_worker[12] = 1
    s.lawyer_pending = [[12, 0]]
    hold(s, 0, "C", deniers=1)
    g = decide(s, Lawyer(0, 1))
    assert "r12" not in g.legal_codes()
    assert f"r{GOLD_MINE}" not in g.legal_codes()


def test_residence_income_from_the_next_turn(play: Play) -> None:
    """§3.3 Lawyer: the new residence gives +1 d income from next turn (§2 phase 1)."""
    s = _lawyer(play)
    g = play(s, 5, until=2)
    g.apply(f"r{FARM}")
    assert halted(g)
    # phase 6 nothing, phase 7 bailiff, turn 2 phase 1: 2 + 1 residence
    assert s.round == 2
    assert s.players[0].deniers == 0 + 3
    assert s.players[1].deniers == 2
    assert s.players[2].deniers == 2


def test_lawyer_gives_three_pp_in_later_printings(play: Play) -> None:
    """§3.3 / §6 #34 with option lawyer_pp=3: the Lawyer tile gives 3 PP when built."""
    s = table(options=Options(lawyer_pp=3))
    hold(s, 0, "WC")
    put(s, 0, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    g.apply("lawyer")
    assert halted(g)
    assert s.players[0].pp == 3
