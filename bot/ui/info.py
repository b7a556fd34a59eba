"""Looking around: `/caylus board`, `status`, `log`, `rules` and `help`."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.games import NoTable, NotStarted, Table
from bot.rules import TOPICS, search_glossary

from . import replies, texts
from .play import chooser_for

if TYPE_CHECKING:
    from .app import CaylusBot

log = logging.getLogger(__name__)


class Info:
    def __init__(self, bot: CaylusBot) -> None:
        self.bot = bot

    async def _table(self, interaction: discord.Interaction[Any], *, public: bool = False) -> Table | None:
        """The channel's table, also a finished one; when it must be read from the store,
        the interaction is acknowledged first (the store may be slow)."""
        manager = self.bot.manager
        channel_id = interaction.channel_id or 0
        table = manager.table(channel_id)
        if table is None:
            await replies.defer(interaction, thinking=True, public=public)
            table = await manager.last_table(channel_id)
        if table is None or table.is_abandoned:
            await replies.refuse(interaction, NoTable())
            return None
        return table

    async def board(self, interaction: discord.Interaction[Any], *, public: bool = False) -> None:
        """`/caylus board`: the current board, only for the asker unless `public`."""
        table = await self._table(interaction, public=public)
        if table is None:
            return
        await self.show_board(interaction, table, public=public)

    async def show_board(self, interaction: discord.Interaction[Any], table: Table, *, public: bool) -> None:
        """The board as it stands, mid-phase too (drawn in an executor, never on the event loop),
        only for the asker unless `public`."""
        game = table.game
        if game is None:
            await replies.refuse(interaction, NotStarted())
            return
        if not interaction.response.is_done():
            await replies.defer(interaction, thinking=True, public=public)
        s = game.state
        events = [e for e in table.recent if e.round == s.round and e.phase == s.phase]
        png = None
        try:
            png = await self.bot.manager.renderer.board(game, events, table.settings.language)
        except Exception:
            log.exception("table %d: the board could not be drawn", table.id)
        caption = texts.board_caption(table)
        try:
            if png is None:
                await interaction.followup.send(f"{caption}\n{texts.NO_IMAGE}", ephemeral=not public)
            else:
                file = discord.File(io.BytesIO(png), filename=f"board-r{s.round:02d}-p{s.phase}.png")
                await interaction.followup.send(caption, file=file, ephemeral=not public)
        except discord.HTTPException as e:
            log.warning("the board could not be posted: %s", e)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table(interaction)
        if table is None:
            return
        user_id = interaction.user.id
        content = texts.status(table, user_id)
        view = None
        pending = table.pending
        if pending is not None and pending.user_id == user_id and not pending.is_ai:
            _, view = chooser_for(table, pending)
        await replies.say(interaction, content, view=view)

    async def log(self, interaction: discord.Interaction[Any], count: int) -> None:
        if await self._table(interaction) is None:
            return
        events = self.bot.manager.recent_events(interaction.channel_id or 0, count)
        await replies.say(interaction, texts.log(events))

    async def rules(self, interaction: discord.Interaction[Any], topic: str) -> None:
        found = TOPICS.get(topic.strip()) or next(iter(search_glossary(topic, limit=1)), None)
        if found is None:
            await replies.say(interaction, texts.rules_not_found(topic))
            return
        await replies.say(interaction, texts.rules_topic(found))

    def rules_choices(self, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=texts.clip(t.title, 100), value=t.key)
            for t in search_glossary(current, limit=25)
        ]

    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await replies.say(interaction, texts.HELP)
