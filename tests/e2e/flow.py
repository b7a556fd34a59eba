"""The asynchronous flow of one table, measured: how often people are asked, pinged and made to
click (benchmarks/async_flow.py; issues 10 and 11 define the figures).

Three scripted people play a 3-player game through the fake Discord with the real bot. Each
chooses what the greedy AI would (`bot.games.ai.seeded_choice`) in the position the bot's manager
holds, and makes that choice through the UI as a person would: among the newest messages they can
see (the channel and their own private replies) they press the component whose custom_id carries
the choice (a button, or a select option whose value is the code; bot/ui/ids.py); only when none
is visible do they press the opener ("Choose…"), and only when there is none either, type the
command. Nothing goes around the UI, so the people keep working when the messages change.

With orders, each person first sets the standing orders a regular player would (`Orders`, the
adapter to the commands: one function per order kind), and while someone else places a worker
they queue the placement they would choose at that moment.

Counted (see `Figures`): the moves in the store's log by actor (a person, the queue, anything
else the game applied by itself), the pings in the REST requests the bot made (a channel message
that notifies a person) checked against the decision pending when each was sent, the people's
clicks, the requests, the channel's messages and images.
"""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.games import ActResult
from bot.games.ai import seeded_choice
from bot.games.orders import answer as orders_answer
from bot.rules import Game, kind_facts, obvious_choice
from bot.service.runner import HANDLER_TASK_PREFIXES
from bot.store import PLAYER
from bot.ui import ids
from bot.ui.app import CaylusBot
from tests.fake_discord import (
    EPHEMERAL,
    FakeChannel,
    FakeDiscord,
    FakeMember,
    InteractionHandle,
    StoredMessage,
)

from .flow_orders import Orders, OrdersUnavailable, queues_now
from .planner import STYLES, declaration, regular_plan
from .sim import Table as Lobby
from .timeline import MEAN_HOURS, Calendar

SELECT_CLICKS = 2  # a select costs two clicks: open it, pick the option (as issue 11 counts them)
QUEUE_ACTOR = "queue"  # the move log's actor of a queued placement (bot/games/orders.py)
CHANNEL_LOOK = 20  # how many of the newest channel messages a person looks through
PRIVATE_LOOK = 10  # ... and of their own private replies
MENTION = re.compile(r"<@!?(\d+)>")
INVITE_MARK = "📣"  # the turn message's line that calls several people at once (bot/ui/texts/plan.py)
CHOICE = re.compile(ids.CHOICE_TEMPLATE)
SELECT = re.compile(ids.SELECT_TEMPLATE)
OPENER = re.compile(ids.OPEN_TEMPLATE)


# ----- what a person sees and presses ---------------------------------------------------------


@dataclass(frozen=True)
class Offer:
    """A component to use: a button (`value` None) or an option of a select."""

    message: StoredMessage
    custom_id: str
    value: str | None = None


class Use(NamedTuple):
    """What a component does for a person: open a chooser, answer with a code (a button), or
    answer with one of its options' values (a select)."""

    what: str  # "open", "choice" or "select"
    table: int
    seq: int
    code: str = ""


def use_of(component: dict[str, Any], *, by_position: bool = True) -> Use | None:
    """What `component` does, read from its custom_id: by the templates of bot/ui/ids.py, else
    (a format this module does not know yet; only `by_position`) by position,
    `prefix:table:number:...:code`."""
    custom_id = component.get("custom_id") or ""
    kind = component.get("type")
    if component.get("disabled") or kind not in (2, 3):
        return None
    if kind == 2 and (m := OPENER.fullmatch(custom_id)):
        return Use("open", int(m["table"]), int(m["seq"]))
    if kind == 2 and (m := CHOICE.fullmatch(custom_id)):
        return Use("choice", int(m["table"]), int(m["seq"]), m["code"])
    if kind == 3 and (m := SELECT.fullmatch(custom_id)):
        return Use("select", int(m["table"]), int(m["seq"]))
    parts = custom_id.split(":")
    if not by_position or len(parts) < 3 or not (parts[1].isdigit() and parts[2].isdigit()):
        return None
    table, seq = int(parts[1]), int(parts[2])
    if kind == 3:
        return Use("select", table, seq)
    if len(parts) < 4:
        return None
    return Use("open", table, seq) if parts[-1] == "open" else Use("choice", table, seq, parts[-1])


def choice_offer(messages: list[StoredMessage], table_id: int, number: int, code: str) -> Offer | None:
    """The first component among `messages` that answers decision `number` with `code` (one the
    templates know first, so that a new kind of button is never taken for a choice by mistake)."""
    for by_position in (False, True):
        for message in messages:
            for c in message.all_components():
                use = use_of(c, by_position=by_position)
                if use is None or use.table != table_id or use.seq != number:
                    continue
                if use.what == "choice" and use.code == code:
                    return Offer(message, c["custom_id"])
                if use.what == "select" and any(o.get("value") == code for o in c.get("options") or []):
                    return Offer(message, c["custom_id"], code)
    return None


def opener_offer(messages: list[StoredMessage], table_id: int, number: int) -> Offer | None:
    """The opener of decision `number` among `messages`, else any opener of the table."""
    found: Offer | None = None
    for message in messages:
        for c in message.all_components():
            use = use_of(c)
            if use is None or use.what != "open" or use.table != table_id:
                continue
            if use.seq == number:
                return Offer(message, c["custom_id"])
            found = found or Offer(message, c["custom_id"])
    return found


# ----- pings in the requests ------------------------------------------------------------------


def posted_body(fake: FakeDiscord, call: Any, channel_id: str) -> dict[str, Any] | None:
    """The body of a message the request `call` posts in the channel for everyone (not a private
    reply, not an edit: Discord notifies mentions only in a new message); else None."""
    if call.method != "POST" or not isinstance(call.json, dict):
        return None
    parts = call.path.strip("/").split("/")
    body: dict[str, Any] | None = None
    where: str | None = None
    if len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
        body, where = call.json, parts[1]
    elif len(parts) == 3 and parts[0] == "webhooks":  # a followup
        record = fake.state.interactions_by_token.get(parts[2])
        body, where = call.json, record.channel_id if record else None
    elif len(parts) == 4 and parts[0] == "interactions" and parts[3] == "callback":
        if call.json.get("type") == 4:
            record = fake.state.interactions.get(parts[1])
            body, where = call.json.get("data") or {}, record.channel_id if record else None
    if body is None or where != channel_id or int(body.get("flags") or 0) & EPHEMERAL:
        return None
    return body


def pinged(body: dict[str, Any]) -> list[str]:
    """The people a posted message notifies: those it mentions that its allowed mentions let
    through (no allowed mentions: everyone mentioned)."""
    mentioned = MENTION.findall(body.get("content") or "")
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return mentioned
    users = {str(u) for u in allowed.get("users") or ()}
    everyone = "users" in (allowed.get("parse") or ())
    return [u for u in mentioned if everyone or u in users]


@dataclass(frozen=True)
class Mark:
    """A result handed to the bot's listener: how many requests the bot had made by then, who
    decides next (None: nobody, or the AI) and the seats that moved."""

    calls: int
    decider: str | None
    over: bool
    movers: tuple[int, ...]
    kind: str = ""  # the pending decision's kind


class Recorder:
    """The bot's listener, wrapped: every result is marked before the bot publishes it."""

    def __init__(self, inner: Any, fake: FakeDiscord) -> None:
        self.inner = inner
        self.fake = fake
        self.marks: list[Mark] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def on_result(self, result: ActResult) -> None:
        pending = result.pending
        decider = str(pending.user_id) if pending is not None and pending.user_id is not None else None
        movers = tuple(m.seat for m in result.moves)
        kind = pending.decision.kind if pending is not None else ""
        self.marks.append(Mark(len(self.fake.state.calls), decider, result.game_over, movers, kind))
        await self.inner.on_result(result)


@dataclass
class Pings:
    to_deciders: int = 0  # a person called back for the decision pending then
    at_end: int = 0  # the final scores (nobody decides any more)
    misdirected: int = 0  # a person notified while someone else (or nobody) decides
    repeated: int = 0  # the same person again with no other seat's move in between
    by_kind: dict[str, int] = field(default_factory=dict)  # pings to deciders by decision kind
    invites: int = 0  # people called at once on a turn message (its "📣" line, bot.games.invites)


def count_pings(fake: FakeDiscord, channel_id: str, marks: list[Mark], first: int, last: int, seats: dict[str, int]) -> Pings:
    """Pings in the requests `first`..`last`, each judged by the last result handed over
    before it was sent."""
    out = Pings()
    latest: dict[str, int] = {}  # person -> index of the mark behind their last ping
    m = -1
    for i in range(first, last):
        while m + 1 < len(marks) and marks[m + 1].calls <= i:
            m += 1
        body = posted_body(fake, fake.state.calls[i], channel_id)
        if body is None:
            continue
        line = next((x for x in (body.get("content") or "").splitlines() if INVITE_MARK in x), "")
        for user in pinged(body):
            mark = marks[m] if m >= 0 else None
            if mark is None or mark.over:
                out.at_end += 1
                continue
            if user in MENTION.findall(line) and user != mark.decider:
                out.invites += 1
                continue
            out.to_deciders += 1
            out.by_kind[mark.kind] = out.by_kind.get(mark.kind, 0) + 1
            if user != mark.decider:
                out.misdirected += 1
            before = latest.get(user)
            if before is not None and not any(
                s != seats.get(user) for k in range(before + 1, m + 1) for s in marks[k].movers
            ):
                out.repeated += 1
            latest[user] = m
    return out


def bot_handlers() -> list[asyncio.Task[Any]]:
    """The tasks in which discord.py runs the bot's event handlers, views and commands now."""
    return [t for t in asyncio.all_tasks() if t.get_name().startswith(HANDLER_TASK_PREFIXES) and not t.done()]


def answered_by_bot(t: Any) -> bool:
    """The table's pending decision is one the bot plays itself (an obvious choice, the seat's
    orders): it is about to, between two steps of its own."""
    d = t.decision
    if d is None or t.game is None:
        return False
    return obvious_choice(t.game) is not None or orders_answer(t.game, t.orders.get(d.player)) is not None


# ----- the counts -------------------------------------------------------------------------------


@dataclass
class Clicks:
    presses: int = 0  # buttons pressed (openers included)
    openers: int = 0
    selects: int = 0  # options picked in a select
    commands: int = 0  # slash commands typed (orders and queue included)

    @property
    def total(self) -> int:
        return self.presses + SELECT_CLICKS * self.selects + self.commands


@dataclass
class Figures:
    players: int
    rounds: int
    decisions: int  # every applied move in the log (undone ones left out)
    prompts: int  # moves a person made when asked (actor "player")
    queued_applied: int
    auto_applied: int  # every other move: orders, the rules' obvious choices, AI
    pings: Pings
    clicks: Clicks
    lasting_messages: int  # channel messages still there at the end (private replies aside)
    images: int  # attachments posted or edited into channel messages
    requests: int  # REST requests the bot made from the start of the game to its end
    actors: dict[str, int] = field(default_factory=dict)
    calendar: Calendar | None = None  # the game's simulated calendar time (tests/e2e/timeline.py)

    def per(self, n: float, d: float) -> float:
        return round(n / d, 2) if d else 0.0

    def line(self) -> dict[str, Any]:
        """The issue's keys (benchmarks/async_flow.py prints them)."""
        player_rounds = self.players * self.rounds
        person_decisions = self.prompts + self.queued_applied
        return {
            "decisions": self.decisions,
            "prompts_per_player_round": self.per(self.prompts, player_rounds),
            "pings_per_player_round": self.per(self.pings.to_deciders, player_rounds),
            "auto_applied": self.auto_applied,
            "queued_applied": self.queued_applied,
            "clicks_per_decision": self.per(self.clicks.total, person_decisions),
            "lasting_messages_per_round": self.per(self.lasting_messages, self.rounds),
            "images_per_round": self.per(self.images, self.rounds),
            "requests_per_decision": self.per(self.requests, self.decisions),
        }

    def calendar_line(self) -> dict[str, Any] | None:
        """The issue's calendar keys (benchmarks/async_flow.py prints them)."""
        return self.calendar.figures(self.players, self.rounds) if self.calendar is not None else None


def channel_images(fake: FakeDiscord, channel_id: str) -> int:
    """Distinct attachments ever shown in the channel's messages (deleted messages and earlier
    versions of edited ones included; private replies aside)."""
    seen: set[str] = set()
    for message in fake.state.messages.values():
        if message.channel_id != channel_id or message.ephemeral:
            continue
        seen.update(a.id for a in message.attachments)
        for revision in message.revisions:
            seen.update(str(a["id"]) for a in revision.get("attachments") or [])
    return len(seen)


# ----- the game -----------------------------------------------------------------------------------


class Flow:
    """Three people at one table of a running bot, playing it through (see the module)."""

    def __init__(
        self,
        bot: CaylusBot,
        fake: FakeDiscord,
        channel: FakeChannel,
        people: list[FakeMember],
        *,
        orders: bool = False,
        think: float = 0.0,
        queue_depth: int = 1,
        timeout: float = 15.0,
        mean_hours: float = MEAN_HOURS,
        planning: bool = False,
        style: str = STYLES[0],
    ) -> None:
        self.bot = bot
        self.fake = fake
        self.channel = channel
        self.people = {p.id: p for p in people}
        self.with_orders = orders
        self.think = think  # seconds a person takes before each decision, once the bot is quiet
        self.queue_depth = queue_depth  # placements a person queues at once ("X, else Y")
        self.timeout = timeout
        self.clicks = Clicks()
        self.orders = Orders(fake, channel, self._commanded)
        self.queued: dict[int, tuple[int, int, int]] = {}  # seat -> (round, phase, workers) when queued
        self.mean_hours = mean_hours
        self.calendar = Calendar.for_table(0, mean_hours)  # the table's, once it is opened
        self.planning = planning  # regulars: standing orders and a round plan (tests/e2e/planner.py)
        self.style = style
        self.scanned = 0  # requests looked through for invitations

    def _commanded(self) -> None:
        self.clicks.commands += 1

    # ----- what a person sees ------------------------------------------------------------------

    def visible(self, person: FakeMember) -> list[StoredMessage]:
        """The newest messages `person` sees, newest first: the channel's, then their own private
        replies."""
        channel = [m for m in self.fake.channel_messages(self.channel) if not m.loading][-CHANNEL_LOOK:]
        private = [m for m in self.fake.ephemeral_messages(person) if not m.loading][-PRIVATE_LOOK:]
        return channel[::-1] + private[::-1]

    async def settle(self) -> None:
        """Wait until the bot is done with all it was given: no interaction or event being
        handled (discord.py's handler tasks: a command may answer "thinking…" first and change
        the table afterwards), no AI play in the background, nothing left to post. Handlers
        start AI play and posts, AI play starts posts, and posts start neither, so a pass in
        that order that finds no handler afterwards leaves the bot idle (a pass that made
        requests is repeated, should that order ever change). No quiet window: a loaded
        machine may pause the bot for any time between two of its steps."""
        calls = self.fake.state.calls
        deadline = asyncio.get_running_loop().time() + self.timeout
        while True:
            n = len(calls)
            while handlers := bot_handlers():
                left = deadline - asyncio.get_running_loop().time()
                _, busy = await asyncio.wait(handlers, timeout=max(0.0, left))
                if busy:
                    names = sorted(t.get_name() for t in busy)
                    raise AssertionError(f"the bot still handles {names} after {self.timeout} s")
            await self.bot.manager.idle()
            await self.bot.publisher.idle()
            if not bot_handlers() and len(calls) == n:
                return

    # ----- a person's move -----------------------------------------------------------------------

    async def _use(self, person: FakeMember, offer: Offer) -> InteractionHandle:
        if offer.value is None:
            handle = await self.fake.click(offer.message, offer.custom_id, user=person)
            self.clicks.presses += 1
        else:
            handle = await self.fake.select(offer.message, offer.custom_id, [offer.value], user=person)
            self.clicks.selects += 1
        await handle.response(timeout=self.timeout)
        return handle

    async def decide(self, person: FakeMember, table_id: int, number: int, code: str, kind: str) -> None:
        """Answer decision `number` with `code` through what `person` sees (the bot is settled:
        what it shows now is all it shows)."""
        offer = choice_offer(self.visible(person), table_id, number, code)
        if offer is None and (opener := opener_offer(self.visible(person), table_id, number)) is not None:
            await self._use(person, opener)
            self.clicks.openers += 1
            await self.settle()
            offer = choice_offer(self.visible(person), table_id, number, code)
        if offer is not None:
            await self._use(person, offer)
            return
        group = kind_facts(kind).group
        if group == "place":
            sub, options = ("pass", None) if code == "pass" else ("place", {"target": code})
        elif group == "provost":
            sub, options = "provost", {"move": code}
        else:
            raise AssertionError(f"decision {number} ({kind}): no component offers {code!r} and no command")
        handle = await self.fake.slash("caylus", subcommand=sub, user=person, channel=self.channel, options=options)
        self.clicks.commands += 1
        await handle.response(timeout=self.timeout)

    async def queue_others(self, game: Game, table_seed: int, seats: dict[int, str], decider: int) -> None:
        """Everyone not on turn queues the placement they would choose now (once per placement)."""
        people = [seat for seat, user in seats.items() if user in self.people]
        for seat, codes in queues_now(game, table_seed, people, decider, self.queued, self.queue_depth).items():
            await self.orders.queue(self.people[seats[seat]], ", ".join(codes))

    # ----- regulars: invitations and plans ------------------------------------------------------------

    def see_invitations(self, seats: dict[int, str]) -> None:
        """The people the bot's new turn messages invited (their "📣" line), called back now."""
        calls = self.fake.state.calls
        users = {user: seat for seat, user in seats.items()}
        for i in range(self.scanned, len(calls)):
            body = posted_body(self.fake, calls[i], self.channel.id)
            if body is None:
                continue
            line = next((x for x in (body.get("content") or "").splitlines() if INVITE_MARK in x), "")
            invited = [users[u] for u in MENTION.findall(line) if u in pinged(body) and u in users]
            if invited:
                self.calendar.invite(invited)
        self.scanned = len(calls)

    async def plan(self, t: Any, seat: int, user: str) -> None:
        """A regular, there now, sets their plan from the board as it stands (tests/e2e/planner.py)
        through `/caylus plan`, and in phase 4 declares their provost move (`/caylus declare`)."""
        game = t.game
        channel_id = int(self.channel.id)
        person = self.people[user]
        held = self.bot.manager.orders(channel_id, int(user))
        current = held.plan_for(game)
        plan = regular_plan(game, seat, t.seed, self.style, current)
        if plan is not None and plan != current:
            same = current is not None and (current.entries, current.passing) == (plan.entries, plan.passing)
            options: dict[str, Any] = {}
            if not same:
                options["clear"] = True
                if plan.entries:
                    options["add"] = ", ".join(e.place if e.cap is None else f"{e.place}<={e.cap}" for e in plan.entries)
                options["passing"] = f"{plan.passing.kind}.{plan.passing.n}"
            kept = set() if not same or current is None else set(current.answers)
            answers = [a for a in plan.answers if a not in kept]
            if options.pop("clear", False):
                await self.orders.say(person, "plan", {"clear": True})
            for place, kind, code in answers:  # first: the places added may play at once
                await self.orders.say(person, "plan", {"at": f"{place}.{kind}.{code}"})
            if options:
                await self.orders.say(person, "plan", options)
        if (target := declaration(game, seat, t.seed, held)) is not None:
            await self.orders.say(person, "declare", {"target": target.partition("@")[0]})
        await self.settle()

    # ----- the whole game --------------------------------------------------------------------------

    async def play(self, *, rounds: int | None = None) -> Figures:
        """Open a table, seat the three people, start, and play until the game ends (or round
        `rounds` is over); the figures."""
        manager = self.bot.manager
        people = list(self.people.values())
        lobby = Lobby(self.fake, self.channel, people, random.Random(0), timeout=self.timeout)
        card = await lobby.seat_everyone(people[0], seats=len(people))
        if self.with_orders and (why := self.orders.missing()) is not None:
            raise OrdersUnavailable(why)
        recorder = Recorder(manager.listener, self.fake)
        manager.listener = recorder
        first = len(self.fake.state.calls)
        await lobby.start(card, people[0])
        channel_id = int(self.channel.id)
        await self.settle()
        t = manager.table(channel_id)
        assert t is not None and t.is_started, "the table did not start"
        if self.with_orders:
            for person in people:
                await self.orders.standing(person)
        seats = {s.seat: str(s.user_id) for s in t.seats}
        self.calendar = Calendar.for_table(t.seed, self.mean_hours)
        self.scanned = first
        played_rounds = 0
        looks: int | None = None  # the person who just chose, still there: they plan once the bot played on
        while True:
            await self.settle()
            pending = t.pending
            if pending is None or t.game is None or t.is_finished:
                break
            assert not answered_by_bot(t), f"the bot left decision {pending.number} for itself unanswered"
            if self.planning:
                self.see_invitations(seats)
            if looks is not None:
                await self.plan(t, looks, seats[looks])
                looks = None
                if t.pending is None or t.pending.number != pending.number:
                    continue
            game = t.game
            played_rounds = game.state.round
            if rounds is not None and game.state.round > rounds:
                played_rounds = rounds
                break
            assert pending.user_id is not None, f"decision {pending.number} waits on the AI"
            if self.with_orders and not self.planning and pending.decision.kind == "place":
                await self.queue_others(game, t.seed, seats, pending.seat)
                await self.settle()
                if t.pending is None or t.pending.number != pending.number:
                    continue
            if self.think:
                await asyncio.sleep(self.think)
                await self.settle()
            self.calendar.asks(pending.seat, pending.decision.kind)
            for arrived in self.calendar.wait_for(pending.seat):
                if self.planning:  # called back meanwhile (invited): they plan on the board now
                    await self.plan(t, arrived, seats[arrived])
            if t.pending is None or t.pending.number != pending.number:
                continue  # pragma: no cover - a plan made meanwhile answers another's decision only
            code = seeded_choice(game, t.seed, "greedy")
            person = self.people[str(pending.user_id)]
            await self.decide(person, t.id, pending.number, code, pending.decision.kind)
            await self._moved_on(t, pending.number)
            if self.planning and self.calendar.present == pending.seat:
                looks = pending.seat
        await self.settle()
        manager.listener = recorder.inner
        last = len(self.fake.state.calls)
        if t.game is not None and t.game.over:
            played_rounds = t.game.state.round
        return await self._figures(t.id, recorder, first, last, max(1, played_rounds), seats)

    async def _moved_on(self, t: Any, number: int) -> None:
        """Decision `number` is answered once the bot is done with the person's answer."""
        await self.settle()
        pending = t.pending
        moved = pending is None or pending.number != number or t.is_finished
        assert moved, f"decision {number} was not answered: {self.fake.channel_messages(self.channel)[-1:]}"

    async def _figures(
        self, table_id: int, recorder: Recorder, first: int, last: int, rounds: int, seats: dict[int, str]
    ) -> Figures:
        log = await self.bot.manager.store.move_log(table_id)
        moves = [m for m in log if m.who != "undo" and not m.undone]
        actors: dict[str, int] = {}
        for m in moves:
            actors[m.who] = actors.get(m.who, 0) + 1
        prompts = actors.get(PLAYER, 0)
        queued = actors.get(QUEUE_ACTOR, 0)
        users = {user: seat for seat, user in seats.items()}
        return Figures(
            players=len(seats),
            rounds=rounds,
            decisions=len(moves),
            prompts=prompts,
            queued_applied=queued,
            auto_applied=len(moves) - prompts - queued,
            pings=count_pings(self.fake, self.channel.id, recorder.marks, first, last, users),
            clicks=self.clicks,
            lasting_messages=len(self.fake.channel_messages(self.channel)),
            images=channel_images(self.fake, self.channel.id),
            requests=last - first,
            actors=actors,
            calendar=self.calendar,
        )
