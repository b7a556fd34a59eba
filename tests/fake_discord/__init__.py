"""A strict local fake of Discord's REST API and gateway, for end-to-end tests of the real
discord.py client. See server.py (the fake) and harness.py (pytest helpers)."""

from .handles import InteractionHandle
from .harness import BotRun, DiscordErrorLog, FakeEndpoints, patch_discord, running_bot
from .models import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    Callback,
    FakeChannel,
    FakeDiscordError,
    FakeGuild,
    FakeMember,
    FakeTimeout,
    FakeUser,
    InteractionRecord,
    ManualClock,
    Perm,
    Problem,
    RestCall,
    StoredAttachment,
    StoredMessage,
    Upload,
)
from .server import FakeDiscord

__all__ = [
    "COMPONENTS_V2",
    "EPHEMERAL",
    "LOADING",
    "BotRun",
    "Callback",
    "DiscordErrorLog",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeEndpoints",
    "FakeGuild",
    "FakeMember",
    "FakeTimeout",
    "FakeUser",
    "InteractionHandle",
    "InteractionRecord",
    "ManualClock",
    "Perm",
    "Problem",
    "RestCall",
    "StoredAttachment",
    "StoredMessage",
    "Upload",
    "patch_discord",
    "running_bot",
]
