"""Posting in a channel, with retries: what `Publisher` (bot/ui/posting.py) sends, edits and
deletes goes through `Sender`. New posts (`send`) and edits of a lasting post (`replace`: the
round message) get the tries below; the turn message's edits and deletions are tried once.

- 5xx answers, network errors and a 429 that outlasted discord.py's own tries are retried with
  backoff until the post goes through (posts of one channel wait in order meanwhile).
- 403 (a permission lost in the channel): tried again after the longest delay; after
  `FORBIDDEN_LIMIT` in a row the channel is given up (`ChannelDown` for every post there, no
  request made) until `up(channel)`; the owner is told once (`on_give_up`).
- 404 (the channel is gone; for `replace`, the message: `Gone`) and any other 4xx (Discord refused the post itself: `Rejected`)
  give the post up at once: `Undeliverable`.

Every try of one post carries the same nonce with `enforce_nonce`: a post whose answer was lost
(it was made, the connection dropped) and that is tried again is not made twice; Discord returns
the first one. Posts and edits go through discord.py's HTTP client and keep only the message's
id: nothing here reads the message Discord sends back, so it is not parsed into a `Message`
(issue 27: a few per cent of the bot's CPU a decision).
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

import aiohttp
import discord
from discord.http import MultipartParameters, handle_message_parameters
from discord.utils import MISSING

from . import replies, texts

log = logging.getLogger(__name__)

T = TypeVar("T")
NO_MENTIONS = discord.AllowedMentions.none()
RETRY_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
FORBIDDEN_LIMIT = 3  # 403s in a row before the bot gives up posting in a channel


class Undeliverable(Exception):
    """This post cannot be made (the channel is gone, or Discord refused it): give it up; a
    phase report is kept for a later try."""


class Rejected(Undeliverable):
    """Discord refused the post itself (a 4xx other than 403, 404 and 429)."""


class Gone(Undeliverable):
    """The message to edit is no longer there (deleted by someone): post it anew."""


class ChannelDown(Undeliverable):
    """The bot gave up posting in the channel (it lost a permission there) until it is back."""


class Sender:
    def __init__(
        self,
        client: discord.Client,
        retry_delays: Sequence[float],
        on_give_up: Callable[[int, discord.HTTPException], Awaitable[None]],
    ) -> None:
        self.client = client
        self.retry_delays = tuple(retry_delays) or RETRY_DELAYS
        self.on_give_up = on_give_up
        self.latest: dict[int, int] = {}  # channel id -> the bot's last post there
        self.down: set[int] = set()  # channels given up (a permission lost) until it is back
        self._forbidden: dict[int, int] = {}  # channel id -> 403s in a row

    def posted(self, channel_id: int, message_id: int) -> None:
        """The bot's last post in the channel is `message_id`, made without `send` (a click
        answered with a post) or found there after a restart."""
        self.latest[channel_id] = message_id

    def forget(self, channel_id: int) -> None:
        """The channel's table ended: keep nothing of the channel (a new table starts afresh)."""
        self.latest.pop(channel_id, None)
        self._forbidden.pop(channel_id, None)
        self.down.discard(channel_id)

    def up(self, channel_id: int) -> bool:
        """Posting in the channel may resume; whether it had been given up."""
        self._forbidden.pop(channel_id, None)
        if channel_id not in self.down:
            return False
        self.down.discard(channel_id)
        return True

    async def send(
        self,
        channel_id: int,
        content: str,
        *,
        png: bytes | None = None,
        filename: str = "board.png",
        view: discord.ui.View | None = None,
        mentions: discord.AllowedMentions = NO_MENTIONS,
        embeds: Sequence[discord.Embed] = (),
        silent: bool = False,
    ) -> int:
        """Post in the channel; the post's id. `silent`: the people it mentions get no push
        notification."""
        nonce = secrets.randbits(63)  # the same for every try (see the module)
        flags = discord.MessageFlags(suppress_notifications=True) if silent else MISSING

        async def post() -> int:
            with self._params(
                content, png, filename, mentions, embeds=list(embeds) or MISSING, view=view or MISSING,
                nonce=nonce, flags=flags,
            ) as params:  # fmt: skip
                return int((await self.client.http.send_message(channel_id, params=params))["id"])

        message_id = await self._tried(channel_id, post)
        self.latest[channel_id] = message_id
        return message_id

    async def replace(
        self,
        channel_id: int,
        message_id: int,
        content: str,
        *,
        png: bytes | None = None,
        filename: str = "board.png",
        embeds: Sequence[discord.Embed] | None = None,
    ) -> None:
        """Edit a lasting post (a round message) with the same tries as a new post: its text
        (and its `embeds`, when given), and its image when `png` is given (the old one is
        replaced; otherwise kept). `Gone` when the message is no longer there."""
        shown = MISSING if embeds is None else list(embeds)

        async def edit() -> None:
            with self._params(content, png, filename, NO_MENTIONS, embeds=shown, replacing=True) as params:
                await self.client.http.edit_message(channel_id, message_id, params=params)

        try:
            await self._tried(channel_id, edit)
        except Undeliverable as e:
            if isinstance(e.__cause__, discord.NotFound):
                raise Gone(f"message {message_id}: {e}") from e
            raise

    def _params(
        self, content: str, png: bytes | None, filename: str, mentions: discord.AllowedMentions, *,
        replacing: bool = False, **more: object,
    ) -> MultipartParameters:  # fmt: skip
        """A message's body as discord.py makes it (the client's default mentions merged in);
        `png` as its one file (`replacing`: the one attachment of the message edited)."""
        file = discord.File(io.BytesIO(png), filename=filename) if png else MISSING
        if replacing and file is not MISSING:
            more["attachments"] = [file]
        elif file is not MISSING:
            more["file"] = file
        return handle_message_parameters(
            content=content, allowed_mentions=mentions, previous_allowed_mentions=self.client.allowed_mentions,
            **more,  # type: ignore[arg-type]
        )

    async def _tried(self, channel_id: int, call: Callable[[], Awaitable[T]]) -> T:
        """Make `call` until it goes through, retrying what may pass later (see the module)."""
        if channel_id in self.down:
            raise ChannelDown(f"channel {channel_id}: posting given up")
        attempt = 0
        while True:
            try:
                done = await call()
            except discord.NotFound as e:
                raise Undeliverable(f"channel {channel_id}: {e}") from e
            except discord.Forbidden as e:  # a permission lost (50013), or the channel (50001)
                forbidden = self._forbidden[channel_id] = self._forbidden.get(channel_id, 0) + 1
                if forbidden >= FORBIDDEN_LIMIT:
                    self.down.add(channel_id)
                    self._forbidden.pop(channel_id, None)
                    await self.on_give_up(channel_id, e)
                    raise ChannelDown(f"channel {channel_id}: {e}") from e
                delay = self.delay(attempt, long=True)
                log.info("channel %d: cannot post (%s); trying again in %.0f s", channel_id, e, delay)
            except (discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError) as e:
                delay = self.delay(attempt)
                log.warning("channel %d: posting failed (%s); retrying in %.1f s", channel_id, e, delay)
            except discord.HTTPException as e:
                if e.status != 429:  # refused for what it is: trying the same again is no use now
                    raise Rejected(f"channel {channel_id}: {e.status} {e}") from e
                delay = self.delay(attempt)  # still rate-limited after discord.py's own tries
                log.warning("channel %d: rate-limited (%s); retrying in %.1f s", channel_id, e, delay)
            else:
                self._forbidden.pop(channel_id, None)
                return done
            attempt += 1
            await asyncio.sleep(delay)

    def delay(self, attempt: int, *, long: bool = False) -> float:
        delays = self.retry_delays
        if long:
            return delays[-1]
        return delays[min(attempt, len(delays) - 1)]

    async def edit(self, channel_id: int, message_id: int, content: str, view: discord.ui.View) -> bool:
        try:
            with self._params(content, None, "", NO_MENTIONS, view=view) as params:
                await self.client.http.edit_message(channel_id, message_id, params=params)
            return True
        except discord.HTTPException as e:
            log.info("turn message %d could not be edited (%s); posting a new one", message_id, e)
            return False

    async def delete(self, channel_id: int, message_id: int) -> None:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.delete()
        except discord.HTTPException as e:
            log.info("turn message %d could not be deleted: %s", message_id, e)

    def missing(self, channel_id: int) -> list[str]:
        """The permissions the bot lacks to post the game in the channel (as far as it knows)."""
        channel = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        if channel is None or guild is None or guild.me is None or not hasattr(channel, "permissions_for"):
            return []
        perms = channel.permissions_for(guild.me)
        send = "send_messages_in_threads" if getattr(channel, "type", None) in replies.THREADS else "send_messages"
        return [texts.PERMISSION_NAMES[n] for n in ("view_channel", send, "attach_files") if not getattr(perms, n)]
