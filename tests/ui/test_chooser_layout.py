"""The chooser's layout, its buttons' labels and where the turn message's tools go
(bot/ui/chooser.py), as plain values: no Discord, no fake (issue 23)."""

from __future__ import annotations

import pytest

from bot.i18n import translator
from bot.rules import Choice, Decision, kind_facts, new_game
from bot.ui import texts
from bot.ui.chooser import MAX_OPTIONS, MAX_ROWS, ROW_WIDTH, chooser_view, layout, turn_view


def decision(kind: str, codes: list[str], labels: dict[str, str] | None = None) -> Decision:
    labels = labels or {}
    return Decision(0, kind, "…", [Choice(c, labels.get(c, c.title())) for c in codes], 7)


def codes(rows: tuple[tuple[Choice, ...], ...]) -> list[list[str]]:
    return [[c.code for c in row] for row in rows]


def test_the_provost_is_three_rows_back_stay_forward() -> None:
    """§2 phase 4: back, no move, forward; each row in the order of the road."""
    plan = layout(decision("provost", ["0", "+1", "+3", "-1", "+2", "-2"]))
    assert plan.selects == ()
    assert codes(plan.button_rows) == [["-2", "-1"], ["0"], ["+1", "+2", "+3"]]
    guild = layout(decision("guild", ["0", "+1"]))  # the guild's move, the same rows
    assert codes(guild.button_rows) == [["0"], ["+1"]]


def test_a_few_choices_are_one_row_with_do_nothing_last() -> None:
    plan = layout(decision("joust", ["skip", "favour"]))
    assert codes(plan.button_rows) == [["favour", "skip"]]


def test_up_to_ten_short_choices_are_two_rows_of_buttons() -> None:
    cubes = ["F", "W", "S", "C", "G", "=FW", "done"]
    plan = layout(decision("peddler", cubes))
    assert plan.selects == () and [len(r) for r in plan.button_rows] == [ROW_WIDTH, 2]
    assert plan.button_rows[-1][-1].code == "done"


def test_long_labels_go_in_a_select_and_the_stop_codes_stay_buttons() -> None:
    long = {c: f"{c}: a choice whose words are longer than a button shows well" for c in "FWSCG"}
    plan = layout(decision("produce", [*"FWSCG", "=FW"], long))
    assert len(plan.selects) == 1 and [c.code for c in plan.selects[0].choices] == [*"FWSCG", "=FW"]
    assert plan.selects[0].title == texts.GROUP_ANY.msgid
    plan = layout(decision("trade", ["3pp", "5pp", "skip", "x", "y", "z"], {"3pp": "x" * 30}))
    assert [c.code for c in plan.selects[0].choices] == ["3pp", "5pp", "x", "y", "z"]
    assert codes(plan.button_rows) == [["skip"]]


def test_a_placement_keeps_one_layout_whatever_the_number_of_places() -> None:
    """Issue 22: the placements keep their layout through the round: grouped selects (special
    buildings and the castle / road 1-14 / road 15-28), the stop code a button."""
    for places in (["pass", "castle", "r3"], ["pass", "castle", "gate", *(f"r{s}" for s in range(1, 18))]):
        plan = layout(decision("place", places, {c: c * 20 for c in places}))  # long labels too
        assert [(g.title, g.low, g.high) for g in plan.selects] == [
            (texts.GROUP_SPECIALS.msgid, 0, 0), (texts.GROUP_ROAD.msgid, 1, 14),
            *([(texts.GROUP_ROAD.msgid, 15, 28)] if len(places) > 3 else []),
        ]  # fmt: skip
        assert codes(plan.button_rows) == [["pass"]]  # the stop code, a button


def test_many_places_are_grouped_specials_then_the_two_halves_of_the_road() -> None:
    places = ["pass", "castle", "gate", "inn", *(f"r{s}" for s in range(1, 29))]
    plan = layout(decision("place", places))
    titles = [(g.title, g.low, g.high) for g in plan.selects]
    assert titles == [
        (texts.GROUP_SPECIALS.msgid, 0, 0), (texts.GROUP_ROAD.msgid, 1, 14), (texts.GROUP_ROAD.msgid, 15, 28)
    ]  # fmt: skip
    assert [c.code for c in plan.selects[0].choices] == ["castle", "gate", "inn"]
    assert [c.code for c in plan.selects[2].choices] == [f"r{s}" for s in range(15, 29)]
    assert codes(plan.button_rows) == [["pass"]]
    assert plan.selects[1].text(translator("ru")) != plan.selects[1].text(translator("en"))


def test_more_than_25_other_choices_are_runs_of_25() -> None:
    builds = [f"tile{i}" for i in range(30)] + ["skip"]
    plan = layout(decision("build", builds))
    assert [(g.title, g.low, g.high, len(g.choices)) for g in plan.selects] == [
        (texts.GROUP_PART.msgid, 1, 25, MAX_OPTIONS), (texts.GROUP_PART.msgid, 26, 30, 5)
    ]  # fmt: skip


def test_a_decision_that_cannot_fit_is_refused_not_cut() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        layout(decision("build", [f"tile{i}" for i in range(MAX_OPTIONS * MAX_ROWS + 1)]))


def _labels(view: object) -> list[str]:
    return [c.get("label", "") for row in view.to_components() for c in row["components"] if c["type"] == 2]  # type: ignore[attr-defined]


def _options(view: object) -> list[tuple[str, str]]:
    return [
        (o["label"], o.get("description", ""))
        for row in view.to_components()  # type: ignore[attr-defined]
        for c in row["components"]
        if c["type"] == 3
        for o in c["options"]
    ]


def test_the_options_say_what_a_placement_costs_and_does_in_the_readers_language() -> None:
    game = new_game(["Ann", "Bob", "Cid"], 1)
    d = game.decision
    assert d is not None and d.kind == "place"
    view = chooser_view(3, d, game)
    english = dict(_options(view))
    assert len(english) == len(d.choices) - 1  # every place but Pass, which is a button
    # each place with its cost and what it does, a trap said first (§2 phase 6: a castle worker
    # without a batch loses 2 PP)
    assert english["Castle"].startswith("1 denier · ⚠ no batch now (building nothing: −2 PP)")
    assert english["Carpenter (road 8)"].startswith("1 denier · build a wood building")
    assert _labels(view)[-3:] == ["Pass (first to pass: +1 denier)", "Board", "Plan…"]
    russian = _options(chooser_view(3, d, game, tr=translator("ru")))
    assert ("Плотницкая стройка (клетка 8)", "1 денье · построить: деревянное здание · за судьёй (клетка 6)") in russian
    assert len(russian) == len(english)
    assert all(len(label) <= 100 and len(text) <= 100 for label, text in russian)


def test_the_turn_message_holds_the_choices_when_its_tools_fit_beside_them() -> None:
    game = new_game(["Ann", "Bob", "Cid"], 1)
    d = game.decision
    assert d is not None
    view, here = turn_view(3, d.seq, d, game)
    labels = _labels(view)
    assert here and labels[-3:] == ["More…", "Board", "Plan…"]  # Plan…: everyone's own round plan
    assert labels == ["Pass (first to pass: +1 denier)", "More…", "Board", "Plan…"]  # the places: selects
    assert len(_options(view)) == len(d.choices) - 1
    # four selects and the stop codes: the tools share the last row, within Discord's five
    crowded = decision("peddler", [f"=X{i}" for i in range(100)] + ["skip", "done"])
    view, here = turn_view(3, 7, crowded, None, undo_seq=8)
    rows = view.to_components()
    assert here and len(rows) == MAX_ROWS and _labels(view) == ["Skip", "Done", "More…", "Board", "Undo"]
    assert kind_facts("peddler").stop_codes == ("skip", "done")
