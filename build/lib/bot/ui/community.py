"""The players' community on Discord (issue 25): stats with the rating chart, the leaderboard,
a person's tables, notification settings, watching a table, resigning, the Rematch button, the
server's defaults and the weekly challenge. The games layer does the work
(`manager.community`, `manager.notices`); this module asks and answers.

Buttons (dynamic items, so they work after a restart): `cyc:<table>:rematch` on a game's final
message; `cyc:<table>:resign` and `cyc:<table>:keep` on the private confirmation of a
resignation; `cyc:<scope>:page:<n>` turns a leaderboard's page (scope: the guild id, 0 for
every server).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from datetime import UTC, datetime
from typing import Any

import discord
from babel.dates import format_date
from discord import app_commands

from bot.games import (
    STORE_UNREADABLE,
    UNSET,
    Manager,
    Refusal,
    Resigned,
    ServerDefaults,
    TableSettings,
    Unavailable,
)
from bot.games.challenge import iso_week
from bot.games.notify import zone_names
from bot.i18n import Translation, table_default
from bot.store import GLOBAL_SCOPE
from bot.store.ratings import shown
from rendering import render_rating_chart

from . import ids, replies, texts
from .components import static_view
from .host import Host, host
from .lang import post_tr, reply_tr
from .texts import community as words

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
PER_PAGE = 10
MIN_GAMES = 3  # rated games before a person is on a leaderboard
AI_PLAYERS = ["ai:random", "ai:greedy", "ai:strong"]
STYLES = {
    "rematch": discord.ButtonStyle.success,
    "resign": discord.ButtonStyle.danger,
    "keep": discord.ButtonStyle.secondary,
    "page": discord.ButtonStyle.secondary,
}


class CommunityButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.COMMUNITY_TEMPLATE):
    """Rematch, the resignation's two answers, a leaderboard's page."""

    def __init__(
        self, table_id: int, action: str, *, label: str | None = None, arg: int | None = None,
        disabled: bool = False,
    ) -> None:  # fmt: skip
        custom_id = ids.community_id(table_id, action, arg)
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or action.title(), style=STYLES[action], custom_id=custom_id, disabled=disabled
        )
        super().__init__(button)
        self.table_id, self.action, self.arg = table_id, action, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CommunityButton:
        arg = match["arg"]
        return cls(int(match["table"]), match["action"], arg=int(arg) if arg is not None else None)

    async def callback(self, interaction: Interaction) -> None:
        flow = host(interaction).community
        if self.action == "rematch":
            await flow.rematch(interaction, self.table_id)
        elif self.action == "resign":
            await flow.resign(interaction, self.table_id)
        elif self.action == "keep":
            await flow.keep(interaction)
        else:
            await flow.leaderboard(interaction, page=self.arg or 0, scope=self.table_id, turn=True)


ITEMS = (CommunityButton,)


def rematch_view(table: Any) -> discord.ui.View:
    """The final message's button: the same seats and options, a new setup."""
    return static_view(CommunityButton(table.id, "rematch", label=post_tr(table)(words.REMATCH_BUTTON)))


def _date(tr: Translation, at: float) -> str:
    locale = tr.lang.replace("-", "_")
    return format_date(datetime.fromtimestamp(at, UTC), format="medium", locale=locale)


async def server_defaults(manager: Manager, guild_id: int) -> ServerDefaults:
    """A server's defaults for new tables; the bot's own when they cannot be read."""
    try:
        return await manager.community.server_defaults(guild_id)
    except Refusal:
        return ServerDefaults()


class Community:
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    # ----- stats and boards ---------------------------------------------------------------------------

    async def stats(
        self, interaction: Interaction, player: discord.abc.User | None, *, everywhere: bool, public: bool
    ) -> None:
        """`/caylus player stats`: figures, rating and its chart; only the asker sees it unless
        `public`."""
        if not await replies.defer(interaction, thinking=True, public=public):
            return
        manager = self.bot.manager
        tr = reply_tr(interaction, manager.table(interaction.channel_id or 0))
        who = player or interaction.user
        guild = None if everywhere else interaction.guild_id
        try:
            stats = await manager.community.stats(who.id, guild)
            levels = await manager.community.ratings(guild, AI_PLAYERS)
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        content = words.stats_text(tr, texts.name(who.display_name), stats, everywhere=guild is None, levels=levels)
        file = None
        if stats.history:
            points = [(p.at, shown(p.mu, p.sigma)) for p in stats.history]
            png = await asyncio.to_thread(
                render_rating_chart, points, title=words.chart_title(tr, who.display_name, everywhere=guild is None),
                first=_date(tr, points[0][0]), last=_date(tr, points[-1][0]), note=words.chart_note(tr, len(points)),
            )  # fmt: skip
            file = discord.File(io.BytesIO(png), filename="rating.png")
        await self._answer(interaction, content, file=file, public=public)

    async def _answer(
        self, interaction: Interaction, content: str, *, file: discord.File | None = None, public: bool = False,
        view: discord.ui.View | None = None,
    ) -> None:  # fmt: skip
        try:
            await interaction.followup.send(
                content, file=file or discord.utils.MISSING, view=view or discord.utils.MISSING,
                ephemeral=not public, allowed_mentions=replies.NO_MENTIONS,
            )  # fmt: skip
        except discord.HTTPException as e:
            log.warning("could not answer interaction %s: %s", interaction.id, e)

    async def leaderboard(
        self, interaction: Interaction, *, page: int = 0, everywhere: bool = False, public: bool = False,
        scope: int | None = None, turn: bool = False,
    ) -> None:  # fmt: skip
        """`/caylus server leaderboard` (and its page buttons, `turn`): the best rated players,
        `PER_PAGE` a page, AI levels among them."""
        manager = self.bot.manager
        tr = reply_tr(interaction, manager.table(interaction.channel_id or 0))
        if scope is None:
            scope = GLOBAL_SCOPE if everywhere else interaction.guild_id or GLOBAL_SCOPE
        if turn:
            await replies.defer(interaction)
        elif not await replies.defer(interaction, thinking=True, public=public):
            return
        guild = None if scope == GLOBAL_SCOPE else scope
        try:
            rows, total = await manager.community.leaderboard(guild, page=page, per_page=PER_PAGE, min_games=MIN_GAMES)
            names = await manager.community.names([r.user_id for r in rows if r.user_id is not None])
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        content = words.leaderboard_text(
            tr, rows, names, page=page, per_page=PER_PAGE, total=total, min_games=MIN_GAMES, everywhere=guild is None
        )
        view = self._pages(tr, scope, page, total)
        if turn:
            try:
                await interaction.edit_original_response(content=content, view=view, allowed_mentions=replies.NO_MENTIONS)
            except discord.HTTPException as e:
                log.warning("could not turn the leaderboard's page: %s", e)
            return
        await self._answer(interaction, content, public=public, view=view)

    @staticmethod
    def _pages(tr: Translation, scope: int, page: int, total: int) -> discord.ui.View | None:
        pages = max(1, -(-total // PER_PAGE))
        if pages <= 1:
            return None
        return static_view(
            CommunityButton(scope, "page", label="◀", arg=max(page - 1, 0), disabled=page == 0),
            CommunityButton(scope, "page", label="▶", arg=min(page + 1, pages - 1), disabled=page >= pages - 1),
        )

    async def mygames(self, interaction: Interaction) -> None:
        """`/caylus mygames`: every table the person sits at, on every server, theirs first."""
        if not await replies.defer(interaction, thinking=True):
            return
        tr = reply_tr(interaction, self.bot.manager.table(interaction.channel_id or 0))
        try:
            tables = await self.bot.manager.community.my_tables(interaction.user.id)
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        await self._answer(interaction, words.mygames_text(tr, tables, interaction.user.id))

    # ----- notifications -----------------------------------------------------------------------------

    async def notify(
        self, interaction: Interaction, *, where: str | None, time_zone: str | None, quiet_from: str | None,
        quiet_to: str | None, no_quiet: bool,
    ) -> None:  # fmt: skip
        """`/caylus player notify`: change (what is given) and show one's notification settings."""
        if not await replies.defer(interaction, thinking=True):
            return
        notices = self.bot.manager.notices
        try:
            if any(x is not None for x in (where, time_zone, quiet_from, quiet_to)) or no_quiet:
                prefs = await notices.set(
                    interaction.user.id, notify=where, time_zone=time_zone, quiet_from=quiet_from,
                    quiet_to=quiet_to, clear_quiet=no_quiet,
                )  # fmt: skip
            else:
                prefs = await notices.prefs(interaction.user.id)
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        except Exception:
            log.exception("user %d: the notification settings could not be saved", interaction.user.id)
            await replies.refuse(interaction, Unavailable(STORE_UNREADABLE))
            return
        tr = reply_tr(interaction, self.bot.manager.table(interaction.channel_id or 0))
        await self._answer(interaction, words.notify_text(tr, prefs))

    @staticmethod
    def zones(current: str) -> list[app_commands.Choice[str]]:
        """Time zone names for autocomplete: those containing what was typed (any case)."""
        typed = current.strip().casefold().replace(" ", "_")
        found = [z for z in zone_names() if typed in z.casefold()] if typed else ["UTC", "Europe/Lisbon"]
        found.sort(key=lambda z: (not z.casefold().startswith(typed), "/" not in z, z))
        return [app_commands.Choice(name=z, value=z) for z in found[:25]]

    # ----- watching ----------------------------------------------------------------------------------

    async def watch(self, interaction: Interaction, *, stop: bool = False) -> None:
        """`/caylus player watch` / `unwatch` at the channel's table."""
        manager = self.bot.manager
        channel_id = interaction.channel_id or 0
        table = manager.table(channel_id)
        tr = reply_tr(interaction, table)
        try:
            if stop:
                _, was = await manager.community.unwatch(channel_id, interaction.user.id)
                text = words.unwatched(tr, was)
            else:
                _, new = await manager.community.watch(channel_id, interaction.user.id)
                text = words.watching(tr, new)
        except Refusal as r:
            await replies.refuse(interaction, r, table=table)
            return
        await replies.say(interaction, text)

    # ----- resigning ---------------------------------------------------------------------------------

    async def ask_resign(self, interaction: Interaction) -> None:
        """`/caylus player resign`: a confirmation only the person sees."""
        manager = self.bot.manager
        channel_id = interaction.channel_id or 0
        table = manager.table(channel_id)
        tr = reply_tr(interaction, table)
        try:
            t, seat = manager.community.seated(channel_id, interaction.user.id)
            if seat.resigned:
                raise Resigned()
        except Refusal as r:
            await replies.refuse(interaction, r, table=table)
            return
        view = static_view(
            CommunityButton(t.id, "resign", label=tr(words.RESIGN_BUTTON)),
            CommunityButton(t.id, "keep", label=tr(words.KEEP_PLAYING)),
        )
        await replies.say(interaction, words.resign_question(tr), view=view)

    async def resign(self, interaction: Interaction, table_id: int) -> None:
        manager = self.bot.manager
        table = manager.table_by_id(table_id)
        tr = reply_tr(interaction, table)
        if table is None or table.channel_id != interaction.channel_id:
            await replies.say(interaction, texts.table_gone())
            return
        await replies.defer(interaction)
        try:
            await manager.community.resign(table.channel_id, interaction.user.id)  # published: a line for all
        except Refusal as r:
            await replies.show(interaction, texts.refusal(tr, r), view=None)
            return
        await replies.show(interaction, tr(words.RESIGNED_DONE), view=None)

    async def keep(self, interaction: Interaction) -> None:
        tr = reply_tr(interaction, self.bot.manager.table(interaction.channel_id or 0))
        try:
            await interaction.response.edit_message(content=words.resign_kept(tr), view=None)
        except discord.HTTPException as e:
            log.warning("could not answer interaction %s: %s", interaction.id, e)

    # ----- rematch -----------------------------------------------------------------------------------

    async def rematch(self, interaction: Interaction, table_id: int) -> None:
        """The Rematch button: open the rematch (the first player to press) or join it."""
        manager = self.bot.manager
        user = interaction.user
        tr = reply_tr(interaction, manager.table(interaction.channel_id or 0))
        if not await replies.defer(interaction, thinking=True):
            return
        try:
            table, opened = await manager.community.rematch(table_id, user.id, user.display_name)
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        self.bot.publisher.seen(interaction)
        await self.bot.lobby.refresh_card(table)  # a new card for the new table; its seats
        if opened:
            others = await manager.community.former_players(table_id, but=user.id)
            content = words.rematch_opened(post_tr(table), user.display_name)
            if others:
                content += "\n" + " ".join(texts.mention(u) for u in others)
            try:
                await self.bot.get_partial_messageable(table.channel_id).send(
                    content,
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in others], everyone=False, roles=False),
                )
            except discord.HTTPException as e:
                log.warning("table %d: the rematch could not be announced: %s", table.id, e)
        await self._answer(interaction, tr(words.REMATCH_OPENED_YOU) if opened else words.rematch_joined(tr))

    # ----- server defaults ---------------------------------------------------------------------------

    async def setup(self, interaction: Interaction, *, reset: bool = False, **changes: Any) -> None:
        """`/caylus server setup` (Manage Server): change (what is given) and show the server's
        defaults for `/caylus new`."""
        if not await replies.defer(interaction, thinking=True):
            return
        guild_id = interaction.guild_id
        if guild_id is None:
            await replies.say(interaction, texts.not_here())
            return
        can_manage = bool(interaction.permissions.manage_guild)
        given = {k: v for k, v in changes.items() if v is not None}
        if reset:
            given = {k: None for k in ("deadline", "language", "ai_level", "thread", "channel")}
        try:
            if given:
                defaults = await self.bot.manager.community.set_server_defaults(
                    guild_id, interaction.user.id, can_manage=can_manage, **{**dict.fromkeys(changes, UNSET), **given}
                )
            else:
                defaults = await self.bot.manager.community.server_defaults(guild_id)
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        tr = reply_tr(interaction, None)
        await self._answer(interaction, words.setup_text(tr, defaults))

    # ----- the weekly challenge ----------------------------------------------------------------------

    async def challenge(self, interaction: Interaction, *, results: bool = False, everywhere: bool = False) -> None:
        """`/caylus server challenge`: take on this week's challenge in a thread of its own, or
        (`results`) the week's board."""
        manager = self.bot.manager
        tr = reply_tr(interaction, None)
        if not await replies.defer(interaction, thinking=True):
            return
        week = iso_week(manager.community.now())
        if results:
            try:
                entries = await manager.community.challenge_board(week, None if everywhere else interaction.guild_id)
            except Refusal as r:
                await replies.refuse(interaction, r)
                return
            await self._answer(interaction, words.challenge_board(tr, week, entries, everywhere=everywhere))
            return
        channel = interaction.channel
        if interaction.guild_id is None or channel is None:
            await replies.say(interaction, texts.not_here())
            return
        language = table_default(str(interaction.guild_locale) if interaction.guild_locale else None)
        language = (await server_defaults(manager, interaction.guild_id)).language or language
        try:
            replies.require_posting(interaction)
            played = await manager.community.challenge_played(week, interaction.user.id)
            if played:
                raise played
            thread_id, home = await self._challenge_thread(interaction, tr, week)
            settings = TableSettings(language=language, home_channel=home)
            await manager.community.challenge(interaction.guild_id, thread_id, interaction.user.id, interaction.user.display_name, settings=settings)
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        await self._answer(interaction, words.challenge_started(tr, interaction.user.display_name, week) + f"\n<#{thread_id}>")

    async def _challenge_thread(self, interaction: Interaction, tr: Translation, week: str) -> tuple[int, int | None]:
        """Where the challenge is played: a new public thread of the channel (or the thread the
        command was used in); and the channel it was opened from."""
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            return channel.id, None
        if not isinstance(channel, discord.TextChannel):
            raise Refusal(tr(texts.THREAD_NOT_HERE))
        try:
            made = await channel.create_thread(
                name=words.challenge_thread(tr, week, interaction.user.display_name),
                type=discord.ChannelType.public_thread, auto_archive_duration=10080,
            )  # fmt: skip
        except discord.HTTPException as e:
            log.warning("channel %d: no thread could be opened for a challenge: %s", channel.id, e)
            raise Refusal(tr(texts.THREAD_NOT_OPENED)) from None
        return made.id, channel.id
