"""The e2e world: a FakeDiscord with a server, a channel and people, and the real CaylusBot
(discord.py) on a database in tmp_path. `world.bot()` starts a bot (again: a restart)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import bot.ui.play
from bot.config import Settings
from bot.games import Renderer
from bot.rules import Decision, Event, State
from bot.ui.app import CaylusBot
from tests.fake_discord import (
    BotRun,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMember,
    Perm,
    running_bot,
)

ERROR_LOGGERS = ("discord", "aiohttp.server", "bot")


def tiny_png(colour: int = 3) -> bytes:
    image = Image.new("P", (4, 4), colour)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


TINY_PNG = tiny_png()


def tiny_render(
    state: State, events: list[Event], pending: Decision | None, lang: str = "en"
) -> bytes:
    """A stand-in for the board renderer: a real (tiny) PNG, drawn in no time."""
    return TINY_PNG


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    people: dict[str, FakeMember]
    db: Path
    monkeypatch: pytest.MonkeyPatch
    render: Renderer | None = tiny_render
    options: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> FakeMember:
        people = self.__dict__.get("people", {})
        if name in people:
            return people[name]
        raise AttributeError(name)

    def table_seed(self, seed: int) -> None:
        """Tables opened from now on are set up from `seed` (as if drawn by the manager)."""
        import bot.games.lobby

        self.monkeypatch.setattr(bot.games.lobby.secrets, "randbelow", lambda n: seed % n)

    def factory(self, **overrides: Any) -> Callable[..., CaylusBot]:
        settings = Settings(  # type: ignore[call-arg]
            _env_file=None, discord_token="fake-token", database_path=self.db, log_level="INFO"
        )
        options = {
            "render": self.render,
            "synchronous": "NORMAL",
            "retry_delays": (0.05, 0.1, 0.2),
            **self.options,
            **overrides,
        }

        def make(**client_kwargs: Any) -> CaylusBot:
            return CaylusBot(settings, **options, **client_kwargs)

        return make

    @asynccontextmanager
    async def bot(self, *, drain: bool = True, **overrides: Any) -> AsyncIterator[BotRun[CaylusBot]]:
        """A running bot; at the end (unless `drain=False`) everything it publishes is posted
        before it closes."""
        async with running_bot(
            self.fake,
            self.factory(**overrides),
            monkeypatch=self.monkeypatch,
            error_loggers=ERROR_LOGGERS,
        ) as run:
            yield run
            if drain:
                await run.bot.publisher.idle()


# How long a click on the turn message waits for the post that answers it (bot/ui/play.py) in
# these tests: longer than the bot's 1 s, so that a click on a slow machine does not fall into the
# silent path (one request more) by chance; here a click is answered by its post whenever the bot
# gets there within Discord's 3 s, and the silent path has its own test (tests/e2e/test_turn_message.py).
CLICK_ANSWER_WAIT_S = 2.0


@pytest.fixture
async def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    monkeypatch.setattr(bot.ui.play, "ANSWER_WAIT_S", CLICK_ANSWER_WAIT_S)
    fake = FakeDiscord(timeout=5.0)
    guild = fake.add_guild("Caylus Club")
    channel = fake.add_channel(guild, "caylus")
    people = {
        name: fake.add_player(guild, name, global_name=name.title())
        for name in ("ann", "bob", "cid", "dee", "stranger")
    }
    people["mod"] = fake.add_player(
        guild, "mod", global_name="Mod", permissions=Perm.EVERYONE | Perm.MANAGE_CHANNELS
    )
    await fake.start()
    try:
        yield World(fake, guild, channel, people, tmp_path / "db" / "caylus.sqlite3", monkeypatch)
    finally:
        await fake.stop()
