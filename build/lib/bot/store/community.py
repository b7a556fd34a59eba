"""The players' community on both SQL backends (issue 25): finished games' results and the
ratings computed from them, people's notification settings, watchers, server defaults and the
weekly challenge's board.

A game's results are written, and its ratings changed, in the transaction that stores its last
move (`SqlStore.record_move(outcome=...)`), or later by `record_outcome` for a game that
finished before (the backfill, `bot.games.backfill`). `rebuild_ratings` computes every rating
again from the stored results, in the order the games finished: the same figures as the live
updates made (a test checks it). Ratings exist per server (scope: its guild id) and across the
bot (scope `GLOBAL_SCOPE`); only games with at least two people are rated (`GameOutcome.rated`).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from . import ratings
from .records import (
    ACTIVE,
    DEADLINE,
    FINISHED,
    GLOBAL_SCOPE,
    NOTIFY_MODES,
    ChallengeEntry,
    GameOutcome,
    PlayerStats,
    PrefsRecord,
    RatingPoint,
    RatingRecord,
    ResultRecord,
    UserTable,
    player_key,
)
from .tx import Tx

RESULT_COLUMNS = (
    "table_id, seat, guild_id, user_id, player, name, score, place, won, resigned, rated, challenge,"
    " buildings, answers, answer_seconds, finished_at"
)
RATING_COLUMNS = "scope, player, mu, sigma, games, updated_at"
PREFS_COLUMNS = "user_id, notify, time_zone, quiet_from, quiet_to, dm_refused_at, updated_at"
HISTORY_POINTS = 200  # the rating chart's last games


def _rating(row: Sequence[Any]) -> RatingRecord:
    return RatingRecord(int(row[0]), str(row[1]), float(row[2]), float(row[3]), int(row[4]), float(row[5]))


def _prefs(row: Sequence[Any]) -> PrefsRecord:
    return PrefsRecord(int(row[0]), row[1], row[2], row[3], row[4], row[5], float(row[6]))


class CommunityFacts:
    """Results, ratings, preferences, watchers, server defaults over `_tx` and `_fetchall`."""

    LOCK_RATINGS = ""  # serialises rating updates between processes (PostgreSQL); "" : not needed

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        raise NotImplementedError

    # ----- results and ratings, written ---------------------------------------------------------

    async def _store_outcome(self, db: Tx, outcome: GameOutcome) -> None:
        """The game's results and, if it is rated, the ratings it changes (inside `db`)."""
        await db.executemany(
            f"INSERT INTO results ({RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    outcome.table_id, r.seat, outcome.guild_id, r.user_id, r.player, r.name, r.score,
                    r.place, int(r.won), int(r.resigned), int(outcome.rated), outcome.challenge,
                    json.dumps(r.buildings, sort_keys=True), r.answers, r.answer_seconds,
                    outcome.finished_at,
                )
                for r in outcome.results
            ],
        )  # fmt: skip
        if outcome.rated:
            seats = [(r.player, r.place) for r in outcome.results]
            for scope in (outcome.guild_id, GLOBAL_SCOPE):
                await self._rate(db, scope, outcome.table_id, outcome.finished_at, seats)

    async def _rate(self, db: Tx, scope: int, table_id: int, at: float, seats: list[tuple[str, int]]) -> None:
        if self.LOCK_RATINGS:
            await db.fetch(self.LOCK_RATINGS)
        players = sorted({p for p, _ in seats})
        marks = ", ".join("?" for _ in players)
        rows = await db.fetch(
            f"SELECT player, mu, sigma, games FROM ratings WHERE scope = ? AND player IN ({marks})",
            (scope, *players),
        )
        priors = {str(r[0]): (float(r[1]), float(r[2])) for r in rows}
        games = {str(r[0]): int(r[3]) for r in rows}
        new = ratings.rate(seats, priors)
        await db.executemany(
            "INSERT INTO ratings (scope, player, mu, sigma, ordinal, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, player) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games,"
            " updated_at = excluded.updated_at",
            [(scope, p, mu, s, ratings.ordinal(mu, s), games.get(p, 0) + 1, at) for p, (mu, s) in new.items()],
        )
        await db.executemany(
            "INSERT INTO rating_history (scope, player, table_id, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?)",
            [(scope, p, table_id, mu, s, at) for p, (mu, s) in new.items()],
        )

    async def record_outcome(self, outcome: GameOutcome) -> None:
        """Store a finished game's results (and rate it) after the fact, in one transaction;
        `Conflict` if it has results already. The ratings then follow later games too: call
        `rebuild_ratings` once a backfill is done so that each game counts in its own order."""
        async with self._tx() as db:
            await self._store_outcome(db, outcome)

    async def finished_unrecorded(self) -> list[int]:
        """The finished tables without results (finished before results were kept), oldest first."""
        rows = await self._fetchall(
            f"SELECT id FROM game_tables t WHERE status = '{FINISHED}'"
            " AND NOT EXISTS (SELECT 1 FROM results r WHERE r.table_id = t.id) ORDER BY finished_at, id"
        )
        return [int(r[0]) for r in rows]

    async def rebuild_ratings(self) -> int:
        """Every rating computed again from the stored results, game by game in the order they
        finished, in one transaction; the number of games rated."""
        async with self._tx() as db:
            if self.LOCK_RATINGS:
                await db.fetch(self.LOCK_RATINGS)
            await db.execute("DELETE FROM rating_history")
            await db.execute("DELETE FROM ratings")
            rows = await db.fetch(
                "SELECT table_id, guild_id, player, place, finished_at FROM results WHERE rated = 1"
                " ORDER BY finished_at, table_id, seat"
            )
            games: dict[int, tuple[int, float, list[tuple[str, int]]]] = {}
            for table_id, guild_id, player, place, at in rows:
                games.setdefault(int(table_id), (int(guild_id), float(at), []))[2].append((str(player), int(place)))
            for table_id, (guild_id, at, seats) in games.items():
                for scope in (guild_id, GLOBAL_SCOPE):
                    await self._rate(db, scope, table_id, at, seats)
        return len(games)

    # ----- results and ratings, read -------------------------------------------------------------

    async def results_of(self, table_id: int) -> list[ResultRecord]:
        rows = await self._fetchall(
            "SELECT seat, name, user_id, player, score, place, won, resigned, buildings, answers,"
            " answer_seconds FROM results WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return [
            ResultRecord(
                int(r[0]), r[1], r[2], r[3][3:] if str(r[3]).startswith("ai:") else None, int(r[4]),
                int(r[5]), bool(r[6]), bool(r[7]), json.loads(r[8]), int(r[9]), float(r[10]),
            )
            for r in rows
        ]  # fmt: skip

    async def rating_of(self, player: str, scope: int = GLOBAL_SCOPE) -> RatingRecord | None:
        rows = await self._fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE scope = ? AND player = ?", (scope, player)
        )
        return _rating(rows[0]) if rows else None

    async def ratings_in(self, scope: int, players: Sequence[str]) -> dict[str, RatingRecord]:
        """The ratings of `players` in `scope` (those that have one)."""
        if not players:
            return {}
        marks = ", ".join("?" for _ in players)
        rows = await self._fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE scope = ? AND player IN ({marks})", (scope, *players)
        )
        return {r.player: r for r in map(_rating, rows)}

    async def leaderboard(
        self, scope: int, *, min_games: int = 1, offset: int = 0, limit: int = 10
    ) -> tuple[list[RatingRecord], int]:
        """A page of the ratings of `scope` with at least `min_games` games, best first (by the
        conservative estimate), and how many there are in all. AI levels are listed as players."""
        rows = await self._fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE scope = ? AND games >= ?"
            " ORDER BY ordinal DESC, player LIMIT ? OFFSET ?",
            (scope, min_games, limit, offset),
        )
        count = await self._fetchall(
            "SELECT COUNT(*) FROM ratings WHERE scope = ? AND games >= ?", (scope, min_games)
        )
        return [_rating(r) for r in rows], int(count[0][0])

    async def player_names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each person last played under (for the boards), of those who finished a game."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._fetchall(
            f"SELECT user_id, name FROM results WHERE user_id IN ({marks}) ORDER BY finished_at, table_id",
            tuple(user_ids),
        )
        return {int(u): str(n) for u, n in rows}

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        """A person's figures over their finished games: in one server (`guild_id`) or everywhere,
        with the rating of that scope and its history (the last `HISTORY_POINTS` games)."""
        params: list[Any] = [user_id]
        where = "user_id = ?"
        if guild_id is not None:
            where, params = where + " AND guild_id = ?", [*params, guild_id]
        rows = await self._fetchall(
            "SELECT COUNT(*), SUM(won), SUM(resigned), AVG(score), MAX(score), SUM(answers),"
            f" SUM(answer_seconds) FROM results WHERE {where}",
            params,
        )
        n, wins, resigned, mean, best, answers, seconds = rows[0]
        stats = PlayerStats(user_id, int(n or 0), int(wins or 0), int(resigned or 0))
        if stats.games:
            stats.mean_score, stats.best_score = float(mean), int(best)
            stats.answers, stats.answer_seconds = int(answers or 0), float(seconds or 0.0)
            counts: Counter[str] = Counter()
            for (text,) in await self._fetchall(f"SELECT buildings FROM results WHERE {where}", params):
                counts.update(json.loads(text))
            stats.buildings = dict(counts.most_common())
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        player = player_key(user_id, None)
        stats.rating = await self.rating_of(player, scope)
        if stats.rating is not None:
            points = await self._fetchall(
                "SELECT table_id, mu, sigma, at FROM rating_history WHERE scope = ? AND player = ?"
                " ORDER BY at DESC, table_id DESC LIMIT ?",
                (scope, player, HISTORY_POINTS),
            )
            stats.history = [RatingPoint(int(t), float(m), float(s), float(a)) for t, m, s, a in reversed(points)]
        return stats

    # ----- a person's tables ---------------------------------------------------------------------

    async def user_tables(self, user_id: int) -> list[UserTable]:
        """Every open or started table where `user_id` has a seat (any server, any shard), with the
        seat its pending decision waits on and that decision's deadline."""
        active = ", ".join(f"'{s}'" for s in ACTIVE)
        rows = await self._fetchall(
            "SELECT t.id, t.guild_id, t.channel_id, t.status, s.seat,"
            " (SELECT COUNT(*) FROM seats c WHERE c.table_id = t.id), t.turn_seat, w.name,"
            " CASE WHEN w.is_ai = 1 OR w.ai_takeover = 1 THEN NULL ELSE w.user_id END,"
            f" (SELECT MIN(x.due_at) FROM timers x WHERE x.table_id = t.id AND x.kind = '{DEADLINE}'),"
            " t.settings, t.updated_at"
            " FROM seats s JOIN game_tables t ON t.id = s.table_id"
            " LEFT JOIN seats w ON w.table_id = t.id AND w.seat = t.turn_seat"
            f" WHERE s.user_id = ? AND s.is_ai = 0 AND s.resigned = 0 AND t.status IN ({active}) ORDER BY t.id",
            (user_id,),
        )
        return [
            UserTable(
                int(r[0]), int(r[1]), int(r[2]), r[3], int(r[4]), int(r[5]), r[6], r[7], r[8], r[9],
                json.loads(r[10] or "{}"), float(r[11]),
            )
            for r in rows
        ]  # fmt: skip

    # ----- notification settings -------------------------------------------------------------------

    async def prefs(self, user_id: int) -> PrefsRecord:
        """A person's notification settings (the defaults if they set none)."""
        got = await self.prefs_of([user_id])
        return got.get(user_id) or PrefsRecord(user_id)

    async def all_prefs(self) -> list[PrefsRecord]:
        """Every stored setting (only the people who set one have a row)."""
        return [_prefs(r) for r in await self._fetchall(f"SELECT {PREFS_COLUMNS} FROM player_prefs")]

    async def prefs_of(self, user_ids: Sequence[int]) -> dict[int, PrefsRecord]:
        """The settings of those of `user_ids` who set some."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._fetchall(
            f"SELECT {PREFS_COLUMNS} FROM player_prefs WHERE user_id IN ({marks})", tuple(user_ids)
        )
        return {p.user_id: p for p in map(_prefs, rows)}

    async def set_prefs(self, prefs: PrefsRecord, *, now: float | None = None) -> None:
        if prefs.notify not in NOTIFY_MODES:
            raise ValueError(f"notify is one of {NOTIFY_MODES}")
        at = time.time() if now is None else now
        async with self._tx() as db:
            await db.execute(
                f"INSERT INTO player_prefs ({PREFS_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
                " time_zone = excluded.time_zone, quiet_from = excluded.quiet_from,"
                " quiet_to = excluded.quiet_to, dm_refused_at = excluded.dm_refused_at,"
                " updated_at = excluded.updated_at",
                (
                    prefs.user_id, prefs.notify, prefs.time_zone, prefs.quiet_from, prefs.quiet_to,
                    prefs.dm_refused_at, at,
                ),
            )  # fmt: skip

    # ----- watchers ------------------------------------------------------------------------------

    async def watch(self, table_id: int, user_id: int, *, now: float | None = None) -> bool:
        """`user_id` watches the table; False if they did already."""
        at = time.time() if now is None else now
        async with self._tx() as db:
            return (
                await db.execute(
                    "INSERT INTO watchers (table_id, user_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (table_id, user_id, at),
                )
                > 0
            )

    async def unwatch(self, table_id: int, user_id: int) -> bool:
        """`user_id` stops watching the table; False if they did not watch it."""
        async with self._tx() as db:
            return await db.execute(
                "DELETE FROM watchers WHERE table_id = ? AND user_id = ?", (table_id, user_id)
            ) > 0

    async def watchers(self, table_id: int) -> list[int]:
        rows = await self._fetchall(
            "SELECT user_id FROM watchers WHERE table_id = ? ORDER BY since, user_id", (table_id,)
        )
        return [int(r[0]) for r in rows]

    # ----- server defaults -----------------------------------------------------------------------

    async def guild_defaults(self, guild_id: int) -> dict[str, Any]:
        """A server's defaults for new tables (JSON of bot.games.defaults; {}: none set)."""
        rows = await self._fetchall("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return dict(json.loads(rows[0][0])) if rows else {}

    async def set_guild_defaults(
        self, guild_id: int, settings: dict[str, Any], *, by: int | None = None, now: float | None = None
    ) -> None:
        at = time.time() if now is None else now
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_by, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
                " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                (guild_id, json.dumps(settings, sort_keys=True), by, at),
            )

    # ----- the weekly challenge ------------------------------------------------------------------

    async def challenge_table(self, week: str, user_id: int) -> int | None:
        """The table `user_id` opened for the challenge of `week`, if any (one a week)."""
        rows = await self._fetchall(
            "SELECT id FROM game_tables WHERE challenge = ? AND creator_id = ?", (week, user_id)
        )
        return int(rows[0][0]) if rows else None

    async def challenge_board(
        self, week: str, guild_id: int | None = None, *, limit: int = 10
    ) -> list[ChallengeEntry]:
        """The week's finished challenges (people who resigned left out), best score first: of
        one server, or everywhere."""
        params: list[Any] = [week]
        where = "challenge = ? AND user_id IS NOT NULL AND resigned = 0"
        if guild_id is not None:
            where, params = where + " AND guild_id = ?", [*params, guild_id]
        rows = await self._fetchall(
            f"SELECT user_id, name, guild_id, score, place, finished_at FROM results WHERE {where}"
            " ORDER BY score DESC, finished_at, user_id LIMIT ?",
            (*params, limit),
        )
        return [ChallengeEntry(int(u), n, int(g), int(s), int(p), float(a)) for u, n, g, s, p, a in rows]
