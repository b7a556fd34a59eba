"""A game's move log packed into one row once the game is over (PostgreSQL, schema version 5).

While a game runs, every logged choice is a row of `moves` (two keys to find and check it). When
it is over (finished or abandoned) nothing is appended any more, so its rows are replaced, in the
transaction that ends it, by ONE row of `move_logs`: every column of every row, in log order,
as JSON columns (`n`, `seq`, `seat`, `user_id`, `code`, `at`, `actor`, `undone`) compressed as
the snapshots are (`bot.store.codec`). Nothing is lost: each row comes back exactly (times as
Python's shortest round-trip form of the double), undone choices and undo rows included, and the
store's reads take the packed rows with those in `moves`, so readers see the same log as before.
About 120 bytes a move in rows and keys become about 10. A packed log takes no more rows.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .codec import compress, decompress
from .records import UNDO, MoveRecord
from .rows import MOVE_COLUMNS, move_record

if TYPE_CHECKING:
    from .tx import Tx

VERSION = 5  # the PostgreSQL schema version that added `move_logs`
OVER = ("finished", "abandoned")

# The columns of a `moves` row that a packed log's row stands in for (MOVE_COLUMNS, then the
# packed log), for a UNION ALL of both in one read.
PACKED_AS_MOVE = (
    "SELECT NULL::integer, NULL::integer, NULL::bigint, NULL::text, NULL::double precision,"
    " NULL::text, NULL::integer, NULL::smallint, log FROM move_logs"
)


def pack(moves: Sequence[MoveRecord]) -> bytes:
    """Log rows (in the order of their position n) -> the compressed columns."""
    columns: dict[str, Any] = {
        "v": 1,
        "n": [m.pos for m in moves],
        "seq": [m.seq for m in moves],
        "seat": [m.seat for m in moves],
        "user_id": [m.user_id for m in moves],
        "code": [m.code for m in moves],
        "at": [m.at for m in moves],
        "actor": [m.who for m in moves],
        "undone": [int(m.undone) for m in moves],
    }
    return compress(json.dumps(columns, separators=(",", ":")))


def unpack(blob: bytes | memoryview) -> list[MoveRecord]:
    """What `pack` wrote -> the log rows, as `moves` gave them."""
    c = json.loads(decompress(blob))
    return [
        MoveRecord(seq, seat, user_id, code, float(at), actor, n, bool(undone))
        for n, seq, seat, user_id, code, at, actor, undone in zip(
            c["n"], c["seq"], c["seat"], c["user_id"], c["code"], c["at"], c["actor"], c["undone"], strict=True
        )
    ]  # fmt: skip


def applied(m: MoveRecord) -> bool:
    """An applied choice: not an undo row, not taken back by one (`rows.APPLIED`)."""
    return m.who != UNDO and not m.undone


def merged(rows: Sequence[Sequence[Any]]) -> list[MoveRecord]:
    """Rows of `SELECT MOVE_COLUMNS, NULL … UNION ALL PACKED_AS_MOVE` -> the log in order."""
    out: list[MoveRecord] = []
    for row in rows:
        if row[8] is None:
            out.append(move_record(row))
        else:
            out.extend(unpack(row[8]))
    out.sort(key=lambda m: m.pos)
    return out


async def pack_log(db: Tx, table_id: int) -> None:
    """Move a game's log rows into its packed row (once: a packed log takes no more rows, see
    the trigger of schema version 5)."""
    rows = await db.fetch(f"SELECT {MOVE_COLUMNS} FROM moves WHERE table_id = ? ORDER BY n", (table_id,))
    if not rows:
        return
    log = [move_record(r) for r in rows]
    await db.execute(
        "INSERT INTO move_logs (table_id, size, log) VALUES (?, ?, ?)",
        (table_id, max(m.pos for m in log) + 1, pack(log)),
    )
    await db.execute("DELETE FROM moves WHERE table_id = ?", (table_id,))


async def pack_over_logs(db: Tx) -> None:
    """Schema version 5: the logs of every game already over, packed (in the migration's
    transaction); also after a copy from SQLite (`bot.store.transfer`)."""
    over = ", ".join(f"'{s}'" for s in OVER)
    tables = await db.fetch(
        f"SELECT id FROM game_tables WHERE status IN ({over})"
        " AND EXISTS (SELECT 1 FROM moves m WHERE m.table_id = game_tables.id) ORDER BY id"
    )
    for (table_id,) in tables:
        await pack_log(db, int(table_id))
