"""What every decision task shares: the game as its tasks see it (`Play`), the `Task` base
class, and small helpers of the handlers.

`Play` is the lower half of `engine.Game`: the state, the pending task and its codes, and what a
handler does to the game (record an event, push tasks, end a phase). The task modules type
against it, never against the engine that drives them (no import runs back up to engine.py).
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar, Final

from . import words
from .decisions import Event, EventKind, KindFacts
from .roadspaces import UsableRoad
from .speech import ENGLISH, Speech
from .state import State
from .tiles import (
    CUBES,
    ROAD_LEN,
    TILES,
)
from .words import N_, cube_count, cube_list, place_name, plural  # noqa: F401  (shared by the handlers)

_tuple_new = tuple.__new__


class Play:
    """A game as its decision tasks see it (engine.Game adds the flow and the public face).

    `task` and `codes` are the pending task and its legal codes (None and [] when nothing is
    pending); the engine sets them, the rules' own modules read them (the games layer reads
    `Game.decision` and `Game.legal_codes()`).
    """

    def __init__(self, state: State, *, quiet: bool = False) -> None:
        self.state = state
        self.quiet = quiet  # record no events (simulation, search)
        self.names = tuple([p.name for p in state.players])
        self.road: UsableRoad | None = None  # the road spaces workers may use (placing.add_targets)
        self.task: Task | None = None
        self.codes: list[str] = []
        self.events: list[Event] = []  # recorded since the engine last handed them out
        # True while no step of the current phase has run: at a phase boundary. A position at
        # step and cursor 0 is at its phase's start, except once phase 2 asked its first player
        # (the cursor stays 0 then): a pending placement tells.
        self.fresh = state.step == 0 and state.cursor == 0 and not any(t.kind == "place" for t in state.tasks)

    def event(self, kind: EventKind, player: int, words: str, args: tuple[Any, ...], **data: Any) -> None:
        """Record an event; its text is `eventwords.WORDS[words](name, *args)`, made when read."""
        if self.quiet:
            return
        s = self.state
        self.events.append(_tuple_new(Event, (kind, None, player, s.round, s.phase, data, words, args, self.names)))

    def name(self, seat: int) -> str:
        return self.state.players[seat].name

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given is resolved first."""
        self.state.tasks.extend(reversed(tasks))

    def end_phase(self) -> None:
        s = self.state
        self.fresh = True
        if not self.quiet:
            self.event(EventKind.PHASE_END, -1, "phase_end", (s.phase,), phase=s.phase, round=s.round)
        s.phase += 1
        s.step = s.cursor = 0
        for p in s.players:
            p.lines_used = 0

    def legal_codes(self) -> list[str]:
        """The codes of the pending decision's legal choices (fast; no labels)."""
        return list(self.codes)

    def choice_codes(self) -> list[str]:
        """The codes of the choices offered to the player (`decision.choices`, without labels):
        the legal codes less the step-by-step ones kept legal beside whole combinations."""
        task = self.task
        return [] if task is None else list(task.shown(self, self.codes))


def gain(g: Play, seat: int, spec: str) -> None:
    cubes = g.state.players[seat].cubes
    for ch in spec:
        cubes[CUBES.index(ch)] += 1


def lose_pp(g: Play, seat: int, amount: int) -> int:
    """Prestige never goes below 0 (rules header); returns what was really lost."""
    p = g.state.players[seat]
    lost = min(p.pp, amount)
    p.pp -= lost
    return lost


# "you have no gold", one text per cube (each language words its own)
NO_CUBE: Final = {
    "F": N_("you have no food"),
    "W": N_("you have no wood"),
    "S": N_("you have no stone"),
    "C": N_("you have no cloth"),
    "G": N_("you have no gold"),
}


def missing_cube(g: Play, seat: int, code: str, tr: Speech = ENGLISH) -> str:
    """"you have no gold" when `code` names one cube the player lacks; "" otherwise."""
    if len(code) == 1 and code in CUBES and not g.state.players[seat].cubes[CUBES.index(code)]:
        return tr.gettext(NO_CUBE[code])
    return ""


def building_name(g: Play, space: int, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{building} (road {space})").format(
        building=words.building_name(tr, TILES[g.state.road_tile[space]].name),  # type: ignore[index]
        space=space,
    )


def road_spaces(tr: Speech = ENGLISH) -> str:
    """Why a road space out of 1-28 is none."""
    return tr.gettext("the road has spaces 1 to {last}").format(last=ROAD_LEN)


def free_road_space(g: Play) -> int:
    """Lowest free road space for a new building, 0 when the road is full (§6 #15)."""
    tiles = g.state.road_tile
    for space in range(1, ROAD_LEN + 1):
        if tiles[space] is None:
            return space
    return 0


class Task:
    """A decision task: a small record with named fields, and its handler.

    Each kind is a subclass that names its `kind` and `facts` in its body and takes its fields,
    `seat` first (-1 for the engine's own steps), in its `__init__`: those parameters are the
    record's fields, in the order its stored form keeps them. The engine pops a task before
    `apply`; a task that goes on (a Peddler with a cube still allowed, a castle worker who
    delivered a batch) pushes its successor. A task is never changed once pushed, so copies of a
    state share them (its fields are `Final`: mypy refuses an assignment, and the compiled core
    at run time too). Stored as `{"kind": ..., field: value, ...}` (`stored()`;
    tasks.task_from_json reads that and the old list form).
    """

    kind: ClassVar[str] = ""
    facts: ClassVar[KindFacts] = KindFacts(verb="to decide")

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat

    def choices(self, g: Play) -> list[str]:
        """The legal codes; none: an automatic step, applied with the code ""."""
        return []

    def apply(self, g: Play, code: str) -> None:
        raise NotImplementedError

    def shown(self, g: Play, codes: list[str]) -> list[str]:
        """The choices offered to the player, out of the legal `codes`. A kind that offers whole
        combinations (the Alchemist's cubes, a Peddler purchase, castle batches) keeps its old
        step-by-step codes legal but unshown, so games stored before still replay."""
        return codes

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return ""

    def label(self, g: Play, code: str) -> str:
        return {"skip": "Do nothing", "done": "Done", "0": "Do not move it"}.get(code, code)

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        """Why `code` is not a legal choice now, in `tr`'s language (the engine calls it on a
        refused choice: `IllegalChoice`)."""
        options = ", ".join(g.choice_codes())
        return tr.gettext("'{code}' is not a choice now ({prompt}); the choices are: {choices}").format(
            code=code, prompt=self.prompt(g, tr), choices=options
        )

    # ----- a record: its fields, compared, shown, stored and pickled by them ------------------

    def values(self) -> tuple[Any, ...]:
        """The field values, in the order of `fields_of(type(self))`."""
        return tuple([getattr(self, name) for name in fields_of(type(self))])

    def stored(self) -> dict[str, Any]:
        """The stored form: `{"kind": ..., "seat": ..., field: value, ...}`."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in fields_of(type(self)):
            out[name] = getattr(self, name)
        return out

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Task) and other.values() == self.values()

    def __hash__(self) -> int:
        return hash((self.kind, self.values()))

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in fields_of(type(self))])
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.values())


_FIELDS: Final[dict[type, tuple[str, ...]]] = {}


def fields_of(cls: type) -> tuple[str, ...]:
    """The fields of a task record: the parameters of its class's `__init__`, in order."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(inspect.signature(cls).parameters)
    return names


def pay(g: Play, seat: int, cost: list[int]) -> None:
    cubes = g.state.players[seat].cubes
    for i in range(5):
        cubes[i] -= cost[i]
