"""Obvious choices in the games layer (issue 10 item 1): applied without asking for every seat,
whatever `autoplay_ai` says, logged with the actor `rule`, and taken back with the person's own
choice that led to them."""

from __future__ import annotations

from pathlib import Path

from bot.games import Manager, Table
from bot.games.undo import history_from_log
from bot.rules import Game, obvious_choice
from bot.store import PLAYER, RULE, UNDO
from tests.store.test_replay import check_table

from .helpers import open_manager, pending_at, started_table

# Seed 124, 3 people: this history leads to U101 (seat 0) at the Alchemist; after "1G" the
# two cubes to give can only be food + cloth ("=FC"), applied by the rules.
SEED = 124
HISTORY = (
    "r1 pass stables gate r2 stables r16 castle pass r3 +1 -1 F mason =FWS buildings r6 pass castle inn "
    "gate r2 r1 joust +1 F farm_cloth r4 r16 r2 r7 trading gate r3 r10 stay +1 -1 C guild r8 trading "
    "inn r7 r4 r2 -3 0 +1 C r9 gate r8 r6 r4 r7 inn r5 r2 0 F F skip gate trading r2 stables r16 r8 r3 "
    "r10 guild -1 leave -1 -2 pass r8 castle r5 -2 F =FSC prestige r3 r10 r5 r16 inn trading r2 r9 r6 "
    "-3 market+C alchemist CC r12 gate r2 r7 guild stables r10 stables -1 stay 0 F 1G =FW trading gate "
    "guild r1 inn r3 pass castle +1 +1 0 W done r8 r9 pass gate guild r11 r6 -3 stay 0 farm_food skip "
    "r6 stables r4 castle r2 r13 r9 castle leave 0 peddler+C C church resources C =FSG resources W r16 "
    "trading joust r9 guild r15 r13 -1 +1 +2 C r8 joust trading r12 pass r15 skip -1 +1"
).split()


async def play_history(manager: Manager) -> Game:
    await started_table(manager, 1, humans=3, seed=SEED)
    t = manager.table(1)
    assert t is not None and t.game is not None
    while len(t.game.state.history) < len(HISTORY):  # obvious choices on the way apply themselves
        p = pending_at(manager, 1)
        assert p is not None and p.user_id is not None
        await manager.act(1, p.user_id, p.number, HISTORY[len(t.game.state.history)])
    assert t.game.state.history == HISTORY
    return t.game


async def test_obvious_choice_applied_logged_and_undone_with_the_choice_before(tmp_path: Path) -> None:
    manager = await open_manager(tmp_path / "db.sqlite3", autoplay_ai=False)  # obvious ones do not wait for it
    try:
        await _applied_logged_and_undone(manager)
    finally:
        await manager.close()


async def _applied_logged_and_undone(manager: Manager) -> None:
    game = await play_history(manager)
    t = manager.table(1)
    assert t is not None
    before = (game.to_json(), t.chronicle.to_json())
    p = pending_at(manager, 1)
    assert p is not None and p.user_id == 101 and p.decision.kind == "trade"
    result = await manager.act(1, 101, p.number, "1G")
    assert [(m.code, m.actor) for m in result.moves] == [("1G", PLAYER), ("=FC", RULE)]
    assert result.moves[1].user_id is None and result.moves[1].seat == 0
    texts = [e.text for e in result.events]
    assert "U101 was not asked: Give 1 food + 1 cloth (only one way is possible)" in texts
    nxt = result.pending
    assert nxt is not None and obvious_choice(t.game) is None  # type: ignore[arg-type]

    assert manager.can_undo(1, 101)
    undone = await manager.undo(1, 101)
    assert undone.undone is not None and (undone.undone.code, undone.undone.actor) == ("1G", PLAYER)
    assert t.game is not None and (t.game.to_json(), t.chronicle.to_json()) == before
    again = undone.pending
    assert again is not None and again.user_id == 101 and again.decision.kind == "trade"
    log = await manager.store.move_log(t.id)
    assert [(m.code, m.who) for m in log[-4:]] == [("1G", PLAYER), ("=FC", RULE), ("=FC", UNDO), ("1G", UNDO)]
    assert history_from_log(log) == HISTORY
    await check_table(manager.store, t.id)


# Seed 6, three AI seats played one move at a time: in round 2's phase 4 (§2 phase 4: each
# player speaks once, in passing order) Cid moves the provost to road 3, after which no move
# of Ann's or of the player after her could change phase 5 or 7, so Ann's stay is applied
# without asking; then the phase goes on.
RESTART_SEED = 6
SKIP_NOTE = "Ann's provost stays (no move would change anything)"
SKIP_LINE = "not asked (no move would change anything): Ann"  # in the provost's line of the report


async def test_a_restart_after_an_obvious_stay_reports_its_note(tmp_path: Path) -> None:
    """The bot stops between an obvious provost stay and the end of its phase: the table loaded
    from the store tells the stay in its chronicle, its recent events and the phase report, as
    the table that went on without stopping does."""
    manager = await open_manager(tmp_path / "live.sqlite3", autoplay_ai=False)
    try:
        before = await _to_the_stay(manager)
        live = await _next_report(manager)
    finally:
        await manager.close()
    assert any(line.startswith("• Provost road") and SKIP_LINE in line for line in live.splitlines()), live

    path = tmp_path / "restarted.sqlite3"
    manager = await open_manager(path, autoplay_ai=False)
    try:
        assert await _to_the_stay(manager) == before
    finally:
        await manager.close()
    manager = await open_manager(path, autoplay_ai=False)
    try:
        t = manager.table(1)
        assert t is not None
        state, chronicle, recent, number = _seen(t)
        assert (state, chronicle, number) == (before[0], before[1], before[3])
        assert SKIP_NOTE in recent and recent == before[2][-len(recent):]  # since the last report
        assert await _next_report(manager) == live
        await check_table(manager.store, t.id)
    finally:
        await manager.close()


def _seen(t: Table) -> tuple[str, str, list[str], int]:
    """What a table knows of its game and of what happened: state, chronicle, recent events."""
    assert t.game is not None
    return t.game.to_json(), t.chronicle.to_json(), [e.text for e in t.recent], t.log_rows


async def _to_the_stay(manager: Manager) -> tuple[str, str, list[str], int]:
    """Start the RESTART_SEED table and play it one move at a time up to Ann's obvious stay."""
    await manager.create_table(
        1, 1, 0, "host", 3, seed=RESTART_SEED, seat_creator=False, ai_names=["Ann", "Bob", "Cid"]
    )  # fmt: skip
    await manager.start(1, 0)
    t = manager.table(1)
    assert t is not None and t.game is not None
    while not any(e.text == SKIP_NOTE for e in t.chronicle.current):
        assert t.game.state.round <= 2, "no obvious stay in round 2"
        result = await manager.advance(1, max_moves=1)
        assert result.moves
    assert result.moves[-1].actor == RULE and not result.reports and t.game.state.phase == 4
    return _seen(t)


async def _next_report(manager: Manager) -> str:
    """Play the AI seats on until a phase report is cut: its text."""
    while True:
        result = await manager.advance(1, max_moves=1)
        assert result.moves
        if result.reports:
            return "\n".join(r.text() for r in result.reports)
