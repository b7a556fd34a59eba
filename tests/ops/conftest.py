"""A real PostgreSQL server for the operator's tests that need one (tests/store/pg_server.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.store.pg_server import PgServer, server_for_tests


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    yield from server_for_tests()
