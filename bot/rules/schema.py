"""The JSON boundary: a snapshot is validated by pydantic when it comes back in.

Tasks are stored as `{"kind": ..., field: value, ...}` (what `dataclasses.asdict` makes of the
records); snapshots written before tasks were records hold lists `[kind, seat, *fields]`, which
load too (tasks.task_from_json).
"""

from __future__ import annotations

import json

from pydantic import ConfigDict, TypeAdapter

from .state import State
from .tasks import task_from_json

# The task records are checked by task_from_json; pydantic only sees that they are tasks.
State.__pydantic_config__ = ConfigDict(arbitrary_types_allowed=True)  # type: ignore[attr-defined]
_STATE = TypeAdapter(State)


def state_from_json(text: str) -> State:
    data = json.loads(text)
    try:
        data["tasks"] = [task_from_json(t) for t in data.get("tasks", [])]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"a stored task is not valid: {exc!r}") from exc
    return _STATE.validate_python(data)
