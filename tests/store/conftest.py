"""The store's tests run on both backends: SQLite files and a real PostgreSQL server that the
session starts in a temporary folder (tests/store/pg_server.py).

Without PostgreSQL binaries the PostgreSQL half is skipped with the reason, except in CI
(`CI=true`), where a missing PostgreSQL fails the run.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.store.pg_server import PgServer, server_for_tests

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    yield from server_for_tests()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def store_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A fresh, empty database of the backend under test: a file path or a postgresql:// URL."""
    if backend == "sqlite":
        return str(tmp_path / "db.sqlite3")
    server: PgServer = request.getfixturevalue("pg_server")
    return await server.new_database()
