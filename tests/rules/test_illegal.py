"""Illegal choices (design "Illegal input raises a typed error whose message says why"): every
one raises IllegalChoice with a reason in a player's words and leaves the game unchanged (the
state's JSON is byte-identical before and after)."""

from __future__ import annotations

import pytest

from bot.i18n import translator
from bot.rules import Game, IllegalChoice, State
from bot.rules.tasks import Build, Favour, Lawyer
from tests.i18n.english import english_in

from .conftest import Play
from .helpers import CARPENTER, build, decide, hold, put, table


def refused(g: Game, code: str, *words: str) -> str:
    """Apply an illegal code: IllegalChoice whose reason contains `words`, nothing changed."""
    before, codes, decision = g.to_json(), g.legal_codes(), g.decision
    with pytest.raises(IllegalChoice) as info:
        g.apply(code)
    reason = info.value.reason
    for word in words:
        assert word in reason, f"{word!r} not in {reason!r}"
    for lang in ("ru", "pt-BR", "ca"):  # issue 12: said in every language, none left in English
        said = info.value.said(translator(lang))
        assert said != reason and not english_in(lang, said), (lang, said)
    assert g.to_json() == before
    assert g.legal_codes() == codes
    assert g.decision == decision
    return reason


def _placing(deniers: int = 1, passed: int = 2) -> State:
    """Ann to place with `deniers` after `passed` other players passed (price 1 + passed)."""
    s = table(4)
    s.passing = list(range(1, 1 + passed))
    for seat in s.passing:
        s.players[seat].passed = True
    hold(s, 0, deniers=deniers)
    return s


def test_placement_too_expensive(play: Play) -> None:
    """§2 phase 2 Cost: with 2 players passed the castle costs 3; Ann has 1 denier (enough for
    her own Quarry only)."""
    s = _placing()
    build(s, 9, "quarry", owner=0)
    g = play(s, 2, until=3)
    assert g.legal_codes() == ["pass", "r9"]
    assert refused(g, "castle") == "you have 1 denier; the Castle costs 3"
    assert refused(g, "r16") == "you have 1 denier; road 16 costs 3"


def test_placement_on_an_occupied_space(play: Play) -> None:
    """§2 phase 2 Legal targets: not a space already holding a worker."""
    s = _placing(deniers=9)
    put(s, 2, "r3", "guild", "castle")
    put(s, 0, "castle")
    g = play(s, 2, until=3)
    refused(g, "r3", "Cid's worker")
    refused(g, "guild", "already has a worker")
    refused(g, "castle", "already have a worker in the castle")


def test_placement_on_forbidden_road_spaces(play: Play) -> None:
    """§2 phase 2 Legal targets: not a residence, not a prestige building, not an empty space,
    and the road has 28 spaces."""
    s = _placing(deniers=9)
    build(s, 9, "residence", owner=0)
    build(s, 10, "hotel", owner=0)
    g = play(s, 2, until=3)
    refused(g, "r9", "residence")
    refused(g, "r10", "prestige")
    refused(g, "r12", "road 12 is empty")
    refused(g, "r29", "1 to 28")
    refused(g, "r0", "1 to 28")


def test_unknown_code_lists_the_choices(play: Play) -> None:
    """Design: an unknown code says what the choices are."""
    g = play(_placing(deniers=9), 2, until=3)
    refused(g, "banana", "banana", "pass")
    refused(g, "", "pass")
    refused(g, "r", "pass")


def test_stables_full(play: Play) -> None:
    """§2 phase 2: at most 3 workers in the Stables, one per player."""
    s = table(4)
    hold(s, 3, deniers=9)
    put(s, 0, "stables")
    put(s, 1, "stables")
    put(s, 3, "stables")
    s.turn_order = [3, 0, 1, 2]
    g = play(s, 2, until=3)
    refused(g, "stables", "already have a worker in the Stables")


def test_provost_move_too_expensive(play: Play) -> None:
    """§2 phase 4: k spaces cost k deniers."""
    s = table()
    s.passing = [0]
    hold(s, 0, deniers=1)
    g = play(s, 4, until=5)
    refused(g, "+3", "you have 1 denier", "costs 3")
    refused(g, "-2", "you have 1 denier", "costs 2")


def test_provost_move_off_the_road(play: Play) -> None:
    """§2 phase 4 / §6 #7 / §6 #8: never behind space 1, never beyond 28."""
    s = table()
    s.passing = [0]
    s.provost = 27
    hold(s, 0, deniers=5)
    g = play(s, 4, until=5)
    refused(g, "+2", "28")
    s = table()
    s.passing = [0]
    s.provost = 2
    hold(s, 0, deniers=5)
    g = play(s, 4, until=5)
    refused(g, "-2", "space 1")
    refused(g, "+4", "1 to 3")


def test_guild_move_off_the_road(play: Play) -> None:
    """§2 phase 3 Merchants' guild: road limits of phase 4, at most 3 spaces."""
    s = table()
    s.provost = 1
    put(s, 0, "guild")
    g = play(s, 3, until=4)
    refused(g, "-1", "space 1")
    refused(g, "+5", "1 to 3")


def test_castle_batch_without_the_cubes(play: Play) -> None:
    """§2 phase 6: a batch must be paid with the player's cubes; exactly one food and two other
    different cubes."""
    s = table()
    hold(s, 0, "FWC")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    refused(g, "FWS", "stone")
    refused(g, "WSC", "food")
    refused(g, "FFW", "food")


def test_build_too_expensive_or_not_in_stock(play: Play) -> None:
    """§2 phase 5 Constructing: the tile must still be in the stock and its cost paid."""
    s = table()
    build(s, 9, "sawmill", owner=1)
    hold(s, 0, "WF")
    put(s, 0, f"r{CARPENTER}")
    g = play(s, 5, until=6)
    refused(g, "sawmill", "Sawmill", "already")
    refused(g, "lawyer", "Lawyer", "cloth")
    refused(g, "market", "market+")
    refused(g, "bank", "not a wood building")


def test_lawyer_illegal_targets() -> None:
    """§3.3 / §6 #11: printed buildings, residences, prestige tiles, a Lawyer, other players'
    tiles and empty spaces cannot be transformed."""
    s = table()
    build(s, 9, "lawyer", owner=0)
    build(s, 10, "quarry", owner=1)
    build(s, 11, "residence", owner=0)
    build(s, 12, "statue", owner=0)
    hold(s, 0, "C", deniers=1)
    g = decide(s, Lawyer(0, 1))
    refused(g, "r7", "printed")
    refused(g, "r9", "Lawyer")
    refused(g, "r10", "Bob")
    refused(g, "r11", "residence")
    refused(g, "r12", "prestige")
    refused(g, "r13", "empty")


def test_trade_not_affordable(play: Play) -> None:
    """§3.4 Church: 4 d → 5 PP needs 4 deniers."""
    s = table()
    build(s, 9, "church", owner=1)
    hold(s, 0, deniers=3)
    put(s, 0, "r9")
    s.provost = 9
    g = play(s, 5, until=6)
    refused(g, "5pp", "you have 3 deniers", "4 deniers")


def test_sell_a_cube_you_do_not_have(play: Play) -> None:
    """§3.1 Marketplace: you can only sell a cube you have."""
    s = table()
    hold(s, 0, "FW")
    put(s, 0, "r5")
    g = play(s, 5, until=6)
    refused(g, "G", "no gold")


def test_peddler_sells_plain_cubes_only(play: Play) -> None:
    """§3.2 Peddler: 1 plain cube (never gold)."""
    s = table()
    hold(s, 0, deniers=3)
    put(s, 0, "r7")
    s.provost = 7
    g = play(s, 5, until=6)
    refused(g, "G", "gold")


def test_favour_line_already_used_this_phase() -> None:
    """§4.3 item 4: several favours in one phase go on different lines."""
    s = table()
    g = decide(s, Favour(0), Favour(0))
    g.apply("prestige")
    refused(g, "prestige", "prestige line", "this phase")


def test_game_over() -> None:
    """§2.8: after the end nothing can be played."""
    s = table()
    s.phase = 8
    g = Game.resume(s)
    refused(g, "pass", "over")


def test_castle_batch_in_another_order(play: Play) -> None:
    """§2 phase 6: the batch notation is canonical (docs/notation.md)."""
    s = table()
    hold(s, 0, "FWS")
    put(s, 0, "castle")
    g = play(s, 6, until=7)
    refused(g, "SWF", "FWS")


def test_gate_illegal_targets(play: Play) -> None:
    """§2 phase 3 Gate: same rules as phase 2 except cost; not the Gate itself."""
    s = table()
    put(s, 0, "gate")
    put(s, 1, "trading", "r1")
    g = play(s, 3, until=4)
    refused(g, "gate", "Gate")
    refused(g, "trading", "already has a worker")
    refused(g, "r1", "Bob's worker")
    refused(g, "r12", "empty")
    refused(g, "r40", "1 to 28")


def test_alchemist_takes_no_gold(play: Play) -> None:
    """§3.4 Alchemist: plain cubes only."""
    s = table()
    build(s, 9, "alchemist", owner=1)
    hold(s, 0, "FWG")
    put(s, 0, "r9")
    s.provost = 9
    g = play(s, 5, until=6)
    g.apply("1G")
    refused(g, "G", "not gold")
    refused(g, "S", "no stone")


def test_favour_effects_beyond_the_marker() -> None:
    """§4.3 item 2: effects from column 1 up to the marker's column only."""
    s = table()
    s.players[0].favours = [0, 0, 1, 1]
    hold(s, 0, "WFSC")
    g = decide(s, Favour(0), Favour(0))
    g.apply("resources")
    refused(g, "G", "column 5", "column 2")
    refused(g, "C", "column 3")
    g.apply("W")
    g.apply("buildings")
    refused(g, "stone", "column 3", "column 2")
    refused(g, "prestige", "column 5")


def test_favour_exchange_takes_plain_cubes() -> None:
    """§4.2 c) column 4 / §6 #29: the 2 cubes received are plain."""
    s = table()
    s.scored = [True, False, False]
    s.players[0].favours = [0, 0, 3, 0]
    hold(s, 0, "GS")
    g = decide(s, Favour(0))
    g.apply("resources")
    g.apply("swap")
    refused(g, "C", "no cloth")
    g.apply("G")
    refused(g, "G", "not gold")


def test_build_code_with_or_without_the_any_cube() -> None:
    """§3.3: only the Marketplace and the Peddler have an "any cube" part in their cost."""
    s = table()
    hold(s, 0, "WFF")
    g = decide(s, Build(0, "wood", -1, 6))
    refused(g, "peddler", "peddler+F")
    refused(g, "peddler+", "peddler+F")
    refused(g, "peddler+FF", "peddler+F")
    refused(g, "sawmill+F", "sawmill+F")
    refused(g, "market+G", "gold")


def test_architect_code_for_a_tile_of_another_kind() -> None:
    """§3.4 Architect: prestige buildings only."""
    s = table()
    build(s, 9, "residence", owner=0)
    hold(s, 0, "SSGWF")
    g = decide(s, Build(0, "prestige", -1, 10))
    refused(g, "sawmill", "not a prestige building")
    refused(g, "hotel", "Hotel costs 3 stone + 2 gold")
