"""Playing: the chooser, choice clicks and the move commands all end in `Play.act`.

`act` is the one path from Discord to `manager.act`: acknowledge first (storage and AI seats can
take longer than Discord's 3 seconds), check that the game can be posted here, apply (the games
layer takes the table's lock and hands the result to the publisher, in the order of decision
numbers; this layer holds no lock of its own), then tell the player what was done — and, when
the next decision is theirs too (a favour's line, then its effect), show it right there. The
confirmation never waits for a board image.

A choice clicked on the turn message itself (`_choose_here`) takes a shorter path to the same
`manager.act`: the click is answered by the post its result makes (the next turn message, or the
turn message edited in place), or acknowledged silently if that post is not out within
`ANSWER_WAIT_S` of the click; the clicker gets a private reply only when refused.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.games import (
    CannotUndo,
    MovedOnSince,
    Pending,
    Refusal,
    StaleDecision,
    Table,
    pending_for,
)
from bot.i18n import Translation
from bot.rules import Code, kind_facts

from . import choice_labels, replies, texts
from .chooser import chooser_view
from .host import Host
from .lang import reply_tr

log = logging.getLogger(__name__)

NOT_NOW = "?"  # autocomplete value when the command cannot be used now: act explains why
# How long after it was made a click on the turn message may wait for the post its result makes
# (which then answers it: one request instead of two) before it is acknowledged silently. Its
# bound is Discord's 3 s for a first answer, less room for the post's own round trip; a person
# sees the result no later for it (the silent acknowledgement only stops the button's spinner
# sooner): at 100 busy tables, 0.05 s answered almost every click silently, at one request more
# each, and made the next turn message later (p50 293 against 239 ms; docs/benchmarks.md).
ANSWER_WAIT_S = 1.0


def chooser_for(
    table: Table, pending: Pending, *, note: str = "", tr: Translation = choice_labels.ENGLISH
) -> tuple[str, discord.ui.View]:
    """The chooser message of a pending decision, in `tr`'s words: its text and its components."""
    return (
        texts.chooser_header(tr, table, pending.decision, note=note),
        chooser_view(table.id, pending.decision, table.game, tr=tr, orders=table.orders.get(pending.decision.player)),
    )


async def table_of_click(bot: Host, interaction: discord.Interaction[Any], table_id: int) -> Table | None:
    """The table a component names, when it was pressed in that table's own channel (a component
    acts only there, and authority is the table's channel's); otherwise None, the person told why."""
    table = bot.manager.table_by_id(table_id)
    if table is None:
        await replies.say(interaction, texts.table_gone())
        return None
    if table.channel_id != interaction.channel_id:
        await replies.say(interaction, texts.other_channel(reply_tr(interaction, table)))
        return None
    bot.publisher.seen(interaction)
    return table


def on_channel_message(interaction: discord.Interaction[Any]) -> bool:
    """A click on a message everyone sees (the turn message), not on a private chooser: the
    publisher updates that message; the clicker gets no private reply unless refused."""
    message = interaction.message
    return (
        interaction.type is discord.InteractionType.component
        and message is not None
        and not message.flags.ephemeral
    )


def provost_code(value: str) -> str:
    """`2`, `+2`, `-1`, `0` → the notation (`+2`, `-1`, `0`)."""
    text = value.strip().replace("−", "-")
    try:
        k = int(text)
    except ValueError:
        return text
    return Code.provost(k).text


class Play:
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    # ----- components ------------------------------------------------------------------------

    async def open_chooser(self, interaction: discord.Interaction[Any], table_id: int, seq: int) -> None:
        """The "Choose…" button: the player's current chooser, only for them."""
        table = await table_of_click(self.bot, interaction, table_id)
        if table is None:
            return
        try:
            pending = pending_for(table, interaction.user.id)
        except Refusal as r:
            await replies.refuse(interaction, r, table=table)
            return
        tr = reply_tr(interaction, table)
        note = "" if pending.number == seq else tr(texts.MOVED_ON)
        content, view = chooser_for(table, pending, note=note, tr=tr)
        await replies.say(interaction, content, view=view)

    async def choose(self, interaction: discord.Interaction[Any], table_id: int, seq: int, code: str) -> None:
        """A choice button or select of the turn message or of a chooser."""
        if on_channel_message(interaction):
            await self._choose_here(interaction, table_id, seq, code)
            return
        if not await replies.defer(interaction):
            return
        table = await table_of_click(self.bot, interaction, table_id)
        if table is None:
            return
        await self.act(interaction, table.channel_id, seq, code, table_id=table.id)

    async def _choose_here(self, interaction: discord.Interaction[Any], table_id: int, seq: int, code: str) -> None:
        """A choice on the turn message: the publisher answers the click with the post of its
        result when that comes within `ANSWER_WAIT_S`; otherwise it is acknowledged silently.
        A refusal is answered privately."""
        table = self.bot.manager.table_by_id(table_id)
        if table is None or table.channel_id != interaction.channel_id:
            await table_of_click(self.bot, interaction, table_id)  # says why
            return
        answer = replies.OpenAnswer(interaction, seq)
        publisher = self.bot.publisher
        publisher.expect(table.id, answer)
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        wait = min(ANSWER_WAIT_S, max(0.0, ANSWER_WAIT_S - age))
        answer.defer_in(wait)
        try:
            publisher.seen(interaction)
            replies.require_posting(interaction)
            await self.bot.manager.act(table.channel_id, interaction.user.id, seq, code, table_id=table.id)
            publisher.unexpect(table.id, answer)  # published by now (under the table's lock)
        except Refusal as r:
            publisher.unexpect(table.id, answer)
            view = None
            pending = table.pending
            if isinstance(r, StaleDecision) and pending is not None and pending.user_id == interaction.user.id:
                _, view = chooser_for(table, pending, tr=reply_tr(interaction, table))
            if answer.take() is None:
                await answer.deferred()
            await replies.refuse(interaction, r, view=view, table=table)
        except Exception:
            publisher.unexpect(table.id, answer)
            log.exception("channel %d: a move (%s) failed", table.channel_id, code)
            if answer.take() is None:
                await answer.deferred()
            await replies.say(interaction, texts.internal_error())

    async def board(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The Board button: the board as it stands, only for the person who asks."""
        table = await table_of_click(self.bot, interaction, table_id)
        if table is None:
            return
        await self.bot.info.show_board(interaction, table, public=False)

    # ----- commands --------------------------------------------------------------------------

    async def command(self, interaction: discord.Interaction[Any], code: str) -> None:
        """`/caylus place`, `/caylus pass`, `/caylus provost`: answer the current decision."""
        if not await replies.defer(interaction, thinking=True):
            return
        channel_id = interaction.channel_id or 0
        table = self.bot.manager.table(channel_id)
        decision = table.decision if table is not None else None
        await self.act(interaction, channel_id, decision.seq if decision else -1, code)

    def autocomplete(
        self, interaction: discord.Interaction[Any], current: str, group: str, *, skip: tuple[str, ...] = ()
    ) -> list[app_commands.Choice[str]]:
        """The legal choices of the user's pending decision if its kind is of `group`, matching what
        was typed; otherwise one entry saying why the command cannot be used now."""
        table = self.bot.manager.table(interaction.channel_id or 0)
        if table is None:
            return [app_commands.Choice(name=reply_tr(interaction, None)(texts.NO_TABLE_HERE), value=NOT_NOW)]
        tr = reply_tr(interaction, table)
        try:
            pending = pending_for(table, interaction.user.id)
        except Refusal as r:
            return [app_commands.Choice(name=texts.clip(r.text(tr=tr), 100), value=NOT_NOW)]
        decision = pending.decision
        if kind_facts(decision.kind).group != group:
            return [app_commands.Choice(name=texts.not_now(tr, table.game.prompt(tr, decision) if table.game else decision.prompt), value=NOT_NOW)]
        out = []
        for c in choice_labels.suggest(table.game, decision, current):
            if c.code in skip:
                continue
            name = choice_labels.describe(table.game, decision.kind, c, decision.player, tr).line(100)
            out.append(app_commands.Choice(name=name, value=c.code))
        return out[:25]

    # ----- the one path to the manager -------------------------------------------------------

    async def act(
        self, interaction: discord.Interaction[Any], channel_id: int, seq: int, code: str, *, table_id: int | None = None
    ) -> None:
        """Apply `code` to decision `seq` at the channel's table (or at table `table_id`, which
        the clicked component names) as the interaction's user, post the result in the channel
        and tell the user (the interaction is already deferred)."""
        user_id = interaction.user.id
        manager = self.bot.manager
        try:
            replies.require_posting(interaction)
            self.bot.publisher.seen(interaction)
            result = await manager.act(channel_id, user_id, seq, code, table_id=table_id)
            pending = result.table.pending  # now, which may already be later than the result's
            can_undo = pending is not None and manager.can_undo(channel_id, user_id)
        except StaleDecision as r:
            view = None
            table = manager.table(channel_id) if table_id is None else manager.table_by_id(table_id)
            pending = table.pending if table is not None else None
            if table is not None and pending is not None and pending.user_id == user_id:
                _, view = chooser_for(table, pending, tr=reply_tr(interaction, table))
            await replies.refuse(interaction, r, view=view, table=table)
            return
        except Refusal as r:
            await replies.refuse(interaction, r, table=manager.table(channel_id))
            return
        except Exception:
            log.exception("channel %d: a move (%s) failed", channel_id, code)
            await replies.say(interaction, texts.internal_error())
            return
        tr = reply_tr(interaction, result.table)
        label = texts.whole_label(tr, result.moves[0].label) if result.moves else code
        await self._show_next(
            interaction, result.table, pending, texts.chosen(label), can_undo=can_undo, tr=tr
        )

    async def _show_next(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        pending: Pending | None,
        done: str,
        *,
        can_undo: bool,
        tr: Translation = choice_labels.ENGLISH,
    ) -> None:
        """What was done, then the person's next decision if it is theirs (with Undo while
        their last choice can be taken back)."""
        user_id = interaction.user.id
        mine = pending is not None and pending.user_id == user_id and not pending.is_ai
        header = texts.chooser_header(tr, table, pending.decision) if mine and pending else None
        undo_seq = pending.number if can_undo and pending is not None else None
        view = None
        if mine or undo_seq is not None:
            decision = pending.decision if mine and pending else None
            orders = table.orders.get(decision.player) if decision is not None else None
            view = chooser_view(table.id, decision, table.game, undo_seq=undo_seq, tr=tr, orders=orders)
        content = texts.after_choice(tr, table, done, pending, header)
        await replies.show(interaction, content, view=view)

    # ----- undo and take-back ----------------------------------------------------------------

    async def undo(self, interaction: discord.Interaction[Any], table_id: int | None, seq: int | None) -> None:
        """The Undo button (`seq`: the decision pending right after the choice; the button is
        out of date once someone acted) or `/caylus undo` (no table id, no seq)."""
        if not await replies.defer(interaction, thinking=table_id is None):
            return
        manager = self.bot.manager
        if table_id is not None:
            table = await table_of_click(self.bot, interaction, table_id)
            if table is None:
                return
        else:
            table = manager.table(interaction.channel_id or 0)
            if table is None:
                await replies.say(interaction, texts.table_gone())
                return
            self.bot.publisher.seen(interaction)
        user_id = interaction.user.id
        tr = reply_tr(interaction, table)
        try:
            result = await manager.undo(table.channel_id, user_id, seq, table_id=table.id)
            pending = table.pending
        except MovedOnSince:
            await replies.refuse(interaction, CannotUndo(tr(texts.UNDO_TOO_LATE)), table=table)
            return
        except Refusal as r:
            await replies.refuse(interaction, r, table=table)
            return
        if on_channel_message(interaction):
            return  # the turn message comes back to the person, with their decision
        label = texts.whole_label(tr, result.undone.label) if result.undone else ""
        await self._show_next(interaction, table, pending, texts.undone(tr, label), can_undo=False, tr=tr)

    async def take_back(self, interaction: discord.Interaction[Any]) -> None:
        """`/caylus takeback`: the person plays their seat again after the AI took it over."""
        if not await replies.defer(interaction, thinking=True):
            return
        channel_id = interaction.channel_id or 0
        self.bot.publisher.seen(interaction)
        try:
            table = await self.bot.manager.take_back(channel_id, interaction.user.id)
            pending = table.pending
        except Refusal as r:
            await replies.refuse(interaction, r)
            return
        if pending is not None and pending.user_id == interaction.user.id:
            self.bot.publisher.show_turn(table)
        tr = reply_tr(interaction, table)
        await self._show_next(interaction, table, pending, texts.seat_back(tr), can_undo=False, tr=tr)
