"""The store on both backends (SQLite files, a real PostgreSQL; see conftest.py): tables, the
move log, snapshots, timers; and what is SQLite's own (the file, WAL, the configured path)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.config import Settings
from bot.store import (
    ABANDONED,
    FINISHED,
    SCHEMA_VERSION,
    ChannelBusy,
    Conflict,
    GameStore,
    MoveRecord,
    SchemaTooNew,
    SeatRecord,
    SnapshotRecord,
    Store,
    open_store,
)


def snap(seq: int, state: str = '{"x":1}', report: str | None = None) -> SnapshotRecord:
    return SnapshotRecord(seq=seq, round=1, phase=2, state=state, carry="{}", report=report, at=1.0)


async def new_table(store: GameStore, channel: int = 7) -> int:
    rec = await store.create_table(
        guild_id=1,
        channel_id=channel,
        creator_id=101,
        max_seats=3,
        options={"jeweller": False, "lawyer_pp": 4, "simple_favors": False},
        seed=42,
        seats=[SeatRecord(0, "Ann", 101), SeatRecord(1, "AI 1", None, True)],
        now=10.0,
    )
    return rec.id


async def test_created_on_first_use_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "caylus.sqlite3"
    store = await Store.open(path)
    try:
        assert path.exists()
        assert await store.schema_version() == SCHEMA_VERSION
    finally:
        await store.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"game_tables", "seats", "moves", "snapshots", "timers"} <= tables
    con.close()
    # Opening again migrates nothing and keeps the data.
    store = await Store.open(path)
    assert await store.schema_version() == SCHEMA_VERSION
    await store.close()


def test_default_path_from_configuration(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for var in ("DATABASE_PATH", "DISCORD_TOKEN", "LOG_LEVEL", "DEV_GUILD_ID"):
        monkeypatch.delenv(var, raising=False)
    settings = Settings()
    assert settings.database_path == Path("data/caylus.sqlite3")
    assert settings.token == "" and settings.log_level == "INFO" and settings.dev_guild_id is None
    (tmp_path / ".env").write_text("DATABASE_PATH=elsewhere/x.sqlite3\nDEV_GUILD_ID=123\nlog_level=debug\n")
    settings = Settings()
    assert settings.database_path == Path("elsewhere/x.sqlite3") and settings.dev_guild_id == 123
    assert settings.log_level == "DEBUG"
    monkeypatch.setenv("DATABASE_PATH", "env/wins.sqlite3")
    assert Settings().database_path == Path("env/wins.sqlite3")


async def test_one_active_table_per_channel(store_url: str) -> None:
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        first = await new_table(store, channel=7)
        with pytest.raises(ChannelBusy):
            await new_table(store, channel=7)
        await new_table(store, channel=8)  # another channel of the same guild
        await store.set_status(first, FINISHED)
        again = await new_table(store, channel=7)  # the channel is free once the game ended
        last = await store.last_table_in_channel(7)
        assert last is not None and last.id == again
        rec = await store.get_table(first)
        assert rec is not None and rec.status == FINISHED and rec.finished_at is not None
        assert [s.name for s in rec.seats] == ["Ann", "AI 1"] and rec.seats[1].user_id is None
        assert rec.seats[1].is_ai and rec.options["lawyer_pp"] == 4 and rec.seed == 42
    finally:
        await store.close()


async def test_move_log_and_snapshots(store_url: str) -> None:
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await new_table(store)
        await store.start_table(tid, seats=[SeatRecord(0, "Ann", 101), SeatRecord(1, "AI 1", None, True)], snapshot=snap(0))
        for seq in range(5):
            await store.record_move(
                tid,
                MoveRecord(seq, seq % 2, 101 if seq % 2 == 0 else None, f"c{seq}", 20.0 + seq),
                snapshot=snap(seq + 1, report='{"r":1}') if seq == 2 else None,
            )
        moves = await store.moves(tid)
        assert [(m.seq, m.seat, m.user_id, m.code) for m in moves] == [
            (0, 0, 101, "c0"), (1, 1, None, "c1"), (2, 0, 101, "c2"), (3, 1, None, "c3"), (4, 0, 101, "c4")
        ]  # fmt: skip
        assert [s.seq for s in await store.snapshots(tid)] == [0, 3]
        loaded = await store.load_table(tid)
        assert loaded is not None and loaded.snapshot is not None
        assert loaded.snapshot.seq == 3 and [m.seq for m in loaded.moves] == [3, 4]
        # the bulk loader agrees with the one-table loader
        [bulk] = await store.load_active()
        assert bulk.snapshot == loaded.snapshot and bulk.moves == loaded.moves
        assert bulk.table.seats == loaded.table.seats

        # A seq already logged is refused, and the whole transaction with it.
        with pytest.raises(Conflict):
            await store.record_move(tid, MoveRecord(4, 0, 101, "again", 30.0), snapshot=snap(99))
        assert [s.seq for s in await store.snapshots(tid)] == [0, 3]
        assert len(await store.moves(tid)) == 5

        # Reports not yet acknowledged
        assert [s.seq for s in await store.unreported(tid)] == [3]
        await store.ack_reports(tid, 3)
        assert await store.unreported(tid) == []
        await store.ack_reports(tid, 1)  # never goes back
        rec = await store.get_table(tid)
        assert rec is not None and rec.reported_seq == 3

        await store.record_move(tid, MoveRecord(5, 1, None, "end", 40.0), snapshot=snap(6), finished=True)
        rec = await store.get_table(tid)
        assert rec is not None and rec.status == FINISHED and rec.finished_at == 40.0
        assert await store.load_active() == []  # finished, its reports acknowledged
    finally:
        await store.close()


async def test_timers(store_url: str) -> None:
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await new_table(store)
        other = await new_table(store, channel=8)
        a = await store.add_timer(tid, "deadline", 100.0, {"seq": 3})
        await store.add_timer(tid, "reminder", 50.0)
        await store.add_timer(other, "deadline", 75.0)
        assert [t.kind for t in await store.due_timers(80.0)] == ["reminder", "deadline"]
        assert (await store.timers_for(tid, "deadline"))[0].payload == {"seq": 3}
        b = await store.add_timer(tid, "deadline", 200.0, {"seq": 4}, replace=True)
        assert [t.id for t in await store.timers_for(tid, "deadline")] == [b] and a != b
        assert await store.next_timer_due() == 50.0
        [record] = await store.timers_for(tid, "deadline")
        assert await store.delete_timer(record) and not await store.delete_timer(record)
        await store.update_lobby(tid, seats=[], creator_id=101, status=ABANDONED)
        assert await store.timers_for(tid) == []  # an abandoned table's timers go with it
        assert await store.delete_timers(other) == 1
    finally:
        await store.close()
    # Timers survive a restart.
    store = await open_store(store_url)
    try:
        await store.add_timer(2, "deadline", 1.0)
    finally:
        await store.close()
    store = await open_store(store_url)
    try:
        assert [t.table_id for t in await store.due_timers(2.0)] == [2]
    finally:
        await store.close()


async def test_a_timer_read_before_its_id_went_to_another_deletes_nothing(store_url: str) -> None:
    """A pass of the scheduler reads a table's deadline; the table moves on (its timers replaced)
    and SQLite gives the freed id to another table's new deadline. Dropping the stale record
    must not delete that one: the other game would wait for ever (found by the soak)."""
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        first = await new_table(store)
        other = await new_table(store, channel=8)
        await store.add_timer(first, "deadline", 100.0, {"seq": 2})
        [stale] = await store.due_timers(150.0)
        assert await store.delete_timers(first) == 1  # the table's move replaced it
        await store.add_timer(other, "deadline", 120.0, {"seq": 5})
        assert not await store.delete_timer(stale)  # also when the new timer has its id
        assert [(t.table_id, t.payload) for t in await store.due_timers(150.0)] == [(other, {"seq": 5})]
    finally:
        await store.close()


async def test_a_newer_database_is_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(SchemaTooNew):
        await Store.open(path)


async def test_a_move_carries_its_timers_and_seat_states(store_url: str) -> None:
    from bot.store import AUTO, DEADLINE, REMINDER, NewTimer

    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await new_table(store)
        seats = [SeatRecord(0, "Ann", 101), SeatRecord(1, "AI 1", None, True, ai_level="greedy")]
        first = [NewTimer(REMINDER, 50.0, {"seq": 0}), NewTimer(DEADLINE, 100.0, {"seq": 0})]
        await store.start_table(tid, seats=seats, snapshot=snap(0), clear_timers=(REMINDER, DEADLINE), timers=first)
        assert [(t.kind, t.payload) for t in await store.timers_for(tid)] == [
            (REMINDER, {"seq": 0}), (DEADLINE, {"seq": 0})
        ]  # fmt: skip
        await store.add_timer(tid, "other", 10.0)  # a kind the move does not touch
        missed = SeatRecord(0, "Ann", 101, missed_in_row=1, ai_takeover=True)
        await store.record_move(
            tid, MoveRecord(0, 0, None, "c0", 100.0, AUTO), seat_states=[missed],
            clear_timers=(REMINDER, DEADLINE), timers=[NewTimer(DEADLINE, 200.0, {"seq": 1})],
        )  # fmt: skip
        assert sorted((t.kind, t.due_at) for t in await store.timers_for(tid)) == [(DEADLINE, 200.0), ("other", 10.0)]
        got = await store.seats(tid)
        assert (got[0].missed_in_row, got[0].ai_takeover, got[1].ai_level) == (1, True, "greedy")
        assert [(m.who, m.user_id) for m in await store.moves(tid)] == [(AUTO, None)]
        # A failed move leaves the timers and seats as they were.
        with pytest.raises(Conflict):
            await store.record_move(
                tid, MoveRecord(0, 0, 101, "c0", 101.0), seat_states=[SeatRecord(0, "Ann", 101)],
                clear_timers=(REMINDER, DEADLINE),
            )  # fmt: skip
        assert len(await store.timers_for(tid)) == 2 and (await store.seats(tid))[0].ai_takeover
        [bulk] = await store.load_active()
        assert bulk.log_size == 1 and len(bulk.timers) == 2 and bulk.table.seats == got
        with pytest.raises(ValueError):
            await store.record_move(tid, MoveRecord(1, 0, 101, "c1", 1.0, "undo"))
    finally:
        await store.close()


async def test_undo_rows_in_the_log(store_url: str) -> None:
    from bot.store import UNDO, StoreError

    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await new_table(store)
        await store.start_table(tid, seats=[SeatRecord(0, "Ann", 101), SeatRecord(1, "AI 1", None, True)], snapshot=snap(0))
        await store.record_move(tid, MoveRecord(0, 0, 101, "a", 1.0))
        await store.record_move(tid, MoveRecord(1, 1, None, "b", 2.0), snapshot=snap(2))
        await store.record_move(tid, MoveRecord(2, 0, 101, "c", 3.0))
        # Only the last applied choice, and not one a snapshot follows.
        with pytest.raises(StoreError):
            await store.record_undos(tid, [(MoveRecord(1, 0, 101, "b", 4.0, UNDO, 3), 1)])
        await store.record_undos(tid, [(MoveRecord(2, 0, 101, "c", 4.0, UNDO, 3), 2)])
        with pytest.raises(StoreError):  # already undone
            await store.record_undos(tid, [(MoveRecord(2, 0, 101, "c", 4.0, UNDO, 4), 2)])
        with pytest.raises(StoreError):  # the choice before ended a phase (snapshot 2)
            await store.record_undos(tid, [(MoveRecord(1, 1, 101, "b", 4.0, UNDO, 4), 1)])
        await store.record_move(tid, MoveRecord(2, 0, 101, "d", 5.0, n=4))
        log = await store.move_log(tid)
        assert [(m.pos, m.seq, m.code, m.who, m.undone) for m in log] == [
            (0, 0, "a", "player", False), (1, 1, "b", "ai", False), (2, 2, "c", "player", True),
            (3, 2, "c", UNDO, False), (4, 2, "d", "player", False),
        ]  # fmt: skip
        assert [m.code for m in await store.moves(tid)] == ["a", "b", "d"]
        loaded = await store.load_table(tid)
        assert loaded is not None and [m.code for m in loaded.moves] == ["d"] and loaded.log_size == 5
        [bulk] = await store.load_active()
        assert bulk.moves == loaded.moves and bulk.log_size == 5
    finally:
        await store.close()


async def test_reports_are_acknowledged_one_by_one(store_url: str) -> None:
    """A report posted while an earlier one still waits (it failed; kept for a later try) does
    not mark the earlier one as posted; a finished game stays loaded until all are posted."""
    store = await open_store(store_url, synchronous="NORMAL")
    try:
        tid = await new_table(store)
        await store.start_table(tid, seats=[SeatRecord(0, "Ann", 101), SeatRecord(1, "AI 1", None, True)], snapshot=snap(0))
        for seq in range(6):
            report = f'{{"r":{seq}}}' if seq in (1, 3, 5) else None
            await store.record_move(
                tid,
                MoveRecord(seq, seq % 2, 101 if seq % 2 == 0 else None, f"c{seq}", 20.0 + seq),
                snapshot=snap(seq + 1, report=report) if report else None,
                finished=seq == 5,
            )
        assert [s.seq for s in await store.unreported(tid)] == [2, 4, 6]
        await store.ack_report(tid, 4)  # 2 failed and waits
        assert [s.seq for s in await store.unreported(tid)] == [2, 6]
        await store.ack_report(tid, 6)
        assert [s.seq for s in await store.unreported(tid)] == [2]
        assert [t.table.id for t in await store.load_active()] == [tid]  # finished, 2 still waits
        await store.ack_report(tid, 4)  # twice: no harm
        await store.ack_report(tid, 2)
        assert await store.unreported(tid) == []
        rec = await store.get_table(tid)
        assert rec is not None and rec.reported_seq == 6
        assert await store.load_active() == []
    finally:
        await store.close()
