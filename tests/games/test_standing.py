"""The manager's side of standing orders (bot/games/standing.py): a change answering the pending
decision plays it at once; moves made by orders are not missed deadlines; a deadline's move and
a restart follow the stored orders."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.games.orders import SeatOrders
from bot.store import AUTO, QUEUE

from .helpers import ManualClock, Recorder, open_manager, pending_at, started_table


async def test_a_queue_set_on_ones_turn_plays_at_once_and_counts_no_missed_deadline(tmp_path: Path) -> None:
    clock = ManualClock()
    recorder = Recorder()
    manager = await open_manager(tmp_path / "db.sqlite3", clock=clock, listener=recorder)
    try:
        await started_table(manager, 1, humans=2, seed=3, settings={"deadline": 600, "takeover_after": 1})
        p = pending_at(manager, 1)
        assert p is not None and p.user_id is not None
        orders, result = await manager.set_orders(1, p.user_id, lambda o: replace(o, queue=("castle", "pass")))
        assert result is not None and [(m.actor, m.code) for m in result.moves] == [(QUEUE, "castle")]
        assert orders.queue == ("pass",) and recorder.results[-1] is result
        t = manager.table(1)
        assert t is not None and t.seats[p.seat].missed_in_row == 0 and not t.seats[p.seat].ai_takeover
        # a change that answers nothing now plays nothing
        _, result = await manager.set_orders(1, p.user_id, lambda o: replace(o, castle=True))
        assert result is None
    finally:
        await manager.close()


async def test_a_deadline_and_a_restart_follow_the_stored_orders(tmp_path: Path) -> None:
    clock = ManualClock()
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path, clock=clock)
    try:
        await started_table(manager, 1, humans=2, seed=3, settings={"deadline": 600, "takeover_after": None})
        p = pending_at(manager, 1)
        assert p is not None and p.user_id is not None
        t = manager.table(1)
        assert t is not None
        # Orders stored while the bot was down (or a crash before they were played) ...
        await manager.store.set_orders(t.id, p.seat, SeatOrders(queue=("castle",)).to_json())
    finally:
        await manager.close()
    manager = await open_manager(path, clock=clock)
    try:
        t = manager.table(1)
        assert t is not None and t.orders == {p.seat: SeatOrders(queue=("castle",))}
        # ... the deadline's move follows them
        clock.advance(601)
        [fired] = [f for f in await manager.run_due_timers() if f.kind == "deadline"]
        assert fired.outcome == "moved"
        log = await manager.store.move_log(t.id)
        assert [(m.who, m.code) for m in log] == [(AUTO, "castle")]
        assert t.orders == {} and [s.orders for s in await manager.store.seats(t.id)] == [None, None]
        # ... and the scheduler's first pass plays what the orders answer after a restart
        q = pending_at(manager, 1)
        assert q is not None and q.user_id is not None
        await manager.store.set_orders(t.id, q.seat, SeatOrders(queue=("castle",)).to_json())
    finally:
        await manager.close()
    manager = await open_manager(path, clock=clock)
    try:
        t = manager.table(1)
        assert t is not None
        await manager._timers.resume_automatic()
        log = await manager.store.move_log(t.id)
        assert [(m.who, m.code) for m in log][-1] == (QUEUE, "castle")
    finally:
        await manager.close()
