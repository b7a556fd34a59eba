"""The choice code as a value (docs/notation.md): one parser, its printed form the stored one."""

from __future__ import annotations

import random

import pytest

from bot.rules import ROAD_LEN, Code, CodeKind, kind_facts, new_game
from bot.rules.notation import SPACE_OF

KINDS_OF_KIND = {  # what a decision kind's codes are, besides its "do nothing" codes
    "place": {CodeKind.PLACE, CodeKind.ROAD},
    "gate": {CodeKind.PLACE, CodeKind.ROAD},
    "provost": {CodeKind.PROVOST},
    "guild": {CodeKind.PROVOST},
    "residence": {CodeKind.ROAD},
    "lawyer": {CodeKind.ROAD},
}


@pytest.mark.parametrize(
    ("text", "kind", "space", "steps", "parts"),
    [
        ("r8", CodeKind.ROAD, 8, 0, ()),
        ("r28", CodeKind.ROAD, 28, 0, ()),
        ("r29", CodeKind.ROAD, 29, 0, ()),  # written as a road space, off the road: the game refuses it
        ("r0", CodeKind.ROAD, 0, 0, ()),
        ("+2", CodeKind.PROVOST, 0, 2, ()),
        ("-3", CodeKind.PROVOST, 0, -3, ()),
        ("0", CodeKind.PROVOST, 0, 0, ()),
        ("+9", CodeKind.PROVOST, 0, 9, ()),
        ("=FWS+FSC", CodeKind.WHOLE, 0, 0, ("FWS", "FSC")),
        ("=SC", CodeKind.WHOLE, 0, 0, ("SC",)),
        ("castle", CodeKind.PLACE, 0, 0, ()),
        ("trading", CodeKind.PLACE, 0, 0, ()),
        ("pass", CodeKind.WORD, 0, 0, ()),
        ("market+G", CodeKind.WORD, 0, 0, ()),  # a build code: the wood Marketplace, gold for the any-cube
        ("3pp", CodeKind.WORD, 0, 0, ()),
        ("F", CodeKind.WORD, 0, 0, ()),
        # not the notation's numbers: words, which no decision takes
        ("r08", CodeKind.WORD, 0, 0, ()),
        ("r", CodeKind.WORD, 0, 0, ()),
        ("r²", CodeKind.WORD, 0, 0, ()),
        ("r" + "9" * 5000, CodeKind.WORD, 0, 0, ()),
        ("+0", CodeKind.WORD, 0, 0, ()),
        ("+03", CodeKind.WORD, 0, 0, ()),
        ("=", CodeKind.WORD, 0, 0, ()),
        ("", CodeKind.WORD, 0, 0, ()),
    ],
)
def test_a_code_parses_into_its_parts_and_prints_back(
    text: str, kind: CodeKind, space: int, steps: int, parts: tuple[str, ...]
) -> None:
    code = Code.parse(text)
    assert (code.kind, code.space, code.steps, code.parts) == (kind, space, steps, parts)
    assert str(code) == code.text == text


def test_codes_compare_by_their_printed_form_and_never_equal_a_string() -> None:
    assert Code.parse("r8") == Code.road(8) and hash(Code.parse("r8")) == hash(Code.road(8))
    assert Code.parse("-2") == Code.provost(-2) and Code.provost(0) == Code.parse("0")
    assert Code.whole(("FWS", "FSC")) == Code.parse("=FWS+FSC") and Code.whole(["SC"]).cubes == "SC"
    assert Code.parse("r8") != "r8"
    assert Code.parse("r8") != Code.parse("r7")
    assert len({Code.parse("+1"), Code.provost(1), Code.parse("+1")}) == 1


def test_the_road_table_is_the_parsers_answer() -> None:
    assert list(SPACE_OF) == [Code.road(space).text for space in range(1, ROAD_LEN + 1)]
    assert all(Code.parse(text).space == space and Code.parse(text).on_road for text, space in SPACE_OF.items())
    assert not Code.parse("r0").on_road and not Code.parse("r29").on_road and not Code.parse("+2").on_road


def test_every_legal_code_of_random_games_parses_as_its_kind_says() -> None:
    """Every code any decision takes (offered or kept for stored games) prints back as it was
    read; placements and the Gate take places and road spaces, the provost and the guild provost
    moves, the residence and the Lawyer road spaces, and a code marked whole is a whole one."""
    seen: set[CodeKind] = set()
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 5), (5, 3)):
        game = new_game([f"P{i}" for i in range(players)], seed)
        draw = random.Random(seed)
        while game.decision is not None:
            decision = game.decision
            stops = set(kind_facts(decision.kind).stop_codes) | {"pass", "home", "skip"}
            for text in game.legal_codes():
                code = Code.parse(text)
                assert str(code) == text
                seen.add(code.kind)
                if decision.kind in KINDS_OF_KIND and text not in stops:
                    assert code.kind in KINDS_OF_KIND[decision.kind], (decision.kind, text)
                    assert code.kind != CodeKind.ROAD or code.on_road, text
                if text.startswith("="):
                    assert code.kind == CodeKind.WHOLE and code.parts and all(code.parts), text
            game.apply(draw.choice(game.legal_codes()))
    assert seen == set(CodeKind)
