"""Persistence behind one interface (`GameStore`): SQLite through aiosqlite (WAL mode, one
file, numbered migrations; the default) or PostgreSQL through asyncpg (`open_store(URL)`).

The store keeps, per table, its channel, guild, seats (Discord ids are plain ints, `None` for an
AI seat), options, seed, status and timestamps; the **move log** (every applied choice in order,
with the seat, who pressed and when); **snapshots** of the game state (at the start and at every
phase end, with the manager's unreported events and phase report); and **timers**. It knows
nothing of Discord and does not import the rules core: a state is the JSON text the rules core
wrote (stored zlib-compressed), options a JSON dict.

    store = await open_store("data/caylus.sqlite3")       # creates, migrates (or a postgresql:// URL)
    rec = await store.create_table(guild_id=..., channel_id=..., creator_id=..., max_seats=4,
                                   options={...}, seed=7, seats=[SeatRecord(0, "Ann", 123)])
    await store.start_table(rec.id, seats=..., snapshot=SnapshotRecord(...))
    await store.record_move(rec.id, MoveRecord(...), snapshot=..., finished=False,
                            seat_states=..., clear_timers=(REMINDER, DEADLINE), timers=[NewTimer(...)])
    await store.record_undos(rec.id, [(MoveRecord(..., actor=UNDO, n=...), undone_n), ...])  # one tx
    stored = await store.load_active()                     # latest snapshot + moves after it
    await store.move_log(rec.id)                           # every row: moves, undone ones, undos

The move log is append-only except for one flag: each row has a position `n` (never reused),
the history index `seq`, who made it (`actor`: player, ai, auto, takeover, rule) and `undone`; an
undo appends a row with actor `undo`. The applied history is the rows neither undone nor undo.

Errors: every backend raises `StoreError` (subclasses `ChannelBusy`, `SchemaTooNew`, `Conflict`),
never its driver's own.
"""

from .errors import ChallengeTaken, ChannelBusy, Conflict, SchemaTooNew, StoreError
from .factory import is_postgres_url, open_store
from .interface import GameStore
from .migrations import MIGRATIONS, SCHEMA_VERSION, Migration
from .records import (
    ABANDONED,
    ACTIVE,
    ACTORS,
    AI,
    AUTO,
    DEADLINE,
    DECLARED,
    FINISHED,
    GLOBAL_SCOPE,
    NOTIFY_MODES,
    OPEN,
    ORDER,
    PLAYER,
    QUEUE,
    REMINDER,
    RULE,
    STARTED,
    STATUSES,
    TAKEOVER,
    UNDO,
    ChallengeEntry,
    GameOutcome,
    MoveRecord,
    NewTimer,
    PlayerStats,
    PrefsRecord,
    RatingPoint,
    RatingRecord,
    ResultRecord,
    SeatRecord,
    SnapshotRecord,
    StoredTable,
    TableRecord,
    TimerRecord,
    UserTable,
    player_key,
)
from .shards import ShardFilter, parse_shard_ids, shard_of
from .sqlite import Store

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "ACTORS",
    "AI",
    "AUTO",
    "DEADLINE",
    "DECLARED",
    "FINISHED",
    "MIGRATIONS",
    "OPEN",
    "ORDER",
    "PLAYER",
    "QUEUE",
    "REMINDER",
    "SCHEMA_VERSION",
    "STARTED",
    "STATUSES",
    "TAKEOVER",
    "RULE",
    "UNDO",
    "ChannelBusy",
    "Conflict",
    "GameStore",
    "Migration",
    "MoveRecord",
    "NewTimer",
    "SchemaTooNew",
    "SeatRecord",
    "ShardFilter",
    "SnapshotRecord",
    "Store",
    "StoreError",
    "StoredTable",
    "TableRecord",
    "TimerRecord",
    "is_postgres_url",
    "open_store",
    "parse_shard_ids",
    "shard_of",
]
__all__ += [  # the players' community (issue 25)
    "GLOBAL_SCOPE", "NOTIFY_MODES", "ChallengeEntry", "ChallengeTaken", "GameOutcome", "PlayerStats",
    "PrefsRecord", "RatingPoint", "RatingRecord", "ResultRecord", "UserTable", "player_key",
]
