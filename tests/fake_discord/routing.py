"""Plumbing shared by the REST route groups: request/reply types, body parsing, JSON answers,
and the checks most routes need (channel exists, bot may act, message body is valid)."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from .documented import check_channel_message_flags
from .gateway import Gateway
from .models import JSON, FakeChannel, FakeGuild, Perm, RestCall, StoredMessage, Upload
from .state import FakeState
from .validation import (
    ApiError,
    FormErrors,
    empty_message_error,
    is_empty_message,
    validate_message,
)


@dataclass
class Request:
    call: RestCall
    params: dict[str, str]
    headers: Any

    @property
    def body(self) -> Any:
        return self.call.json

    @property
    def json(self) -> JSON:
        return self.call.json if isinstance(self.call.json, dict) else {}

    @property
    def files(self) -> dict[str, Upload]:
        return self.call.files

    @property
    def query(self) -> dict[str, str]:
        return self.call.query


@dataclass
class Reply:
    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


Handler = Callable[[Request], Awaitable[Reply]]


#: (method, path template, handler, needs "Authorization: Bot <token>")
RouteSpec = tuple[str, str, Handler, bool]


@dataclass
class Route:
    method: str
    template: str
    regex: re.Pattern[str]
    handler: Handler
    auth: bool

    @classmethod
    def build(cls, spec: RouteSpec) -> Route:
        method, template, handler, auth = spec
        regex = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        return cls(method, template, re.compile(f"^{regex}$"), handler, auth)


def truthy(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true")


def json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with ``Content-Type: application/json`` exactly (discord.py rejects a charset)."""
    if body is None and status == 204:
        return web.Response(status=204, headers=headers)
    return web.Response(
        status=status,
        body=json.dumps(body).encode(),
        content_type="application/json",
        headers=headers,
    )


async def read_body(request: web.Request) -> tuple[Any, dict[str, Upload]]:
    """JSON body, or multipart ``payload_json`` + ``files[N]`` parts."""
    files: dict[str, Upload] = {}
    if request.content_type.startswith("multipart/"):
        body: Any = None
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                body = _parse_json(await part.text())
            elif part.name:
                data = bytes(await part.read())
                ctype = part.headers.get("Content-Type", "application/octet-stream")
                files[part.name] = Upload(part.filename or part.name, data, ctype)
        return body, files
    raw = await request.read()
    if not raw:
        return None, files
    if request.content_type == "application/json":
        return _parse_json(raw), files
    return raw.decode(errors="replace"), files


def _parse_json(raw: str | bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise ApiError(
            400, 50109, "The request body contains invalid JSON.", problem=True
        ) from None


class Routes:
    """Base of a group of REST routes over the shared state."""

    def __init__(self, state: FakeState, gateway: Gateway) -> None:
        self.state = state
        self.gateway = gateway

    def table(self) -> list[RouteSpec]:
        raise NotImplementedError

    def _channel(self, channel_id: str) -> FakeChannel:
        channel = self.state.channels.get(channel_id)
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel", problem=False)
        return channel

    def _channel_message(self, channel_id: str, message_id: str) -> StoredMessage:
        message = self.state.messages.get(message_id)
        if (
            message is None
            or message.deleted
            or message.ephemeral
            or message.channel_id != channel_id
        ):
            raise ApiError(404, 10008, "Unknown Message", problem=False)
        return message

    def _require(self, channel: FakeChannel, bits: int) -> None:
        perms = self.state.permissions(self.state.bot_user.id, channel)
        if not perms & Perm.VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access", problem=False)
        if perms & bits != bits:
            raise ApiError(403, 50013, "Missing Permissions", problem=False)

    def _check_message(
        self, body: JSON, files: dict[str, Upload], *, creating: bool, channel: bool = False
    ) -> None:
        """``channel``: a Create Message in a channel (not a webhook or interaction message)."""
        errors = FormErrors()
        validate_message(body, len(files), errors)
        if channel and creating:
            check_channel_message_flags(body, errors)
        errors.raise_if_any()
        total = sum(len(upload.data) for upload in files.values())
        if total > self.state.attachment_size_limit:
            raise ApiError(413, 40005, "Request entity too large", problem=True)
        if creating and is_empty_message(body, len(files)):
            raise empty_message_error()

    def _guild(self, guild_id: str) -> FakeGuild:
        guild = self.state.guilds.get(guild_id)
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild", problem=False)
        return guild
