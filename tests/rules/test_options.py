"""Table options (project defaults table): simple_favors (§4.4), lawyer_pp (§3.3, §6 #34),
jeweller (§3.4)."""

from __future__ import annotations

from bot.rules import Options, new_game
from bot.rules.tasks import Favour, Lawyer

from .conftest import Play
from .helpers import CARPENTER, NAMES, build, cubes, decide, halted, hold, put, table

SIMPLE = Options(simple_favors=True)


def test_simple_favours_every_favour_is_three_pp() -> None:
    """§4.4: ignore the table; every favour is worth 3 PP; the markers never move and nobody is
    asked anything."""
    s = table(options=SIMPLE)
    g = decide(s, *(Favour(0) for _ in range(6)))
    assert halted(g)
    assert s.players[0].pp == 18  # no 4-line limit: the lines are not used at all
    assert s.players[0].favours == [0, 0, 0, 0]
    assert s.history == []


def test_simple_favours_at_the_joust_field(play: Play) -> None:
    """§4.4 with §2 phase 3 Joust field: 1 d + 1 C → 3 PP."""
    s = table(options=SIMPLE)
    hold(s, 0, "C", deniers=1)
    put(s, 0, "joust")
    g = play(s, 3, until=4)
    g.apply("favour")
    assert halted(g)
    assert (s.players[0].pp, s.players[0].deniers, cubes(s, 0)) == (3, 0, "")


def test_simple_favours_church_and_scoring(play: Play) -> None:
    """§4.4: the Church's favour and the scoring favours are 3 PP each (Walls: 5 houses →
    3 favours = 9 PP)."""
    s = table(options=SIMPLE)
    build(s, 9, "mason", owner=1)
    hold(s, 0, "SC")
    put(s, 0, "r9")
    s.provost = 9
    g = play(s, 5, until=6)
    g.apply("church")
    assert halted(g)
    assert s.players[0].pp == 3 + 3

    s = table(options=SIMPLE)
    s.section = 1
    s.scored = [True, False, False]
    s.castle[1] = [2] * 5 + [1]
    s.bailiff = s.provost = 17
    g = play(s, 7, until=1)
    assert halted(g)
    assert [p.pp for p in s.players] == [0, 0, 9]


def test_lawyer_pp_default_and_later_printing(play: Play) -> None:
    """§3.3 / §6 #34: the Lawyer gives 4 PP by default (first printing), 3 PP with lawyer_pp=3."""
    for options, pp in ((None, 4), (Options(lawyer_pp=3), 3)):
        s = table(options=options)
        hold(s, 1, "WC")
        put(s, 1, f"r{CARPENTER}")
        g = play(s, 5, until=6)
        g.apply("lawyer")
        assert halted(g)
        assert s.players[1].pp == pp


def test_lawyer_pp_option_does_not_change_the_residence() -> None:
    """§3.3: the residence made with the Lawyer is worth 2 PP in every printing."""
    s = table(options=Options(lawyer_pp=3))
    hold(s, 0, "C", deniers=1)
    g = decide(s, Lawyer(0, 1))
    g.apply("r1")
    assert s.players[0].pp == 2


def test_jeweller_option_in_the_stock() -> None:
    """§3.4: the Jeweller is in the stone stock only with jeweller=True."""
    assert "jeweller" not in new_game(NAMES[:3], 1).state.stock
    assert new_game(NAMES[:3], 1, Options(jeweller=True)).state.stock["jeweller"] == 1


def test_options_survive_the_json_round_trip() -> None:
    """Design: the state (with its options) serialises losslessly."""
    from bot.rules import Game

    g = new_game(NAMES[:4], 3, Options(jeweller=True, lawyer_pp=3, simple_favors=True))
    h = Game.from_json(g.to_json())
    assert h.state.options == Options(jeweller=True, lawyer_pp=3, simple_favors=True)
