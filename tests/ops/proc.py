"""The real entry point (`python -m bot`) in a child process, its stderr read line by line."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
from pathlib import Path

from tests.fake_discord import FakeDiscord


def base_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DISCORD_TOKEN": "fake-token",
        "DATABASE_PATH": str(tmp_path / "data" / "caylus.sqlite3"),
        "PYTHONUNBUFFERED": "1",
    }
    env.update(extra)
    return env


def fake_env(tmp_path: Path, fake: FakeDiscord, **extra: str) -> dict[str, str]:
    return base_env(
        tmp_path, DISCORD_API_URL=fake.api_base, DISCORD_GATEWAY_URL=fake.gateway_url, **extra
    )


def free_port() -> int:
    """A port nobody listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


STARTED: list[BotProcess] = []  # tests/conftest.py kills what a failed test left running


class BotProcess:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        STARTED.append(self)
        self.lines: list[str] = []
        self._new = asyncio.Event()
        self._reader = asyncio.create_task(self._read())
        self.exited_at: float | None = None

    @classmethod
    async def start(cls, env: dict[str, str], cwd: Path, *args: str) -> BotProcess:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", *args, cwd=cwd, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
            start_new_session=True,
        )  # fmt: skip
        return cls(proc)

    async def _read(self) -> None:
        assert self.proc.stderr is not None
        async for raw in self.proc.stderr:
            self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
            self._new.set()
        self._new.set()

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    async def line_with(self, needle: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for line in self.lines[seen:]:
                if needle in line:
                    return line
            seen = len(self.lines)
            if self._reader.done():
                raise AssertionError(f"the bot ended without {needle!r}:\n{self.text}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {needle!r} within {timeout} s:\n{self.text}")
            self._new.clear()
            try:
                await asyncio.wait_for(self._new.wait(), left)
            except TimeoutError:
                pass

    def send(self, sig: signal.Signals, *, group: bool = False) -> float:
        """Signal the bot (or, like Ctrl-C in a terminal, its whole process group)."""
        if group:
            os.killpg(self.proc.pid, sig)
        else:
            self.proc.send_signal(sig)
        return time.monotonic()

    async def wait(self, timeout: float) -> int:
        try:
            code = await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
            raise AssertionError(f"the bot did not exit within {timeout} s:\n{self.text}") from None
        await self._reader
        return code
