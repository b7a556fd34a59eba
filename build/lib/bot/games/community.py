"""The players' community, as the manager offers it: resigning, the rematch, the weekly
challenge, watchers, server defaults, held call backs, and the figures read back (stats, the
leaderboard, a person's tables).

- **Resign** hands a person's seat to the AI for good (`Seat.resigned` with `ai_takeover`): no
  take-back, no more call backs; if the pending decision is the seat's, the AI makes it at once.
  The game's results place the seat last (`bot.games.outcome`).
- **Rematch** (the final message's button): the first former player to press opens a table in
  the same channel with the same seat count, options, settings and AI seats (at their levels)
  and a new seed; each other former player joins it with one press. Who does not join is
  simply not seated; the creator starts when ready, as at any table.
- **Challenge**: `bot.games.challenge`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any, TypeVar

from bot.store import (
    FINISHED,
    GLOBAL_SCOPE,
    ChallengeEntry,
    PlayerStats,
    RatingRecord,
    StoreError,
    TableRecord,
    UserTable,
)

from .challenge import CHALLENGE_AI_SEATS, CHALLENGE_LEVEL, challenge_seed, iso_week
from .deadlines import TIMER_KINDS
from .defaults import ServerDefaults
from .lobby import Lobby
from .notify import Notices, held_timer
from .refusals import (
    MANAGE_SERVER,
    NOT_IN_GAME,
    PLAYS_HERE,
    STORE_UNREADABLE,
    AlreadySeated,
    AlreadyStarted,
    ChallengePlayed,
    NoTable,
    NotAllowed,
    NotAPlayer,
    Resigned,
    TableExists,
    Unavailable,
)
from .registry import Registry
from .results import ActResult
from .settings import TableSettings
from .table import Pending, Seat, Table
from .turns import Turns

log = logging.getLogger(__name__)
T = TypeVar("T")


class Community:
    def __init__(self, registry: Registry, turns: Turns, lobby: Lobby, notices: Notices) -> None:
        self.registry = registry
        self.turns = turns
        self.lobby = lobby
        self.notices = notices

    async def _read(self, work: Awaitable[T]) -> T:
        try:
            return await work
        except (StoreError, OSError) as e:
            # the store is away: one warning (the outage's), the reader told to try again
            log.info("a community read failed: %s", e)
            self.registry.outage.failed(e)
            raise Unavailable(STORE_UNREADABLE) from e

    # ----- resign ----------------------------------------------------------------------------------

    async def resign(self, channel_id: int, user_id: int) -> ActResult:
        reg = self.registry
        async with reg.lock(channel_id):
            t, seat = reg.seated(channel_id, user_id)
            if seat.resigned:
                raise Resigned()
            seats = t.with_seat(seat.seat, ai_takeover=True, resigned=True)
            d = t.decision
            theirs = d is not None and d.player == seat.seat
            clear = TIMER_KINDS if theirs and t.settings.has_deadline else ()

            def committed() -> None:
                t.seats, t.updated_at = seats, reg.clock()
                if theirs:
                    t.timers = None

            await reg.commit(
                t, reg.store.update_seat_states(t.id, [seats[seat.seat].record()], clear_timers=clear), committed
            )
            acc = ActResult(t, actor_id=user_id, resigned=seats[seat.seat])
            if not self.turns.ai_to_play(t):
                return await self.turns.finish(acc)
        return await self.turns.autoplay(t, acc, detach=True)

    # ----- rematch ---------------------------------------------------------------------------------

    async def rematch(self, table_id: int, user_id: int, name: str) -> tuple[Table, bool]:
        """The rematch of finished table `table_id`, for one of its players: the table opened
        (True) or joined (False). Refusals: `NoTable`, `NotAPlayer`, `TableExists` (another
        table is active there), `AlreadySeated`, `AlreadyStarted`."""
        old = await self._read(self.registry.store.get_table(table_id))
        if old is None or old.status != FINISHED:
            raise NoTable()
        if not any(s.user_id == user_id and not s.is_ai for s in old.seats):
            raise NotAPlayer(NOT_IN_GAME.msgid)
        for _ in range(2):  # a press that races another one's opening joins it
            current = self.registry.table(old.channel_id)
            if current is not None and current.is_active:
                if current.settings.rematch_of != old.id:
                    raise TableExists()
                if not current.is_open:
                    raise AlreadyStarted()
                if current.seat_of(user_id) is not None:
                    raise AlreadySeated()
                return await self.lobby.join(old.channel_id, user_id, name), False
            try:
                return await self._open_rematch(old, user_id, name), True
            except TableExists:
                continue
        raise TableExists()

    async def _open_rematch(self, old: TableRecord, user_id: int, name: str) -> Table:
        settings = replace(TableSettings.from_dict(old.settings), rematch_of=old.id)
        levels = [s.ai_level or self.turns.ai_level for s in old.seats if s.is_ai]
        return await self.lobby.create_table(
            old.guild_id, old.channel_id, user_id, name, old.max_seats, dict(old.options),
            ai_seats=levels, settings=settings,
        )  # fmt: skip

    # ----- the weekly challenge ----------------------------------------------------------------------

    async def challenge(
        self, guild_id: int, channel_id: int, user_id: int, name: str, *, settings: TableSettings | None = None
    ) -> ActResult:
        """Open and start this week's challenge for `user_id` at `channel_id` (a thread of its
        own, by the Discord layer's choice): three hard AI seats, the week's seed.
        Refusals: `ChallengePlayed`, `TableExists`, `Unavailable`."""
        week = iso_week(self.registry.clock())
        base = settings or TableSettings()
        await self.lobby.create_table(
            guild_id, channel_id, user_id, name, 1 + CHALLENGE_AI_SEATS, None, seed=challenge_seed(week),
            ai_seats=[CHALLENGE_LEVEL] * CHALLENGE_AI_SEATS,
            settings=replace(base, deadline=None, ai_level=CHALLENGE_LEVEL), challenge=week,
        )  # fmt: skip
        return await self.lobby.start(channel_id, user_id)

    # ----- watchers --------------------------------------------------------------------------------

    def _watchable(self, channel_id: int, user_id: int) -> Table:
        t = self.registry.active(channel_id)
        if t.seat_of(user_id) is not None:
            raise NotAllowed(PLAYS_HERE.msgid)
        return t

    async def watch(self, channel_id: int, user_id: int) -> tuple[Table, bool]:
        """Watch the channel's table (True: newly). Refusals: `NoTable`, `NotAllowed` (a player)."""
        t = self._watchable(channel_id, user_id)
        return t, await self.registry.store_call(self.registry.store.watch(t.id, user_id, now=self.registry.clock()))

    async def unwatch(self, channel_id: int, user_id: int) -> tuple[Table, bool]:
        """Stop watching (True: they watched it). Refusals: `NoTable`."""
        t = self.registry.active(channel_id, finished_ok=True)
        return t, await self.registry.store_call(self.registry.store.unwatch(t.id, user_id))

    async def watchers(self, table_id: int) -> list[int]:
        return await self._read(self.registry.store.watchers(table_id))

    # ----- server defaults ---------------------------------------------------------------------------

    async def server_defaults(self, guild_id: int) -> ServerDefaults:
        return ServerDefaults.from_dict(await self._read(self.registry.store.guild_defaults(guild_id)))

    async def set_server_defaults(
        self, guild_id: int, user_id: int, *, can_manage: bool, **changes: Any
    ) -> ServerDefaults:
        """Change a server's defaults (fields of `ServerDefaults`; `defaults.UNSET` leaves one as
        it is). Refusals: `NotAllowed` (without Manage Server), `BadRequest`, `Unavailable`."""
        if not can_manage:
            raise NotAllowed(MANAGE_SERVER.msgid)
        new = (await self.server_defaults(guild_id)).changed(**changes)
        reg = self.registry
        await reg.store_call(reg.store.set_guild_defaults(guild_id, new.to_dict(), by=user_id, now=reg.clock()))
        return new

    # ----- held call backs ---------------------------------------------------------------------------

    async def hold(self, pending: Pending, what: str, until: float) -> None:
        """Send `pending`'s call back (`notify.TURN` or `notify.REMINDER_CALL`) at `until` (the
        end of its person's quiet hours) if the decision is still theirs then: the listener's
        `on_callback(pending, what)`."""
        assert pending.user_id is not None
        timer = held_timer(pending.number, pending.user_id, what, until, pending.deadline_at)
        reg = self.registry
        await reg.store_call(reg.store.add_timer(pending.table_id, timer.kind, timer.due_at, timer.payload))
        reg.timers_stored([timer])

    # ----- figures -----------------------------------------------------------------------------------

    def now(self) -> float:
        return self.registry.clock()

    def seated(self, channel_id: int, user_id: int) -> tuple[Table, Seat]:
        """The channel's game in progress and the user's seat, or the refusal saying why not."""
        return self.registry.seated(channel_id, user_id)

    async def ratings(self, guild_id: int | None, players: list[str]) -> dict[str, RatingRecord]:
        """The ratings of `players` (keys such as "ai:strong") on a server (None: everywhere)."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        return await self._read(self.registry.store.ratings_in(scope, players))

    async def names(self, user_ids: list[int]) -> dict[int, str]:
        """The names people last played under."""
        return await self._read(self.registry.store.player_names(user_ids))

    async def former_players(self, table_id: int, *, but: int | None = None) -> list[int]:
        """The people who played at table `table_id` (for the rematch's call), but `but`."""
        rec = await self._read(self.registry.store.get_table(table_id))
        if rec is None:
            return []
        return [s.user_id for s in rec.seats if not s.is_ai and s.user_id is not None and s.user_id != but]

    async def challenge_board(self, week: str, guild_id: int | None = None) -> list[ChallengeEntry]:
        return await self._read(self.registry.store.challenge_board(week, guild_id))

    async def challenge_played(self, week: str, user_id: int) -> ChallengePlayed | None:
        """The refusal to give if `user_id` has opened the week's challenge already (before a
        thread is opened for nothing); None if they have not."""
        played = await self._read(self.registry.store.challenge_table(week, user_id))
        return ChallengePlayed(week) if played is not None else None

    async def stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        return await self._read(self.registry.store.player_stats(user_id, guild_id))

    async def leaderboard(
        self, guild_id: int | None, *, page: int = 0, per_page: int = 10, min_games: int = 3
    ) -> tuple[list[RatingRecord], int]:
        """A page of the server's ratings (`guild_id` None: across the bot), best first."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        return await self._read(
            self.registry.store.leaderboard(scope, min_games=min_games, offset=page * per_page, limit=per_page)
        )

    async def my_tables(self, user_id: int) -> list[UserTable]:
        """Every table `user_id` sits at, everywhere: those waiting for them first (soonest
        deadline first), then the others (latest move first)."""
        tables = await self._read(self.registry.store.user_tables(user_id))
        mine = sorted(
            (u for u in tables if u.turn_user == user_id),
            key=lambda u: (u.deadline_at is None, u.deadline_at or 0.0, u.table_id),
        )
        rest = sorted((u for u in tables if u.turn_user != user_id), key=lambda u: -u.updated_at)
        return [*mine, *rest]
