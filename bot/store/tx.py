"""One open transaction of a SQL backend, as the shared queries see it (`bot.store.sql`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol


class Tx(Protocol):
    """One open transaction of a backend (SQL with `?` placeholders)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...

    async def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        """Run an INSERT into a table with an `id` key; the new row's id."""
        ...
