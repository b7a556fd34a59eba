"""The rules core of Caylus: pure, deterministic, no I/O (see docs/notation.md)."""

from .decisions import Choice, Decision, Event, IllegalChoice, ScoreLine
from .engine import PHASE_NAMES, Game, final_scores, new_game, winners
from .state import Options, Player, State

__all__ = [
    "Choice",
    "Decision",
    "Event",
    "final_scores",
    "Game",
    "IllegalChoice",
    "Options",
    "PHASE_NAMES",
    "Player",
    "ScoreLine",
    "State",
    "new_game",
    "winners",
]
