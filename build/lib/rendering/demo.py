"""Seeded random games of the rules core, for the command line, the benchmark and the tests."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.rules import Decision, Event, EventKind, Game, Options, new_game

DEFAULT_NAMES = ["Aurélie", "Борис", "Chloë", "Dmitri", "Éloïse"]


@dataclass
class Snapshot:
    """A game paused after some decisions, with the events of its last completed phase."""

    game: Game
    events: list[Event] = field(default_factory=list)

    @property
    def pending(self) -> Decision | None:
        return self.game.decision


def play(
    players: int,
    seed: int,
    *,
    decisions: int | None = None,
    phases: int | None = None,
    names: list[str] | None = None,
    options: Options | None = None,
) -> Snapshot:
    """Play uniformly random legal choices (seeded) until `decisions` choices were made or
    `phases` phases have ended (or the game is over), as the bot would post after a phase."""
    chosen = (names or DEFAULT_NAMES)[:players]
    while len(chosen) < players:
        chosen.append(f"Player {len(chosen) + 1}")
    game = new_game(chosen, seed=seed, options=options)
    rng = random.Random(seed)
    current: list[Event] = []
    completed: list[Event] = []
    ended = 0

    def absorb(events: list[Event]) -> None:
        nonlocal current, completed, ended
        for e in events:
            current.append(e)
            if e.kind == EventKind.PHASE_END:
                ended += 1
                completed, current = current, []
            elif e.kind == EventKind.GAME_OVER:
                completed = completed + current
                current = []

    absorb(game.opening_events)
    made = 0
    while game.decision is not None:
        if decisions is not None and made >= decisions:
            break
        if phases is not None and ended >= phases:
            break
        absorb(game.apply(rng.choice(game.decision.choices).code))
        made += 1
    # Mid-phase (a decision count stop): show the phase under way; else the last completed one.
    events = current if decisions is not None and current else completed
    return Snapshot(game, events)


def long_game(players: int, seed: int, *, names: list[str] | None = None) -> Game:
    """A whole game of the greatest length, 18 rounds (§2 phase 7: the bailiff moves 1 space a
    round while the provost is not beyond it, from road 6 to the Towers' mark, 24): random
    choices, but the provost always as far back as it can go (benchmarks, tests)."""
    chosen = (names or DEFAULT_NAMES)[:players]
    game = new_game(chosen, seed)
    rng = random.Random(seed)
    while game.decision is not None:
        d = game.decision
        codes = [c.code for c in d.choices]
        game.apply(min(codes, key=int) if d.kind in ("provost", "guild") else rng.choice(codes))
    return game
