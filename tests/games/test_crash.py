"""Crashes: the demo killed with SIGKILL at random moments resumes exactly; no half moves."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.games import Manager, Unavailable
from bot.rules import Game

from .helpers import open_manager, pending_at, random_code, started_table

ROOT = Path(__file__).resolve().parents[2]


def demo_cmd(db: Path, out: Path, *extra: str, players: int = 4, seed: int = 7) -> list[str]:
    return [
        sys.executable, "-m", "bot", "demo", "--players", str(players), "--seed", str(seed),
        "--db", str(db), "--out", str(out), *extra,
    ]  # fmt: skip


def run_demo(db: Path, out: Path, *extra: str, players: int = 4) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        demo_cmd(db, out, *extra, players=players), cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    return proc


def last_line(text: str) -> str:
    return text.strip().splitlines()[-1]


def files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def check_log_integrity(db: Path) -> None:
    """The moves are contiguous from 0 and every snapshot replays from the log."""
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        for (table_id,) in con.execute("SELECT id FROM game_tables WHERE status != 'open'"):
            seqs = [
                r[0]
                for r in con.execute(
                    "SELECT seq FROM moves WHERE table_id = ? AND actor != 'undo' AND undone = 0 ORDER BY seq",
                    (table_id,),
                )
            ]  # the applied choices (an undo row and the choice it took back are left out)
            assert seqs == list(range(len(seqs)))
            latest = con.execute("SELECT MAX(seq) FROM snapshots WHERE table_id = ?", (table_id,)).fetchone()[0]
            assert latest is not None and latest <= len(seqs)
    finally:
        con.close()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, bytes], float]:
    """One uninterrupted demo run: its final line, the files it wrote, how long it took."""
    base = tmp_path_factory.mktemp("reference")
    start = time.perf_counter()
    proc = run_demo(base / "demo.sqlite3", base / "boards")
    took = time.perf_counter() - start
    final = last_line(proc.stdout)
    assert final.startswith("final: ")
    assert [part.split("=")[0] for part in final.split()[1:]] == ["Ann", "Bob", "Cid", "Dee"]
    return final, files(base / "boards"), took


def test_demo_killed_at_random_moments_resumes_identically(
    tmp_path: Path, reference: tuple[str, dict[str, bytes], float]
) -> None:
    final, written, took = reference
    seed = int(os.environ.get("CRASH_SEED", time.time_ns() % 1_000_000))
    rng = random.Random(seed)
    db, out = tmp_path / "demo.sqlite3", tmp_path / "boards"
    kills = 0
    for attempt in range(40):
        proc = subprocess.Popen(demo_cmd(db, out), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            # Late tries run to the end so that the test always finishes.
            stdout, stderr = proc.communicate(timeout=rng.uniform(0.15, 0.8) * took if attempt < 25 else 120)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.communicate()
            kills += 1
            if db.exists():
                check_log_integrity(db)
            continue
        assert proc.returncode == 0, f"CRASH_SEED={seed}: {stderr}"
        break
    else:
        pytest.fail(f"CRASH_SEED={seed}: the demo never finished")
    print(f"CRASH_SEED={seed}: killed {kills} times, then finished")
    assert kills >= 1, f"CRASH_SEED={seed}: never killed"
    assert last_line(stdout) == final, f"CRASH_SEED={seed}"
    got = files(out)
    assert sorted(got) == sorted(written), f"CRASH_SEED={seed}: {set(got) ^ set(written)}"
    for name, data in written.items():
        assert got[name] == data, f"CRASH_SEED={seed}: {name} differs"
    check_log_integrity(db)


def test_stop_after_phases_then_resume(tmp_path: Path, reference: tuple[str, dict[str, bytes], float]) -> None:
    final, written, _ = reference
    db, out = tmp_path / "demo.sqlite3", tmp_path / "boards"
    first = run_demo(db, out, "--stop-after-phases", "5")
    assert "final:" not in first.stdout
    assert first.stdout.count("\nreport ") + first.stdout.startswith("report ") == 5
    assert len([n for n in os.listdir(out) if n.endswith(".png") or n.endswith(".txt")]) > 0
    second = run_demo(db, out, "--stop-after-phases", "7")
    assert "final:" not in second.stdout
    third = run_demo(db, out)
    assert last_line(third.stdout) == final
    assert sorted(files(out)) == sorted(written)
    # Running it once more on a finished game prints the same line again.
    assert last_line(run_demo(db, out).stdout) == final


async def test_a_failed_commit_leaves_no_half_move(tmp_path: Path) -> None:
    """SQLite refuses the snapshot of a phase end: the move's log row goes too, and memory
    goes back to the last committed state."""
    path = tmp_path / "db.sqlite3"
    manager = await open_manager(path)
    try:
        await started_table(manager, 1, humans=2, seed=4)
        t = manager.table(1)
        assert t is not None and t.game is not None
        con = sqlite3.connect(path)
        con.execute("CREATE TRIGGER no_snapshots BEFORE INSERT ON snapshots BEGIN SELECT RAISE(ABORT, 'disk on fire'); END")
        con.commit()
        rng = random.Random(4)
        while True:
            p = pending_at(manager, 1)
            assert p is not None and p.user_id is not None
            before = t.game.to_json()
            code = random_code(p.decision, rng)
            try:
                await manager.act(1, p.user_id, p.number, code)
            except Unavailable:
                break
        assert t.game.to_json() == before  # memory is back where the store is
        assert [m.code for m in await manager.store.moves(t.id)] == t.game.state.history
        con.execute("DROP TRIGGER no_snapshots")
        con.commit()
        con.close()
        result = await manager.act(1, p.user_id, p.number, code)  # the same move now goes through
        assert result.reports and [m.code for m in await manager.store.moves(t.id)] == t.game.state.history
    finally:
        await manager.close()


async def test_cancelled_act_keeps_memory_and_store_in_step(tmp_path: Path) -> None:
    manager: Manager = await open_manager(tmp_path / "db.sqlite3")
    try:
        await started_table(manager, 1, humans=2, seed=6)
        t = manager.table(1)
        assert t is not None and t.game is not None
        rng = random.Random(6)
        outcomes: set[str] = set()
        for spins in range(25):
            p = pending_at(manager, 1)
            assert p is not None and p.user_id is not None
            before = len(t.game.state.history)
            task = asyncio.ensure_future(manager.act(1, p.user_id, p.number, random_code(p.decision, rng)))
            for _ in range(spins % 8):
                await asyncio.sleep(0)
            task.cancel()
            try:
                await task
                outcomes.add("done")
            except asyncio.CancelledError:
                # cancelled before the lock, or while committing: then the move stands
                outcomes.add("cancelled, applied" if len(t.game.state.history) > before else "cancelled")
            assert [m.code for m in await manager.store.moves(t.id)] == t.game.state.history
        assert "cancelled, applied" in outcomes, outcomes
        # and the game still loads from the store exactly as it is in memory
        stored = await manager.store.load_table(t.id)
        assert stored is not None and stored.snapshot is not None
        game = Game.from_json(stored.snapshot.state)
        for m in stored.moves:
            game.apply(m.code)
        assert game.to_json() == t.game.to_json()
    finally:
        await manager.close()
