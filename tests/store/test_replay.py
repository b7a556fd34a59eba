"""The log is the truth: replaying the moves from the seed rebuilds every stored snapshot; on
both backends, and a manager reopened on the same database has the same games (a round trip)."""

from __future__ import annotations

import random
from typing import Any

from bot.games import Manager, Table
from bot.games.registry import logged_events
from bot.games.reports import Chronicle, PhaseReport
from bot.rules import Game, new_game
from bot.store import FINISHED, GameStore, open_store

GAMES = 30  # on SQLite; PostgreSQL plays fewer (the same code paths, a slower commit)
PG_GAMES = 8


async def manager_on(url: str, **kwargs: Any) -> Manager:
    """A manager over the store at `url` (a SQLite path or a postgresql:// URL), loaded."""
    kwargs.setdefault("render", None)
    manager = Manager(await open_store(url, synchronous="NORMAL"), **kwargs)  # type: ignore[arg-type]
    await manager.load()
    return manager


async def check_table(store: GameStore, table_id: int) -> int:
    rec = await store.get_table(table_id)
    assert rec is not None
    moves = await store.moves(table_id)
    snaps = await store.snapshots(table_id)
    assert [m.seq for m in moves] == list(range(len(moves)))
    assert snaps and snaps[0].seq == 0
    names = [s.name for s in rec.seats]
    assert snaps[0].state is not None
    first = Game.from_json(snaps[0].state)
    options = first.state.options
    game = new_game(names, rec.seed, options)
    chronicle = Chronicle()
    cut = chronicle.feed(game.opening_events)
    by_seq = {s.seq: s for s in snaps}
    checked = kept = 0
    # The opening and the latest snapshot keep their state, and so does every one whose report
    # waits to be posted; the others are thinned.
    assert snaps[0].state is not None and snaps[-1].state is not None
    waiting = {s.seq for s in await store.unreported(table_id)}
    assert all(s.state is not None for s in snaps if s.seq in waiting)
    assert all(s.state is None for s in snaps[1:-1] if s.seq not in waiting)
    for seq in range(len(moves) + 1):
        if seq in by_seq:
            snap = by_seq.pop(seq)
            if snap.state is not None:  # a superseded state is left to the log (bot/store/codec.py)
                assert game.to_json() == snap.state, f"table {table_id}: snapshot {seq} differs from the replay"
                kept += 1
            if seq <= rec.reported_seq and seq < snaps[-1].seq:
                # posted: its report and carried events are left to the log too (bot/store/codec.py)
                assert (snap.carry, snap.report) == ("", None), f"table {table_id}: posted snapshot {seq} kept its words"
            else:
                assert chronicle.to_json() == snap.carry, f"table {table_id}: carry {seq} differs"
            if snap.report is not None:  # the report cut by the move before, as it was posted
                assert cut.sections is not None, f"table {table_id}: report {seq} not cut"
                report = PhaseReport(table_id, rec.channel_id, seq, cut.sections, cut.game_over)
                assert report.to_json() == snap.report, f"table {table_id}: report {seq} differs"
            assert (snap.round, snap.phase) == (game.state.round, game.state.phase)
            checked += 1
        if seq < len(moves):
            d = game.decision
            assert d is not None and d.seq == seq and d.player == moves[seq].seat
            cut = chronicle.feed(logged_events(game, moves[seq], table_id))
    assert not by_seq, f"snapshots beyond the log: {sorted(by_seq)}"
    assert kept == 2 + len(waiting - {0, snaps[-1].seq}) or len(snaps) == 1
    # Game.replay gives the same game too; a finished game's last snapshot is the end of the log.
    assert Game.replay(names, rec.seed, options, [m.code for m in moves]).to_json() == game.to_json()
    assert (rec.status == FINISHED) == game.over
    if game.over:
        assert snaps[-1].seq == len(moves)
    return checked


async def test_replay_equals_every_snapshot_over_many_random_games(store_url: str) -> None:
    games = PG_GAMES if store_url.startswith("postgresql://") else GAMES
    manager = await manager_on(store_url)
    rng = random.Random(2024)
    try:
        for channel in range(games):
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
        assert snapshots > games * 40  # a snapshot at least at every phase end (folded ones too)
    finally:
        await manager.close()


def seen(t: Table) -> tuple[str | None, str, int]:
    """A table's game, its events not reported yet (the chronicle) and its log size."""
    return t.game.to_json() if t.game else None, t.chronicle.to_json(), t.log_rows


async def test_replay_equals_snapshot_in_mid_game_tables(store_url: str) -> None:
    """Tables stopped at random points (some mid-phase) replay to their snapshots as well, and a
    manager reopened on the database has every game as it was (its unreported events too), and
    plays it on."""
    manager = await manager_on(store_url, autoplay_ai=False)
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
        before = {t.channel_id: seen(t) for t in manager.tables()}
    finally:
        await manager.close()

    manager = await manager_on(store_url, autoplay_ai=False)
    try:
        after = {t.channel_id: seen(t) for t in manager.tables()}
        assert after == before and len(after) == 10
        for channel in range(10):
            await manager.advance(channel, max_moves=rng.randrange(1, 50))
        for t in manager.tables():
            await check_table(manager.store, t.id)
    finally:
        await manager.close()
