"""Decision tasks: every kind, its record and handler, and their stored form.

A task is a small record (a `common.Task` subclass: its `kind`, then `seat` and the kind's own
fields) on top of `state.tasks`; its methods give the legal choices, apply one, and word them. A kind whose
`choices` is empty is an automatic step. Codes are the notation of docs/notation.md. The kinds
live with their part of the game: placing, specials, road, construction, castle, favours.
"""

from __future__ import annotations

from typing import Any

from .castle import BestBuilder, Castle, CloseSection, castle_section
from .common import KindFacts, Task, fields_of
from .construction import (
    Build,
    Lawyer,
    LawyerDone,
    Residence,
    build_codes,
    finish_lawyer,
    lawyer_targets,
)
from .favours import Favour, FavourBuildings, FavourResources, SwapGive, SwapTake
from .placing import Gate, Place, next_placement
from .road import Bonus, PayPlain, Peddler, Produce, Sell, Trade, activate, trade_possible
from .specials import Guild, Inn, Joust, Provost, next_provost

__all__ = [
    "DECISION_KINDS", "TASK_TYPES", "KindFacts", "Task", "activate", "build_codes", "castle_section", "finish_lawyer",
    "kind_facts", "lawyer_targets", "next_placement", "next_provost", "task_from_json", "trade_possible",
    # the records, one per kind
    "BestBuilder", "Bonus", "Build", "Castle", "CloseSection", "Favour", "FavourBuildings",
    "FavourResources", "Gate", "Guild", "Inn", "Joust", "Lawyer", "LawyerDone", "PayPlain",
    "Peddler", "Place", "Produce", "Provost", "Residence", "Sell", "SwapGive", "SwapTake", "Trade",
]


TASK_TYPES: dict[str, type[Task]] = {
    cls.kind: cls
    for cls in (
        Place, Gate, Guild, Joust, Inn, Provost, Produce, Bonus, Sell, Peddler, Build, Residence,
        Lawyer, LawyerDone, Trade, PayPlain, Castle, BestBuilder, CloseSection, Favour,
        FavourResources, SwapGive, SwapTake, FavourBuildings,
    )
}


# The kinds that ask a player; the others are the engine's own steps (lawyer_done, best_builder,
# close_section), whose record keeps Task's empty `choices`.
DECISION_KINDS = tuple(kind for kind, cls in TASK_TYPES.items() if cls.choices is not Task.choices)


def kind_facts(kind: str) -> KindFacts:
    """The facts of one decision kind (its header verb, select title, stop codes, grouping)."""
    return TASK_TYPES[kind].facts


def task_from_json(data: Any) -> Task:
    """A task from its stored form: `{"kind": k, field: value, ...}`, or the list
    `[kind, seat, *fields]` that snapshots held before tasks were records (same field order)."""
    if isinstance(data, Task):
        return data
    if isinstance(data, list):
        kind, args = data[0], data[1:]
        cls = TASK_TYPES[kind]
        names = fields_of(cls)
        if len(args) != len(names):
            raise ValueError(f"a stored {kind} task has {len(args)} values; expected {len(names)}")
        return cls(*args)
    values = dict(data)
    cls = TASK_TYPES[values.pop("kind")]
    return cls(**values)
