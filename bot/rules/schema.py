"""The JSON boundary: a snapshot is validated by pydantic when it comes back in."""

from __future__ import annotations

from pydantic import TypeAdapter

from .state import State

_STATE = TypeAdapter(State)


def state_from_json(text: str) -> State:
    return _STATE.validate_json(text)
