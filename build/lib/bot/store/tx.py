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

    async def write(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement whose answer nobody reads: a backend may hold it and send it with
        the next statement that is read, or with the commit (its error is raised there)."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each of `rows`; it may wait as `write` does."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...

    async def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        """Run an INSERT into a table with an `id` key; the new row's id."""
        ...
