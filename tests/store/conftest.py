"""The store's tests run on both backends: SQLite files and a real PostgreSQL server that the
session starts in a temporary folder (tests/store/pg_server.py).

Without PostgreSQL binaries the PostgreSQL half is skipped with the reason, except in CI
(`CI=true`), where a missing PostgreSQL fails the run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.store.pg_server import PgServer, missing_reason

BACKENDS = ("sqlite", "postgresql")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    reason = missing_reason()
    if reason is not None:
        if in_ci():
            pytest.fail(f"CI=true and PostgreSQL is not available: {reason}", pytrace=False)
        pytest.skip(reason)
    server = PgServer.start()
    try:
        yield server
    finally:
        server.stop()


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
