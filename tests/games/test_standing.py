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


async def test_the_merchants_guild_follows_cuts_but_not_never_in_whole_games(tmp_path: Path) -> None:
    """Seat 0 "never move it", the others "ask only where a move cuts someone" (README): at the
    Merchants' guild seat 0 is asked (or the rules stay for it), the others are asked only where
    some guild move cuts or saves a worker on the road, else their order leaves the provost."""
    import random

    from bot.games.orders import cutting_moves
    from bot.rules import Game
    from bot.store import ORDER, PLAYER, RULE

    from .helpers import random_code

    manager = await open_manager(tmp_path / "db.sqlite3")
    seen: dict[tuple[int, str], int] = {}
    try:
        for seed in range(12):
            users, _ = await started_table(manager, seed, humans=3, seed=seed, first_user=100 * (seed + 1))
            t = manager.table(seed)
            assert t is not None and t.game is not None
            for user in users:
                order = "stay" if t.seat_of(user).seat == 0 else "cuts"  # type: ignore[union-attr]
                await manager.set_orders(seed, user, lambda o, order=order: replace(o, provost=order))  # type: ignore[misc]
            rng = random.Random(seed)
            while (p := pending_at(manager, seed)) is not None and t.game.state.round <= 6:
                assert p.user_id is not None
                codes = [c.code for c in p.decision.choices]
                code = "guild" if "guild" in codes and rng.random() < 0.5 else random_code(p.decision, rng)
                await manager.act(seed, p.user_id, p.number, code)
            game = Game.replay(t.names, t.seed, t.options, [])
            for m in await manager.store.moves(t.id):
                d = game.decision
                assert d is not None
                if d.kind == "guild":
                    seen[(d.player == 0, m.who)] = seen.get((d.player == 0, m.who), 0) + 1
                    cuts = cutting_moves(game, game.legal_codes())
                    if d.player == 0:
                        assert m.who in (PLAYER, RULE), m  # "never move it" is not for the guild
                    elif m.who == ORDER:
                        assert m.code == "0" and not cuts
                    else:
                        assert m.who == RULE or cuts, m  # asked: some move cuts someone
                game.apply(m.code)
            if seen.get((False, ORDER)) and seen.get((False, PLAYER)) and seen.get((True, PLAYER)):
                break
        assert seen.get((False, ORDER)) and seen.get((False, PLAYER)) and seen.get((True, PLAYER)), seen
    finally:
        await manager.close()
