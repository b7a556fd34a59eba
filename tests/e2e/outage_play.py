"""People who go on playing while the database goes away, and the account of what each click was
told (tests/e2e/test_outage.py, benchmarks/outage.py).

Each click answers the decision of the table's newest turn message, on the turn message when it
carries the choices, else in the chooser (Choose…), and ends one of three ways: *acked* (the game
moved past its decision: a turn message of a later decision, or the final scores), *refused* (an
ephemeral answer, whose text is kept), or *unanswered* (neither within ANSWER_S seconds).
`audit` holds every click against the tables' move logs.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.games.refusals import STORE_UNSURE
from bot.store import PLAYER, MoveRecord
from tests.fake_discord import (
    FakeChannel,
    FakeDiscord,
    FakeMember,
    InteractionHandle,
    StoredMessage,
)

from .sim import GAME_OVER, Offer, offers, short_game_pick, turn_of

ANSWER_S = 20.0  # a click not answered by then counts as unanswered
PAUSE_S = 0.3  # a refused person tries again after this
GRACE_S = 2.0  # an ephemeral answer is a refusal if the game has not moved on by then


@dataclass
class Click:
    table_id: int
    n: int  # the decision it answers
    code: str
    user_id: int
    at: float  # time.monotonic() of the click
    outcome: str = "unanswered"  # "acked", "refused", "unanswered"
    said: str = ""  # the refusal
    seconds: float = 0.0  # until its outcome


@dataclass
class Audit:
    clicks: int = 0
    acked: int = 0
    refused: int = 0
    unanswered: int = 0
    lost: int = 0  # acked, but not in the log
    stored_unacked: int = 0  # in the log, but its clicker was told it was not played
    late: int = 0  # in the log after an "if it was saved after all" answer, shown by the channel
    refusals: Counter[str] = field(default_factory=Counter)
    worst_answer_s: float = 0.0
    unacked: list[str] = field(default_factory=list)  # what stored_unacked counts, for the failure

    @property
    def ok(self) -> bool:
        return self.lost == self.stored_unacked == self.unanswered == 0


def audit(
    clicks: Sequence[Click], logs: dict[int, list[MoveRecord]], unsure: Sequence[str] = (STORE_UNSURE.msgid,)
) -> Audit:
    """Every acked click is in its table's log with its code; every person's move in a log was
    acked to its clicker, or else its last click was answered "if it was saved after all"
    (`unsure`: that answer in the people's languages) and the channel showed it since."""
    a = Audit(clicks=len(clicks))
    by_decision: dict[tuple[int, int], list[Click]] = {}
    for c in clicks:
        by_decision.setdefault((c.table_id, c.n), []).append(c)
        a.worst_answer_s = max(a.worst_answer_s, c.seconds)
        if c.outcome == "acked":
            a.acked += 1
        elif c.outcome == "refused":
            a.refused += 1
            a.refusals[c.said] += 1
        else:
            a.unanswered += 1
    stored = {(t, m.pos): m for t, log in logs.items() for m in log if not m.undone}
    for c in clicks:
        m = stored.get((c.table_id, c.n))
        if c.outcome == "acked" and (m is None or m.code != c.code or m.user_id != c.user_id):
            a.lost += 1
    for (table_id, n), m in stored.items():
        if m.who != PLAYER:
            continue
        tried = by_decision.get((table_id, n), [])
        if any(c.outcome == "acked" and c.code == m.code for c in tried):
            continue
        last = tried[-1] if tried else None
        if last is not None and last.outcome == "refused" and last.code == m.code and any(u in last.said for u in unsure):
            a.late += 1
        else:
            a.stored_unacked += 1
            a.unacked.append(f"table {table_id} move {n} {m.code} by {m.user_id} ({m.who}): {[(c.code, c.outcome, c.said[:40]) for c in tried]}")
    return a


def refusal_of(handle: InteractionHandle) -> str | None:
    """The ephemeral answer to a click, if it got one: its first response or a followup."""
    record = handle.record
    callback = record.callback
    if callback is not None and callback.type == 4 and callback.content:
        return callback.content
    if record.followup_ids:
        return handle._state.messages[record.followup_ids[0]].content
    return None


class Players:
    """The people of one table, clicking on until its game is over (or `stop` is set)."""

    def __init__(
        self, fake: FakeDiscord, channel: FakeChannel, people: list[FakeMember], rng: random.Random,
        clicks: list[Click],
    ) -> None:  # fmt: skip
        self.fake = fake
        self.channel = channel
        self.people = {p.id: p for p in people}
        self.rng = rng
        self.clicks = clicks
        self.table_id: int | None = None

    def newest_turn(self) -> tuple[StoredMessage, int] | None:
        """The turn message of the latest decision (-1 once the final scores are posted)."""
        best: tuple[StoredMessage, int] | None = None
        for message in self.fake.channel_messages(self.channel):
            if message.content.startswith(GAME_OVER):
                return message, -1
            turn = turn_of(message)
            if turn is not None and (best is None or turn[1] > best[1]):
                best = (message, turn[1])
        return best

    def past(self, n: int) -> bool:
        turn = self.newest_turn()
        return turn is not None and (turn[1] == -1 or turn[1] > n)

    async def play(self, stop: asyncio.Event | None = None, turns: int = 100_000) -> bool:
        """Click on until the game is over (True) or `stop` or `turns` clicks (False)."""
        for _ in range(turns):
            if stop is not None and stop.is_set():
                return False
            turn = await self.fake.state.changed.wait_for(self.newest_turn, 60.0, lambda: "no turn message")
            message, n = turn
            if n == -1:
                return True
            click = await self.click(message, n)
            if click is not None and click.outcome != "acked":
                await asyncio.sleep(PAUSE_S)  # "try again in a moment"
        return False

    async def click(self, message: StoredMessage, n: int) -> Click | None:
        turn = turn_of(message)
        assert turn is not None
        self.table_id = turn[0]
        mentioned = message.mentions()
        person = self.people.get(mentioned[0]) if mentioned else None
        if person is None:  # an AI seat's turn: nothing to click, the bot plays it
            await self.fake.state.changed.wait_for(lambda: self.past(n), ANSWER_S * 3, lambda: "the AI did not play")
            return None
        choices = [o for o in offers(message) if o.seq == n]
        target = message
        if not choices:  # the chooser
            opened = await self.fake.click(message, turn[2], user=person)
            reply = await opened.response(timeout=ANSWER_S)
            if reply.message is None or not offers(reply.message):
                return None  # the game moved on meanwhile
            target = reply.message
            choices = [o for o in offers(target) if o.seq == n]
            if not choices:
                return None
        return await self._pick(target, choices, person, n)

    async def _pick(self, message: StoredMessage, choices: list[Offer], person: FakeMember, n: int) -> Click:
        code = short_game_pick([o.code for o in choices], self.rng)
        offer = next(o for o in choices if o.code == code)
        assert self.table_id is not None
        click = Click(self.table_id, n, code, int(person.id), time.monotonic())
        self.clicks.append(click)
        if offer.is_select:
            handle = await self.fake.select(message, offer.custom_id, [code], user=person)
        else:
            handle = await self.fake.click(message, offer.custom_id, user=person)

        changed = self.fake.state.changed
        try:  # an ephemeral answer, or the game moving on
            await changed.wait_for(lambda: refusal_of(handle) is not None or self.past(n), ANSWER_S, str)
        except Exception:
            click.seconds = time.monotonic() - click.at
            return click  # unanswered
        if not self.past(n):  # an answer of its own: a refusal, unless the game moves on at once
            try:  # (the chooser may show the next decision before the channel does)
                await changed.wait_for(lambda: self.past(n), GRACE_S, str)
            except Exception:
                click.outcome, click.said = "refused", refusal_of(handle) or ""
        if click.outcome != "refused":
            click.outcome = "acked"
        click.seconds = time.monotonic() - click.at
        return click
