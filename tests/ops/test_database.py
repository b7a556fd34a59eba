"""The database path: .env.example leaves the image's DATABASE_PATH alone (docker run
--env-file .env, compose's env_file), and a database that cannot be opened is one line that
names the path and the cause, through the real entry point."""

from __future__ import annotations

import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings

from .proc import base_env

ROOT = Path(__file__).resolve().parents[2]


def dockerfile_env(path: Path = ROOT / "Dockerfile") -> dict[str, str]:
    """The ENV instructions of the Dockerfile (KEY=VALUE form, with line continuations)."""
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    env: dict[str, str] = {}
    for line in text.splitlines():
        words = line.strip().split(None, 1)
        if len(words) == 2 and words[0].upper() == "ENV":
            for item in shlex.split(words[1]):
                key, _, value = item.partition("=")
                env[key] = value
    return env


def env_file(path: Path) -> dict[str, str]:
    """What `docker run --env-file` sets: every KEY=VALUE line, the value taken literally."""
    env: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, _, value = line.partition("=")
            env[key.strip()] = value
    return env


def test_the_image_puts_the_database_on_the_volume() -> None:
    assert dockerfile_env()["DATABASE_PATH"] == "/data/caylus.sqlite3"
    assert 'VOLUME ["/data"]' in (ROOT / "Dockerfile").read_text(encoding="utf-8")


def test_env_example_leaves_the_image_database_path_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    example = env_file(ROOT / ".env.example")
    assert "DATABASE_PATH" not in example  # documented, but commented out
    merged = {**dockerfile_env(), **example, "DISCORD_TOKEN": "x"}  # --env-file wins over ENV
    for key in list(Settings.model_fields):
        monkeypatch.delenv(key.upper(), raising=False)
    for key, value in merged.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(tmp_path)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.database_path == Path("/data/caylus.sqlite3")
    assert settings.health_path == Path("/data/caylus.sqlite3.health")


def run_bot(tmp_path: Path, database: Path) -> subprocess.CompletedProcess[str]:
    env = base_env(tmp_path, DATABASE_PATH=str(database))
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )


def test_a_folder_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    database = tmp_path / "data" / "caylus.sqlite3"
    done = run_bot(tmp_path, database)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"cannot open the database {database}: cannot create its folder")
    assert "DATABASE_PATH" in line


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    database = tmp_path / "caylus.sqlite3"
    database.write_bytes(b"not a database " * 100)
    done = run_bot(tmp_path, database)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"cannot open the database {database}: file is not a database")


def test_a_folder_in_place_of_the_file(tmp_path: Path) -> None:
    database = tmp_path / "caylus.sqlite3"
    database.mkdir()
    done = run_bot(tmp_path, database)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"cannot open the database {database}: unable to open database file")


def test_a_good_database_passes_the_check(tmp_path: Path) -> None:
    from bot.service.failures import check_database

    database = tmp_path / "new" / "caylus.sqlite3"
    check_database(database)
    with sqlite3.connect(database) as con:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
