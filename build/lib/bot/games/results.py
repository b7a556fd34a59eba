"""What an input did: the moves applied, their events and reports, the next pending decision."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from bot.rules import ENGLISH, Event, Game, Speech
from bot.store import AUTO, PLAYER, TAKEOVER

from .reports import PhaseReport
from .table import GameResult, Pending, Seat, Table


class MissedDeadline(NamedTuple):
    """An absent player's move made at the deadline: what the channel is told."""

    name: str  # the seat's player
    label: str  # the choice the game made for them
    takeover_after: int | None
    missed: int  # deadlines missed in a row, this one included
    taken_over: bool  # the AI plays the seat from now on

    def text(self, words: Callable[[str], str] = str, tr: Speech = ENGLISH) -> str:
        """The sentence; `words` makes the name and the label safe where it is posted; `tr` is
        the language (the table's)."""
        name, label = words(self.name), words(self.label)
        text = tr.gettext("{player} missed the deadline: the game played {choice} for them.")
        text = text.format(player=name, choice=label)
        if self.taken_over:
            if self.missed == 1:
                more = tr.gettext(
                    "{player} has missed the deadline, so the AI plays their seat from now on, until they take it back."
                )
            else:
                more = tr.ngettext(
                    "{player} has missed {n} deadlines in a row, so the AI plays their seat from now on, until they take it back.",
                    "{player} has missed {n} deadlines in a row, so the AI plays their seat from now on, until they take it back.",
                    self.missed,
                )
            text += " " + more.format(player=name, n=self.missed)
        elif self.takeover_after is not None and self.missed == self.takeover_after - 1:
            text += " " + tr.gettext("One more missed deadline and the AI takes over {player}'s seat.").format(player=name)
        return text


@dataclass(frozen=True, slots=True)
class AppliedMove:
    """One choice applied and committed (or, as `ActResult.undone`, taken back)."""

    history_index: int  # its position in the game's history
    seat: int
    name: str
    user_id: int | None  # None: the AI chose
    is_ai: bool  # the AI chose: an AI seat, a deadline's automatic move, a taken-over seat
    code: str
    label: str  # the choice as the player read it
    actor: str = PLAYER  # "player", "ai" (AI seat), "auto" (deadline passed), "takeover", "rule" (obvious)
    number: int = -1  # the decision number it answered (its position in the move log)
    # the game as it was when the choice was made (its decision and choices): what the choice
    # said in another language is rebuilt from it (bot.ui.orders.move_words); None: not kept
    before: Game | None = field(default=None, compare=False, repr=False)

    @property
    def automatic(self) -> bool:
        """Made by the game for an absent person (deadline) or a seat the AI took over."""
        return self.actor in (AUTO, TAKEOVER)


@dataclass(slots=True)
class ActResult:
    """What an input (or a run of AI moves, or a deadline) did.

    `number` is the table's decision number once it was handed over (see `Listener.on_result`):
    results of one table are handed over in the order of their numbers.
    """

    table: Table
    moves: list[AppliedMove] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    reports: list[PhaseReport] = field(default_factory=list)
    pending: Pending | None = None  # the next decision, None when the game is over
    result: GameResult | None = None  # set when the game ended
    undone: AppliedMove | None = None  # `undo`: the choice taken back
    undone_with: tuple[AppliedMove, ...] = ()  # ... and other seats' moves played at once after it
    takeovers: list[Seat] = field(default_factory=list)  # seats handed to the AI meanwhile
    actor_id: int | None = None  # the person whose input it answers (None: a timer, a restart)
    why: str = ""  # why the game moved by itself (a missed deadline), for the log
    missed: MissedDeadline | None = None  # the missed deadline behind it, for the channel
    opening: bool = False  # the game has just started
    resigned: Seat | None = None  # `resign`: the seat its person gave up (the AI plays it now)
    number: int = -1
    # who is invited now to plan the round (`plan`) or to declare their provost move (`provost`),
    # bot/games/invites.py: the kind and the seats
    invited: tuple[str, tuple[int, ...]] = ("", ())
    # of those seats, the ones an earlier invitation called who have not come back yet: named on
    # the turn message, not pinged again (bot.games.invites.INVITED_S)
    quiet: tuple[int, ...] = ()

    @property
    def game_over(self) -> bool:
        return self.result is not None


@dataclass(slots=True)
class Step:
    """One committed choice, as the turn that applied it saw it."""

    move: AppliedMove
    events: list[Event]
    report: PhaseReport | None
    missed: int = 0  # an automatic move: the seat's missed deadlines in a row, this one included
    taken_over: bool = False  # ... and the seat was handed to the AI by it

    def add_to(self, acc: ActResult) -> None:
        acc.moves.append(self.move)
        acc.events.extend(self.events)
        if self.report is not None:
            acc.reports.append(self.report)
        if self.taken_over:
            acc.takeovers.append(acc.table.seats[self.move.seat])
