"""The game state: plain, mutable data that serialises to JSON and back losslessly.

Seats are numbered 0..n-1 in the order the players were given to `new_game`; every list of
players (turn order, passing order, castle workers, house owners) holds seat numbers. `-1` means
"nobody". Road space n is index n of the road lists (index 0 is unused).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .tiles import FAVOUR_COLUMNS_OPEN, START_SPACE

if TYPE_CHECKING:  # the stack holds task records; a task acts on the game that holds this state
    from .common import Task


@dataclass(slots=True)
class Options:
    jeweller: bool = False  # 2nd printing Jeweller tile (project default: off)
    lawyer_pp: int = 4  # 4 (first printing) or 3 (later printings)
    simple_favors: bool = False  # beginner variant: every favour is 3 PP (§4.4)


@dataclass(slots=True)
class Player:
    name: str
    colour: str
    deniers: int
    cubes: list[int]  # counts of F, W, S, C, G (see tiles.CUBES)
    pp: int = 0
    workers: int = 6  # workers in hand (not on the board)
    favours: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # marker column per line
    lines_used: int = 0  # bitmask of favour lines used in the current phase (§4.3 rule 4)
    passed: bool = False
    houses_this_turn: int = 0  # castle houses placed in this phase 6

    def copy(self) -> Player:
        """An independent copy (made without the dataclass constructor: AI look-ahead copies
        the state at every choice it tries)."""
        c = Player.__new__(Player)
        c.name = self.name
        c.colour = self.colour
        c.deniers = self.deniers
        c.cubes = self.cubes[:]
        c.pp = self.pp
        c.workers = self.workers
        c.favours = self.favours[:]
        c.lines_used = self.lines_used
        c.passed = self.passed
        c.houses_this_turn = self.houses_this_turn
        return c


@dataclass(slots=True)
class State:
    seed: int
    options: Options
    players: list[Player]
    turn_order: list[int]
    road_tile: list[str | None]  # tile id on each road space (index 0 unused)
    road_owner: list[int]  # seat owning the building there (-1: neutral/fixed/empty)
    road_worker: list[int]  # seat whose worker stands there (-1: none)
    stock: dict[str, int]  # wood, stone and prestige tiles still beside the board
    round: int = 1
    phase: int = 1  # 1..7 (§2); 8 when the game is over
    passing: list[int] = field(default_factory=list)  # passing order of this turn
    gate: int = -1
    trading: int = -1
    guild: int = -1
    joust: int = -1
    stables: list[int] = field(default_factory=list)  # circles 1, 2, 3 in order
    inn_left: int = -1
    inn_right: int = -1
    castle_workers: list[int] = field(default_factory=list)  # castle track, arrival order
    castle: list[list[int]] = field(default_factory=lambda: [[], [], []])  # house owners
    section: int = 0  # section under construction: 0 Dungeon, 1 Walls, 2 Towers, 3 done
    scored: list[bool] = field(default_factory=lambda: [False, False, False])
    completed_this_turn: list[bool] = field(default_factory=lambda: [False, False, False])
    provost: int = START_SPACE
    bailiff: int = START_SPACE
    lawyer_pending: list[list[int]] = field(default_factory=list)  # [road space, seat]
    # Flow: where the game stands inside its phase, and the stack of sub-decisions.
    step: int = 0
    cursor: int = 0
    tasks: list[Task] = field(default_factory=list)  # records, never changed once pushed
    history: list[str] = field(default_factory=list)  # every choice a player made, in order

    def copy(self) -> State:
        """An independent copy, much cheaper than a JSON round trip (AI look-ahead). Options and
        task records are shared: neither is ever changed (tests/rules/test_state.py checks that
        every field is copied)."""
        c = State.__new__(State)
        c.seed = self.seed
        c.options = self.options
        c.players = [p.copy() for p in self.players]
        c.turn_order = self.turn_order[:]
        c.road_tile = self.road_tile[:]
        c.road_owner = self.road_owner[:]
        c.road_worker = self.road_worker[:]
        c.stock = dict(self.stock)
        c.round = self.round
        c.phase = self.phase
        c.passing = self.passing[:]
        c.gate = self.gate
        c.trading = self.trading
        c.guild = self.guild
        c.joust = self.joust
        c.stables = self.stables[:]
        c.inn_left = self.inn_left
        c.inn_right = self.inn_right
        c.castle_workers = self.castle_workers[:]
        c.castle = [houses[:] for houses in self.castle]
        c.section = self.section
        c.scored = self.scored[:]
        c.completed_this_turn = self.completed_this_turn[:]
        c.provost = self.provost
        c.bailiff = self.bailiff
        c.lawyer_pending = [lp[:] for lp in self.lawyer_pending]
        c.step = self.step
        c.cursor = self.cursor
        c.tasks = self.tasks[:]
        c.history = self.history[:]
        return c

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.phase == 8

    @property
    def favour_columns(self) -> int:
        """Highest favour column open: 2 at start, 4 after the Dungeon, 5 after the Walls (§4.2)."""
        return FAVOUR_COLUMNS_OPEN[2 if self.scored[1] else 1 if self.scored[0] else 0]
