"""compose.postgres.yaml (issue 14): PostgreSQL and bot processes whose shards cover every shard
once; the single-container SQLite compose.yaml stays as it was."""

from __future__ import annotations

import re
from pathlib import Path

from bot.store import ShardFilter

ROOT = Path(__file__).resolve().parents[2]


def test_the_bot_processes_own_every_shard_once() -> None:
    text = (ROOT / "compose.postgres.yaml").read_text(encoding="utf-8")
    counts = {int(n) for n in re.findall(r'SHARD_COUNT: "(\d+)"', text)}
    ids = re.findall(r'SHARD_IDS: "([\d,\-]+)"', text)
    assert len(counts) == 1 and len(ids) >= 2
    [count] = counts
    owned = [ShardFilter(count, i).shard_ids for i in ids]
    assert sorted(s for shard_ids in owned for s in shard_ids) == list(range(count))
    assert text.count("DATABASE_URL: postgresql://caylus:${POSTGRES_PASSWORD}@db:5432/caylus") == len(ids)
    assert "image: postgres:15" in text and "condition: service_healthy" in text
    assert "DATABASE_PATH" not in text
    assert "caylus-data:/data" in (ROOT / "compose.yaml").read_text(encoding="utf-8")
