"""The community through the manager (issue 25): ratings after a real game, resign, rematch,
the weekly challenge, watchers, server defaults, people's tables, quiet hours and refused DMs."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from openskill.models import PlackettLuce

from bot.games import Manager
from bot.games.challenge import challenge_seed, iso_week
from bot.games.notify import REMINDER_CALL, route
from bot.games.outcome import places
from bot.games.refusals import (
    AlreadySeated,
    BadRequest,
    ChallengePlayed,
    NotAllowed,
    NotAPlayer,
    Resigned,
)
from bot.rules import new_game
from bot.store import GLOBAL_SCOPE, PrefsRecord

from .helpers import (
    GUILD,
    ManualClock,
    Recorder,
    open_manager,
    pending_at,
    play_people,
    started_table,
)

LISBON = ZoneInfo("Europe/Lisbon")


def at_lisbon(*when: int) -> float:
    return datetime(*when, tzinfo=LISBON).timestamp()  # type: ignore[misc]


def test_places_share_ties_and_put_resigned_seats_last() -> None:
    """Rules §2.8: equal totals share a place, no tie-breaker; a resignation is a loss."""
    assert places([40, 35, 35, 20], [False] * 4) == [1, 2, 2, 4]
    assert places([50, 50, 10], [False] * 3) == [1, 1, 3]
    assert places([90, 35, 20], [True, False, False]) == [3, 1, 2]
    assert places([90, 35, 20], [True, True, False]) == [2, 2, 1]


async def test_a_three_player_game_rates_as_openskill_does(tmp_path: Path) -> None:
    manager = await open_manager(tmp_path / "c.sqlite3")
    try:
        users, _ = await started_table(manager, 1, humans=3, seed=3)
        await play_people(manager, 1, random.Random(5))
        t = manager.table(1)
        assert t is not None and t.is_finished and t.result is not None
        totals = [s.total for s in t.result.scores]
        ranks = places(totals, [False] * 3)
        model = PlackettLuce()
        expected = model.rate([[model.rating()] for _ in users], ranks=ranks)
        for scope in (GUILD, GLOBAL_SCOPE):
            got = await manager.store.ratings_in(scope, [f"u:{u}" for u in users])
            for u, team in zip(users, expected, strict=True):
                assert got[f"u:{u}"].mu == pytest.approx(team[0].mu, abs=1e-9)
                assert got[f"u:{u}"].sigma == pytest.approx(team[0].sigma, abs=1e-9)
        results = await manager.store.results_of(t.id)
        assert [r.score for r in results] == totals and [r.won for r in results] == [p == 1 for p in ranks]
        for r in results:  # every worker counted: placed in phase 2 or sent by the Gate
            assert sum(r.buildings.values()) > 20 and r.answers > 0 and r.answer_seconds >= 0
        stats = await manager.community.stats(users[0], GUILD)
        assert stats.games == 1 and stats.rating is not None and len(stats.history) == 1
    finally:
        await manager.close()


async def test_resign_mid_phase_hands_the_seat_to_the_ai_at_once(tmp_path: Path) -> None:
    rec = Recorder()
    manager = await open_manager(tmp_path / "r.sqlite3", listener=rec)
    try:
        users, _ = await started_table(manager, 2, humans=3, seed=8, settings={"deadline": 3600})
        p = pending_at(manager, 2)
        assert p is not None and p.user_id is not None
        leaver = p.user_id
        t = manager.table(2)
        assert t is not None and t.timers is not None
        result = await manager.community.resign(2, leaver)
        assert result.resigned is not None and result.resigned.user_id == leaver
        assert result.moves and result.moves[0].user_id is None and result.moves[0].seat == p.seat
        assert result.moves[0].actor == "takeover"  # the AI made the pending decision at once
        seat = t.seat_of(leaver)
        assert seat is not None and seat.resigned and seat.ai_takeover
        with pytest.raises(Resigned):
            await manager.community.resign(2, leaver)
        with pytest.raises(Resigned):
            await manager.take_back(2, leaver)
        later = pending_at(manager, 2)
        assert later is not None and later.seat != seat.seat
        with pytest.raises(Resigned):
            await manager.act(2, leaver, later.number, later.decision.choices[0].code)
        assert [u.table_id for u in await manager.community.my_tables(leaver)] == []
        await play_people(manager, 2, random.Random(1))
        assert t.is_finished
        results = {r.user_id: r for r in await manager.store.results_of(t.id)}
        assert results[leaver].resigned and not results[leaver].won and results[leaver].place == 3
        assert (await manager.community.stats(leaver)).resigned == 1
    finally:
        await manager.close()


async def test_rematch_with_one_person_not_joining(tmp_path: Path) -> None:
    manager = await open_manager(tmp_path / "m.sqlite3")
    try:
        users, _ = await started_table(manager, 3, humans=3, ai=1, seed=4, ai_level="greedy", settings={"deadline": 86400})
        await play_people(manager, 3, random.Random(2))
        old = manager.table(3)
        assert old is not None and old.is_finished
        with pytest.raises(NotAPlayer):
            await manager.community.rematch(old.id, 999, "Stranger")
        table, opened = await manager.community.rematch(old.id, users[1], "U102")
        assert opened and table.is_open and table.id != old.id and table.channel_id == old.channel_id
        assert table.seed != old.seed and table.options == old.options and table.max_seats == old.max_seats
        assert table.settings.deadline == 86400 and table.settings.rematch_of == old.id
        assert [(s.name, s.is_ai, s.ai_level) for s in table.seats] == [("U102", False, None), ("AI 1 (normal)", True, "greedy")]
        joined, opened = await manager.community.rematch(old.id, users[0], "U101")
        assert joined is table and not opened
        with pytest.raises(AlreadySeated):
            await manager.community.rematch(old.id, users[0], "U101")
        result = await manager.start(3, users[1])  # the third person never pressed
        assert result.table.is_started and [s.user_id for s in result.table.seats] == [users[1], None, users[0]]
    finally:
        await manager.close()


async def test_the_weekly_seed_is_the_same_on_two_servers(tmp_path: Path) -> None:
    clock = ManualClock(at_lisbon(2026, 12, 2, 12, 0))  # a Wednesday of ISO week 49
    manager = await open_manager(tmp_path / "w.sqlite3", clock=clock, ai_iterations=4)
    try:
        week = iso_week(clock())
        assert week == "2026-W49" and iso_week(at_lisbon(2026, 12, 6, 23, 0)) == week  # Sunday
        assert iso_week(at_lisbon(2026, 12, 7, 12, 0)) == "2026-W50"  # Monday: a new one
        one = await manager.community.challenge(1001, 71, 501, "Ann")
        two = await manager.community.challenge(2002, 72, 502, "Bea")
        for r in (one, two):
            assert r.table.seed == challenge_seed(week) and r.table.challenge == week
            assert [s.ai_level for s in r.table.seats] == [None, "strong", "strong", "strong"]
        a = new_game(one.table.names, one.table.seed, one.table.options).state
        b = new_game(two.table.names, two.table.seed, two.table.options).state
        assert (a.road_tile, a.turn_order, a.stock) == (b.road_tile, b.turn_order, b.stock)
        with pytest.raises(ChallengePlayed):
            await manager.community.challenge(1001, 73, 501, "Ann")
        assert challenge_seed("2026-W50") != challenge_seed(week)
        await manager.idle()
    finally:
        await manager.close()


async def test_watchers_defaults_and_tables(tmp_path: Path) -> None:
    manager = await open_manager(tmp_path / "d.sqlite3")
    try:
        users, _ = await started_table(manager, 4, humans=2)
        with pytest.raises(NotAllowed):
            await manager.community.watch(4, users[0])
        t, new = await manager.community.watch(4, 900)
        assert new and await manager.community.watchers(t.id) == [900]
        assert not (await manager.community.watch(4, 900))[1]
        assert (await manager.community.unwatch(4, 900))[1] and await manager.community.watchers(t.id) == []
        with pytest.raises(NotAllowed):
            await manager.community.set_server_defaults(GUILD, users[0], can_manage=False, deadline=3600)
        d = await manager.community.set_server_defaults(GUILD, 1, can_manage=True, deadline=3600, language="ca", thread=True)
        assert d == await manager.community.server_defaults(GUILD)
        s = d.table_settings({"ai_level": "strong"})
        assert (s.deadline, s.language, s.ai_level) == (3600, "ca", "strong")
        assert d.table_settings({"deadline": None}).deadline is None  # /caylus new's own option wins
        with pytest.raises(BadRequest):
            await manager.community.set_server_defaults(GUILD, 1, can_manage=True, deadline=5)
        await started_table(manager, 5, humans=2, first_user=users[0] - 1)  # 100 and 101
        await manager.create_table(GUILD, 6, 700, "Host", 3)
        await manager.join(6, users[0], "U101")
        mine = await manager.community.my_tables(users[0])
        waiting = [u for u in mine if u.turn_user == users[0]]
        assert {u.channel_id for u in mine} == {4, 5, 6} and mine[: len(waiting)] == waiting
    finally:
        await manager.close()


async def test_quiet_hours_hold_a_reminder_and_send_it_at_their_end(tmp_path: Path) -> None:
    rec = Recorder()
    held: list[tuple[object, str]] = []

    async def on_callback(pending: object, what: str) -> None:
        held.append((pending, what))

    rec.on_callback = on_callback  # type: ignore[attr-defined]
    clock = ManualClock(at_lisbon(2026, 12, 2, 11, 0))
    manager: Manager = await open_manager(tmp_path / "q.sqlite3", clock=clock, listener=rec)
    try:
        users, _ = await started_table(manager, 8, humans=2, settings={"deadline": 86400})
        p = pending_at(manager, 8)
        assert p is not None and p.user_id is not None and p.reminder_at == at_lisbon(2026, 12, 2, 23, 0)
        await manager.notices.set(p.user_id, time_zone="Europe/Lisbon", quiet_from="22:00", quiet_to="07:00")
        clock.to(p.reminder_at)
        fired = await manager.run_due_timers()
        assert [f.outcome for f in fired] == ["held"] and rec.reminders == []
        clock.to(at_lisbon(2026, 12, 3, 6, 59))
        assert await manager.run_due_timers() == [] and held == []
        clock.to(at_lisbon(2026, 12, 3, 7, 0))
        fired = await manager.run_due_timers()
        assert [f.outcome for f in fired] == ["sent"] and rec.reminders == []
        assert len(held) == 1 and held[0][1] == REMINDER_CALL
        assert p.deadline_at == pending_at(manager, 8).deadline_at  # type: ignore[union-attr]  # unchanged
    finally:
        await manager.close()


async def test_routes_quiet_hours_and_a_refused_dm(tmp_path: Path) -> None:
    prefs = PrefsRecord(1, "dm", "Europe/Lisbon", 22 * 60, 7 * 60)
    assert route(prefs, at_lisbon(2026, 7, 1, 21, 59)) == route(prefs, at_lisbon(2026, 7, 1, 7, 0))
    assert route(prefs, at_lisbon(2026, 7, 1, 12, 0)).dm and not route(prefs, at_lisbon(2026, 7, 1, 12, 0)).channel
    assert route(prefs, at_lisbon(2026, 7, 1, 23, 30)).hold_until == at_lisbon(2026, 7, 2, 7, 0)
    assert route(prefs, at_lisbon(2026, 7, 2, 1, 0)).hold_until == at_lisbon(2026, 7, 2, 7, 0)
    day = PrefsRecord(1, "both", "Asia/Tokyo", 9 * 60, 17 * 60)
    assert route(day, datetime(2026, 7, 1, 8, 0, tzinfo=ZoneInfo("Asia/Tokyo")).timestamp()).channel
    manager = await open_manager(tmp_path / "n.sqlite3")
    try:
        with pytest.raises(BadRequest):
            await manager.notices.set(5, time_zone="Mars/Olympus")
        with pytest.raises(BadRequest):
            await manager.notices.set(5, quiet_from="22:00", quiet_to="07:00")  # no time zone
        with pytest.raises(BadRequest):
            await manager.notices.set(5, time_zone="UTC", quiet_from="25:00", quiet_to="07:00")
        await manager.notices.set(5, notify="dm")
        assert (await manager.notices.route(5)).dm
        assert await manager.notices.dm_refused(5) and not await manager.notices.dm_refused(5)  # told once
        r = await manager.notices.route(5)
        assert r.channel and not r.dm  # the channel instead, until they set it again
        await manager.notices.set(5, notify="dm")
        assert (await manager.notices.route(5)).dm
    finally:
        await manager.close()
