"""A database written by the first schema version opens with the current code, data intact."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from bot.games import Manager
from bot.games.reports import Chronicle
from bot.rules import new_game
from bot.store import MIGRATIONS, SCHEMA_VERSION, Store


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
        p = manager.pending(51)
        assert p is not None and p.user_id is not None
        await manager.act(51, p.user_id, p.seq, p.decision.choices[0].code)
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
