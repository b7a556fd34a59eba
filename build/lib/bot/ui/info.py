"""Looking around: `/caylus board`, `status`, `log`, `rules`, `help` and `about`."""

from __future__ import annotations

import io
import logging
import unicodedata
from typing import Any

import discord
from discord import app_commands

from bot.games import NoTable, NotStarted, Refusal, Table
from bot.i18n import NAMES, Translation
from bot.rules import TOPICS, Topic, namesakes

from . import replies, texts
from .host import Host
from .lang import personal_language, post_tr, reply_tr, set_personal
from .play import chooser_for
from .story import Story, navigation

log = logging.getLogger(__name__)


def _fold(text: str) -> str:
    """For matching what a person typed: no case, no accents, one kind of apostrophe."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold().replace("’", "'"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class Info:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.story = Story(bot)  # past boards, the log by round or player, the replay, the record

    async def _table(self, interaction: discord.Interaction[Any], *, public: bool = False) -> Table | None:
        """The channel's table, also a finished one; when it must be read from the store,
        the interaction is acknowledged first (the store may be slow)."""
        manager = self.bot.manager
        channel_id = interaction.channel_id or 0
        table = manager.table(channel_id)
        if table is None:
            await replies.defer(interaction, thinking=True, public=public)
            try:
                table = await manager.last_table(channel_id)
            except Refusal as r:  # the store does not answer: "try again in a moment"
                await replies.refuse(interaction, r)
                return None
        if table is None or table.is_abandoned:
            await replies.refuse(interaction, NoTable())
            return None
        return table

    def _reader(self, interaction: discord.Interaction[Any]) -> Translation:
        """The words of a private answer about this channel's table, if any."""
        return reply_tr(interaction, self.bot.manager.table(interaction.channel_id or 0))

    async def board(
        self, interaction: discord.Interaction[Any], *, public: bool = False, rnd: int | None = None,
        phase: int | None = None,
    ) -> None:  # fmt: skip
        """`/caylus board`: the current board, only for the asker unless `public`; with `rnd`
        (and `phase`), the board as it was after that phase (issue 24)."""
        if rnd is not None:
            await self.story.board(interaction, rnd=rnd, phase=phase, public=public)
            return
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
        tr = reply_tr(interaction, table)
        caption = texts.board_caption(tr, table)
        try:
            if png is None:
                await interaction.followup.send(f"{caption}\n{tr(texts.NO_IMAGE)}", ephemeral=not public)
            else:
                file = discord.File(io.BytesIO(png), filename=f"board-r{s.round:02d}-p{s.phase}.png")
                past = None if public else await self.story.past(table)
                if past is not None and past.reports:  # Previous: the boards of the phases before
                    view = navigation(table.id, len(past.reports), len(past.reports), tr)
                    await interaction.followup.send(caption, file=file, view=view, ephemeral=True)
                else:
                    await interaction.followup.send(caption, file=file, ephemeral=not public)
        except discord.HTTPException as e:
            log.warning("the board could not be posted: %s", e)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table(interaction)
        if table is None:
            return
        user_id = interaction.user.id
        tr = reply_tr(interaction, table)
        content = texts.status(tr, table, user_id)
        view = None
        pending = table.pending
        if pending is not None and pending.user_id == user_id and not pending.is_ai:
            _, view = chooser_for(table, pending, tr=tr)
        await replies.say(interaction, content, view=view)

    async def log(
        self, interaction: discord.Interaction[Any], count: int, rnd: int | None = None, player: str | None = None
    ) -> None:
        """`/caylus log`: the latest events; with `rnd`, that round's; with `player`, only theirs."""
        if rnd is not None or player is not None:
            await self.story.round_log(interaction, rnd, player, count)
            return
        table = await self._table(interaction)
        if table is None:
            return
        events = self.bot.manager.recent_events(interaction.channel_id or 0, count)
        await replies.say(interaction, texts.log(reply_tr(interaction, table), events))

    async def past_step(self, interaction: discord.Interaction[Any], table_id: int, index: int) -> None:
        await self.story.step(interaction, table_id, index)

    async def replay(self, interaction: discord.Interaction[Any], *, public: bool = False) -> None:
        await self.story.replay(interaction, public=public)

    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await self.story.export(interaction)

    async def rules(self, interaction: discord.Interaction[Any], topic: str) -> None:
        """`/caylus rules`: a topic, with every building of the same name (the road's two
        Carpenters, the neutral and the wood Sawmill...)."""
        tr = self._reader(interaction)
        found = TOPICS.get(topic.strip()) or next(iter(self._topics(interaction, topic, limit=1)), None)
        if found is None:
            await replies.say(interaction, texts.rules_not_found(tr, topic))
            return
        await replies.say(interaction, texts.rules_topics(tr, [TOPICS[k] for k in namesakes(found.key)]))

    def _topics(self, interaction: discord.Interaction[Any], text: str, *, limit: int) -> list[Topic]:
        """The topics whose key or title holds `text`, in English, in the reader's language or
        in the table's (issue 12 item 4), best first: a title that starts with it."""
        table = self.bot.manager.table(interaction.channel_id or 0)
        readers = {reply_tr(interaction, table), post_tr(table)}
        needle = _fold(text)
        ranked: list[tuple[bool, str, Topic]] = []
        for t in TOPICS.values():
            titles = [_fold(t.title), *(_fold(texts.topic_title(tr, t)) for tr in readers)]
            if needle in t.key or any(needle in title for title in titles):
                ranked.append((not any(title.startswith(needle) for title in titles), t.title, t))
        return [t for *_, t in sorted(ranked, key=lambda r: (r[0], r[1]))][:limit]

    def rules_choices(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        tr = self._reader(interaction)
        return [
            app_commands.Choice(name=texts.clip(texts.topic_title(tr, t), 100), value=t.key)
            for t in self._topics(interaction, current, limit=25)
        ]

    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await replies.say(interaction, texts.help_text(self._reader(interaction)))  # one message in every language

    async def about(self, interaction: discord.Interaction[Any]) -> None:
        """`/caylus-about`: the version, uptime, servers and tables, and the invite link."""
        tables = self.bot.manager.tables()
        playing = sum(1 for t in tables if t.is_started)
        waiting = sum(1 for t in tables if t.is_open)
        f = self.bot.facts(playing, waiting)
        said = texts.about(
            self._reader(interaction), version=f.version, uptime_s=f.uptime_s, servers=f.servers,
            playing=f.playing, waiting=f.open, invite=f.invite,
        )  # fmt: skip
        await replies.say(interaction, said)

    async def language(
        self, interaction: discord.Interaction[Any], language: str | None, *, clear: bool = False
    ) -> None:
        """`/caylus language`: set (`language`), forget (`clear`) or show the reader's own
        language for private answers, kept in the store (bot/ui/lang.py)."""
        if not await replies.defer(interaction, thinking=True):
            return
        table = self.bot.manager.table(interaction.channel_id or 0)
        if clear or language is not None:
            chosen = None if clear else language
            await set_personal(self.bot.manager.store, self.bot.languages, interaction.user.id, chosen)
        tr = reply_tr(interaction, table)
        mine = personal_language(interaction)
        if clear:
            text = tr(texts.LANGUAGE_CLEARED)
        elif language is not None:
            text = tr(texts.LANGUAGE_SET).format(language=NAMES[language])
        elif mine is not None:
            text = texts.language_shown(tr, NAMES[mine])
        else:
            text = texts.language_none(tr)
        await replies.say(interaction, text)
