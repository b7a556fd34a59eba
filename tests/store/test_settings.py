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
