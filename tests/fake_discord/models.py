"""Plain data kept by the fake: users, guilds, channels, messages, REST calls, interactions."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple

JSON = dict[str, Any]
Clock = Callable[[], float]

DISCORD_EPOCH_MS = 1420070400000

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15


class Perm:
    """Permission bits (the subset the fake and the bot care about)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 51) - 1

    #: what @everyone gets in a fresh guild (roughly Discord's default)
    EVERYONE = (
        CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS
    )
    #: what the bot's managed role gets by default
    BOT = EVERYONE | MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PRIVATE_THREADS


def as_permission_bits(value: int | str | Any) -> int:
    """Accept an int, a string bitfield, or anything with an int ``value`` (discord.Permissions)."""
    if isinstance(value, bool):
        raise TypeError("permissions must be an int bitfield, not a bool")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return int(value)
    inner = getattr(value, "value", None)
    if isinstance(inner, int):
        return inner
    raise TypeError(f"cannot read permissions from {value!r}")


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Monotonic, unique Discord-style snowflakes (as strings, like the API)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> str:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(value, self._last + 1)
        return str(self._last)

    def next_in_shard(self, shard_id: int, shard_count: int) -> str:
        """A fresh snowflake whose ``(id >> 22) % shard_count`` is ``shard_id`` (a guild id
        on that shard): the next millisecond that falls on it."""
        ms = (int(self.next()) >> 22) + 1
        ms += (shard_id - ms) % shard_count
        self._last = ms << 22
        return str(self._last)


class ManualClock:
    """An injectable clock for the fake's deadlines: ``clock.advance(3.5)``."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Signal:
    """A broadcast "something changed" notification that waiters poll a predicate against."""

    def __init__(self) -> None:
        self._event: asyncio.Event | None = None

    def fire(self) -> None:
        if self._event is not None:
            self._event.set()
            self._event = None

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float, describe: Callable[[], str]
    ) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise FakeTimeout(describe())
            if self._event is None:
                self._event = asyncio.Event()
            event = self._event
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                pass


class FakeDiscordError(AssertionError):
    """Base error of the fake's test helpers (an AssertionError so pytest reports it plainly)."""


class FakeTimeout(FakeDiscordError):
    """The bot did not do something within the expected time."""


class Upload(NamedTuple):
    filename: str
    data: bytes
    content_type: str


@dataclass
class FakeUser:
    id: str
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    # The user's privacy setting "Direct messages from server members" is off: Discord opens
    # the DM channel all the same, then refuses every message in it (403, 50007).
    dms_closed: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        data: JSON = {
            "id": self.id,
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class FakeRole:
    id: str
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: str | None = None

    def payload(self) -> JSON:
        data: JSON = {
            "id": self.id,
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": self.bot_id}
        return data


@dataclass
class FakeMember:
    guild_id: str
    user: FakeUser
    permissions: int
    nick: str | None = None
    roles: list[str] = field(default_factory=list)
    joined_at: str = field(default_factory=now_iso)

    @property
    def id(self) -> str:
        return self.user.id

    @property
    def mention(self) -> str:
        return self.user.mention


@dataclass
class FakeChannel:
    id: str
    name: str
    type: int = 0
    guild_id: str | None = None
    position: int = 0
    parent_id: str | None = None
    topic: str | None = None
    owner_id: str | None = None
    recipients: list[FakeUser] = field(default_factory=list)
    #: permission bits denied per overwrite target (member id, or the guild id for @everyone)
    deny: dict[str, int] = field(default_factory=dict)
    thread_members: set[str] = field(default_factory=set)
    deleted: bool = False

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)


@dataclass
class FakeGuild:
    id: str
    name: str
    owner_id: str
    roles: list[FakeRole] = field(default_factory=list)
    members: dict[str, FakeMember] = field(default_factory=dict)
    channel_ids: list[str] = field(default_factory=list)
    joined_at: str = field(default_factory=now_iso)
    #: the server's preferred locale (a Discord locale: "en-US", "ru", "pt-BR"...)
    locale: str = "en-US"

    @property
    def everyone(self) -> FakeRole:
        return self.roles[0]


@dataclass
class StoredAttachment:
    id: str
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None

    def payload(self) -> JSON:
        data: JSON = {
            "id": self.id,
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Every component in a (classic or v2) component tree, depth first."""
    for component in components:
        yield component
        children = component.get("components")
        if isinstance(children, list):
            yield from walk_components(children)
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield accessory


_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class StoredMessage:
    id: str
    channel_id: str
    author: FakeUser
    guild_id: str | None = None
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None
    deleted: bool = False
    #: the user who can see it, for ephemeral messages
    visible_to: str | None = None
    #: the interaction whose response or followup this is
    interaction_id: str | None = None
    interaction_metadata: JSON | None = None
    application_id: str | None = None
    message_reference: JSON | None = None
    #: payload() snapshots of earlier versions, oldest first
    revisions: list[JSON] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """What a person reads of it: its content, then each embed's title and description."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed[k] for k in ("title", "description") if embed.get(k)]
        return "\n".join(p for p in parts if p)

    def mentions(self) -> list[str]:
        return _MENTION.findall(self.content)

    def all_components(self) -> list[JSON]:
        return list(walk_components(self.components))

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def component(self, custom_id: str) -> JSON | None:
        for component in self.all_components():
            if component.get("custom_id") == custom_id:
                return component
        return None

    def buttons(self) -> list[JSON]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def button_labels(self) -> list[str]:
        return [c.get("label") or "" for c in self.buttons()]

    def selects(self) -> list[JSON]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def attachment(self, filename: str) -> StoredAttachment:
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment
        names = [a.filename for a in self.attachments]
        raise FakeDiscordError(f"message {self.id} has no attachment {filename!r} (has {names})")

    def payload(self) -> JSON:
        data: JSON = {
            "id": self.id,
            "channel_id": self.channel_id,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = self.guild_id
        if self.application_id is not None:
            data["application_id"] = self.application_id
            data["webhook_id"] = self.application_id
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        return data


@dataclass
class RestCall:
    """One REST request the bot made, and what the fake answered."""

    seq: int
    method: str
    #: the path below /api/v10, e.g. "/channels/123/messages"
    path: str
    query: dict[str, str]
    json: Any
    files: dict[str, Upload]
    at: float
    status: int = 0
    response: Any = None
    #: the matched route template, e.g. "POST /channels/{channel_id}/messages"
    route: str | None = None

    def __repr__(self) -> str:
        return f"<RestCall #{self.seq} {self.method} {self.path} -> {self.status}>"


@dataclass
class GatewayFrame:
    seq: int
    direction: str  # "in" (from the bot) or "out" (to the bot)
    op: int
    t: str | None
    d: Any


@dataclass
class Problem:
    """Something the fake considers a bug in the bot; the harness fails the test on these."""

    kind: str  # "invalid_request", "unhandled_route" or "fake_error"
    detail: str
    call: RestCall | None = None

    def __str__(self) -> str:
        where = f" ({self.call.method} {self.call.path})" if self.call else ""
        return f"{self.kind}{where}: {self.detail}"


@dataclass
class Callback:
    """An accepted interaction callback (the bot's initial response)."""

    type: int
    data: JSON
    files: dict[str, Upload]
    message: StoredMessage | None
    call: RestCall

    @property
    def content(self) -> str | None:
        content = self.data.get("content")
        return content if isinstance(content, str) else None

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def choices(self) -> list[JSON]:
        return list(self.data.get("choices") or [])


@dataclass
class InteractionRecord:
    id: str
    token: str
    type: int
    payload: JSON
    user_id: str
    channel_id: str
    guild_id: str | None
    label: str
    dispatched_at: float
    dispatched_perf: float
    #: for component interactions: the message holding the component
    message_id: str | None = None
    callback: Callback | None = None
    callback_perf: float | None = None
    rejected: list[RestCall] = field(default_factory=list)
    original_message_id: str | None = None
    followup_ids: list[str] = field(default_factory=list)
    #: a type-5 defer whose loading message the first followup replaces
    pending_loading: bool = False
    signal: Signal = field(default_factory=Signal)

    @property
    def latency(self) -> float | None:
        """Seconds from the dispatch on the websocket to the callback request arriving."""
        if self.callback_perf is None:
            return None
        return self.callback_perf - self.dispatched_perf
