"""The operator's rough edges, as README and docs/operations.md promise them: `--version`, the
missing-token message (also in Docker, where a .env beside the bot is not read), `migrate-db`
naming itself as the operator typed it, and the invite link carrying what threads need."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import discord

from bot.ui.about import INVITE_PERMISSIONS

from .proc import base_env
from .test_database import dockerfile_env

ROOT = Path(__file__).resolve().parents[2]


def bot(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=base_env(tmp_path, **env),
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_version(tmp_path: Path) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    done = bot(tmp_path, "--version")
    assert done.returncode == 0 and done.stdout.strip() == f"caylus-bot {version}"


def test_no_token_says_where_to_put_it(tmp_path: Path) -> None:
    plain = bot(tmp_path, DISCORD_TOKEN="")
    assert plain.returncode == 2 and "next to where you run the bot" in plain.stderr
    assert "--env-file" not in plain.stderr
    assert dockerfile_env()["CAYLUS_IN_DOCKER"] == "1"  # the image says it is one
    docker = bot(tmp_path, DISCORD_TOKEN="", CAYLUS_IN_DOCKER="1")
    assert docker.returncode == 2 and "DISCORD_TOKEN is not set in the container" in docker.stderr
    assert "docker run --env-file .env" in docker.stderr and "next to where you run" not in docker.stderr


def test_migrate_db_names_itself_caylus_bot(tmp_path: Path) -> None:
    done = bot(tmp_path, "migrate-db", "--from", "sqlite:a.db")
    assert done.returncode == 2 and done.stderr.startswith("usage: caylus-bot migrate-db ")
    done = bot(tmp_path, "migrate-db", "--from", "postgresql://x/y", "--to", "postgresql://x/z")
    assert done.stderr.startswith("caylus-bot migrate-db: --from is a SQLite file")
    assert "python -m bot" not in done.stderr


def test_the_invite_link_can_open_threads() -> None:
    wanted = discord.Permissions(INVITE_PERMISSIONS)
    assert wanted.create_public_threads and wanted.send_messages_in_threads  # /caylus new thread:True
    assert wanted.send_messages and wanted.attach_files and wanted.read_message_history
    assert not wanted.administrator and not wanted.manage_messages
    for doc in (ROOT / "README.md", ROOT / "docs" / "operations.md"):
        numbers = set(re.findall(r"permissions=(\d+)", doc.read_text(encoding="utf-8")))
        assert numbers == {str(INVITE_PERMISSIONS)}, doc.name
    table = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    bits = [int(b) for b in re.findall(r"^\| [^|]+ \| 1 << (\d+) = \d+ \|", table, re.MULTILINE)]
    assert sum(1 << b for b in bits) == INVITE_PERMISSIONS
    assert f"**N = {INVITE_PERMISSIONS}**" in table


def test_backup_and_restore_point_postgresql_to_its_own_tools(tmp_path: Path) -> None:
    for args in (("backup", "b.sqlite3"), ("restore", "b.sqlite3")):
        done = bot(tmp_path, *args, DATABASE_URL="postgresql://caylus@db/caylus")
        assert done.returncode == 2 and "the bot uses PostgreSQL" in done.stderr and "pg_dump" in done.stderr
        assert not (tmp_path / "b.sqlite3").exists()
