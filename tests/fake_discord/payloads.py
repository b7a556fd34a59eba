"""JSON shapes the fake sends: channels, members, guilds, READY, the application."""

from __future__ import annotations

from .models import JSON, FakeChannel, FakeGuild, FakeMember
from .state import FakeState


def channel_payload(state: FakeState, channel: FakeChannel) -> JSON:
    data: JSON = {"id": channel.id, "type": channel.type, "flags": 0}
    if channel.type == 1:
        data["recipients"] = [u.payload() for u in channel.recipients]
        data["last_message_id"] = None
        return data
    data.update(
        {
            "name": channel.name,
            "position": channel.position,
            "guild_id": channel.guild_id,
            "parent_id": channel.parent_id,
            "topic": channel.topic,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "permission_overwrites": [
                {
                    "id": target,
                    "type": 0 if target == channel.guild_id else 1,
                    "allow": "0",
                    "deny": str(bits),
                }
                for target, bits in channel.deny.items()
            ],
        }
    )
    if channel.is_thread:
        data.update(
            {
                "owner_id": channel.owner_id or state.bot_user.id,
                "member_count": len(channel.thread_members),
                "message_count": len(state.channel_messages.get(channel.id, [])),
                "total_message_sent": len(state.channel_messages.get(channel.id, [])),
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": "2024-01-01T00:00:00+00:00",
                    "locked": False,
                    "invitable": True,
                },
            }
        )
        del data["permission_overwrites"]
    return data


def member_payload(state: FakeState, member: FakeMember, channel: FakeChannel | None) -> JSON:
    """A guild member; with a channel, ``permissions`` holds the member's bits there."""
    data: JSON = {
        "user": member.user.payload(),
        "roles": list(member.roles),
        "joined_at": member.joined_at,
        "nick": member.nick,
        "avatar": None,
        "premium_since": None,
        "communication_disabled_until": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
    }
    if channel is not None:
        data["permissions"] = str(state.permissions(member.id, channel))
    return data


def guild_create_payload(state: FakeState, guild: FakeGuild) -> JSON:
    channels = [state.channels[cid] for cid in guild.channel_ids]
    return {
        "id": guild.id,
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": guild.owner_id,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role.payload() for role in guild.roles],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": guild.locale,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "joined_at": guild.joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(guild.members),
        "members": [member_payload(state, guild.members[state.bot_user.id], None)],
        "channels": [
            channel_payload(state, c) for c in channels if not c.is_thread and not c.deleted
        ],
        "threads": [channel_payload(state, c) for c in channels if c.is_thread and not c.deleted],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def guild_payload(state: FakeState, guild: FakeGuild) -> JSON:
    """A guild as GET /guilds/{id} returns it (no members, channels or joined_at)."""
    data = guild_create_payload(state, guild)
    for key in ("joined_at", "large", "unavailable", "member_count", "members", "channels"):
        data.pop(key)
    for key in ("threads", "presences", "voice_states", "stage_instances"):
        data.pop(key)
    data["approximate_member_count"] = len(guild.members)
    return data


def ready_payload(state: FakeState, session_id: str, resume_url: str) -> JSON:
    return {
        "v": 10,
        "user": {**state.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
        "user_settings": {},
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": resume_url,
        "guilds": [{"id": gid, "unavailable": True} for gid in state.guilds],
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "geo_ordered_rtc_regions": [],
        "application": {"id": state.application_id, "flags": 0},
        "_trace": ["fake-discord"],
    }


def application_payload(state: FakeState) -> JSON:
    return {
        "id": state.application_id,
        "name": state.bot_user.username,
        "icon": None,
        "description": "A fake application",
        "summary": "",
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": state.app_owner.payload(),
        "verify_key": state.verify_key,
        "flags": 0,
        "team": None,
        "bot": state.bot_user.payload(),
        "tags": [],
        "redirect_uris": [],
        "approximate_guild_count": len(state.guilds),
    }
