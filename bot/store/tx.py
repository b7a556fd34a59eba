"""The shape of one open transaction that every SQL backend gives (`SqlStore._tx()`): the
queries of bot/store/sql.py, codec.py, meta.py, packed.py and the migrations run through it."""

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
