"""`caylus-bot backup PATH` (sqlite3's online backup, also of a WAL database in use), the health
check's verdicts, and the log formats."""

from __future__ import annotations

import io
import json
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import health
from bot.service.logs import OneLineReconnects, setup_logging


def wal_database(path: Path, rows: int = 500) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE moves (n INTEGER PRIMARY KEY, code TEXT)")
    con.executemany("INSERT INTO moves (code) VALUES (?)", [(f"r{i}",) for i in range(rows)])
    return con  # left open: the latest rows are in the -wal file, as while the bot runs


def test_backup_of_a_database_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "caylus.sqlite3"
    live = wal_database(source)
    target = tmp_path / "backups" / "copy.sqlite3"
    assert main(["backup", str(target), "--database", str(source)]) == 0
    assert "backed up" in capsys.readouterr().out
    live.close()
    assert not Path(f"{target}-wal").exists()
    with sqlite3.connect(target) as copy:
        assert copy.execute("SELECT COUNT(*), MAX(code) FROM moves").fetchone() == (500, "r99")
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_backup_refuses_to_overwrite_and_names_a_missing_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "caylus.sqlite3"
    wal_database(source, rows=3).close()
    target = tmp_path / "copy.sqlite3"
    target.write_text("keep me")
    assert main(["backup", str(target), "--database", str(source)]) == 1
    assert "exists already" in capsys.readouterr().err and target.read_text() == "keep me"
    assert main(["backup", str(tmp_path / "b.sqlite3"), "--database", str(tmp_path / "none")]) == 1
    assert "no database at" in capsys.readouterr().err


def test_backup_through_the_entry_point_uses_database_path(tmp_path: Path) -> None:
    source = tmp_path / "data" / "caylus.sqlite3"
    source.parent.mkdir()
    wal_database(source, rows=7).close()
    env = {"PATH": "/usr/bin:/bin", "DATABASE_PATH": str(source)}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "backup", "out.sqlite3"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(tmp_path / "out.sqlite3") as copy:
        assert copy.execute("SELECT COUNT(*) FROM moves").fetchone() == (7,)


def test_health_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "caylus.sqlite3.health"
    assert health.check(path, 180, now=1000.0)[0] is False  # no file
    status = health.Status(pid=1, started_at=900.0, state="starting")
    health.write(path, status)
    ok, line = health.check(path, 180, now=1000.0)
    assert not ok and "never connected" in line
    status.state, status.ok_at, status.guilds = "ready", 990.0, 3
    health.write(path, status)
    assert health.check(path, 180, now=1000.0) == (True, "healthy: ready, connected 10 s ago, 3 servers")
    status.guilds = 1
    health.write(path, status)
    assert health.check(path, 180, now=1000.0) == (True, "healthy: ready, connected 10 s ago, 1 server")
    status.guilds = 3
    health.write(path, status)
    ok, line = health.check(path, 180, now=1300.0)
    assert not ok and "310 s ago" in line
    path.write_text("{broken")
    assert health.check(path, 180, now=1000.0)[0] is False


@pytest.fixture
def restore_logging() -> object:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield None
    root.handlers[:] = handlers
    root.setLevel(level)


def reconnect_record() -> logging.LogRecord:
    try:
        raise ConnectionRefusedError(111, "Connect call failed")
    except OSError:
        exc_info = sys.exc_info()
    return logging.LogRecord(
        "discord.client", logging.ERROR, __file__, 1, "Attempting a reconnect in %.2fs", (1.5,), exc_info
    )


@pytest.mark.usefixtures("restore_logging")
def test_plain_logs_have_no_colours_in_a_pipe_and_reconnects_are_one_line() -> None:
    out = io.StringIO()
    setup_logging("INFO", "plain", out)
    logging.getLogger("discord.client").handle(reconnect_record())
    text = out.getvalue()
    assert "\x1b[" not in text and "Traceback" not in text
    assert text.strip().endswith("Attempting a reconnect in 1.50s (cause: ConnectionRefusedError: [Errno 111] Connect call failed)")


@pytest.mark.usefixtures("restore_logging")
def test_json_logs_are_one_object_a_line() -> None:
    out = io.StringIO()
    setup_logging("DEBUG", "json", out)
    logging.getLogger("bot.test").info("ready as %s", "Caylus")
    [line] = out.getvalue().splitlines()
    record = json.loads(line)
    assert record["message"] == "ready as Caylus" and record["level"] == "INFO"
    assert record["time"].endswith("Z")


def test_postgresql_reconnects_are_one_line() -> None:
    try:
        raise FileNotFoundError(2, "No such file or directory")
    except OSError:
        exc_info = sys.exc_info()
    record = logging.LogRecord(
        "asyncpg.pool", logging.WARNING, __file__, 1, "Failed to restore the pool connection floor; retrying",
        None, exc_info,
    )  # fmt: skip
    assert OneLineReconnects().filter(record) and record.exc_info is None
    assert record.getMessage() == (
        "Failed to restore the pool connection floor; retrying (cause: FileNotFoundError: [Errno 2] No such file or directory)"
    )


def test_the_reconnect_filter_leaves_other_records_alone() -> None:
    record = logging.LogRecord("discord.client", logging.ERROR, __file__, 1, "other %s", ("x",), None)
    assert OneLineReconnects().filter(record) and record.getMessage() == "other x"


async def test_restore_checks_the_backup_and_overwrites_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.store import SCHEMA_VERSION, open_store

    source = tmp_path / "live.sqlite3"
    store = await open_store(source)
    await store.create_table(
        guild_id=1, channel_id=2, creator_id=3, max_seats=2, options={}, seed=4, seats=[], now=5.0
    )
    await store.close()
    backup = tmp_path / "backup.sqlite3"
    assert main(["backup", str(backup), "--database", str(source)]) == 0
    target = tmp_path / "new" / "caylus.sqlite3"
    target.parent.mkdir()
    for suffix in ("-wal", "-shm"):  # left by a database since removed: SQLite would apply them
        Path(f"{target}{suffix}").write_bytes(b"stale")
    capsys.readouterr()
    assert main(["restore", str(backup), "--database", str(target)]) == 0
    assert capsys.readouterr().out.endswith(": 1 table, 1 of them open or playing\n")
    assert not Path(f"{target}-wal").exists() and not Path(f"{target}-shm").exists()
    assert sorted(p.name for p in target.parent.iterdir()) == ["caylus.sqlite3"]
    with sqlite3.connect(target) as con:
        assert con.execute("SELECT channel_id FROM game_tables").fetchall() == [(2,)]

    before = target.read_bytes()
    assert main(["restore", str(backup), "--database", str(target)]) == 1  # it exists now
    assert "exists already: stop the bot and move it aside" in capsys.readouterr().err
    assert target.read_bytes() == before
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as con:
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    not_ours = tmp_path / "other.sqlite3"
    with sqlite3.connect(not_ours) as con:
        con.execute("CREATE TABLE t (x)")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    for bad, reason in (
        (newer, f"this bot knows up to {SCHEMA_VERSION}"),
        (not_ours, "not a database of this bot"),
        (junk, "not a SQLite database"),
        (tmp_path / "missing.sqlite3", "no backup at"),
    ):
        fresh = tmp_path / "fresh" / bad.name
        assert main(["restore", str(bad), "--database", str(fresh)]) == 1
        assert reason in capsys.readouterr().err, bad
        assert not fresh.exists()
