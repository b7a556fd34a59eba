"""People who go on playing while the database goes away, and the account of what each click was
told (tests/e2e/test_outage.py, benchmarks/outage.py).

Each click answers the decision of the table's newest turn message, on the turn message when it
carries the choices, else in the chooser (Choose…), and ends one of four ways: *acked* (the game
moved past its decision: a turn message of a later decision, the final scores, or the chooser
showing the next decision), *refused* (an ephemeral answer, whose text is kept), *held* (taken
without a word and the game not moved on: the next move, an AI seat's, waits for the store), or
*unanswered* (nothing within ANSWER_S seconds).
`audit` holds every click against the tables' move logs.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.games.refusals import MOVE_NOT_SAVED, NOT_CURRENT, STORE_DOWN, STORE_UNSURE
from bot.i18n import translator
from bot.store import PLAYER, MoveRecord, open_store
from bot.ui.app import CaylusBot
from bot.ui.texts.chooser import MOVED_ON as CHOOSER_MOVED_ON
from tests.fake_discord import (
    FakeChannel,
    FakeDiscord,
    FakeMember,
    InteractionHandle,
    StoredMessage,
)

from .conftest import tiny_render
from .sim import GAME_OVER, Offer, Table, offers, short_game_pick, turn_of

# What the bot answers when the store fails, in every language: such an answer is a refusal,
# whatever the channel shows next (a write found stored after all, or another click's).
OUTAGE_TEXTS = tuple(
    translator(lang)(text)
    for lang in ("en", "ru", "pt-BR", "ca")
    for text in (STORE_DOWN, STORE_UNSURE, MOVE_NOT_SAVED)
)
# A click on a decision the game has moved past (another move answered it, e.g. an obvious
# choice played once the database was back): refused, nothing applied, though the game is past it.
STALE_TEXTS = tuple(
    translator(lang)(text) for lang in ("en", "ru", "pt-BR", "ca") for text in (NOT_CURRENT, CHOOSER_MOVED_ON)
)
ANSWER_S = 20.0  # a click not answered by then counts as unanswered
PAUSE_S = 0.3  # a refused person tries again after this


@dataclass
class Click:
    table_id: int
    n: int  # the decision it answers
    code: str
    user_id: int
    at: float  # time.monotonic() of the click
    outcome: str = "unanswered"  # "acked", "held" (taken silently, the table's next move waits), "refused"
    said: str = ""  # the refusal
    seconds: float = 0.0  # until its outcome
    interaction: str = ""  # its id in the fake


@dataclass
class Audit:
    clicks: int = 0
    acked: int = 0
    held: int = 0  # taken silently while the table's next move waited for the store
    refused: int = 0
    unanswered: int = 0
    lost: int = 0  # acked, but not in the log
    stored_unacked: int = 0  # in the log, but its clicker was told it was not played
    late: int = 0  # in the log after an "if it was saved after all" answer, shown by the channel
    refusals: Counter[str] = field(default_factory=Counter)
    worst_answer_s: float = 0.0
    unacked: list[str] = field(default_factory=list)  # what lost and stored_unacked count

    @property
    def ok(self) -> bool:
        return self.lost == self.stored_unacked == self.unanswered == 0


def audit(
    clicks: Sequence[Click], logs: dict[int, list[MoveRecord]], unsure: Sequence[str] = (STORE_UNSURE.msgid,)
) -> Audit:
    """Every acked click is in its table's log with its code; every person's move in a log was
    acked to its clicker, or else a click with its code was answered "if it was saved after all"
    (`unsure`: that answer in the people's languages; the channel has shown it since: the game
    went on from it)."""
    a = Audit(clicks=len(clicks))
    by_decision: dict[tuple[int, int], list[Click]] = {}
    for c in clicks:
        by_decision.setdefault((c.table_id, c.n), []).append(c)
        a.worst_answer_s = max(a.worst_answer_s, c.seconds)
        if c.outcome == "acked":
            a.acked += 1
        elif c.outcome == "held":
            a.held += 1
        elif c.outcome == "refused":
            a.refused += 1
            a.refusals[c.said] += 1
        else:
            a.unanswered += 1
            a.unacked.append(f"unanswered: table {c.table_id} move {c.n} {c.code} ({c.interaction})")
    stored = {(t, m.pos): m for t, log in logs.items() for m in log if not m.undone}
    for c in clicks:
        m = stored.get((c.table_id, c.n))
        if c.outcome == "held" and (m is None or m.code != c.code):
            a.unanswered += 1  # taken without a word, and not played
            a.unacked.append(f"held, not stored: table {c.table_id} move {c.n} {c.code} ({c.interaction})")
        elif c.outcome == "acked" and (m is None or m.code != c.code or m.user_id != c.user_id):
            a.lost += 1
            tried = [(x.code, x.outcome, x.said[:40]) for x in by_decision[(c.table_id, c.n)]]
            a.unacked.append(f"lost: table {c.table_id} move {c.n} {c.code}: stored {m}; clicks {tried}")
    for (table_id, n), m in stored.items():
        if m.who != PLAYER:
            continue
        tried = by_decision.get((table_id, n), [])
        if any(c.outcome in ("acked", "held") and c.code == m.code for c in tried):
            continue
        if any(c.outcome == "refused" and c.code == m.code and any(u in c.said for u in unsure) for c in tried):
            a.late += 1  # the click that wrote it was told "if it was saved after all"
        else:
            a.stored_unacked += 1
            a.unacked.append(f"table {table_id} move {n} {m.code} by {m.user_id} ({m.who}): {[(c.code, c.outcome, c.said[:40]) for c in tried]}")
    return a


def answer_of(handle: InteractionHandle) -> StoredMessage | None:
    """The ephemeral answer to a click, if it got one: its first response or a followup."""
    record = handle.record
    callback = record.callback
    if callback is not None and callback.type == 4 and callback.message is not None:
        return callback.message
    if record.followup_ids:
        return handle._state.messages[record.followup_ids[0]]
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
        click.interaction = handle.id

        changed = self.fake.state.changed
        try:  # an ephemeral answer, or the game moving on
            await changed.wait_for(lambda: answer_of(handle) is not None or self.past(n), ANSWER_S, str)
        except Exception:
            # Taken without a word (a deferred update) and the game not moved on: the table's next
            # move, an AI seat's, waits for the store. Acked if its move is stored (`audit`).
            callback = handle.record.callback
            click.outcome = "held" if callback is not None and callback.type in (6, 7) else "unanswered"
            click.seconds = time.monotonic() - click.at
            return click
        answer = answer_of(handle)
        said = answer.content if answer is not None else ""
        if any(t in said for t in STALE_TEXTS):
            click.outcome, click.said = "refused", said
        elif self.past(n) and not any(t in said for t in OUTAGE_TEXTS):
            click.outcome = "acked"
        elif answer is not None and any(o.seq > n for o in offers(answer)):
            click.outcome = "acked"  # the chooser shows the next decision (the channel follows)
        else:
            click.outcome, click.said = "refused", answer.content if answer is not None else ""
        click.seconds = time.monotonic() - click.at
        return click


# ----- the world, the bot, the run (the test and the benchmark) ----------------------------------

# (table language, the people's Discord locale, people); one person: an AI seat fills the table.
# Catalan is not a Discord locale: its person reads the table's language.
LANGUAGES = (("en", "en-US", 2), ("ru", "ru", 2), ("pt-BR", "pt-BR", 2), ("ca", "es-ES", 1))


@dataclass
class Seating:
    channel: FakeChannel
    people: list[FakeMember]
    language: str


def world(tables: int = len(LANGUAGES)) -> tuple[FakeDiscord, list[Seating]]:
    """A server with `tables` channels, their people speaking LANGUAGES in turn."""
    fake = FakeDiscord(timeout=10.0)
    guild = fake.add_guild("Caylus Club")
    out = []
    for i in range(tables):
        lang, locale, count = LANGUAGES[i % len(LANGUAGES)]
        channel = fake.add_channel(guild, f"table-{i}")
        people = [fake.add_player(guild, f"p{i}-{j}", global_name=f"P{i}{j}") for j in range(count)]
        for person in people:
            person.user.locale = locale
        out.append(Seating(channel, people, lang))
    return fake, out


def bot_factory(**settings: Any) -> Callable[..., CaylusBot]:
    """The real bot on `settings` (database_url or database_path), tiny board images."""
    config = Settings(_env_file=None, discord_token="fake-token", log_level="INFO", **settings)  # type: ignore[call-arg]

    def make(**client_kwargs: Any) -> CaylusBot:
        return CaylusBot(config, render=tiny_render, synchronous="NORMAL", retry_delays=(0.05, 0.1, 0.2), **client_kwargs)

    return make


@dataclass
class Run:
    clicks: list[Click]
    players: list[Players]
    away_at: float = 0.0  # time.monotonic() when the database went away
    back_at: float = 0.0  # ... and came back
    first_ack_after: float | None = None  # seconds from `back_at` to the first acked click after it


async def play_through(
    fake: FakeDiscord, tables: list[Seating], away: Callable[[], Any], back: Callable[[], Any], outage_s: float,
    *, warm: int = 3, timeout: float = 240.0,
) -> Run:  # fmt: skip
    """Open and start every table, play; once every table has `warm` acked clicks take the
    database away (`away`), bring it back (`back`) `outage_s` seconds later (or once a click has
    been refused, if that is later), and play every game
    to its end (an AssertionError if one does not get there within `timeout` seconds)."""
    run = Run([], [])
    for i, seating in enumerate(tables):
        sim = Table(fake, seating.channel, seating.people, random.Random(i), timeout=60.0)
        options: dict[str, Any] = {"seats": 2, "language": seating.language}
        if len(seating.people) == 1:
            options["ai"] = 1
        card = await sim.seat_everyone(seating.people[0], **options)
        await sim.start(card, seating.people[0])
        run.players.append(Players(fake, seating.channel, seating.people, random.Random(100 + i), run.clicks))
    games = [asyncio.create_task(p.play()) for p in run.players]

    def warmed() -> bool:
        return all(sum(c.outcome == "acked" and c.table_id == p.table_id for c in run.clicks) >= warm for p in run.players)

    await fake.state.changed.wait_for(warmed, 120.0, lambda: "the tables did not get going")
    run.away_at = time.monotonic()
    if asyncio.iscoroutine(result := away()):
        await result
    await asyncio.sleep(outage_s)
    # and until a click was refused: a page limit bites only at the write that needs a new page,
    # which a loaded machine's few clicks in `outage_s` may not have come to
    await fake.state.changed.wait_for(
        lambda: any(c.outcome == "refused" for c in run.clicks), 4 * outage_s,
        lambda: "no click was refused while the database was away",
    )  # fmt: skip
    run.back_at = time.monotonic()
    if asyncio.iscoroutine(result := back()):
        await result
    finished = await asyncio.wait_for(asyncio.gather(*games), timeout)
    assert all(finished), "a game did not reach its end after the outage"
    after = [c.at + c.seconds for c in run.clicks if c.outcome == "acked" and c.at + c.seconds > run.back_at]
    run.first_ack_after = min(after) - run.back_at if after else None
    return run


async def logs_of(database: str | Path, players: list[Players]) -> dict[int, list[MoveRecord]]:
    """The tables' move logs, read back through the store."""
    store = await open_store(database)
    try:
        return {p.table_id: await store.move_log(p.table_id) for p in players if p.table_id is not None}
    finally:
        await store.close()
