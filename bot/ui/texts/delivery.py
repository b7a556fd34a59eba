"""Where a click or a post cannot reach its table: a button pressed in another channel, a
button of an older version of the bot, a channel the bot can no longer post in."""

from __future__ import annotations

from collections.abc import Sequence


def other_channel() -> str:
    return (
        "That button belongs to a table in another channel; it does nothing here. "
        "Use the buttons in the table's own channel."
    )


def older_button() -> str:
    return "This button is from an older version of the bot. Use `/caylus status` to see the game now."


def cannot_post_note(names: Sequence[str]) -> str:
    """Added to the table's turn message when the bot gave up posting in its channel."""
    listed = ", ".join(f"**{n}**" for n in names) if names else "the permissions it needs"
    return (
        f"⚠️ I can no longer post in this channel (missing {listed}); the game waits. "
        "Once a moderator gives them back, press a button or use a `/caylus` command here "
        "and the game goes on."
    )
