"""The community's tables on both backends (issue 25): results and ratings written with a game's
end, the leaderboard, stats, a person's tables, notification settings, watchers, server
defaults and the weekly challenge's one table per person and week."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.store import (
    FINISHED,
    GLOBAL_SCOPE,
    ChallengeTaken,
    Conflict,
    GameOutcome,
    GameStore,
    MoveRecord,
    NewTimer,
    PrefsRecord,
    ResultRecord,
    SeatRecord,
    SnapshotRecord,
    open_store,
)
from bot.store.ratings import shown

GUILD, OTHER_GUILD = 11, 12


def snap(seq: int) -> SnapshotRecord:
    return SnapshotRecord(seq=seq, round=1, phase=2, state='{"x":1}', carry="{}", report=None, at=1.0)


async def finished_game(
    store: GameStore, channel: int, people: list[tuple[int, int]], *, ai: list[tuple[str, int]] = (),  # type: ignore[assignment]
    guild: int = GUILD, at: float = 100.0, challenge: str | None = None,
) -> int:  # fmt: skip
    """A table whose last move stores its outcome: `people` (user id, score), then AI seats
    (level, score); places from the scores (ties shared)."""
    seats = [SeatRecord(i, f"P{u}", u) for i, (u, _) in enumerate(people)]
    seats += [SeatRecord(len(seats) + i, f"AI {lvl}", None, True, ai_level=lvl) for i, (lvl, _) in enumerate(ai)]
    rec = await store.create_table(
        guild_id=guild, channel_id=channel, creator_id=people[0][0], max_seats=len(seats), options={},
        seed=1, seats=seats, now=at - 50, challenge=challenge,
    )  # fmt: skip
    await store.start_table(rec.id, seats=seats, snapshot=snap(0), now=at - 40, turn_seat=0)
    scores = [s for _, s in people] + [s for _, s in ai]
    results = [
        ResultRecord(
            seat=s.seat, name=s.name, user_id=s.user_id, ai_level=s.ai_level, score=scores[s.seat],
            place=1 + sum(1 for o in scores if o > scores[s.seat]), won=scores[s.seat] == max(scores),
            buildings={"peddler": 2, "castle": s.seat + 1}, answers=4, answer_seconds=40.0 * (s.seat + 1),
        )
        for s in seats
    ]  # fmt: skip
    outcome = GameOutcome(rec.id, guild, at, results, rated=len(people) >= 2 and challenge is None, challenge=challenge)
    await store.record_move(
        rec.id, MoveRecord(0, 0, people[0][0], "pass", at), snapshot=snap(1), finished=True, outcome=outcome
    )
    return rec.id


async def test_a_game_end_rates_its_players_as_openskill_does(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        tid = await finished_game(store, 1, [(101, 50), (102, 41), (103, 41)])
        t = await store.get_table(tid)
        assert t is not None and t.status == FINISHED
        model = PlackettLuce()
        expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 2])
        for scope in (GUILD, GLOBAL_SCOPE):
            got = await store.ratings_in(scope, ["u:101", "u:102", "u:103"])
            for player, team in zip(["u:101", "u:102", "u:103"], expected, strict=True):
                assert got[player].mu == pytest.approx(team[0].mu, abs=1e-9)
                assert got[player].sigma == pytest.approx(team[0].sigma, abs=1e-9)
                assert got[player].games == 1
        tied = await store.ratings_in(GUILD, ["u:102", "u:103"])
        assert tied["u:102"].mu == tied["u:103"].mu  # a tie is a tie (rules §2.8)
        assert [r.place for r in await store.results_of(tid)] == [1, 2, 2]
        with pytest.raises(Conflict):  # a game's results are stored once
            await store.record_outcome(GameOutcome(tid, GUILD, 1.0, (await store.results_of(tid))[:1], rated=True))
    finally:
        await store.close()


async def test_solo_games_are_not_rated_and_ai_levels_are(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        await finished_game(store, 1, [(101, 30)], ai=[("strong", 60), ("strong", 40)])  # one person
        assert await store.rating_of("u:101") is None and await store.rating_of("ai:strong") is None
        assert (await store.player_stats(101)).games == 1  # ... but it counts in the stats
        await finished_game(store, 2, [(101, 30), (102, 20)], ai=[("strong", 60), ("strong", 50)], at=200.0)
        strong = await store.rating_of("ai:strong")
        assert strong is not None and strong.games == 1 and strong.mu > 25  # two seats, one rating
        board, total = await store.leaderboard(GLOBAL_SCOPE, min_games=1)
        assert total == 3 and board[0].player == "ai:strong"
    finally:
        await store.close()


async def test_leaderboard_pages_minimum_games_and_servers(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        for k in range(4):  # 201 always wins, 202 second, 203 last; 204 plays once elsewhere
            await finished_game(store, 10 + k, [(201, 60), (202, 50), (203, 40)], at=100.0 + k)
        await finished_game(store, 20, [(204, 90), (205, 10)], guild=OTHER_GUILD, at=300.0)
        assert await store.player_names([201, 204, 999]) == {201: "P201", 204: "P204"}
        page, total = await store.leaderboard(GUILD, min_games=3, offset=0, limit=2)
        assert total == 3 and [r.player for r in page] == ["u:201", "u:202"]
        page2, _ = await store.leaderboard(GUILD, min_games=3, offset=2, limit=2)
        assert [r.player for r in page2] == ["u:203"]
        assert (await store.leaderboard(OTHER_GUILD, min_games=3))[1] == 0  # one game: not listed
        everywhere, total = await store.leaderboard(GLOBAL_SCOPE, min_games=1, limit=10)
        assert total == 5 and {r.player for r in everywhere} == {f"u:{u}" for u in range(201, 206)}
        best = page[0]
        assert best.ordinal == pytest.approx(best.mu - 3 * best.sigma) and shown(best.mu, best.sigma) > 1000
    finally:
        await store.close()


async def test_stats_and_rating_history(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        for k in range(3):
            await finished_game(store, 30 + k, [(301, 40 + k), (302, 45)], at=100.0 + k)
        await finished_game(store, 40, [(301, 70), (303, 20)], guild=OTHER_GUILD, at=200.0)
        here = await store.player_stats(301, GUILD)
        assert (here.games, here.wins, here.best_score, here.mean_score) == (3, 0, 42, 41.0)
        assert here.buildings == {"peddler": 6, "castle": 3} and here.mean_answer == 10.0
        assert here.rating is not None and len(here.history) == 3
        assert [p.at for p in here.history] == [100.0, 101.0, 102.0]
        assert here.history[-1].mu == here.rating.mu
        everywhere = await store.player_stats(301)
        assert (everywhere.games, everywhere.wins, everywhere.best_score) == (4, 1, 70)
        assert everywhere.rating is not None and everywhere.rating.games == 4 and len(everywhere.history) == 4
        nobody = await store.player_stats(999)
        assert nobody.games == 0 and nobody.rating is None and nobody.mean_score is None
    finally:
        await store.close()


async def test_rebuild_gives_the_live_figures(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        await finished_game(store, 1, [(101, 50), (102, 41), (103, 41)], at=100.0)
        await finished_game(store, 2, [(102, 60), (103, 41)], ai=[("greedy", 55)], at=110.0)
        await finished_game(store, 3, [(103, 70), (101, 10)], guild=OTHER_GUILD, at=120.0)
        players = ["u:101", "u:102", "u:103", "ai:greedy"]
        before = {s: await store.ratings_in(s, players) for s in (GUILD, OTHER_GUILD, GLOBAL_SCOPE)}
        history = (await store.player_stats(103)).history
        assert await store.rebuild_ratings() == 3
        after = {s: await store.ratings_in(s, players) for s in (GUILD, OTHER_GUILD, GLOBAL_SCOPE)}
        assert after == before
        assert (await store.player_stats(103)).history == history
    finally:
        await store.close()


async def test_user_tables_say_whose_turn_and_the_deadline(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        seats = [SeatRecord(0, "Ann", 401), SeatRecord(1, "Bob", 402), SeatRecord(2, "AI", None, True)]
        ids = []
        for channel in (51, 52, 53):
            rec = await store.create_table(
                guild_id=GUILD + channel, channel_id=channel, creator_id=401, max_seats=3, options={}, seed=1,
                seats=seats, now=1.0,
            )  # fmt: skip
            ids.append(rec.id)
        await store.start_table(ids[0], seats=seats, snapshot=snap(0), turn_seat=0, timers=[NewTimer("deadline", 500.0, {"seq": 0})])
        await store.start_table(ids[1], seats=seats, snapshot=snap(0), turn_seat=1)
        await store.record_move(ids[1], MoveRecord(0, 1, 402, "pass", 5.0), turn_seat=2)  # the AI's turn now
        mine = {u.table_id: u for u in await store.user_tables(401)}
        assert set(mine) == set(ids)
        assert (mine[ids[0]].turn_user, mine[ids[0]].turn_name, mine[ids[0]].deadline_at) == (401, "Ann", 500.0)
        assert (mine[ids[1]].turn_user, mine[ids[1]].turn_name, mine[ids[1]].status) == (None, "AI", "started")
        assert mine[ids[2]].turn_seat is None and mine[ids[2]].status == "open" and mine[ids[2]].seats == 3
        await store.update_seat_states(ids[0], [SeatRecord(1, "Bob", 402, ai_takeover=True, resigned=True)])
        assert [s.resigned for s in await store.seats(ids[0])] == [False, True, False]
        assert {u.table_id for u in await store.user_tables(402)} == {ids[1], ids[2]}  # resigned: gone
    finally:
        await store.close()


async def test_prefs_watchers_defaults_and_the_challenge(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        assert await store.prefs(7) == PrefsRecord(7)
        await store.set_prefs(PrefsRecord(7, "both", "Europe/Lisbon", 22 * 60, 7 * 60), now=3.0)
        assert await store.prefs(7) == PrefsRecord(7, "both", "Europe/Lisbon", 1320, 420, None, 3.0)
        assert set(await store.prefs_of([7, 8])) == {7} and [p.user_id for p in await store.all_prefs()] == [7]
        with pytest.raises(ValueError):
            await store.set_prefs(PrefsRecord(7, "pigeon"))
        tid = await finished_game(store, 60, [(501, 1), (502, 2)])
        assert await store.watch(tid, 9) and not await store.watch(tid, 9)
        assert await store.watch(tid, 8)
        assert await store.watchers(tid) == [9, 8]
        assert await store.unwatch(tid, 9) and not await store.unwatch(tid, 9)
        assert await store.guild_defaults(GUILD) == {}
        await store.set_guild_defaults(GUILD, {"deadline": 3600, "language": "ru"}, by=1)
        await store.set_guild_defaults(GUILD, {"deadline": 86400}, by=2)
        assert await store.guild_defaults(GUILD) == {"deadline": 86400}
        week = "2026-W49"
        one = await finished_game(store, 70, [(601, 80)], ai=[("strong", 90)], at=10.0, challenge=week)
        await finished_game(store, 71, [(602, 95)], ai=[("strong", 90)], guild=OTHER_GUILD, at=11.0, challenge=week)
        assert await store.challenge_table(week, 601) == one and await store.challenge_table("2026-W50", 601) is None
        with pytest.raises(ChallengeTaken):
            await finished_game(store, 72, [(601, 80)], ai=[("strong", 1)], at=12.0, challenge=week)
        board = await store.challenge_board(week)
        assert [(e.user_id, e.score, e.place) for e in board] == [(602, 95, 1), (601, 80, 2)]
        assert [e.user_id for e in await store.challenge_board(week, GUILD)] == [601]
        assert await store.rating_of("u:601") is None  # a challenge is never rated
    finally:
        await store.close()
