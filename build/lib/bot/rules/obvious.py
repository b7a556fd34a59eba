"""Choices with one sensible answer (issue 10): what the games layer may apply without asking.

`obvious_choice(game)` names the pending decision's obvious choice, or None. It is obvious when
every other offered choice is equivalent to it or strictly dominated by it, by one of three
rules (docs/notation.md, "Obvious choices"):

- **one way**: one choice is offered while several codes are legal: the step-by-step codes of a
  whole combination (the Alchemist's cubes when the player's cubes allow one set only).
- **provost**: staying, when no move of the provost within the mover's reach, followed by any
  moves of the players after them in passing order, can change which workers phase 5 activates
  or how far the bailiff moves in phase 7 (§2 phases 4, 5, 7): a move then only costs deniers.
- **same / dominated**: every other choice leads to the same position (compared without the
  history), or to one that differs only in the decider having fewer deniers, cubes or prestige.

Never a real choice: each rule is a proof that nobody's outcome can differ but by the decider's
own loss. Tests replay random games and check every obvious choice against all the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .decisions import Event, EventKind
from .specials import movers_after
from .tiles import GUILD_STEPS, MARKS, PROVOST_STEPS, ROAD_LEN

if TYPE_CHECKING:
    from .engine import Game
    from .state import State

# Kinds whose choices are compared by their outcome (placements never lead to the same
# position, and the provost has its own rule); at most this many choices are tried.
UNCOMPARED = frozenset({"place", "gate", "provost", "guild"})
MAX_COMPARED = 25


class Obvious(NamedTuple):
    """The choice to apply without asking: its `code`, the `seat` deciding, the decision's
    `kind` and `reason` (an id of `words.OBVIOUS_WHY`: "one_way", "provost", "same",
    "dominated")."""

    code: str
    seat: int
    kind: str
    reason: str
    label: str  # the choice as the player would have read it

    def event(self, game: Game) -> Event:
        """The event that tells the log what was applied and why (before the choice's own)."""
        s = game.state
        return Event(
            EventKind.OBVIOUS, player=self.seat, round=s.round, phase=s.phase,
            data={"code": self.code, "reason": self.reason}, words="obvious",
            args=(self.seat, self.reason, self.label), names=game.names,
        )  # fmt: skip


def obvious_choice(game: Game) -> Obvious | None:
    """The pending decision's obvious choice (module docstring), or None: ask the player."""
    task = game.task
    if task is None:
        return None
    shown = task.shown(game, game.codes)
    if len(shown) == 1:
        return _found(game, shown[0], "one_way")
    kind = task.kind
    if kind == "provost":
        s = game.state
        mover = min(PROVOST_STEPS, s.players[task.seat].deniers)
        later = sum(min(PROVOST_STEPS, s.players[seat].deniers) for seat in movers_after(s))
        return _found(game, "0", "provost") if provost_idle(s, mover + later) else None
    if kind == "guild":
        # Free, and every player moves the provost in phase 4; their deniers may still grow
        # (a Joust favour), so each is taken as able to move it the whole PROVOST_STEPS spaces.
        s = game.state
        reach = GUILD_STEPS + PROVOST_STEPS * len(s.passing)
        return _found(game, "0", "provost") if provost_idle(s, reach) else None
    if kind in UNCOMPARED or len(shown) > MAX_COMPARED:
        return None
    return _compared(game, task.seat, shown)


def provost_idle(s: State, reach: int) -> bool:
    """True when every final provost position within `reach` of the provost activates the same
    workers in phase 5 (§2 phase 5: spaces up to the provost) and moves the bailiff as far in
    phase 7 (2 spaces when the provost is beyond it, else 1): no worker stands on a space in
    (lo, hi] and the bailiff is not in [lo, hi), unless it ends the game either way."""
    lo, hi = max(1, s.provost - reach), min(ROAD_LEN, s.provost + reach)
    # From road 23 either step reaches the Towers' mark: the game ends this turn (§2 phase 7)
    # and the bailiff's pace changes nothing any more.
    if lo <= s.bailiff < hi and s.bailiff + 1 < MARKS[2]:
        return False
    workers = s.road_worker
    return all(workers[space] < 0 for space in range(lo + 1, hi + 1))


def _compared(game: Game, seat: int, codes: list[str]) -> Obvious | None:
    """A choice whose outcome equals or dominates every other's (same position but for the
    decider's deniers, cubes and prestige, each at least as high). One choice dominating two
    others means those two lead to the same rest of the position: the first that differs from
    the first outcome ends the search (usually after two trials)."""
    first, _ = outcome = _outcome(game, seat, codes[0])
    outcomes = [outcome]
    for code in codes[1:]:
        outcome = _outcome(game, seat, code)
        if outcome[0] != first:
            return None
        outcomes.append(outcome)
    haves = [have for _, have in outcomes]
    for i, have in enumerate(haves):
        if all(a >= b for has in haves for a, b in zip(have, has, strict=True)):
            strict = any(has != have for has in haves)
            return _found(game, codes[i], "dominated" if strict else "same")
    return None


def _outcome(game: Game, seat: int, code: str) -> tuple[State, tuple[int, ...]]:
    """The position after `code` (automatic steps run), without its history and without the
    decider's deniers, cubes and prestige, which come apart."""
    trial = game.clone(quiet=True)
    trial.apply(code)
    s = trial.state
    p = s.players[seat]
    have = (p.deniers, *p.cubes, p.pp)
    s.history = []
    p.deniers, p.cubes, p.pp = 0, [0, 0, 0, 0, 0], 0
    return s, have


def _found(game: Game, code: str, reason: str) -> Obvious:
    task = game.task
    assert task is not None
    return Obvious(code, task.seat, task.kind, reason, task.label(game, code))
