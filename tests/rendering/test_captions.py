"""Which phase an image reports, and what it highlights, from the engine's events."""

from __future__ import annotations

from bot.rules import Event, new_game
from rendering.captions import summarise


def _end(phase: int, rnd: int = 2) -> Event:
    return Event(
        "phase_end", f"End of phase {phase}", -1, rnd, phase, {"phase": phase, "round": rnd}
    )


def test_the_phase_comes_from_its_end_event() -> None:
    state = new_game(["Ann", "Bob"], seed=1).state
    events = [
        Event("activate", "Ann uses the Farm (road 1)", 0, 2, 5, {"space": 1, "tile": "n_farm"}),
        Event(
            "build", "Ann builds the Sawmill on road 9", 0, 2, 5, {"space": 9, "tile": "sawmill"}
        ),
        Event("bailiff", "The bailiff moves", -1, 2, 7, {"space": 8}),
        _end(5),
    ]
    s = summarise(state, events)
    assert (s.round, s.phase, s.ended, s.earlier) == (2, 5, True, [])
    assert s.road == {1: "used", 9: "built"}  # the bailiff's space is no change of a building


def test_several_phases_in_one_report() -> None:
    state = new_game(["Ann", "Bob"], seed=1).state
    s = summarise(state, [_end(7, 2), Event("income", "Ann takes 2", 0, 3, 1, {}), _end(1, 3)])
    assert (s.round, s.phase, s.earlier) == (3, 1, [7])


def test_without_events_the_previous_phase_is_reported() -> None:
    game = new_game(["Ann", "Bob", "Cid"], seed=1)
    s = summarise(game.state, None)
    assert s.phase == game.state.phase - 1 and s.ended


def test_a_phase_under_way_is_not_called_done() -> None:
    game = new_game(["Ann", "Bob", "Cid"], seed=1)
    placed = game.apply(game.decision.choices[0].code)
    s = summarise(game.state, placed)
    if game.state.phase == 2:
        assert s.phase == 2 and not s.ended


def test_highlights_follow_the_event_kind_not_its_words() -> None:
    state = new_game(["Ann", "Bob"], seed=1).state
    events = [
        Event("produce", "Ann takes 1 wood to build later", 0, 2, 5, {"space": 4}),
        Event("lawyer", "Ann pays for a residence on road 6", 0, 2, 5, {"space": 6}),
        Event("residence", "Ann turns the Farm into a residence", 0, 2, 5, {"space": 7}),
        Event("inn_enter", "Bob settles in the Inn", 1, 2, 3, {}),
        Event("section_scored", "The Dungeon is scored", -1, 2, 7, {"section": 0}),
    ]
    s = summarise(state, events)
    assert s.road == {6: "used", 7: "built"}
    assert s.specials == {"inn"} and s.sections == {0}
