from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import Manager

from .helpers import open_manager


@pytest.fixture
async def manager(tmp_path: Path) -> AsyncIterator[Manager]:
    m = await open_manager(tmp_path / "db" / "caylus.sqlite3")
    yield m
    await m.close()
