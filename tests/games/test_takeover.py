"""Missed deadlines in a row hand a seat to the AI; the player's own move resets the count; the
player takes the seat back with a command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games import ActResult, Manager, NotAPlayer, NotTakenOver, NotYourTurn, TakenOver
from bot.store import AUTO, PLAYER, RULE, TAKEOVER

from .helpers import (
    ManualClock,
    Recorder,
    open_manager,
    pending_at,
    random_code,
    started_table,
    waiting,
)

DEADLINE = 600
ANN, BOB = 101, 102


async def setup(
    path: Path, clock: ManualClock, takeover_after: int | None, **kwargs: object
) -> tuple[Manager, Recorder, ActResult]:
    recorder = Recorder()
    manager = await open_manager(path, clock=clock, listener=recorder, **kwargs)
    settings = {"deadline": DEADLINE, "takeover_after": takeover_after}
    _, result = await started_table(manager, 1, humans=2, seed=3, settings=settings)
    return manager, recorder, result


async def let_bob_miss(manager: Manager, clock: ManualClock, rng: random.Random, misses: int) -> None:
    """Ann plays her decisions; Bob lets `misses` deadlines pass."""
    missed = 0
    while missed < misses:
        p = pending_at(manager, 1)
        assert p is not None
        if p.user_id == ANN:
            clock.advance(30)
            await manager.act(1, ANN, p.number, random_code(p.decision, rng))
            continue
        assert p.user_id == BOB and p.deadline_at is not None
        clock.to(p.deadline_at)
        fired = await manager.run_due_timers()
        assert [f.outcome for f in fired if f.kind == "deadline"] == ["moved"]
        missed += 1


async def test_takeover_after_n_missed_deadlines_in_a_row(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder, _ = await setup(tmp_path / "db.sqlite3", clock, takeover_after=2)
    try:
        t = manager.table(1)
        assert t is not None
        bob = next(s for s in t.seats if s.user_id == BOB)
        rng = random.Random(1)
        await let_bob_miss(manager, clock, rng, 1)
        assert t.seats[bob.seat].missed_in_row == 1 and not t.seats[bob.seat].ai_takeover
        assert recorder.takeovers == []
        assert "One more missed deadline" in recorder.autos[-1][1]
        await let_bob_miss(manager, clock, rng, 1)
        seat = t.seats[bob.seat]
        assert seat.ai_takeover and seat.missed_in_row == 2 and seat.user_id == BOB  # still Bob's seat
        assert [(tb.id, s.seat) for tb, s in recorder.takeovers] == [(t.id, bob.seat)]
        result, why = recorder.autos[-1]
        assert result.takeovers and result.takeovers[0].seat == bob.seat
        assert "the AI plays their seat from now on" in why
        # The store has it too.
        stored = await manager.store.seats(t.id)
        assert stored[bob.seat].ai_takeover and stored[bob.seat].missed_in_row == 2
        # From now on the table only waits on Ann; Bob's decisions are played at once, not pinged.
        for _ in range(40):
            p = pending_at(manager, 1)
            if p is None:
                break
            assert p.user_id == ANN
            assert all(tp.user_id != BOB for tp in waiting(manager))
            res = await manager.act(1, ANN, p.number, random_code(p.decision, rng))
            for m in res.moves[1:]:
                if m.actor == RULE:  # an obvious choice, any seat's (issue 10)
                    continue
                assert m.seat == bob.seat and m.actor == TAKEOVER and m.user_id is None and m.is_ai
        timers = await manager.store.timers_for(t.id)
        assert all(x.payload["user_id"] == ANN for x in timers)
        logged = [m.who for m in await manager.store.moves(t.id) if m.seat == bob.seat]
        assert logged.count(AUTO) == 2 and TAKEOVER in logged
    finally:
        await manager.close()


async def test_a_move_by_the_player_resets_the_count(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder, _ = await setup(tmp_path / "db.sqlite3", clock, takeover_after=3)
    try:
        t = manager.table(1)
        assert t is not None
        bob = next(s for s in t.seats if s.user_id == BOB)
        rng = random.Random(2)
        await let_bob_miss(manager, clock, rng, 2)
        assert t.seats[bob.seat].missed_in_row == 2
        # Bob comes back for one decision.
        while (p := pending_at(manager, 1)) is not None and p.user_id == ANN:
            await manager.act(1, ANN, p.number, random_code(p.decision, rng))
        assert p is not None and p.user_id == BOB
        await manager.act(1, BOB, p.number, random_code(p.decision, rng))
        assert t.seats[bob.seat].missed_in_row == 0
        assert (await manager.store.seats(t.id))[bob.seat].missed_in_row == 0
        await let_bob_miss(manager, clock, rng, 2)
        assert t.seats[bob.seat].missed_in_row == 2 and not t.seats[bob.seat].ai_takeover
        assert recorder.takeovers == []
    finally:
        await manager.close()


async def test_never_taken_over_when_the_table_says_so(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, recorder, _ = await setup(tmp_path / "db.sqlite3", clock, takeover_after=None)
    try:
        t = manager.table(1)
        assert t is not None
        await let_bob_miss(manager, clock, random.Random(3), 6)
        bob = next(s for s in t.seats if s.user_id == BOB)
        assert bob.missed_in_row == 6 and not bob.ai_takeover and recorder.takeovers == []
    finally:
        await manager.close()


async def test_take_back(tmp_path: Path) -> None:
    clock = ManualClock()
    path = tmp_path / "db.sqlite3"
    manager, recorder, _ = await setup(path, clock, takeover_after=1)
    try:
        t = manager.table(1)
        assert t is not None
        with pytest.raises(NotTakenOver):
            await manager.take_back(1, BOB)
        with pytest.raises(NotAPlayer):
            await manager.take_back(1, 999)
        rng = random.Random(4)
        await let_bob_miss(manager, clock, rng, 1)
        bob = next(s for s in t.seats if s.user_id == BOB)
        assert bob.ai_takeover
    finally:
        await manager.close()

    # The take-over survives a restart; Bob takes his seat back.
    manager = await open_manager(path, clock=clock, listener=recorder)
    try:
        t = manager.table(1)
        assert t is not None
        bob = next(s for s in t.seats if s.user_id == BOB)
        assert bob.ai_takeover and bob.missed_in_row == 1
        table = await manager.take_back(1, BOB)
        bob = table.seats[bob.seat]
        assert not bob.ai_takeover and bob.missed_in_row == 0
        stored = await manager.store.seats(t.id)
        assert not stored[bob.seat].ai_takeover and stored[bob.seat].missed_in_row == 0
        # Bob's decisions wait for him again, with deadlines.
        for _ in range(200):
            p = pending_at(manager, 1)
            assert p is not None
            if p.user_id == BOB:
                break
            await manager.act(1, ANN, p.number, random_code(p.decision, rng))
        assert p.user_id == BOB and not p.is_ai and p.deadline_at == clock.now + DEADLINE
        result = await manager.act(1, BOB, p.number, random_code(p.decision, rng))
        assert result.moves[0].actor == PLAYER and result.moves[0].user_id == BOB
    finally:
        await manager.close()


async def test_a_taken_over_seat_waiting_on_the_ai(tmp_path: Path) -> None:
    """Without autoplay the table can wait on a taken-over seat: its person is told to take it
    back first; `advance` plays it; a take-back then gives Bob the decision with a deadline."""
    clock = ManualClock()
    manager, recorder, _ = await setup(tmp_path / "db.sqlite3", clock, takeover_after=1, autoplay_ai=False)
    try:
        t = manager.table(1)
        assert t is not None
        rng = random.Random(5)
        await let_bob_miss(manager, clock, rng, 1)
        bob = next(s for s in t.seats if s.user_id == BOB)
        while (p := pending_at(manager, 1)) is not None and p.seat != bob.seat:
            await manager.act(1, ANN, p.number, random_code(p.decision, rng))
        assert p is not None and p.is_ai and p.ai_takeover and p.user_id is None and p.deadline_at is None
        with pytest.raises(TakenOver):
            await manager.act(1, BOB, p.number, p.decision.choices[0].code)
        with pytest.raises(NotYourTurn) as not_yours:
            await manager.act(1, ANN, p.number, p.decision.choices[0].code)
        assert "played by the AI" in not_yours.value.message
        assert await manager.store.timers_for(t.id) == []
        await manager.take_back(1, BOB)
        p2 = pending_at(manager, 1)
        assert p2 is not None and p2.number == p.number and p2.user_id == BOB
        assert p2.deadline_at == clock.now + DEADLINE
        assert {x.payload["seq"] for x in await manager.store.timers_for(t.id)} == {p.number}
        await manager.act(1, BOB, p2.number, p2.decision.choices[0].code)
    finally:
        await manager.close()


async def test_advance_plays_a_taken_over_seat(tmp_path: Path) -> None:
    clock = ManualClock()
    manager, _, _ = await setup(tmp_path / "db.sqlite3", clock, takeover_after=1, autoplay_ai=False)
    try:
        t = manager.table(1)
        assert t is not None
        rng = random.Random(6)
        await let_bob_miss(manager, clock, rng, 1)
        bob = next(s for s in t.seats if s.user_id == BOB)
        while (p := pending_at(manager, 1)) is not None and p.seat != bob.seat:
            await manager.act(1, ANN, p.number, random_code(p.decision, rng))
        result = await manager.advance(1, max_moves=1)
        assert [(m.seat, m.actor) for m in result.moves] == [(bob.seat, TAKEOVER)]
    finally:
        await manager.close()
