"""A throw-away PostgreSQL server in a temporary folder, for the store's tests (and benchmarks).

`PgServer.start()` runs `initdb` and `pg_ctl start` from the PostgreSQL binaries (the newest of
/usr/lib/postgresql/*/bin, or $PG_BIN). `initdb` refuses to run as root, so as root both run as
the `postgres` system user through `runuser` and the folder is handed to that user. The server
listens on a unix socket in the folder only (no TCP), trusts local connections, and runs without
fsync (a test server: speed over durability). `stop()` stops it and removes the folder.
`STORE_TESTS_SQLITE_ONLY=1` makes it unavailable on purpose (a quick local run).

Outages on purpose (tests/e2e/test_outage.py): `halt()` stops the server and keeps its data,
`resume()` starts it again on the same socket; `freeze()` stops its processes (SIGSTOP: the
socket still accepts, nothing answers, as an unreachable server behind a network that drops
packets) and `thaw()` lets them go on.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import asyncpg

SYSTEM_USER = "postgres"


def find_bin() -> Path | None:
    """The folder with initdb, pg_ctl and postgres; None if PostgreSQL is not installed."""
    candidates = [os.environ.get("PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True)
    for c in candidates:
        if c and (Path(c) / "initdb").is_file() and (Path(c) / "pg_ctl").is_file():
            return Path(c)
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    return None


def _version(path: str) -> int:
    part = Path(path).parent.name
    return int(part) if part.isdigit() else 0


def missing_reason() -> str | None:
    """Why a server cannot be started here, or None."""
    if os.environ.get("STORE_TESTS_SQLITE_ONLY"):
        return "STORE_TESTS_SQLITE_ONLY is set"
    if find_bin() is None:
        return "PostgreSQL binaries not found (install postgresql, e.g. the Debian package postgresql-15, or set PG_BIN)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            return f"running as root and there is no {SYSTEM_USER!r} system user for initdb"
        if shutil.which("runuser") is None:
            return "running as root and runuser is missing"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PgServer:
    root: Path
    bin: Path
    port: int
    as_root: bool

    @property
    def data(self) -> Path:
        return self.root / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SYSTEM_USER}@/{database}?host={self.root}&port={self.port}"

    def _run(self, *args: str, timeout: float = 120) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            cmd = ["runuser", "-u", SYSTEM_USER, "--", *cmd]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")

    @classmethod
    def start(cls) -> PgServer:
        reason = missing_reason()
        if reason is not None:
            raise RuntimeError(reason)
        bin_dir = find_bin()
        assert bin_dir is not None
        as_root = os.geteuid() == 0
        root = Path(tempfile.mkdtemp(prefix="caylus-pg-"))
        if as_root:
            shutil.chown(root, SYSTEM_USER, SYSTEM_USER)
        server = cls(root, bin_dir, _free_port(), as_root)
        try:
            server._run(
                "initdb", "-D", str(server.data), "-U", SYSTEM_USER, "--auth=trust",
                "--encoding=UTF8", "--no-sync", "--no-instructions",
            )  # fmt: skip
            server.resume()
        except BaseException:
            shutil.rmtree(root, ignore_errors=True)
            raise
        return server

    def resume(self) -> None:
        """Start the server (again) on its folder and socket."""
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses='' -c fsync=off"
            " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-o", options,
            "-w", "-t", "60", "start",
        )  # fmt: skip

    def halt(self, mode: str = "fast") -> None:
        """Stop the server, keeping its data (`resume` starts it again). `fast` ends the
        sessions and rolls back what they had not committed; `immediate` as a crash would."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", timeout=60)

    def processes(self) -> list[int]:
        """The postmaster and its children (backends, background workers)."""
        pid = int((self.data / "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
        return [pid, *(int(p) for p in children.split())]

    def freeze(self) -> list[int]:
        """Stop every process of the server (SIGSTOP); `thaw(pids)` lets them go on."""
        pids = self.processes()
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        return pids

    def thaw(self, pids: list[int]) -> None:
        for pid in pids:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", timeout=60)
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    async def new_database(self, prefix: str = "t") -> str:
        """A fresh empty database; its URL."""
        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        con = await asyncpg.connect(self.url())
        try:
            await con.execute(f'CREATE DATABASE "{name}"')
        finally:
            await con.close()
        return self.url(name)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def server_for_tests() -> Iterator[PgServer]:
    """The body of a `pg_server` fixture: a server for the fixture's scope; the test is skipped
    with the reason when PostgreSQL is missing, except in CI (`CI=true`), where it fails."""
    import pytest

    reason = missing_reason()
    if reason is not None:
        if in_ci():
            pytest.fail(f"CI=true and PostgreSQL is not available: {reason}", pytrace=False)
        pytest.skip(reason)
    server = PgServer.start()
    try:
        yield server
    finally:
        server.stop()

