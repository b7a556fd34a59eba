"""How a snapshot is stored: zlib with a preset dictionary, and only the states that are needed.

A snapshot's state, carried events and phase report are JSON texts of a few hundred bytes to a
few KB that repeat the same keys and words; alone, zlib cannot use that (it learns nothing
before the text starts), so each is compressed with a preset dictionary (`bot.store.zdict`).
The stream names its dictionary itself (zlib's DICTID, the dictionary's Adler-32), so blobs
written with an older dictionary stay readable; blobs of plain zlib (the state before schema
version 5) and plain text (the carry and report before it) are read as well.

Thinning: a table keeps the full state of its opening snapshot (seq 0), of its latest one and
of those whose phase report is not yet acknowledged (the board of a report posted late is drawn
from it); the state of every other snapshot is NULL (`SUPERSEDED`), since the move log rebuilds
it exactly (`Game.replay`) and nothing loads it: a restart loads the latest snapshot, an undo
never crosses a snapshot. Once a phase report is posted (at or below the table's reported mark),
its text and the events carried at that snapshot are left to the log as well (`POSTED`: the
report NULL, the carry empty), except the latest snapshot's, which a restart reads. The rows
themselves stay (round, phase, time): some 50 of them a game, where the reports were 19 KB.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from .zdict import CURRENT, DICTIONARIES

if TYPE_CHECKING:
    from .tx import Tx

LEVEL = 9
_FDICT = 0x20  # FLG bit: a preset dictionary, its Adler-32 in the next four bytes

# Which snapshots' states are left to the log: not the opening one, not the latest one, and not
# one whose phase report waits to be posted (its board is drawn from that state; see
# `unreported` in bot/store/sql.py, which this follows).
_THIN = (
    "state IS NOT NULL AND seq > 0"
    " AND seq < (SELECT MAX(s.seq) FROM snapshots s WHERE s.table_id = snapshots.table_id)"
    " AND (report IS NULL"
    " OR seq <= (SELECT t.reported_seq FROM game_tables t WHERE t.id = snapshots.table_id))"
)
SUPERSEDED = f"UPDATE snapshots SET state = NULL WHERE table_id = ? AND {_THIN}"  # (table_id,)
SUPERSEDED_ALL = f"UPDATE snapshots SET state = NULL WHERE {_THIN}"

# Which snapshots' reports and carried events are left to the log: those posted (at or below the
# reported mark; a report posted out of order above it waits for the mark), never the latest.
# `substr(carry, 1, 0)` is the empty value of the column's type (BLOB in SQLite, BYTEA in PostgreSQL).
_POSTED = (
    "(report IS NOT NULL OR length(carry) > 0)"
    " AND seq < (SELECT MAX(s.seq) FROM snapshots s WHERE s.table_id = snapshots.table_id)"
    " AND seq <= (SELECT t.reported_seq FROM game_tables t WHERE t.id = snapshots.table_id)"
)
POSTED = f"UPDATE snapshots SET report = NULL, carry = substr(carry, 1, 0) WHERE table_id = ? AND {_POSTED}"
POSTED_ALL = f"UPDATE snapshots SET report = NULL, carry = substr(carry, 1, 0) WHERE {_POSTED}"


async def leave_to_log(db: Tx, table_id: int) -> None:
    """Thin the table's snapshots: what the log rebuilds and nothing reads is dropped."""
    await db.write(SUPERSEDED, (table_id,))
    await db.write(POSTED, (table_id,))


def compress(text: str) -> bytes:
    """A JSON text -> zlib with the current preset dictionary."""
    c = zlib.compressobj(LEVEL, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, CURRENT)
    return c.compress(text.encode()) + c.flush()


def _is_zlib(blob: bytes) -> bool:
    return len(blob) >= 2 and blob[0] & 0x0F == 8 and (blob[0] << 8 | blob[1]) % 31 == 0


def decompress(value: bytes | memoryview | str) -> str:
    """What `compress` (or an older version of the store) wrote -> the JSON text."""
    if isinstance(value, str):  # plain text: a carry or report stored before version 5
        return value
    blob = bytes(value)
    if not _is_zlib(blob):  # JSON (starts with '{' or '[') stored as bytes
        return blob.decode()
    if blob[1] & _FDICT:
        dict_id = int.from_bytes(blob[2:6], "big")
        try:
            zdict = DICTIONARIES[dict_id]
        except KeyError:
            raise ValueError(f"snapshot compressed with an unknown dictionary {dict_id:#x}") from None
        d = zlib.decompressobj(zdict=zdict)
        text = d.decompress(blob) + d.flush()
        return text.decode()
    return zlib.decompress(blob).decode()


def compress_opt(text: str | None) -> bytes | None:
    return None if text is None else compress(text)


def decompress_opt(value: bytes | memoryview | str | None) -> str | None:
    return None if value is None else decompress(value)


def encode_snapshot(state: str, carry: str, report: str | None) -> tuple[bytes, bytes, bytes | None]:
    """The stored form of a new snapshot's state, carried events and report."""
    return compress(state), compress(carry), compress_opt(report)


async def compress_snapshots(db: Tx) -> None:
    """Schema version 5 (SQLite) / 3 (PostgreSQL), after the columns became BLOB/BYTEA: the
    superseded states thinned, then every stored snapshot rewritten in the new form, table by
    table, in the migration's transaction."""
    await db.execute(SUPERSEDED_ALL)
    tables = [int(r[0]) for r in await db.fetch("SELECT DISTINCT table_id FROM snapshots ORDER BY table_id")]
    for table_id in tables:
        rows = await db.fetch(
            "SELECT seq, state, carry, report FROM snapshots WHERE table_id = ? ORDER BY seq", (table_id,)
        )
        await db.executemany(
            "UPDATE snapshots SET state = ?, carry = ?, report = ? WHERE table_id = ? AND seq = ?",
            [
                (
                    compress_opt(decompress_opt(state)), compress(decompress(carry)),
                    compress_opt(decompress_opt(report)), table_id, seq,
                )
                for seq, state, carry, report in rows
            ],
        )  # fmt: skip
