"""The chooser for every decision of many random games fits Discord's limits and offers exactly
the legal choices; custom_ids are unambiguous."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from bot.i18n import translator
from bot.rules import Decision, Options, new_game
from bot.ui import ids
from bot.ui.chooser import chooser_view, layout, option, turn_view
from tests.fake_discord.validation import FormErrors, validate_message

TEMPLATES = [re.compile(t) for t in ids.CURRENT_TEMPLATES]


def all_custom_ids(components: list[dict]) -> list[str]:
    out = []
    for row in components:
        for c in row["components"]:
            out.append(c["custom_id"])
    return out


def check(decision: Decision, table_id: int = 123456) -> None:
    view = chooser_view(table_id, decision)
    components = view.to_components()
    errors = FormErrors()
    validate_message({"content": "x", "components": components}, 0, errors)
    assert not errors, errors.summary()
    offered: list[str] = []
    for row in components:
        for c in row["components"]:
            if c["type"] == 2 and any(re.fullmatch(t, c["custom_id"]) for t in (ids.ORDERS_TEMPLATE, ids.PLAN_TEMPLATE)):
                continue  # the Plan / Always / Orders button (bot/ui/orders.py, plan.py)
            if c["type"] == 2:
                offered.append(ids_code(c["custom_id"]))
                assert len(c["label"]) <= 80
            else:
                offered += [o["value"] for o in c["options"]]
                assert len(c["options"]) <= 25
    assert sorted(offered) == sorted(c.code for c in decision.choices)
    for custom_id in all_custom_ids(components):
        assert sum(1 for t in TEMPLATES if t.fullmatch(custom_id)) == 1, custom_id


def ids_code(custom_id: str) -> str:
    m = re.fullmatch(ids.CHOICE_TEMPLATE, custom_id)
    assert m is not None, custom_id
    return m["code"]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_decision_of_random_games_fits(players: int) -> None:
    kinds: Counter[str] = Counter()
    shapes: Counter[str] = Counter()
    for seed in range(12):
        game = new_game([f"P{i}" for i in range(players)], seed, Options(jeweller=seed % 2 == 0))
        rng = random.Random(seed)
        while (d := game.decision) is not None:
            check(d)
            kinds[d.kind] += 1
            plan = layout(d)
            shapes[f"{len(plan.selects)} selects"] += 1
            game.apply(rng.choice(d.choices).code)
    assert {"place", "provost", "castle", "favour", "build"} <= set(kinds)
    assert shapes["0 selects"] and shapes["1 selects"] and shapes["2 selects"]


def test_placements_keep_one_layout_through_the_round() -> None:
    """Issue 22: the same selects (grouped as the road is) from the first placement of a round to
    the last, each option with its cost and effect, Pass a button; never buttons without effects."""
    game = new_game(["A", "B", "C"], 4)
    rng = random.Random(4)
    seen = []
    while (d := game.decision) is not None and game.state.round == 1:
        if d.kind == "place":
            plan = layout(d)
            assert [c.code for row in plan.button_rows for c in row] == ["pass"]
            titles = [g.text(translator("en")) for g in plan.selects]
            assert set(titles) <= {"Special buildings and the castle", "Road 1–14", "Road 15–28"}
            for g in plan.selects:
                for c in g.choices:
                    assert option(game, d.kind, c).description  # its cost and what it does
            seen.append(len(d.choices))
        game.apply(rng.choice(d.choices).code)
    assert max(seen) > 15 and min(seen) < 10  # the same layout with many places left and with few


def test_many_places_are_grouped() -> None:
    game = new_game(["A", "B", "C"], 1)
    d = game.decision
    assert d is not None and d.kind == "place"
    extra = [d.choices[0]] + [type(d.choices[0])(f"r{i}", f"Building (road {i}) — 1 denier") for i in range(1, 29)]
    specials = [c for c in d.choices if not c.code.startswith("r") and c.code != "pass"]
    big = d._replace(choices=extra + specials)
    plan = layout(big)
    assert [g.text(translator("en")) for g in plan.selects] == [
        "Special buildings and the castle",
        "Road 1–14",
        "Road 15–28",
    ]
    assert [c.code for c in plan.button_rows[0]] == ["pass"]
    check(big)


def test_provost_rows_back_stay_forward() -> None:
    game = new_game(["A", "B"], 3)
    while (d := game.decision) is not None and d.kind != "provost":
        game.apply("pass" if d.kind == "place" else d.choices[0].code)
    assert d is not None
    plan = layout(d)
    assert not plan.selects
    codes = [[c.code for c in row] for row in plan.button_rows]
    assert codes[0] == sorted(codes[0], key=int) and all(int(c) < 0 for c in codes[0]) or codes[0] == ["0"]
    assert ["0"] in codes


def test_custom_ids() -> None:
    assert ids.choice_id(12, 345, "market+G") == "cy:12:345:market+G"
    assert ids.open_id(12, 345) == "cy:12:345:open"
    assert ids.select_id(12, 345, 2) == "cys:12:345:2"
    assert ids.lobby_id(12, "join") == "cyl:12:join"
    with pytest.raises(ValueError):
        ids.choice_id(1, 2, "open")
    with pytest.raises(ValueError):
        ids.choice_id(1, 2, "a:b")
    assert re.fullmatch(ids.CHOICE_TEMPLATE, "cy:1:2:open") is None
    assert re.fullmatch(ids.CHOICE_TEMPLATE, "cy:1:2:-3") is not None
    assert ids.board_id(12) == "cyb:12"
    # every custom_id matches exactly one template (discord.py runs every one that matches)
    samples = [
        ids.choice_id(1, 2, "r8"),
        ids.open_id(1, 2),
        ids.select_id(1, 2, 0),
        ids.lobby_id(1, "join"),
        ids.undo_id(1, 2),
        ids.board_id(1),
        "cyb:1:2",
        "an-older-button",
    ]
    templates = (*ids.CURRENT_TEMPLATES, ids.OLDER_TEMPLATE)
    for sample in samples:
        assert sum(re.fullmatch(t, sample) is not None for t in templates) == 1, sample
    game = new_game(["Ann", "Bob"], 1)
    assert game.decision is not None
    view, here = turn_view(2**40, 10**6, game.decision, game, undo_seq=10**6)
    assert here  # a placement fits on the turn message, with More…, Board and Undo below
    assert all(len(item.custom_id or "") <= 100 for item in view.children)  # type: ignore[attr-defined]
