"""The state's copy and its JSON form: every field copied, nothing shared that changes, tasks
stored by name and the old list form still read (issue 9, items 1 and 8)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from bot.rules import COMPILED, Game, IllegalChoice, State, new_game, state_from_json
from bot.rules.common import fields_of
from bot.rules.tasks import (
    TASK_TYPES,
    Peddler,
    Produce,
    task_from_json,
)


def busy_state() -> State:
    """A mid-game state in which no field holds its default value."""
    g = new_game(["Ann", "Bob", "Cid", "Dee"], seed=3)
    rng = random.Random(3)
    while g.state.round < 3 or g.state.phase != 5:
        codes = g.legal_codes()
        g.apply(codes[int(rng.random() * len(codes))])
    s = g.state
    s.stables, s.gate, s.trading, s.guild, s.joust = [1, 2], 0, 1, 2, 3
    s.inn_left, s.inn_right, s.castle_workers = 1, 2, [3, 0]
    s.section, s.scored, s.completed_this_turn = 1, [True, False, False], [False, True, False]
    s.provost, s.bailiff, s.lawyer_pending = 9, 8, [[3, 1]]
    s.step, s.cursor = 2, 4
    s.castle = [[0, 1], [2], []]
    if not s.tasks:
        s.tasks = [Peddler(0, 1, 2, 0)]
    return s


def test_copy_copies_every_field() -> None:
    s = busy_state()
    for f in dataclasses.fields(State):
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        assert getattr(s, f.name) != default, f"the test state leaves {f.name} at its default"
    c = s.copy()
    for f in dataclasses.fields(State):
        assert getattr(c, f.name) == getattr(s, f.name), f.name
    for f in dataclasses.fields(type(s.players[0])):
        assert [getattr(p, f.name) for p in c.players] == [getattr(p, f.name) for p in s.players]


def _shared(a: Any, b: Any, path: str, out: list[str]) -> None:
    """Mutable objects that `a` and `b` share (task records are frozen: sharing them is safe;
    the options are never changed)."""
    if isinstance(a, tuple(TASK_TYPES.values())):
        return
    if isinstance(a, (list, dict)) or dataclasses.is_dataclass(a):
        if a is b:
            out.append(path)
            return
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _shared(x, y, f"{path}[{i}]", out)
    elif isinstance(a, dict):
        for k in a:
            _shared(a[k], b[k], f"{path}[{k!r}]", out)
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            if f.name != "options":
                _shared(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}", out)


def test_copy_is_independent() -> None:
    s = busy_state()
    c = s.copy()
    shared: list[str] = []
    _shared(s, c, "state", shared)
    assert shared == []
    assert c.options == s.options
    assert c.tasks == s.tasks and c.tasks is not s.tasks


@pytest.mark.skipif(not COMPILED, reason="pure Python: mypy refuses the assignment (Final fields)")
@pytest.mark.parametrize("kind", sorted(TASK_TYPES))
def test_task_records_are_frozen(kind: str) -> None:
    """Copies of a state share their task records: no record may change once made (the fields
    are Final: mypy refuses an assignment in the source, the compiled core at run time)."""
    old = next(old for old, _ in OLD_FORM if old[0] == kind)
    record = task_from_json(old)
    with pytest.raises(AttributeError):
        record.seat = 4  # type: ignore[misc]
    assert record == task_from_json(old)


def test_a_copied_game_plays_on_alone() -> None:
    g = new_game(["Ann", "Bob", "Cid"], seed=5)
    for _ in range(30):
        g.apply(g.legal_codes()[-1])
    before = g.to_json()
    h = g.clone()
    while not h.over:
        h.apply(h.legal_codes()[0])
    assert g.to_json() == before


# ----- the JSON form of tasks ---------------------------------------------------------------------

# Every kind in the list form snapshots held before tasks were records (`[kind, seat, *fields]`,
# the fields in their declared order), and its record: made for every kind of TASK_TYPES from a
# value for each field's name (a kind with a field of a new name needs its sample here).
SAMPLES = {
    "seat": 2, "space": 4, "tile": "park", "price": 1, "left": 2, "bought": 0, "category": "stone",
    "discount": -1, "batches": 1, "section": 2, "column": 3,
}  # fmt: skip


def _old_form(kind: str, cls: type[Any]) -> tuple[list[Any], Any]:
    values = [SAMPLES[name] for name in fields_of(cls)]
    return [kind, *values], cls(*values)


OLD_FORM = [_old_form(kind, cls) for kind, cls in TASK_TYPES.items()]


def test_old_form_covers_every_kind() -> None:
    assert {old[0] for old, _ in OLD_FORM} == set(TASK_TYPES)


@pytest.mark.parametrize(("old", "record"), OLD_FORM, ids=[o[0] for o, _ in OLD_FORM])
def test_old_list_form_becomes_the_record(old: list[Any], record: Any) -> None:
    assert task_from_json(old) == record
    assert record.kind == old[0] and record.seat == old[1]


@pytest.mark.parametrize(("old", "record"), OLD_FORM, ids=[o[0] for o, _ in OLD_FORM])
def test_stored_form_names_the_kind_and_fields(old: list[Any], record: Any) -> None:
    stored = record.stored()
    assert list(stored)[:2] == ["kind", "seat"]
    assert list(stored.values()) == old  # the same values, now by name
    assert task_from_json(json.loads(json.dumps(stored))) == record


def test_snapshot_round_trip_keeps_tasks() -> None:
    s = busy_state()
    s.tasks = [record for _, record in OLD_FORM]
    text = Game(s).to_json()
    assert json.loads(text)["tasks"][list(TASK_TYPES).index("produce")] == {"kind": "produce", "seat": 2, "space": 4}
    assert state_from_json(text) == s


@pytest.mark.parametrize(
    "bad",
    [["nothing", 0], ["produce", 0], ["produce", 0, 4, 5], {"kind": "sell", "seat": 0}, {"seat": 0}, 7],
)
def test_a_broken_stored_task_is_refused(bad: Any) -> None:
    s = busy_state()
    data = json.loads(Game(s).to_json())
    data["tasks"] = [bad]
    with pytest.raises(ValueError):
        state_from_json(json.dumps(data))


def test_records_are_not_positional() -> None:
    with pytest.raises(TypeError):
        Produce(0, 4)[1]  # type: ignore[index]
    with pytest.raises(IllegalChoice):
        Game.resume(busy_state()).apply("no such code")


def test_state_pickles_with_its_tasks() -> None:
    """The games layer hands states to worker processes (rendering, AI): records pickle."""
    import pickle

    s = busy_state()
    s.tasks = [record for _, record in OLD_FORM]
    assert pickle.loads(pickle.dumps(s)) == s
