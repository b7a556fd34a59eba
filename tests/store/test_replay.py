"""The log is the truth: replaying the moves from the seed rebuilds every stored snapshot."""

from __future__ import annotations

import random
from pathlib import Path

from bot.games.reports import Chronicle
from bot.rules import Game, new_game
from bot.store import FINISHED, Store
from tests.games.helpers import open_manager

GAMES = 30


async def check_table(store: Store, table_id: int) -> int:
    rec = await store.get_table(table_id)
    assert rec is not None
    moves = await store.moves(table_id)
    snaps = await store.snapshots(table_id)
    assert [m.seq for m in moves] == list(range(len(moves)))
    assert snaps and snaps[0].seq == 0
    names = [s.name for s in rec.seats]
    first = Game.from_json(snaps[0].state)
    options = first.state.options
    game = new_game(names, rec.seed, options)
    chronicle = Chronicle()
    chronicle.feed(game.opening_events)
    by_seq = {s.seq: s for s in snaps}
    checked = 0
    for seq in range(len(moves) + 1):
        if seq in by_seq:
            snap = by_seq.pop(seq)
            assert game.to_json() == snap.state, f"table {table_id}: snapshot {seq} differs from the replay"
            assert chronicle.to_json() == snap.carry, f"table {table_id}: carry {seq} differs"
            assert (snap.round, snap.phase) == (game.state.round, game.state.phase)
            checked += 1
        if seq < len(moves):
            d = game.decision
            assert d is not None and d.seq == seq and d.player == moves[seq].seat
            chronicle.feed(game.apply(moves[seq].code))
    assert not by_seq, f"snapshots beyond the log: {sorted(by_seq)}"
    # Game.replay gives the same game too; a finished game's last snapshot is the end of the log.
    assert Game.replay(names, rec.seed, options, [m.code for m in moves]).to_json() == game.to_json()
    assert (rec.status == FINISHED) == game.over
    if game.over:
        assert snaps[-1].seq == len(moves)
    return checked


async def test_replay_equals_every_snapshot_over_many_random_games(tmp_path: Path) -> None:
    manager = await open_manager(tmp_path / "db.sqlite3")
    rng = random.Random(2024)
    try:
        for channel in range(GAMES):
            players = 2 + channel % 4
            options = {"jeweller": rng.random() < 0.5, "lawyer_pp": rng.choice((3, 4)), "simple_favors": rng.random() < 0.2}
            await manager.create_table(
                1, channel, 0, "host", players, options,
                seed=rng.randrange(10**9), seat_creator=False, ai_names=[f"P{i}" for i in range(players)],
            )  # fmt: skip
            await manager.start(channel, 0)  # AI seats play the whole game
            t = manager.table(channel)
            assert t is not None and t.is_finished
        snapshots = 0
        for t in manager.tables():
            snapshots += await check_table(manager.store, t.id)
        assert snapshots > GAMES * 40  # a snapshot at least at every phase end (folded ones too)
    finally:
        await manager.close()


async def test_replay_equals_snapshot_in_mid_game_tables(tmp_path: Path) -> None:
    """Tables stopped at random points (some mid-phase) replay to their snapshots as well."""
    manager = await open_manager(tmp_path / "db.sqlite3", autoplay_ai=False)
    rng = random.Random(7)
    try:
        for channel in range(10):
            await manager.create_table(
                1, channel, 0, "host", 3, seed=channel, seat_creator=False, ai_names=["A", "B", "C"]
            )
            await manager.start(channel, 0)
            await manager.advance(channel, max_moves=rng.randrange(1, 200))
        for t in manager.tables():
            await check_table(manager.store, t.id)
    finally:
        await manager.close()
