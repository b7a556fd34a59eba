"""The round message: one lasting post per round, carrying its phase reports and the board.

The first report of a round posts the round message (its title, the report as an embed, its
board image); every later report of the round edits it: its embed joins the others (oldest
first) and the image is replaced by the new board, unless nothing on the board changed in that
phase (then the text alone is edited). Nothing is ever left out (issue 24): a report that would
take the message past Discord's limits for embeds (10 in a message, 6,000 characters in all)
goes into a second message of the round ("Round 3 · continued"), which later reports edit in
turn. A report of an earlier round that comes late (kept after a failure) gets a post of its own.

Each report is acknowledged (`manager.ack`) only once shown: posted or edited in. One that
cannot be shown is kept, unacknowledged, and tried again with the table's next result, a while
later, when posting resumes in its channel, or at the next start (`Publisher.redeliver`). After
the last report, the final scores are a post of their own.

`RoundPosts` is the Publisher's part (bot/ui/posting.py) that does this, with its own state; it
posts through the Publisher's `Sender` and queues its later tries in the Publisher's chains.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.games import GameResult, Manager, PhaseReport, Seat, Table, summary_png
from bot.i18n import Translation
from bot.rules import State, final_scores, winners

from . import texts
from .callbacks import Callbacks
from .community import rematch_view
from .lang import post_tr
from .sending import ChannelDown, Gone, Sender, Undeliverable

log = logging.getLogger(__name__)

ROUND_DEPTH = 30  # messages looked through for the round message of a previous process
IMAGE_NAME = re.compile(r"s(\d+)-r")
HELD_TRIES = 3  # tries of a kept (failed) phase report in one process; then at the next start
SUMMARY_NAME = "summary.png"  # the end-of-game summary image, with the final scores
# What the board image shows of a state, but for where the game stands in its flow (the header's
# round and phase): a report whose board is the same as the last image edits the text only.
FLOW_FIELDS = frozenset({"round", "phase", "step", "cursor", "tasks", "history", "completed_this_turn"})


def board_key(state: State | None) -> tuple[str, ...] | None:
    if state is None:
        return None
    return tuple(repr(getattr(state, f.name)) for f in dataclasses.fields(state) if f.name not in FLOW_FIELDS)


@dataclass(slots=True)
class RoundPost:
    """A table's round message (the one edited: the round's last message), the reports it
    shows, the board its image shows."""

    channel_id: int
    message_id: int
    round: int
    parts: dict[float, list[str]] = field(default_factory=dict)  # report seq -> its embeds' texts
    board: tuple[str, ...] | None = None
    board_seq: int = -1  # the report whose board the image shows: an older one never replaces it
    continued: bool = False  # the round's second (or later) message

    def chunks(self, parts: dict[float, list[str]] | None = None) -> list[str]:
        shown = self.parts if parts is None else parts
        return [chunk for k in sorted(shown) for chunk in shown[k]]


def embeds(chunks: list[str]) -> list[discord.Embed]:
    """A round message's embeds: one per piece of a report."""
    return [discord.Embed(description=chunk, colour=texts.ROUND_COLOUR) for chunk in chunks]


def image_seq(message: discord.Message) -> int:
    """The report whose board a posted image shows (its file name: `PhaseReport.filename`)."""
    match = IMAGE_NAME.match(message.attachments[0].filename) if message.attachments else None
    return int(match[1]) if match else -1


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


Job = Callable[[], Awaitable[None]]


class RoundPosts:
    """The Publisher's phase reports: the round messages of its tables and the reports kept."""

    def __init__(
        self,
        client: discord.Client,
        manager: Manager,
        out: Sender,
        enqueue: Callable[[int, Job], asyncio.Task[None]],
        retry_delays: tuple[float, ...],
    ) -> None:
        self.client = client
        self.manager = manager
        self.retry_delays = retry_delays
        self._out = out
        self._enqueue = enqueue  # a job in the channel's chain (Publisher._enqueue)
        self._closing = False
        self._rounds: dict[int, RoundPost] = {}  # table id -> its round message
        self._held: dict[int, dict[int, PhaseReport]] = {}  # table id -> seq -> report kept
        self._tries: dict[tuple[int, int], int] = {}  # (table id, seq) -> failed tries
        self._half_posted: set[tuple[int, int]] = set()  # last reports shown, final scores not posted
        self._later: set[asyncio.Task[None]] = set()  # kept reports waiting for a later try
        self._looked: set[int] = set()  # tables whose round message was looked for (or began here)
        self.callbacks: Callbacks | None = None  # watchers hear of round ends (the Publisher sets it)

    def began(self, table_id: int) -> None:
        """The table's game begins: no round message of it can be in the channel yet."""
        self._looked.add(table_id)

    def forget(self, table_id: int) -> None:
        """The table ended: its round message is no longer edited."""
        self._rounds.pop(table_id, None)
        self._looked.discard(table_id)

    def tracks(self, table_id: int) -> bool:
        return any(table_id in kept for kept in (self._held, self._rounds, self._looked))

    async def resume(self, table_id: int) -> None:
        """Posting resumed in the table's channel: its kept reports are tried again afresh."""
        for key in [k for k in self._tries if k[0] == table_id]:
            del self._tries[key]
        await self.retry_held(table_id)

    def close(self) -> list[asyncio.Task[None]]:
        """No later try any more; the tries waiting, cancelled (for the caller to await)."""
        self._closing = True
        tasks = list(self._later)
        for task in tasks:
            task.cancel()
        return tasks

    async def post_report(self, report: PhaseReport) -> bool:
        """Show a report in its round message (and after the last one post the final scores),
        then acknowledge it; if it cannot be shown, keep it for a later try."""
        key = (report.table_id, report.seq)
        try:
            if key not in self._half_posted:
                await self._show_report(report)
            if report.game_over:
                self._half_posted.add(key)
                table = self.manager.table_by_id(report.table_id)
                result = final_result(report, table)
                humans = [discord.Object(s.user_id) for s in result.seats if s.user_id and not s.is_ai]
                await self._out.send(
                    report.channel_id,
                    texts.game_over(post_tr(table), result),
                    view=rematch_view(table) if table is not None and table.is_finished else None,
                    mentions=discord.AllowedMentions(users=humans, everyone=False, roles=False),
                    png=await self._summary(report), filename=SUMMARY_NAME,
                )
        except Undeliverable as e:
            self._hold(report, e)
            return False
        self._half_posted.discard(key)
        self._tries.pop(key, None)
        await self._tell_watchers(report)
        held = self._held.get(report.table_id)
        if held is not None:
            held.pop(report.seq, None)
            if not held:
                del self._held[report.table_id]
        try:
            await self.manager.ack(report)
        except Exception:
            # Shown but not recorded as shown: it comes back once after a restart.
            log.warning("table %d: report %d posted but not acknowledged", report.table_id, report.seq, exc_info=True)
        return True

    async def _summary(self, report: PhaseReport) -> bytes | None:
        """The end-of-game summary image (drawn off the event loop); None if it cannot be drawn."""
        try:
            past = await self.manager.past(report.channel_id)
            if past is None or past.table_id != report.table_id:
                return None
            return await self.manager.draw_past(summary_png, past)
        except Exception:
            log.exception("table %d: the summary image could not be drawn", report.table_id)
            return None

    async def _tell_watchers(self, report: PhaseReport) -> None:
        """A round's end or the game's end: the table's watchers hear of it (bot/ui/callbacks.py)."""
        table = self.manager.table_by_id(report.table_id)
        if self.callbacks is None or table is None:
            return
        said = await self.callbacks.watchers(report, table)
        if said is None:
            return
        content, users = said
        try:
            await self._out.send(
                report.channel_id, content, silent=True,
                mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users], everyone=False, roles=False),
            )  # fmt: skip
        except Undeliverable as e:
            log.warning("table %d: its watchers could not be told: %s", report.table_id, e)

    def _tr(self, report: PhaseReport) -> Translation:
        """The language of `report`'s table (its channel posts)."""
        return post_tr(self.manager.table_by_id(report.table_id))

    async def _show_report(self, report: PhaseReport) -> None:
        """Edit the report into its round's message, or post the round message (or the next
        message of its round, when it does not fit in the one there is)."""
        tr = self._tr(report)
        png = await report.drawn()
        board = board_key(report.state) if png is not None else None
        post = self._rounds.get(report.table_id) or await self._adopt(report)
        if post is not None and post.round < report.round:
            report = await self._close_round(post, report)
            post = self._rounds.get(report.table_id)
        chunks = texts.report_chunks(tr, report)
        if post is not None and post.round == report.round:
            parts = {**post.parts, report.seq: chunks}
            if texts.fits_one_message(post.chunks(parts)):
                newer = report.seq > post.board_seq
                changed = png is not None and newer and (board is None or board != post.board)
                try:
                    await self._out.replace(
                        post.channel_id, post.message_id, texts.round_title(tr, post.round, post.continued),
                        png=png if changed else None, filename=report.filename, embeds=embeds(post.chunks(parts)),
                    )  # fmt: skip
                except Gone:
                    log.info("table %d: its round message is gone; posting it anew", report.table_id)
                    del self._rounds[report.table_id]
                else:
                    post.parts = parts
                    if changed:
                        post.board, post.board_seq = board, report.seq
                    return
            else:  # the round goes on in a message of its own
                await self._post_round(report, tr, chunks, png, board, continued=True)
                return
        elif post is not None and report.round < post.round:  # late: a post of its own
            await self._send_pages(report.channel_id, tr, report.round, chunks, png=png, filename=report.filename)
            return
        await self._post_round(report, tr, chunks, png, board, continued=False)

    async def _post_round(
        self, report: PhaseReport, tr: Translation, chunks: list[str], png: bytes | None,
        board: tuple[str, ...] | None, *, continued: bool,
    ) -> None:  # fmt: skip
        """Post a message of the report's round with the report in it (several, if the report
        alone outgrows one message); the last one is the round's message from now on."""
        message_id, pages = await self._send_pages(
            report.channel_id, tr, report.round, chunks, continued=continued, png=png, filename=report.filename
        )
        self._rounds[report.table_id] = RoundPost(
            report.channel_id, message_id, report.round, {report.seq: pages[-1]}, board,
            report.seq if png is not None else -1, continued or len(pages) > 1,
        )  # fmt: skip

    async def _send_pages(
        self, channel_id: int, tr: Translation, rnd: int, chunks: list[str], *, continued: bool = False,
        png: bytes | None = None, filename: str,
    ) -> tuple[int, list[list[str]]]:  # fmt: skip
        """Post `chunks` as messages of round `rnd`, as many embeds in each as Discord takes (the
        later ones "continued", the board image with the last); the last message's id, the pages."""
        pages = texts.message_pages(chunks)
        for i, page in enumerate(pages):
            last = i == len(pages) - 1
            message_id = await self._out.send(
                channel_id, texts.round_title(tr, rnd, continued or i > 0),
                png=png if last else None, filename=filename, embeds=embeds(page),
            )  # fmt: skip
        return message_id, pages

    async def _close_round(self, post: RoundPost, report: PhaseReport) -> PhaseReport:
        """A report that ends the round of `post` and starts a later one (the last phases of a
        round run on into the next one's income): its phases of that round go into the round's
        message (text only: its board is the next round's; a message of their own if they do not
        fit); the rest is returned."""
        tr = self._tr(report)
        ending = [s for s in report.sections if s.round == post.round]
        if not ending:
            return report
        rest = dataclasses.replace(report, sections=[s for s in report.sections if s.round != post.round])
        chunks = texts.report_chunks(tr, dataclasses.replace(report, sections=ending, game_over=False, image=None))
        parts = {**post.parts, report.seq - 0.5: chunks}
        title = texts.round_title(tr, post.round, post.continued)
        try:
            if texts.fits_one_message(post.chunks(parts)):
                await self._out.replace(post.channel_id, post.message_id, title, embeds=embeds(post.chunks(parts)))
                post.parts = parts
            else:
                await self._send_pages(post.channel_id, tr, post.round, chunks, continued=True, filename=report.filename)
        except Gone:
            return report  # told in the next round's message
        return rest

    async def _adopt(self, report: PhaseReport) -> RoundPost | None:
        """The first report of a table in this process, of a game begun before it: the round
        message the previous process posted for its round, if it is among the channel's last
        messages (newer than the end of an earlier game there)."""
        if report.table_id in self._looked:
            return None
        self._looked.add(report.table_id)
        me = self.client.user
        tr = self._tr(report)
        titles = {texts.round_title(tr, report.round): False, texts.round_title(tr, report.round, True): True}
        channel = self.client.get_partial_messageable(report.channel_id)
        try:
            async for message in channel.history(limit=ROUND_DEPTH):
                if me is None or message.author.id != me.id:
                    continue
                if message.content.startswith(texts.GAME_OVER_MARK):
                    break  # an earlier game's end
                first = message.content.split(texts.PART_GAP, 1)[0]
                if first in titles:
                    seq = image_seq(message)
                    found = [e.description or "" for e in message.embeds] or texts.round_parts(message.content)
                    # the reports it shows, as reports up to the one of its image
                    parts = {seq - (len(found) - i - 1) / (len(found) + 1): [p] for i, p in enumerate(found)}
                    post = RoundPost(report.channel_id, message.id, report.round, parts, None, seq, titles[first])
                    self._rounds[report.table_id] = post
                    return post
        except discord.HTTPException as e:
            log.info("table %d: its round message could not be looked for: %s", report.table_id, e)
        return None

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
            self._enqueue(channel_id, lambda: self.retry_held(table_id))

    async def retry_held(self, table_id: int) -> None:
        """Post the table's kept reports, oldest first (each at most HELD_TRIES times here)."""
        held = self._held.get(table_id, {})
        for seq in sorted(held):
            report = held.get(seq)
            if report is not None and self._tries.get((table_id, seq), 0) < HELD_TRIES:
                await self.post_report(report)
