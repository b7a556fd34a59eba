"""`python -m bot` / `caylus-bot`: run the Discord bot as a service.

Start-up: the database is checked first, then the login (REST) and the gateway each get
DISCORD_TIMEOUT seconds; any failure is one line on stderr (what failed, what to check) and a
non-zero exit, never a traceback (bot.service.failures).

Shutdown (SIGTERM, SIGINT, or the gateway failing for good), within 10 s in every case:
stop taking input (the gateway connection task is cancelled, also in the middle of discord.py's
reconnect back-off), let what is being handled and posted finish (at most DRAIN seconds,
`Publisher.idle()`), then close (the bot, the database, the render workers). A watchdog thread
ends the process at EXIT_DEADLINE seconds after the stop began if anything still hangs; every
move was committed before it was shown, so nothing confirmed is lost.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import signal
import sqlite3
import sys
import threading
import time
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl

from bot.config import Settings
from bot.store import StoreError
from bot.ui.about import invite_url
from bot.ui.app import RENDER_PROCESSES, CaylusBot

from . import health
from .failures import StartupFailure, database_failure, explain_gateway, explain_login
from .logs import RECONNECT_PREFIX

log = logging.getLogger("bot.service")

DRAIN = 5.0  # seconds for the interactions being handled and the posts in flight
CLOSE = 3.0  # seconds for closing the connection, the database and the render workers
EXIT_DEADLINE = 9.5  # seconds after the stop began: the process is gone by then, whatever hangs
# discord.py names the tasks that run event handlers, views and app commands like this.
HANDLER_TASK_PREFIXES = ("discord.py: ", "discord-ui-", "CommandTree-invoker")


class ServiceBot(CaylusBot):
    """CaylusBot run as a service: one "ready as …" line, the health status file, and the
    last gateway error (for a one-line start-up failure)."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(settings, **options)
        self.service_status = health.Status(pid=os.getpid(), started_at=time.time(), state="starting")
        self.last_gateway_error: BaseException | None = None
        self._was_ready = False

    def dispatch(self, event: str, /, *args: Any, **kwargs: Any) -> None:
        super().dispatch(event, *args, **kwargs)
        if event == "ready":
            self._ready_line()
            self.refresh_status()
        elif event == "resumed":
            log.info("gateway resumed")
            self.refresh_status()
        elif event == "disconnect" and self.service_status.state == "ready":
            self.refresh_status("disconnected")

    def _ready_line(self) -> None:
        servers = health.servers(len(self.guilds))
        if self._was_ready:
            log.info("ready again (new gateway session) in %s", servers)
            return
        self._was_ready = True
        shards = ""
        if isinstance(self, discord.AutoShardedClient) and self.shard_ids is not None:
            shards = f" (shards {','.join(map(str, self.shard_ids))} of {self.shard_count})"
        log.info(
            "ready as %s in %s%s; invite: %s",
            self.user,
            servers,
            shards,
            invite_url(self.application_id),
        )

    def gateway_ok(self) -> bool:
        if not self.is_ready() or self.is_closed():
            return False
        if isinstance(self, discord.AutoShardedClient):
            return bool(self.shards) and all(not s.is_closed() for s in self.shards.values())
        ws = self.ws
        return ws is not None and ws.open

    def refresh_status(self, state: str | None = None) -> None:
        status = self.service_status
        if self.gateway_ok():
            status.state, status.ok_at = "ready", time.time()
            latency = self.latency
            status.latency_ms = round(latency * 1000, 1) if math.isfinite(latency) else None
            status.guilds = len(self.guilds)
        elif status.state == "ready":
            status.state = "disconnected"
        if state is not None:
            status.state = state
        try:
            health.write(self.settings.health_path, status)
        except OSError as e:  # the health file is news, not a reason to stop
            log.warning("cannot write the health file %s: %s", self.settings.health_path, e)


class ShardedServiceBot(ServiceBot, discord.AutoShardedClient):
    """ServiceBot over this process's shards (SHARD_COUNT > 1, SHARD_IDS)."""


class _GatewayErrors(logging.Filter):
    """Keep the cause of discord.py's reconnect attempts for the start-up failure line."""

    def __init__(self, bot: ServiceBot) -> None:
        super().__init__()
        self.bot = bot

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith(RECONNECT_PREFIX):
            self.bot.last_gateway_error = record.exc_info[1]
        return True


def point_discord_at(settings: Settings) -> None:
    """DISCORD_API_URL / DISCORD_GATEWAY_URL (a proxy, or the tests' fake Discord)."""
    if settings.discord_api_url:
        discord.http.Route.BASE = settings.discord_api_url.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


async def _first(*aws: asyncio.Future[Any], timeout: float | None) -> set[asyncio.Future[Any]]:
    done, _ = await asyncio.wait(set(aws), timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    return done


def _outcome(task: asyncio.Future[Any]) -> BaseException | None:
    return None if task.cancelled() else task.exception()


class Service:
    def __init__(self, settings: Settings, bot: ServiceBot) -> None:
        self.settings = settings
        self.bot = bot
        self.stop = asyncio.Event()
        self.connection: asyncio.Task[None] | None = None
        self._watchdog: threading.Timer | None = None
        self.failure: StartupFailure | None = None  # why the start failed, for the hard exit too
        self._filter = _GatewayErrors(bot)

    def request_stop(self, sig: signal.Signals | None = None) -> None:
        if not self.stop.is_set():
            log.info("%s: stopping (at most %g s)", sig.name if sig else "stop", EXIT_DEADLINE)
            self.arm_watchdog()
        self.stop.set()

    def arm_watchdog(self) -> None:
        if self._watchdog is None:
            self._watchdog = threading.Timer(EXIT_DEADLINE, lambda: _hard_exit(self.failure))
            self._watchdog.daemon = True
            self._watchdog.start()

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, self.request_stop, sig)
            except (NotImplementedError, RuntimeError):  # pragma: no cover - not on this platform
                pass
        discord_logs = [logging.getLogger(name) for name in ("discord.client", "discord.shard")]
        for discord_log in discord_logs:
            discord_log.addFilter(self._filter)
        heartbeat = asyncio.create_task(self._write_health(), name="caylus-health")
        try:
            try:
                if not await self._start():
                    return 0
            except StartupFailure as failure:
                self.failure = failure  # said last even if the shutdown hangs (`_hard_exit`)
                raise
            return await self._serve()
        finally:
            heartbeat.cancel()
            await self._shutdown()
            for discord_log in discord_logs:
                discord_log.removeFilter(self._filter)

    async def _start(self) -> bool:
        """Log in and connect; False if stopped meanwhile. Raises StartupFailure."""
        bot, timeout = self.bot, self.settings.discord_timeout
        stop = asyncio.ensure_future(self.stop.wait())
        login = asyncio.ensure_future(bot.login(self.settings.token))
        try:
            done = await _first(login, stop, timeout=timeout)
            if stop in done:
                return False
            if login not in done:
                raise explain_login(TimeoutError(), self.settings.discord_api_url, timeout)
            error = _outcome(login)
            if isinstance(error, StoreError | sqlite3.Error):
                raise database_failure(self.settings, error)
            if error is not None:
                raise explain_login(error, self.settings.discord_api_url, timeout)
            self.connection = asyncio.create_task(bot.connect(), name="caylus-gateway")
            ready = asyncio.ensure_future(bot.wait_until_ready())
            try:
                done = await _first(ready, self.connection, stop, timeout=timeout)
            finally:
                ready.cancel()
            if stop in done:
                return False
            if ready in done:
                return True
            error = _outcome(self.connection) if self.connection in done else None
            raise explain_gateway(
                error or bot.last_gateway_error,
                self.settings.discord_gateway_url,
                timeout,
                timed_out=error is None,
            )
        finally:
            for task in (stop, login):
                task.cancel()

    async def _serve(self) -> int:
        """Until stopped (0) or until the gateway connection ends for good (1)."""
        assert self.connection is not None
        stop = asyncio.ensure_future(self.stop.wait())
        try:
            done = await _first(self.connection, stop, timeout=None)
        finally:
            stop.cancel()
        if self.connection in done and not self.stop.is_set():
            error = _outcome(self.connection)
            if error is not None:
                line = explain_gateway(error, self.settings.discord_gateway_url, 0).line
                print(f"the connection to Discord ended: {line}", file=sys.stderr)
                return 1
        return 0

    async def _write_health(self) -> None:
        while True:
            self.bot.refresh_status()
            await asyncio.sleep(health.INTERVAL)

    async def _shutdown(self) -> None:
        """Stop input, drain (≤ DRAIN s), close (≤ CLOSE s)."""
        self.arm_watchdog()
        bot = self.bot
        loop = asyncio.get_running_loop()
        if self.connection is not None and not self.connection.done():
            self.connection.cancel()  # no more gateway events (also ends a reconnect back-off)
            await asyncio.wait({self.connection}, timeout=1.0)
        drained_by = loop.time() + DRAIN
        handlers = [
            t
            for t in asyncio.all_tasks()
            if t.get_name().startswith(HANDLER_TASK_PREFIXES) and not t.done()
        ]
        if handlers:
            await asyncio.wait(handlers, timeout=max(0.0, drained_by - loop.time()))
        try:
            publisher = bot.publisher
        except RuntimeError:  # not set up: nothing was published
            publisher = None
        if publisher is not None:
            try:
                await asyncio.wait_for(publisher.idle(), max(0.01, drained_by - loop.time()))
            except TimeoutError:
                log.warning("posts still in flight after %g s: they are posted at the next start", DRAIN)
        try:
            await asyncio.wait_for(bot.close(), CLOSE)
        except TimeoutError:
            log.warning("closing took longer than %g s; exiting anyway", CLOSE)
        bot.service_status.state = "stopped"
        bot.service_status.ok_at = None
        try:
            health.write(self.settings.health_path, bot.service_status)
        except OSError:
            pass
        log.info("stopped")


def _hard_exit(failure: StartupFailure | None = None) -> None:
    """The stop's backstop; a failed start's reason stays the last line (an operator reads it)."""
    sys.stderr.write(f"shutdown took more than {EXIT_DEADLINE:g} s: exiting now\n")
    if failure is not None:
        sys.stderr.write(failure.line + "\n")
    sys.stderr.flush()
    os._exit(failure.code if failure is not None else 1)


async def serve(settings: Settings, **options: Any) -> int:
    point_discord_at(settings)
    options.setdefault("render_processes", RENDER_PROCESSES)
    options.setdefault("freeze_memory", True)
    bot_class = ShardedServiceBot if settings.shard_count > 1 else ServiceBot
    bot = bot_class(settings, **options)
    return await Service(settings, bot).run()
