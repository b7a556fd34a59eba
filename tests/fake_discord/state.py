"""The fake's in-memory world: users, guilds, channels, messages, commands, interactions, calls."""

from __future__ import annotations

import itertools
import mimetypes
import time
from typing import Any

from .models import (
    EPHEMERAL,
    JSON,
    Clock,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    GatewayFrame,
    InteractionRecord,
    Perm,
    Problem,
    RestCall,
    Signal,
    Snowflakes,
    StoredAttachment,
    StoredMessage,
    Upload,
    as_permission_bits,
    now_iso,
)


class FakeState:
    def __init__(
        self,
        *,
        token: str,
        bot_name: str,
        clock: Clock,
        bot_permissions: int,
        attachment_size_limit: int,
    ) -> None:
        self.token = token
        self.clock = clock
        self.attachment_size_limit = attachment_size_limit
        self.default_bot_permissions = bot_permissions
        self.ids = Snowflakes()
        self.seq = itertools.count(1)
        #: set once the server listens, used for attachment urls
        self.base_url = "http://127.0.0.1:0"

        self.application_id = self.ids.next()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.verify_key = "0" * 64
        self.app_owner = FakeUser(self.ids.next(), "app-owner")
        self.users: dict[str, FakeUser] = {
            self.bot_user.id: self.bot_user,
            self.app_owner.id: self.app_owner,
        }
        self.guilds: dict[str, FakeGuild] = {}
        self.channels: dict[str, FakeChannel] = {}
        self.messages: dict[str, StoredMessage] = {}
        self.nonces: dict[tuple[str, str], str] = {}  # (channel id, nonce) -> the message made with it
        self.channel_messages: dict[str, list[str]] = {}
        self.attachments: dict[str, StoredAttachment] = {}
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[str, list[JSON]] = {}
        self._command_ids: dict[tuple[str | None, int, str], str] = {}
        self.interactions: dict[str, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}

        self.calls: list[RestCall] = []
        self.frames: list[GatewayFrame] = []
        self.problems: list[Problem] = []
        self.rejections: list[RestCall] = []
        #: requests whose client disconnected before their body was read (not in `calls`)
        self.disconnects: list[RestCall] = []
        #: fires on every message, call or interaction change
        self.changed = Signal()

    # -- world building ---------------------------------------------------------------------

    def add_user(
        self, username: str, *, global_name: str | None = None, bot: bool = False
    ) -> FakeUser:
        user = FakeUser(self.ids.next(), username, global_name=global_name, bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> FakeGuild:
        guild_id = self.ids.next() if shard is None else self.ids.next_in_shard(*shard)
        owner = self.add_user(f"{name.lower().replace(' ', '-')}-owner")
        guild = FakeGuild(guild_id, name, owner_id=owner.id)
        guild.roles.append(FakeRole(guild_id, "@everyone", Perm.EVERYONE))
        bot_role = FakeRole(
            self.ids.next(),
            self.bot_user.username,
            self.default_bot_permissions,
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles.append(bot_role)
        self.guilds[guild_id] = guild
        guild.members[owner.id] = FakeMember(guild_id, owner, Perm.ALL)
        guild.members[self.bot_user.id] = FakeMember(
            guild_id, self.bot_user, self.default_bot_permissions, roles=[bot_role.id]
        )
        return guild

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        permissions: int | str | Any | None = None,
        nick: str | None = None,
    ) -> FakeMember:
        bits = (
            guild.everyone.permissions if permissions is None else as_permission_bits(permissions)
        )
        member = FakeMember(guild.id, user, bits, nick=nick)
        guild.members[user.id] = member
        return member

    def add_channel(
        self,
        guild: FakeGuild | None,
        name: str,
        *,
        type: int = 0,
        parent_id: str | None = None,
        owner_id: str | None = None,
        recipients: list[FakeUser] | None = None,
        channel_id: str | None = None,
    ) -> FakeChannel:
        guild_id = guild.id if guild else None
        position = len(guild.channel_ids) if guild else 0
        channel = FakeChannel(
            channel_id or self.ids.next(),
            name,
            type=type,
            guild_id=guild_id,
            position=position,
            parent_id=parent_id,
            owner_id=owner_id,
            recipients=list(recipients or []),
        )
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        if guild is not None:
            guild.channel_ids.append(channel.id)
        return channel

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        for channel in self.channels.values():
            if channel.type == 1 and channel.recipients and channel.recipients[0].id == user.id:
                return channel
        return self.add_channel(None, user.username, type=1, recipients=[user])

    # -- lookups ------------------------------------------------------------------------------

    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def member(self, guild: FakeGuild, user_id: str) -> FakeMember | None:
        return guild.members.get(user_id)

    def guild_permissions(self, guild: FakeGuild, user_id: str) -> int:
        """A member's guild-wide bits: @everyone | roles | own base bits (all for owner/admin)."""
        if user_id == guild.owner_id:
            return Perm.ALL
        member = guild.members.get(user_id)
        if member is None:
            return 0
        bits = guild.everyone.permissions | member.permissions
        for role in guild.roles:
            if role.id in member.roles:
                bits |= role.permissions
        return Perm.ALL if bits & Perm.ADMINISTRATOR else bits

    def permissions(self, user_id: str, channel: FakeChannel) -> int:
        """Effective permissions of a user in a channel (guild bits minus channel denies)."""
        guild = self.guild_of(channel)
        if guild is None:
            return Perm.EVERYONE
        bits = self.guild_permissions(guild, user_id)
        if bits == Perm.ALL:
            return bits
        scopes = [channel]
        if channel.parent_id and channel.parent_id in self.channels:
            scopes.insert(0, self.channels[channel.parent_id])
        for scope in scopes:
            bits &= ~scope.deny.get(guild.id, 0)
            bits &= ~scope.deny.get(user_id, 0)
        return bits

    def command_for(self, guild_id: str | None, name: str, kind: int = 1) -> JSON | None:
        if guild_id is not None:
            for command in self.guild_commands.get(guild_id, []):
                if command["name"] == name and command.get("type", 1) == kind:
                    return command
        for command in self.global_commands:
            if command["name"] == name and command.get("type", 1) == kind:
                return command
        return None

    def store_commands(self, guild_id: str | None, commands: list[JSON]) -> list[JSON]:
        stored = []
        for command in commands:
            kind = command.get("type", 1)
            key = (guild_id, kind, command["name"])
            if key not in self._command_ids:
                self._command_ids[key] = self.ids.next()
            entry: JSON = {
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                "options": [],
                **command,
                "id": self._command_ids[key],
                "application_id": self.application_id,
                "type": kind,
                "version": self.ids.next(),
            }
            if guild_id is not None:
                entry["guild_id"] = guild_id
            stored.append(entry)
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        return stored

    # -- messages -----------------------------------------------------------------------------

    def make_attachments(
        self, channel_id: str, files: dict[str, Upload], meta: list[JSON] | None
    ) -> dict[str, StoredAttachment]:
        """Attachments for uploaded ``files[N]`` parts, keyed by the index N (as a string)."""
        by_index = {str(m.get("id")): m for m in meta or [] if isinstance(m, dict)}
        result: dict[str, StoredAttachment] = {}
        for field_name, upload in files.items():
            index = field_name.removeprefix("files[").removesuffix("]")
            info = by_index.get(index, {})
            filename = info.get("filename") or upload.filename
            attachment_id = self.ids.next()
            guessed = mimetypes.guess_type(filename)[0] or upload.content_type
            result[index] = self.attachments[attachment_id] = StoredAttachment(
                id=attachment_id,
                filename=filename,
                data=upload.data,
                content_type=guessed,
                url=f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}",
                description=info.get("description"),
            )
        return result

    def create_message(
        self,
        channel: FakeChannel,
        body: JSON,
        files: dict[str, Upload],
        *,
        type: int = 0,
        visible_to: str | None = None,
        interaction: InteractionRecord | None = None,
        flags: int | None = None,
    ) -> StoredMessage:
        attachments = self.make_attachments(channel.id, files, body.get("attachments"))
        message = StoredMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            author=self.bot_user,
            guild_id=channel.guild_id,
            content=body.get("content") or "",
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            attachments=list(attachments.values()),
            flags=int(body.get("flags") or 0) if flags is None else flags,
            type=type,
            visible_to=visible_to,
        )
        if body.get("message_reference"):
            message.message_reference = dict(body["message_reference"])
            message.type = 19
        if interaction is not None:
            message.interaction_id = interaction.id
            message.application_id = self.application_id
            message.interaction_metadata = {
                "id": interaction.id,
                "type": interaction.type,
                "user": self.users[interaction.user_id].payload(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if interaction.message_id is not None:
                message.interaction_metadata["interacted_message_id"] = interaction.message_id
        self.messages[message.id] = message
        self.channel_messages.setdefault(channel.id, []).append(message.id)
        self.changed.fire()
        return message

    def update_message(self, message: StoredMessage, body: JSON, files: dict[str, Upload]) -> None:
        """PATCH semantics: only the fields present change; ``attachments`` lists what to keep."""
        message.revisions.append(message.payload())
        if "content" in body:
            message.content = body["content"] or ""
        if "embeds" in body:
            message.embeds = list(body["embeds"] or [])
        if "components" in body:
            message.components = list(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & EPHEMERAL
            message.flags = int(body["flags"]) | keep
        new = self.make_attachments(message.channel_id, files, body.get("attachments"))
        if "attachments" in body and body["attachments"] is not None:
            existing = {a.id: a for a in message.attachments}
            kept: list[StoredAttachment] = []
            for entry in body["attachments"]:
                key = str(entry.get("id"))
                if key in existing:
                    kept.append(existing[key])
                elif key in new:
                    kept.append(new.pop(key))
            message.attachments = kept + list(new.values())
        else:
            message.attachments = message.attachments + list(new.values())
        message.edited_timestamp = now_iso()
        self.changed.fire()

    def delete_message(self, message: StoredMessage) -> None:
        message.deleted = True
        ids = self.channel_messages.get(message.channel_id, [])
        if message.id in ids:
            ids.remove(message.id)
        self.changed.fire()

    # -- records ------------------------------------------------------------------------------

    def new_call(
        self,
        method: str,
        path: str,
        query: dict[str, str],
        body: Any,
        files: dict[str, Upload],
    ) -> RestCall:
        call = RestCall(next(self.seq), method, path, query, body, files, at=time.perf_counter())
        self.calls.append(call)
        return call

    def add_frame(self, direction: str, op: int, t: str | None, d: Any) -> None:
        self.frames.append(GatewayFrame(next(self.seq), direction, op, t, d))
