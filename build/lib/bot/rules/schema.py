"""The JSON boundary: a snapshot is written from the state's fields, and validated by pydantic
when it comes back in.

Tasks are stored as `{"kind": ..., field: value, ...}` (`Task.stored()`); snapshots written before
tasks were records hold lists `[kind, seat, *fields]`, which load too (tasks.task_from_json).
"""

from __future__ import annotations

import ast
import json
from dataclasses import fields
from pathlib import Path
from sys import intern
from typing import Any

from pydantic import ConfigDict, TypeAdapter

from .common import Task
from .state import Options, Player, State
from .tasks import task_from_json


def _as_written(classes: dict[str, type]) -> None:
    """Give pydantic the dataclasses' fields as state.py writes them. The compiled core's classes
    keep only part of each annotation at run time (`list` for `list[Player]`), and have neither
    `__dict__` nor `__slots__`: pydantic fills a dataclass through its `__dict__` unless it has
    `__slots__`, so they are told their slots (pydantic then sets each field by name, as it does
    for the Python source's slotted dataclasses)."""
    tree = ast.parse(Path(__file__).with_name("state.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in classes:
            cls = classes[node.name]
            fields_by_name = cls.__dataclass_fields__  # type: ignore[attr-defined]
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    fields_by_name[stmt.target.id].type = ast.unparse(stmt.annotation)
            if not hasattr(cls, "__slots__"):
                cls.__slots__ = tuple(fields_by_name)  # type: ignore[attr-defined]


_as_written({"Options": Options, "Player": Player, "State": State})
# The task records are checked by task_from_json; pydantic only sees that they are tasks.
State.__pydantic_config__ = ConfigDict(arbitrary_types_allowed=True)  # type: ignore[attr-defined]
_STATE = TypeAdapter(State)
_STATE.rebuild(_types_namespace={"Task": Task})  # state.py names Task for type checkers only
_STATE_FIELDS = tuple(f.name for f in fields(State))
_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_OPTION_FIELDS = tuple(f.name for f in fields(Options))


def state_to_json(s: State) -> str:
    """The snapshot: every field of the state by name (the same text `dataclasses.asdict` gave)."""
    data: dict[str, Any] = {name: getattr(s, name) for name in _STATE_FIELDS}
    data["options"] = {name: getattr(s.options, name) for name in _OPTION_FIELDS}
    data["players"] = [{name: getattr(p, name) for name in _PLAYER_FIELDS} for p in s.players]
    data["tasks"] = [t.stored() for t in s.tasks]
    return json.dumps(data, separators=(",", ":"))


def state_from_json(text: str) -> State:
    data = json.loads(text)
    try:
        data["tasks"] = [task_from_json(t) for t in data.get("tasks", [])]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"a stored task is not valid: {exc!r}") from exc
    state = _STATE.validate_python(data)
    # The choices and tile ids come back as new strings of a few dozen bytes each; a game in
    # progress holds some 200 of them, the same few hundred codes for every table: shared.
    state.history = [intern(code) for code in state.history]
    state.road_tile = [None if tid is None else intern(tid) for tid in state.road_tile]
    return state
