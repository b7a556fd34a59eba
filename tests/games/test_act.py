"""The one input path: refusals, races under the lock, whose turn it is, phase reports."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

import pytest

from bot.games import (
    GameOver,
    Illegal,
    Manager,
    NoTable,
    NotAPlayer,
    NotStarted,
    NotYourTurn,
    Refusal,
    StaleDecision,
)
from bot.rules import Game

from .helpers import (
    GUILD,
    FakeRenderer,
    open_manager,
    pending_at,
    play_people,
    random_code,
    started_table,
    waiting,
)


async def test_refusals_say_why(manager: Manager) -> None:
    with pytest.raises(NoTable):
        await manager.act(1, 101, 0, "p")
    await manager.create_table(GUILD, 1, 101, "Ann", 2)
    await manager.join(1, 102, "Bob")
    with pytest.raises(NotStarted):
        await manager.act(1, 101, 0, "p")
    await manager.start(1, 101)
    p = pending_at(manager, 1)
    assert p is not None and p.user_id in (101, 102)
    other = 203 - p.user_id
    with pytest.raises(NotAPlayer):
        await manager.act(1, 999, p.number, p.decision.choices[0].code)
    with pytest.raises(NotYourTurn) as not_yours:
        await manager.act(1, other, p.number, p.decision.choices[0].code)
    assert not_yours.value.whose.user_id == p.user_id and not_yours.value.whose.name in not_yours.value.message
    with pytest.raises(StaleDecision):
        await manager.act(1, p.user_id, p.number - 1, p.decision.choices[0].code)
    with pytest.raises(StaleDecision):
        await manager.act(1, p.user_id, p.number + 1, p.decision.choices[0].code)
    with pytest.raises(Illegal) as illegal:
        await manager.act(1, p.user_id, p.number, "no-such-choice")
    assert illegal.value.reason and illegal.value.reason in illegal.value.message
    # Nothing was applied or logged by any refusal.
    t = manager.table(1)
    assert t is not None and t.moves_applied == 0
    assert await manager.store.moves(t.id) == []


async def test_one_player_pressing_twice_applies_once(manager: Manager) -> None:
    users, _ = await started_table(manager, 1, humans=2)
    p = pending_at(manager, 1)
    assert p is not None and p.user_id is not None
    code = p.decision.choices[0].code
    outcomes = await asyncio.gather(
        manager.act(1, p.user_id, p.number, code),
        manager.act(1, p.user_id, p.number, code),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) == 1 and len(refused) == 1 and isinstance(refused[0], StaleDecision)
    t = manager.table(1)
    assert t is not None and t.game is not None
    moves = await manager.store.moves(t.id)
    assert [m.code for m in moves] == t.game.state.history
    assert [m.seq for m in moves if m.user_id == p.user_id].count(p.number) == 1


async def test_two_players_pressing_at_once(manager: Manager) -> None:
    users, _ = await started_table(manager, 1, humans=3, seed=3)
    for _ in range(10):  # several rounds of simultaneous presses by everyone
        p = pending_at(manager, 1)
        assert p is not None
        presses = [manager.act(1, uid, p.number, random_code(p.decision, random.Random(uid))) for uid in users]
        outcomes = await asyncio.gather(*presses, return_exceptions=True)
        for uid, outcome in zip(users, outcomes, strict=True):
            if uid == p.user_id:
                assert not isinstance(outcome, BaseException), outcome
            else:
                # not their turn; or, if the turn came to them after the first press, stale
                assert isinstance(outcome, NotYourTurn | StaleDecision), outcome
    t = manager.table(1)
    assert t is not None and t.game is not None
    assert [m.code for m in await manager.store.moves(t.id)] == t.game.state.history


async def test_stale_button_after_the_game_moved_on(manager: Manager) -> None:
    users, _ = await started_table(manager, 1, humans=2, seed=11)
    first = pending_at(manager, 1)
    assert first is not None and first.user_id is not None
    await manager.act(1, first.user_id, first.number, first.decision.choices[0].code)
    await play_people(manager, 1, random.Random(1), max_moves=5)
    with pytest.raises(StaleDecision) as stale:
        await manager.act(1, first.user_id, first.number, first.decision.choices[0].code)
    assert stale.value.current_seq is not None and stale.value.current_seq > first.number
    assert "no longer current" in stale.value.message


async def test_whose_turn_across_tables(manager: Manager) -> None:
    await started_table(manager, 1, humans=2, first_user=101, seed=1)
    await started_table(manager, 2, humans=2, first_user=102, seed=2)  # users 102, 103
    rng = random.Random(4)
    for _ in range(40):
        everyone = waiting(manager)
        assert len(everyone) == 2  # every table waits on someone
        for uid in (101, 102, 103):
            mine = waiting(manager, uid)
            assert {p.channel_id for p in mine} == {p.channel_id for p in everyone if p.user_id == uid}
        p = everyone[rng.randrange(2)]
        assert p.user_id is not None
        await manager.act(p.channel_id, p.user_id, p.number, random_code(p.decision, rng))


async def test_ai_seats_play_themselves(manager: Manager) -> None:
    users, result = await started_table(manager, 1, humans=1, ai=3, seed=21)
    rng = random.Random(2)
    while not result.game_over:
        p = result.pending
        assert p is not None and p.user_id == users[0] and not p.is_ai  # only ever waits on the person
        result = await manager.act(1, users[0], p.number, random_code(p.decision, rng))
        assert result.moves[0].user_id == users[0]
        assert all(m.is_ai and m.user_id is None for m in result.moves[1:])
    assert result.result is not None and result.pending is None
    assert len(result.result.scores) == 4 and result.result.winners
    with pytest.raises(GameOver):
        await manager.act(1, users[0], 0, "p")
    t = manager.table(1)
    assert t is not None and t.is_finished
    stored = await manager.store.get_table(t.id)
    assert stored is not None and stored.status == "finished" and stored.finished_at is not None


async def test_reports_after_every_phase(tmp_path: Path) -> None:
    render = FakeRenderer()
    manager = await open_manager(tmp_path / "db.sqlite3", render=render)
    try:
        users, result = await started_table(manager, 1, humans=2, ai=1, seed=8)
        reports = list(result.reports)
        events = list(result.events)
        rng = random.Random(8)
        while not result.game_over:
            p = result.pending
            assert p is not None and p.user_id is not None
            result = await manager.act(1, p.user_id, p.number, random_code(p.decision, rng))
            reports += result.reports
            events += result.events
        t = manager.table(1)
        assert t is not None and t.game is not None
        # Every phase of every round is in exactly one report, in order.
        covered = [(s.round, s.phase) for r in reports for s in r.sections]
        rounds = t.game.state.round
        assert covered == [(r, ph) for r in range(1, rounds + 1) for ph in range(1, 8)]
        assert sum(len(r.events) for r in reports) == len(events)  # nothing lost, nothing twice
        assert reports[-1].game_over and not any(r.game_over for r in reports[:-1])
        # A report never stands alone for a phase in which nothing happened.
        folded = {id(r): [s for s in r.sections if not s.happened] for r in reports}
        assert any(folded.values())
        for r in reports:
            assert any(s.happened for s in r.sections) or r.game_over
            for s in folded[id(r)]:
                assert f"{s.heading}**: nothing happened" in r.text()
        # Each report has its board, drawn off the event loop's thread (nobody waited for it).
        pngs = [await r.drawn() for r in reports]
        assert all(png is not None and png.startswith(b"\x89PNG") for png in pngs)
        assert len(render.calls) == len(reports)
        assert all(name != threading.main_thread().name for *_, name in render.calls)
        # The image is the moment of the report: its snapshot.
        snaps = {s.seq: s for s in await manager.store.snapshots(t.id)}
        for r in reports:
            assert r.state is not None and Game.resume(r.state.copy()).to_json() == snaps[r.seq].state
            assert r.png == b"\x89PNG fake " + f"{snaps[r.seq].round}:{snaps[r.seq].phase}:{r.seq}".encode()
        assert len({r.filename for r in reports}) == len(reports)
    finally:
        await manager.close()


async def test_real_renderer_draws_the_opening_report(tmp_path: Path) -> None:
    pytest.importorskip("rendering")
    from bot.games import render_board_png

    manager = await open_manager(tmp_path / "db.sqlite3", render=render_board_png)
    try:
        _, result = await started_table(manager, 1, humans=2, seed=2)
        png = await result.reports[0].drawn() if result.reports else None
        assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        await manager.close()


async def test_undelivered_reports_come_back_after_restart(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path)
    users, result = await started_table(manager, 1, humans=2, seed=9)
    got = list(result.reports)
    rng = random.Random(9)
    while len(got) < 6:
        p = pending_at(manager, 1)
        assert p is not None and p.user_id is not None
        got += (await manager.act(1, p.user_id, p.number, random_code(p.decision, rng))).reports
    for r in got[:3]:
        await manager.ack(r)
    await manager.close()  # "crash" before the last reports were posted

    again = await open_manager(path)
    try:
        back = await again.undelivered_reports()
        assert [(r.seq, r.text()) for r in back] == [(r.seq, r.text()) for r in got[3:]]
        for r in back:
            await again.ack(r)
        assert await again.undelivered_reports() == []
        # The channel's recent events survive the restart (from its last report on).
        recent = again.recent_events(1, 500)
        assert [e.text for e in got[-1].events] == [e.text for e in recent[: len(got[-1].events)]]
    finally:
        await again.close()


async def test_restart_mid_phase_continues_identically(tmp_path: Path) -> None:
    """A game stopped at random points and reloaded plays on exactly as one never stopped."""
    path_a, path_b = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    straight = await open_manager(path_a)
    await started_table(straight, 1, humans=3, seed=33)
    await play_people(straight, 1, random.Random(5))
    t_a = straight.table(1)
    assert t_a is not None and t_a.game is not None
    await straight.close()

    rng_moves = random.Random(5)
    stops = random.Random(6)
    manager = await open_manager(path_b)
    await started_table(manager, 1, humans=3, seed=33)
    while True:
        await play_people(manager, 1, rng_moves, max_moves=stops.randint(1, 40))
        t = manager.table(1)
        assert t is not None and t.game is not None
        before = (t.game.to_json(), t.chronicle.to_json())
        recent_before = [e.text for e in t.recent]
        over = t.game.over
        await manager.close()
        manager = await open_manager(path_b)
        if over:
            break
        t = manager.table(1)
        assert t is not None and t.game is not None
        assert (t.game.to_json(), t.chronicle.to_json()) == before
        # recent events after a restart: from the last report on, the same as before
        recent = [e.text for e in t.recent]
        assert recent and recent == recent_before[-len(recent):]
    last = await manager.last_table(1)
    assert last is not None and last.game is not None and last.is_finished
    assert last.game.to_json() == t_a.game.to_json()
    await manager.close()


async def test_refusal_is_the_only_exception_type_for_bad_input(manager: Manager) -> None:
    await started_table(manager, 1, humans=2)
    bad = [(1, 999, 0, "p"), (2, 101, 0, "p"), (1, 101, -5, "p")]
    for channel, user, seq, code in bad:
        with pytest.raises(Refusal):
            await manager.act(channel, user, seq, code)


def test_game_json_roundtrip_is_what_the_store_relies_on() -> None:
    from bot.rules import new_game

    g = new_game(["A", "B"], 3)
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


async def test_pending_is_consistent_while_a_move_is_being_saved(
    manager: Manager, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Readers outside the lock (the Discord layer posting a turn message) never see the next
    decision under the previous decision's number while the store is still writing."""
    await started_table(manager, 5)
    before = pending_at(manager, 5)
    assert before is not None and before.user_id is not None
    gate, writing = asyncio.Event(), asyncio.Event()
    real_record_move = manager.store.record_move

    async def slow_record_move(*args: object, **kwargs: object) -> object:
        writing.set()
        await gate.wait()
        return await real_record_move(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(manager.store, "record_move", slow_record_move)
    code = before.decision.choices[-1].code
    move = asyncio.create_task(manager.act(5, before.user_id, before.number, code))
    await asyncio.wait_for(writing.wait(), 30)  # the move is being written
    assert not move.done()
    during = pending_at(manager, 5)
    assert during is not None
    assert (during.number, during.seat, during.decision) == (before.number, before.seat, before.decision)
    gate.set()
    await move
    after = pending_at(manager, 5)
    assert after is not None and after.number == before.number + 1
    assert manager.table(5).game.state.history[-1] == code  # type: ignore[union-attr]
