"""What the engine says to its callers: decisions, choices, events and the illegal-choice error."""

from __future__ import annotations

from typing import Any, NamedTuple


class IllegalChoice(ValueError):
    """A choice that is not legal now; `reason` says why in a player's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Choice(NamedTuple):
    code: str  # the notation (docs/notation.md)
    label: str  # what a player reads, with its cost


class Decision(NamedTuple):
    player: int  # seat whose decision it is
    kind: str  # place, gate, guild, joust, inn, provost, produce, ... (docs/notation.md)
    prompt: str
    choices: list[Choice]
    seq: int  # number of choices applied before this one


class Event(NamedTuple):
    kind: str
    text: str
    player: int  # seat concerned, -1 for none
    round: int
    phase: int
    data: dict[str, Any]


class ScoreLine(NamedTuple):
    """Final score of one player with its breakdown (§2.8)."""

    player: int
    name: str
    pp_play: int  # prestige earned during the game
    gold_pp: int  # 3 per gold cube
    cubes_pp: int  # 1 per 3 plain cubes
    deniers_pp: int  # 1 per 4 deniers
    total: int
