"""The round plan at a table (bot/games/standing.py, turns.py, undo.py): set while another
person places, played at once on one's own turn and then undoable as one's own move (issue 28
item 2), kept by an undo, followed at a deadline and by a seat the AI took over, and stored with
the move that uses it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.games import Manager
from bot.games.orders import SeatOrders
from bot.games.plans import Entry, PassRule, RoundPlan
from bot.store import AUTO, PLAYER, QUEUE, TAKEOVER, UNDO
from tests.store.test_replay import check_table

from .helpers import ManualClock, open_manager, started_table


def planning(round_: int, *places: str, rule: PassRule | None = None) -> RoundPlan:
    return RoundPlan(round_, tuple(Entry(p) for p in places), rule or PassRule())


async def test_a_plan_set_on_ones_own_turn_plays_at_once_and_can_be_undone(manager: Manager) -> None:
    """Issue 28 item 2: the move a plan (or a queue) plays at once when its person sets it on
    their own turn is theirs: `undo` takes it back, the plan is kept, and the decision stays
    theirs (the plan does not play it again until they move)."""
    users, result = await started_table(manager, 1, humans=3, seed=8)
    first = result.pending
    assert first is not None and first.user_id is not None
    t = manager.table(1)
    assert t is not None and t.game is not None
    plan = planning(1, "castle", "trading")
    orders, played = await manager.set_orders(1, first.user_id, lambda o: replace(o, plan=plan))
    assert played is not None and [(m.actor, m.code, m.user_id) for m in played.moves] == [(QUEUE, "castle", first.user_id)]
    assert manager.can_undo(1, first.user_id)
    undone = await manager.undo(1, first.user_id)
    assert undone.undone is not None and undone.undone.code == "castle"
    assert t.game.state.history == []
    kept = manager.orders(1, first.user_id)
    assert kept.plan == plan and kept.hold == 0  # kept, and the decision is left to its person
    again = undone.pending
    assert again is not None and again.user_id == first.user_id  # asked, not played by the plan
    log = await manager.store.move_log(t.id)
    assert [(m.who, m.code, m.user_id) for m in log] == [(QUEUE, "castle", first.user_id), (UNDO, "castle", first.user_id)]
    # Choosing by hand releases the hold; the plan plays their next placement again.
    nxt = await manager.act(1, first.user_id, again.number, "trading")
    assert [m.actor for m in nxt.moves][0] == PLAYER and manager.orders(1, first.user_id).hold is None
    await check_table(manager.store, t.id)


async def test_a_plan_set_while_another_places_plays_after_them_and_an_undo_keeps_it(manager: Manager) -> None:
    """A plan set in parallel (the second placer plans while the first decides) plays right
    after the first placer's choice; that person's undo takes both back and keeps the plan,
    which plays again when they choose anew."""
    users, result = await started_table(manager, 1, humans=3, seed=8)
    t = manager.table(1)
    assert t is not None and t.game is not None
    first = result.pending
    assert first is not None and first.user_id is not None
    second = users[t.game.state.turn_order[1]]
    plan = planning(1, "trading", "gate")
    _, played = await manager.set_orders(1, second, lambda o: replace(o, plan=plan))
    assert played is None  # not their turn
    after = await manager.act(1, first.user_id, first.number, "gate")
    assert [(m.actor, m.code) for m in after.moves] == [(PLAYER, "gate"), (QUEUE, "trading")]
    undone = await manager.undo(1, first.user_id)
    assert [m.code for m in undone.undone_with] == ["trading"]
    assert manager.orders(1, second).plan == plan  # kept (an old queue would be emptied)
    assert manager.orders(1, second).hold is None
    again = undone.pending
    assert again is not None
    redo = await manager.act(1, first.user_id, again.number, "trading")
    # the Trading post holds the first player's worker now: the plan's next entry, the Gate
    assert [(m.actor, m.code) for m in redo.moves] == [(PLAYER, "trading"), (QUEUE, "gate")]
    await check_table(manager.store, t.id)


async def test_a_plan_is_followed_after_a_deadline_and_by_the_ai_that_took_a_seat_over(tmp_path: Path) -> None:
    """A missed deadline's move is the AI's (the absent player had no plan); the other seat's
    plan answers right after it; once the AI plays the absent seat (taken over after one missed
    deadline here), a plan that person sets is followed before the AI's own choice."""
    clock = ManualClock(1_000.0)
    manager = await open_manager(tmp_path / "db" / "c.sqlite3", clock=clock)
    try:
        users, result = await started_table(manager, 1, humans=2, seed=4, settings={"deadline": 3600, "takeover_after": 1})
        t = manager.table(1)
        assert t is not None and t.game is not None
        absent = result.pending
        assert absent is not None and absent.user_id is not None
        other = next(u for u in users if u != absent.user_id)
        await manager.set_orders(1, other, lambda o: replace(o, plan=planning(1, "castle", "trading")))
        clock.now += 3_601
        await manager.run_due_timers()
        await manager.idle()
        log = await manager.store.move_log(t.id)
        whos = [(m.who, m.code, m.seat) for m in log]
        assert whos[0][0] == AUTO and whos[0][2] == absent.seat
        assert whos[1] == (QUEUE, "castle", t.seat_of(other).seat)  # type: ignore[union-attr]
        assert t.seats[absent.seat].ai_takeover and any(w == TAKEOVER for w, _, _ in whos)
        # The other seat's plan ran dry (its places taken, by itself or the AI): its person is asked.
        assert t.pending is not None and t.pending.user_id == other
        assert all(w == QUEUE and c in ("castle", "trading") for w, c, s in whos if s != absent.seat)
        # The absent person plans from afar: their seat follows the plan, not the AI's choice.
        await manager.set_orders(1, absent.user_id, lambda o: replace(o, plan=planning(1, "gate", "guild", rule=PassRule("pass"))))
        free = [c for c in ("gate", "guild") if c in t.game.legal_codes()] or ["pass"]
        await manager.act(1, other, t.pending.number, "pass")
        await manager.idle()
        log = await manager.store.move_log(t.id)
        after = [(m.who, m.code) for m in log[len(whos) + 1 :] if m.seat == absent.seat]
        assert after and after[0] == (QUEUE, free[0])  # then phase 3's Gate: the AI's (a plan places only)
        await check_table(manager.store, t.id)
    finally:
        await manager.close()


async def test_plans_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "db" / "c.sqlite3"
    manager = await open_manager(db)
    try:
        users, result = await started_table(manager, 1, humans=3, seed=8)
        t = manager.table(1)
        assert t is not None and t.game is not None
        first = result.pending
        assert first is not None and first.user_id is not None
        second = users[t.game.state.turn_order[1]]
        plan = replace(planning(1, "castle", "gate", rule=PassRule("keep", 2)), castle=True)
        await manager.set_orders(1, second, lambda o: replace(o, plan=plan, declared="stay"))
    finally:
        await manager.close()
    manager = await open_manager(db)
    try:
        assert manager.orders(1, second) == SeatOrders(plan=plan, declared="stay")
        t = manager.table(1)
        assert t is not None and t.pending is not None
        after = await manager.act(1, first.user_id, t.pending.number, "gate")
        assert [(m.actor, m.code) for m in after.moves] == [(PLAYER, "gate"), (QUEUE, "castle")]
        await check_table(manager.store, t.id)
    finally:
        await manager.close()
