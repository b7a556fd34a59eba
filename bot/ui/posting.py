"""Posting what the game did in its channel: phase reports, the turn message, the final scores.

`Publisher.publish(result)` is the one way an `ActResult` reaches Discord: the manager's listener
calls it for every result, under the table's lock, so a table's results are published in the
order of their decision numbers (`result.number`; an older one arriving after a newer one is
refused, never posted). It returns at once; the posting runs in a per-channel chain, so
everything published in one channel appears in the order it was published, and a slow or
failing channel never holds up another. A report waits in the chain for its board image (drawn
off the event loop); nothing else waits for it.

- A phase report is posted with its board image, then acknowledged (`manager.ack`). If Discord
  fails (5xx, network, missing permissions), the post is retried with backoff until it goes
  through; it stays unacknowledged meanwhile, so after a restart `undelivered_reports()` brings
  it back (`redeliver`). The last report of a game is followed by the final scores.
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
import io
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

import aiohttp
import discord
from discord.utils import MISSING

from bot.games import ActResult, GameResult, Manager, Pending, PhaseReport, Refusal, Seat, Table
from bot.rules import Event, final_scores, winners

from . import ids, texts
from .chooser import open_view

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
RETRY_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
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


class Undeliverable(Exception):
    """The channel is gone (or the bot lost access to it): give up this post."""


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
        self._latest: dict[int, int] = {}  # channel id -> the bot's last post there
        self._advancing: set[int] = set()  # tables whose AI seat is retried
        self._swept: set[int] = set()  # tables whose older turn messages were looked for
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
        note = result.why or None
        if result.undone is not None:
            note = texts.undone_public(result.undone.name, result.undone.label)

        async def job() -> None:
            if note:
                await self._send(table.channel_id, note)
            await self._deliver(result, result.actor_id)
            for seat in result.takeovers:
                await self._send(table.channel_id, texts.taken_over(table, seat.name))

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
            await self._send(channel_id, content)

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

    def turn_of(self, table_id: int) -> TurnPost | None:
        return self._turns.get(table_id)

    async def idle(self) -> None:
        """Wait until everything published so far is posted (tests, shutdown)."""
        while self._tails:
            await asyncio.wait(list(self._tails.values()))

    async def close(self) -> None:
        """Stop posting: what is not posted yet stays unacknowledged for the next start."""
        self._closing = True
        tasks = list(self._tails.values())
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
        for report in result.reports:
            await self._post_report(report)
        await self._update_turn(result.table, result.pending, result.events, actor_id)

    # ----- phase reports and the end ---------------------------------------------------------

    async def _post_report(self, report: PhaseReport) -> None:
        await self._send(
            report.channel_id,
            texts.report_message(report),
            png=await report.drawn(),
            filename=report.filename,
        )
        if report.game_over:
            table = self.manager.table_by_id(report.table_id)
            result = final_result(report, table)
            humans = [discord.Object(s.user_id) for s in result.seats if s.user_id and not s.is_ai]
            await self._send(
                report.channel_id,
                texts.game_over(result),
                mentions=discord.AllowedMentions(users=humans, everyone=False, roles=False),
            )
        try:
            await self.manager.ack(report)
        except Exception:
            # Posted but not recorded as posted: it comes back once after a restart.
            log.warning("table %d: report %d posted but not acknowledged", report.table_id, report.seq, exc_info=True)

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
        message = await self._send(table.channel_id, content, view=view, mentions=mentions)
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
        self._numbers.pop(table_id, None)
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

    # ----- Discord calls, with retries -------------------------------------------------------

    async def _send(
        self,
        channel_id: int,
        content: str,
        *,
        png: bytes | None = None,
        filename: str = "board.png",
        view: discord.ui.View | None = None,
        mentions: discord.AllowedMentions = NO_MENTIONS,
    ) -> discord.Message:
        channel = self.client.get_partial_messageable(channel_id)
        attempt = 0
        while True:
            file = discord.File(io.BytesIO(png), filename=filename) if png else MISSING
            try:
                message = await channel.send(
                    content, file=file, view=view or MISSING, allowed_mentions=mentions
                )
            except discord.NotFound as e:
                raise Undeliverable(f"channel {channel_id}: {e}") from e
            except discord.Forbidden as e:
                if e.code == 50001:  # Missing Access: the channel is out of reach
                    raise Undeliverable(f"channel {channel_id}: {e}") from e
                delay = self._delay(attempt, long=True)
                log.warning("channel %d: cannot post (%s); retrying in %.0f s", channel_id, e, delay)
            except (discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError) as e:
                delay = self._delay(attempt)
                log.warning("channel %d: posting failed (%s); retrying in %.1f s", channel_id, e, delay)
            else:
                self._latest[channel_id] = message.id
                return message
            attempt += 1
            await asyncio.sleep(delay)

    def _delay(self, attempt: int, *, long: bool = False) -> float:
        delays = self.retry_delays
        if long:
            return delays[-1]
        return delays[min(attempt, len(delays) - 1)]

    async def _edit(self, post: TurnPost, content: str, view: discord.ui.View) -> bool:
        message = self.client.get_partial_messageable(post.channel_id).get_partial_message(post.message_id)
        try:
            await message.edit(content=content, view=view, allowed_mentions=NO_MENTIONS)
            return True
        except discord.HTTPException as e:
            log.info("turn message %d could not be edited (%s); posting a new one", post.message_id, e)
            return False

    async def _delete(self, post: TurnPost) -> None:
        message = self.client.get_partial_messageable(post.channel_id).get_partial_message(post.message_id)
        try:
            await message.delete()
        except discord.HTTPException as e:
            log.info("turn message %d could not be deleted: %s", post.message_id, e)
