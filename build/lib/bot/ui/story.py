"""The story of a game on Discord (issue 24): any past board (`/caylus-game board round:N phase:P`,
and Previous / Next on a private board), the log of a round or a player, the replay and the
game's record. Everything is rebuilt from the store's log (bot/games/past.py) and drawn in the
render pool, never on the event loop; each answer is private unless asked `public`.
"""

from __future__ import annotations

import io
import logging
from collections import OrderedDict
from typing import Any

import discord

from bot.games import NoTable, NotStarted, Past, PhaseReport, Table, board_png, replay_gif
from bot.i18n import Translation

from . import replies, texts
from .components import BoardButton, PastButton, static_view
from .host import Host
from .lang import reply_tr
from .texts import story as words

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
PASTS = 16  # the pasts kept in memory (a game that moves on is read again)
MAX_FILE = 10 * 1024 * 1024  # Discord's attachment limit


class Story:
    """The past of the channel's games, as the Info flow shows it."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._pasts: OrderedDict[int, Past] = OrderedDict()  # table id -> its past, newest last

    async def table(self, interaction: Interaction, table_id: int | None = None) -> Table | None:
        """The channel's table (the last one, finished too), or the one `table_id` names if it is
        still the channel's; None when the person was told there is none (or not that one)."""
        manager = self.bot.manager
        channel_id = interaction.channel_id or 0
        table = manager.table(channel_id)
        if table is None or (table_id is not None and table.id != table_id):
            table = await manager.last_table(channel_id)
        if table_id is not None and (table is None or table.id != table_id or table.is_abandoned):
            # a button of an earlier table of the channel (abandoned, or followed by another)
            await replies.say(interaction, texts.table_gone(reply_tr(interaction, None)))
            return None
        if table is None or table.is_abandoned:
            await replies.refuse(interaction, NoTable())
            return None
        if table.game is None:
            await replies.refuse(interaction, NotStarted(), table=table)
            return None
        return table

    async def past(self, table: Table) -> Past | None:
        """The table's past, read from the store once per move."""
        kept = self._pasts.get(table.id)
        if kept is not None and table.game is not None and kept.history == tuple(table.game.state.history):
            self._pasts.move_to_end(table.id)
            return kept
        past = await self.bot.manager.past(table.channel_id)
        if past is None or past.table_id != table.id:
            return None
        self._pasts[table.id] = past
        while len(self._pasts) > PASTS:
            self._pasts.popitem(last=False)
        return past

    async def table_and_past(self, interaction: Interaction, table_id: int | None = None) -> tuple[Table, Past] | None:
        """`table(interaction, table_id)` and its past; None once the person was told why not
        (no table, or its past could not be read: a newer table took the channel meanwhile)."""
        table = await self.table(interaction, table_id)
        if table is None:
            return None
        past = await self.past(table)
        if past is None:
            await replies.say(interaction, texts.table_gone(reply_tr(interaction, table)))
            return None
        return table, past

    # ----- past boards ---------------------------------------------------------------------------

    async def board(
        self, interaction: Interaction, *, rnd: int, phase: int | None, public: bool = False
    ) -> None:
        """`/caylus-game board round:N phase:P`: the board as the round message showed it after that
        phase (without `phase`: after the round's last phase reported)."""
        if not await replies.defer(interaction, thinking=True, public=public):
            return
        seen = await self.table_and_past(interaction)
        if seen is None:
            return
        table, past = seen
        tr = reply_tr(interaction, table)
        index = past.find(rnd, phase)
        if index is None:
            await replies.say(interaction, tr(words.LOG_NO_ROUND).format(round=rnd))
            return
        await self._send_board(interaction, table, past, index, tr, public=public)

    async def step(self, interaction: Interaction, table_id: int, index: int) -> None:
        """Previous / Next on a private board: the message shows the board of report `index`."""
        if not await replies.defer(interaction):
            return
        seen = await self.table_and_past(interaction, table_id)
        if seen is None:
            return
        table, past = seen
        tr = reply_tr(interaction, table)
        index = max(0, min(index, len(past.reports) - 1))
        png = await self._draw(interaction, past, index, tr)
        if png is None:
            return
        report = past.phase_reports()[index]
        try:
            await interaction.edit_original_response(
                content=words.past_caption(tr, report, index, len(past.reports)),
                attachments=[discord.File(io.BytesIO(png), filename=report.filename)],
                view=navigation(table.id, index, len(past.reports), tr),
            )
        except discord.HTTPException as e:
            log.warning("a past board could not be shown: %s", e)

    async def _draw(self, interaction: Interaction, past: Past, index: int, tr: Translation) -> bytes | None:
        try:
            png = await self.bot.manager.draw_past(board_png, past, index)
        except Exception:
            log.exception("table %d: past board %d could not be drawn", past.table_id, index)
            png = None
        if png is None:
            await replies.say(interaction, tr(words.DRAWING_FAILED))
        return png

    async def _send_board(
        self, interaction: Interaction, table: Table, past: Past, index: int, tr: Translation, *, public: bool
    ) -> None:
        png = await self._draw(interaction, past, index, tr)
        if png is None:
            return
        report = past.phase_reports()[index]
        try:
            await interaction.followup.send(
                words.past_caption(tr, report, index, len(past.reports)),
                file=discord.File(io.BytesIO(png), filename=report.filename),
                view=navigation(table.id, index, len(past.reports), tr),
                ephemeral=not public,
            )
        except discord.HTTPException as e:
            log.warning("a past board could not be posted: %s", e)

    # ----- the log, the replay, the record --------------------------------------------------------

    async def round_log(self, interaction: Interaction, rnd: int | None, player: str | None, count: int) -> None:
        """`/caylus-game log round:N player:P`: a round's reports (or the latest events), only what
        `player` did if given, in an embed (4,096 characters: a whole round fits)."""
        if not await replies.defer(interaction, thinking=True):
            return
        table = await self.table(interaction)
        if table is None:
            return
        tr = reply_tr(interaction, table)
        seat = None
        if player is not None:
            wanted = player.strip().casefold()
            seat = next((s.seat for s in table.seats if s.name.casefold() == wanted), None)
            if seat is None:
                await replies.say(interaction, tr(words.LOG_NO_PLAYER).format(player=texts.name(player)))
                return
        if rnd is None:
            assert seat is not None
            events = self.bot.manager.recent_events(interaction.channel_id or 0, max(count, 60))
            lines = words.player_log(tr, events, seat)[-count:]
        else:
            past = await self.past(table)
            reports = [] if past is None else [r for r in past.phase_reports() if any(s.round == rnd for s in r.sections)]
            if not reports:
                await replies.say(interaction, tr(words.LOG_NO_ROUND).format(round=rnd))
                return
            sections = [
                PhaseReport(r.table_id, r.channel_id, r.seq, [s for s in r.sections if s.round == rnd]) for r in reports
            ]
            lines = words.round_log(tr, sections, seat)
        text = "\n".join(lines) or tr(words.LOG_NOTHING)
        while len(text) > texts.EMBED_TEXT and "\n" in text:
            text = text.split("\n", 1)[1]  # the newest lines
        embed = discord.Embed(description=text, colour=texts.ROUND_COLOUR)
        try:
            await interaction.followup.send(embed=embed, ephemeral=True)
        except discord.HTTPException as e:
            log.warning("the log could not be shown: %s", e)

    async def replay(self, interaction: Interaction, *, public: bool = False) -> None:
        """`/caylus-game replay`: the whole game so far as an animated image."""
        if not await replies.defer(interaction, thinking=True, public=public):
            return
        seen = await self.table_and_past(interaction)
        if seen is None:
            return
        table, past = seen
        tr = reply_tr(interaction, table)
        if not past.reports:
            await replies.say(interaction, tr(words.REPLAY_NONE))
            return
        try:
            gif = await self.bot.manager.draw_past(replay_gif, past)
        except Exception:
            log.exception("table %d: the replay could not be drawn", table.id)
            gif = None
        if gif is None:
            await replies.say(interaction, tr(words.DRAWING_FAILED))
            return
        if len(gif) > MAX_FILE:
            await replies.say(
                interaction,
                tr(words.REPLAY_TOO_BIG).format(mb=round(len(gif) / 2**20, 1), limit=MAX_FILE // 2**20),
            )
            return
        try:
            await interaction.followup.send(
                words.replay_caption(tr, past.rounds, len(past.reports)),
                file=discord.File(io.BytesIO(gif), filename=f"caylus-{table.id}-replay.gif"),
                ephemeral=not public,
            )
        except discord.HTTPException as e:
            log.warning("the replay could not be posted: %s", e)

    async def export(self, interaction: Interaction) -> None:
        """`/caylus-game export`: the game's record as a file (docs/notation.md, "A game record")."""
        if not await replies.defer(interaction, thinking=True):
            return
        seen = await self.table_and_past(interaction)
        if seen is None:
            return
        table, past = seen
        record = past.record().encode()
        try:
            await interaction.followup.send(
                words.export_caption(reply_tr(interaction, table)),
                file=discord.File(io.BytesIO(record), filename=f"caylus-{table.id}.txt"),
                ephemeral=True,
            )
        except discord.HTTPException as e:
            log.warning("the record could not be sent: %s", e)


def navigation(table_id: int, index: int, total: int, tr: Translation) -> discord.ui.View:
    """Previous / Next under past board `index` of `total` (Now, after the last one: the board
    as it stands; `index` == `total`: the board as it stands, with Previous alone)."""
    items: list[discord.ui.Item[Any]] = []
    if index > 0:
        items.append(PastButton(table_id, index - 1, label=tr(words.PREVIOUS_BUTTON)))
    if index + 1 < total:
        items.append(PastButton(table_id, index + 1, label=tr(words.NEXT_BUTTON)))
    elif index < total:
        items.append(BoardButton(table_id, label=tr(words.NOW_BUTTON)))
    return static_view(*items)
