"""Whole choices (issue 10 item 2, docs/notation.md "Whole choices"): the castle delivery, the
Peddler's purchase and the Alchemist's cubes as one choice, scored as the rules say, beside the
step-by-step codes that stored games used."""

from __future__ import annotations

import pytest

from bot.rules import Game, IllegalChoice
from bot.rules.tasks import Castle, PayPlain, Peddler

from .helpers import cubes, decide, halted, hold, table


def _castle(held: str, pp: int = 0, dungeon: int = 0) -> tuple[Game, object]:
    s = table(3)
    hold(s, 0, held, pp=pp)
    s.castle[0] = [1] * dungeon
    s.phase = 6
    return decide(s, Castle(0, 0)), s


def test_castle_offers_every_whole_delivery_most_batches_first() -> None:
    g, _ = _castle("FFWWSC")  # two batches share the wood: only FWS + FWC
    assert g.choice_codes() == ["=FWS+FWC", "=FWS", "=FWC", "=FSC", "done"]
    assert g.decision is not None
    labels = {c.code: c.label for c in g.decision.choices}
    assert labels["=FWS+FWC"] == "2 batches: FWS, FWC → +10 PP"
    with pytest.raises(IllegalChoice, match="not possible with your cubes"):
        g.apply("=FWS+FSC")


def test_castle_whole_delivery_scores_across_sections() -> None:
    """§1.4: 5 PP a batch in the Dungeon, 4 in the Walls; a delivery filling the Dungeon's last
    space goes on into the Walls (§6 #24), and the Dungeon is then complete this turn."""
    g, s = _castle("FFWWSS", dungeon=5)
    assert g.decision is not None
    assert {c.code: c.label for c in g.decision.choices}["=FWS+FWS"] == "2 batches: FWS, FWS → +9 PP"
    g.apply("=FWS+FWS")
    assert halted(g)
    assert s.players[0].pp == 5 + 4 and cubes(s, 0) == ""  # type: ignore[attr-defined]
    assert s.castle[0] == [1] * 5 + [0] and s.castle[1] == [0]  # type: ignore[attr-defined]
    assert s.completed_this_turn[0]  # type: ignore[attr-defined]


def test_castle_batch_by_batch_still_legal_and_the_same() -> None:
    g1, s1 = _castle("FFWWSC")
    g1.apply("=FWS+FWC")
    g2, s2 = _castle("FFWWSC")
    g2.apply("FWS")
    assert g2.choice_codes() == ["=FWC", "done"]  # the second step is whole too
    g2.apply("FWC")
    assert g1.to_json() != "" and json_state(g1) == json_state(g2)


def test_castle_more_than_twelve_batches_is_built_batch_by_batch() -> None:
    g, _ = _castle("F" * 13 + "W" * 13 + "S" * 13)
    assert g.choice_codes() == ["FWS", "done"]


def json_state(g: Game) -> str:
    import json

    state = json.loads(g.to_json())
    state["history"] = []
    state["tasks"] = []
    return json.dumps(state, sort_keys=True)


def test_peddler_whole_purchase_costs_one_denier_a_cube() -> None:
    """§3.3 wood Peddler: 1 denier a cube, up to 2."""
    s = table(3)
    hold(s, 0, deniers=3)
    g = decide(s, Peddler(0, 1, 2, 0))
    assert g.decision is not None
    assert {c.code: c.label for c in g.decision.choices}["=SC"] == "1 stone + 1 cloth — 2 deniers"
    g.apply("=SC")
    assert halted(g) and s.players[0].deniers == 1 and cubes(s, 0) == "SC"


def test_peddler_one_cube_whole_stops_there() -> None:
    s = table(3)
    hold(s, 0, deniers=3)
    g = decide(s, Peddler(0, 1, 2, 0))
    g.apply("=W")
    assert halted(g) and s.players[0].deniers == 2 and cubes(s, 0) == "W"


def test_fixed_peddler_and_short_money_keep_one_cube_codes() -> None:
    """The fixed Peddler sells one cube for 2 deniers (§3.2); 1 denier at the wood Peddler buys
    one: the one-cube codes are whole already."""
    s = table(3)
    hold(s, 0, deniers=5)
    assert decide(s, Peddler(0, 2, 1, 0)).choice_codes() == ["F", "W", "S", "C", "skip"]
    s = table(3)
    hold(s, 0, deniers=1)
    assert decide(s, Peddler(0, 1, 2, 0)).choice_codes() == ["F", "W", "S", "C", "skip"]


def test_alchemist_four_cubes_whole_and_long_lists_step_by_step() -> None:
    """§3.4 Alchemist, 4 plain cubes: 35 sets from 4 cubes of each kind (more than a select
    holds): one cube first, then the 3 left are whole (20 sets)."""
    s = table(3)
    hold(s, 0, "FFFFWWWWSSSSCCCC")
    g = decide(s, PayPlain(0, 4))
    assert g.choice_codes() == ["F", "W", "S", "C"]
    assert len([c for c in g.legal_codes() if c[0] == "="]) == 35
    g.apply("S")
    assert len(g.choice_codes()) == 20 and all(c[0] == "=" and len(c) == 4 for c in g.choice_codes())
    g.apply("=FWC")
    assert halted(g) and cubes(s, 0) == "FFFWWWSSSCCC"
