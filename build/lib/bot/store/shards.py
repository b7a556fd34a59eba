"""Which tables a bot process owns: those whose guild belongs to one of its Discord shards.

Discord's rule (also discord.py's): a guild is on shard `(guild_id >> 22) % shard_count`. A
`ShardFilter` is evaluated in SQL by both backends (`load_active`, `due_timers`,
`next_timer_due`), so a process reads only its own tables and timers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild belongs to."""
    return (guild_id >> 22) % shard_count


def parse_shard_ids(text: str) -> frozenset[int]:
    """`"0-3"`, `"0,2,5-7"` -> the shard ids (an inclusive range or a comma-separated list)."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        lo, sep, hi = part.partition("-")
        if sep:
            first, last = int(lo), int(hi)
            if first > last:
                raise ValueError(f"shard range {part!r} goes backwards")
            ids.update(range(first, last + 1))
        else:
            ids.add(int(part))
    if not ids:
        raise ValueError("no shard id given")
    return frozenset(ids)


@dataclass(frozen=True, slots=True)
class ShardFilter:
    """The shards a process owns: `shard_ids` out of `shard_count`."""

    shard_count: int
    shard_ids: frozenset[int]

    def __init__(self, shard_count: int, shard_ids: Iterable[int] | str) -> None:
        ids = parse_shard_ids(shard_ids) if isinstance(shard_ids, str) else frozenset(shard_ids)
        if shard_count < 1:
            raise ValueError("shard_count is at least 1")
        if not ids or any(not 0 <= i < shard_count for i in ids):
            raise ValueError(f"shard ids must be in 0..{shard_count - 1}, got {sorted(ids)}")
        object.__setattr__(self, "shard_count", int(shard_count))
        object.__setattr__(self, "shard_ids", frozenset(int(i) for i in ids))

    @property
    def is_everything(self) -> bool:
        return len(self.shard_ids) == self.shard_count

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    def sql(self, column: str = "guild_id") -> str:
        """A condition on `column` (a guild id) that holds for the owned shards; the same text
        runs on SQLite and PostgreSQL (64-bit integers, `>>` and `%`). Only ints are inlined."""
        if self.is_everything:
            return "1 = 1"
        ids = ", ".join(str(i) for i in sorted(self.shard_ids))
        return f"((({column}) >> 22) % {self.shard_count}) IN ({ids})"


def shard_sql(shards: ShardFilter | None, column: str = "guild_id") -> str:
    return "1 = 1" if shards is None else shards.sql(column)
