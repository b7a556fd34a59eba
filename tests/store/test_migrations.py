"""A database written by the first schema version opens with the current code, data intact."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from bot.games import Manager
from bot.games.reports import Chronicle
from bot.rules import new_game
from bot.store import MIGRATIONS, SCHEMA_VERSION, MoveRecord, Store


def build_v1(path: Path) -> tuple[str, list[str]]:
    """A version-1 file with one open and one started table (a real game, 12 moves in)."""
    v1 = MIGRATIONS[0]
    assert v1.version == 1
    con = sqlite3.connect(path)
    con.executescript(v1.sql)
    con.execute("PRAGMA user_version = 1")
    opts = {"jeweller": False, "lawyer_pp": 4, "simple_favors": False}
    con.execute(
        "INSERT INTO game_tables (id, guild_id, channel_id, creator_id, max_seats, options, seed, status,"
        " created_at, updated_at) VALUES (1, 5, 50, 101, 3, ?, 77, 'open', 1.0, 1.0)",
        (json.dumps(opts),),
    )
    con.execute("INSERT INTO seats VALUES (1, 0, 101, 'Ann', 0, 1.0)")
    con.execute(
        "INSERT INTO game_tables (id, guild_id, channel_id, creator_id, max_seats, options, seed, status,"
        " created_at, started_at, updated_at) VALUES (2, 5, 51, 201, 2, ?, 78, 'started', 1.0, 2.0, 3.0)",
        (json.dumps(opts),),
    )
    con.execute("INSERT INTO seats VALUES (2, 0, 201, 'Bea', 0, 1.0)")
    con.execute("INSERT INTO seats VALUES (2, 1, 202, 'Cal', 0, 1.0)")
    game = new_game(["Bea", "Cal"], 78)
    import zlib

    chronicle = Chronicle()
    chronicle.feed(game.opening_events)
    con.execute(
        "INSERT INTO snapshots (table_id, seq, round, phase, state, carry, report, at) VALUES (2, 0, 1, 2, ?, ?, NULL, 2.0)",
        (zlib.compress(game.to_json().encode()), chronicle.to_json()),
    )
    rng = random.Random(1)
    for seq in range(12):
        d = game.decision
        assert d is not None
        code = rng.choice(d.choices).code
        game.apply(code)
        con.execute(
            "INSERT INTO moves VALUES (2, ?, ?, ?, ?, ?)", (seq, d.player, 201 + d.player, code, 3.0 + seq)
        )
    con.commit()
    con.close()
    return game.to_json(), list(game.state.history)


async def test_v1_database_is_upgraded_not_rejected(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    expected_state, history = build_v1(path)

    manager = await Manager.open(path, render=None)
    try:
        assert await manager.store.schema_version() == SCHEMA_VERSION
        assert await manager.load() == 2
        lobby = manager.table(50)
        assert lobby is not None and lobby.is_open and lobby.names == ["Ann"] and lobby.seats[0].user_id == 101
        game_table = manager.table(51)
        assert game_table is not None and game_table.is_started and game_table.game is not None
        assert game_table.game.to_json() == expected_state
        assert game_table.game.state.history == history
        assert [s.user_id for s in game_table.seats] == [201, 202]
        # The old game goes on with the new code, and the new tables (timers) work.
        p = game_table.pending
        assert p is not None and p.user_id is not None
        await manager.act(51, p.user_id, p.number, p.decision.choices[0].code)
        assert len(await manager.store.moves(game_table.id)) == 13
        await manager.store.add_timer(game_table.id, "deadline", 10.0)
        assert len(await manager.store.due_timers(11.0)) == 1
        await manager.join(50, 102, "Bob")
    finally:
        await manager.close()

    con = sqlite3.connect(path)
    indexes = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "seats_user" in indexes and "timers_due" in indexes
    con.close()


async def test_each_migration_applies_in_one_step(tmp_path: Path) -> None:
    """Opening at every intermediate version reaches the latest one."""
    for upto in range(len(MIGRATIONS) + 1):
        path = tmp_path / f"v{upto}.sqlite3"
        store = await Store.open(path, migrations=MIGRATIONS[:upto] or MIGRATIONS[:0])
        assert await store.schema_version() == (MIGRATIONS[upto - 1].version if upto else 0)
        await store.close()
        store = await Store.open(path)
        assert await store.schema_version() == SCHEMA_VERSION
        await store.close()


async def test_v2_database_gets_settings_seat_states_and_the_undo_log(tmp_path: Path) -> None:
    """Version 3 rebuilds the move log with log positions and actors, keeps every move, adds
    table settings and seat states with their defaults; the old game plays on, undo included."""
    path = tmp_path / "v2.sqlite3"
    expected_state, history = build_v1(path)
    con = sqlite3.connect(path)
    con.execute("INSERT INTO seats VALUES (1, 1, NULL, 'Bot', 1, 1.0)")  # an AI seat in the lobby
    con.commit()
    con.close()
    store = await Store.open(path, migrations=MIGRATIONS[:2])
    assert await store.schema_version() == 2
    await store.close()

    store = await Store.open(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION >= 3
        moves = await store.move_log(2)
        assert [(m.pos, m.seq, m.code) for m in moves] == [(i, i, c) for i, c in enumerate(history)]
        assert {m.who for m in moves} == {"player"} and not any(m.undone for m in moves)
        assert await store.moves(2) == moves and await store.log_size(2) == len(history)
        seats = await store.seats(1)
        assert [(s.ai_level, s.missed_in_row, s.ai_takeover) for s in seats] == [(None, 0, False)] * 2
        rec = await store.get_table(2)
        assert rec is not None and rec.settings == {}
        # The partial unique index: one applied move per seq.
        with pytest.raises(sqlite3.IntegrityError):
            await store.record_move(2, MoveRecord(3, 0, 201, "again", 9.0, n=99))
    finally:
        await store.close()
    con = sqlite3.connect(path)
    indexes = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "moves_applied" in indexes
    assert con.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'moves_v3'").fetchone()[0] == 0
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    con.close()

    manager = await Manager.open(path, render=None)
    try:
        await manager.load()
        t = manager.table(51)
        assert t is not None and t.game is not None and t.game.to_json() == expected_state
        assert t.log_rows == len(history)
        p = t.pending
        assert p is not None and p.user_id is not None and p.number == len(history)
        result = await manager.act(51, p.user_id, p.number, p.decision.choices[0].code)
        if not any(e.kind == "phase_end" for e in result.events):
            await manager.undo(51, p.user_id)
            assert t.game.to_json() == expected_state
            assert [m.who for m in await manager.store.move_log(t.id)][-2:] == ["player", "undo"]
    finally:
        await manager.close()
