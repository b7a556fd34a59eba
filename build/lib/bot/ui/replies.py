"""Answering an interaction: one function for every refusal, one for the bot's own replies, and
the check that the bot may post the game in a channel."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.utils import MISSING

from bot.games import Refusal, Table
from bot.i18n import Translation, translator

from . import texts
from .lang import reply_tr

log = logging.getLogger(__name__)
ENGLISH = translator("en")

NO_MENTIONS = discord.AllowedMentions.none()
THREADS = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)


class MissingPermissions(Refusal):
    """The bot cannot post the game (messages, board images) in this channel."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(texts.missing_permissions(names))
        self.names = list(names)

    def text(self, words: Callable[[str], str] = str, tr: Translation = ENGLISH) -> str:
        return texts.missing_permissions(self.names, tr)


def missing_permissions(interaction: discord.Interaction[Any]) -> list[str]:
    """The permissions the bot lacks in the interaction's channel to post the game there."""
    perms = interaction.app_permissions
    kind = getattr(interaction.channel, "type", None)
    send = "send_messages_in_threads" if kind in THREADS else "send_messages"
    needed = ("view_channel", send, "attach_files")
    return [texts.PERMISSION_NAMES[n] for n in needed if not getattr(perms, n)]


def require_posting(interaction: discord.Interaction[Any]) -> None:
    """Raise `MissingPermissions` when the bot could not post the game here."""
    missing = missing_permissions(interaction)
    if missing:
        raise MissingPermissions(missing)


async def say(
    interaction: discord.Interaction[Any],
    content: str,
    *,
    view: discord.ui.View | None = None,
    ephemeral: bool = True,
) -> None:
    """Reply to the person: the interaction's response, or a followup once it was deferred."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(
                content, view=view or MISSING, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS
            )
        else:
            await interaction.followup.send(
                content, view=view or MISSING, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS
            )
    except discord.HTTPException as e:
        log.warning("could not answer interaction %s: %s", interaction.id, e)


async def show(
    interaction: discord.Interaction[Any], content: str, *, view: discord.ui.View | None
) -> None:
    """Replace the deferred response (a chooser, or a slash command's "thinking…")."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(
                content, view=view or MISSING, ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        else:
            await interaction.edit_original_response(
                content=content, view=view, allowed_mentions=NO_MENTIONS
            )
    except discord.HTTPException as e:
        log.warning("could not update the response to interaction %s: %s", interaction.id, e)


async def refuse(
    interaction: discord.Interaction[Any],
    refusal: Refusal,
    *,
    view: discord.ui.View | None = None,
    table: Table | None = None,
) -> None:
    """The one answer to every refusal, in the reader's language (about `table`, if known):
    short, ephemeral, saying why and what to do instead (with `view`, the person's current
    chooser, when that is what to do)."""
    tr = reply_tr(interaction, table)
    await say(interaction, texts.refusal(tr, refusal, with_chooser=view is not None), view=view)


def release(interaction: discord.Interaction[Any]) -> None:
    """Once an interaction is answered, its response no longer points back at it: the cycle
    between the two would keep the interaction, with the message clicked parsed into some 50
    objects (its components, its author), until a full pass of the garbage collector, which
    then walks them all (issue 27). Freed by reference counting instead, at once. Nothing calls
    the response again once it is done (a second answer is refused by Discord, and follow-ups go
    through the interaction's webhook). discord.py's own slot: its version is pinned."""
    response = interaction.response
    if response.is_done():
        response._parent = None  # type: ignore[assignment]


async def defer(
    interaction: discord.Interaction[Any], *, thinking: bool = False, public: bool = False
) -> bool:
    """Acknowledge at once (storage and drawing may take longer than Discord's 3 seconds).
    Components: a silent "deferred update"; commands: a "thinking…" only the person sees
    (`public`: everyone sees it, and then the answer)."""
    try:
        if interaction.type is discord.InteractionType.component and not thinking:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=not public, thinking=True)
        release(interaction)
        return True
    except discord.HTTPException as e:
        log.warning("could not acknowledge interaction %s: %s", interaction.id, e)
        return False


class OpenAnswer:
    """A click on the turn message, not answered yet. The publisher may answer it with the post
    the click's result makes (the new turn message as the interaction's response, or the edit of
    the turn message clicked): one request instead of an acknowledgement and a post. Whoever
    takes it first answers it; `defer` (after a short wait, or when nothing used it) acknowledges
    it silently."""

    def __init__(self, interaction: discord.Interaction[Any], seq: int) -> None:
        self.interaction = interaction
        self.seq = seq  # the decision the click answers
        self.user_id = interaction.user.id
        self.message_id = interaction.message.id if interaction.message is not None else None
        self._taken = False
        self._deferring: asyncio.Task[bool] | None = None
        self._timer: asyncio.TimerHandle | None = None

    def defer_in(self, wait: float) -> None:
        """Acknowledge it silently in `wait` seconds unless taken by then."""
        self._timer = asyncio.get_running_loop().call_later(wait, self.defer_soon)

    def take(self) -> discord.Interaction[Any] | None:
        """The interaction, to answer it now; None if someone else took it."""
        if self._timer is not None:  # nothing to wait for (and nothing keeps the interaction)
            self._timer.cancel()
            self._timer = None
        if self._taken:
            return None
        self._taken = True
        return self.interaction

    def defer_soon(self) -> None:
        """Acknowledge it in the background unless it was taken (a timer's callback)."""
        if not self._taken:
            self._taken = True
            self._deferring = asyncio.create_task(defer(self.interaction))

    async def deferred(self) -> None:
        """Acknowledge it unless taken; wait until a background acknowledgement is done."""
        self.defer_soon()
        if self._deferring is not None:
            await asyncio.wait([self._deferring])


async def post_as_answer(
    interaction: discord.Interaction[Any],
    content: str,
    *,
    view: discord.ui.View,
    mentions: discord.AllowedMentions,
) -> int | None:
    """Answer a click with a new message in the channel; its id, or None if it failed (then
    the interaction is not answered)."""
    try:
        response = await interaction.response.send_message(content, view=view, allowed_mentions=mentions)
    except discord.HTTPException as e:
        log.info("could not answer interaction %s with a post: %s", interaction.id, e)
        return None
    release(interaction)
    return response.message_id


async def update_clicked(interaction: discord.Interaction[Any], content: str, *, view: discord.ui.View) -> bool:
    """Answer a click by editing the message clicked; whether it worked."""
    try:
        await interaction.response.edit_message(content=content, view=view, allowed_mentions=NO_MENTIONS)
        release(interaction)
        return True
    except discord.HTTPException as e:
        log.info("could not answer interaction %s with an edit: %s", interaction.id, e)
        return False
