"""Typed refusals: every input the manager will not take raises one, with `.message` for a person.

The Discord layer catches `Refusal` and shows `.message` ephemerally; the subclasses let it add
a button or a ping where that helps (`NotYourTurn.whose` says whose decision it is).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Pending


class Refusal(Exception):
    """An input the manager refused; `message` says why, in words for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def text(self, words: Callable[[str], str] = str) -> str:
        """The message, with `words` applied to what players typed (their names) so the Discord
        layer can escape it; refusals that name no player have nothing to apply it to."""
        return self.message


class NoTable(Refusal):
    def __init__(self, message: str = "There is no Caylus table in this channel. Create one first.") -> None:
        super().__init__(message)


class TableExists(Refusal):
    def __init__(self, message: str = "This channel already has a Caylus table; finish or abandon it first.") -> None:
        super().__init__(message)


class NotStarted(Refusal):
    def __init__(self, message: str = "The game at this table has not started yet.") -> None:
        super().__init__(message)


class AlreadyStarted(Refusal):
    def __init__(self, message: str = "The game at this table has already started.") -> None:
        super().__init__(message)


class GameOver(Refusal):
    def __init__(self, message: str = "The game at this table is over.") -> None:
        super().__init__(message)


class NotAPlayer(Refusal):
    def __init__(self, message: str = "You are not a player at this table.") -> None:
        super().__init__(message)


class NotYourTurn(Refusal):
    """Someone else's decision is pending; `whose` says whose (seat, name, Discord id)."""

    def __init__(self, whose: Pending) -> None:
        self.whose = whose
        super().__init__(self.text())

    def text(self, words: Callable[[str], str] = str) -> str:
        whose = self.whose
        name = words(whose.name)
        if whose.ai_takeover:
            who = f"{name} (played by the AI)"
        else:
            who = f"{name} (an AI seat)" if whose.is_ai else name
        return f"It is not your turn: {who} must decide now ({words(whose.decision.prompt)})."


class StaleDecision(Refusal):
    """The input answers a decision that is no longer pending (already answered, or never was).
    `done`: the person's own choice for that decision was applied (a second click of theirs)."""

    def __init__(self, given_seq: int, current_seq: int | None, *, done: bool = False) -> None:
        super().__init__(
            "Already done: you answered that prompt; nothing more was changed."
            if done
            else "That prompt is no longer current: the game has moved on. Use the latest prompt."
        )
        self.given_seq = given_seq
        self.current_seq = current_seq
        self.done = done


class Illegal(Refusal):
    """The rules core refused the choice; `reason` is its explanation."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(self.text())

    def text(self, words: Callable[[str], str] = str) -> str:
        return f"You cannot do that: {words(self.reason)}"  # the rules' reason may name players


class TableFull(Refusal):
    def __init__(self, seats: int) -> None:
        super().__init__(f"This table is full ({seats} seats).")
        self.seats = seats


class AlreadySeated(Refusal):
    def __init__(self, message: str = "You already have a seat at this table.") -> None:
        super().__init__(message)


class NotEnoughPlayers(Refusal):
    def __init__(self, seated: int) -> None:
        super().__init__(f"Caylus needs at least 2 players; {seated} seated so far.")
        self.seated = seated


class NotAllowed(Refusal):
    """The actor may not do this (for instance: only the creator or a moderator may)."""


class BadRequest(Refusal):
    """Input that makes no sense whatever the game state (bad seat count, bad option)."""


class Unavailable(Refusal):
    """The table could not be loaded or saved; nothing was changed."""


class TakenOver(Refusal):
    """The player's seat is played by the AI (missed deadlines) until they take it back."""

    def __init__(
        self,
        message: str = "The AI plays your seat since you missed deadlines. Take your seat back first.",
    ) -> None:
        super().__init__(message)


class NotTakenOver(Refusal):
    """A take-back by a player whose seat the AI does not play."""

    def __init__(self, message: str = "Your seat is yours already: the AI does not play it.") -> None:
        super().__init__(message)


class CannotUndo(Refusal):
    """An undo that is not allowed now; the subclasses say why."""


class NothingToUndo(CannotUndo):
    def __init__(self, message: str = "There is nothing to undo: you have made no choice in this game yet.") -> None:
        super().__init__(message)


class ActedSince(CannotUndo):
    """Someone else chose after the player's last choice; `name` is who (a person or an AI seat)."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(self.text())

    def text(self, words: Callable[[str], str] = str) -> str:
        return (
            f"{words(self.name)} has acted since your last choice, so it can no longer be undone. "
            "You can only undo your own last choice, before anyone else acts."
        )


class NotYourChoice(CannotUndo):
    """The last choice at the player's seat was made by the game (deadline) or the AI."""

    def __init__(
        self,
        message: str = (
            "The game made your last choice for you when the deadline passed; you can only "
            "undo your own last choice."
        ),
    ) -> None:
        super().__init__(message)


class PhaseOver(CannotUndo):
    """The choice ended a phase: the phase is settled and its report is out."""

    def __init__(
        self,
        message: str = (
            "That choice ended a phase, and the phase report is out: it can no longer be undone."
        ),
    ) -> None:
        super().__init__(message)


class MovedOnSince(CannotUndo):
    """An Undo button made for a decision that is no longer pending."""

    def __init__(
        self, message: str = "The game has moved on since that choice, so it can no longer be undone."
    ) -> None:
        super().__init__(message)
