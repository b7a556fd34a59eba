"""Posting what the game did in its channel: the round message, the turn message, the end.

`Publisher.publish(result)` is the one way an `ActResult` reaches Discord: the manager's listener
calls it for every result, under the table's lock, so a table's results are published in the
order of their decision numbers (`result.number`; an older one arriving after a newer one is
refused, never posted). It returns at once; the posting runs in a per-channel chain, so
everything published in one channel appears in the order it was published, and a slow or
failing channel never holds up another. A report waits in the chain for its board image (drawn
off the event loop); nothing else waits for it.

What a table leaves in its channel, by job, each a part of the Publisher with its own state:
- the round message (`rounds`, bot/ui/roundpost.py `RoundPosts`): one lasting post per round,
  edited after every phase with its report and board image; each report acknowledged once shown,
  kept and retried when it cannot be; the final scores at the end;
- the turn message (`turns`, bot/ui/turnpost.py `TurnPosts`): whose decision it is, with its
  choices; edited in place while the same player decides, replaced to ping a new one;
- `announce`: a plain line in its place among the posts; a seat handed to the AI is announced
  after the result that handed it over.
The Publisher itself keeps the per-channel chains, the decision number last published per table
and the click its next post may answer; both parts post through one `Sender` (bot/ui/sending.py).

Sending retries what may pass later (bot/ui/sending.py: 5xx, network, 429). A channel where the
bot lost a permission is given up after a few 403s: one log line, a note on the table's turn
message (an edit), and no request there until someone uses the bot in the channel with the
permission back (`seen`, from the play and lobby flows): then the kept reports and the current
turn message (with the ping it owes) are posted. After a restart `redeliver` posts the reports
never acknowledged and makes sure every table waiting on a person shows its turn message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.games import ActResult, Manager, Pending, PhaseReport, Table

from . import replies, texts
from .callbacks import Callbacks
from .lang import post_tr
from .played import missed_words, played_note, undone_words
from .roundpost import RoundPosts
from .sending import RETRY_DELAYS, ChannelDown, Sender, Undeliverable
from .texts import community as community_words
from .turnpost import TurnPost, TurnPosts, waits_on_person

log = logging.getLogger(__name__)


class Publisher:
    """What the tables did, posted in their channels (see the module): `rounds` and `turns` are
    its parts, each with its own state."""

    def __init__(
        self,
        client: discord.Client,
        manager: Manager,
        *,
        retry_delays: Sequence[float] = RETRY_DELAYS,
    ) -> None:
        self.manager = manager
        delays = tuple(retry_delays) or RETRY_DELAYS
        self._tails: dict[int, asyncio.Task[None]] = {}  # channel id -> the last job of its chain
        self._numbers: dict[int, int] = {}  # table id -> the decision number last published
        self._answers: dict[int, replies.OpenAnswer] = {}  # table id -> a click its next post may answer
        self._closing = False
        self._out = Sender(client, delays, self._give_up)
        self.rounds = RoundPosts(client, manager, self._out, self._enqueue, delays)
        self.turns = TurnPosts(client, manager, self._out, delays, self._retire)
        self.callbacks = Callbacks(client, manager)  # DMs, quiet hours, watchers (issue 25)
        self.rounds.callbacks = self.turns.callbacks = self.callbacks

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
        answer = self._answers.get(table.id)
        first = result.moves[0].number if result.moves else None
        if answer is not None and answer.user_id == result.actor_id and answer.seq == first:
            del self._answers[table.id]  # the result of that click: its post answers it
        else:
            answer = None
        if result.opening:  # no turn message nor round message of a new game can be there yet
            self.turns.began(table.id)
            self.rounds.began(table.id)
        tr = post_tr(table)
        why = tr.gettext(result.why) if result.why else ""  # PLAY_ON (bot.games.timers)
        note = result.missed._replace(label=missed_words(result, tr)).text(texts.plain, tr) if result.missed else why or None
        if result.resigned is not None:  # /caylus player resign (bot/ui/community.py)
            note = community_words.resigned_public(tr, result.resigned.name)
        undone = ""
        if result.undone:
            label, with_ = undone_words(result, tr)  # in the table's words, not the rules' English
            undone = texts.undone_public(tr, result.undone.name, label, with_)
        # what a queue, a declaration or a standing order played is said on the turn message
        # (edited or replaced anyway), not in a line of its own that would stay in the channel
        said = played_note(result, tr=tr)

        async def job() -> None:
            if note:
                await self._line(table.channel_id, note)
            try:
                await self._deliver(result, result.actor_id, undone, answer, said)
            finally:
                if answer is not None:
                    await answer.deferred()  # nothing answered it: acknowledged silently
            for seat in result.takeovers:
                await self._line(table.channel_id, texts.taken_over(tr, table, seat.name))

        return self._enqueue(table.channel_id, job)

    def expect(self, table_id: int, answer: replies.OpenAnswer) -> None:
        """A click on the table's turn message is being applied: the post of its result may
        answer it (see `replies.OpenAnswer`); a second click meanwhile (a double click) is not."""
        self._answers.setdefault(table_id, answer)

    def unexpect(self, table_id: int, answer: replies.OpenAnswer) -> None:
        if self._answers.get(table_id) is answer:
            del self._answers[table_id]

    def remind(self, pending: Pending) -> asyncio.Task[None]:
        """Half of a person's time has passed: a new turn message that pings them again."""
        table = self.manager.table_by_id(pending.table_id)

        async def job() -> None:
            if table is not None:
                await self.turns.update_turn(table, pending, [], None, reminder=True)

        return self._enqueue(pending.channel_id, job)

    def show_turn(self, table: Table) -> asyncio.Task[None]:
        """Post (or update) the turn message of the table's pending decision."""

        async def job() -> None:
            await self.turns.update_turn(table, table.pending, [], None)

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
        if channel_id in self._out.down and not replies.missing_permissions(interaction):
            self.resume(channel_id)

    def resume(self, channel_id: int) -> asyncio.Task[None] | None:
        if not self._out.up(channel_id):
            return None
        log.info("channel %d: posting resumes", channel_id)
        table = self.manager.table(channel_id)

        async def job() -> None:
            if table is None:
                return
            await self.rounds.resume(table.id)
            await self.turns.refresh_turn(table)

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
                    await self.rounds.post_report(r)
                if t is not None:
                    await self.turns.restore_turn(t)

            self._enqueue(channel_id, job)
        if reports:
            log.info("re-posting %d phase report(s) of %d table(s)", len(reports), len(by_table))
        return len(reports)

    def forget_table(self, table: Table) -> asyncio.Task[None]:
        """The table ended without a result (abandoned): take its turn message away."""
        return self._enqueue(table.channel_id, lambda: self._retire(table))

    def tracks(self, table_id: int) -> bool:
        """Whether the publisher keeps anything of the table (a finished one: nothing)."""
        return table_id in self._numbers or self.rounds.tracks(table_id) or self.turns.tracks(table_id)

    def turn_of(self, table_id: int) -> TurnPost | None:
        return self.turns.turn_of(table_id)

    async def idle(self) -> None:
        """Wait until everything published so far is posted (tests, shutdown)."""
        while self._tails:
            await asyncio.wait(list(self._tails.values()))

    async def close(self) -> None:
        """Stop posting: what is not posted yet stays unacknowledged for the next start."""
        self._closing = True
        self.turns.close()
        tails = list(self._tails.values())
        for task in tails:
            task.cancel()
        tasks = tails + self.rounds.close()
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

    async def _deliver(
        self,
        result: ActResult,
        actor_id: int | None,
        undone: str = "",
        answer: replies.OpenAnswer | None = None,
        said: str = "",
    ) -> None:
        """The reports (into the round message), then the turn message (`undone`: the note of
        an undo, said on the turn message; `answer`: the click it may answer)."""
        await self.rounds.retry_held(result.table.id)
        for report in result.reports:
            await self.rounds.post_report(report)
        placed = any(  # the person placed a worker: "then:" on the next turn message is theirs
            m.user_id == actor_id and m.before is not None and m.before.decision is not None
            and m.before.decision.kind == "place" and m.code != "pass"
            for m in result.moves
        ) if actor_id is not None else False  # fmt: skip
        await self.turns.update_turn(
            result.table, result.pending, result.events, actor_id, note=undone, said=said, answer=answer,
            invited=result.invited, quiet=result.quiet, placed=placed,
        )  # fmt: skip

    async def _line(self, channel_id: int, content: str) -> None:
        """A plain line; lost (logged) if it cannot be posted."""
        try:
            await self._out.send(channel_id, content)
        except ChannelDown:
            pass
        except Undeliverable as e:
            log.warning("channel %d: a line was not posted: %s", channel_id, e)
        self._forget_channel(channel_id)

    def _forget_channel(self, channel_id: int, ended: Table | None = None) -> None:
        """Keep nothing of a channel where no table lives (`ended`: the one that just did)."""
        now = self.manager.table(channel_id)
        if now is None or now is ended or not now.is_active:
            self._out.forget(channel_id)

    async def _retire(self, table: Table) -> None:
        """The table ended: its turn message goes, and so does all the publisher kept of it and
        of its channel (unless another table lives there already)."""
        self._numbers.pop(table.id, None)
        self._answers.pop(table.id, None)
        self.rounds.forget(table.id)
        await self.turns.retire_turn(table.id)
        self._forget_channel(table.channel_id, table)

    async def _give_up(self, channel_id: int, error: discord.HTTPException) -> None:
        """The sender gave the channel up (a permission lost): the turn message says so."""
        await self.turns.give_up(channel_id, error)
