"""The manager's face (issue 23): every operation is its job's own method, the listener is typed
whole, a button's table id is used as it is, and who may answer is checked in one order."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from bot.games import (
    BaseListener,
    GameOver,
    Listener,
    Manager,
    NoTable,
    NotAPlayer,
    NotStarted,
    NotYourTurn,
    Refusal,
    StaleDecision,
    TakenOver,
    pending_for,
)
from bot.games.acks import Acks
from bot.games.lobby import Lobby
from bot.games.looking_back import LookingBack
from bot.games.registry import Registry
from bot.games.standing import Standing
from bot.games.timers import Timers
from bot.games.turns import Turns
from bot.games.undo import Undo

from .helpers import GUILD, open_manager, started_table

JOBS = (Registry, Lobby, Turns, Undo, Standing, Timers, Acks, LookingBack)
LIFE = {"open", "close", "load", "listener"}  # the manager's own: opening, loading, closing


def _operations(manager: Manager) -> dict[str, object]:
    return {
        name: value for name, value in vars(manager).items()
        if not name.startswith("_") and inspect.ismethod(value)
    }  # fmt: skip


async def test_every_operation_is_a_jobs_own_method_with_its_docstring(tmp_path: Path) -> None:
    manager = await open_manager(tmp_path / "db.sqlite3")
    try:
        ops = _operations(manager)
        assert {"act", "undo", "create_table", "set_orders", "run_due_timers", "ack"} <= set(ops)
        for name, op in ops.items():
            job = type(op.__self__)  # type: ignore[attr-defined]
            assert job in JOBS, name
            assert inspect.getdoc(op), f"{job.__name__}.{op.__name__} has no docstring"  # type: ignore[attr-defined]
        # nothing else is written on the class: no second signature of an operation
        own = {n for n, v in vars(Manager).items() if not n.startswith("_") and (callable(v) or isinstance(v, property | classmethod))}
        assert own == LIFE
    finally:
        await manager.close()


def test_the_base_listener_answers_everything_the_listener_hears() -> None:
    heard = {n for n in vars(Listener) if n.startswith("on_")}
    assert {"on_result", "on_lobby_expired"} <= heard  # what the timers tell of an expired lobby too
    assert heard == {n for n in vars(BaseListener) if n.startswith("on_")}
    assert all(inspect.iscoroutinefunction(getattr(BaseListener, n)) for n in heard)


async def test_a_button_of_a_table_that_is_over_never_reaches_the_next_table(tmp_path: Path) -> None:
    """The old table's decision number is also the new table's: by the channel alone the click
    would be played at the new table."""
    manager = await open_manager(tmp_path / "db.sqlite3")
    try:
        await started_table(manager, 1, humans=2, seed=1)
        old = manager.table(1)
        assert old is not None and old.pending is not None
        number = old.pending.number
        await manager.abandon(1, 101)
        await started_table(manager, 1, humans=2, seed=1)
        new = manager.table(1)
        assert new is not None and new.id != old.id and new.pending is not None
        assert new.pending.number == number
        code, user = new.pending.decision.choices[0].code, new.pending.user_id
        assert user is not None
        with pytest.raises(NoTable):
            await manager.act(1, user, number, code, table_id=old.id)
        with pytest.raises(NoTable):  # a table id of another channel
            await manager.act(2, user, number, code, table_id=new.id)
        assert new.pending.number == number and new.moves_applied == 0
        result = await manager.act(1, user, number, code, table_id=new.id)
        assert result.moves[0].code == code
    finally:
        await manager.close()


async def _refusal(manager: Manager, channel: int, user: int, number: int) -> type[Refusal] | None:
    try:
        await manager.act(channel, user, number, "not-a-code")
    except Refusal as r:
        return type(r)
    return None


async def test_pending_for_refuses_as_act_does(tmp_path: Path) -> None:
    """`pending_for` (the chooser, the autocomplete) and `act` refuse in the same order."""
    manager = await open_manager(tmp_path / "db.sqlite3", autoplay_ai=False)
    try:
        await manager.create_table(GUILD, 5, 101, "Ann", 2)
        lobby = manager.table(5)
        assert lobby is not None
        with pytest.raises(NotStarted):
            pending_for(lobby, 101)
        assert await _refusal(manager, 5, 101, 0) is NotStarted

        users, _ = await started_table(manager, 1, humans=2, seed=2)
        t = manager.table(1)
        assert t is not None and t.pending is not None
        number, mover = t.pending.number, t.pending.user_id
        other = next(u for u in users if u != mover)
        assert mover is not None
        assert pending_for(t, mover) == t.pending
        with pytest.raises(NotAPlayer):
            pending_for(t, 999)
        assert await _refusal(manager, 1, 999, number) is NotAPlayer
        with pytest.raises(NotYourTurn):
            pending_for(t, other)
        assert await _refusal(manager, 1, other, number) is NotYourTurn
        assert await _refusal(manager, 1, other, number + 1) is StaleDecision  # the number first

        seat = t.seat_of(mover)
        assert seat is not None
        t.seats = t.with_seat(seat.seat, ai_takeover=True)  # as the deadlines do (the AI waits: no autoplay)
        with pytest.raises(TakenOver):
            pending_for(t, mover)
        assert await _refusal(manager, 1, mover, number) is TakenOver

        await manager.abandon(1, users[0])
        with pytest.raises(GameOver):
            pending_for(t, mover)
    finally:
        await manager.close()
