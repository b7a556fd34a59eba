"""Simulated people at a Discord table: they read the channel, press the buttons and pick in the
selects the bot offers, exactly as a person would (nothing goes around the UI). They answer on
the turn message itself when it carries the choices, and open the private chooser (Choose…)
when it does not.

Also used by benchmarks/bot_load.py (in the fake's process), so it depends only on the fake.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.fake_discord import (
    FakeChannel,
    FakeDiscord,
    FakeMember,
    InteractionHandle,
    StoredMessage,
)

OPEN_ID = re.compile(r"cy:(?P<table>\d+):(?P<seq>\d+):open")
CHOICE_ID = re.compile(r"cy:(?P<table>\d+):(?P<seq>\d+):(?P<code>(?!open$)[^:]+)")
SELECT_ID = re.compile(r"cys:(?P<table>\d+):(?P<seq>\d+):(?P<group>\d+)")
LOBBY_ID = re.compile(r"cyl:(?P<table>\d+):(?P<action>\w+)")
GAME_OVER = "🏁 "  # the final scores post, in every language (bot.ui.texts.GAME_OVER_MARK)


@dataclass(frozen=True)
class Offer:
    """One choice the chooser offers: a button, or an option of a select."""

    custom_id: str
    code: str
    is_select: bool
    seq: int


def offers(message: StoredMessage) -> list[Offer]:
    out: list[Offer] = []
    for c in message.all_components():
        custom_id = c.get("custom_id") or ""
        if c.get("type") == 2 and (m := CHOICE_ID.fullmatch(custom_id)):
            out.append(Offer(custom_id, m["code"], False, int(m["seq"])))
        elif c.get("type") == 3 and (m := SELECT_ID.fullmatch(custom_id)):
            out += [Offer(custom_id, o["value"], True, int(m["seq"])) for o in c.get("options") or []]
    return out


def turn_of(message: StoredMessage) -> tuple[int, int, str] | None:
    """(table id, decision number, custom_id) of a turn message's Choose… (or More…) button."""
    for custom_id in message.custom_ids():
        if m := OPEN_ID.fullmatch(custom_id):
            return int(m["table"]), int(m["seq"]), custom_id
    return None


def card_of(channel_messages: list[StoredMessage]) -> StoredMessage | None:
    """The newest table card (a message with lobby buttons)."""
    for message in reversed(channel_messages):
        if any(LOBBY_ID.fullmatch(c) for c in message.custom_ids()):
            return message
    return None


def short_game_pick(codes: list[str], rng: random.Random) -> str:
    """A random legal choice, nudged towards short games: the provost goes forward (so the
    bailiff runs 2 spaces), and the castle gets batches."""
    forward = [c for c in codes if c in ("+3", "+2", "+1")]
    if forward:
        return max(forward)
    batches = [c for c in codes if len(c) == 3 and c.isupper()]
    if batches and rng.random() < 0.8:
        return rng.choice(batches)
    return rng.choice(codes)


@dataclass
class Stats:
    decisions: int = 0
    interactions: int = 0
    chains: int = 0  # decisions answered in an already open chooser
    selects: int = 0
    buttons: int = 0
    clicks: int = 0  # interactions made to decide (choices, Choose…), not the lobby's
    on_turn_message: int = 0  # decisions answered on the turn message itself
    kinds: Counter[str] = field(default_factory=Counter)
    kind_clicks: Counter[str] = field(default_factory=Counter)  # clicks, by decision kind
    latencies: list[float] = field(default_factory=list)
    # seconds from a click on a turn message to the next turn message (or the game's end) seen
    turnarounds: list[float] = field(default_factory=list)

    def clicks_per_decision(self, kind: str | None = None) -> float:
        if kind is None:
            return self.clicks / self.decisions if self.decisions else 0.0
        return self.kind_clicks[kind] / self.kinds[kind] if self.kinds[kind] else 0.0


class Table:
    """The people of one channel, playing through the bot's messages."""

    def __init__(
        self,
        fake: FakeDiscord,
        channel: FakeChannel,
        people: list[FakeMember],
        rng: random.Random,
        *,
        kind_of: Callable[[int, int], str | None] | None = None,
        pick: Callable[[list[str], random.Random], str] = short_game_pick,
        timeout: float = 10.0,
    ) -> None:
        self.fake = fake
        self.channel = channel
        self.people = {p.id: p for p in people}
        self.rng = rng
        self.kind_of = kind_of
        self.pick = pick
        self.timeout = timeout
        self.last_seq = -1
        self.stats = Stats()
        self._clicked_at: float | None = None  # when the last turn message was clicked

    async def _answered(self, handle: InteractionHandle) -> None:
        await handle.response(timeout=self.timeout)
        self.stats.interactions += 1
        if handle.latency is not None:
            self.stats.latencies.append(handle.latency)

    # ----- the lobby ----------------------------------------------------------------------------

    async def open_table(self, creator: FakeMember, **options: object) -> StoredMessage:
        handle = await self.fake.slash("caylus", subcommand="new", user=creator, channel=self.channel, options=options)
        await self._answered(handle)
        await handle.followups(1, timeout=self.timeout)
        card = await self.fake.wait_for_message(
            self.channel, lambda m: any(LOBBY_ID.fullmatch(c) for c in m.custom_ids()), timeout=self.timeout
        )
        return card

    async def press(self, card: StoredMessage, action: str, user: FakeMember) -> InteractionHandle:
        custom_id = next(c for c in card.custom_ids() if c.endswith(f":{action}"))
        handle = await self.fake.click(card, custom_id, user=user)
        await self._answered(handle)
        return handle

    async def seat_everyone(self, creator: FakeMember, **options: object) -> StoredMessage:
        card = await self.open_table(creator, **options)
        for person in self.people.values():
            if person.id != creator.id:
                before = len(card.revisions)
                await self.press(card, "join", person)
                await self.fake.state.changed.wait_for(
                    lambda b=before: len(card.revisions) > b, self.timeout, lambda: "card not updated"
                )
        return card

    async def start(self, card: StoredMessage, user: FakeMember) -> None:
        await self.press(card, "start", user)

    # ----- playing ------------------------------------------------------------------------------

    def _next_turn(self) -> StoredMessage | None:
        for message in self.fake.channel_messages(self.channel):
            if message.content.startswith(GAME_OVER):
                return message
            turn = turn_of(message)
            if turn is not None and turn[1] > self.last_seq:
                return message
        return None

    def _kind(self, table_id: int, seq: int) -> str | None:
        kind = self.kind_of(table_id, seq) if self.kind_of is not None else None
        if kind is not None:
            self.stats.kinds[kind] += 1
        return kind

    def _clicked(self, kind: str | None) -> None:
        self.stats.clicks += 1
        if kind is not None:
            self.stats.kind_clicks[kind] += 1

    async def _pick(self, message: StoredMessage, choices: list[Offer], person: FakeMember) -> InteractionHandle:
        """Pick one of `choices` on `message` (a button, or an option of a select)."""
        code = self.pick([o.code for o in choices], self.rng)
        offer = next(o for o in choices if o.code == code)
        if offer.is_select:
            handle = await self.fake.select(message, offer.custom_id, [offer.code], user=person)
            self.stats.selects += 1
        else:
            handle = await self.fake.click(message, offer.custom_id, user=person)
            self.stats.buttons += 1
        await self._answered(handle)
        return handle

    async def play_turn(self) -> bool:
        """Wait for the next turn message and answer its decision as its player: on the turn
        message itself when it carries the choices (one decision), otherwise in the private
        chooser (Choose…), answering every decision it shows in a row. False once the game is
        over."""
        message: StoredMessage = await self.fake.state.changed.wait_for(
            self._next_turn, self.timeout, lambda: f"no turn message after decision {self.last_seq}"
        )
        if self._clicked_at is not None:
            self.stats.turnarounds.append(time.perf_counter() - self._clicked_at)
            self._clicked_at = None
        if message.content.startswith(GAME_OVER):
            return False
        turn = turn_of(message)
        assert turn is not None
        mentioned = message.mentions()
        assert mentioned, message.content
        person = self.people[mentioned[0]]
        choices = offers(message)
        if choices:
            kind = self._kind(turn[0], turn[1])
            self._clicked_at = time.perf_counter()
            await self._pick(message, choices, person)
            self._clicked(kind)
            self.stats.on_turn_message += 1
            self.stats.decisions += 1
            self.last_seq = turn[1]
            return True
        handle = await self.fake.click(message, turn[2], user=person)
        await self._answered(handle)
        self.stats.clicks += 1
        reply = await handle.response()
        chooser = reply.message
        assert chooser is not None and chooser.ephemeral, reply
        first = True
        while True:
            choices = offers(chooser)
            assert choices, f"a chooser without choices: {chooser.content}"
            seq = choices[0].seq
            kind = self._kind(turn[0], seq)
            if first and kind is not None:
                self.stats.kind_clicks[kind] += 1  # its Choose… click
            elif not first:
                self.stats.chains += 1
            first = False
            before = len(chooser.revisions)
            await self._pick(chooser, choices, person)
            self._clicked(kind)
            await self.fake.state.changed.wait_for(
                lambda b=before: len(chooser.revisions) > b,
                self.timeout,
                lambda: "the chooser was not updated after a choice",
            )
            self.stats.decisions += 1
            self.last_seq = seq
            if not offers(chooser):
                return True

    async def play(self, max_turns: int = 100_000) -> Stats:
        for _ in range(max_turns):
            if not await self.play_turn():
                break
        return self.stats
