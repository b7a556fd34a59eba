"""The fake gateway: HELLO, heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME, dispatches.

Frames are plain JSON text (discord.py only decompresses binary frames, so ``compress`` in the
connect URL is ignored).
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


@dataclass
class Session:
    id: str
    identify: JSON
    conn: Connection | None
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
        self.identifies.append(data)
        session = Session(uuid.uuid4().hex, data, conn)
        self.sessions[session.id] = session
        self.active = session
        await self.dispatch("READY", ready_payload(self.state, session.id, self.url), session)
        for guild in list(self.state.guilds.values()):
            await self.dispatch("GUILD_CREATE", guild_create_payload(self.state, guild), session)

    async def _resume(self, conn: Connection, data: JSON) -> None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.state.token:
            await self._send_op(conn, OP_INVALID_SESSION, False)
            return
        self.resumes.append(data)
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
        """Send a DISPATCH to the bot (buffered for replay on RESUME). Returns its ``s``."""
        session = session or self.active
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
        """Dispatch to the bot if it is connected (world changes made by REST calls)."""
        if self.active is not None:
            await self.dispatch(event, data)

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: discord.py drops the socket and RESUMEs on resume_gateway_url."""
        if self.active is None or self.active.conn is None:
            raise FakeDiscordError("the bot is not connected to the gateway")
        await self._send_op(self.active.conn, OP_RECONNECT, None)

    async def close(self) -> None:
        for conn in list(self.connections):
            await conn.ws.close(code=1000)
