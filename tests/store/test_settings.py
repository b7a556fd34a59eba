"""The bot's settings choose the store: DATABASE_URL for PostgreSQL (else the SQLite file), and
SHARD_COUNT/SHARD_IDS for the tables a process owns (issue 14): the manager opened from the
settings loads only its shards' tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import Settings
from bot.games import Manager
from bot.store import is_postgres_url, shard_of

GUILDS = [g << 22 for g in range(1, 9)]  # shards 1, 0, 1, 0, ... of 2


async def fill(settings: Settings) -> None:
    manager = await Manager.open(settings)
    try:
        for i, guild in enumerate(GUILDS):
            await manager.create_table(guild, 100 + i, 1, "Ann", 2)
    finally:
        await manager.close()


async def owned(settings: Settings) -> set[int]:
    manager = await Manager.open(settings)
    try:
        await manager.load()
        return {t.guild_id for t in manager.tables()}
    finally:
        await manager.close()


async def test_the_settings_pick_the_backend_and_the_shards(store_url: str, tmp_path: Path) -> None:
    if is_postgres_url(store_url):
        base = Settings(database_url=store_url, database_path=tmp_path / "unused.sqlite3")
        assert not base.uses_sqlite
    else:
        base = Settings(database_path=Path(store_url))
        assert base.uses_sqlite and base.database == Path(store_url)
    await fill(base)
    assert await owned(base) == set(GUILDS)
    for shard in (0, 1):
        mine = base.model_copy(update={"shard_count": 2, "shard_ids": str(shard)})
        assert await owned(mine) == {g for g in GUILDS if shard_of(g, 2) == shard}


def test_shard_settings_are_checked() -> None:
    with pytest.raises(ValueError):
        Settings(shard_count=0)


def test_migrate_db_is_a_command_of_the_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate-db", "--help"]) == 0
    assert "--from" in capsys.readouterr().out


def test_the_token_is_a_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "  MTIz.secret-token-value  ")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.token == "MTIz.secret-token-value"  # what the bot logs in with
    for shown in (repr(settings), str(settings), settings.model_dump_json(), repr(settings.discord_token)):
        assert "secret-token-value" not in shown
    monkeypatch.delenv("DISCORD_TOKEN")
    assert Settings(_env_file=None).token == ""  # type: ignore[call-arg]


def test_a_database_that_fails_at_set_up_is_one_line_without_the_password() -> None:
    from bot.service.failures import database_failure
    from bot.store import StoreError

    url = "postgresql://bot:hunter2@db.example:5432/caylus"
    error = StoreError(f"cannot connect to {url}: ConnectionRefusedError: [Errno 111]\n Connect call failed")
    line = database_failure(Settings(_env_file=None, database_url=url), error).line  # type: ignore[call-arg]
    assert "\n" not in line and "hunter2" not in line
    assert line.startswith("cannot open the database postgresql://bot:***@db.example:5432/caylus: ")
    assert "Connect call failed" in line and "DATABASE_URL" in line
    sqlite_line = database_failure(
        Settings(_env_file=None, database_path=Path("x/y.sqlite3")), StoreError("disk I/O error")  # type: ignore[call-arg]
    ).line
    assert sqlite_line == "cannot open the database x/y.sqlite3: disk I/O error."
