"""Persistence: SQLite through aiosqlite (WAL mode, one file, numbered migrations).

The store keeps, per table, its channel, guild, seats (Discord ids are plain ints, `None` for an
AI seat), options, seed, status and timestamps; the **move log** (every applied choice in order,
with the seat, who pressed and when); **snapshots** of the game state (at the start and at every
phase end, with the manager's unreported events and phase report); and **timers**. It knows
nothing of Discord and does not import the rules core: a state is the JSON text the rules core
wrote (stored zlib-compressed), options a JSON dict.

    store = await Store.open("data/caylus.sqlite3")       # creates, migrates
    rec = await store.create_table(guild_id=..., channel_id=..., creator_id=..., max_seats=4,
                                   options={...}, seed=7, seats=[SeatRecord(0, "Ann", 123)])
    await store.start_table(rec.id, seats=..., snapshot=SnapshotRecord(...))
    await store.record_move(rec.id, MoveRecord(...), snapshot=..., finished=False)
    stored = await store.load_active()                     # latest snapshot + moves after it
"""

from .migrations import MIGRATIONS, SCHEMA_VERSION, Migration
from .records import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    OPEN,
    STARTED,
    STATUSES,
    MoveRecord,
    SeatRecord,
    SnapshotRecord,
    StoredTable,
    TableRecord,
    TimerRecord,
)
from .sqlite import ChannelBusy, SchemaTooNew, Store, StoreError

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "FINISHED",
    "MIGRATIONS",
    "OPEN",
    "SCHEMA_VERSION",
    "STARTED",
    "STATUSES",
    "ChannelBusy",
    "Migration",
    "MoveRecord",
    "SchemaTooNew",
    "SeatRecord",
    "SnapshotRecord",
    "Store",
    "StoreError",
    "StoredTable",
    "TableRecord",
    "TimerRecord",
]
