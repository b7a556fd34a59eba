"""Undo of one's own last choice: the board and everyone's resources return exactly, the undo is
in the move log (which still replays to every snapshot), each refusal says why."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games import (
    ActedSince,
    CannotUndo,
    GameOver,
    Manager,
    NoTable,
    NotAPlayer,
    NothingToUndo,
    NotStarted,
    NotYourChoice,
    PhaseOver,
    StaleDecision,
)
from bot.games.undo import history_from_log
from bot.rules import Game
from bot.store import DEADLINE, PLAYER, REMINDER, UNDO
from tests.store.test_replay import check_table

from .helpers import (
    GUILD,
    ManualClock,
    Recorder,
    open_manager,
    pending_at,
    random_code,
    started_table,
)


def ends_phase(result: object) -> bool:
    return any(e.kind in ("phase_end", "game_over") for e in result.events)  # type: ignore[attr-defined]


async def play_until(manager: Manager, channel: int, rng: random.Random, stop: object) -> None:
    """Random moves by the people until `stop(pending)` is true."""
    while True:
        p = pending_at(manager, channel)
        assert p is not None and p.user_id is not None
        if stop(p):  # type: ignore[operator]
            return
        await manager.act(channel, p.user_id, p.number, random_code(p.decision, rng))


async def test_undo_restores_the_position_exactly(manager: Manager) -> None:
    await started_table(manager, 1, humans=2, seed=4)
    t = manager.table(1)
    assert t is not None and t.game is not None
    rng = random.Random(4)
    for _ in range(30):
        p = pending_at(manager, 1)
        assert p is not None and p.user_id is not None
        before = (t.game.to_json(), t.chronicle.to_json(), [e.text for e in t.recent])
        index = len(t.game.state.history)
        result = await manager.act(1, p.user_id, p.number, random_code(p.decision, rng))
        if ends_phase(result):
            continue
        nxt = result.pending
        assert nxt is not None
        assert manager.can_undo(1, p.user_id)
        undone = await manager.undo(1, p.user_id)
        assert undone.undone is not None and undone.undone.code == result.moves[0].code
        assert undone.undone.history_index == index and undone.undone.number == p.number
        assert undone.undone.label == result.moves[0].label
        assert (t.game.to_json(), t.chronicle.to_json(), [e.text for e in t.recent]) == before
        again = undone.pending
        assert again is not None and again.user_id == p.user_id and again.seat == p.seat
        assert again.decision.choices == p.decision.choices
        assert again.number > nxt.number and again.decision.seq == again.number  # a new number
        # Buttons of the decisions before the undo are stale.
        for old in (p, nxt):
            assert old.user_id is not None
            with pytest.raises(StaleDecision):
                await manager.act(1, old.user_id, old.number, old.decision.choices[0].code)
        # Play on with the new number.
        await manager.act(1, p.user_id, again.number, random_code(again.decision, rng))
    log = await manager.store.move_log(t.id)
    undos = [m for m in log if m.who == UNDO]
    assert undos and all(m.user_id is not None for m in undos)
    assert sum(1 for m in log if m.undone) == len(undos)
    assert history_from_log(log) == t.game.state.history
    assert [m.code for m in await manager.store.moves(t.id)] == t.game.state.history
    assert [m.pos for m in log] == list(range(len(log)))
    await check_table(manager.store, t.id)


async def test_undo_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path)
    await started_table(manager, 1, humans=2, seed=6)
    rng = random.Random(6)
    p = pending_at(manager, 1)
    assert p is not None and p.user_id is not None
    await manager.act(1, p.user_id, p.number, random_code(p.decision, rng))
    result = await manager.undo(1, p.user_id)
    t = manager.table(1)
    assert t is not None and t.game is not None
    state, pending = t.game.to_json(), result.pending
    await manager.close()
    manager = await open_manager(path)
    try:
        t = manager.table(1)
        assert t is not None and t.game is not None
        assert t.game.to_json() == state
        again = pending_at(manager, 1)
        assert again is not None and pending is not None and again.number == pending.number
        assert again.user_id == p.user_id
        await manager.act(1, p.user_id, again.number, random_code(again.decision, rng))
        await check_table(manager.store, t.id)
    finally:
        await manager.close()


async def test_nothing_to_undo_and_other_refusals(manager: Manager) -> None:
    with pytest.raises(NoTable):
        await manager.undo(1, 101)
    await manager.create_table(GUILD, 1, 101, "Ann", 2)
    await manager.join(1, 102, "Bob")
    with pytest.raises(NotStarted):
        await manager.undo(1, 101)
    await manager.start(1, 101)
    with pytest.raises(NotAPlayer):
        await manager.undo(1, 999)
    with pytest.raises(NothingToUndo) as nothing:
        await manager.undo(1, 101)
    assert "nothing to undo" in nothing.value.message.lower()
    assert not manager.can_undo(1, 101)


async def test_someone_acted_since(manager: Manager) -> None:
    await started_table(manager, 1, humans=2, seed=8)  # U101, U102
    t = manager.table(1)
    assert t is not None
    rng = random.Random(8)
    checked = 0
    while checked < 5:
        first = pending_at(manager, 1)
        assert first is not None and first.user_id is not None
        result = await manager.act(1, first.user_id, first.number, random_code(first.decision, rng))
        second = result.pending
        assert second is not None and second.user_id is not None
        if ends_phase(result) or second.user_id == first.user_id:
            continue
        # The other player cannot undo the first player's choice.
        with pytest.raises(CannotUndo) as not_theirs:
            await manager.undo(1, second.user_id)
        assert "only undo your own last choice" in not_theirs.value.message
        if isinstance(not_theirs.value, ActedSince):  # they had chosen earlier in the phase
            assert not_theirs.value.name == t.seats[first.seat].name
        result = await manager.act(1, second.user_id, second.number, random_code(second.decision, rng))
        if ends_phase(result):
            continue
        with pytest.raises(ActedSince) as since:
            await manager.undo(1, first.user_id)
        assert since.value.name == t.seats[second.seat].name
        assert f"{since.value.name} has acted since" in since.value.message
        assert not manager.can_undo(1, first.user_id) and manager.can_undo(1, second.user_id)
        checked += 1


async def test_an_ai_seat_acted_since(manager: Manager) -> None:
    users, result = await started_table(manager, 1, humans=1, ai=1, seed=2)
    rng = random.Random(2)
    while True:
        p = result.pending
        assert p is not None
        result = await manager.act(1, users[0], p.number, random_code(p.decision, rng))
        if len(result.moves) > 1 and not any(
            e.kind == "phase_end" for e in result.events
        ):
            break
    with pytest.raises(ActedSince) as since:
        await manager.undo(1, users[0])
    assert since.value.name == "AI 1 (easy)"


async def test_a_choice_that_ended_a_phase_cannot_be_undone(manager: Manager) -> None:
    await started_table(manager, 1, humans=2, seed=12)
    rng = random.Random(12)
    t = manager.table(1)
    assert t is not None and t.game is not None
    while True:
        p = pending_at(manager, 1)
        assert p is not None and p.user_id is not None
        result = await manager.act(1, p.user_id, p.number, random_code(p.decision, rng))
        if ends_phase(result):
            break
    state = t.game.to_json()
    with pytest.raises(PhaseOver) as over:
        await manager.undo(1, p.user_id)
    assert "report is out" in over.value.message
    assert t.game.to_json() == state
    assert not any(m.who == UNDO for m in await manager.store.move_log(t.id))


async def test_the_game_chose_for_you(tmp_path: Path) -> None:
    clock = ManualClock()
    manager = await open_manager(tmp_path / "db.sqlite3", clock=clock, listener=Recorder())
    try:
        _, result = await started_table(manager, 1, humans=2, seed=3, settings={"deadline": 600})
        p = result.pending
        assert p is not None and p.deadline_at is not None and p.user_id is not None
        clock.to(p.deadline_at)
        [*_, fired] = await manager.run_due_timers()
        assert fired.outcome == "moved" and fired.result is not None
        with pytest.raises(NotYourChoice) as auto:
            await manager.undo(1, p.user_id)
        assert "only undo your own last choice" in auto.value.message
        assert not manager.can_undo(1, p.user_id)
    finally:
        await manager.close()


async def test_undo_at_a_table_with_a_deadline_gets_new_timers(tmp_path: Path) -> None:
    clock = ManualClock()
    manager = await open_manager(tmp_path / "db.sqlite3", clock=clock, listener=Recorder())
    try:
        _, result = await started_table(manager, 1, humans=2, seed=5, settings={"deadline": 3600})
        t = manager.table(1)
        assert t is not None
        p = result.pending
        assert p is not None and p.user_id is not None
        clock.advance(100)
        await manager.act(1, p.user_id, p.number, p.decision.choices[0].code)
        clock.advance(100)
        undone = await manager.undo(1, p.user_id)
        again = undone.pending
        assert again is not None and again.deadline_at == clock.now + 3600
        timers = await manager.store.timers_for(t.id)
        assert {(x.kind, x.payload["seq"]) for x in timers} == {(REMINDER, again.number), (DEADLINE, again.number)}
        clock.to(again.deadline_at)
        fired = await manager.run_due_timers()
        assert [f.outcome for f in fired] == ["skipped", "moved"]
        log = await manager.store.move_log(t.id)
        assert [m.who for m in log] == [PLAYER, UNDO, "auto"]
    finally:
        await manager.close()


async def test_undo_after_the_game_is_over(manager: Manager) -> None:
    users, result = await started_table(manager, 1, humans=1, ai=1, seed=9)
    rng = random.Random(9)
    while not result.game_over:
        p = result.pending
        assert p is not None
        result = await manager.act(1, users[0], p.number, random_code(p.decision, rng))
    with pytest.raises(GameOver):
        await manager.undo(1, users[0])


async def test_replay_from_log_equals_snapshots_with_many_undos(tmp_path: Path) -> None:
    """Whole games where people often take back their choices: the log (undos included)
    replays to every snapshot, and a restart at any point plays on the same."""
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path)
    rng = random.Random(77)
    try:
        for channel in range(4):
            await started_table(manager, channel, humans=2 + channel % 3, seed=channel, first_user=100 * (channel + 1))
        undos = 0
        for channel in range(4):
            t = manager.table(channel)
            assert t is not None and t.game is not None
            while not t.game.over:
                p = pending_at(manager, channel)
                assert p is not None and p.user_id is not None
                result = await manager.act(channel, p.user_id, p.number, random_code(p.decision, rng))
                if rng.random() < 0.3 and manager.can_undo(channel, p.user_id):
                    try:
                        await manager.undo(channel, p.user_id)
                        undos += 1
                    except PhaseOver:
                        assert ends_phase(result)
            log = await manager.store.move_log(t.id)
            assert history_from_log(log) == t.game.state.history
            assert Game.replay(t.names, t.seed, t.options, history_from_log(log)).to_json() == t.game.to_json()
            await check_table(manager.store, t.id)
        assert undos > 100
    finally:
        await manager.close()


async def test_a_failed_or_cancelled_undo_keeps_memory_and_store_in_step(tmp_path: Path) -> None:
    import asyncio
    import sqlite3

    from bot.games import Unavailable

    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path)
    try:
        await started_table(manager, 1, humans=2, seed=21)
        t = manager.table(1)
        assert t is not None and t.game is not None
        rng = random.Random(21)

        async def move_undoable() -> int:
            while True:
                p = pending_at(manager, 1)
                assert p is not None and p.user_id is not None
                result = await manager.act(1, p.user_id, p.number, random_code(p.decision, rng))
                if not ends_phase(result):
                    return p.user_id

        # The store refuses the undo: nothing changes, in memory or in the store.
        user = await move_undoable()
        con = sqlite3.connect(path)
        con.execute(
            "CREATE TRIGGER no_undo BEFORE INSERT ON moves WHEN NEW.actor = 'undo'"
            " BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"
        )
        con.commit()
        state, pending = t.game.to_json(), pending_at(manager, 1)
        with pytest.raises(Unavailable) as failed:
            await manager.undo(1, user)
        assert "undo could not be saved" in failed.value.message
        assert t.game.to_json() == state and pending_at(manager, 1) == pending
        assert not any(m.undone for m in await manager.store.move_log(t.id))
        con.execute("DROP TRIGGER no_undo")
        con.commit()
        con.close()

        # Cancelled at every point: memory always agrees with the store.
        outcomes: set[str] = set()
        for spins in range(12):
            user = await move_undoable()
            size = t.log_rows
            task = asyncio.ensure_future(manager.undo(1, user))
            for _ in range(spins):
                await asyncio.sleep(0)
            task.cancel()
            try:
                await task
                outcomes.add("done")
            except asyncio.CancelledError:
                outcomes.add("cancelled, undone" if t.log_rows > size else "cancelled")
            assert t.log_rows == await manager.store.log_size(t.id)
            assert [m.code for m in await manager.store.moves(t.id)] == t.game.state.history
            p = pending_at(manager, 1)
            assert p is not None and p.number == t.log_rows
        assert "cancelled, undone" in outcomes or "done" in outcomes, outcomes
        await check_table(manager.store, t.id)
    finally:
        await manager.close()


async def test_an_undo_takes_back_the_queued_placement_that_followed(manager: Manager) -> None:
    """Issue 10: a queued placement played for the next seat right after a choice is not someone
    acting since: the undo takes back both; every queue is emptied (README)."""
    from dataclasses import replace

    from bot.store import QUEUE

    users, result = await started_table(manager, 1, humans=3, seed=8)
    t = manager.table(1)
    assert t is not None and t.game is not None
    first = result.pending
    assert first is not None and first.user_id is not None
    order = t.game.state.turn_order
    second, third = (users[s] for s in order[1:3])  # seat i is users[i]
    before = t.game.to_json()
    await manager.set_orders(1, second, lambda o: replace(o, queue=("castle", "pass")))
    await manager.set_orders(1, third, lambda o: replace(o, queue=("pass",)))
    played = await manager.act(1, first.user_id, first.number, "gate")
    # the second seat's queue played at once, then the third's: the first player's turn again
    log = await manager.store.move_log(t.id)
    assert [(m.who, m.code) for m in log] == [(PLAYER, "gate"), (QUEUE, "castle"), (QUEUE, "pass")]
    assert [m.actor for m in played.moves] == [PLAYER, QUEUE, QUEUE]
    assert manager.orders(1, second).queue == ("pass",)
    assert manager.can_undo(1, first.user_id)
    assert not manager.can_undo(1, second) and not manager.can_undo(1, third)
    with pytest.raises(CannotUndo):
        await manager.undo(1, second)  # a queued move is not one's own choice to take back

    undone = await manager.undo(1, first.user_id)
    assert undone.undone is not None and undone.undone.code == "gate" and undone.undone.seat == first.seat
    assert t.game.to_json() == before  # the workers and deniers of all three back
    assert t.game.state.history == []
    again = undone.pending
    assert again is not None and again.user_id == first.user_id and again.number > played.number
    log = await manager.store.move_log(t.id)
    assert [(m.who, m.code, m.undone) for m in log] == [
        (PLAYER, "gate", True), (QUEUE, "castle", True), (QUEUE, "pass", True),
        (UNDO, "pass", False), (UNDO, "castle", False), (UNDO, "gate", False),
    ]  # fmt: skip
    assert history_from_log(log) == []
    # the queues are emptied, the one whose entries were taken back too (README: an undo
    # empties the queues); nothing is played for them when the first player chooses again
    assert manager.orders(1, second).empty and manager.orders(1, third).empty
    assert {s.seat: s.orders for s in await manager.store.seats(t.id)} == {s: None for s in range(3)}
    nxt = await manager.act(1, first.user_id, again.number, "castle")
    assert [m.actor for m in nxt.moves] == [PLAYER]
    assert nxt.pending is not None and nxt.pending.user_id == second
    await check_table(manager.store, t.id)


async def test_someone_choosing_after_the_queued_move_blocks_the_undo(manager: Manager) -> None:
    from dataclasses import replace

    users, result = await started_table(manager, 1, humans=3, seed=8)
    t = manager.table(1)
    assert t is not None and t.game is not None
    first = result.pending
    assert first is not None and first.user_id is not None
    second, third = (users[s] for s in t.game.state.turn_order[1:3])
    await manager.set_orders(1, second, lambda o: replace(o, queue=("castle",)))
    played = await manager.act(1, first.user_id, first.number, "gate")
    assert played.pending is not None and played.pending.user_id == third
    await manager.act(1, third, played.pending.number, "pass")
    with pytest.raises(ActedSince) as since:
        await manager.undo(1, first.user_id)
    assert since.value.name == t.seats[t.game.state.turn_order[2]].name  # who chose, not the queue
    assert not manager.can_undo(1, first.user_id) and manager.can_undo(1, third)


@pytest.mark.parametrize("words", ["stay", "the space"])
async def test_an_undo_takes_back_a_declared_provost_move_and_declares_it_again(manager: Manager, words: str) -> None:
    """Phase 4: the next player's declared provost move followed a person's provost move; the
    undo takes back both and the declaration is there again, in its own words, for the same
    decision. Declared `stay`, or the space the person's move took the provost to: both made
    the move "0", yet `r9` is not `stay`: once the person stays instead, `r9` moves it (§2
    phase 4: each player in turn may move the provost up to 3 spaces)."""
    from dataclasses import replace

    from bot.games.orders import SeatOrders
    from bot.store import DECLARED

    for seed in range(40):
        channel = 10 + seed
        users, _ = await started_table(manager, channel, humans=3, seed=seed, first_user=1000 * (seed + 1))
        t = manager.table(channel)
        assert t is not None and t.game is not None
        rng = random.Random(seed)
        await play_until(manager, channel, rng, lambda p: p.decision.kind == "provost" or p.decision.phase > 4)
        p = pending_at(manager, channel)
        assert p is not None and p.user_id is not None
        if p.decision.kind != "provost" or t.since_snapshot:
            continue  # not the first provost decision of phase 4
        other = next(u for u in users if u != p.user_id)
        move = min((c.code for c in p.decision.choices if c.code != "0"), key=lambda c: abs(int(c)))
        declared = "stay" if words == "stay" else f"r{t.game.state.provost + int(move)}"
        await manager.set_orders(channel, other, lambda o, d=declared: replace(o, declared=d))
        before = t.game.to_json()
        result = await manager.act(channel, p.user_id, p.number, move)
        if [m.actor for m in result.moves] != [PLAYER, DECLARED] or ends_phase(result):
            continue  # the other's decision is not next, or was obvious, or the phase ended
        assert result.moves[1].code == "0"
        assert manager.orders(channel, other) == SeatOrders(spent=declared)  # spent, its words kept
        undone = await manager.undo(channel, p.user_id)
        assert undone.undone is not None and undone.undone.code == move
        assert t.game.to_json() == before
        assert manager.orders(channel, other) == SeatOrders(declared=declared)
        [stored] = [s.orders for s in await manager.store.seats(t.id) if s.user_id == other]
        assert stored == f'{{"declared":"{declared}"}}'  # in the undo's transaction
        again = undone.pending
        assert again is not None and again.user_id == p.user_id
        result = await manager.act(channel, p.user_id, again.number, "0")
        assert [(m.actor, m.code) for m in result.moves][:2] == [
            (PLAYER, "0"), (DECLARED, "0" if declared == "stay" else move)
        ]  # fmt: skip
        await check_table(manager.store, t.id)
        return
    raise AssertionError("no position found")
