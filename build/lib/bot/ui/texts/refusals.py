"""Refusals and errors: what went wrong, in a player's words, and what to do instead. Each
function takes the reader's `tr` first (English when not given)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import GameOver, NoTable, NotAPlayer, NotYourTurn, Refusal, StaleDecision
from bot.i18n import N_, NP_, Translation, translator
from bot.i18n.commands import slash

from .pieces import clip, plain

ENGLISH = translator("en")


def refusal(tr: Translation, r: Refusal, *, with_chooser: bool = False) -> str:
    """One answer for every refusal: the manager's reason, then what to do instead."""
    text = r.text(plain, tr)
    if isinstance(r, StaleDecision):
        text += " " + tr.gettext("Here is your current decision:") if with_chooser else ""
    elif isinstance(r, NotYourTurn):
        text += " " + tr.gettext("You will be pinged when it is your turn.")
    elif isinstance(r, NotAPlayer):
        text += " " + tr.gettext("You can follow the game here: {board} shows the board.").format(
            board=slash(tr, "board")
        )
    elif isinstance(r, NoTable):
        text += " " + tr.gettext("Use {new}.").format(new=slash(tr, "new"))
    elif isinstance(r, GameOver):
        text += " " + tr.gettext("Start another table with {new}.").format(new=slash(tr, "new"))
    return clip(text)


def table_gone(tr: Translation = ENGLISH) -> str:
    return tr.gettext("That table is over or was abandoned. Start a new one with {new}.").format(
        new=slash(tr, "new")
    )


def not_here(tr: Translation = ENGLISH) -> str:
    return tr.gettext("Caylus tables live in server channels; use this command in a server.")


# Discord's own names of the permissions, as its settings show them in each language (English
# where Discord has no locale: Catalan); listed by their English name, said in the reader's.
PERMISSIONS = {
    "view_channel": NP_("discord permission", "View Channel"),
    "send_messages": NP_("discord permission", "Send Messages"),
    "send_messages_in_threads": NP_("discord permission", "Send Messages in Threads"),
    "attach_files": NP_("discord permission", "Attach Files"),
}
PERMISSION_NAMES = {key: name.msgid for key, name in PERMISSIONS.items()}
_BY_NAME = {name.msgid: name for name in PERMISSIONS.values()}


def permission_list(tr: Translation, names: Sequence[str]) -> str:
    """`**View Channel**, **Attach Files**` in the reader's Discord words (names: English)."""
    return ", ".join(f"**{tr(_BY_NAME[n]) if n in _BY_NAME else n}**" for n in names)


def missing_permissions(names: Sequence[str], tr: Translation = ENGLISH) -> str:
    listed = permission_list(tr, names)
    return tr.gettext(
        "I cannot post the game in this channel: I am missing {permissions} here. Ask a moderator to "
        "give the Caylus bot these permissions in this channel (or play in another channel), "
        "then try again."
    ).format(permissions=listed)


NO_TABLE_HERE = N_("There is no Caylus table in this channel")


def not_now(tr: Translation, prompt: str) -> str:
    return clip(tr.gettext("Not now: {prompt}").format(prompt=prompt), 100)


def internal_error(tr: Translation = ENGLISH) -> str:
    return tr.gettext("Something went wrong on my side; nothing was changed. Please try again.")
