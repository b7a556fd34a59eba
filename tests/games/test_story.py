"""The story of a game (issue 24): each phase report's board drawn at that phase's end, every past
board rebuilt from the move log identical to the one posted, and the summary's figures equal to
the final scores (§2.8)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from bot.games import Manager, PhaseReport
from bot.games.past import board_png, past_boards, read_past, summary_png
from bot.games.render import render_board_png
from bot.games.story import SOURCES, tally
from bot.rules import final_scores

from .helpers import GUILD, open_manager

# Fields of the state that say where the game stands in its flow, not what the board shows.
FLOW = {"round", "phase", "step", "cursor", "tasks", "history", "completed_this_turn"}


def board_of(state: object) -> dict[str, object]:
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in FLOW}  # type: ignore[arg-type]


async def ai_game(manager: Manager, players: int, seed: int) -> list[PhaseReport]:
    """A whole game of AI seats, one move at a time; the reports as the channel got them."""
    await manager.create_table(
        GUILD, 1, 100, "host", players, seed=seed, seat_creator=False,
        ai_names=["Ann", "Борис", "Cid", "Dee", "Eve"][:players],
    )  # fmt: skip
    reports = list((await manager.start(1, 100)).reports)
    t = manager.table(1)
    assert t is not None
    while t.is_started:
        result = await manager.advance(1, max_moves=1)
        reports += result.reports
    for r in reports:
        await r.drawn()
    return reports


async def test_each_report_shows_its_phase_at_its_end(tmp_path: Path) -> None:
    """The board of a report is the state when its last phase ended: nothing of the next phase
    has happened (§2 phase 5's activations after the provost's move, §2 phase 3's Trading post
    after the last placement). A phase 4 in which everybody left the provost where it was shows
    the same board as the phase before it."""
    manager = await open_manager(tmp_path / "db.sqlite3", autoplay_ai=False)
    try:
        reports = await ai_game(manager, 5, 11)
    finally:
        await manager.close()
    assert reports[-1].game_over
    stays = 0
    for before, r in zip(reports, reports[1:], strict=False):
        assert r.state is not None and before.state is not None
        if r.game_over:
            assert r.state.phase == 8
            continue
        assert (r.state.phase, r.state.step, r.state.cursor) == (r.phase % 7 + 1, 0, 0)
        if r.phase == 4 and len(r.sections) == 1 and all(e.words in ("provost_stay", "obvious") for e in r.events if e.kind != "phase_end"):
            stays += 1
            assert board_of(r.state) == board_of(before.state)
        if r.phase == 4:  # every worker placed is still on the road: phase 5 has not begun
            placed = sum(1 for w in r.state.road_worker if w >= 0)
            assert placed == sum(1 for w in before.state.road_worker if w >= 0)
    assert stays >= 1


async def test_past_boards_are_the_boards_posted(tmp_path: Path) -> None:
    """Every past board rebuilt from the store (the log replayed from the seed) is the one the
    channel got, pixel for pixel; the summary's figures add up to the final scores."""
    manager = await open_manager(tmp_path / "db.sqlite3", autoplay_ai=False, render=render_board_png)
    try:
        live = await ai_game(manager, 3, 5)
        t = await manager.last_table(1)
        assert t is not None and t.game is not None
        past = await read_past(manager.store, t)
    finally:
        await manager.close()
    assert past is not None and past.over
    rebuilt = past_boards(past)
    assert [r.seq for r in rebuilt] == [r.seq for r in live]
    for a, b in zip(live, rebuilt, strict=True):
        assert a.state is not None and b.state is not None
        assert a.state == b.state
        assert (a.pending is None) == (b.pending is None)
        if a.pending is not None and b.pending is not None:
            assert (a.pending.player, a.pending.kind, a.pending.seq) == (b.pending.player, b.pending.kind, b.pending.seq)
    # the images: a few, compared byte for byte with what the channel got
    for i in (0, len(live) // 2, len(live) - 1):
        assert live[i].png is not None
        assert board_png(past, i) == live[i].png
    # a report found by round and phase
    mid = live[len(live) // 2]
    assert past.find(mid.round, mid.phase) == len(live) // 2

    scores = final_scores(t.game.state)
    figures = tally(past.names, past.seed, past.options, past.history)
    for line, player in zip(scores, figures.players, strict=True):
        assert sum(player.sources[s] for s in SOURCES) == line.pp_play
        assert player.by_round[-1] == line.pp_play
    assert [f.total for f in figures.finals] == [s.total for s in scores]
    assert len(figures.players[0].by_round) == t.game.state.round
    assert summary_png(past).startswith(b"\x89PNG")


async def test_the_posted_reports_left_to_the_log_come_back_as_posted(tmp_path: Path) -> None:
    """Once a report is posted the store keeps no text of it (bot/store/codec.py, `POSTED`; the
    latest snapshot's excepted): the past rebuilds every report from the move log, the same
    sections, events and words the channel got."""
    manager = await open_manager(tmp_path / "db.sqlite3", autoplay_ai=False)
    try:
        live = await ai_game(manager, 4, 7)
        t = await manager.last_table(1)
        assert t is not None
        await manager.store.ack_reports(t.id, 10**9)  # all posted, as the publisher acknowledges them
        kept = [s.seq for s in await manager.store.snapshots(t.id) if s.report is not None]
        past = await read_past(manager.store, t)
    finally:
        await manager.close()
    assert len(live) > 20 and len(kept) <= 1
    assert past is not None
    assert [(r.seq, r.to_json()) for r in past.phase_reports()] == [(r.seq, r.to_json()) for r in live]
