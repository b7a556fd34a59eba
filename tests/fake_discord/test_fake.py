"""Tests of the fake itself, driving a tiny discord.Client + CommandTree defined here."""

from __future__ import annotations

import asyncio
import io
import json
import re
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_response_params
from PIL import Image

from tests.fake_discord import (
    EPHEMERAL,
    BotRun,
    FakeChannel,
    FakeDiscord,
    FakeDiscordError,
    FakeEndpoints,
    FakeGuild,
    FakeMember,
    FakeTimeout,
    ManualClock,
    Perm,
    patch_discord,
    running_bot,
)


def make_png(colour: int = 3) -> bytes:
    image = Image.new("P", (8, 8), colour)
    image.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255] * 64)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


PNG = make_png()


def png_file(name: str) -> discord.File:
    return discord.File(io.BytesIO(PNG), filename=name)


# -- the tiny bot under test -------------------------------------------------------------------


class StartView(discord.ui.View):
    @discord.ui.button(label="Start", custom_id="start", style=discord.ButtonStyle.primary)
    async def start(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message("the board", file=png_file("board.png"))

    @discord.ui.select(
        custom_id="colour",
        options=[discord.SelectOption(label=c.title(), value=c) for c in ("red", "blue")],
    )
    async def colour(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.edit_message(content=f"colour: {select.values[0]}")

    @discord.ui.button(label="Mute", custom_id="mute")
    async def mute(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        return  # never answers: the test expects a clear timeout

    @discord.ui.button(label="Boom", custom_id="boom")
    async def boom(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        raise RuntimeError("boom in a view callback")


class LobbyView(discord.ui.View):
    """Persistent (timeout=None, fixed custom_id), registered in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="lobby:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(f"{interaction.user.name} joined", ephemeral=True)


class SeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"seat:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Seat {n}", custom_id=f"seat:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SeatButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"seat {self.n}", ephemeral=True)


class RefreshView(discord.ui.View):
    @discord.ui.button(label="Refresh", custom_id="refresh")
    async def refresh(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.edit_message(content="refreshed")


caylus = app_commands.Group(name="caylus", description="Play Caylus")


@caylus.command(description="Start a game")
@app_commands.describe(players="How many players")
async def new(interaction: discord.Interaction, players: app_commands.Range[int, 2, 5]) -> None:
    await interaction.response.send_message(f"new game for {players}", view=StartView())


@caylus.command(description="Place a worker")
async def place(interaction: discord.Interaction, target: str, gold: bool = False) -> None:
    await interaction.response.send_message(f"placed on {target} gold={gold}", ephemeral=True)


@place.autocomplete("target")
async def place_target(interaction: discord.Interaction, current: str) -> list[Any]:
    spaces = ["r1", "r2", "r8", "castle"]
    return [app_commands.Choice(name=s, value=s) for s in spaces if s.startswith(current)]


@caylus.command(description="Board chain")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.followup.send("your board", file=png_file("private.png"), ephemeral=True)
    await interaction.edit_original_response(
        content="board ready", attachments=[png_file("board-v2.png")]
    )
    assert isinstance(interaction.channel, discord.TextChannel)
    message = await interaction.channel.send("public board", file=png_file("public.png"))
    await message.edit(content="public board (live)", view=RefreshView())


@caylus.command(description="Admin only")
async def admin(interaction: discord.Interaction) -> None:
    allowed = interaction.permissions.manage_channels
    await interaction.response.send_message(f"manage_channels={allowed}", ephemeral=True)


@caylus.command(description="Invite a player")
async def invite(interaction: discord.Interaction, player: discord.Member) -> None:
    await interaction.response.send_message(f"{player.mention} is invited ({player.name})")


@caylus.command(description="Post in the channel")
async def post(interaction: discord.Interaction) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    bot = interaction.client
    assert isinstance(bot, GameBot) and interaction.guild is not None
    bot.seen_can_send = interaction.channel.permissions_for(interaction.guild.me).send_messages
    try:
        await interaction.channel.send("a public post")
    except discord.Forbidden as error:
        await interaction.response.send_message(f"cannot post: {error.code}", ephemeral=True)
    except discord.DiscordServerError as error:
        await interaction.response.send_message(f"discord trouble: {error.status}", ephemeral=True)
    else:
        await interaction.response.send_message("posted", ephemeral=True)


@caylus.command(description="Misbehave on purpose")
async def misbehave(interaction: discord.Interaction, how: str) -> None:
    bot = interaction.client
    assert isinstance(bot, GameBot)
    try:
        if how == "twice":
            await interaction.response.send_message("first")
            await discord.InteractionResponse(interaction).send_message("second")
        elif how == "long":
            await interaction.response.send_message("x" * 2001)
        elif how == "slow":
            await bot.gate.wait()
            await interaction.response.send_message("too late")
        elif how == "late-followup":
            await interaction.response.defer()
            await bot.gate.wait()
            await interaction.followup.send("after the token expired")
        elif how == "raw":
            kind, data = bot.raw_callback
            adapter = async_context.get()
            await adapter.create_interaction_response(
                interaction.id,
                interaction.token,
                session=interaction._session,
                params=interaction_response_params(kind, data),
            )
    except discord.HTTPException as error:
        bot.http_errors.append((error.status, error.code, error.text))


@caylus.command(description="DM me")
async def dm(interaction: discord.Interaction) -> None:
    try:
        await interaction.user.send("your turn")
    except discord.Forbidden as error:
        interaction.client.http_errors.append((error.status, error.code, error.text))  # type: ignore[attr-defined]
        await interaction.response.send_message("your DMs are closed", ephemeral=True)
        return
    await interaction.response.send_message("sent", ephemeral=True)


@caylus.command(description="Open a table thread")
async def table(interaction: discord.Interaction) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    await interaction.response.defer()
    thread = await interaction.channel.create_thread(name="game-1")
    await thread.add_user(interaction.user)
    await thread.send("welcome to game 1")
    await interaction.followup.send(f"opened {thread.mention}")


class GameBot(discord.Client):
    def __init__(self, *, sync_guild: int | None = None, **kwargs: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **kwargs)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(caylus)
        self.sync_guild = sync_guild
        self.gate = asyncio.Event()
        self.raw_callback: tuple[int, Any] = (4, {"content": "raw"})
        self.http_errors: list[tuple[int, int, str]] = []
        self.seen_can_send: bool | None = None

    async def setup_hook(self) -> None:
        self.add_view(LobbyView())
        self.add_dynamic_items(SeatButton)
        await self.tree.sync()
        if self.sync_guild is not None:
            guild = discord.Object(self.sync_guild)

            @app_commands.command(description="Guild-only ping")
            async def ping(interaction: discord.Interaction) -> None:
                await interaction.response.send_message("pong")

            self.tree.add_command(ping, guild=guild)
            await self.tree.sync(guild=guild)


# -- fixtures ----------------------------------------------------------------------------------


@dataclass
class World:
    fake: FakeDiscord
    run: BotRun[GameBot]
    clock: ManualClock
    guild: FakeGuild
    table: FakeChannel
    alice: FakeMember
    bob: FakeMember

    @property
    def bot(self) -> GameBot:
        return self.run.bot


@pytest.fixture
async def world(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    clock = ManualClock()
    fake = FakeDiscord(clock=clock)
    guild = fake.add_guild("Caylus Club")
    table = fake.add_channel(guild, "table-1")
    alice = fake.add_player(guild, "alice", global_name="Alice")
    bob = fake.add_player(guild, "bob", permissions=Perm.EVERYONE | Perm.MANAGE_CHANNELS)

    def factory(**kwargs: Any) -> GameBot:
        return GameBot(sync_guild=int(guild.id), **kwargs)

    await fake.start()
    try:
        async with running_bot(fake, factory, monkeypatch=monkeypatch) as run:
            yield World(fake, run, clock, guild, table, alice, bob)
    finally:
        await fake.stop()


# -- startup -----------------------------------------------------------------------------------


async def test_startup_order_commands_and_identify(world: World) -> None:
    fake, bot = world.fake, world.bot
    app_id = fake.application_id
    calls = [(c.method, c.path) for c in fake.calls]
    assert calls[:4] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", f"/applications/{app_id}/commands"),
        ("PUT", f"/applications/{app_id}/guilds/{world.guild.id}/commands"),
    ]
    identify = next(f for f in fake.frames if f.direction == "in" and f.op == 2)
    assert identify.seq > fake.calls[3].seq
    assert fake.identifies[0]["token"] == "fake-token"
    assert fake.identifies[0]["intents"] == discord.Intents.default().value

    dispatched = [f.t for f in fake.frames if f.direction == "out" and f.op == 0]
    assert dispatched[:2] == ["READY", "GUILD_CREATE"]
    assert all(c.status == 200 for c in fake.calls)

    [synced] = fake.commands()
    assert synced["name"] == "caylus" and synced["application_id"] == app_id
    subcommands = {o["name"] for o in synced["options"]}
    assert {"new", "place", "board", "admin"} <= subcommands
    assert [c["name"] for c in fake.commands(world.guild)] == ["ping"]
    assert fake.calls[2].response[0]["id"] == synced["id"]

    assert bot.user is not None and str(bot.user.id) == fake.bot_user.id
    assert bot.application_id == int(app_id)
    guild = bot.get_guild(int(world.guild.id))
    assert guild is not None and guild.me is not None and guild.owner_id is not None
    assert [c.name for c in guild.text_channels] == ["table-1"]
    assert guild.default_role.id == guild.id


async def test_rest_responses_are_plain_application_json(world: World) -> None:
    async with aiohttp.ClientSession() as session:
        url = f"{world.fake.api_base}/users/@me"
        async with session.get(url, headers={"Authorization": "Bot fake-token"}) as response:
            assert response.headers["Content-Type"] == "application/json"
            assert (await response.json())["id"] == world.fake.bot_user.id
        async with session.get(url) as response:
            assert response.status == 401


# -- slash command, view, click, select --------------------------------------------------------


async def test_slash_button_png_and_select(world: World) -> None:
    fake = world.fake
    handle = await fake.slash(
        "caylus", subcommand="new", user=world.alice, channel=world.table, options={"players": 3}
    )
    [group] = handle.payload["data"]["options"]
    assert group == {
        "name": "new",
        "type": 1,
        "options": [{"name": "players", "type": 4, "value": 3}],
    }
    payload = handle.payload
    mandatory = {"attachment_size_limit", "app_permissions", "channel", "guild_id", "locale"}
    mandatory |= {"entitlements", "authorizing_integration_owners", "context", "member"}
    assert mandatory <= payload.keys() and isinstance(payload["app_permissions"], str)
    assert payload["member"]["flags"] == 0 and payload["data"]["id"] == fake.commands()[0]["id"]
    reply = await handle.response()
    assert reply.type == 4 and reply.content == "new game for 3" and not reply.ephemeral
    assert reply.message is not None
    assert reply.message.custom_ids() == ["start", "mute", "boom", "colour"]
    assert reply.message.interaction_metadata is not None
    assert handle.latency is not None and 0 < handle.latency < 1
    game = reply.message

    click = await fake.click(game, "start", user=world.bob)
    assert click.payload["message"]["id"] == game.id
    answer = await click.response()
    assert answer.type == 4
    assert answer.data["attachments"] == [{"id": 0, "filename": "board.png"}]
    assert answer.files["files[0]"].data == PNG
    assert answer.files["files[0]"].filename == "board.png"
    assert answer.message is not None
    attachment = answer.message.attachment("board.png")
    assert attachment.data == PNG and attachment.content_type == "image/png"
    async with aiohttp.ClientSession() as session, session.get(attachment.url) as response:
        assert await response.read() == PNG

    chosen = await fake.select(game, "colour", ["blue"], user=world.alice)
    update = await chosen.response()
    assert update.type == 7 and update.message is game
    assert fake.message(game.id).content == "colour: blue"
    assert game.revisions[-1]["content"] == "new game for 3"
    contents = [m.content for m in fake.channel_messages(world.table)]
    assert contents == ["colour: blue", "the board"]


async def test_slash_options_are_checked_against_the_synced_schema(world: World) -> None:
    fake, alice, table = world.fake, world.alice, world.table
    with pytest.raises(FakeDiscordError, match="no option 'spaces'"):
        await fake.slash(
            "caylus", subcommand="place", user=alice, channel=table, options={"spaces": "r8"}
        )
    with pytest.raises(FakeDiscordError, match="missing required options"):
        await fake.slash("caylus", subcommand="place", user=alice, channel=table)
    with pytest.raises(FakeDiscordError, match="outside"):
        await fake.slash(
            "caylus", subcommand="new", user=alice, channel=table, options={"players": 9}
        )
    with pytest.raises(FakeDiscordError, match="needs a subcommand"):
        await fake.slash("caylus", user=alice, channel=table)
    with pytest.raises(FakeDiscordError, match="not a synced command"):
        await fake.slash("chess", user=alice, channel=table)
    stranger = fake.add_user("stranger")
    with pytest.raises(FakeDiscordError, match="not a member"):
        await fake.slash("caylus", subcommand="admin", user=stranger, channel=table)

    handle = await fake.slash(
        "caylus",
        subcommand="place",
        user=alice,
        channel=table,
        options={"target": "r8", "gold": True},
    )
    reply = await handle.response()
    assert reply.content == "placed on r8 gold=True" and reply.ephemeral
    assert [m.content for m in fake.ephemeral_messages(alice)] == ["placed on r8 gold=True"]
    assert fake.ephemeral_messages(world.bob) == []
    assert fake.channel_messages(table) == []


async def test_guild_command_and_member_option(world: World) -> None:
    fake = world.fake
    pong = await (await fake.slash("ping", user=world.alice, channel=world.table)).response()
    assert pong.content == "pong" and pong.message is not None and pong.message.type == 20

    handle = await fake.slash(
        "caylus",
        subcommand="invite",
        user=world.alice,
        channel=world.table,
        options={"player": world.bob},
    )
    reply = await handle.response()
    assert reply.content == f"<@{world.bob.id}> is invited (bob)"
    assert reply.message is not None and reply.message.mentions() == [world.bob.id]


async def test_member_permissions_reach_the_bot(world: World) -> None:
    fake = world.fake
    for member, expected in ((world.alice, False), (world.bob, True)):
        handle = await fake.slash("caylus", subcommand="admin", user=member, channel=world.table)
        assert (await handle.response()).content == f"manage_channels={expected}"
    assert int(handle.payload["member"]["permissions"]) & Perm.MANAGE_CHANNELS
    assert isinstance(handle.payload["app_permissions"], str)


async def test_autocomplete(world: World) -> None:
    handle = await world.fake.autocomplete(
        "caylus",
        subcommand="place",
        user=world.alice,
        channel=world.table,
        focused="target",
        value="r",
    )
    [sub] = handle.payload["data"]["options"]
    assert sub["options"] == [{"name": "target", "type": 3, "value": "r", "focused": True}]
    reply = await handle.response()
    assert reply.type == 8
    assert [c["value"] for c in reply.choices] == ["r1", "r2", "r8"]
    assert reply.message is None
    with pytest.raises(FakeDiscordError, match="has no autocomplete"):
        await world.fake.autocomplete(
            "caylus", subcommand="new", user=world.alice, channel=world.table, focused="players"
        )


# -- persistent views --------------------------------------------------------------------------


async def test_persistent_view_on_a_message_the_bot_never_saw(world: World) -> None:
    fake = world.fake
    row = {
        "type": 1,
        "components": [
            {"type": 2, "style": 1, "label": "Join", "custom_id": "lobby:join"},
            {"type": 2, "style": 2, "label": "Seat 3", "custom_id": "seat:3"},
        ],
    }
    old = fake.add_message(world.table, "lobby from yesterday", components=[row])

    handle = await fake.click(old, "lobby:join", user=world.alice)
    reply = await handle.response()
    assert reply.type == 5 and reply.data == {"flags": EPHEMERAL}
    [followup] = await handle.followups(1)
    assert followup.content == "alice joined" and followup.ephemeral
    # right after a thinking defer, the first followup replaces the loading message
    assert reply.message is not None and followup.id == reply.message.id
    assert not followup.loading
    call = fake.requests("POST", f"/webhooks/{fake.application_id}/*")[0]
    assert call.query["wait"] == "1"
    assert fake.ephemeral_messages(world.alice) == [followup]

    seat = await (await fake.click(old, "seat:3", user=world.bob)).response()
    assert seat.content == "seat 3" and seat.ephemeral


# -- defer, followup, edit original, channel send, message edit ---------------------------------


async def test_board_chain(world: World) -> None:
    fake = world.fake
    handle = await fake.slash("caylus", subcommand="board", user=world.alice, channel=world.table)
    reply = await handle.response()
    assert reply.type == 5 and reply.ephemeral

    original = await handle.original(lambda m: m.content == "board ready")
    assert original.ephemeral and original.visible_to == world.alice.id
    assert [a.filename for a in original.attachments] == ["board-v2.png"]
    assert original.attachments[0].data == PNG
    assert original.revisions[-1]["content"] == "your board"

    public = await fake.wait_for_message(world.table, lambda m: m.content.endswith("(live)"))
    assert public.attachment("public.png").data == PNG
    assert public.custom_ids() == ["refresh"]
    paths = [(c.method, c.route) for c in fake.calls if c.route and "commands" not in c.route]
    assert paths[-5:] == [
        ("POST", "POST /interactions/{interaction_id}/{token}/callback"),
        ("POST", "POST /webhooks/{app_id}/{token}"),
        ("PATCH", "PATCH /webhooks/{app_id}/{token}/messages/{message_id}"),
        ("POST", "POST /channels/{channel_id}/messages"),
        ("PATCH", "PATCH /channels/{channel_id}/messages/{message_id}"),
    ]
    send = fake.requests("POST", f"/channels/{world.table.id}/messages")[0]
    assert send.json["content"] == "public board"
    assert send.files["files[0]"] == ("public.png", PNG, "application/octet-stream")

    refreshed = await (await fake.click(public, "refresh", user=world.bob)).response()
    assert refreshed.type == 7 and fake.message(public.id).content == "refreshed"


async def test_threads_and_dms(world: World) -> None:
    fake = world.fake
    handle = await fake.slash("caylus", subcommand="table", user=world.alice, channel=world.table)
    [done] = await handle.followups(1)
    thread = next(c for c in fake.state.channels.values() if c.name == "game-1")
    assert done.content == f"opened <#{thread.id}>"
    assert thread.parent_id == world.table.id and world.alice.id in thread.thread_members
    assert [m.content for m in fake.channel_messages(thread)] == ["welcome to game 1"]

    await (
        await fake.slash("caylus", subcommand="dm", user=world.bob, channel=world.table)
    ).response()
    assert [m.content for m in fake.dm_messages(world.bob)] == ["your turn"]

    world.bob.user.dms_closed = True  # Discord opens the DM channel, then refuses the message
    await (await fake.slash("caylus", subcommand="dm", user=world.bob, channel=world.table)).response()
    assert await bot_http_error(world, "the refused DM") == (403, 50007, "Cannot send messages to this user")
    assert [m.content for m in fake.dm_messages(world.bob)] == ["your turn"]
    assert [(c.method, c.status) for c in fake.calls if c.path.endswith("/messages")][-1] == ("POST", 403)


async def test_ephemeral_components_only_for_their_user(world: World) -> None:
    fake = world.fake
    hidden = fake.add_message(
        world.table,
        "psst",
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 1, "label": "Seat 1", "custom_id": "seat:1"},
                    {
                        "type": 2,
                        "style": 1,
                        "label": "Off",
                        "custom_id": "seat:2",
                        "disabled": True,
                    },
                ],
            }
        ],
        flags=EPHEMERAL,
    )
    hidden.visible_to = world.alice.id
    with pytest.raises(FakeDiscordError, match="ephemeral for another user"):
        await fake.click(hidden, "seat:1", user=world.bob)
    with pytest.raises(FakeDiscordError, match="disabled"):
        await fake.click(hidden, "seat:2", user=world.alice)
    with pytest.raises(FakeDiscordError, match="no component"):
        await fake.click(hidden, "seat:9", user=world.alice)
    reply = await (await fake.click(hidden, "seat:1", user=world.alice)).response()
    assert reply.content == "seat 1"


# -- gateway -----------------------------------------------------------------------------------


async def test_gateway_resume(world: World) -> None:
    fake = world.fake
    session_id = world.bot.ws.session_id
    await fake.reconnect_gateway()
    assert fake.gateway.resumes[-1]["session_id"] == session_id
    assert len(fake.identifies) == 1
    reply = await (await fake.slash("ping", user=world.alice, channel=world.table)).response()
    assert reply.content == "pong"
    seqs = [f.d for f in fake.frames if f.direction == "in" and f.op == 6]
    assert seqs and seqs[-1]["seq"] >= 2


# -- strictness --------------------------------------------------------------------------------


async def eventually(predicate: Callable[[], Any], what: str, timeout: float = 3.0) -> Any:
    """Poll ``predicate`` (every 5 ms, at most ``timeout`` s) for state the fake does not see,
    such as what the bot does after the fake's answer reached it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (result := predicate()):
        if loop.time() >= deadline:
            raise FakeTimeout(f"not within {timeout} s: {what}")
        await asyncio.sleep(0.005)
    return result


async def bot_http_error(world: World, what: str) -> tuple[int, int, str]:
    """The next HTTPException the tiny bot caught (it records them after the fake answered)."""
    await eventually(lambda: world.bot.http_errors, f"the bot to get an HTTP error ({what})")
    return world.bot.http_errors.pop(0)


async def provoke(world: World, how: str) -> tuple[int, int, str]:
    await world.fake.slash(
        "caylus",
        subcommand="misbehave",
        user=world.alice,
        channel=world.table,
        options={"how": how},
    )
    return await bot_http_error(world, how)


async def test_second_callback_is_already_acknowledged(world: World) -> None:
    status, code, text = await provoke(world, "twice")
    assert (status, code) == (400, 40060) and "already been acknowledged" in text
    assert world.fake.problems == []


async def test_late_callback_is_unknown_interaction(world: World) -> None:
    fake = world.fake
    handle = await fake.slash(
        "caylus",
        subcommand="misbehave",
        user=world.alice,
        channel=world.table,
        options={"how": "slow"},
    )
    world.clock.advance(3.01)
    world.bot.gate.set()
    with pytest.raises(FakeDiscordError, match="10062"):
        await handle.response()
    # the fake's refusal fails the handle at once; the bot sees the 404 a moment later
    assert await bot_http_error(world, "late callback") == (404, 10062, "Unknown interaction")
    assert world.bot.http_errors == []


async def test_followup_after_15_minutes_is_refused(world: World) -> None:
    fake = world.fake
    handle = await fake.slash(
        "caylus",
        subcommand="misbehave",
        user=world.alice,
        channel=world.table,
        options={"how": "late-followup"},
    )
    assert (await handle.response()).type == 5
    world.clock.advance(15 * 60 + 1)
    world.bot.gate.set()
    status, code, _ = await bot_http_error(world, "followup after 15 minutes")
    assert (status, code) == (404, 10015)


async def test_too_long_content_is_a_recorded_violation(world: World) -> None:
    status, code, text = await provoke(world, "long")
    assert (status, code) == (400, 50035)
    assert "data.content" in text and "2000" in text
    [problem] = world.fake.take_problems()
    assert problem.kind == "invalid_request" and "BASE_TYPE_MAX_LENGTH" in problem.detail


@pytest.mark.parametrize(
    ("kind", "data", "reason"),
    [
        (6, None, "one of [4, 5, 9]"),
        (8, {"choices": [{"name": str(i), "value": str(i)} for i in range(26)]}, "one of"),
        (1, None, "one of"),
    ],
)
async def test_invalid_callback_types(world: World, kind: int, data: Any, reason: str) -> None:
    world.bot.raw_callback = (kind, data)
    status, code, text = await provoke(world, "raw")
    assert (status, code) == (400, 50035) and reason in text
    assert len(world.fake.take_problems()) == 1


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def button(custom_id: str, label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def string_select(custom_id: str, n: int, *, label: str = "x", description: str = "") -> Any:
    options = [
        {"label": f"{label}{i}", "value": str(i), "description": description} for i in range(n)
    ]
    return {"type": 3, "custom_id": custom_id, "options": options}


INVALID_BODIES: list[tuple[str, dict[str, Any], str]] = [
    ("content", {"content": "x" * 2001}, "content"),
    ("rows", {"components": [row(button(f"b{i}")) for i in range(6)]}, "components"),
    ("buttons", {"components": [row(*[button(f"b{i}") for i in range(6)])]}, "5 or fewer"),
    (
        "two selects",
        {"components": [row(string_select("a", 2), string_select("b", 2))]},
        "maximum width",
    ),
    ("options", {"components": [row(string_select("a", 26))]}, "options"),
    ("custom_id", {"components": [row(button("c" * 101))]}, "custom_id"),
    ("label", {"components": [row(button("b", "L" * 81))]}, "label"),
    ("option label", {"components": [row(string_select("a", 2, label="L" * 100))]}, "label"),
    (
        "option description",
        {"components": [row(string_select("a", 2, description="d" * 101))]},
        "description",
    ),
    ("embeds", {"embeds": [{"title": str(i)} for i in range(11)]}, "embeds"),
    ("duplicate", {"components": [row(button("same"), button("same"))]}, "duplicated"),
    ("not a row", {"components": [button("b")]}, "must be one of (1, 17"),
]


@pytest.mark.parametrize(
    ("name", "body", "reason"), INVALID_BODIES, ids=[b[0] for b in INVALID_BODIES]
)
async def test_message_limits(world: World, name: str, body: dict[str, Any], reason: str) -> None:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=world.table.id)
    with pytest.raises(discord.HTTPException) as caught:
        await world.bot.http.request(route, json=body)
    assert caught.value.status == 400 and caught.value.code == 50035
    assert reason in caught.value.text
    [problem] = world.fake.take_problems()
    assert problem.call is not None and problem.call.status == 400
    assert world.fake.channel_messages(world.table) == []


async def test_empty_message_and_eleven_files(world: World) -> None:
    fake = world.fake
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=world.table.id)
    with pytest.raises(discord.HTTPException) as caught:
        await world.bot.http.request(route, json={"content": ""})
    assert caught.value.code == 50006
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"content": "many"}), content_type="application/json")
    for i in range(11):
        form.add_field(f"files[{i}]", PNG, filename=f"{i}.png")
    async with aiohttp.ClientSession() as session:
        url = f"{fake.api_base}/channels/{world.table.id}/messages"
        async with session.post(url, data=form, headers={"Authorization": "Bot fake-token"}) as r:
            assert r.status == 400 and r.headers["Content-Type"] == "application/json"
            assert (await r.json())["code"] == 50035
    assert len(fake.take_problems()) == 2


async def test_unknown_route_is_404_and_a_problem(world: World) -> None:
    with pytest.raises(discord.NotFound):
        await world.bot.http.request(
            Route("GET", "/guilds/{guild_id}/emojis", guild_id=world.guild.id)
        )
    [problem] = world.fake.take_problems()
    assert problem.kind == "unhandled_route" and "/emojis" in problem.detail


# -- permissions and injected failures ---------------------------------------------------------


async def test_forbidden_channel(world: World) -> None:
    fake = world.fake
    fake.forbid_sends(world.table)
    reply = await (
        await fake.slash("caylus", subcommand="post", user=world.alice, channel=world.table)
    ).response()
    assert reply.content == "cannot post: 50013" and reply.ephemeral
    assert world.bot.seen_can_send is False  # the CHANNEL_UPDATE reached discord.py's cache
    assert fake.rejections[-1].status == 403
    assert fake.problems == []

    fake.allow(world.table)
    reply = await (
        await fake.slash("caylus", subcommand="post", user=world.alice, channel=world.table)
    ).response()
    assert reply.content == "posted" and world.bot.seen_can_send is True


async def test_injected_server_error_and_rate_limit(world: World) -> None:
    fake = world.fake
    path = f"/channels/{world.table.id}/messages"
    fake.fail_next("POST", path, status=503)
    reply = await (
        await fake.slash("caylus", subcommand="post", user=world.alice, channel=world.table)
    ).response()
    assert reply.content == "discord trouble: 503"

    fake.fail_next("POST", path, status=429, retry_after=0.01)
    reply = await (
        await fake.slash("caylus", subcommand="post", user=world.alice, channel=world.table)
    ).response()
    assert reply.content == "posted"
    assert [c.status for c in fake.requests("POST", path)] == [503, 429, 200]
    assert [m.content for m in fake.channel_messages(world.table)] == ["a public post"]


# -- harness behaviour -------------------------------------------------------------------------


async def test_handle_timeout_and_error_log(world: World) -> None:
    fake = world.fake
    game = await (
        await fake.slash(
            "caylus",
            subcommand="new",
            user=world.alice,
            channel=world.table,
            options={"players": 2},
        )
    ).response()
    assert game.message is not None
    mute = await fake.click(game.message, "mute", user=world.alice)
    with pytest.raises(FakeTimeout, match=r"bot did not answer interaction click mute .* 0.1 s"):
        await mute.response(timeout=0.1)

    await fake.click(game.message, "boom", user=world.alice)
    for _ in range(100):
        if world.run.errors.records:
            break
        await asyncio.sleep(0.01)
    [record] = world.run.errors.take()
    assert record.name.startswith("discord") and "boom in a view callback" in str(record.exc_info)


async def test_running_bot_fails_the_test_on_leftover_problems(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = FakeDiscord()
    guild = fake.add_guild()
    fake.add_channel(guild)
    with pytest.raises(pytest.fail.Exception, match="unhandled_route"):
        async with running_bot(fake, GameBot, monkeypatch=monkeypatch) as run:
            with pytest.raises(discord.NotFound):
                await run.bot.http.request(Route("GET", "/nowhere"))
    assert not fake.started
    assert discord.http.Route.BASE.startswith("http://127.0.0.1")  # monkeypatch undoes later


async def test_wrong_token_fails_login(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeDiscord(token="right")
    fake.add_guild()
    with pytest.raises(discord.LoginFailure):
        async with running_bot(fake, GameBot, monkeypatch=monkeypatch, token="wrong"):
            pass  # pragma: no cover
    assert not fake.started
    assert [(c.path, c.status) for c in fake.calls] == [("/users/@me", 401)]


async def ping_driver(fake: FakeDiscord) -> None:
    """``--driver`` of the subprocess test: one /ping, the answer reported on stdout."""
    guild = next(iter(fake.state.guilds.values()))
    channel = fake.state.channels[guild.channel_ids[0]]
    player = next(m for m in guild.members.values() if m.user.username.startswith("player"))
    handle = await fake.slash("ping", user=player, channel=channel)
    reply = await handle.response()
    print(json.dumps({"content": reply.content, "latency": handle.latency}), flush=True)


async def test_fake_in_its_own_process(monkeypatch: pytest.MonkeyPatch) -> None:
    root = Path(__file__).resolve().parents[2]
    driver = "tests.fake_discord.test_fake:ping_driver"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.fake_discord",
        "--channels",
        "2",
        "--users",
        "1",
        "--driver",
        driver,
        cwd=root,
        stdout=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None
    try:
        info = json.loads(await asyncio.wait_for(proc.stdout.readline(), 20))
        assert len(info["guilds"][0]["channels"]) == 2
        endpoints = FakeEndpoints.from_info(info)
        patch_discord(monkeypatch, endpoints)
        bot = GameBot(sync_guild=int(info["guilds"][0]["id"]), guild_ready_timeout=0.05)
        await bot.login(endpoints.token)
        task = asyncio.create_task(bot.connect())
        report = json.loads(await asyncio.wait_for(proc.stdout.readline(), 10))
        assert report["content"] == "pong" and 0 < report["latency"] < 1
        await bot.close()
        await asyncio.wait_for(task, 5)
    finally:
        proc.terminate()
        await proc.wait()


async def test_running_bot_reports_a_crashed_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeDiscord()
    fake.add_channel(fake.add_guild())
    with pytest.raises(pytest.fail.Exception, match="connection task crashed: KeyError"):
        async with running_bot(fake, GameBot, monkeypatch=monkeypatch) as run:
            # a member without "flags" makes discord.py's gateway parser raise KeyError
            await fake.dispatch(
                "INTERACTION_CREATE",
                {
                    "id": "1",
                    "application_id": fake.application_id,
                    "type": 3,
                    "token": "t",
                    "version": 1,
                    "attachment_size_limit": 1024,
                    "guild_id": next(iter(fake.state.guilds)),
                    "member": {"user": fake.add_user("x").payload(), "roles": []},
                    "data": {"custom_id": "nothing", "component_type": 2},
                },
            )
            await asyncio.wait({run.task}, timeout=2)


async def test_fetch_routes_parse_in_discord_py(world: World) -> None:
    bot, fake = world.bot, world.fake
    guild = await bot.fetch_guild(int(world.guild.id))
    assert guild.name == "Caylus Club"
    member = await guild.fetch_member(int(world.bob.id))
    assert member.name == "bob"
    user = await bot.fetch_user(int(world.alice.id))
    assert user.global_name == "Alice"
    channel = await bot.fetch_channel(int(world.table.id))
    assert isinstance(channel, discord.TextChannel) and channel.name == "table-1"
    assert [c.name for c in await guild.fetch_channels()] == ["table-1"]

    first = await channel.send("one")
    second = await channel.send("two", embed=discord.Embed(title="scores"))
    fetched = await channel.fetch_message(second.id)
    assert fetched.embeds[0].title == "scores"
    assert [m.content async for m in channel.history(limit=10)] == ["two", "one"]
    await first.delete()
    assert [m.content for m in fake.channel_messages(world.table)] == ["two"]
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(first.id)
    assert fake.take_problems() == []
