"""A lobby that is not started within the set time (LOBBY_EXPIRY_DAYS, 7 by default) closes
itself: the scheduler's pass abandons it, memory lets it go, the listener hears of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.games import Manager, Table
from bot.store import ABANDONED, OPEN, STARTED, StoreError
from bot.store.sqlite import Store
from tests.games.helpers import GUILD, ManualClock, Recorder, open_manager, started_table

DAY = 86_400.0


class Expiries(Recorder):
    def __init__(self) -> None:
        super().__init__()
        self.expired: list[Table] = []

    async def on_lobby_expired(self, table: Table) -> None:
        self.expired.append(table)


async def status(manager: Manager, table_id: int) -> str:
    rec = await manager.store.get_table(table_id)
    assert rec is not None
    return rec.status


async def test_an_old_lobby_closes_itself_and_a_young_one_stays(tmp_path: Path) -> None:
    clock, heard = ManualClock(), Expiries()
    manager = await open_manager(tmp_path / "db.sqlite3", clock=clock, listener=heard, lobby_expiry=7 * DAY)
    try:
        old = await manager.create_table(GUILD, 1, 101, "Ann", 3)
        await started_table(manager, 2)  # a game in progress: never expires
        clock.advance(3 * DAY)
        young = await manager.create_table(GUILD, 3, 102, "Bob", 3)
        await manager.join(3, 103, "Cid")

        clock.advance(4 * DAY - 60)  # the old lobby is a minute short of 7 days
        await manager.run_due_timers()
        assert heard.expired == [] and await status(manager, old.id) == OPEN

        clock.advance(61)
        await manager.run_due_timers()
        assert [t.id for t in heard.expired] == [old.id]
        assert await status(manager, old.id) == ABANDONED
        assert manager.table(1) is None  # gone from memory; the channel is free again
        again = await manager.create_table(GUILD, 1, 104, "Dee", 2)
        assert again.is_open
        assert await status(manager, young.id) == OPEN
        started = manager.table(2)
        assert started is not None and started.is_started

        clock.advance(3 * DAY)
        await manager.run_due_timers()
        assert [t.id for t in heard.expired] == [old.id, young.id]
        assert await status(manager, young.id) == ABANDONED
        assert started.is_started and await status(manager, started.id) == STARTED
    finally:
        await manager.close()


async def test_a_lobby_stored_long_ago_expires_after_a_restart(tmp_path: Path) -> None:
    clock = ManualClock()
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path, clock=clock, lobby_expiry=None)  # an older bot: no expiry
    try:
        lobby = await manager.create_table(GUILD, 5, 101, "Ann", 3)
        clock.advance(30 * DAY)
        await manager.run_due_timers()
        assert await status(manager, lobby.id) == OPEN
    finally:
        await manager.close()
    heard = Expiries()
    manager = await open_manager(path, clock=clock, listener=heard)  # the default: 7 days
    try:
        assert manager.table(5) is not None
        await manager.run_due_timers()
        assert [t.id for t in heard.expired] == [lobby.id] and await status(manager, lobby.id) == ABANDONED
    finally:
        await manager.close()


def test_the_setting() -> None:
    assert Settings(_env_file=None).lobby_expiry_days == 7  # type: ignore[call-arg]
    assert Settings(_env_file=None, lobby_expiry_days=0.5).lobby_expiry_days == 0.5  # type: ignore[call-arg]


async def test_the_setting_reaches_the_manager(tmp_path: Path) -> None:
    clock, heard = ManualClock(), Expiries()
    settings = Settings(_env_file=None, database_path=tmp_path / "db.sqlite3", lobby_expiry_days=1)  # type: ignore[call-arg]
    manager = await Manager.open(settings, render=None, clock=clock, listener=heard)
    try:
        await manager.load()
        lobby = await manager.create_table(GUILD, 6, 101, "Ann", 3)
        clock.advance(DAY + 1)
        await manager.run_due_timers()
        assert [t.id for t in heard.expired] == [lobby.id]
    finally:
        await manager.close()


class LosesOneAnswer(Store):
    """The real SQLite store; the next status change is made, then its answer lost."""

    lose = False

    async def set_status(self, table_id: int, status: str, **kwargs: Any) -> None:
        await super().set_status(table_id, status, **kwargs)
        if self.lose:
            self.lose = False
            raise StoreError("connection lost after the COMMIT")


async def test_a_lobby_closed_whose_answer_was_lost_is_let_go_all_the_same(tmp_path: Path) -> None:
    """The expiry's write is read back: closed in the store, the lobby leaves memory and its
    channel hears of it, as if the answer had come (else the channel kept an open table in
    memory that the store says is abandoned)."""
    clock, heard = ManualClock(), Expiries()
    store = await LosesOneAnswer.open(tmp_path / "db.sqlite3", synchronous="NORMAL")
    manager = Manager(store, render=None, listener=heard, clock=clock, lobby_expiry=7 * DAY)
    try:
        old = await manager.create_table(GUILD, 1, 101, "Ann", 3)
        clock.advance(7 * DAY + 1)
        store.lose = True
        await manager.run_due_timers()
        assert not store.lose and await status(manager, old.id) == ABANDONED
        assert [t.id for t in heard.expired] == [old.id] and manager.table(1) is None
    finally:
        await manager.close()
