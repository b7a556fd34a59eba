"""Deadlines and reminders on a manual clock: stored with the move, fired once, dropped when stale,
surviving a restart; races between timer passes and a player's own move apply one move."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from bot.games import ActResult, BadRequest, Manager, StaleDecision, TableSettings
from bot.games.deadlines import FiredTimer, Scheduler
from bot.store import AUTO, DEADLINE, PLAYER, REMINDER

from .helpers import GUILD, ManualClock, Recorder, open_manager, random_code, started_table

HOUR = 3600


async def deadline_manager(path: Path, clock: ManualClock, **kwargs: object) -> tuple[Manager, Recorder]:
    recorder = Recorder()
    manager = await open_manager(path, clock=clock, listener=recorder, **kwargs)
    return manager, recorder


async def stored_timers(manager: Manager, table_id: int) -> list[tuple[str, float, int]]:
    return [(t.kind, t.due_at, t.payload["seq"]) for t in await manager.store.timers_for(table_id)]


async def test_a_persons_decision_gets_a_reminder_and_a_deadline(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, _ = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        start = clock.now
        _, result = await started_table(manager, 1, humans=2, settings={"deadline": HOUR})
        p = result.pending
        assert p is not None and not p.is_ai
        assert p.deadline_at == start + HOUR and p.reminder_at == start + HOUR / 2
        t = manager.table(1)
        assert t is not None and t.deadline_at == p.deadline_at
        assert t.settings == TableSettings(deadline=HOUR)
        assert await stored_timers(manager, t.id) == [
            (REMINDER, start + HOUR / 2, p.number), (DEADLINE, start + HOUR, p.number)
        ]  # fmt: skip
        # A move replaces them (in the same transaction) by the next decision's.
        clock.advance(600)
        assert p.user_id is not None
        nxt = (await manager.act(1, p.user_id, p.number, p.decision.choices[0].code)).pending
        assert nxt is not None and nxt.number == p.number + 1
        assert nxt.deadline_at == clock.now + HOUR
        assert await stored_timers(manager, t.id) == [
            (REMINDER, clock.now + HOUR / 2, nxt.number), (DEADLINE, clock.now + HOUR, nxt.number)
        ]  # fmt: skip
    finally:
        await manager.close()


async def test_no_deadline_no_timers(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        _, result = await started_table(manager, 1, humans=2)
        assert result.pending is not None and result.pending.deadline_at is None
        t = manager.table(1)
        assert t is not None and await manager.store.timers_for(t.id) == []
        clock.advance(10**7)
        assert await manager.run_due_timers() == []
        assert recorder.autos == [] and recorder.reminders == []
    finally:
        await manager.close()


async def test_reminder_at_half_time_exactly_once(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        _, result = await started_table(manager, 1, humans=2, settings={"deadline": 600})
        p = result.pending
        assert p is not None and p.deadline_at is not None and p.reminder_at is not None
        clock.to(p.reminder_at - 1)
        assert await manager.run_due_timers() == []
        clock.to(p.reminder_at)
        fired = await manager.run_due_timers()
        assert [(f.kind, f.outcome) for f in fired] == [(REMINDER, "reminded")]
        assert len(recorder.reminders) == 1
        pinged, deadline_at = recorder.reminders[0]
        assert pinged.user_id == p.user_id and pinged.number == p.number and deadline_at == p.deadline_at
        clock.advance(1)
        assert await manager.run_due_timers() == []  # once
        assert len(recorder.reminders) == 1 and recorder.autos == []
        # The deadline is still there.
        t = manager.table(1)
        assert t is not None and [k for k, *_ in await stored_timers(manager, t.id)] == [DEADLINE]
    finally:
        await manager.close()


async def test_deadline_expiry_moves_for_the_player_exactly_once(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        _, result = await started_table(manager, 1, humans=2, settings={"deadline": HOUR})
        p = result.pending
        assert p is not None and p.deadline_at is not None
        t = manager.table(1)
        assert t is not None and t.game is not None
        expected = t.game.clone()
        clock.to(p.deadline_at)
        fired = await manager.run_due_timers()
        # The reminder is skipped (its deadline passed too); the deadline acts once.
        assert [(f.kind, f.outcome) for f in fired] == [(REMINDER, "skipped"), (DEADLINE, "moved")]
        assert recorder.reminders == []
        [(auto, why)] = recorder.autos
        [move] = auto.moves
        assert move.actor == AUTO and move.automatic and move.is_ai and move.user_id is None
        assert move.seat == p.seat and move.number == p.number
        assert why == f"{p.name} missed the deadline: the game played {move.label} for them."
        # The AI policy at the table's level (greedy by default) chose it.
        from bot.games.ai import seeded_choice

        assert move.code == seeded_choice(expected, t.seed, "greedy")
        logged = await manager.store.moves(t.id)
        assert [(m.seq, m.who, m.user_id) for m in logged] == [(p.number, AUTO, None)]
        assert t.seats[p.seat].missed_in_row == 1 and not t.seats[p.seat].ai_takeover
        # The next decision has its own deadline from now; nothing more fires now.
        nxt = auto.pending
        assert nxt is not None and nxt.number == p.number + 1 and nxt.deadline_at == clock.now + HOUR
        assert await manager.run_due_timers() == []
        assert len(recorder.autos) == 1 and len(await manager.store.moves(t.id)) == 1
        # The player's old button is stale.
        assert p.user_id is not None
        with pytest.raises(StaleDecision):
            await manager.act(1, p.user_id, p.number, p.decision.choices[0].code)
    finally:
        await manager.close()


async def test_a_move_before_the_timer_fires_wins_and_the_timer_is_dropped(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        _, result = await started_table(manager, 1, humans=2, settings={"deadline": 600})
        p = result.pending
        assert p is not None and p.deadline_at is not None and p.user_id is not None
        clock.to(p.deadline_at + 5)  # late, but the timer has not fired yet
        await manager.act(1, p.user_id, p.number, p.decision.choices[0].code)
        t = manager.table(1)
        assert t is not None
        assert [m.who for m in await manager.store.moves(t.id)] == [PLAYER]
        assert await manager.run_due_timers() == []  # the move replaced the timers
        assert recorder.autos == []
    finally:
        await manager.close()


async def test_stale_timers_are_dropped_never_applied(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        _, result = await started_table(manager, 1, humans=2, settings={"deadline": 600})
        p = result.pending
        assert p is not None and p.user_id is not None
        t = manager.table(1)
        assert t is not None
        # A timer left behind for a decision already answered (as by an older version).
        await manager.act(1, p.user_id, p.number, p.decision.choices[0].code)
        await manager.store.add_timer(t.id, DEADLINE, clock.now, {"seq": p.number, "seat": p.seat})
        await manager.store.add_timer(t.id, REMINDER, clock.now, {"seq": p.number, "deadline_at": clock.now + 9})
        fired = await manager.run_due_timers()
        assert sorted(f.outcome for f in fired) == ["dropped", "dropped"]
        assert recorder.autos == [] and recorder.reminders == []
        assert len(await manager.store.moves(t.id)) == 1
        assert len(await manager.store.timers_for(t.id)) == 2  # the current decision's
    finally:
        await manager.close()


async def test_no_timers_for_ai_seats(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        users, result = await started_table(manager, 1, humans=1, ai=2, seed=5, settings={"deadline": 600})
        t = manager.table(1)
        assert t is not None
        rng = random.Random(5)
        ai_moves = 0
        while result.pending is not None:
            p = result.pending
            assert p.user_id == users[0] and not p.is_ai
            timers = await manager.store.timers_for(t.id)
            assert {(x.kind, x.payload["seq"], x.payload["seat"]) for x in timers} == {
                (REMINDER, p.number, p.seat), (DEADLINE, p.number, p.seat)
            }  # fmt: skip
            clock.advance(60)
            result = await manager.act(1, users[0], p.number, random_code(p.decision, rng))
            # AI seats' moves, and obvious choices applied by the rules (any seat, issue 10)
            assert all((m.actor == "ai" and m.seat != p.seat) or m.actor == "rule" for m in result.moves[1:])
            ai_moves += len(result.moves) - 1
        assert ai_moves > 30 and result.game_over
        assert await manager.store.timers_for(t.id) == []  # none left at the end
        assert recorder.reminders == [] and recorder.autos == []
    finally:
        await manager.close()


async def test_restart_with_timers_due_fires_once(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    clock = ManualClock()
    manager, _ = await deadline_manager(path, clock)
    _, result = await started_table(manager, 1, humans=2, settings={"deadline": 600})
    _, result2 = await started_table(manager, 2, humans=2, first_user=201, settings={"deadline": HOUR})
    p, p2 = result.pending, result2.pending
    assert p is not None and p2 is not None and p.deadline_at and p2.reminder_at
    await manager.close()

    # Down for a while: table 1's deadline passed, table 2's reminder is due.
    clock.to(p.deadline_at + 3 * 600)
    assert clock.now >= p2.reminder_at
    again, recorder = await deadline_manager(path, clock)
    try:
        t1, t2 = again.table(1), again.table(2)
        assert t1 is not None and t2 is not None
        assert t1.deadline_at == p.deadline_at and t2.deadline_at == p2.deadline_at  # from the store
        fired = await again.run_due_timers()
        assert sorted((f.table_id, f.kind, f.outcome) for f in fired) == sorted([
            (t1.id, REMINDER, "skipped"), (t1.id, DEADLINE, "moved"), (t2.id, REMINDER, "reminded")
        ])  # fmt: skip
        assert len(recorder.autos) == 1 and len(recorder.reminders) == 1
        assert await again.run_due_timers() == []  # not many times
        assert [m.who for m in await again.store.moves(t1.id)] == [AUTO]
    finally:
        await again.close()

    # Another restart: nothing fires again; the new deadline counts from the automatic move.
    third, recorder = await deadline_manager(path, clock)
    try:
        assert await third.run_due_timers() == []
        t1 = third.table(1)
        assert t1 is not None and t1.deadline_at == clock.now + 600
    finally:
        await third.close()


async def press_button(
    manager: Manager, channel: int, user_id: int, seq: int, code: str, while_locked: bool
) -> object:
    """A press; `while_locked`: once a timer pass holds the table's lock (so that it loses)."""
    if while_locked:
        lock = manager._registry.lock(channel)
        for _ in range(100_000):
            if lock.locked():
                break
            await asyncio.sleep(0)
    return await manager.act(channel, user_id, seq, code)


async def test_two_timer_passes_and_a_racing_move_apply_one_move(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        outcomes: list[str] = []
        for channel in range(12):
            _, result = await started_table(
                manager, channel, humans=2, first_user=100 + 10 * channel, seed=channel, settings={"deadline": 600}
            )
            p = result.pending
            assert p is not None and p.deadline_at is not None and p.user_id is not None
            uid = p.user_id
            t = manager.table(channel)
            assert t is not None
            clock.to(p.deadline_at)
            late = channel % 2 == 1
            press = press_button(manager, channel, uid, p.number, p.decision.choices[-1].code, late)
            calls = [manager.run_due_timers(), manager.run_due_timers(), press]
            order = channel % 3
            calls = calls[order:] + calls[:order]
            done = await asyncio.gather(*calls, return_exceptions=True)
            moves = await manager.store.moves(t.id)
            assert [m.seq for m in moves] == [p.number], f"channel {channel}: {moves}"
            [pressed] = [d for d in done if not isinstance(d, list)]
            if isinstance(pressed, BaseException):
                assert isinstance(pressed, StaleDecision), pressed
                assert moves[0].who == AUTO
                outcomes.append("auto")
            else:
                assert moves[0].who == PLAYER
                outcomes.append("player")
            moved = [f for d in done if isinstance(d, list) for f in d if f.outcome == "moved" and f.table_id == t.id]
            assert len(moved) == (1 if moves[0].who == AUTO else 0)
            # the next decision keeps its timers: a pass dropping a stale record deletes nothing
            # else (SQLite gave the freed ids to the new timers)
            stored = {(x.kind, x.payload["seq"]) for x in await manager.store.timers_for(t.id)}
            assert stored == {("reminder", p.number + 1), ("deadline", p.number + 1)}, f"channel {channel}"
        # (the clock goes on past the earlier tables' next deadlines: they play on by themselves)
        firsts = [r for r, _ in recorder.autos if r.moves[0].number == 0]
        assert len(firsts) == outcomes.count("auto")
        assert set(outcomes) == {"auto", "player"}, outcomes
    finally:
        await manager.close()


async def test_two_timer_passes_remind_once(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder = await deadline_manager(tmp_path / "db.sqlite3", clock)
    try:
        _, result = await started_table(manager, 1, humans=2, settings={"deadline": HOUR})
        p = result.pending
        assert p is not None and p.reminder_at is not None
        clock.to(p.reminder_at)
        a, b = await asyncio.gather(manager.run_due_timers(), manager.run_due_timers())
        assert sorted(f.outcome for f in a + b) in (["reminded"], ["dropped", "reminded"])
        assert len(recorder.reminders) == 1
    finally:
        await manager.close()


async def test_settings_are_checked_and_stored(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path)
    try:
        for bad in ({"deadline": 5}, {"absent_rule": "pass"}, {"takeover_after": 9}, {"ai_level": "genius"}, {"nope": 1}):
            with pytest.raises(BadRequest):
                await manager.create_table(GUILD, 1, 101, "Ann", 2, settings=bad)
        assert manager.table(1) is None
        settings = TableSettings(deadline=86400, takeover_after=None, ai_level="random")
        await manager.create_table(GUILD, 1, 101, "Ann", 2, settings=settings)
        await manager.create_table(GUILD, 2, 101, "Ann", 2)
    finally:
        await manager.close()
    again = await open_manager(path)
    try:
        t1, t2 = again.table(1), again.table(2)
        assert t1 is not None and t1.settings == settings
        assert t2 is not None and t2.settings == TableSettings()
        assert t2.settings.deadline is None and t2.settings.takeover_after == 3 and t2.settings.ai_level == "greedy"
        assert t2.settings.absent_rule == "auto"
    finally:
        await again.close()


async def test_listener_failures_do_not_stop_the_game(tmp_path: Path) -> None:
    class Broken(Recorder):
        async def on_result(self, result: ActResult) -> None:
            raise RuntimeError("discord is down")

    clock = ManualClock()
    manager = await open_manager(tmp_path / "db.sqlite3", clock=clock, listener=Broken())
    try:
        _, result = await started_table(manager, 1, humans=2, settings={"deadline": 600})
        p = result.pending
        assert p is not None and p.deadline_at is not None
        clock.to(p.deadline_at)
        fired = await manager.run_due_timers()
        assert [f.outcome for f in fired] == ["skipped", "moved"]
    finally:
        await manager.close()


async def test_the_scheduler_fires_due_timers_and_stops(tmp_path: Path) -> None:
    """The scheduler's first pass runs at once; the test waits for the listener, not a clock."""
    clock = ManualClock()
    path = tmp_path / "db.sqlite3"
    manager, _ = await deadline_manager(path, clock)
    _, result = await started_table(manager, 1, humans=2, settings={"deadline": 600})
    p = result.pending
    assert p is not None and p.deadline_at is not None
    await manager.close()

    clock.to(p.deadline_at)
    heard = asyncio.Event()

    class Waiter(Recorder):
        async def on_result(self, result: ActResult) -> None:
            await super().on_result(result)
            if result.why:
                heard.set()

    waiter = Waiter()
    manager = await open_manager(path, clock=clock, listener=waiter)
    try:
        manager.start_scheduler()
        scheduler = manager._timers.scheduler
        assert scheduler is not None and scheduler.running
        await asyncio.wait_for(heard.wait(), timeout=30)
        assert len(waiter.autos) == 1
        await manager.stop_scheduler()
        assert not scheduler.running
    finally:
        await manager.close()


async def test_stop_right_after_a_wake_ends_the_scheduler() -> None:
    async def run_due() -> list[FiredTimer]:
        return []

    async def next_due() -> float | None:
        return None

    scheduler = Scheduler(run_due, next_due, time.monotonic)
    scheduler.start()
    task = scheduler._task
    assert task is not None
    for _ in range(20):  # into its sleep
        await asyncio.sleep(0)
    scheduler.wake()  # a timer was stored (a move) ...
    stopping = asyncio.ensure_future(scheduler.stop())  # ... and the bot closes
    done, _ = await asyncio.wait({stopping}, timeout=2)
    while not task.done():  # do not leave it behind
        task.cancel()
        await asyncio.wait({task}, timeout=0.1)
    await stopping
    assert done, "Scheduler.stop() did not end the scheduler's task"
