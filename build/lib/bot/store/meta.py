"""The bot's own key/value facts (`bot_meta`) on both SQL backends: the hash of the last synced
command tree, the players' personal languages (`language:<user id>`, issue 12)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tx import Tx


class MetaFacts:
    """`get_meta`, `set_meta` and `metas` over the backend's `_tx` and `_fetchall`."""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        raise NotImplementedError

    async def get_meta(self, key: str) -> str | None:
        rows = await self._fetchall("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str, *, now: float | None = None) -> None:
        at = time.time() if now is None else now
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO bot_meta (key, value, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (key, value, at),
            )

    async def metas(self, prefix: str) -> dict[str, str]:
        """Every fact whose key starts with `prefix`, by key."""
        rows = await self._fetchall(
            "SELECT key, value FROM bot_meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)
        )
        return {str(k): str(v) for k, v in rows}
