"""Stone buildings (§3.4): cost and PP when built with a Mason, and their effect when used."""

from __future__ import annotations

import pytest

from bot.rules import Game, Options, State

from .conftest import Play
from .helpers import build, cubes, halted, hold, put, table


def _mason(play: Play, held: str, options: Options | None = None) -> tuple[State, Game]:
    """Ann's worker on Bob's Mason (road 9)."""
    s = table(options=options)
    build(s, 9, "mason", owner=1)
    hold(s, 0, held)
    put(s, 0, "r9")
    s.provost = 9
    return s, play(s, 5, until=6)


@pytest.mark.parametrize(
    ("tile", "held", "left", "pp"),
    [
        ("stone_farm", "SFF", "F", 3),
        ("park", "SF", "", 3),
        ("workshop", "SF", "", 3),
        ("tailor", "SW", "", 6),
        ("bank", "SWG", "G", 6),
        ("alchemist", "SF", "", 6),
        ("architect", "SF", "", 6),
    ],
)
def test_stone_building_cost_and_prestige(play: Play, tile: str, held: str, left: str, pp: int) -> None:
    """§3.4 table: Farm/Park/Workshop S + F → 3 PP; Tailor S + W → 6; Bank S + W → 6;
    Alchemist S + F → 6; Architect S + F → 6."""
    s, g = _mason(play, held)
    assert tile in g.legal_codes()
    g.apply(tile)
    assert halted(g)
    assert (s.road_tile[10], s.road_owner[10]) == (tile, 0)
    assert cubes(s, 0) == left
    assert s.players[0].pp == pp


def test_church_costs_stone_and_cloth_and_gives_a_favour(play: Play) -> None:
    """§3.4 Church: S + C, 3 PP + 1 royal favour when built (§4.1)."""
    s, g = _mason(play, "SC")
    assert g.legal_codes() == ["church", "skip"]
    g.apply("church")
    assert g.decision is not None and g.decision.kind == "favour"
    assert g.decision.player == 0
    g.apply("prestige")  # favour column 1 of the prestige line: 1 PP
    assert halted(g)
    assert s.players[0].pp == 3 + 1
    assert s.players[0].favours == [1, 0, 0, 0]


def test_architect_exists_twice(play: Play) -> None:
    """§3.4: the Architect has 2 copies; after one is built the second is still offered, after
    both nothing."""
    s, g = _mason(play, "SF")
    assert s.stock["architect"] == 2
    g.apply("architect")
    assert s.stock["architect"] == 1

    s = table()
    build(s, 9, "mason", owner=1)
    build(s, 10, "architect", owner=2)
    hold(s, 0, "SF")
    put(s, 0, "r9")
    s.provost = 9
    g = play(s, 5, until=6)
    assert "architect" in g.legal_codes()
    g.apply("architect")
    assert s.stock["architect"] == 0
    assert (s.road_tile[11], s.road_owner[11]) == ("architect", 0)

    s = table()
    build(s, 9, "mason", owner=1)
    build(s, 10, "architect", owner=2)
    build(s, 11, "architect", owner=2)
    hold(s, 0, "SF")
    put(s, 0, "r9")
    s.provost = 9
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["stone_farm", "park", "workshop", "alchemist", "skip"]


def test_jeweller_is_built_only_with_the_option(play: Play) -> None:
    """§3.4 / project defaults: the Jeweller (S + C, 6 PP) exists only with jeweller=True."""
    s, g = _mason(play, "SC")
    assert "jeweller" not in g.legal_codes()
    s, g = _mason(play, "SC", Options(jeweller=True))
    assert g.legal_codes() == ["church", "jeweller", "skip"]
    g.apply("jeweller")
    assert halted(g)
    assert (s.road_tile[10], s.players[0].pp, cubes(s, 0)) == ("jeweller", 6, "")


# ----- production with the owner bonus ------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "out", "bonus"),
    [("stone_farm", "FFC", ["F", "C"]), ("park", "WWF", ["W", "F"]), ("workshop", "SSC", ["S", "C"])],
)
def test_stone_production_and_owner_bonus(play: Play, tile: str, out: str, bonus: list[str]) -> None:
    """§3.4: Farm 2 F and 1 C; Park 2 W and 1 F; Workshop 2 S and 1 C. §2 phase 5 stone
    production bonus: used by someone else, the owner takes 1 cube of a type it produces."""
    for pick in bonus:
        s = table()
        build(s, 10, tile, owner=2)
        put(s, 0, "r10")
        s.provost = 10
        g = play(s, 5, until=6)
        assert g.decision is not None and (g.decision.kind, g.decision.player) == ("bonus", 2)
        assert g.legal_codes() == bonus
        g.apply(pick)
        assert halted(g)
        assert cubes(s, 0) == "".join(sorted(out, key="FWSCG".index))
        assert cubes(s, 2) == pick


@pytest.mark.parametrize("tile", ["stone_farm", "park", "workshop"])
def test_stone_production_no_bonus_for_the_owner_himself(play: Play, tile: str) -> None:
    """§2 phase 5: if the owner activates it, they get the normal output only."""
    s = table()
    build(s, 10, tile, owner=1)
    put(s, 1, "r10")
    s.provost = 10
    g = play(s, 5, until=6)
    assert halted(g)
    assert sum(s.players[1].cubes) == 3


def test_stone_production_no_bonus_beyond_the_provost(play: Play) -> None:
    """§6 #31: no activation, no bonus."""
    s = table()
    build(s, 10, "park", owner=1)
    put(s, 0, "r10")
    s.provost = 9
    g = play(s, 5, until=6)
    assert halted(g)
    assert (cubes(s, 0), cubes(s, 1)) == ("", "")


# ----- trades ---------------------------------------------------------------------------------


def _trade(play: Play, tile: str, held: str, deniers: int, options: Options | None = None) -> tuple[State, Game]:
    s = table(options=options)
    build(s, 10, tile, owner=1)
    hold(s, 0, held, deniers=deniers)
    put(s, 0, "r10")
    s.provost = 10
    return s, play(s, 5, until=6)


@pytest.mark.parametrize(
    ("tile", "held", "deniers", "code", "after_cubes", "after_deniers", "pp"),
    [
        ("church", "", 5, "3pp", "", 3, 3),
        ("church", "", 5, "5pp", "", 1, 5),
        ("tailor", "CCCC", 0, "4pp", "CC", 0, 4),
        ("tailor", "CCCC", 0, "6pp", "C", 0, 6),
        ("bank", "", 6, "1G", "G", 4, 0),
        ("bank", "", 6, "2G", "GG", 1, 0),
    ],
)
def test_trade_buildings(
    play: Play, tile: str, held: str, deniers: int, code: str, after_cubes: str, after_deniers: int, pp: int
) -> None:
    """§3.4: Church 2 d → 3 PP or 4 d → 5 PP; Tailor 2 C → 4 PP or 3 C → 6 PP; Bank 2 d → 1 G
    or 5 d → 2 G."""
    s, g = _trade(play, tile, held, deniers)
    assert g.legal_codes() == [*{"church": ["3pp", "5pp"], "tailor": ["4pp", "6pp"], "bank": ["1G", "2G"]}[tile], "skip"]
    g.apply(code)
    assert halted(g)
    assert cubes(s, 0) == after_cubes
    assert s.players[0].deniers == after_deniers
    assert s.players[0].pp == pp
    assert s.players[1].pp == 0  # no owner bonus for trades (only the placement point)


@pytest.mark.parametrize(
    ("tile", "held", "deniers", "legal"),
    [
        ("church", "", 3, ["3pp", "skip"]),
        ("church", "", 1, []),
        ("tailor", "CC", 0, ["4pp", "skip"]),
        ("tailor", "C", 9, []),
        ("bank", "", 4, ["1G", "skip"]),
        ("bank", "", 1, []),
    ],
)
def test_trade_options_need_the_payment(play: Play, tile: str, held: str, deniers: int, legal: list[str]) -> None:
    """§3.4: a trade is offered only when it can be paid; with nothing payable nobody is asked."""
    s, g = _trade(play, tile, held, deniers)
    if legal:
        assert g.legal_codes() == legal
    else:
        assert halted(g)
        assert (cubes(s, 0), s.players[0].deniers, s.players[0].pp) == (held, deniers, 0)


def test_alchemist_two_plain_cubes_for_one_gold(play: Play) -> None:
    """§3.4 Alchemist: pay 2 plain cubes → 1 G (the player picks the cubes one at a time)."""
    s, g = _trade(play, "alchemist", "FWSG", 0)
    assert g.legal_codes() == ["1G", "skip"]  # gold does not count: 3 plain cubes only
    g.apply("1G")
    assert g.decision is not None and g.decision.kind == "pay_plain"
    assert g.choice_codes() == ["=FW", "=FS", "=WS"]  # the two cubes as one choice (issue 10)
    assert g.legal_codes() == ["F", "W", "S", "=FW", "=FS", "=WS"]  # one at a time: stored games
    g.apply("W")
    g.apply("S")
    assert halted(g)
    assert cubes(s, 0) == "FGG"


def test_alchemist_four_plain_cubes_for_two_gold(play: Play) -> None:
    """§3.4 Alchemist: pay 4 plain cubes → 2 G."""
    s, g = _trade(play, "alchemist", "FFWCC", 0)
    assert g.legal_codes() == ["1G", "2G", "skip"]
    g.apply("2G")
    for pick in "FCCF":
        g.apply(pick)
    assert halted(g)
    assert cubes(s, 0) == "WGG"


def test_jeweller_trades(play: Play) -> None:
    """§3.4 Jeweller (option): 1 G → 5 PP or 2 G → 9 PP."""
    s, g = _trade(play, "jeweller", "GGG", 0, Options(jeweller=True))
    assert g.legal_codes() == ["5pp", "9pp", "skip"]
    g.apply("9pp")
    assert halted(g)
    assert (cubes(s, 0), s.players[0].pp) == ("G", 9)
    s, g = _trade(play, "jeweller", "G", 0, Options(jeweller=True))
    g.apply("5pp")
    assert (cubes(s, 0), s.players[0].pp) == ("", 5)


# ----- the Architect --------------------------------------------------------------------------


def test_architect_builds_a_prestige_building_on_own_residence(play: Play) -> None:
    """§3.4 Architect / §3.6: the prestige tile replaces the builder's residence (the green tile is
    discarded); the builder gains its PP (Granary: 3 F + 1 G → 10 PP)."""
    s = table()
    build(s, 10, "architect", owner=1)
    build(s, 3, "residence", owner=0)
    hold(s, 0, "FFFGW")
    put(s, 0, "r10")
    s.provost = 10
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["granary", "skip"]
    g.apply("granary")
    assert halted(g)  # one residence: no choice to make
    assert (s.road_tile[3], s.road_owner[3]) == ("granary", 0)
    assert s.players[0].pp == 10
    assert cubes(s, 0) == "W"
    assert s.stock["granary"] == 0


def test_architect_needs_a_residence(play: Play) -> None:
    """§3.6: building a prestige tile requires owning a residence (another player's won't do)."""
    s = table()
    build(s, 10, "architect", owner=1)
    build(s, 3, "residence", owner=1)
    hold(s, 0, "SSSSSGGG")
    put(s, 0, "r10")
    s.provost = 10
    g = play(s, 5, until=6)
    assert halted(g)
    assert cubes(s, 0) == "SSSSSGGG"


def test_architect_one_building_per_activation(play: Play) -> None:
    """§6 #14: one building per Architect activation, even with two residences and the cubes."""
    s = table()
    build(s, 10, "architect", owner=1)
    build(s, 1, "residence", owner=0)
    build(s, 2, "residence", owner=0)
    hold(s, 0, "SSSSSSGGGG")
    put(s, 0, "r10")
    s.provost = 10
    g = play(s, 5, until=6)
    assert g.legal_codes() == ["statue", "college", "monument", "hotel", "cathedral", "skip"]
    g.apply("hotel")
    assert g.decision is not None and g.decision.kind == "residence"
    assert g.legal_codes() == ["r1", "r2"]
    g.apply("r2")
    assert halted(g)
    assert s.road_tile[1:3] == ["residence", "hotel"]
    assert s.players[0].pp == 16
    assert cubes(s, 0) == "SSSGG"
