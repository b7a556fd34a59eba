"""Where a click or a post cannot reach its table: a button pressed in another channel, a
button of an older version of the bot, a channel the bot can no longer post in."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Translation
from bot.i18n.commands import slash

from .refusals import permission_list


def other_channel(tr: Translation) -> str:
    return tr.gettext(
        "That button belongs to a table in another channel; it does nothing here. "
        "Use the buttons in the table's own channel."
    )


def older_button(tr: Translation) -> str:
    return tr.gettext("This button is from an older version of the bot. Use {status} to see the game now.").format(
        status=slash(tr, "status")
    )


def cannot_post_note(tr: Translation, names: Sequence[str]) -> str:
    """Added to the table's turn message when the bot gave up posting in its channel."""
    listed = permission_list(tr, names) if names else tr.gettext("the permissions it needs")
    return tr.gettext(
        "⚠️ I can no longer post in this channel (missing {permissions}); the game waits. "
        "Once a moderator gives them back, press a button or use a `/caylus` command here "
        "and the game goes on."
    ).format(permissions=listed)
