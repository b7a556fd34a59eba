"""Every change in the game shows in the image, where it belongs (and nowhere it does not).

Each test renders a position, changes one thing in a copy of its state, renders again and checks
the pixels of the part of the board that shows that thing.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from PIL import Image

from bot.rules import ROAD_LEN, Decision, Event, State
from rendering import render_image, style
from rendering.layout import (
    bridge_slot,
    castle_cell,
    section_box,
    special_box_of,
    stock_card_of,
    track_centre,
)
from rendering.style import Box

from .cases import load
from .imaging import changed_fraction, region

BASE = "mid_4p_cyrillic"


@pytest.fixture(scope="module")
def base() -> tuple[State, list[Event], Decision | None]:
    pos = load(BASE)
    return pos.state, pos.events, pos.pending


def _render(
    state: State, events: list[Event] | None = None, pending: Decision | None = None
) -> Image.Image:
    return render_image(state, events, pending=pending)


def _changed(a: Image.Image, b: Image.Image, box: Box, pad: int = 0) -> float:
    return changed_fraction(region(a, box, pad), region(b, box, pad), threshold=24)


def assert_shows(
    a: Image.Image, b: Image.Image, box: Box, what: str, at_least: float = 0.01, pad: int = 0
) -> None:
    frac = _changed(a, b, box, pad)
    assert frac >= at_least, f"{what}: only {frac:.2%} of its pixels changed"


def assert_untouched(a: Image.Image, b: Image.Image, box: Box, what: str) -> None:
    frac = _changed(a, b, box)
    assert frac == 0, f"{what} changed ({frac:.2%}) though nothing there did"


def _box_around(cx: float, cy: float, r: int) -> Box:
    return Box(int(cx - r), int(cy - r), 2 * r, 2 * r)


def _card(state: State, seat: int) -> Box:
    return style.card_box(state.turn_order.index(seat), state.n)


def _free_space(state: State) -> int:
    return next(s for s in range(1, ROAD_LEN + 1) if state.road_tile[s] is None)


def _edit(state: State, fn: Callable[[State], object]) -> State:
    other = copy.deepcopy(state)
    fn(other)
    return other


def test_new_building_shows_on_its_road_space_and_leaves_the_stock(base) -> None:
    state, events, pending = base
    space = _free_space(state)
    tid = next(t for t in ("farm_food", "sawmill", "quarry", "market") if state.stock.get(t))

    def build(s: State) -> None:
        s.road_tile[space] = tid
        s.road_owner[space] = 0
        s.stock[tid] -= 1

    before, after = _render(state, events, pending), _render(_edit(state, build), events, pending)
    assert_shows(before, after, style.road_box(space), f"a new {tid} on road {space}", 0.2)
    assert_shows(
        before, after, stock_card_of(tid, state.options.jeweller), f"{tid} leaving the stock", 0.1
    )
    assert_untouched(before, after, style.road_box(1), "road space 1")
    for seat in range(state.n):
        assert_untouched(before, after, _card(state, seat), f"card of seat {seat}")


def test_residence_and_prestige_transformations_show(base) -> None:
    state, events, pending = base
    space = next(s for s in range(1, 7) if state.road_tile[s] is not None)

    def lawyer(s: State) -> None:
        s.road_tile[space] = "residence"
        s.road_owner[space] = 1

    def architect(s: State) -> None:
        lawyer(s)
        s.road_tile[space] = "cathedral"
        s.stock["cathedral"] = 0

    a, b = _render(state, events, pending), _render(_edit(state, lawyer), events, pending)
    c = _render(_edit(state, architect), events, pending)
    assert_shows(a, b, style.road_box(space), "a residence", 0.2)
    assert_shows(b, c, style.road_box(space), "a prestige building over the residence", 0.1)
    assert_shows(
        b, c, stock_card_of("cathedral", state.options.jeweller), "the Cathedral leaving the stock"
    )


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_worker_on_the_road_shows_with_its_colour(base, seat: int) -> None:
    state, events, pending = base
    space = next(s for s in range(1, 9) if state.road_worker[s] < 0)

    def place(s: State) -> None:
        s.road_worker[space] = seat

    before, after = _render(state, events, pending), _render(_edit(state, place), events, pending)
    assert_shows(
        before, after, style.road_box(space), f"a worker of seat {seat} on road {space}", 0.03
    )
    colour = style.PLAYER_COLOURS[state.players[seat].colour]
    tile = region(after, style.road_box(space)).getcolors(1 << 16) or []
    assert any(c == colour for _, c in tile), "the worker is drawn in its player's colour"


def test_provost_move_changes_both_spaces_and_the_header(base) -> None:
    state, events, pending = base
    old = state.provost
    new = old + 1 if old < ROAD_LEN else old - 1

    def move(s: State) -> None:
        s.provost = new

    before, after = _render(state, events, pending), _render(_edit(state, move), events, pending)
    assert_shows(before, after, style.road_box(old), "the provost leaving", 0.03)
    assert_shows(before, after, style.road_box(new), "the provost arriving", 0.03)
    assert_shows(
        before, after, Box(0, 0, style.WIDTH, style.HEADER_H), "the provost in the header", 0.001
    )


def test_bailiff_move_shows(base) -> None:
    state, events, pending = base
    old = state.bailiff
    new = old + 2

    def move(s: State) -> None:
        s.bailiff = new

    before, after = _render(state, events, pending), _render(_edit(state, move), events, pending)
    assert_shows(before, after, style.road_box(old), "the bailiff leaving", 0.02)
    assert_shows(before, after, style.road_box(new), "the bailiff arriving", 0.02)


@pytest.mark.parametrize(
    "what, change",
    [
        ("prestige", lambda p: setattr(p, "pp", p.pp + 7)),
        ("deniers", lambda p: setattr(p, "deniers", p.deniers + 5)),
        ("food", lambda p: p.cubes.__setitem__(0, p.cubes[0] + 1)),
        ("wood", lambda p: p.cubes.__setitem__(1, p.cubes[1] + 1)),
        ("stone", lambda p: p.cubes.__setitem__(2, p.cubes[2] + 1)),
        ("cloth", lambda p: p.cubes.__setitem__(3, p.cubes[3] + 1)),
        ("gold", lambda p: p.cubes.__setitem__(4, p.cubes[4] + 1)),
        ("workers", lambda p: setattr(p, "workers", p.workers - 1)),
        ("favour prestige", lambda p: p.favours.__setitem__(0, p.favours[0] + 1)),
        ("favour deniers", lambda p: p.favours.__setitem__(1, p.favours[1] + 1)),
        ("favour resources", lambda p: p.favours.__setitem__(2, p.favours[2] + 1)),
        ("favour buildings", lambda p: p.favours.__setitem__(3, p.favours[3] + 1)),
    ],
)
def test_player_numbers_show_on_their_own_card_only(base, what: str, change: Callable) -> None:
    state, events, pending = base
    seat = state.turn_order[1]

    def edit(s: State) -> None:
        change(s.players[seat])

    before, after = _render(state, events, pending), _render(_edit(state, edit), events, pending)
    assert_shows(before, after, _card(state, seat), f"{what} of seat {seat}", 0.0008)
    for other in range(state.n):
        if other != seat:
            assert_untouched(before, after, _card(state, other), f"card of seat {other}")


def test_pending_player_is_marked(base) -> None:
    state, events, pending = base
    assert pending is not None
    other = next(s for s in range(state.n) if s != pending.player)
    moved = pending._replace(player=other)
    before, after = _render(state, events, pending), _render(state, events, moved)
    assert_shows(before, after, _card(state, pending.player), "the card that was pending", 0.02)
    assert_shows(before, after, _card(state, other), "the card now pending", 0.02)
    assert_shows(before, after, Box(700, 0, style.WIDTH - 700, style.HEADER_H), "the header", 0.01)


def test_turn_order_reorders_the_cards(base) -> None:
    state, events, pending = base

    def rotate(s: State) -> None:
        s.turn_order = s.turn_order[1:] + s.turn_order[:1]

    before, after = _render(state, events, pending), _render(_edit(state, rotate), events, pending)
    for pos in range(state.n):
        assert_shows(before, after, style.card_box(pos, state.n), f"card position {pos}", 0.02)


@pytest.mark.parametrize("section", [0, 1, 2])
def test_castle_house_shows_in_its_section(base, section: int) -> None:
    state, events, pending = base
    k = len(state.castle[section])

    def deliver(s: State) -> None:
        s.castle[section].append(2)

    before, after = _render(state, events, pending), _render(_edit(state, deliver), events, pending)
    assert_shows(before, after, castle_cell(section, k), f"a house in section {section}", 0.2)


def test_section_scoring_and_construction_show(base) -> None:
    state, events, pending = base
    sec = state.section

    def score(s: State) -> None:
        s.scored[sec] = True
        s.section = sec + 1

    before, after = _render(state, events, pending), _render(_edit(state, score), events, pending)
    assert_shows(before, after, section_box(sec), "the scored section", 0.02)
    assert_shows(before, after, section_box(sec + 1), "the next section under construction", 0.02)


def test_castle_workers_show_on_the_track(base) -> None:
    state, events, pending = base
    i = len(state.castle_workers)
    seat = next(s for s in range(state.n) if s not in state.castle_workers)

    def enter(s: State) -> None:
        s.castle_workers.append(seat)

    before, after = _render(state, events, pending), _render(_edit(state, enter), events, pending)
    assert_shows(before, after, _box_around(*track_centre(i), 13), "a castle worker", 0.2)


@pytest.mark.parametrize(
    "special", ["gate", "trading", "guild", "joust", "stables", "inn_left", "inn_right"]
)
def test_special_building_workers_show(base, special: str) -> None:
    state, events, pending = base
    seat = 2 if getattr(state, special) == 1 else 1

    def place(s: State) -> None:
        if special == "stables":
            s.stables = [seat]
        else:
            setattr(s, special, seat)

    before, after = _render(state, events, pending), _render(_edit(state, place), events, pending)
    box = special_box_of("inn" if special.startswith("inn") else special)
    assert_shows(before, after, box, f"a worker on {special}", 0.02)


def test_passing_shows_on_the_bridge(base) -> None:
    state, events, pending = base
    nobody = _edit(state, lambda s: s.passing.clear())
    first = _edit(nobody, lambda s: s.passing.append(2))
    before, after = _render(nobody, events, pending), _render(first, events, pending)
    assert_shows(before, after, _box_around(*bridge_slot(0), 15), "a disc on the bridge", 0.2)


def test_events_highlight_what_the_phase_changed(base) -> None:
    state, _, pending = base
    space = next(s for s in range(1, 7) if state.road_tile[s] is not None)
    built = [
        Event("build", "Ann builds", 0, state.round, 5, {"space": space, "tile": "x"}),
        Event("trading", "Ann takes 3 deniers", 0, state.round, 3, {}),
    ]
    quiet: list[Event] = []
    before, after = _render(state, quiet, pending), _render(state, built, pending)
    assert_shows(
        before, after, style.road_box(space), "the highlight of the new building", 0.05, pad=4
    )
    assert_shows(
        before, after, special_box_of("trading"), "the Trading post highlight", 0.05, pad=4
    )


def test_round_and_phase_show_in_the_header(base) -> None:
    state, events, pending = base

    def later(s: State) -> None:
        s.round += 1

    header = Box(0, 0, 600, style.HEADER_H)
    before, after = _render(state, None, pending), _render(_edit(state, later), None, pending)
    assert_shows(before, after, header, "the round number", 0.005)


def test_pending_player_is_found_without_the_decision(base) -> None:
    state, events, pending = base
    assert pending is not None
    with_decision = _render(state, events, pending)
    from_state = _render(state, events, None)
    assert_untouched(
        with_decision, from_state, _card(state, pending.player), "the pending player's card"
    )
