"""What the bot says about itself: the invite link (`/caylus-about`, the "ready as" log line) and
the facts `/caylus-about` shows (version, uptime, servers, tables)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import discord

from bot import version

# The permissions the README and docs/operations.md name for the invite link (`/caylus new
# thread:True` needs the two for threads).
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
).value
INVITE_SCOPES = ("bot", "applications.commands")


def invite_url(application_id: int | None) -> str:
    if application_id is None:
        return "(unknown application id)"  # i18n: not for players (the bot is not logged in yet: never posted)
    return discord.utils.oauth_url(
        application_id, permissions=discord.Permissions(INVITE_PERMISSIONS), scopes=INVITE_SCOPES
    )


@dataclass(frozen=True)
class Facts:
    version: str
    uptime_s: float
    servers: int
    playing: int  # tables whose game runs
    open: int  # tables waiting for players
    invite: str


def facts(client: discord.Client, started_at: float, playing: int, open_: int) -> Facts:
    """The bot's facts now (`started_at`: its time.monotonic() at start)."""
    return Facts(
        version(), time.monotonic() - started_at, len(client.guilds), playing, open_,
        invite_url(client.application_id),
    )  # fmt: skip
