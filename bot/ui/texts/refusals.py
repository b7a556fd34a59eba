"""Refusals and errors: what went wrong, in a player's words, and what to do instead."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import GameOver, NoTable, NotAPlayer, NotYourTurn, Refusal, StaleDecision

from .common import clip, plain


def refusal(r: Refusal, *, with_chooser: bool = False) -> str:
    """One answer for every refusal: the manager's reason, then what to do instead."""
    text = r.text(plain)
    if isinstance(r, StaleDecision):
        text += " Here is your current decision:" if with_chooser else ""
    elif isinstance(r, NotYourTurn):
        text += " You will be pinged when it is your turn."
    elif isinstance(r, NotAPlayer):
        text += " You can follow the game here: `/caylus board` shows the board."
    elif isinstance(r, NoTable):
        text += " Use `/caylus new`."
    elif isinstance(r, GameOver):
        text += " Start another table with `/caylus new`."
    return clip(text)


def table_gone() -> str:
    return "That table is over or was abandoned. Start a new one with `/caylus new`."


def not_here() -> str:
    return "Caylus tables live in server channels; use this command in a server."


PERMISSION_NAMES = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "attach_files": "Attach Files",
}


def missing_permissions(names: Sequence[str]) -> str:
    listed = ", ".join(f"**{n}**" for n in names)
    return (
        f"I cannot post the game in this channel: I am missing {listed} here. Ask a moderator to "
        "give the Caylus bot these permissions in this channel (or play in another channel), "
        "then try again."
    )


NO_TABLE_HERE = "There is no Caylus table in this channel"


def not_now(prompt: str) -> str:
    return clip(f"Not now: {prompt}", 100)


def internal_error() -> str:
    return "Something went wrong on my side; nothing was changed. Please try again."
