"""Typed refusals: every input the manager will not take raises one, with `.message` for a person.

The Discord layer catches `Refusal` and shows `.text(words, tr)` ephemerally, in the reader's
language (`tr`, bot/i18n; `.message` is the English); the subclasses let it add a button or a
ping where that helps (`NotYourTurn.whose` says whose decision it is).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from bot.i18n import N_, Lazy, Translation, translator

if TYPE_CHECKING:
    from bot.rules import Decision, Game

ENGLISH = translator("en")


class Refusal(Exception):
    """An input the manager refused; `message` says why, in English words for the player.

    `message` is a catalogue text (`N_("...")`, or its msgid; its `{fields}` filled from
    `params`) or a text made elsewhere in the reader's words; `text(tr=...)` translates the
    first kind and leaves the second as it is. A literal sentence here would reach players in
    English: `python -m bot i18n` counts those (`untranslated_literals`)."""

    def __init__(self, message: str | Lazy, **params: Any) -> None:
        message = message.msgid if isinstance(message, Lazy) else message
        self.template = message
        self.params = params
        self.message = message.format(**params) if params else message
        super().__init__(self.message)

    def text(self, words: Callable[[str], str] = str, tr: Translation = ENGLISH) -> str:
        """The message in `tr`'s words, with `words` applied to what players typed (their names)
        so the Discord layer can escape it; refusals that name no player have nothing to apply
        it to."""
        said = tr.gettext(self.template)
        return said.format(**self.params) if self.params else said


NO_TABLE = N_("There is no Caylus table in this channel. Create one first.")
TABLE_EXISTS = N_("This channel already has a Caylus table; finish or abandon it first.")
NOT_STARTED = N_("The game at this table has not started yet.")
ALREADY_STARTED = N_("The game at this table has already started.")
GAME_OVER = N_("The game at this table is over.")
NOT_A_PLAYER = N_("You are not a player at this table.")
ALREADY_DONE = N_("Already done: you answered that prompt; nothing more was changed.")
NOT_CURRENT = N_("That prompt is no longer current: the game has moved on. Use the latest prompt.")
TABLE_FULL = N_("This table is full ({seats} seats).")
ALREADY_SEATED = N_("You already have a seat at this table.")
NOT_ENOUGH = N_("Caylus needs at least 2 players; {seated} seated so far.")
TAKEN_OVER = N_("The AI plays your seat since you missed deadlines. Take your seat back first.")
NOT_TAKEN_OVER = N_("Your seat is yours already: the AI does not play it.")
NOTHING_TO_UNDO = N_("There is nothing to undo: you have made no choice in this game yet.")
NOT_YOUR_CHOICE = N_(
    "The game made your last choice for you when the deadline passed; you can only undo your own last choice."
)
PHASE_OVER = N_("That choice ended a phase, and the phase report is out: it can no longer be undone.")
MOVED_ON = N_("The game has moved on since that choice, so it can no longer be undone.")
STORE_UNREADABLE = N_("The store could not be read just now. Try again in a moment.")
RESIGNED = N_("You resigned from this game: the AI plays your seat to the end.")
PLAYS_HERE = N_("You play at this table: you hear about it already.")
MANAGE_SERVER = N_("Only members who may manage this server can change its defaults.")
NOT_IN_GAME = N_("Only the players of that game can join its rematch.")
CHALLENGE_PLAYED = N_("You have played this week's challenge ({week}) already; a new one starts on Monday.")
# The store failed (bot.games.outage): nothing changed, and the player may simply try again.
STORE_DOWN = N_("The game's database is not answering right now, so nothing was changed. Try again in a moment.")
STORE_UNSURE = N_(
    "The game's database stopped answering while this was being saved. Try again in a moment: "
    "if it was saved after all, the table will show it."
)
MOVE_NOT_SAVED = N_("The move could not be saved, so it was not played. Try again in a moment.")
TABLE_NOT_SAVED = N_("The table could not be saved, so nothing changed. Try again in a moment.")
START_NOT_SAVED = N_("The game could not be saved, so it did not start. Try again in a moment.")
UNDO_NOT_SAVED = N_("The undo could not be saved, so nothing changed. Try again in a moment.")
ORDERS_NOT_SAVED = N_("Your orders could not be saved, so nothing changed. Try again in a moment.")
SEAT_NOT_SAVED = N_("Your seat could not be saved, so the AI still plays it. Try again in a moment.")
NOT_REBUILT = N_("The game could not be rebuilt, so nothing was undone.")


class NoTable(Refusal):
    def __init__(self, message: str | Lazy = NO_TABLE) -> None:
        super().__init__(message)


class TableExists(Refusal):
    """`adopted`: the table there was in the store only (a creation whose answer was lost) and
    is the channel's in memory from now on: its card is worth posting."""

    def __init__(self, message: str | Lazy = TABLE_EXISTS, *, adopted: bool = False) -> None:
        super().__init__(message)
        self.adopted = adopted


class NotStarted(Refusal):
    def __init__(self, message: str | Lazy = NOT_STARTED) -> None:
        super().__init__(message)


class AlreadyStarted(Refusal):
    def __init__(self, message: str | Lazy = ALREADY_STARTED) -> None:
        super().__init__(message)


class GameOver(Refusal):
    def __init__(self, message: str | Lazy = GAME_OVER) -> None:
        super().__init__(message)


class NotAPlayer(Refusal):
    def __init__(self, message: str | Lazy = NOT_A_PLAYER) -> None:
        super().__init__(message)


class Whose(Protocol):
    """The pending decision a refusal names (a `bot.games.Pending`, as this module reads it: the
    refusals, which every module of the games layer imports, import none of them)."""

    @property
    def seat(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def user_id(self) -> int | None: ...
    @property
    def is_ai(self) -> bool: ...
    @property
    def ai_takeover(self) -> bool: ...
    @property
    def decision(self) -> Decision: ...


class NotYourTurn(Refusal):
    """Someone else's decision is pending; `whose` says whose (seat, name, Discord id)."""

    def __init__(self, whose: Whose, game: Game | None = None) -> None:
        self.whose = whose
        self.game = game  # to say the decision's prompt in the reader's language
        super().__init__(self.text())

    def text(self, words: Callable[[str], str] = str, tr: Translation = ENGLISH) -> str:
        whose = self.whose
        asked = whose.decision.prompt if self.game is None else self.game.prompt(tr, whose.decision)
        name, prompt = words(whose.name), words(asked)
        if whose.ai_takeover:
            said = tr.gettext("It is not your turn: {name} (played by the AI) must decide now ({prompt}).")
        elif whose.is_ai:
            said = tr.gettext("It is not your turn: {name} (an AI seat) must decide now ({prompt}).")
        else:
            said = tr.gettext("It is not your turn: {name} must decide now ({prompt}).")
        return said.format(name=name, prompt=prompt)


class StaleDecision(Refusal):
    """The input answers a decision that is no longer pending (already answered, or never was).
    `done`: the person's own choice for that decision was applied (a second click of theirs)."""

    def __init__(self, given_seq: int, current_seq: int | None, *, done: bool = False) -> None:
        super().__init__(ALREADY_DONE.msgid if done else NOT_CURRENT.msgid)
        self.given_seq = given_seq
        self.current_seq = current_seq
        self.done = done


class Illegal(Refusal):
    """The rules core refused the choice; `reason` is its explanation (English), `said` says it
    in the reader's language (`IllegalChoice.said`; None: the reason as it is)."""

    def __init__(self, reason: str, said: Callable[[Translation], str] | None = None) -> None:
        self.reason = reason
        self.said = said
        super().__init__(self.text())

    def text(self, words: Callable[[str], str] = str, tr: Translation = ENGLISH) -> str:
        # the rules' reason may name players: `words` escapes it whole
        reason = self.reason if self.said is None or tr.lang == "en" else self.said(tr)
        return tr.gettext("You cannot do that: {reason}").format(reason=words(reason))


class TableFull(Refusal):
    def __init__(self, seats: int) -> None:
        super().__init__(TABLE_FULL.msgid, seats=seats)
        self.seats = seats


class AlreadySeated(Refusal):
    def __init__(self, message: str | Lazy = ALREADY_SEATED) -> None:
        super().__init__(message)


class NotEnoughPlayers(Refusal):
    def __init__(self, seated: int) -> None:
        super().__init__(NOT_ENOUGH.msgid, seated=seated)
        self.seated = seated


class NotAllowed(Refusal):
    """The actor may not do this (for instance: only the creator or a moderator may)."""


class BadRequest(Refusal):
    """Input that makes no sense whatever the game state (bad seat count, bad option)."""


class Unavailable(Refusal):
    """The table could not be loaded or saved; nothing was changed."""


class TakenOver(Refusal):
    """The player's seat is played by the AI (missed deadlines) until they take it back."""

    def __init__(self, message: str | Lazy = TAKEN_OVER) -> None:
        super().__init__(message)


class NotTakenOver(Refusal):
    """A take-back by a player whose seat the AI does not play."""

    def __init__(self, message: str | Lazy = NOT_TAKEN_OVER) -> None:
        super().__init__(message)


class CannotUndo(Refusal):
    """An undo that is not allowed now; the subclasses say why."""


class NothingToUndo(CannotUndo):
    def __init__(self, message: str | Lazy = NOTHING_TO_UNDO) -> None:
        super().__init__(message)


class ActedSince(CannotUndo):
    """Someone else chose after the player's last choice; `name` is who (a person or an AI seat)."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(self.text())

    def text(self, words: Callable[[str], str] = str, tr: Translation = ENGLISH) -> str:
        return tr.gettext(
            "{name} has acted since your last choice, so it can no longer be undone. "
            "You can only undo your own last choice, before anyone else acts."
        ).format(name=words(self.name))


class NotYourChoice(CannotUndo):
    """The last choice at the player's seat was made by the game (deadline) or the AI."""

    def __init__(self, message: str | Lazy = NOT_YOUR_CHOICE) -> None:
        super().__init__(message)


class PhaseOver(CannotUndo):
    """The choice ended a phase: the phase is settled and its report is out."""

    def __init__(self, message: str | Lazy = PHASE_OVER) -> None:
        super().__init__(message)


class MovedOnSince(CannotUndo):
    """An Undo button made for a decision that is no longer pending."""

    def __init__(self, message: str | Lazy = MOVED_ON) -> None:
        super().__init__(message)


class Resigned(Refusal):
    """The person gave their seat up (`resign`): no move, no take-back."""

    def __init__(self, message: str = RESIGNED.msgid) -> None:
        super().__init__(message)


class ChallengePlayed(Refusal):
    """One weekly challenge per person and week (`.week`, e.g. "2026-W49")."""

    def __init__(self, week: str) -> None:
        self.week = week
        super().__init__(CHALLENGE_PLAYED.msgid, week=week)
