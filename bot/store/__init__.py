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
    await store.record_move(rec.id, MoveRecord(...), snapshot=..., finished=False,
                            seat_states=..., clear_timers=(REMINDER, DEADLINE), timers=[NewTimer(...)])
    await store.record_undo(rec.id, MoveRecord(..., actor=UNDO, n=...), undone_n=...)
    stored = await store.load_active()                     # latest snapshot + moves after it
    await store.move_log(rec.id)                           # every row: moves, undone ones, undos

The move log is append-only except for one flag: each row has a position `n` (never reused),
the history index `seq`, who made it (`actor`: player, ai, auto, takeover) and `undone`; an
undo appends a row with actor `undo`. The applied history is the rows neither undone nor undo.
"""

from .migrations import MIGRATIONS, SCHEMA_VERSION, Migration
from .records import (
    ABANDONED,
    ACTIVE,
    ACTORS,
    AI,
    AUTO,
    DEADLINE,
    FINISHED,
    OPEN,
    PLAYER,
    REMINDER,
    STARTED,
    STATUSES,
    TAKEOVER,
    UNDO,
    MoveRecord,
    NewTimer,
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
    "ACTORS",
    "AI",
    "AUTO",
    "DEADLINE",
    "FINISHED",
    "MIGRATIONS",
    "OPEN",
    "PLAYER",
    "REMINDER",
    "SCHEMA_VERSION",
    "STARTED",
    "STATUSES",
    "TAKEOVER",
    "UNDO",
    "ChannelBusy",
    "Migration",
    "MoveRecord",
    "NewTimer",
    "SchemaTooNew",
    "SeatRecord",
    "SnapshotRecord",
    "Store",
    "StoreError",
    "StoredTable",
    "TableRecord",
    "TimerRecord",
]
