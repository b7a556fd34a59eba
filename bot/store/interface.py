"""The store interface the games layer talks to (`GameStore`), whatever the backend.

Two implementations: `bot.store.sqlite.Store` (SQLite, the embedded default) and
`bot.store.postgres.PostgresStore` (PostgreSQL through asyncpg, for several bot processes).
`bot.store.open_store(url_or_path)` picks one. Every method raises the store's own errors
(`bot.store.errors`), never a driver's; every write is one transaction (all of it or none).

A store may be opened with a `ShardFilter` (the shards of this process): then `load_active`,
`due_timers` and `next_timer_due` see only the tables of guilds of those shards unless a call
passes its own filter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .records import (
    GLOBAL_SCOPE,
    OPEN,
    ChallengeEntry,
    GameOutcome,
    MoveRecord,
    NewTimer,
    PlayerStats,
    PrefsRecord,
    RatingRecord,
    ResultRecord,
    SeatRecord,
    SnapshotRecord,
    StoredTable,
    TableRecord,
    TimerRecord,
    UserTable,
)
from .shards import ShardFilter


@runtime_checkable
class GameStore(Protocol):
    """Persistence of tables, seats, the move log, snapshots and timers."""

    shards: ShardFilter | None  # the default filter of `load_active` and the timer queries

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    # ----- tables and seats (each call one transaction) -----

    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        max_seats: int,
        options: dict[str, Any],
        seed: int,
        seats: Sequence[SeatRecord],
        now: float | None = None,
        settings: dict[str, Any] | None = None,
        challenge: str | None = None,
    ) -> TableRecord:
        """Insert an open table with its first seats; `ChannelBusy` if the channel has one;
        `ChallengeTaken` if its creator has opened the `challenge` of that week already."""
        ...

    async def update_lobby(
        self,
        table_id: int,
        *,
        seats: Sequence[SeatRecord],
        creator_id: int,
        status: str = OPEN,
        now: float | None = None,
    ) -> None: ...

    async def start_table(
        self,
        table_id: int,
        *,
        seats: Sequence[SeatRecord],
        snapshot: SnapshotRecord,
        now: float | None = None,
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
        turn_seat: int | None = None,
    ) -> None: ...

    async def set_status(self, table_id: int, status: str, *, now: float | None = None) -> None: ...

    # ----- the move log -----

    async def record_move(
        self,
        table_id: int,
        move: MoveRecord,
        *,
        snapshot: SnapshotRecord | None = None,
        finished: bool = False,
        seat_states: Sequence[SeatRecord] = (),
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
        orders: Sequence[tuple[int, str | None]] = (),
        turn_seat: int | None = None,
        outcome: GameOutcome | None = None,
    ) -> None:
        """The move, its snapshot, seat states, timers, the seats' changed orders ((seat,
        JSON or None)), the next decision's seat and, with the last move, the game's outcome
        (results and ratings) in one transaction; `Conflict` if the log already holds this
        position or an applied move with this seq."""
        ...

    async def record_undos(
        self,
        table_id: int,
        undos: Sequence[tuple[MoveRecord, int]],
        *,
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
        orders: Sequence[tuple[int, str | None]] = (),
        turn_seat: int | None = None,
    ) -> None:
        """Undo rows ((undo row, log position of the choice it takes back), newest choice
        first), the timers and the seats' changed orders in one transaction: all or none.
        `StoreError` if a choice is not the last applied one when its turn comes or a snapshot
        follows it."""
        ...

    async def set_orders(self, table_id: int, seat: int, orders: str | None, *, now: float | None = None) -> None:
        """One seat's standing orders, queue and declaration (JSON of bot.games.orders; None)."""
        ...

    async def update_seat_states(
        self,
        table_id: int,
        seats: Sequence[SeatRecord],
        *,
        clear_timers: Sequence[str] = (),
        timers: Sequence[NewTimer] = (),
        now: float | None = None,
    ) -> None: ...

    async def ack_reports(self, table_id: int, seq: int) -> None: ...

    async def ack_report(self, table_id: int, seq: int) -> None: ...

    # ----- reading -----

    async def get_table(self, table_id: int) -> TableRecord | None: ...

    async def last_table_in_channel(self, channel_id: int) -> TableRecord | None: ...

    async def seats(self, table_id: int) -> list[SeatRecord]: ...

    async def moves(self, table_id: int, *, from_seq: int = 0) -> list[MoveRecord]: ...

    async def move_log(self, table_id: int) -> list[MoveRecord]: ...

    async def log_size(self, table_id: int) -> int: ...

    async def snapshots(self, table_id: int) -> list[SnapshotRecord]: ...

    async def unreported(self, table_id: int) -> list[SnapshotRecord]: ...

    async def load_table(self, table_id: int) -> StoredTable | None: ...

    async def load_active(self, *, shards: ShardFilter | None = None) -> list[StoredTable]: ...

    # ----- timers -----

    async def add_timer(
        self,
        table_id: int,
        kind: str,
        due_at: float,
        payload: dict[str, Any] | None = None,
        *,
        replace: bool = False,
    ) -> int: ...

    async def due_timers(
        self, now: float | None = None, *, limit: int = 100, shards: ShardFilter | None = None
    ) -> list[TimerRecord]: ...

    async def timers_for(self, table_id: int, kind: str | None = None) -> list[TimerRecord]: ...

    async def next_timer_due(self, *, shards: ShardFilter | None = None) -> float | None: ...

    async def delete_timer(self, timer: TimerRecord) -> bool: ...

    async def delete_timers(self, table_id: int, kind: str | None = None) -> int: ...

    # the bot's own key/value facts (bot_meta), e.g. the hash of the last synced command tree
    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str, *, now: float | None = None) -> None: ...

    async def metas(self, prefix: str) -> dict[str, str]:
        """Every fact whose key starts with `prefix`, by key."""
        ...

    # ----- the players' community (bot.store.community) -----

    async def record_outcome(self, outcome: GameOutcome) -> None:
        """A finished game's results (and ratings) after the fact: the backfill."""
        ...

    async def finished_unrecorded(self) -> list[int]: ...

    async def rebuild_ratings(self) -> int:
        """Every rating again from the stored results, in the order the games finished."""
        ...

    async def results_of(self, table_id: int) -> list[ResultRecord]: ...

    async def rating_of(self, player: str, scope: int = GLOBAL_SCOPE) -> RatingRecord | None: ...

    async def ratings_in(self, scope: int, players: Sequence[str]) -> dict[str, RatingRecord]: ...

    async def leaderboard(
        self, scope: int, *, min_games: int = 1, offset: int = 0, limit: int = 10
    ) -> tuple[list[RatingRecord], int]: ...

    async def player_names(self, user_ids: Sequence[int]) -> dict[int, str]: ...

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats: ...

    async def user_tables(self, user_id: int) -> list[UserTable]: ...

    async def prefs(self, user_id: int) -> PrefsRecord: ...

    async def all_prefs(self) -> list[PrefsRecord]: ...

    async def prefs_of(self, user_ids: Sequence[int]) -> dict[int, PrefsRecord]: ...

    async def set_prefs(self, prefs: PrefsRecord, *, now: float | None = None) -> None: ...

    async def watch(self, table_id: int, user_id: int, *, now: float | None = None) -> bool: ...

    async def unwatch(self, table_id: int, user_id: int) -> bool: ...

    async def watchers(self, table_id: int) -> list[int]: ...

    async def guild_defaults(self, guild_id: int) -> dict[str, Any]: ...

    async def set_guild_defaults(
        self, guild_id: int, settings: dict[str, Any], *, by: int | None = None, now: float | None = None
    ) -> None: ...

    async def challenge_table(self, week: str, user_id: int) -> int | None: ...

    async def challenge_board(self, week: str, guild_id: int | None = None, *, limit: int = 10) -> list[ChallengeEntry]: ...
