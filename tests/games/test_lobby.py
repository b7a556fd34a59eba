"""The table's life before the game: create, join, leave, AI seats, start, abandon."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import (
    AlreadySeated,
    AlreadyStarted,
    BadRequest,
    Manager,
    NoTable,
    NotAllowed,
    NotAPlayer,
    NotEnoughPlayers,
    Refusal,
    TableExists,
    TableFull,
)
from bot.rules import Options
from bot.store import ABANDONED, OPEN, STARTED

from .helpers import GUILD, open_manager, pending_at, waiting


async def test_create_join_start(manager: Manager, tmp_path: Path) -> None:
    t = await manager.create_table(GUILD, 1, 101, "Ann", 3, Options(lawyer_pp=3), seed=5)
    assert t.status == OPEN and t.names == ["Ann"] and t.seats[0].user_id == 101
    await manager.join(1, 102, "Bob")
    await manager.add_ai(1, 101)
    assert t.names == ["Ann", "Bob", "AI 1 (easy)"] and t.is_full
    assert [s.is_ai for s in t.seats] == [False, False, True]
    with pytest.raises(TableFull):
        await manager.join(1, 103, "Cid")

    result = await manager.start(1, 101)
    assert t.status == STARTED and t.game is not None
    assert t.game.state.options.lawyer_pp == 3 and t.game.state.seed == 5
    assert result.reports and result.reports[0].sections[0].phase == 1  # income
    assert result.pending is not None and not result.pending.is_ai  # AI seats played themselves

    # The store has it all: a fresh manager over the same file sees the same table.
    other = await open_manager(manager.store.path)
    try:
        again = other.table(1)
        assert again is not None and again.id == t.id and again.status == STARTED
        assert [(s.name, s.user_id, s.is_ai) for s in again.seats] == [
            ("Ann", 101, False),
            ("Bob", 102, False),
            ("AI 1 (easy)", None, True),
        ]
        assert again.game is not None and again.game.to_json() == t.game.to_json()
    finally:
        await other.close()


async def test_lobby_refusals(manager: Manager) -> None:
    with pytest.raises(BadRequest):
        await manager.create_table(GUILD, 1, 101, "Ann", 6)
    with pytest.raises(BadRequest):
        await manager.create_table(GUILD, 1, 101, "Ann", 4, {"lawyer_pp": 5})
    with pytest.raises(BadRequest):
        await manager.create_table(GUILD, 1, 101, "Ann", 4, {"expansions": True})
    with pytest.raises(BadRequest):
        await manager.create_table(GUILD, 1, 101, "   ", 4)
    with pytest.raises(NoTable):
        await manager.join(1, 102, "Bob")
    await manager.create_table(GUILD, 1, 101, "Ann", 2)
    with pytest.raises(TableExists):
        await manager.create_table(GUILD, 1, 102, "Bob", 2)
    with pytest.raises(AlreadySeated):
        await manager.join(1, 101, "Ann again")
    with pytest.raises(NotEnoughPlayers):
        await manager.start(1, 101)
    await manager.join(1, 102, "Ann")  # same name: made unique
    assert manager.table(1).names == ["Ann", "Ann (2)"]  # type: ignore[union-attr]
    with pytest.raises(NotAllowed):
        await manager.start(1, 102)  # only the creator (or a moderator)
    with pytest.raises(NotAllowed):
        await manager.add_ai(1, 102)
    with pytest.raises(NotAPlayer):
        await manager.leave(1, 999)
    await manager.start(1, 999, is_moderator=True)
    with pytest.raises(AlreadyStarted):
        await manager.join(1, 103, "Cid")
    with pytest.raises(AlreadyStarted):
        await manager.leave(1, 102)
    with pytest.raises(AlreadyStarted):
        await manager.start(1, 101)
    # Every refusal has words for a person.
    try:
        await manager.join(1, 103, "Cid")
    except Refusal as r:
        assert "started" in r.message


async def test_leave_passes_creator_and_empty_table_is_abandoned(manager: Manager) -> None:
    t = await manager.create_table(GUILD, 1, 101, "Ann", 4)
    await manager.join(1, 102, "Bob")
    await manager.add_ai(1, 101)
    await manager.leave(1, 101)
    assert t.creator_id == 102 and t.names == ["Bob", "AI 1 (easy)"] and [s.seat for s in t.seats] == [0, 1]
    stored = await manager.store.get_table(t.id)
    assert stored is not None and stored.creator_id == 102 and [s.name for s in stored.seats] == ["Bob", "AI 1 (easy)"]
    await manager.leave(1, 102)  # only an AI seat is left: abandoned
    assert t.status == ABANDONED and manager.table(1) is None
    stored = await manager.store.get_table(t.id)
    assert stored is not None and stored.status == ABANDONED
    await manager.create_table(GUILD, 1, 103, "Cid", 2)  # the channel is free again


async def test_abandon(manager: Manager) -> None:
    t = await manager.create_table(GUILD, 1, 101, "Ann", 2)
    await manager.join(1, 102, "Bob")
    await manager.start(1, 101)
    with pytest.raises(NotAllowed):
        await manager.abandon(1, 102)
    await manager.abandon(1, 102, is_moderator=True)
    assert t.is_abandoned and manager.table(1) is None and pending_at(manager, 1) is None
    assert waiting(manager, 101) == [] and waiting(manager, 102) == []
    with pytest.raises(NoTable):
        await manager.act(1, 101, 0, "p")
    stored = await manager.store.get_table(t.id)
    assert stored is not None and stored.status == ABANDONED and stored.finished_at is not None


async def test_one_table_per_channel_many_per_guild(manager: Manager) -> None:
    for channel in range(10, 15):
        await manager.create_table(GUILD, channel, 101, "Ann", 2)
    assert sorted(t.channel_id for t in manager.tables()) == list(range(10, 15))
    # The same person can sit at several tables at once.
    for channel in range(10, 15):
        await manager.join(channel, 102, "Bob")
        await manager.start(channel, 101)
    seen = {p.channel_id for p in waiting(manager, 101)} | {
        p.channel_id for p in waiting(manager, 102)
    }
    assert seen == set(range(10, 15))
