"""Numbered schema migrations, applied in order at start-up.

The schema version of a database file is SQLite's `PRAGMA user_version` (0 for a new file).
Every migration runs in one transaction together with the bump of `user_version`, so a crash
during an upgrade leaves the file at the previous version, never half-upgraded. Migrations are
append-only: never edit one that has shipped (a test builds a version-1 database from
`MIGRATIONS[0]` and opens it with the current code); add a new one instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, NamedTuple

from .codec import POSTED_ALL, compress_snapshots

if TYPE_CHECKING:
    from .tx import Tx


class Migration(NamedTuple):
    version: int
    title: str
    sql: str
    # Rows rewritten in Python after `sql`, in the same transaction (what SQL cannot compute).
    convert: Callable[[Tx], Awaitable[None]] | None = None


# Version 1: tables, their seats, the move log and the state snapshots.
V1_SQL = """
CREATE TABLE game_tables (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,            -- channel or thread
    creator_id   INTEGER NOT NULL,            -- Discord user id (a plain int)
    max_seats    INTEGER NOT NULL CHECK (max_seats BETWEEN 2 AND 5),
    options      TEXT    NOT NULL,            -- JSON of bot.rules Options
    seed         INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'started', 'finished', 'abandoned')),
    created_at   REAL    NOT NULL,            -- Unix seconds
    started_at   REAL,
    finished_at  REAL,                        -- finished or abandoned
    updated_at   REAL    NOT NULL,
    reported_seq INTEGER NOT NULL DEFAULT -1  -- last phase report acknowledged as posted
);
CREATE UNIQUE INDEX game_tables_one_active_per_channel
    ON game_tables (channel_id) WHERE status IN ('open', 'started');
CREATE INDEX game_tables_status ON game_tables (status);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,               -- 0..n-1, the seat given to the rules core
    user_id   INTEGER,                        -- Discord user id; NULL for an AI seat
    name      TEXT    NOT NULL,
    is_ai     INTEGER NOT NULL DEFAULT 0,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

CREATE TABLE moves (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,               -- 0-based index in the game's history
    seat      INTEGER NOT NULL,
    user_id   INTEGER,                        -- who pressed; NULL when an AI seat chose
    code      TEXT    NOT NULL,               -- the choice in notation (docs/notation.md)
    at        REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TABLE snapshots (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,               -- moves applied when the snapshot was taken
    round     INTEGER NOT NULL,
    phase     INTEGER NOT NULL,
    state     BLOB    NOT NULL,               -- zlib of Game.to_json()
    carry     TEXT    NOT NULL DEFAULT '{}',  -- events not yet reported (JSON)
    report    TEXT,                           -- the phase report cut at this move (JSON)
    at        REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""

# Version 2: durable timers (deadlines, reminders) and the lookup of a user's seats.
V2_SQL = """
CREATE TABLE timers (
    id         INTEGER PRIMARY KEY,
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    due_at     REAL    NOT NULL,              -- Unix seconds
    payload    TEXT    NOT NULL DEFAULT '{}', -- JSON
    created_at REAL    NOT NULL
);
CREATE INDEX timers_due ON timers (due_at);
CREATE INDEX timers_table ON timers (table_id, kind);
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;
"""

# Version 3: asynchronous play. Table settings (deadline, rule for absent players, take-over
# threshold, AI level), per-seat AI level and absence state, and a move log that records undos:
# `moves` is rebuilt with a log position `n` (the table's decision number, never reused) as its
# key. `seq` stays the index in the game's history. An undo appends a row with actor 'undo'
# (seq and code of the choice taken back) and marks that choice `undone`; the applied history is
# the rows with actor != 'undo' AND undone = 0, in seq order (one per seq, by a unique index).
V3_SQL = """
ALTER TABLE game_tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';  -- JSON, bot.games settings

ALTER TABLE seats ADD COLUMN ai_level TEXT;                             -- NULL: the default level
ALTER TABLE seats ADD COLUMN missed_in_row INTEGER NOT NULL DEFAULT 0;  -- deadlines missed in a row
ALTER TABLE seats ADD COLUMN ai_takeover INTEGER NOT NULL DEFAULT 0;    -- 1: the AI plays the seat

CREATE TABLE moves_v3 (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    n         INTEGER NOT NULL,               -- 0-based position in the table's log, never reused
    seq       INTEGER NOT NULL,               -- 0-based index in the game's history
    seat      INTEGER NOT NULL,
    user_id   INTEGER,                        -- who pressed (or undid); NULL when the AI chose
    code      TEXT    NOT NULL,               -- the choice (for an undo: the choice taken back)
    at        REAL    NOT NULL,
    actor     TEXT    NOT NULL DEFAULT 'player'
              CHECK (actor IN ('player', 'ai', 'auto', 'takeover', 'undo')),
    undone    INTEGER NOT NULL DEFAULT 0,     -- 1: taken back by a later 'undo' row
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
INSERT INTO moves_v3 (table_id, n, seq, seat, user_id, code, at, actor)
    SELECT table_id, seq, seq, seat, user_id, code, at,
           CASE WHEN user_id IS NULL THEN 'ai' ELSE 'player' END
    FROM moves;
DROP TABLE moves;
ALTER TABLE moves_v3 RENAME TO moves;
CREATE UNIQUE INDEX moves_applied ON moves (table_id, seq) WHERE actor != 'undo' AND undone = 0;
"""

# Version 4: phase reports acknowledged one by one. `game_tables.reported_seq` stays the mark
# below which every report is posted; a report posted while an earlier one is still waiting (it
# failed and is kept for a later try) is recorded here until the mark passes it.
V4_SQL = """
CREATE TABLE posted_reports (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,               -- the snapshot whose report was posted
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"""

# Version 5: smaller snapshots (bot/store/codec.py). State, carry and report are compressed with
# a preset dictionary (carry and report become BLOBs), and only a table's opening and latest state
# are kept: the others become NULL (the log rebuilds them). The rows are rewritten by
# `compress_snapshots` after this script, in the same transaction.
V5_SQL = """
CREATE TABLE snapshots_v4 (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,               -- moves applied when the snapshot was taken
    round     INTEGER NOT NULL,
    phase     INTEGER NOT NULL,
    state     BLOB,                           -- Game.to_json() (codec); NULL: superseded
    carry     BLOB    NOT NULL,               -- events not yet reported (JSON, codec)
    report    BLOB,                           -- the phase report cut at this move (JSON, codec)
    at        REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
);
INSERT INTO snapshots_v4 (table_id, seq, round, phase, state, carry, report, at)
    SELECT table_id, seq, round, phase, state, carry, report, at FROM snapshots;
DROP TABLE snapshots;
ALTER TABLE snapshots_v4 RENAME TO snapshots;
"""

# Version 6: a small key/value table for the bot's own facts, e.g. the hash of the command tree
# last synced to Discord (bot.ui.app syncs at start only when it changed).
V6_SQL = """
CREATE TABLE bot_meta (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at REAL NOT NULL                  -- Unix seconds
);
"""

# Version 7: standing orders, the placement queue and the provost declared ahead, per seat
# (`seats.orders`, JSON of bot.games.orders.SeatOrders; NULL: none), and the move log's actors for
# the moves they made ('order', 'queue', 'declared', 'rule'). SQLite cannot change a CHECK in place:
# `moves` is rebuilt as it is with the wider CHECK.
V7_SQL = """
ALTER TABLE seats ADD COLUMN orders TEXT;                               -- JSON; NULL: no orders

CREATE TABLE moves_v7 (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    n         INTEGER NOT NULL,               -- 0-based position in the table's log, never reused
    seq       INTEGER NOT NULL,               -- 0-based index in the game's history
    seat      INTEGER NOT NULL,
    user_id   INTEGER,                        -- who pressed (or undid); NULL when the game chose
    code      TEXT    NOT NULL,               -- the choice (for an undo: the choice taken back)
    at        REAL    NOT NULL,
    actor     TEXT    NOT NULL DEFAULT 'player'
              CHECK (actor IN ('player', 'ai', 'auto', 'takeover', 'undo', 'order', 'queue', 'declared', 'rule')),
    undone    INTEGER NOT NULL DEFAULT 0,     -- 1: taken back by a later 'undo' row
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
INSERT INTO moves_v7 (table_id, n, seq, seat, user_id, code, at, actor, undone)
    SELECT table_id, n, seq, seat, user_id, code, at, actor, undone FROM moves;
DROP TABLE moves;
ALTER TABLE moves_v7 RENAME TO moves;
CREATE UNIQUE INDEX moves_applied ON moves (table_id, seq) WHERE actor != 'undo' AND undone = 0;
"""

# Version 8 (issue 25): the players' community. A seat given up for good (`seats.resigned`), the
# seat a table waits on (`game_tables.turn_seat`, for `mygames` across shards), the weekly
# challenge a table plays; finished games' results per seat and the ratings computed from them
# (per server and across the bot, with their history), people's notification settings, a
# table's watchers and a server's defaults.
V8_SQL = """
ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0;       -- 1: given up, the AI plays it
ALTER TABLE game_tables ADD COLUMN turn_seat INTEGER;                  -- the pending decision's seat
ALTER TABLE game_tables ADD COLUMN challenge TEXT;                     -- ISO week of a weekly challenge

CREATE TABLE results (
    table_id       INTEGER    NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    guild_id       INTEGER    NOT NULL,
    user_id        INTEGER,                          -- NULL: an AI seat
    player         TEXT    NOT NULL,              -- rated as: 'u:<user id>' or 'ai:<level>'
    name           TEXT    NOT NULL,
    score          INTEGER NOT NULL,              -- final total (rules 2.8)
    place          INTEGER NOT NULL,              -- 1 = first; equal totals share a place
    won            INTEGER  NOT NULL,
    resigned       INTEGER  NOT NULL DEFAULT 0,
    rated          INTEGER  NOT NULL,              -- the game had at least two people
    challenge      TEXT,                          -- the weekly challenge ("2026-W49")
    buildings      TEXT    NOT NULL DEFAULT '{}', -- JSON: workers sent per building or place
    answers        INTEGER NOT NULL DEFAULT 0,    -- call backs the person answered
    answer_seconds REAL  NOT NULL DEFAULT 0,    -- the time those answers took, in all
    finished_at    REAL  NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_user ON results (user_id, finished_at) WHERE user_id IS NOT NULL;
CREATE INDEX results_challenge ON results (challenge, score) WHERE challenge IS NOT NULL;

CREATE TABLE ratings (
    scope      INTEGER   NOT NULL,                   -- a guild id; 0: across the bot
    player     TEXT   NOT NULL,                   -- 'u:<user id>' or 'ai:<level>'
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,                   -- mu - 3 sigma: what the board sorts by
    games      INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (scope, player)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (scope, ordinal);

CREATE TABLE rating_history (
    scope      INTEGER   NOT NULL,
    player     TEXT   NOT NULL,
    table_id   INTEGER   NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    at         REAL NOT NULL,
    PRIMARY KEY (scope, player, table_id)
) WITHOUT ROWID;

CREATE TABLE player_prefs (
    user_id       INTEGER PRIMARY KEY,
    notify        TEXT NOT NULL DEFAULT 'channel' CHECK (notify IN ('channel', 'dm', 'both')),
    time_zone     TEXT,                           -- IANA name
    quiet_from    INTEGER,                        -- minutes after local midnight
    quiet_to      INTEGER,
    dm_refused_at REAL,                         -- Discord refused a DM (they were told once)
    updated_at    REAL NOT NULL
);

CREATE TABLE watchers (
    table_id  INTEGER   NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id   INTEGER   NOT NULL,
    since     REAL NOT NULL,
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;

CREATE TABLE guild_settings (
    guild_id   INTEGER   PRIMARY KEY,
    settings   TEXT   NOT NULL,                   -- JSON: deadline, language, ai_level, thread, channel
    updated_by INTEGER,
    updated_at REAL NOT NULL
);

CREATE UNIQUE INDEX game_tables_one_challenge ON game_tables (challenge, creator_id)
    WHERE challenge IS NOT NULL;
"""

# Version 9: the posted phase reports' texts and the events carried beside them left to the log
# (bot/store/codec.py, `POSTED`): NULL reports and empty carries, for the rows already stored.
V9_SQL = POSTED_ALL + ";\n"

MIGRATIONS: list[Migration] = [
    Migration(1, "tables, seats, move log, snapshots", V1_SQL),
    Migration(2, "timers; index of seats by user", V2_SQL),
    Migration(3, "table settings, seat absence and AI level, undo in the move log", V3_SQL),
    Migration(4, "phase reports acknowledged one by one", V4_SQL),
    Migration(5, "compressed snapshots; superseded states left to the log", V5_SQL, compress_snapshots),
    Migration(6, "bot_meta: the bot's own key/value facts (command tree hash)", V6_SQL),
    Migration(7, "standing orders, placement queue, declared provost per seat; their move actors; 'rule'", V7_SQL),
    Migration(8, "results, ratings, preferences, watchers, server defaults, resignations, challenges", V8_SQL),
    Migration(9, "posted phase reports and their carried events left to the log", V9_SQL),
]

SCHEMA_VERSION = MIGRATIONS[-1].version
COMMUNITY_VERSION = 8  # results, ratings, resignations, the turn's seat (bot.store.community)
