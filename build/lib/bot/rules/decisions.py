"""What the engine says to its callers: decisions, choices, events and the illegal-choice error."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from operator import itemgetter
from typing import Any, NamedTuple

from .eventwords import LABEL_ARG, WORDS
from .speech import ENGLISH, Speech


class IllegalChoice(ValueError):
    """A choice that is not legal now; `reason` says why in a player's words (English, for logs
    and tests), `said(tr)` in `tr`'s language (issue 12).

    Made with the reason's text, or with a function that says it in any language (the engine
    passes one reading a copy of the game as it was refused)."""

    def __init__(self, reason: str | Callable[[Speech], str]) -> None:
        self._say = reason if callable(reason) else None
        self.reason: str = reason(ENGLISH) if callable(reason) else reason
        super().__init__(self.reason)

    def said(self, tr: Speech = ENGLISH) -> str:
        """The reason in `tr`'s language (a reason made as a text stays as it is)."""
        return self.reason if self._say is None or tr is ENGLISH else self._say(tr)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (a process pool) as its English reason
        return (IllegalChoice, (self.reason,))


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
    OBVIOUS = "obvious"  # a choice applied without asking (bot/rules/obvious.py), before its own events
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


_tuple_new = tuple.__new__


class Event(tuple):  # a record like a NamedTuple; the engine makes it with tuple.__new__ (fast)
    """Something that happened: its kind, the seat concerned (-1 for none), when, its data, and
    its words, formatted only when read (bot/rules/eventwords.py).

    `text` is the sentence with the players' names as they are; `text_with(name)` passes every
    player name through `name` first (to escape it for Discord). The engine makes events with
    `words` (an id of `eventwords.WORDS`), `args` and `names` and no text; an event can also be
    made with a fixed `text` (tests; events stored before events kept their words).
    """

    __slots__ = ()

    def __new__(
        cls, kind: str, text: str | None = None, player: int = -1, round: int = 0, phase: int = 0,
        data: dict[str, Any] | None = None, *, words: str = "", args: tuple[Any, ...] = (),
        names: tuple[str, ...] = (),
    ) -> Event:  # fmt: skip
        if text is None and words not in WORDS:
            raise ValueError(f"an event needs a text or known words, not {words!r}")
        return _tuple_new(cls, (kind, text, player, round, phase, {} if data is None else data, words, tuple(args), tuple(names)))

    kind: str = property(itemgetter(0))  # type: ignore[assignment]
    player: int = property(itemgetter(2))  # type: ignore[assignment]
    round: int = property(itemgetter(3))  # type: ignore[assignment]
    phase: int = property(itemgetter(4))  # type: ignore[assignment]
    data: dict[str, Any] = property(itemgetter(5))  # type: ignore[assignment]
    words: str = property(itemgetter(6))  # type: ignore[assignment]
    args: tuple[Any, ...] = property(itemgetter(7))  # type: ignore[assignment]
    names: tuple[str, ...] = property(itemgetter(8))  # type: ignore[assignment]

    @property
    def text(self) -> str:
        text: str | None = self[1]
        if text is None:
            return WORDS[self[6]](self[8].__getitem__, *self[7])
        return text

    def text_with(
        self, name: Callable[[str], str], tr: Speech = ENGLISH, label: Callable[[str], str] | None = None
    ) -> str:
        """The text with every player name shown as `name(raw name)`, in `tr`'s language (an
        event with a fixed text, made by a test or stored before events kept their words, is
        shown as it is). A choice's label that the event keeps in the rules' English (a choice
        applied without asking) is shown as `label(label)`: the edges say it in `tr`'s words."""
        text: str | None = self[1]
        if text is None:
            names: tuple[str, ...] = self[8]
            args: tuple[Any, ...] = self[7]
            at = LABEL_ARG.get(self[6])
            if label is not None and at is not None and at < len(args):
                args = (*args[:at], label(args[at]), *args[at + 1 :])
            return WORDS[self[6]](lambda seat: name(names[seat]), *args, tr=tr)
        return text

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, text={self.text!r}, player={self.player!r}, round={self.round!r}, phase={self.phase!r}, data={self.data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_event_from_tuple, (tuple(self),))


def _event_from_tuple(values: tuple[Any, ...]) -> Event:
    return _tuple_new(Event, values)


class ScoreLine(NamedTuple):
    """Final score of one player with its breakdown (§2.8)."""

    player: int
    name: str
    pp_play: int  # prestige earned during the game
    gold_pp: int  # 3 per gold cube
    cubes_pp: int  # 1 per 3 plain cubes
    deniers_pp: int  # 1 per 4 deniers
    total: int
