"""pytest helpers: run a real discord.py client against FakeDiscord, and catch ERROR logs.

Typical conftest / test::

    @pytest.fixture
    async def world(monkeypatch):
        fake = FakeDiscord()
        guild = fake.add_guild("Caylus Club")
        table = fake.add_channel(guild, "table-1")
        alice = fake.add_player(guild, "alice")
        async with running_bot(fake, CaylusBot, monkeypatch=monkeypatch) as run:
            yield run, table, alice

    async def test_place(world):
        run, table, alice = world
        reply = await (await run.fake.slash("caylus", subcommand="place", user=alice,
                                            channel=table, options={"target": "r8"})).response()
        assert reply.type == 4

``running_bot`` fails the test at teardown when the fake recorded problems (unknown routes,
invalid bodies), when a "discord*" logger logged an ERROR (view / command exceptions are only
logged by discord.py) or "aiohttp.server" did (a crash inside the fake), or when the bot's
connection task crashed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import discord
import discord.asset
import discord.gateway
import discord.http
import pytest
import yarl

from .server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)


class DiscordErrorLog(logging.Handler):
    """Records ERROR (and worse) records from the given loggers (default: "discord" and its
    children, where discord.py logs exceptions raised in commands, views and events)."""

    def __init__(self, loggers: Iterable[str] = ("discord",)) -> None:
        super().__init__(level=logging.ERROR)
        self.logger_names = tuple(loggers)
        self.records: list[logging.LogRecord] = []
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def install(self) -> None:
        for name in self.logger_names:
            logging.getLogger(name).addHandler(self)

    def uninstall(self) -> None:
        for name in self.logger_names:
            logging.getLogger(name).removeHandler(self)

    def __enter__(self) -> DiscordErrorLog:
        self.install()
        return self

    def __exit__(self, *exc: object) -> None:
        self.uninstall()

    def messages(self) -> list[str]:
        """Each record formatted, with its traceback if it has one."""
        return [self.format(record) for record in self.records]

    def take(self) -> list[logging.LogRecord]:
        """Return and forget the records (for tests that provoke errors on purpose)."""
        records = list(self.records)
        self.records.clear()
        return records

    def assert_clean(self) -> None:
        if self.records:
            raise AssertionError("discord.py logged errors:\n" + "\n".join(self.messages()))


class Endpoints(Protocol):
    @property
    def api_base(self) -> str: ...

    @property
    def gateway_url(self) -> str: ...

    @property
    def base_url(self) -> str: ...


@dataclass(frozen=True)
class FakeEndpoints:
    """The URLs of a fake running in another process (``python -m tests.fake_discord`` prints
    them as JSON: ``FakeEndpoints.from_info(json.loads(line))``)."""

    api_base: str
    gateway_url: str
    base_url: str
    token: str = "fake-token"

    @classmethod
    def from_info(cls, info: dict[str, Any]) -> FakeEndpoints:
        return cls(info["api_base"], info["gateway_url"], info["base_url"], info["token"])


def patch_discord(monkeypatch: pytest.MonkeyPatch, fake: Endpoints) -> None:
    """Point discord.py's REST base, gateway and CDN at a (started) fake."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    monkeypatch.setattr(discord.asset.Asset, "BASE", fake.base_url)


@dataclass
class BotRun(Generic[ClientT]):
    bot: ClientT
    fake: FakeDiscord
    errors: DiscordErrorLog
    task: asyncio.Task[None]


@asynccontextmanager
async def running_bot(
    fake: FakeDiscord,
    factory: Callable[..., ClientT],
    *,
    monkeypatch: pytest.MonkeyPatch | None = None,
    token: str | None = None,
    client_kwargs: dict[str, Any] | None = None,
    ready_timeout: float = 5.0,
    check: bool = True,
    error_loggers: Iterable[str] = ("discord", "aiohttp.server"),
) -> AsyncIterator[BotRun[ClientT]]:
    """Start ``fake`` (unless started), patch discord.py, build the bot with
    ``factory(guild_ready_timeout=0.05, **client_kwargs)``, ``login(token or fake.token)``
    (runs setup_hook), ``create_task(connect())``, wait for ready; on exit close the bot, stop
    the fake (if started here), undo the patches, and — if the body passed and ``check`` —
    fail on fake problems, ERROR logs or a crashed connection task."""
    patcher = monkeypatch or pytest.MonkeyPatch()
    started_here = not fake.started
    errors = DiscordErrorLog(error_loggers)
    failures: list[str] = []
    body_failed = False
    if started_here:
        await fake.start()
    errors.install()
    try:
        patch_discord(patcher, fake)
        bot = factory(**{"guild_ready_timeout": 0.05, **(client_kwargs or {})})
        task: asyncio.Task[None] | None = None
        try:
            await bot.login(fake.token if token is None else token)
            task = asyncio.create_task(bot.connect(), name="fake-discord-bot")
            await _wait_ready(bot, task, ready_timeout)
        except BaseException:
            await _shutdown(bot, task)
            raise
        try:
            yield BotRun(bot, fake, errors, task)
        except BaseException as error:
            body_failed = True
            crash = await _shutdown(bot, task)
            if crash:
                error.add_note(crash)
            raise
        crash = await _shutdown(bot, task)
        if crash:
            failures.append(crash)
    finally:
        if started_here:
            await fake.stop()
        errors.uninstall()
        if monkeypatch is None:
            patcher.undo()
    if check and not body_failed:
        failures += [str(problem) for problem in fake.problems]
        failures += [f"ERROR log: {message}" for message in errors.messages()]
        if failures:
            pytest.fail("fake Discord found problems:\n- " + "\n- ".join(failures))


async def _wait_ready(bot: discord.Client, task: asyncio.Task[None], timeout: float) -> None:
    ready = asyncio.ensure_future(bot.wait_until_ready())
    done, _ = await asyncio.wait({ready, task}, timeout=timeout, return_when="FIRST_COMPLETED")
    if ready in done:
        return
    ready.cancel()
    if task in done:
        error = task.exception()
        raise RuntimeError(f"the bot's connection died before ready: {error!r}") from error
    raise TimeoutError(f"the bot was not ready within {timeout} s")


async def _shutdown(bot: discord.Client, task: asyncio.Task[None] | None) -> str | None:
    """Close the bot and reap its connection task; describe a crash of that task, if any."""
    crash = task.exception() if task is not None and task.done() and not task.cancelled() else None
    description = f"the bot's connection task crashed: {crash!r}" if crash else None
    await bot.close()
    if task is None:
        return description
    try:
        await asyncio.wait_for(task, 2.0)
    except (TimeoutError, asyncio.CancelledError):
        pass
    except Exception as error:  # crashed while closing
        description = description or f"the bot's connection task crashed: {error!r}"
    return description
