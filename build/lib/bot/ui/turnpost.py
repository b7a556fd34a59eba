"""The turn message: whose decision it is, with the decision's choices on it.

It carries the current decision's choices itself when they fit (bot/ui/chooser.py `turn_view`),
with More… (the private chooser), Board and, for the person who just chose, Undo; everyone sees
them, only the decider can use them. It pings its player once: a new turn message for someone
who did not make the last move. While the same player decides again (a favour's line, then its
effect) it is edited in place, without a ping; when it is no longer current it is deleted, so
the channel shows one turn message, except one whose decision an undo took back before its
player answered: that one is kept, its buttons gone, saying so (deleting a message that pinged
someone would leave a ghost ping). A reminder posts it again with a new ping.

`TurnPosts` is the Publisher's part (bot/ui/posting.py) that does this, with its own state; it
posts through the Publisher's `Sender`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

import discord

from bot.games import Manager, Pending, Refusal, Table
from bot.games.invites import INVITED_S
from bot.rules import Event

from . import ids, replies, texts
from .callbacks import Callbacks
from .chooser import turn_view
from .components import static_view
from .lang import post_tr
from .plan import then_items
from .sending import NO_MENTIONS, ChannelDown, Sender, Undeliverable
from .texts import plan as plan_words
from .texts import story as story_texts

log = logging.getLogger(__name__)

HAPPENED_LINES = 8
# A click whose result needs a new turn message is answered by posting it (one request instead of
# an acknowledgement and a post). In Discord's client such a post may show a small reference to
# the message clicked (which is then deleted); False posts it apart, at one request more.
POST_AS_ANSWER = True
SWEEP_DEPTH = 30  # messages looked through for turn messages of a previous process
OPEN_ID = re.compile(ids.OPEN_TEMPLATE)


def open_buttons_of(message: discord.Message) -> list[tuple[int, int]]:
    """(table, decision number) of each "Choose…" button a message carries."""
    out: list[tuple[int, int]] = []
    for row in message.components:
        for child in getattr(row, "children", ()):
            match = OPEN_ID.fullmatch(getattr(child, "custom_id", None) or "")
            if match is not None:
                out.append((int(match["table"]), int(match["seq"])))
    return out


def open_buttons(message: discord.Message) -> set[int]:
    """The tables whose "Choose…" button a message carries."""
    return {table for table, _ in open_buttons_of(message)}


def waits_on_person(table: Table) -> bool:
    """A started table whose pending decision is a person's."""
    pending = table.pending
    return table.is_active and pending is not None and not pending.is_ai and pending.user_id is not None


@dataclass(slots=True)
class TurnPost:
    """The turn message of a table: where it is and what it shows."""

    channel_id: int
    message_id: int
    user_id: int
    number: int  # the decision number it shows
    lines: list[str] = field(default_factory=list)
    name: str = ""  # its player's name
    undo_seq: int | None = None  # the number its Undo button carries (None: no Undo)


@dataclass(slots=True)
class TurnPlan:
    """What the turn message says now."""

    content: str
    view: discord.ui.View
    lines: list[str]
    in_place: bool  # edit the one in the channel
    ping: bool
    undo_seq: int | None
    reminder: bool = False
    invited: tuple[int, ...] = ()  # people called at once with its player (bot.games.invites): pinged too


class TurnPosts:
    """The Publisher's turn messages, one per table."""

    def __init__(
        self,
        client: discord.Client,
        manager: Manager,
        out: Sender,
        retry_delays: tuple[float, ...],
        retire_table: Callable[[Table], Awaitable[None]],
    ) -> None:
        self.client = client
        self.manager = manager
        self.retry_delays = retry_delays
        self._out = out
        self._retire = retire_table  # a table ended: the Publisher forgets it (and calls retire_turn)
        self._closing = False
        self._turns: dict[int, TurnPost] = {}  # table id -> its turn message
        self._swept: set[int] = set()  # tables whose older turn messages were looked for
        self._stale: set[int] = set()  # tables whose turn message could not be shown meanwhile
        self._advancing: set[int] = set()  # tables whose AI seat is retried
        self.callbacks: Callbacks | None = None  # DMs, quiet hours (the Publisher sets it)
        # what orders played and whom a result invited, until a turn message of the table shows
        # them (a result superseded before its post, or followed by an AI seat's decision, shows
        # none: the next turn message says it)
        self._unsaid: dict[int, list[str]] = {}
        # table -> (kind, round, users, those of them named, not pinged)
        self._invites: dict[int, tuple[str, int, tuple[int, ...], frozenset[int]]] = {}

    def began(self, table_id: int) -> None:
        """The table's game begins: no older turn message of it can be in the channel."""
        self._swept.add(table_id)

    def turn_of(self, table_id: int) -> TurnPost | None:
        return self._turns.get(table_id)

    def tracks(self, table_id: int) -> bool:
        kept = (self._turns, self._swept, self._stale, self._advancing, self._unsaid, self._invites)
        return any(table_id in x for x in kept)

    def close(self) -> None:
        """No AI seat is retried any more."""
        self._closing = True

    def _view(
        self, table: Table, current: Pending, undo_seq: int | None, actor_id: int | None = None
    ) -> tuple[discord.ui.View, bool]:
        then = then_items(table, actor_id, 0) if actor_id is not None and actor_id != current.user_id else []
        return turn_view(
            table.id, current.number, current.decision, table.game, undo_seq=undo_seq, then=then, tr=post_tr(table)
        )

    def _content(self, table: Table, current: Pending, lines: Sequence[str], here: bool, **kw: bool) -> str:
        return texts.turn_message(post_tr(table), table, current, lines, choices_here=here, **kw)

    async def update_turn(
        self,
        table: Table,
        pending: Pending | None,
        events: Sequence[Event],
        actor_id: int | None,
        *,
        reminder: bool = False,
        note: str = "",
        said: str = "",
        answer: replies.OpenAnswer | None = None,
        invited: tuple[str, tuple[int, ...]] = ("", ()),
        quiet: tuple[int, ...] = (),
        placed: bool = False,
    ) -> None:
        """`note`: an undo's, shown on the turn message (and on the kept one it took back);
        `said`: what a plan, a declaration or a standing order played, shown on it too (or on
        the next turn message shown, if this one is not); `invited`: the seats called at once
        (bot.games.invites), mentioned on it (`quiet`: those of them named, not pinged); `placed`: `actor_id` has just placed a worker
        (their "then:" buttons go on it)."""
        # The table is never seen half changed: a move replaces its game only once committed.
        if said:
            self._unsaid[table.id] = (self._unsaid.get(table.id, []) + [said])[-HAPPENED_LINES:]
        kind, seats = invited
        if kind and table.game is not None:
            users = tuple(u for x in seats if (u := table.seats[x].user_id) is not None)
            hushed = frozenset(u for x in quiet if (u := table.seats[x].user_id) is not None)
            self._invites[table.id] = (kind, table.game.state.round, users, hushed)
        current = table.pending
        if pending is None or current is None:
            if not table.is_active:
                await self._retire(table)
            return
        if current.number != pending.number:
            return  # superseded: a later publication shows the decision after this one
        if current.is_ai or current.user_id is None:
            self._advance_later(table)
            return
        if table.channel_id in self._out.down:
            self._stale.add(table.id)  # shown when posting resumes
            return
        said = "\n".join(self._unsaid.get(table.id, []))
        prev = self._turns.get(table.id)
        missed = None
        if prev is None or prev.user_id != current.user_id:  # a player called: what they missed
            missed = await self.manager.since_last(table.channel_id, current.seat)
        plan = self._plan_turn(
            table, current, events, actor_id, reminder, "\n".join(x for x in (said, note) if x), missed, placed=placed
        )
        if plan is not None:
            self._unsaid.pop(table.id, None)
            await self._show_turn(table, current, plan, note, answer)

    def _plan_turn(
        self,
        table: Table,
        current: Pending,
        events: Sequence[Event],
        actor_id: int | None,
        reminder: bool,
        note: str,
        missed: Sequence[Event] | None = None,
        *,
        placed: bool = False,
    ) -> TurnPlan | None:
        prev = self._turns.get(table.id)
        if prev is not None and prev.number == current.number and not reminder:
            return None  # already shown
        happened = ([note] if note else []) + texts.just_happened(post_tr(table), events, HAPPENED_LINES)
        latest = prev is not None and self._out.latest.get(table.channel_id) == prev.message_id
        lines = (prev.lines + happened)[-HAPPENED_LINES:] if prev is not None and latest else happened
        if missed is not None:  # a player called again: what they missed since their last move (issue 24)
            lines = ([note] if note else []) + story_texts.since_lines(post_tr(table), missed, current.seat)
        if prev is not None and prev.number == current.number:
            lines = prev.lines
        undo_seq = None
        if actor_id is not None and self.manager.can_undo(table.channel_id, actor_id):
            undo_seq = current.number
        view, here = self._view(table, current, undo_seq, actor_id if placed else None)
        content = self._content(table, current, lines, here, reminder=reminder)
        invited = self._invited(table, current)
        if invited:
            content = texts.clip(f"{content}\n{plan_words.invite_line(post_tr(table), invited[0], invited[1])}")
        in_place = prev is not None and latest and prev.user_id == current.user_id and not reminder and not invited
        # someone invited a while ago, not back since, is not pinged again: the invitation called them
        awaited = table.awaited(current.seat, self.manager.clock(), INVITED_S)
        ping = reminder or (current.user_id != actor_id and not awaited)
        pinged = tuple(u for u in invited[1] if u not in invited[2]) if invited else ()
        return TurnPlan(content, view, lines, in_place, ping, undo_seq, reminder, pinged)

    def _invited(self, table: Table, current: Pending) -> tuple[str, tuple[int, ...], frozenset[int]] | None:
        """The invitation waiting for the table's next turn message: still of this round and of
        the kind of decision it was made at (to plan at a placement, to declare at the provost),
        without the person whose turn it is."""
        kept = self._invites.pop(table.id, None)
        game = table.game
        if kept is None or game is None:
            return None
        kind, round_, users, hushed = kept
        now = "plan" if current.decision.kind == "place" else "provost" if current.decision.kind == "provost" else ""
        users = tuple(u for u in users if u != current.user_id)
        return (kind, users, hushed) if kind == now and round_ == game.state.round and users else None

    async def _show_turn(
        self,
        table: Table,
        current: Pending,
        plan: TurnPlan,
        note: str = "",
        answer: replies.OpenAnswer | None = None,
    ) -> None:
        """Edit the turn message in place or post a new one (deleting the old); `answer`: the
        click whose result this is, answered by that edit or post when it is still open."""
        assert current.user_id is not None
        prev = self._turns.get(table.id)
        if plan.in_place and prev is not None:
            clicked = answer.take() if answer is not None and answer.message_id == prev.message_id else None
            done = clicked is not None and await replies.update_clicked(clicked, plan.content, view=plan.view)
            if clicked is not None and not done:
                await replies.defer(clicked)
            done = done or await self._edit(prev, plan.content, plan.view)
            if done:
                prev.number, prev.lines, prev.undo_seq = current.number, plan.lines, plan.undo_seq
                return
        ping = plan.ping
        invited = list(plan.invited)
        if self.callbacks is not None:  # where people want call backs (bot/ui/callbacks.py)
            if ping:
                call = await self.callbacks.turn(table, current, reminder=plan.reminder)
                ping = call.channel
                if call.note:
                    plan.content = texts.clip(plan.content + "\n" + call.note)
            invited = await self.callbacks.in_channel(invited)
        called = ([current.user_id] if ping else []) + invited
        mentions = (
            discord.AllowedMentions(users=[discord.Object(u) for u in called], everyone=False, roles=False)
            if called
            else NO_MENTIONS
        )
        clicked = answer.take() if answer is not None and POST_AS_ANSWER else None
        message_id = None
        if clicked is not None:
            message_id = await replies.post_as_answer(clicked, plan.content, view=plan.view, mentions=mentions)
        if message_id is not None:
            self._out.posted(table.channel_id, message_id)
        else:
            if clicked is not None:
                await replies.defer(clicked)
            try:
                message_id = await self._out.send(table.channel_id, plan.content, view=plan.view, mentions=mentions)
            except ChannelDown:
                self._stale.add(table.id)
                return
            except Undeliverable as e:
                log.warning("table %d: the turn message was not posted: %s", table.id, e)
                return
        if invited:  # their ping is sent: remembered (stored), so nothing pings them again soon
            seats = [seat.seat for u in invited if (seat := table.seat_of(u)) is not None]
            await self.manager.remember_invited(table.id, seats, self.manager.clock())
        self._turns[table.id] = TurnPost(
            table.channel_id, message_id, current.user_id, current.number, plan.lines, current.name, plan.undo_seq
        )
        if prev is not None and note and prev.user_id != current.user_id:
            # an undo took its decision back before its player answered: no ghost ping
            await self._edit(prev, texts.clip(texts.taken_back_turn(post_tr(table), note, prev.name)), static_view())
        elif prev is not None:
            await self._delete(prev)
        elif table.id not in self._swept:
            self._swept.add(table.id)
            await self._sweep(table, message_id)

    async def restore_turn(self, table: Table) -> None:
        """After a restart: adopt the table's turn message in the channel if it shows the current
        decision (no new post, no second ping); otherwise post the current one (which pings)."""
        current = table.pending
        if current is None or current.is_ai or current.user_id is None or table.id in self._turns:
            await self.update_turn(table, current, [], None)
            return
        me = self.client.user
        channel = self.client.get_partial_messageable(table.channel_id)
        found: list[tuple[discord.Message, int]] = []  # the table's turn messages, newest first
        newest_id: int | None = None
        try:
            async for message in channel.history(limit=SWEEP_DEPTH):
                newest_id = message.id if newest_id is None else newest_id
                if me is not None and message.author.id == me.id:
                    found += [(message, seq) for t, seq in open_buttons_of(message) if t == table.id]
        except discord.HTTPException as e:
            log.info("table %d: its turn message could not be looked for: %s", table.id, e)
        if found and found[0][1] == current.number:
            message = found[0][0]
            self._turns[table.id] = TurnPost(
                table.channel_id, message.id, current.user_id, current.number, name=current.name
            )
            if newest_id == message.id:
                self._out.posted(table.channel_id, message.id)
            self._swept.add(table.id)
            for old, _ in found[1:]:
                await self._delete(TurnPost(table.channel_id, old.id, 0, -1))
            return
        await self.update_turn(table, current, [], None)

    async def refresh_turn(self, table: Table) -> None:
        """Posting resumed: the turn message without the note, or a new one (with its ping) when
        the channel's one is not for the current decision."""
        current = table.pending
        prev = self._turns.get(table.id)
        stale = table.id in self._stale
        self._stale.discard(table.id)
        if current is not None and prev is not None and prev.number == current.number and not stale:
            view, here = self._view(table, current, prev.undo_seq)
            await self._edit(prev, self._content(table, current, prev.lines, here), view)
            return
        await self.update_turn(table, current, [], None)

    async def give_up(self, channel_id: int, error: discord.HTTPException) -> None:
        """A permission is lost in the channel: stop posting there (one log line) and say so on
        the table's turn message (an edit: the bot may still edit its own messages)."""
        log.warning(
            "channel %d: cannot post there (%s); giving up until the permission is back"
            " (a button or a /caylus command used there resumes posting)",
            channel_id,
            error,
        )
        table = self.manager.table(channel_id)
        current = table.pending if table is not None else None
        prev = self._turns.get(table.id) if table is not None else None
        if table is None or prev is None or current is None or current.user_id is None:
            return
        view, here = self._view(table, current, None)
        content = self._content(table, current, prev.lines if prev.number == current.number else [], here)
        note = texts.cannot_post_note(post_tr(table), self._out.missing(channel_id))
        await self._edit(prev, texts.clip(f"{content}\n\n{note}"), view)
        if prev.number != current.number:
            self._stale.add(table.id)  # its ping is still owed
        else:
            prev.undo_seq = None

    async def _sweep(self, table: Table, newest: int) -> None:
        """The first turn message since a restart: delete the table's turn messages posted
        before it (the previous process knew them; this one does not)."""
        me = self.client.user
        channel = self.client.get_partial_messageable(table.channel_id)
        try:
            async for old in channel.history(limit=SWEEP_DEPTH, before=discord.Object(newest)):
                if me is not None and old.author.id == me.id and table.id in open_buttons(old):
                    await old.delete()
        except discord.HTTPException as e:
            log.info("table %d: older turn messages could not be looked for: %s", table.id, e)

    async def retire_turn(self, table_id: int) -> None:
        """The table ended: its turn message goes, and so does all kept of its turns."""
        for kept in (self._swept, self._stale, self._advancing):
            kept.discard(table_id)
        self._unsaid.pop(table_id, None)
        self._invites.pop(table_id, None)
        prev = self._turns.pop(table_id, None)
        if prev is not None:
            await self._delete(prev)

    def _advance_later(self, table: Table) -> None:
        """The table waits on an AI seat whose move could not be saved: try again later."""
        if table.id in self._advancing or self._closing:
            return
        self._advancing.add(table.id)

        async def retry() -> None:
            try:
                await asyncio.sleep(self.retry_delays[0])
                await self.manager.advance(table.channel_id)  # its result comes back through publish
            except Refusal:
                return
            except Exception:
                log.exception("table %d: the AI seat could not play", table.id)
                return
            finally:
                self._advancing.discard(table.id)

        asyncio.create_task(retry(), name=f"caylus-ai-{table.id}")

    # ----- Discord calls (bot.ui.sending) ----------------------------------------------------

    async def _edit(self, post: TurnPost, content: str, view: discord.ui.View) -> bool:
        return await self._out.edit(post.channel_id, post.message_id, content, view)

    async def _delete(self, post: TurnPost) -> None:
        await self._out.delete(post.channel_id, post.message_id)

