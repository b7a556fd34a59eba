"""`open_store(url_or_path)`: the backend named by a URL, SQLite by default.

    await open_store("data/caylus.sqlite3")                 # SQLite file (also "sqlite:PATH")
    await open_store("postgresql://bot:pw@db:5432/caylus")  # PostgreSQL (also "postgres://")
"""

from __future__ import annotations

from pathlib import Path

from .interface import GameStore
from .shards import ShardFilter

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(url_or_path: str | Path) -> bool:
    return isinstance(url_or_path, str) and url_or_path.startswith(POSTGRES_SCHEMES)


def sqlite_path(url_or_path: str | Path) -> Path:
    """`sqlite:PATH`, `sqlite:///PATH` or a plain path -> the path."""
    text = str(url_or_path)
    if text.startswith("sqlite:"):
        text = text[len("sqlite:") :]
        if text.startswith("///"):
            text = text[2:]  # sqlite:///abs/path -> /abs/path; sqlite:///rel keeps one slash
        elif text.startswith("//"):
            text = text[2:]
    return Path(text)


async def open_store(
    url_or_path: str | Path,
    *,
    shards: ShardFilter | None = None,
    synchronous: str = "FULL",
    min_size: int = 1,
    max_size: int = 10,
) -> GameStore:
    """Open (and migrate) the store named by `url_or_path`.

    `shards`: this process's shards (filters `load_active` and the timer queries).
    `synchronous`: SQLite's durability level. `min_size`/`max_size`: PostgreSQL's pool.
    """
    if is_postgres_url(url_or_path):
        from .postgres import PostgresStore

        return await PostgresStore.open(
            str(url_or_path), shards=shards, min_size=min_size, max_size=max_size
        )
    from .sqlite import Store

    return await Store.open(sqlite_path(url_or_path), synchronous=synchronous, shards=shards)
