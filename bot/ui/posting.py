"""Posting what the game did in its channel: phase reports, the turn message, the final scores.

`Publisher.publish(result)` is the one way an `ActResult` reaches Discord: the manager's listener
calls it for every result, under the table's lock, so a table's results are published in the
order of their decision numbers (`result.number`; an older one arriving after a newer one is
refused, never posted). It returns at once; the posting runs in a per-channel chain, so
everything published in one channel appears in the order it was published, and a slow or
failing channel never holds up another. A report waits in the chain for its board image (drawn
off the event loop); nothing else waits for it.

- A phase report is posted with its board image, then acknowledged by its own number
  (`manager.ack`). Sending retries what may pass later (bot/ui/sending.py: 5xx, network, 429);
  a report that still cannot be posted is kept, unacknowledged, and tried again with the table's
  next result, a while later, when posting resumes in its channel, or at the next start
  (`redeliver`); what comes after it (the turn message, later reports) is posted meanwhile.
- A channel where the bot lost a permission is given up after a few 403s: one log line, a note
  on the table's turn message (an edit), and no request there until someone uses the bot in the
  channel with the permission back (`seen`, from the play and lobby flows): then the kept
  reports and the current turn message (with the ping it owes) are posted.
- The turn message says whose decision it is, with a "Choose…" button. It pings that player
  once: a new turn message for someone who did not make the last move. While the same player
  decides again (a favour's line, then its effect), the turn message is updated in place, without
  a ping; when it is no longer current it is deleted, so the channel shows one turn message.
  A reminder (`remind`, from the manager's listener) posts it again with a new ping.
- `announce` puts a plain line in its place among the posts; a seat handed to the AI is announced
  after the result that handed it over.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.games import ActResult, GameResult, Manager, Pending, PhaseReport, Refusal, Seat, Table
from bot.rules import Event, final_scores, winners

from . import ids, replies, texts
from .chooser import open_view
from .orders import played_note
from .sending import NO_MENTIONS, RETRY_DELAYS, ChannelDown, Sender, Undeliverable

log = logging.getLogger(__name__)

HELD_TRIES = 3  # tries of a kept (failed) phase report in one process; then at the next start
HAPPENED_LINES = 8
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


def final_result(report: PhaseReport, table: Table | None) -> GameResult:
    """The final scores of the game a last report belongs to (from its own snapshot)."""
    state = report.state
    if state is None and table is not None and table.game is not None:
        state = table.game.state
    assert state is not None, "a game-over report without its state"
    names = [p.name for p in state.players]
    seats = list(table.seats) if table is not None else [Seat(i, n, None) for i, n in enumerate(names)]
    scores = final_scores(state)
    return GameResult(scores, winners(scores), seats)


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        manager: Manager,
        *,
        retry_delays: Sequence[float] = RETRY_DELAYS,
    ) -> None:
        self.client = client
        self.manager = manager
        self.retry_delays = tuple(retry_delays) or RETRY_DELAYS
        self._tails: dict[int, asyncio.Task[None]] = {}
        self._turns: dict[int, TurnPost] = {}  # table id -> its turn message
        self._numbers: dict[int, int] = {}  # table id -> the decision number last published
        self._advancing: set[int] = set()  # tables whose AI seat is retried
        self._swept: set[int] = set()  # tables whose older turn messages were looked for
        self._out = Sender(client, self.retry_delays, self._give_up)
        self._send = self._out.send
        self._latest = self._out.latest  # channel id -> the bot's last post there
        self._down = self._out.down  # channels given up (a permission lost) until it is back
        self._stale: set[int] = set()  # tables whose turn message could not be shown meanwhile
        self._held: dict[int, dict[int, PhaseReport]] = {}  # table id -> seq -> report kept
        self._tries: dict[tuple[int, int], int] = {}  # (table id, seq) -> failed tries
        self._half_posted: set[tuple[int, int]] = set()  # last reports posted, final scores not
        self._later: set[asyncio.Task[None]] = set()
        self._closing = False

    # ----- the surface -----------------------------------------------------------------------

    def publish(self, result: ActResult) -> asyncio.Task[None] | None:
        """Post what `result` did: why the game moved by itself first (`result.why`) or the undo,
        its phase reports (each acknowledged once posted), the final scores at the end, the turn
        message of the next decision, then the seats handed to the AI meanwhile. The person whose
        input produced it (`result.actor_id`) is not pinged. A result older than one already
        published for its table is refused (None): posts follow the decision numbers."""
        table = result.table
        last = self._numbers.get(table.id, -1)
        if result.number < last:
            log.warning("table %d: result %d published after %d; not posted", table.id, result.number, last)
            return None
        self._numbers[table.id] = result.number
        if result.opening:
            self._swept.add(table.id)  # no turn message of a new game can be in the channel yet
        note = result.missed.text(texts.plain) if result.missed else result.why or played_note(result) or None
        if result.undone is not None:
            note = texts.undone_public(result.undone.name, result.undone.label)

        async def job() -> None:
            if note:
                await self._line(table.channel_id, note)
            await self._deliver(result, result.actor_id)
            for seat in result.takeovers:
                await self._line(table.channel_id, texts.taken_over(table, seat.name))

        return self._enqueue(table.channel_id, job)

    def remind(self, pending: Pending) -> asyncio.Task[None]:
        """Half of a person's time has passed: a new turn message that pings them again."""
        table = self.manager.table_by_id(pending.table_id)

        async def job() -> None:
            if table is not None:
                await self._update_turn(table, pending, [], None, reminder=True)

        return self._enqueue(pending.channel_id, job)

    def show_turn(self, table: Table) -> asyncio.Task[None]:
        """Post (or update) the turn message of the table's pending decision."""

        async def job() -> None:
            await self._update_turn(table, table.pending, [], None)

        return self._enqueue(table.channel_id, job)

    def announce(self, channel_id: int, content: str) -> asyncio.Task[None]:
        """A line in the channel, in its place among the posts (no ping)."""

        async def job() -> None:
            await self._line(channel_id, content)

        return self._enqueue(channel_id, job)

    def seen(self, interaction: discord.Interaction[Any]) -> None:
        """Someone used the bot in a channel: if posting there was given up and the bot has its
        permissions back, posting resumes (the kept reports, then the current turn message)."""
        channel_id = interaction.channel_id
        if channel_id in self._down and not replies.missing_permissions(interaction):
            self.resume(channel_id)

    def resume(self, channel_id: int) -> asyncio.Task[None] | None:
        if not self._out.up(channel_id):
            return None
        log.info("channel %d: posting resumes", channel_id)
        table = self.manager.table(channel_id)

        async def job() -> None:
            if table is None:
                return
            for key in [k for k in self._tries if k[0] == table.id]:
                del self._tries[key]
            await self._retry_held(table.id)
            await self._refresh_turn(table)

        return self._enqueue(channel_id, job)

    async def redeliver(self) -> int:
        """After a restart: post the phase reports never acknowledged, then make sure that every
        started table waiting on a person shows that person's current turn message (the one in
        the channel is kept when it is already for the current decision; otherwise a new one
        pings them). Returns the number of reports found."""
        try:
            reports = await self.manager.undelivered_reports()
        except Exception:
            log.exception("the undelivered phase reports could not be read")
            reports = []
        by_table: dict[int, list[PhaseReport]] = {}
        for r in reports:
            by_table.setdefault(r.table_id, []).append(r)
        tables = {t.id: t for t in self.manager.tables()}
        for table_id in sorted(set(by_table) | set(tables)):
            table = tables.get(table_id)
            table_reports = by_table.get(table_id, [])
            if not table_reports and (table is None or not waits_on_person(table)):
                continue
            channel_id = table.channel_id if table is not None else table_reports[0].channel_id

            async def job(rs: list[PhaseReport] = table_reports, t: Table | None = table) -> None:
                for r in rs:
                    await self._post_report(r)
                if t is not None:
                    await self._restore_turn(t)

            self._enqueue(channel_id, job)
        if reports:
            log.info("re-posting %d phase report(s) of %d table(s)", len(reports), len(by_table))
        return len(reports)

    def forget_table(self, table: Table) -> asyncio.Task[None]:
        """The table ended without a result (abandoned): take its turn message away."""
        return self._enqueue(table.channel_id, lambda: self._retire(table.id))

    def tracks(self, table_id: int) -> bool:
        """Whether the publisher keeps anything of the table (a finished one: nothing)."""
        keyed = (self._numbers, self._turns, self._held)
        return any(table_id in kept for kept in (*keyed, self._swept, self._stale, self._advancing))

    def turn_of(self, table_id: int) -> TurnPost | None:
        return self._turns.get(table_id)

    async def idle(self) -> None:
        """Wait until everything published so far is posted (tests, shutdown)."""
        while self._tails:
            await asyncio.wait(list(self._tails.values()))

    async def close(self) -> None:
        """Stop posting: what is not posted yet stays unacknowledged for the next start."""
        self._closing = True
        tasks = list(self._tails.values()) + list(self._later)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)

    # ----- the per-channel chains ------------------------------------------------------------

    def _enqueue(self, channel_id: int, job: Callable[[], Awaitable[None]]) -> asyncio.Task[None]:
        before = self._tails.get(channel_id)

        async def run() -> None:
            if before is not None:
                await asyncio.wait([before])
            if self._closing:
                return
            try:
                await job()
            except ChannelDown:
                pass  # said once, when the channel was given up
            except Undeliverable as e:
                log.warning("channel %d: giving up a post: %s", channel_id, e)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("channel %d: posting failed", channel_id)

        task = asyncio.create_task(run(), name=f"caylus-post-{channel_id}")
        self._tails[channel_id] = task

        def done(t: asyncio.Task[None]) -> None:
            if self._tails.get(channel_id) is t:
                del self._tails[channel_id]

        task.add_done_callback(done)
        return task

    async def _deliver(self, result: ActResult, actor_id: int | None) -> None:
        await self._retry_held(result.table.id)
        for report in result.reports:
            await self._post_report(report)
        await self._update_turn(result.table, result.pending, result.events, actor_id)

    async def _line(self, channel_id: int, content: str) -> None:
        """A plain line; lost (logged) if it cannot be posted."""
        try:
            await self._send(channel_id, content)
        except ChannelDown:
            pass
        except Undeliverable as e:
            log.warning("channel %d: a line was not posted: %s", channel_id, e)

    # ----- phase reports and the end ---------------------------------------------------------

    async def _post_report(self, report: PhaseReport) -> bool:
        """Post a report (and after the last one the final scores), then acknowledge it. If it
        cannot be posted it is kept, unacknowledged, for a later try (the next result of its
        table, a while later, posting resuming in its channel, or the next start)."""
        key = (report.table_id, report.seq)
        try:
            if key not in self._half_posted:
                await self._send(
                    report.channel_id,
                    texts.report_message(report),
                    png=await report.drawn(),
                    filename=report.filename,
                )
            if report.game_over:
                self._half_posted.add(key)
                table = self.manager.table_by_id(report.table_id)
                result = final_result(report, table)
                humans = [discord.Object(s.user_id) for s in result.seats if s.user_id and not s.is_ai]
                await self._send(
                    report.channel_id,
                    texts.game_over(result),
                    mentions=discord.AllowedMentions(users=humans, everyone=False, roles=False),
                )
        except Undeliverable as e:
            self._hold(report, e)
            return False
        self._half_posted.discard(key)
        self._tries.pop(key, None)
        held = self._held.get(report.table_id)
        if held is not None:
            held.pop(report.seq, None)
            if not held:
                del self._held[report.table_id]
        try:
            await self.manager.ack(report)
        except Exception:
            # Posted but not recorded as posted: it comes back once after a restart.
            log.warning("table %d: report %d posted but not acknowledged", report.table_id, report.seq, exc_info=True)
        return True

    def _hold(self, report: PhaseReport, error: Undeliverable) -> None:
        self._held.setdefault(report.table_id, {})[report.seq] = report
        if isinstance(error, ChannelDown):
            return  # tried again when posting resumes there
        key = (report.table_id, report.seq)
        tries = self._tries[key] = self._tries.get(key, 0) + 1
        log.warning(
            "table %d: phase report %d not posted (%s); kept for a later try", report.table_id, report.seq, error
        )
        if tries < HELD_TRIES and not self._closing:
            task = asyncio.create_task(self._retry_later(report.table_id, report.channel_id))
            self._later.add(task)
            task.add_done_callback(self._later.discard)

    async def _retry_later(self, table_id: int, channel_id: int) -> None:
        await asyncio.sleep(self.retry_delays[-1])
        if not self._closing:
            self._enqueue(channel_id, lambda: self._retry_held(table_id))

    async def _retry_held(self, table_id: int) -> None:
        """Post the table's kept reports, oldest first (each at most HELD_TRIES times here)."""
        held = self._held.get(table_id, {})
        for seq in sorted(held):
            report = held.get(seq)
            if report is not None and self._tries.get((table_id, seq), 0) < HELD_TRIES:
                await self._post_report(report)

    # ----- the turn message ------------------------------------------------------------------

    async def _update_turn(
        self,
        table: Table,
        pending: Pending | None,
        events: Sequence[Event],
        actor_id: int | None,
        *,
        reminder: bool = False,
    ) -> None:
        # The table is never seen half changed: a move replaces its game only once committed.
        current = table.pending
        if pending is None or current is None:
            if not table.is_active:
                await self._retire(table.id)
            return
        if current.number != pending.number:
            return  # superseded: a later publication shows the decision after this one
        if current.is_ai or current.user_id is None:
            self._advance_later(table)
            return
        if table.channel_id in self._down:
            self._stale.add(table.id)  # shown when posting resumes
            return
        plan = self._plan_turn(table, current, events, actor_id, reminder)
        if plan is not None:
            await self._show_turn(table, current, *plan)

    def _plan_turn(
        self, table: Table, current: Pending, events: Sequence[Event], actor_id: int | None, reminder: bool
    ) -> tuple[str, discord.ui.View, list[str], bool, bool] | None:
        """What the turn message says now: (content, view, lines, edit in place, ping)."""
        prev = self._turns.get(table.id)
        if prev is not None and prev.number == current.number and not reminder:
            return None  # already shown
        happened = texts.just_happened(events, HAPPENED_LINES)
        latest = prev is not None and self._latest.get(table.channel_id) == prev.message_id
        lines = (prev.lines + happened)[-HAPPENED_LINES:] if prev is not None and latest else happened
        if prev is not None and prev.number == current.number:
            lines = prev.lines
        content = texts.turn_message(table, current, lines, reminder=reminder)
        view = open_view(table.id, current.number)
        in_place = prev is not None and latest and prev.user_id == current.user_id and not reminder
        ping = reminder or current.user_id != actor_id
        return content, view, lines, in_place, ping

    async def _show_turn(
        self,
        table: Table,
        current: Pending,
        content: str,
        view: discord.ui.View,
        lines: list[str],
        in_place: bool,
        ping: bool,
    ) -> None:
        assert current.user_id is not None
        prev = self._turns.get(table.id)
        if in_place and prev is not None and await self._edit(prev, content, view):
            prev.number, prev.lines = current.number, lines
            return
        mentions = (
            discord.AllowedMentions(users=[discord.Object(current.user_id)], everyone=False, roles=False)
            if ping
            else NO_MENTIONS
        )
        try:
            message = await self._send(table.channel_id, content, view=view, mentions=mentions)
        except ChannelDown:
            self._stale.add(table.id)
            return
        except Undeliverable as e:
            log.warning("table %d: the turn message was not posted: %s", table.id, e)
            return
        self._turns[table.id] = TurnPost(table.channel_id, message.id, current.user_id, current.number, lines)
        if prev is not None:
            await self._delete(prev)
        elif table.id not in self._swept:
            self._swept.add(table.id)
            await self._sweep(table, message.id)

    async def _restore_turn(self, table: Table) -> None:
        """After a restart: adopt the table's turn message in the channel if it shows the current
        decision (no new post, no second ping); otherwise post the current one (which pings)."""
        current = table.pending
        if current is None or current.is_ai or current.user_id is None or table.id in self._turns:
            await self._update_turn(table, current, [], None)
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
            self._turns[table.id] = TurnPost(table.channel_id, message.id, current.user_id, current.number)
            if newest_id == message.id:
                self._latest[table.channel_id] = message.id
            self._swept.add(table.id)
            for old, _ in found[1:]:
                await self._delete(TurnPost(table.channel_id, old.id, 0, -1))
            return
        await self._update_turn(table, current, [], None)

    async def _refresh_turn(self, table: Table) -> None:
        """Posting resumed: the turn message without the note, or a new one (with its ping) when
        the channel's one is not for the current decision."""
        current = table.pending
        prev = self._turns.get(table.id)
        stale = table.id in self._stale
        self._stale.discard(table.id)
        if current is not None and prev is not None and prev.number == current.number and not stale:
            content = texts.turn_message(table, current, prev.lines)
            await self._edit(prev, content, open_view(table.id, current.number))
            return
        await self._update_turn(table, current, [], None)

    async def _give_up(self, channel_id: int, error: discord.HTTPException) -> None:
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
        content = texts.turn_message(table, current, prev.lines if prev.number == current.number else [])
        note = texts.cannot_post_note(self._out.missing(channel_id))
        await self._edit(prev, texts.clip(f"{content}\n\n{note}"), open_view(table.id, current.number))
        if prev.number != current.number:
            self._stale.add(table.id)  # its ping is still owed

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

    async def _retire(self, table_id: int) -> None:
        """The table ended: its turn message goes, and so does all the publisher kept of it."""
        self._numbers.pop(table_id, None)
        for kept in (self._swept, self._stale, self._advancing):
            kept.discard(table_id)
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
