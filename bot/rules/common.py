"""Shared pieces of the decision tasks: the `Task` base class and small helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from . import words
from .decisions import KindFacts
from .speech import ENGLISH, Speech
from .tiles import (
    CUBES,
    ROAD_LEN,
    TILES,
)
from .words import N_, cube_count, cube_list, place_name, plural  # noqa: F401  (shared by the handlers)

if TYPE_CHECKING:
    from .engine import Game


def gain(g: Game, seat: int, spec: str) -> None:
    cubes = g.state.players[seat].cubes
    for ch in spec:
        cubes[CUBES.index(ch)] += 1


def lose_pp(g: Game, seat: int, amount: int) -> int:
    """Prestige never goes below 0 (rules header); returns what was really lost."""
    p = g.state.players[seat]
    lost = min(p.pp, amount)
    p.pp -= lost
    return lost


# "you have no gold", one text per cube (each language words its own)
NO_CUBE = {
    "F": N_("you have no food"),
    "W": N_("you have no wood"),
    "S": N_("you have no stone"),
    "C": N_("you have no cloth"),
    "G": N_("you have no gold"),
}


def missing_cube(g: Game, seat: int, code: str, tr: Speech = ENGLISH) -> str:
    """"you have no gold" when `code` names one cube the player lacks; "" otherwise."""
    if len(code) == 1 and code in CUBES and not g.state.players[seat].cubes[CUBES.index(code)]:
        return tr.gettext(NO_CUBE[code])
    return ""


def building_name(g: Game, space: int, tr: Speech = ENGLISH) -> str:
    return tr.gettext("{building} (road {space})").format(
        building=words.building_name(tr, TILES[g.state.road_tile[space]].name),  # type: ignore[index]
        space=space,
    )


def road_spaces(tr: Speech = ENGLISH) -> str:
    """Why a road space out of 1-28 is none."""
    return tr.gettext("the road has spaces 1 to {last}").format(last=ROAD_LEN)


def free_road_space(g: Game) -> int:
    """Lowest free road space for a new building, 0 when the road is full (§6 #15)."""
    tiles = g.state.road_tile
    for space in range(1, ROAD_LEN + 1):
        if tiles[space] is None:
            return space
    return 0


class Task:
    """A decision task: a small record with named fields, and its handler.

    Each kind is a slotted dataclass subclass whose first field is `kind` (fixed, not an
    argument of the constructor) and whose next is `seat` (-1 for the engine's own steps); its
    `facts` are declared beside it. The engine pops a task before `apply`; a task that goes on
    (a Peddler with a cube still allowed, a castle worker who delivered a batch) pushes its
    successor. A task is never changed once pushed, so copies of a state share them. Stored as
    `{"kind": ..., field: value, ...}` (tasks.task_from_json reads that and the old list form).
    """

    __slots__ = ()
    kind: str
    seat: int
    facts: ClassVar[KindFacts] = KindFacts(verb="to decide")

    def choices(self, g: Game) -> list[str]:
        """The legal codes; none: an automatic step, applied with the code ""."""
        return []

    def apply(self, g: Game, code: str) -> None:
        raise NotImplementedError

    def shown(self, g: Game, codes: list[str]) -> list[str]:
        """The choices offered to the player, out of the legal `codes`. A kind that offers whole
        combinations (the Alchemist's cubes, a Peddler purchase, castle batches) keeps its old
        step-by-step codes legal but unshown, so games stored before still replay."""
        return codes

    def prompt(self, g: Game, tr: Speech = ENGLISH) -> str:
        return ""

    def label(self, g: Game, code: str) -> str:
        return {"skip": "Do nothing", "done": "Done", "0": "Do not move it"}.get(code, code)

    def explain(self, g: Game, code: str, tr: Speech = ENGLISH) -> str:
        """Why `code` is not a legal choice now, in `tr`'s language (the engine calls it on a
        refused choice: `IllegalChoice`)."""
        options = ", ".join(g.choice_codes())
        return tr.gettext("'{code}' is not a choice now ({prompt}); the choices are: {choices}").format(
            code=code, prompt=self.prompt(g, tr), choices=options
        )


def pay(g: Game, seat: int, cost: list[int]) -> None:
    cubes = g.state.players[seat].cubes
    for i in range(5):
        cubes[i] -= cost[i]
