"""What the flows and the components need of the bot: `Host`, a Protocol that `CaylusBot`
(bot/ui/app.py) implements, so nothing below the app imports the app.

A component or a command reaches the flows through `host(interaction)`, the bot that received
the interaction, typed as a `Host`; a flow is given its host when the bot makes it. The faces
below name only what one module calls on another's object (each method is documented where it
is written: bot/ui/play.py, lobby.py, info.py, posting.py).
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol, cast

import discord
from discord import app_commands
from discord.http import HTTPClient

from bot.games import ActResult, Manager, Pending, Table

from .replies import OpenAnswer

Interaction = discord.Interaction[Any]


class PlayFlow(Protocol):
    """bot/ui/play.py `Play`: choices, moves, undo."""

    async def choose(self, interaction: Interaction, table_id: int, seq: int, code: str) -> None: ...
    async def open_chooser(self, interaction: Interaction, table_id: int, seq: int) -> None: ...
    async def board(self, interaction: Interaction, table_id: int) -> None: ...
    async def undo(self, interaction: Interaction, table_id: int | None, seq: int | None) -> None: ...
    async def take_back(self, interaction: Interaction) -> None: ...
    async def command(self, interaction: Interaction, code: str) -> None: ...

    def autocomplete(
        self, interaction: Interaction, current: str, group: str, *, skip: tuple[str, ...] = ()
    ) -> list[app_commands.Choice[str]]: ...


class LobbyFlow(Protocol):
    """bot/ui/lobby.py `Lobby`: the table before the game, and its card."""

    async def new(
        self,
        interaction: Interaction,
        *,
        seats: int,
        ai: int,
        jeweller: bool,
        lawyer_pp: int,
        simple_favours: bool,
        ai_level: str,
        deadline: int | None = None,
        takeover_after: int | None = 3,
        thread: bool = False,
        language: str = "en",
    ) -> None: ...

    async def press(self, interaction: Interaction, table_id: int, action: str) -> None: ...
    async def command(self, interaction: Interaction, action: str) -> None: ...
    async def ask_abandon(self, interaction: Interaction) -> None: ...
    def game_over(self, table: Table) -> None: ...
    async def refresh_card(self, table: Table) -> None: ...


class InfoFlow(Protocol):
    """bot/ui/info.py `Info`: looking around."""

    async def board(self, interaction: Interaction, *, public: bool = False) -> None: ...
    async def show_board(self, interaction: Interaction, table: Table, *, public: bool) -> None: ...
    async def status(self, interaction: Interaction) -> None: ...
    async def log(self, interaction: Interaction, count: int) -> None: ...
    async def rules(self, interaction: Interaction, topic: str) -> None: ...
    def rules_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]: ...
    async def help(self, interaction: Interaction) -> None: ...

    async def language(
        self, interaction: Interaction, language: str | None, *, clear: bool = False
    ) -> None: ...


class Posts(Protocol):
    """bot/ui/posting.py `Publisher`, as the flows and the listener use it."""

    def publish(self, result: ActResult) -> asyncio.Task[None] | None: ...
    def remind(self, pending: Pending) -> asyncio.Task[None]: ...
    def show_turn(self, table: Table) -> asyncio.Task[None]: ...
    def announce(self, channel_id: int, content: str) -> asyncio.Task[None]: ...
    def forget_table(self, table: Table) -> asyncio.Task[None]: ...
    def seen(self, interaction: Interaction) -> None: ...
    def expect(self, table_id: int, answer: OpenAnswer) -> None: ...
    def unexpect(self, table_id: int, answer: OpenAnswer) -> None: ...


class Host(Protocol):
    """The bot as the ui's modules see it: the games layer's manager, the publisher, the flows,
    the personal languages, and the few Discord calls a flow makes itself (the lobby's card,
    thread and greeting)."""

    @property
    def manager(self) -> Manager: ...
    @property
    def publisher(self) -> Posts: ...
    @property
    def play(self) -> PlayFlow: ...
    @property
    def lobby(self) -> LobbyFlow: ...
    @property
    def info(self) -> InfoFlow: ...
    @property
    def languages(self) -> dict[int, str]: ...  # user id -> their `/caylus language` (bot/ui/lang.py)
    @property
    def http(self) -> HTTPClient: ...
    def get_partial_messageable(self, id: int) -> discord.PartialMessageable: ...


def host(interaction: Interaction) -> Host:
    """The bot that received `interaction` (a `CaylusBot`), as the ui's modules see it."""
    return cast(Host, interaction.client)
