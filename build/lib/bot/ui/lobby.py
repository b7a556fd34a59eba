"""The table before the game: `/caylus new`, the table card and its buttons, join / leave /
start / abandon.

The table card is an ordinary channel message (so it can be edited for as long as the table
lives) that always shows who is seated. Its buttons are dynamic items (`cyl:<table>:<action>`),
so they keep working after a restart; the card's message id is remembered in memory, and a card
clicked after a restart is remembered again.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

import discord

from bot.games import BadRequest, GameResult, NoTable, NotAllowed, Refusal, Table, TableExists
from bot.i18n import Translation, table_default, translator
from bot.rules import final_scores, winners

from . import replies, texts
from .community import server_defaults
from .components import LobbyButton, static_view
from .host import Host
from .lang import post_tr, reply_tr
from .play import table_of_click
from .texts import community as community_words

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
DEFAULT_AI_LEVEL = "greedy"  # a table's AI level when neither /caylus new nor the server's defaults say


def lobby_view(table: Table) -> discord.ui.View:
    tr = post_tr(table)  # the buttons are on the card, in the table's language
    return static_view(
        *(
            LobbyButton(table.id, action, label=tr(label))
            for action, label in (
                ("join", texts.JOIN),
                ("leave", texts.LEAVE),
                ("ai", texts.ADD_AI),
                ("start", texts.START),
            )
        )
    )


def abandon_view(tr: Translation, table: Table) -> discord.ui.View:
    return static_view(LobbyButton(table.id, "abandon", label=tr(texts.ABANDON_BUTTON)))


def card_channel(table: Table) -> int:
    """Where a table's card (and, for a thread table, its final result) is posted."""
    return table.settings.home_channel or table.channel_id


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    return bool(interaction.permissions.manage_channels)


class Lobby:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.cards: dict[int, tuple[int, int]] = {}  # table id -> (channel id, message id)
        # A table's card lock lives while someone holds or awaits it (nothing to drop by hand).
        self._card_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._edits: set[asyncio.Task[None]] = set()

    # ----- /caylus new ------------------------------------------------------------------------

    async def new(
        self,
        interaction: discord.Interaction[Any],
        *,
        seats: int,
        ai: int,
        jeweller: bool,
        lawyer_pp: int,
        simple_favours: bool,
        ai_level: str | None = None,
        deadline: int | None = None,
        takeover_after: int | None = 3,
        thread: bool | None = None,
        language: str | None = None,
    ) -> None:
        """`/caylus new`; what it was not given comes from the server's defaults (`/caylus
        server setup`), else the bot's (`deadline` 0: none, given on purpose)."""
        if not await replies.defer(interaction, thinking=True):
            return
        if interaction.guild_id is None or interaction.channel_id is None:
            await replies.say(interaction, texts.not_here())
            return
        d = await server_defaults(self.bot.manager, interaction.guild_id)
        ai_level = ai_level or d.ai_level or DEFAULT_AI_LEVEL
        deadline = (deadline if deadline is not None else d.deadline) or None
        thread = d.thread is True if thread is None else thread
        language = language or d.language or table_default(str(interaction.guild_locale) if interaction.guild_locale else None)
        home = interaction.channel
        if d.channel is not None and d.channel != interaction.channel_id:  # the server's tables go there
            home = self.bot.get_channel(d.channel)
            if not thread or not isinstance(home, discord.TextChannel):
                await replies.say(interaction, community_words.elsewhere(reply_tr(interaction, None), d.channel))
                return
        user = interaction.user
        options = {"jeweller": jeweller, "lawyer_pp": lawyer_pp, "simple_favors": simple_favours}
        settings: dict[str, Any] = {
            "ai_level": ai_level,
            "deadline": deadline,
            "takeover_after": takeover_after,
            "language": language,
        }
        channel_id = interaction.channel_id
        try:
            replies.require_posting(interaction)
            if thread:  # the table lives in a thread of its own, keyed by the thread's id
                channel_id = await self._open_thread(interaction, language, home)
                settings["home_channel"] = home.id if home is not None else interaction.channel_id
            table = await self.bot.manager.create_table(
                interaction.guild_id,
                channel_id,
                user.id,
                user.display_name,
                seats,
                options,
                ai_seats=[ai_level] * ai,
                settings=settings,
            )
        except Refusal as r:
            if channel_id != interaction.channel_id:  # the thread is of no use without its table
                await self._drop_thread(channel_id)
            await replies.refuse(interaction, r)
            found = self.bot.manager.table(channel_id) if isinstance(r, TableExists) and r.adopted else None
            if found is not None and found.is_open:
                await self.refresh_card(found)  # the table there, new to memory: its card
            return
        message = await self._post_card(table)
        tr = reply_tr(interaction, table)
        if message is None:
            await replies.say(interaction, texts.card_not_posted(tr))
            return
        link = f"https://discord.com/channels/{table.guild_id}/{card_channel(table)}/{message.id}"
        if thread:
            await self._greet_thread(table, link)
        await replies.say(interaction, texts.table_opened(tr, link, thread=table.channel_id if thread else None))

    async def _open_thread(self, interaction: discord.Interaction[Any], language: str, channel: Any = None) -> int:
        """A public thread for a new table in `channel` (default: the interaction's; not inside a thread)."""
        channel = channel or interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise BadRequest(reply_tr(interaction, None)(texts.THREAD_NOT_HERE))
        try:
            made = await channel.create_thread(
                name=texts.thread_name(translator(language), interaction.user.display_name),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,  # a week: games are slow; a post unarchives it
            )
        except discord.HTTPException as e:
            log.warning("channel %d: no thread could be opened for a table: %s", channel.id, e)
            raise BadRequest(reply_tr(interaction, None)(texts.THREAD_NOT_OPENED)) from None
        return made.id

    async def _drop_thread(self, thread_id: int) -> None:
        try:
            await self.bot.http.delete_channel(thread_id)
        except discord.HTTPException as e:
            log.warning("thread %d could not be removed: %s", thread_id, e)

    async def _greet_thread(self, table: Table, card_link: str) -> None:
        try:
            await self.bot.get_partial_messageable(table.channel_id).send(
                texts.thread_greeting(post_tr(table), table, card_link), allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException as e:
            log.warning("table %d: the thread greeting could not be posted: %s", table.id, e)

    # ----- buttons and commands ---------------------------------------------------------------

    async def press(self, interaction: discord.Interaction[Any], table_id: int, action: str) -> None:
        """A button of a table card (or of the abandon confirmation)."""
        if not await replies.defer(interaction):
            return
        table = self.bot.manager.table_by_id(table_id)
        if table is not None and interaction.channel_id == table.settings.home_channel:
            self.bot.publisher.seen(interaction)  # a thread table's card, in its home channel
        else:
            table = await table_of_click(self.bot, interaction, table_id)
        if table is None:
            return
        if not table.is_active:
            await replies.say(interaction, texts.table_gone())
            return
        if action != "abandon" and interaction.message is not None:
            self.cards[table.id] = (card_channel(table), interaction.message.id)
        await self._do(interaction, table, action, from_card=True)

    async def command(self, interaction: discord.Interaction[Any], action: str) -> None:
        """`/caylus join`, `/caylus leave`, `/caylus start`."""
        if not await replies.defer(interaction, thinking=True):
            return
        table = self.bot.manager.table(interaction.channel_id or 0)
        if table is None or not table.is_active:
            await replies.refuse(interaction, NoTable())
            return
        self.bot.publisher.seen(interaction)
        await self._do(interaction, table, action, from_card=False)

    async def ask_abandon(self, interaction: discord.Interaction[Any]) -> None:
        """`/caylus abandon`: a confirmation only the person sees."""
        table = self.bot.manager.table(interaction.channel_id or 0)
        if table is None or not table.is_active:
            await replies.refuse(interaction, NoTable())
            return
        if interaction.user.id != table.creator_id and not is_moderator(interaction):
            await replies.refuse(interaction, NotAllowed(reply_tr(interaction, table)(texts.ABANDON_NOT_ALLOWED)))
            return
        tr = reply_tr(interaction, table)
        await replies.say(interaction, texts.abandon_confirm(tr), view=abandon_view(tr, table))

    async def _do(
        self, interaction: discord.Interaction[Any], table: Table, action: str, *, from_card: bool
    ) -> None:
        user = interaction.user
        manager = self.bot.manager
        channel_id = table.channel_id
        tr = reply_tr(interaction, table)
        try:
            if action == "join":
                await manager.join(channel_id, user.id, user.display_name)
                note = texts.joined(tr, table, user.id)
            elif action == "leave":
                await manager.leave(channel_id, user.id)
                note = texts.left(tr)
            elif action == "ai":
                await manager.add_ai(
                    channel_id, user.id, is_moderator=is_moderator(interaction), level=table.settings.ai_level
                )
                note = texts.ai_added(tr, table)
            elif action == "start":
                replies.require_posting(interaction)
                await manager.start(channel_id, user.id, is_moderator=is_moderator(interaction))  # published
                note = texts.started(tr)
            elif action == "abandon":
                await manager.abandon(channel_id, user.id, is_moderator=is_moderator(interaction))
                self.bot.publisher.forget_table(table)
                self.bot.publisher.announce(channel_id, texts.abandoned(post_tr(table), user.id))
                await replies.show(interaction, texts.abandoned_ephemeral(tr), view=None)
                await self.refresh_card(table)
                return
            else:
                raise ValueError(f"unknown lobby action {action!r}")
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        await self.refresh_card(table)
        if not from_card:
            await replies.say(interaction, note)

    # ----- the card ----------------------------------------------------------------------------

    def game_over(self, table: Table) -> None:
        """The game ended: its card (when known) says so and, for a thread table, the final
        result is posted in its home channel too; in the background (the caller may hold the
        table's lock)."""
        task = asyncio.create_task(self._game_over(table), name=f"caylus-card-{table.id}")
        self._edits.add(task)
        task.add_done_callback(self._edits.discard)

    async def _game_over(self, table: Table) -> None:
        home = table.settings.home_channel
        if home is not None and table.game is not None:
            scores = final_scores(table.game.state)
            result = GameResult(scores, winners(scores), list(table.seats))
            content = texts.thread_result(post_tr(table), texts.game_over(post_tr(table), result), table.channel_id)
            try:
                await self.bot.get_partial_messageable(home).send(content, allowed_mentions=NO_MENTIONS)
            except discord.HTTPException as e:
                log.warning("table %d: the result could not be posted in its channel: %s", table.id, e)
        if table.id in self.cards:
            await self.refresh_card(table)

    def _lock(self, table_id: int) -> asyncio.Lock:
        lock = self._card_locks.get(table_id)
        if lock is None:
            lock = self._card_locks[table_id] = asyncio.Lock()
        return lock

    async def refresh_card(self, table: Table) -> None:
        """Show the table as it is now on its card (a new card if none is known and the table
        is still open). Edits are serialised per table, each showing the latest state."""
        async with self._lock(table.id):
            try:
                await self._show_card(table)
            finally:
                if not table.is_active:  # the card is final once the game is over or abandoned
                    self.cards.pop(table.id, None)

    async def _show_card(self, table: Table) -> None:
        card = self.cards.get(table.id)
        view = lobby_view(table) if table.is_open else None
        if card is not None:
            channel_id, message_id = card
            message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
            try:
                await message.edit(content=texts.lobby_card(post_tr(table), table), view=view, allowed_mentions=NO_MENTIONS)
                return
            except discord.NotFound:
                self.cards.pop(table.id, None)
            except discord.HTTPException as e:
                log.warning("table %d: the card could not be updated: %s", table.id, e)
                return
        if table.is_open:
            await self._post_card(table, locked=True)

    async def _post_card(self, table: Table, *, locked: bool = False) -> discord.Message | None:
        if not locked:
            async with self._lock(table.id):
                return await self._post_card(table, locked=True)
        channel = self.bot.get_partial_messageable(card_channel(table))
        try:
            message = await channel.send(
                texts.lobby_card(post_tr(table), table), view=lobby_view(table), allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException as e:
            log.warning("table %d: the card could not be posted: %s", table.id, e)
            return None
        self.cards[table.id] = (card_channel(table), message.id)
        return message
