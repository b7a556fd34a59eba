"""The game flow: seven phases as explicit steps plus a stack of decision tasks.

Every decision is a *task* on top of `state.tasks`: a small typed record with its handler
(`common.Task`; the kinds are registered in `tasks.py`, one module per part of the game).
`Game._run` runs automatic steps until the top task needs a player's choice with two or more
legal options (a task with exactly one legal choice is applied at once, §design "forced moves").
The engine pops a task before applying it; a handler pushes what follows. This module drives the
phases, and can stop at a phase boundary (`stop_at`, for tests and tools).
"""

from __future__ import annotations

import random
from typing import Final

from . import tasks as T
from .common import Play, Task
from .decisions import Choice, Decision, Event, EventKind, IllegalChoice, ScoreLine
from .schema import state_from_json, state_to_json
from .speech import ENGLISH, Speech
from .state import Options, Player, State
from .tiles import (
    BAILIFF_STEPS,
    BASE_INCOME,
    COLOURS,
    CUBES_PER_PP,
    DENIERS_PER_PP,
    FIXED_SPACES,
    GOLD_PP,
    MARKS,
    NEUTRALS,
    ROAD_LEN,
    SCORING,
    STARTING_DENIERS,
    STARTING_DENIERS_2P,
    TILES,
    TRADING_POST_DENIERS,
    G,
    initial_stock,
)
from .words import phase_name

PHASE_NUMBERS: Final = range(1, 8)


def new_game(
    player_names: list[str], seed: int, options: Options | None = None, *, quiet: bool = False
) -> Game:
    """Set up a game (§1.2): the seed draws the neutral tile order and the first turn order.
    A `quiet` game records no events (simulation and search): `apply` returns []."""
    n = len(player_names)
    if not 2 <= n <= 5:
        raise ValueError("Caylus is played by 2 to 5 players")
    opts = options or Options()
    if opts.lawyer_pp not in (3, 4):
        raise ValueError("lawyer_pp is 4 (first printing) or 3 (later printings)")
    rng = random.Random(seed)
    neutrals = list(NEUTRALS)
    rng.shuffle(neutrals)
    order = list(range(n))
    rng.shuffle(order)
    money = STARTING_DENIERS_2P if n == 2 else STARTING_DENIERS
    players = [Player(name, COLOURS[i], 0, [2, 1, 0, 0, 0]) for i, name in enumerate(player_names)]
    for position, seat in enumerate(order):
        players[seat].deniers = money[position]
    road_tile: list[str | None] = [None] * (ROAD_LEN + 1)
    road_tile[1:7] = neutrals
    for space, tid in FIXED_SPACES.items():
        road_tile[space] = tid
    state = State(
        seed=seed,
        options=opts,
        players=players,
        turn_order=order,
        road_tile=road_tile,
        road_owner=[-1] * (ROAD_LEN + 1),
        road_worker=[-1] * (ROAD_LEN + 1),
        stock=initial_stock(opts.jeweller),
    )
    game = Game(state, quiet=quiet)
    game.opening_events = game._run()
    return game


def use_now(g: Game, seat: int, space: int) -> Game | None:
    """A quiet copy of `g` in which `seat` is asked what the building on road `space` would ask
    them first if it were used for them now (§3): its `decision` (kind, choices) and `apply` work
    as in a game; None when it would ask them nothing (no building a worker may use, a production
    without a choice, one choice only). A round plan answers it ahead; the answer counts only
    where it is legal when the building is used."""
    tid = g.state.road_tile[space]
    if tid is None or TILES[tid].kind in ("residence", "prestige"):
        return None
    trial = g.clone(quiet=True)
    tasks = T.activate(trial, seat, space)
    if not tasks or tasks[0].seat != seat:
        return None
    task = tasks[0]
    if len(task.shown(trial, task.choices(trial))) < 2:
        return None
    trial.push(task)
    trial._run()
    return trial


def final_scores(state: State) -> list[ScoreLine]:
    """Prestige plus 3 per gold, 1 per 3 plain cubes, 1 per 4 deniers (§2.8), in seat order."""
    lines = []
    for seat, p in enumerate(state.players):
        c = p.cubes
        gold, cubes = GOLD_PP * c[G], (c[0] + c[1] + c[2] + c[3]) // CUBES_PER_PP
        deniers = p.deniers // DENIERS_PER_PP
        lines.append(ScoreLine(seat, p.name, p.pp, gold, cubes, deniers, p.pp + gold + cubes + deniers))
    return lines


def winners(scores: list[ScoreLine]) -> list[int]:
    """All players tied for the highest total win; there is no tie-breaker (§2.8)."""
    best = max(s.total for s in scores)
    return [s.player for s in scores if s.total == best]


class Game(Play):
    """A game in progress: its `state`, the pending `decision`, and `apply` to answer it.

    With `stop_at` set to a phase (1-7) the engine stops when that phase is about to begin,
    before it does anything: `stopped` is then True and there is no decision until `run_to`
    lets it go on. Nothing of this is stored in the state.
    """

    def __init__(self, state: State, stop_at: int | None = None, *, quiet: bool = False) -> None:
        if stop_at is not None and stop_at not in PHASE_NUMBERS:
            raise ValueError("stop_at is a phase, 1 to 7")
        super().__init__(state, quiet=quiet)
        self.opening_events: list[Event] = []
        self.stop_at = stop_at
        self._decision: Decision | None = None

    # ----- the public face -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.phase == 8

    @property
    def stopped(self) -> bool:
        """True when the engine stands at the phase boundary `stop_at` asked for."""
        return self.task is None and self.state.phase != 8

    @property
    def decision(self) -> Decision | None:
        """The pending decision with labelled choices, or None once the game is over (or
        stopped at a phase boundary)."""
        t = self.task
        if t is None:
            return None
        if self._decision is None:
            s = self.state
            choices = [Choice(code, t.label(self, code)) for code in t.shown(self, self.codes)]
            self._decision = Decision(
                t.seat, t.kind, t.prompt(self), choices, len(s.history), s.round, s.phase
            )
        return self._decision

    def prompt(self, tr: Speech = ENGLISH, decision: Decision | None = None) -> str:
        """The prompt of `decision` (default: the pending one) in `tr`'s language; a decision
        that is no longer pending keeps its own English prompt ("" when nothing is pending).
        `Decision.prompt` stays English (stored fixtures and logs read it)."""
        now = self.decision
        task = self.task
        if now is None or task is None:
            return "" if decision is None else decision.prompt
        if decision is not None and (decision.player, decision.kind, decision.prompt) != (now.player, now.kind, now.prompt):
            return decision.prompt
        return task.prompt(self, tr)

    @property
    def to_move(self) -> int:
        """Seat whose decision is pending, -1 when the game is over."""
        task = self.task
        return -1 if task is None else task.seat

    def apply(self, code: str) -> list[Event]:
        """Apply one choice by its notation; return the events it caused (§design)."""
        task = self.task
        if task is None:
            if self.state.phase == 8:
                raise IllegalChoice(lambda tr: tr.gettext("the game is over"))
            phase = self.state.phase
            raise IllegalChoice(
                lambda tr: tr.gettext("the game is stopped before phase {phase} ({name})").format(
                    phase=phase, name=phase_name(tr, phase)
                )
            )
        if code not in self.codes:
            refused = self.clone(quiet=True)  # the reason is said later from the game as it was
            raise IllegalChoice(lambda tr: task.explain(refused, code, tr))
        s = self.state
        s.history.append(code)
        s.tasks.pop()
        task.apply(self, code)
        return self._run()

    def run_to(self, phase: int | None) -> list[Event]:
        """Stop when `phase` is about to begin (None: never); run the automatic steps up to the
        next decision or that boundary, and return their events."""
        if phase is not None and phase not in PHASE_NUMBERS:
            raise ValueError("run_to takes a phase, 1 to 7, or None")
        self.stop_at = phase
        return self._run()

    def final_scores(self) -> list[ScoreLine]:
        """Prestige with the end-of-game bonus (§2.8), in seat order."""
        return final_scores(self.state)

    def winners(self) -> list[int]:
        """All players tied for the highest final score win (§2.8)."""
        return winners(final_scores(self.state))

    def to_json(self) -> str:
        return state_to_json(self.state)

    @classmethod
    def from_json(cls, text: str) -> Game:
        return cls.resume(state_from_json(text))

    @classmethod
    def resume(cls, state: State, *, stop_at: int | None = None, quiet: bool = False) -> Game:
        """A game from a state (a snapshot, or a position built by a test): runs the automatic
        steps up to the next decision; their events are in `opening_events`. With `stop_at`,
        it stops when that phase is about to begin (at once, after the pending tasks, when the
        position stands at that phase's start)."""
        game = cls(state, stop_at, quiet=quiet)
        game.opening_events = game._run()
        return game

    @classmethod
    def replay(
        cls, names: list[str], seed: int, options: Options | None, history: list[str], *, quiet: bool = False
    ) -> Game:
        game = new_game(names, seed, options, quiet=quiet)
        for code in history:
            game.apply(code)
        return game

    def clone(self, *, quiet: bool | None = None) -> Game:
        """An independent copy at the same decision (for AI look-ahead); `quiet` (default: as
        this game) records no events. The decision is not worked out again: the pending task, its
        codes and decision are shared (none of them is ever changed)."""
        game = Game(self.state.copy(), self.stop_at, quiet=self.quiet if quiet is None else quiet)
        game.road = self.road
        game.task = self.task
        game.codes = self.codes
        game.fresh = self.fresh
        game._decision = self._decision
        return game

    # ----- the flow ------------------------------------------------------------------------------

    def _run(self) -> list[Event]:
        """Run automatic steps until a player must choose; return the events since last call."""
        s = self.state
        self._decision = None
        tasks = s.tasks  # the same list throughout: handlers push onto it and never replace it
        while True:
            if tasks:
                task = tasks[-1]
                codes = task.choices(self)
                if len(codes) > 1:
                    self.task, self.codes = task, codes
                    break
                tasks.pop()
                task.apply(self, codes[0] if codes else "")
                continue
            if s.phase == 8 or (self.fresh and s.phase == self.stop_at):
                self.task, self.codes = None, []
                break
            self.fresh = False
            PHASES[s.phase](self)
        if self.quiet:
            return []
        events, self.events = self.events, []
        return events


# ----- the seven phases (§2) ----------------------------------------------------------------------


def _income(g: Game) -> None:
    """Phase 1: 2 d + 1 per residence, +1 Library, +2 Hotel (§2 phase 1)."""
    s = g.state
    gains = [BASE_INCOME] * s.n
    for space in range(1, ROAD_LEN + 1):
        owner = s.road_owner[space]
        if owner >= 0:
            gains[owner] += TILES[s.road_tile[space]].income  # type: ignore[index]
    for seat in s.turn_order:
        s.players[seat].deniers += gains[seat]
        if not g.quiet:
            g.event(EventKind.INCOME, seat, "income", (seat, gains[seat]), deniers=gains[seat])
    g.end_phase()


def _placing(g: Game) -> None:
    """Phase 2: in turn order, cycling, skipping passed players (§2 phase 2)."""
    T.next_placement(g)


def _specials(g: Game) -> None:
    """Phase 3: Gate, Trading post, Guild, Joust field, Stables, Inn in that order."""
    s = g.state
    step = s.step
    s.step += 1
    if step == 0 and s.gate >= 0:
        g.push(T.Gate(s.gate))
    elif step == 1 and s.trading >= 0:
        seat = s.trading
        s.trading = -1
        s.players[seat].deniers += TRADING_POST_DENIERS
        s.players[seat].workers += 1
        g.event(EventKind.TRADING, seat, "trading", (seat,))
    elif step == 2 and s.guild >= 0:
        g.push(T.Guild(s.guild))
    elif step == 3 and s.joust >= 0:
        g.push(T.Joust(s.joust))
    elif step == 4 and s.stables:
        _stables(g)
    elif step == 5:
        _inn(g)
    elif step >= 6:
        for p in s.players:
            p.passed = False
        g.end_phase()


def _stables(g: Game) -> None:
    """Stables: circle 1, 2, 3 take the lead; the others keep their order behind (§2 phase 3)."""
    s = g.state
    first = list(s.stables)
    s.turn_order = first + [seat for seat in s.turn_order if seat not in first]
    for seat in first:
        s.players[seat].workers += 1
    s.stables = []
    g.event(EventKind.STABLES, first[0], "stables", tuple(s.turn_order))


def _inn(g: Game) -> None:
    s = g.state
    if s.inn_left >= 0:
        if s.inn_right >= 0:
            s.players[s.inn_right].workers += 1
            g.event(EventKind.INN_LEAVE, s.inn_right, "inn_leave", (s.inn_right,))
        s.inn_right, s.inn_left = s.inn_left, -1
        g.event(EventKind.INN_ENTER, s.inn_right, "inn_enter", (s.inn_right,))
    elif s.inn_right >= 0:
        g.push(T.Inn(s.inn_right))


def _provost(g: Game) -> None:
    """Phase 4: each player once, in passing order (§2 phase 4)."""
    T.next_provost(g)


def _activation(g: Game) -> None:
    """Phase 5: road spaces 1 up to and including the provost (§2 phase 5)."""
    s = g.state
    workers = s.road_worker
    space = s.cursor or 1  # the next space to look at
    while space <= ROAD_LEN:
        seat = workers[space]
        if seat < 0:
            space += 1
            continue
        s.cursor = space + 1
        workers[space] = -1
        s.players[seat].workers += 1
        pending = [lp for lp in s.lawyer_pending if lp[0] == space] if s.lawyer_pending else []
        if space > s.provost:
            if not g.quiet:
                g.event(EventKind.NOT_ACTIVATED, seat, "not_activated", (seat, space, s.road_tile[space] or ""), space=space)
            for lp in pending:
                T.finish_lawyer(g, lp)
            space += 1
            continue
        # The Lawyer's delayed transformation happens after the target's activation (§3.3).
        follow = T.activate(g, seat, space)
        if pending:
            follow += [T.LawyerDone(lp[1], lp[0]) for lp in pending]
        if follow:
            g.push(*follow)
        return
    s.cursor = space
    g.end_phase()


def _castle(g: Game) -> None:
    """Phase 6: castle workers in track order, one batch at a time, then best builder (§2 phase 6)."""
    s = g.state
    if s.step == 0:
        s.step = 1
        for p in s.players:
            p.houses_this_turn = 0
        g.push(*(T.Castle(seat, 0) for seat in s.castle_workers), T.BestBuilder(-1))
    else:
        for seat in s.castle_workers:
            s.players[seat].workers += 1
        s.castle_workers = []
        g.end_phase()


def _end_of_turn(g: Game) -> None:
    """Phase 7: bailiff, provost, scoring of every qualifying section, end of game (§2 phase 7)."""
    s = g.state
    if s.step == 0:
        s.step = 1
        move = BAILIFF_STEPS[s.provost > s.bailiff]
        s.bailiff = min(ROAD_LEN, s.bailiff + move)
        s.provost = s.bailiff
        if not g.quiet:
            g.event(EventKind.BAILIFF, -1, "bailiff", (move, s.bailiff), space=s.bailiff)
        return
    if s.step == 1:
        sec = s.section
        if sec < 3 and (s.bailiff >= MARKS[sec] or s.completed_this_turn[sec]):
            _score_section(g, sec)
            return
        s.step = 2
        return
    s.completed_this_turn = [False, False, False]
    if s.scored[2]:
        g.end_phase()  # phase 7 -> 8: the game is over
        g.event(EventKind.GAME_OVER, -1, "game_over", ())
        return
    if s.n == 2:
        s.turn_order.reverse()  # two players alternate the lead (§5)
    s.passing = []
    g.end_phase()
    s.phase = 1
    s.round += 1


def _score_section(g: Game, sec: int) -> None:
    """Score one castle section in turn order (§1.4); favours before the columns unlock (§4.3.5)."""
    s = g.state
    houses = [0] * s.n
    for owner in s.castle[sec]:
        houses[owner] += 1
    favours: list[Task] = []
    for seat in s.turn_order:
        pp, fav = SCORING[sec](houses[seat])
        p = s.players[seat]
        if pp:
            lost = min(p.pp, -pp)
            p.pp -= lost
            g.event(EventKind.SCORING, seat, "scoring_loss", (seat, sec, lost), pp=-lost, section=sec)
        elif fav:
            g.event(EventKind.SCORING, seat, "scoring_favours", (seat, sec, houses[seat], fav), favours=fav, section=sec)
        favours.extend(T.Favour(seat) for _ in range(fav))
    g.push(*favours, T.CloseSection(-1, sec))


PHASES: Final = {1: _income, 2: _placing, 3: _specials, 4: _provost, 5: _activation, 6: _castle, 7: _end_of_turn}
