"""REST routes: channels, messages, threads, guilds and members."""

from __future__ import annotations

from .models import Perm
from .payloads import channel_payload, guild_payload, member_payload
from .routing import Reply, Request, Routes, RouteSpec
from .validation import ApiError, FormErrors


class ChannelRoutes(Routes):
    def table(self) -> list[RouteSpec]:
        channel = "/channels/{channel_id}"
        message = channel + "/messages/{message_id}"
        return [
            ("GET", channel, self.get_channel, True),
            ("PATCH", channel, self.edit_channel, True),
            ("DELETE", channel, self.delete_channel, True),
            ("GET", channel + "/messages", self.get_messages, True),
            ("POST", channel + "/messages", self.create_message, True),
            ("GET", message, self.get_message, True),
            ("PATCH", message, self.edit_message, True),
            ("DELETE", message, self.delete_message, True),
            ("POST", channel + "/threads", self.create_thread, True),
            ("POST", message + "/threads", self.create_thread, True),
            ("PUT", channel + "/thread-members/{user_id}", self.add_thread_member, True),
            ("DELETE", channel + "/thread-members/{user_id}", self.remove_thread_member, True),
            ("GET", "/guilds/{guild_id}", self.get_guild, True),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels, True),
            ("POST", "/guilds/{guild_id}/channels", self.create_guild_channel, True),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member, True),
        ]

    async def get_channel(self, request: Request) -> Reply:
        channel = self._channel(request.params["channel_id"])
        return Reply(200, channel_payload(self.state, channel))

    async def edit_channel(self, request: Request) -> Reply:
        channel = self._channel(request.params["channel_id"])
        if not (channel.is_thread and channel.owner_id == self.state.bot_user.id):
            self._require(
                channel, Perm.MANAGE_THREADS if channel.is_thread else Perm.MANAGE_CHANNELS
            )
        body = request.json
        if "name" in body:
            channel.name = body["name"]
        if "topic" in body:
            channel.topic = body["topic"]
        payload = channel_payload(self.state, channel)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.gateway.broadcast(event, payload)
        return Reply(200, payload)

    async def delete_channel(self, request: Request) -> Reply:
        channel = self._channel(request.params["channel_id"])
        if channel.type == 1:
            return Reply(200, channel_payload(self.state, channel))
        if not (channel.is_thread and channel.owner_id == self.state.bot_user.id):
            self._require(
                channel, Perm.MANAGE_THREADS if channel.is_thread else Perm.MANAGE_CHANNELS
            )
        channel.deleted = True
        payload = channel_payload(self.state, channel)
        await self.gateway.broadcast(
            "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", payload
        )
        self.state.changed.fire()
        return Reply(200, payload)

    async def get_messages(self, request: Request) -> Reply:
        channel = self._channel(request.params["channel_id"])
        self._require(channel, Perm.READ_MESSAGE_HISTORY)
        limit = int(request.query.get("limit", 50))  # 1..100: the spec refuses others
        before, after = request.query.get("before"), request.query.get("after")
        ids = [int(i) for i in self.state.channel_messages.get(channel.id, [])]
        messages = [
            self.state.messages[str(i)]
            for i in ids
            if (before is None or i < int(before)) and (after is None or i > int(after))
        ]
        visible = [m for m in messages if not m.ephemeral]
        if after is not None:
            chosen = visible[:limit]
        else:
            chosen = visible[-limit:]
        return Reply(200, [m.payload() for m in reversed(chosen)])

    async def get_message(self, request: Request) -> Reply:
        channel = self._channel(request.params["channel_id"])
        self._require(channel, Perm.READ_MESSAGE_HISTORY)
        return Reply(200, self._channel_message(channel.id, request.params["message_id"]).payload())

    async def create_message(self, request: Request) -> Reply:
        channel = self._channel(request.params["channel_id"])
        if channel.type != 1:
            needed = Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES
            self._require(channel, needed | (Perm.ATTACH_FILES if request.files else 0))
        elif any(u.dms_closed for u in channel.recipients):
            raise ApiError(403, 50007, "Cannot send messages to this user", problem=False)
        self._check_message(request.json, request.files, creating=True, channel=True)
        body = request.json or {}
        # Discord: with enforce_nonce, a message of the same author and nonce made in the past
        # few minutes is returned instead of a new one (a post tried again makes no double)
        key = (channel.id, str(body["nonce"])) if body.get("enforce_nonce") and body.get("nonce") else None
        if key is not None and key in self.state.nonces:
            return Reply(200, self.state.messages[self.state.nonces[key]].payload())
        message = self.state.create_message(channel, request.json, request.files)
        if key is not None:
            self.state.nonces[key] = message.id
        return Reply(200, message.payload())

    async def edit_message(self, request: Request) -> Reply:
        channel = self._channel(request.params["channel_id"])
        message = self._channel_message(channel.id, request.params["message_id"])
        if message.author.id != self.state.bot_user.id:
            raise ApiError(
                403, 50005, "Cannot edit a message authored by another user", problem=True
            )
        self._check_message(request.json, request.files, creating=False)
        self.state.update_message(message, request.json, request.files)
        return Reply(200, message.payload())

    async def delete_message(self, request: Request) -> Reply:
        channel = self._channel(request.params["channel_id"])
        message = self._channel_message(channel.id, request.params["message_id"])
        if message.author.id != self.state.bot_user.id:
            self._require(channel, Perm.MANAGE_MESSAGES)
        self.state.delete_message(message)
        return Reply(204)

    # -- threads and guild channels -----------------------------------------------------------

    async def create_thread(self, request: Request) -> Reply:
        parent = self._channel(request.params["channel_id"])
        body = request.json
        message_id = request.params.get("message_id")
        if message_id is not None:
            self._channel_message(parent.id, message_id)
            kind = 11
        else:
            kind = int(body.get("type") or 12)
        self._require(
            parent, Perm.CREATE_PUBLIC_THREADS if kind == 11 else Perm.CREATE_PRIVATE_THREADS
        )
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors = FormErrors()
            errors.add(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            raise errors.error()
        thread = self.state.add_channel(
            self.state.guild_of(parent),
            name,
            type=kind,
            parent_id=parent.id,
            owner_id=self.state.bot_user.id,
            channel_id=message_id,
        )
        thread.thread_members.add(self.state.bot_user.id)
        payload = channel_payload(self.state, thread)
        await self.gateway.broadcast("THREAD_CREATE", {**payload, "newly_created": True})
        return Reply(201, payload)

    async def add_thread_member(self, request: Request) -> Reply:
        thread = self._channel(request.params["channel_id"])
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type", problem=True)
        thread.thread_members.add(request.params["user_id"])
        self.state.changed.fire()
        return Reply(204)

    async def remove_thread_member(self, request: Request) -> Reply:
        thread = self._channel(request.params["channel_id"])
        thread.thread_members.discard(request.params["user_id"])
        self.state.changed.fire()
        return Reply(204)

    async def get_guild(self, request: Request) -> Reply:
        return Reply(200, guild_payload(self.state, self._guild(request.params["guild_id"])))

    async def get_guild_channels(self, request: Request) -> Reply:
        guild = self._guild(request.params["guild_id"])
        channels = [self.state.channels[c] for c in guild.channel_ids]
        return Reply(200, [channel_payload(self.state, c) for c in channels if not c.deleted])

    async def create_guild_channel(self, request: Request) -> Reply:
        guild = self._guild(request.params["guild_id"])
        if not self.state.guild_permissions(guild, self.state.bot_user.id) & Perm.MANAGE_CHANNELS:
            raise ApiError(403, 50013, "Missing Permissions", problem=False)
        body = request.json
        channel = self.state.add_channel(
            guild,
            str(body.get("name") or "channel"),
            type=int(body.get("type") or 0),
            parent_id=body.get("parent_id"),
        )
        channel.topic = body.get("topic")
        for overwrite in body.get("permission_overwrites") or []:
            channel.deny[str(overwrite["id"])] = int(overwrite.get("deny") or 0)
        payload = channel_payload(self.state, channel)
        await self.gateway.broadcast("CHANNEL_CREATE", payload)
        return Reply(201, payload)

    async def get_member(self, request: Request) -> Reply:
        guild = self._guild(request.params["guild_id"])
        member = guild.members.get(request.params["user_id"])
        if member is None:
            raise ApiError(404, 10007, "Unknown Member", problem=False)
        return Reply(200, member_payload(self.state, member, None))
