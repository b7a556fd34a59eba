"""What the engine says to its callers: decisions, choices, events and the illegal-choice error."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple


class IllegalChoice(ValueError):
    """A choice that is not legal now; `reason` says why in a player's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class KindFacts(NamedTuple):
    """What every layer needs to know about one decision kind, declared beside its handler."""

    verb: str  # header line: "Alice is {verb}"
    title: str = ""  # placeholder of its select menu ("" = the generic one)
    stop_codes: tuple[str, ...] = ()  # the "do nothing / no more" codes, shown apart
    group: str = ""  # "place": road spaces and specials; "provost": provost moves


class Choice(NamedTuple):
    code: str  # the notation (docs/notation.md)
    label: str  # what a player reads, with its cost


class Decision(NamedTuple):
    player: int  # seat whose decision it is
    kind: str  # place, gate, guild, joust, inn, provost, produce, ... (docs/notation.md)
    prompt: str
    choices: list[Choice]
    seq: int  # number of choices applied before this one
    round: int = 0  # the round and phase (1-7) it is taken in
    phase: int = 0


class EventKind(StrEnum):
    """Every kind of event the engine records (a StrEnum: it equals its stored string)."""

    ACTIVATE = "activate"
    BAILIFF = "bailiff"
    BEST_BUILDER = "best_builder"
    BUILD = "build"
    BUY = "buy"
    CASTLE = "castle"
    CASTLE_PENALTY = "castle_penalty"
    FAVOUR = "favour"
    FAVOUR_LOST = "favour_lost"
    GAME_OVER = "game_over"
    GATE = "gate"
    GIVE = "give"
    INCOME = "income"
    INN_ENTER = "inn_enter"
    INN_LEAVE = "inn_leave"
    JOUST = "joust"
    LAWYER = "lawyer"
    NOT_ACTIVATED = "not_activated"
    OWNER_BONUS = "owner_bonus"
    PASS = "pass"
    PHASE_END = "phase_end"
    PLACE = "place"
    PRODUCE = "produce"
    PROVOST = "provost"
    RESIDENCE = "residence"
    SCORING = "scoring"
    SECTION_SCORED = "section_scored"
    SELL = "sell"
    STABLES = "stables"
    TRADE = "trade"
    TRADING = "trading"


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
