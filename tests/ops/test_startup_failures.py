"""Start-up failures through the real entry point: each is one line on stderr that says what
failed and what to check, a non-zero exit, no traceback, well within 60 s."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fake_discord import FakeDiscord

from .proc import BotProcess, base_env, fake_env, free_port

WITHIN = 60.0


def run_bot(env: dict[str, str], cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True, timeout=90
    )
    return done, time.monotonic() - started


def failure_line(stderr: str) -> str:
    """The last line: the failure (log lines of the start-up may come before it)."""
    assert "Traceback" not in stderr, stderr
    return stderr.strip().splitlines()[-1]


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A TCP server that accepts connections and never answers (a network dropping packets
    looks the same to the client: nothing comes back)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            held.append(conn)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield int(server.getsockname()[1])
    finally:
        stop.set()
        thread.join()
        for conn in held:
            conn.close()
        server.close()


def test_no_dns(tmp_path: Path) -> None:
    env = base_env(tmp_path, DISCORD_API_URL="https://caylus-nowhere.invalid/api/v10")
    done, took = run_bot(env, tmp_path)
    line = failure_line(done.stderr)
    assert done.returncode == 1 and took < WITHIN
    assert line.startswith("cannot log in to Discord: the name caylus-nowhere.invalid does not resolve")
    assert "DNS" in line


def test_connection_refused(tmp_path: Path) -> None:
    port = free_port()
    env = base_env(tmp_path, DISCORD_API_URL=f"http://127.0.0.1:{port}/api/v10")
    done, took = run_bot(env, tmp_path)
    line = failure_line(done.stderr)
    assert done.returncode == 1 and took < WITHIN
    assert f"connection to 127.0.0.1:{port} refused" in line and "firewall" in line


def test_no_answer_times_out(tmp_path: Path, silent_server: int) -> None:
    env = base_env(
        tmp_path, DISCORD_API_URL=f"http://127.0.0.1:{silent_server}/api/v10", DISCORD_TIMEOUT="2"
    )
    done, took = run_bot(env, tmp_path)
    line = failure_line(done.stderr)
    assert done.returncode == 1 and took < WITHIN
    assert f"no answer from 127.0.0.1:{silent_server} within 2 s" in line
    assert "DISCORD_TIMEOUT" in line


def test_the_default_timeout_is_within_a_minute() -> None:
    from bot.config import Settings

    # the login, then the gateway, each get DISCORD_TIMEOUT: both fail within 60 s together
    assert 2 * Settings(_env_file=None).discord_timeout <= WITHIN  # type: ignore[call-arg]


async def test_gateway_refused_after_login(tmp_path: Path) -> None:
    fake = FakeDiscord()
    fake.add_guild("Caylus Club")
    await fake.start()
    try:
        port = free_port()
        env = fake_env(tmp_path, fake, DISCORD_TIMEOUT="3")
        env["DISCORD_GATEWAY_URL"] = f"ws://127.0.0.1:{port}/gateway"
        started = time.monotonic()
        bot = await BotProcess.start(env, tmp_path)
        code = await bot.wait(WITHIN)
    finally:
        await fake.stop()
    line = failure_line(bot.text)
    assert code == 1 and time.monotonic() - started < WITHIN
    assert line.startswith("logged in, but the gateway did not connect")
    assert f"connection to 127.0.0.1:{port} refused" in line


async def test_gateway_that_never_answers(tmp_path: Path, silent_server: int) -> None:
    fake = FakeDiscord()
    fake.add_guild("Caylus Club")
    await fake.start()
    try:
        env = fake_env(tmp_path, fake, DISCORD_TIMEOUT="2")
        env["DISCORD_GATEWAY_URL"] = f"ws://127.0.0.1:{silent_server}/gateway"
        bot = await BotProcess.start(env, tmp_path)
        code = await bot.wait(WITHIN)
    finally:
        await fake.stop()
    line = failure_line(bot.text)
    assert code == 1
    assert line.startswith("logged in, but the gateway did not connect within 2 s"), line


async def test_sigterm_while_waiting_for_discord(tmp_path: Path, silent_server: int) -> None:
    """Stopped while the login hangs: out at once (exit 0), not after DISCORD_TIMEOUT."""
    import signal

    env = base_env(
        tmp_path, DISCORD_API_URL=f"http://127.0.0.1:{silent_server}/api/v10", DISCORD_TIMEOUT="40"
    )
    bot = await BotProcess.start(env, tmp_path)
    await bot.line_with("logging in")
    sent = bot.send(signal.SIGTERM)
    code = await bot.wait(15)
    assert time.monotonic() - sent < 10
    assert code == 0 and "Traceback" not in bot.text, bot.text


def test_a_start_that_fails_and_then_hangs_still_says_why_last() -> None:
    """A loaded machine: the gateway refused, then the shutdown overran its 9.5 s (render
    workers still starting). The hard exit says so, and the failure stays the last line, with
    its exit code: what an operator reads."""
    code = (
        "from bot.service.runner import _hard_exit; from bot.service.failures import StartupFailure; "
        "_hard_exit(StartupFailure('logged in, but the gateway did not connect (x)', 2))"
    )
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-2:] == [
        "shutdown took more than 9.5 s: exiting now", "logged in, but the gateway did not connect (x)"
    ]
