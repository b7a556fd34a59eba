"""FakeDiscord: a strict local fake of Discord's REST API (/api/v10) and gateway (/gateway).

One aiohttp app on 127.0.0.1 (ephemeral port by default). The real discord.py client talks to it
once ``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` point
here (see harness.running_bot, which also starts the bot). Tests build the world (guilds,
channels, members) before the bot connects, then drive it with ``slash()``, ``autocomplete()``,
``click()`` and ``select()`` and assert on stored messages and recorded REST calls.

Strictness: anything the fake does not know is a 404 *and* a recorded problem; invalid bodies get
Discord's 400/50035 answer and are recorded too (every body and query string is checked against
Discord's own OpenAPI spec, openapi.py with the vendored spec/openapi.json, then against the
documented rules the spec leaves out, documented.py, and the fake's limits, validation.py);
invalid JSON gets 400/50109; ``problems`` must be empty at teardown
(harness.running_bot checks). Late callbacks (> ``callback_deadline`` s after dispatch) get 404
10062, second callbacks 400 40060, followups after ``token_lifetime`` s 404 10015.

In another process (load benchmarks)::

    python -m tests.fake_discord --port 8765 --guilds 1 --channels 200 --users 200

prints one JSON line with the port, URLs and ids, then serves until killed. The bot process
points ``Route.BASE`` at ``api_base`` and ``DEFAULT_GATEWAY`` at ``gateway_url``. To drive load
from the fake's side, pass ``--driver package.module:function``: after the bot identifies,
``await function(fake)`` runs in the fake's event loop (it can call ``fake.slash`` etc.).
Or, in Python: ``fake = FakeDiscord(); ...; await fake.start(port)`` inside any event loop.
"""

from __future__ import annotations

import fnmatch
import socket
import time
import uuid
from collections.abc import Callable
from typing import Any

from aiohttp import web

from .gateway import Gateway, guild_of
from .handles import InteractionHandle
from .interactions import UserLike, as_user, command_data, component_data, envelope
from .models import (
    JSON,
    Clock,
    FakeChannel,
    FakeDiscordError,
    FakeGuild,
    FakeMember,
    FakeUser,
    GatewayFrame,
    InteractionRecord,
    Perm,
    Problem,
    RestCall,
    StoredMessage,
)
from .payloads import channel_payload, guild_create_payload, member_payload
from .rest import InjectedFailure, RestApi, json_response
from .state import FakeState

GUILD_MEMBERS_INTENT = 1 << 1


class FakeDiscord:
    def __init__(
        self,
        *,
        token: str = "fake-token",
        bot_name: str = "Caylus",
        clock: Clock = time.monotonic,
        callback_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        timeout: float = 3.0,
        bot_permissions: int = Perm.BOT,
        attachment_size_limit: int = 10 * 1024 * 1024,
        host: str = "127.0.0.1",
        spec_check: bool = True,
    ) -> None:
        """``clock`` only drives the deadlines (pass a models.ManualClock to jump in time);
        ``timeout`` is the default wait of the handles and ``wait_for_*`` helpers; ``spec_check``
        False skips the OpenAPI validation of request bodies (a load benchmark measures the bot,
        not the fake; the documented rules and the fake's limits still apply)."""
        self.state = FakeState(
            token=token,
            bot_name=bot_name,
            clock=clock,
            bot_permissions=bot_permissions,
            attachment_size_limit=attachment_size_limit,
        )
        self.gateway = Gateway(self.state)
        self.rest = RestApi(
            self.state,
            self.gateway,
            callback_deadline=callback_deadline,
            token_lifetime=token_lifetime,
            spec_check=spec_check,
        )
        self.timeout = timeout
        self.host = host
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._site: web.SockSite | None = None
        self._pending: list[tuple[str, JSON]] = []

    # -- lifecycle --------------------------------------------------------------------------

    async def start(self, port: int = 0) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._file)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, port))
        self.port = sock.getsockname()[1]
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=0.5
        )
        await self._runner.setup()
        self._site = web.SockSite(self._runner, sock)
        await self._site.start()
        self.state.base_url = self.base_url
        self.gateway.url = self.gateway_url

    async def stop(self) -> None:
        """Discord goes away: the port refuses connections first, then the gateway's connections
        close (code 1000, on which discord.py reconnects at once: that attempt must meet a closed
        port, not one that accepts the connection and never answers), then the rest stops."""
        if self._runner is None:
            return
        if self._site is not None:
            await self._site.stop()
            self._site = None
        await self.gateway.close()
        await self._runner.cleanup()
        self._runner = None

    @property
    def started(self) -> bool:
        return self._runner is not None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """The value for ``discord.http.Route.BASE``."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The value for ``DiscordWebSocket.DEFAULT_GATEWAY`` (and READY's resume_gateway_url)."""
        return f"ws://{self.host}:{self.port}/gateway"

    async def _file(self, request: web.Request) -> web.Response:
        attachment = self.state.attachments.get(request.match_info["attachment_id"])
        if attachment is None:
            return json_response(404, {"message": "404: Not Found", "code": 0})
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    async def _unknown(self, request: web.Request) -> web.Response:
        call = self.state.new_call(request.method, request.path, dict(request.query), None, {})
        call.status, call.response = 404, {"message": "404: Not Found", "code": 0}
        self.state.problems.append(
            Problem("unhandled_route", f"no fake route for {request.method} {request.path}", call)
        )
        return json_response(404, call.response)

    # -- identity ---------------------------------------------------------------------------

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def bot_user(self) -> FakeUser:
        return self.state.bot_user

    @property
    def application_id(self) -> str:
        return self.state.application_id

    @property
    def clock(self) -> Clock:
        return self.state.clock

    # -- world building (before or after the bot connects) ----------------------------------

    def add_guild(self, name: str = "Test Guild", *, shard: tuple[int, int] | None = None) -> FakeGuild:
        """A guild with @everyone, a managed bot role, an owner and the bot as a member.
        Only guilds that exist when the bot identifies are sent in GUILD_CREATE.
        ``shard=(id, count)``: its id puts it on that shard, ``(guild_id >> 22) % count``."""
        guild = self.state.add_guild(name, shard=shard)
        self._announce("GUILD_CREATE", guild_create_payload(self.state, guild))
        return guild

    def add_channel(
        self,
        guild: FakeGuild,
        name: str = "general",
        *,
        type: int = 0,
        parent: FakeChannel | None = None,
    ) -> FakeChannel:
        channel = self.state.add_channel(
            guild, name, type=type, parent_id=parent.id if parent else None
        )
        if channel.is_thread:
            channel.owner_id = guild.owner_id
        self._announce(
            "THREAD_CREATE" if channel.is_thread else "CHANNEL_CREATE",
            channel_payload(self.state, channel),
        )
        return channel

    def add_user(self, username: str, *, global_name: str | None = None) -> FakeUser:
        return self.state.add_user(username, global_name=global_name)

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        permissions: int | str | Any | None = None,
        nick: str | None = None,
    ) -> FakeMember:
        """``permissions``: the member's base bitfield (int, string, or discord.Permissions);
        default: @everyone's. e.g. ``Perm.EVERYONE | Perm.MANAGE_CHANNELS``."""
        member = self.state.add_member(guild, user, permissions=permissions, nick=nick)
        if self._intents() & GUILD_MEMBERS_INTENT:
            data = {**member_payload(self.state, member, None), "guild_id": guild.id}
            self._announce("GUILD_MEMBER_ADD", data)
        return member

    def add_player(
        self,
        guild: FakeGuild,
        username: str,
        *,
        global_name: str | None = None,
        permissions: int | str | Any | None = None,
    ) -> FakeMember:
        """add_user + add_member in one go."""
        user = self.add_user(username, global_name=global_name)
        return self.add_member(guild, user, permissions=permissions)

    def add_message(
        self,
        channel: FakeChannel,
        content: str = "",
        *,
        author: FakeUser | None = None,
        components: list[JSON] | None = None,
        embeds: list[JSON] | None = None,
        flags: int = 0,
    ) -> StoredMessage:
        """Seed a message the running bot never saw (e.g. posted by an earlier bot process)."""
        body: JSON = {"content": content, "components": components or [], "embeds": embeds or []}
        message = self.state.create_message(channel, body, {}, flags=flags)
        if author is not None:
            message.author = author
        return message

    def deny(self, channel: FakeChannel, bits: int, *, target: FakeUser | None = None) -> None:
        """Deny permission bits in a channel for a user (default: the bot), via an overwrite
        that discord.py also sees (CHANNEL_UPDATE) and that the REST routes enforce."""
        target_id = (target or self.state.bot_user).id
        channel.deny[target_id] = channel.deny.get(target_id, 0) | bits
        self._channel_changed(channel)

    def allow(self, channel: FakeChannel, *, target: FakeUser | None = None) -> None:
        """Remove the overwrite set by ``deny`` / ``forbid_sends``."""
        channel.deny.pop((target or self.state.bot_user).id, None)
        self._channel_changed(channel)

    def forbid_sends(self, channel: FakeChannel) -> None:
        """The bot may no longer post in ``channel``: POST messages → 403 50013."""
        self.deny(channel, Perm.SEND_MESSAGES | Perm.SEND_MESSAGES_IN_THREADS)

    def fail_next(
        self,
        method: str,
        path: str,
        *,
        status: int = 503,
        code: int = 0,
        message: str = "Service Unavailable",
        times: int = 1,
        retry_after: float = 0.05,
        lost: bool = False,
    ) -> None:
        """Answer the next ``times`` matching calls with an error. ``path`` is an fnmatch
        pattern below /api/v10 ("/channels/123/messages", "/webhooks/*"). 500/502/504 make
        discord.py retry after 1 s, 3 s, ...; 503 raises DiscordServerError at once; 429 is a
        proper rate limit (discord.py sleeps ``retry_after`` and retries). ``lost``: the call
        is carried out (a message posted), then answered with the error, as when Discord's
        answer is lost on its way back."""
        failure = InjectedFailure(method.upper(), path, status, code, message, times, retry_after, lost)
        self.rest.failures.append(failure)

    def _channel_changed(self, channel: FakeChannel) -> None:
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self._announce(event, channel_payload(self.state, channel))

    def _intents(self) -> int:
        return int(self.gateway.identifies[-1].get("intents", 0)) if self.gateway.identifies else 0

    def _announce(self, event: str, data: JSON) -> None:
        """Queue a gateway event for a connected bot; sent before the next dispatch."""
        if self.gateway.active is not None and self.gateway.session_for(guild_of(event, data)):
            self._pending.append((event, data))

    async def flush(self) -> None:
        """Send queued world-change events (done automatically before every interaction)."""
        pending, self._pending = self._pending, []
        for event, data in pending:
            await self.gateway.dispatch(event, data)

    # -- interactions -----------------------------------------------------------------------

    async def slash(
        self,
        name: str,
        *,
        user: UserLike,
        channel: FakeChannel,
        subcommand: str | None = None,
        options: dict[str, Any] | list[JSON] | None = None,
    ) -> InteractionHandle:
        """A chat-input command as a user would send it. ``subcommand``: "place", or
        "group place"; ``options``: {name: value} typed by the synced schema (FakeUser /
        FakeMember / FakeChannel for user/channel options), or a raw option list."""
        data = command_data(
            self.state, name=name, channel=channel, subcommand=subcommand, options=options
        )
        label = "/" + " ".join([name, *(subcommand.split() if subcommand else [])])
        return await self._interact(2, user, channel, data, label)

    async def autocomplete(
        self,
        name: str,
        *,
        user: UserLike,
        channel: FakeChannel,
        focused: str,
        value: str = "",
        subcommand: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> InteractionHandle:
        """An autocomplete request (type 4) for option ``focused`` holding the typed ``value``.
        The bot must answer with callback type 8 (``handle.response().choices``)."""
        data = command_data(
            self.state,
            name=name,
            channel=channel,
            subcommand=subcommand,
            options=options,
            focused=focused,
            focused_value=value,
        )
        label = "/" + " ".join([name, *(subcommand.split() if subcommand else [])])
        return await self._interact(4, user, channel, data, f"autocomplete {label} {focused}")

    async def click(
        self, message: StoredMessage | str, custom_id: str, *, user: UserLike
    ) -> InteractionHandle:
        """Press the button ``custom_id`` on a stored message."""
        stored = self.message(message)
        data = component_data(self.state, stored, custom_id, user, values=None)
        return await self._component(stored, data, user, f"click {custom_id}")

    async def select(
        self,
        message: StoredMessage | str,
        custom_id: str,
        values: list[Any],
        *,
        user: UserLike,
    ) -> InteractionHandle:
        """Choose ``values`` in the select ``custom_id`` (option values for string selects,
        FakeUser/FakeMember for user selects, FakeChannel for channel selects)."""
        stored = self.message(message)
        data = component_data(self.state, stored, custom_id, user, values=values)
        return await self._component(stored, data, user, f"select {custom_id}={values}")

    async def _component(
        self, message: StoredMessage, data: JSON, user: UserLike, label: str
    ) -> InteractionHandle:
        channel = self.state.channels[message.channel_id]
        return await self._interact(3, user, channel, data, label, message)

    async def _interact(
        self,
        kind: int,
        user: UserLike,
        channel: FakeChannel,
        data: JSON,
        label: str,
        message: StoredMessage | None = None,
    ) -> InteractionHandle:
        if not self.gateway.connected_for(channel.guild_id):
            raise FakeDiscordError(f"cannot send {label}: the bot is not connected to the gateway")
        await self.flush()
        interaction_id = self.state.ids.next()
        token = f"interaction-{uuid.uuid4().hex}"
        payload = envelope(
            self.state,
            interaction_id=interaction_id,
            token=token,
            kind=kind,
            user=user,
            channel=channel,
            data=data,
        )
        if message is not None:
            payload["message"] = message.payload()
        record = InteractionRecord(
            id=interaction_id,
            token=token,
            type=kind,
            payload=payload,
            user_id=as_user(user).id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            label=label,
            dispatched_at=self.state.clock(),
            dispatched_perf=time.perf_counter(),
            message_id=message.id if message else None,
        )
        self.state.interactions[interaction_id] = record
        self.state.interactions_by_token[token] = record
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(self.state, record, self.timeout)

    async def dispatch(self, event: str, data: JSON) -> int:
        """Send any raw gateway DISPATCH to the bot."""
        await self.flush()
        return await self.gateway.dispatch(event, data)

    async def reconnect_gateway(self, timeout: float | None = None) -> None:
        """Send op 7 RECONNECT and wait until the bot has RESUMEd its session."""
        before = len(self.gateway.resumes)
        await self.gateway.request_reconnect()
        seconds = self.timeout if timeout is None else timeout
        await self.state.changed.wait_for(
            lambda: len(self.gateway.resumes) > before and self.gateway.connected,
            seconds,
            lambda: f"bot did not RESUME within {seconds} s",
        )

    # -- inspection -------------------------------------------------------------------------

    @property
    def calls(self) -> list[RestCall]:
        """Every REST call, in arrival order."""
        return self.state.calls

    def requests(self, method: str | None = None, path: str | None = None) -> list[RestCall]:
        """REST calls filtered by method and an fnmatch pattern on the path."""
        return [
            c
            for c in self.state.calls
            if (method is None or c.method == method.upper())
            and (path is None or fnmatch.fnmatchcase(c.path, path))
        ]

    async def wait_for_call(
        self, predicate: Callable[[RestCall], bool], timeout: float | None = None
    ) -> RestCall:
        seconds = self.timeout if timeout is None else timeout
        found: RestCall = await self.state.changed.wait_for(
            lambda: next((c for c in self.state.calls if predicate(c)), None),
            seconds,
            lambda: f"no matching REST call within {seconds} s",
        )
        return found

    @property
    def frames(self) -> list[GatewayFrame]:
        return self.state.frames

    @property
    def identifies(self) -> list[JSON]:
        """The IDENTIFY payloads received (token, intents, properties, ...)."""
        return self.gateway.identifies

    @property
    def problems(self) -> list[Problem]:
        """Bot bugs the fake saw: invalid requests, unhandled routes, fake crashes."""
        return self.state.problems

    def take_problems(self) -> list[Problem]:
        """Return and forget the problems (for tests that provoke them on purpose)."""
        problems = list(self.state.problems)
        self.state.problems.clear()
        return problems

    @property
    def rejections(self) -> list[RestCall]:
        """Every REST call answered with an error (4xx/5xx), problem or not."""
        return self.state.rejections

    def commands(self, guild: FakeGuild | None = None) -> list[JSON]:
        """The commands the bot synced (globally, or for ``guild``)."""
        if guild is None:
            return self.state.global_commands
        return self.state.guild_commands.get(guild.id, [])

    def message(self, message: StoredMessage | str) -> StoredMessage:
        message_id = message if isinstance(message, str) else message.id
        stored = self.state.messages.get(message_id)
        if stored is None:
            raise FakeDiscordError(f"unknown message {message_id}")
        return stored

    def channel_messages(
        self, channel: FakeChannel, *, include_ephemeral: bool = False
    ) -> list[StoredMessage]:
        """Messages in a channel, oldest first (deleted ones excluded)."""
        messages = [self.state.messages[i] for i in self.state.channel_messages[channel.id]]
        return [m for m in messages if include_ephemeral or not m.ephemeral]

    async def wait_for_message(
        self,
        channel: FakeChannel,
        predicate: Callable[[StoredMessage], bool] | None = None,
        *,
        timeout: float | None = None,
        include_ephemeral: bool = False,
    ) -> StoredMessage:
        """The first (oldest) non-loading message in ``channel`` matching ``predicate``."""
        seconds = self.timeout if timeout is None else timeout

        def find() -> StoredMessage | None:
            for message in self.channel_messages(channel, include_ephemeral=include_ephemeral):
                if not message.loading and (predicate is None or predicate(message)):
                    return message
            return None

        found: StoredMessage = await self.state.changed.wait_for(
            find,
            seconds,
            lambda: (
                f"no matching message in #{channel.name} within {seconds} s "
                f"(has {[m.content for m in self.channel_messages(channel)]})"
            ),
        )
        return found

    def ephemeral_messages(self, user: UserLike) -> list[StoredMessage]:
        """Ephemeral messages shown to ``user`` (oldest first, deleted ones excluded)."""
        user_id = as_user(user).id
        return [
            m
            for m in self.state.messages.values()
            if m.ephemeral and m.visible_to == user_id and not m.deleted
        ]

    def dm_messages(self, user: UserLike) -> list[StoredMessage]:
        """Messages the bot sent to ``user`` in DMs."""
        channel = next(
            (
                c
                for c in self.state.channels.values()
                if c.type == 1 and c.recipients and c.recipients[0].id == as_user(user).id
            ),
            None,
        )
        return self.channel_messages(channel) if channel else []

    @property
    def interactions(self) -> list[InteractionRecord]:
        return list(self.state.interactions.values())

    def latencies(self) -> list[float]:
        """Dispatch → callback seconds of every answered interaction (for benchmarks)."""
        return [r.latency for r in self.state.interactions.values() if r.latency is not None]
