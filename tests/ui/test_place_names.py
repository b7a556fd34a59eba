"""`/caylus place` reads a building's name in any of our languages (issue 12 item 4): what a
Portuguese, Russian or Catalan table calls the Peddler finds the Peddler (bot/ui/choice_labels.py)."""

from __future__ import annotations

from bot.rules import new_game
from bot.ui import choice_labels as labels


def test_a_building_by_its_name_in_every_language() -> None:
    # road at seed 1: r1 Sawmill, r2 Quarry, r3 Carpenter, r4 Farm, r5 Marketplace, r6 Forest,
    # r7 Peddler, r8 Carpenter (tests/ui/test_labels.py)
    game = new_game(["Ann", "Bob", "Cid"], 1)
    d = game.decision
    assert d is not None
    for typed in ("peddler", "Mascate", "masc", "Коробейник", "короб", "buhoner", "Buhoner r7"):
        assert [c.code for c in labels.find(game, d.choices, typed)] == ["r7"], typed
    for typed in ("serradora", "Лесопилка", "serraria"):
        assert [c.code for c in labels.find(game, d.choices, typed)] == ["r1"], typed
    assert [c.code for c in labels.find(game, d.choices, "Fuster r8")] == ["r8"]
    assert {c.code for c in labels.find(game, d.choices, "плотницкая")} == {"r3", "r8"}  # ask again
    assert "r7" in {c.code for c in labels.suggest(game, d, "ascat")}
    assert labels.find(game, d.choices, "zeppelin") == []
    assert [c.code for c in labels.find(game, d.choices, "road 8")] == ["r8"]
    assert [c.code for c in labels.find(game, d.choices, "Farm")] == ["r4"]  # the exact name


def test_a_whole_name_beats_a_longer_name_it_starts() -> None:
    from bot.rules import Game

    game = new_game(["Ann", "Bob", "Cid"], 1)  # r4 Farm
    s = game.state
    s.road_tile[9] = "farm_food"
    game = Game.resume(s)
    d = game.decision
    assert d is not None
    assert [c.code for c in labels.find(game, d.choices, "farm")] == ["r4"]
    assert [c.code for c in labels.find(game, d.choices, "farm (food)")] == ["r9"]
    assert {c.code for c in labels.find(game, d.choices, "far")} == {"r4", "r9"}  # ask again
