"""The fake gateway: HELLO, heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME, dispatches.

Frames are plain JSON text (discord.py only decompresses binary frames, so ``compress`` in the
connect URL is ignored).

Sharding (discord.py's AutoShardedClient, or several bot processes): an IDENTIFY with
``shard: [id, count]`` opens the session of that shard; its READY (with ``shard``) and
GUILD_CREATEs hold only the guilds of that shard, and every later event about a guild (an
interaction, a channel change) goes to the session of the guild's shard,
``(guild_id >> 22) % count``, as Discord routes them. A shard with no bot connected buffers its
events (a RESUME replays them; a new IDENTIFY starts afresh).
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .models import JSON, FakeDiscordError
from .payloads import guild_create_payload, member_payload, ready_payload
from .state import FakeState

HEARTBEAT_INTERVAL_MS = 41250
REPLAY_BUFFER = 10_000

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, text: str) -> None:
        async with self.lock:
            if not self.ws.closed:
                await self.ws.send_str(text)


def shard_of(guild_id: int | str, shard_count: int) -> int:
    """Discord's rule: the shard a guild's events go to."""
    return (int(guild_id) >> 22) % shard_count


def guild_of(event: str, data: JSON) -> str | None:
    """The guild an event is about (for routing to its shard), if any."""
    if event.startswith("GUILD_") and "guild_id" not in data:
        value = data.get("id")
    else:
        value = data.get("guild_id")
    return str(value) if value is not None else None


@dataclass
class Session:
    id: str
    identify: JSON
    conn: Connection | None
    #: (shard id, shard count) from a sharded IDENTIFY; None: unsharded (every guild)
    shard: tuple[int, int] | None = None
    seq: int = 0
    buffer: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=REPLAY_BUFFER))
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Gateway:
    def __init__(self, state: FakeState) -> None:
        self.state = state
        #: the ws:// URL handed out as resume_gateway_url (set by the server once it listens)
        self.url = ""
        self.sessions: dict[str, Session] = {}
        self.active: Session | None = None
        #: the current session of each shard (sharded IDENTIFYs only)
        self.shards: dict[int, Session] = {}
        self.shard_count: int | None = None
        self.identifies: list[JSON] = []
        self.resumes: list[JSON] = []
        self.connections: set[Connection] = set()

    # -- connection handling --------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws)
        self.connections.add(conn)
        try:
            await self._send_op(conn, OP_HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                await self._received(conn, payload)
        finally:
            self.connections.discard(conn)
            for session in self.sessions.values():
                if session.conn is conn:
                    session.conn = None
        return ws

    async def _received(self, conn: Connection, payload: JSON) -> None:
        op, raw = payload.get("op"), payload.get("d")
        self.state.add_frame("in", int(op or 0), None, raw)
        data: JSON = raw if isinstance(raw, dict) else {}
        if op == OP_HEARTBEAT:
            await self._send_op(conn, OP_HEARTBEAT_ACK, None)
        elif op == OP_IDENTIFY:
            await self._identify(conn, data)
        elif op == OP_RESUME:
            await self._resume(conn, data)
        elif op == OP_REQUEST_MEMBERS:
            await self._chunk(conn, data)
        self.state.changed.fire()

    async def _identify(self, conn: Connection, data: JSON) -> None:
        if data.get("token") != self.state.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        try:
            shard = self._shard(data)
        except ValueError:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        self.identifies.append(data)
        session = Session(uuid.uuid4().hex, data, conn, shard)
        self.sessions[session.id] = session
        self.active = session
        guilds = list(self.state.guilds.values())
        ready = ready_payload(self.state, session.id, self.url)
        if session.shard is not None:
            shard_id, count = session.shard
            self.shards[shard_id] = session
            self.shard_count = count
            guilds = [g for g in guilds if shard_of(g.id, count) == shard_id]
            ready["shard"] = [shard_id, count]
            ready["guilds"] = [{"id": g.id, "unavailable": True} for g in guilds]
        await self.dispatch("READY", ready, session)
        for guild in guilds:
            await self.dispatch("GUILD_CREATE", guild_create_payload(self.state, guild), session)

    def _shard(self, data: JSON) -> tuple[int, int] | None:
        """IDENTIFY's ``shard``: (id, count); None when absent or [0, 1]; ValueError when
        invalid (Discord closes with 4010), also when it disagrees with other live shards."""
        raw = data.get("shard")
        if raw is None:
            return None
        if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, int) for x in raw)):
            raise ValueError(raw)
        shard_id, count = raw
        if count < 1 or not 0 <= shard_id < count:
            raise ValueError(raw)
        if count == 1:
            return None
        live = {s.shard[1] for s in self.shards.values() if s.conn is not None and s.shard}
        if live and live != {count}:
            raise ValueError(raw)
        return (shard_id, count)

    def session_for(self, guild_id: str | int | None) -> Session | None:
        """The session a guild's events go to: its shard's when the bot is sharded."""
        if guild_id is None or self.shard_count is None or not self.shards:
            return self.active
        return self.shards.get(shard_of(guild_id, self.shard_count))

    def connected_for(self, guild_id: str | int | None) -> bool:
        session = self.session_for(guild_id)
        return session is not None and session.conn is not None

    async def _resume(self, conn: Connection, data: JSON) -> None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.state.token:
            await self._send_op(conn, OP_INVALID_SESSION, False)
            return
        self.resumes.append(data)
        if session.shard is not None:
            self.shards[session.shard[0]] = session
        async with session.lock:
            session.conn = conn
            last = int(data.get("seq") or 0)
            for seq, text in list(session.buffer):
                if seq > last:
                    await conn.send(text)
        self.active = session
        await self.dispatch("RESUMED", {"_trace": ["fake-discord"]}, session)

    async def _chunk(self, conn: Connection, data: JSON) -> None:
        guild = self.state.guilds.get(str(data.get("guild_id")))
        session = next((s for s in self.sessions.values() if s.conn is conn), None)
        if guild is None or session is None:
            return
        wanted = {str(u) for u in data.get("user_ids") or []}
        members = [
            member_payload(self.state, m, None)
            for m in guild.members.values()
            if not wanted or m.id in wanted
        ]
        chunk: JSON = {
            "guild_id": guild.id,
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk, session)

    async def _send_op(self, conn: Connection, op: int, data: Any) -> None:
        self.state.add_frame("out", op, None, data)
        await conn.send(json.dumps({"op": op, "d": data, "s": None, "t": None}))

    # -- sending ----------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.active is not None and self.active.conn is not None

    async def dispatch(self, event: str, data: JSON, session: Session | None = None) -> int:
        """Send a DISPATCH to the bot (buffered for replay on RESUME). Returns its ``s``.
        Without ``session``: the session of the event's guild's shard (see ``session_for``)."""
        session = session or self.session_for(guild_of(event, data))
        if session is None:
            raise FakeDiscordError(f"cannot dispatch {event}: the bot never identified")
        async with session.lock:
            session.seq += 1
            seq = session.seq
            text = json.dumps({"op": OP_DISPATCH, "t": event, "s": seq, "d": data})
            session.buffer.append((seq, text))
            self.state.add_frame("out", OP_DISPATCH, event, data)
            if session.conn is not None:
                try:
                    await session.conn.send(text)
                except ConnectionResetError:
                    pass  # stays in the buffer; a RESUME replays it
        return seq

    async def broadcast(self, event: str, data: JSON) -> None:
        """Dispatch to the bot if it is connected (world changes made by REST calls), to the
        shard of the event's guild."""
        if self.session_for(guild_of(event, data)) is not None:
            await self.dispatch(event, data)

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: discord.py drops the socket and RESUMEs on resume_gateway_url."""
        if self.active is None or self.active.conn is None:
            raise FakeDiscordError("the bot is not connected to the gateway")
        await self._send_op(self.active.conn, OP_RECONNECT, None)

    async def close(self) -> None:
        for conn in list(self.connections):
            await conn.ws.close(code=1000)
