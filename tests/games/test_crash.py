"""Crashes: the demo killed with SIGKILL at random moments resumes exactly; no half moves."""

from __future__ import annotations

import asyncio
import os
import queue
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.games import Manager, Unavailable
from bot.rules import Game
from bot.store.migrations import SCHEMA_VERSION

from .helpers import open_manager, pending_at, random_code, started_table

ROOT = Path(__file__).resolve().parents[2]


def demo_cmd(db: Path, out: Path, *extra: str, players: int = 4, seed: int = 7) -> list[str]:
    return [
        sys.executable, "-m", "bot", "demo", "--players", str(players), "--seed", str(seed),
        "--db", str(db), "--out", str(out), *extra,
    ]  # fmt: skip


WAIT_S = 240.0  # for a demo's output: generous (a loaded machine); pytest-timeout guards the rest
KILLED_RUNS = 6  # demo runs killed mid-game before one is let finish


def run_demo(db: Path, out: Path, *extra: str, players: int = 4) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        demo_cmd(db, out, *extra, players=players), cwd=ROOT, capture_output=True, text=True, timeout=WAIT_S
    )
    assert proc.returncode == 0, proc.stderr
    return proc


def last_line(text: str) -> str:
    return text.strip().splitlines()[-1]


def files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def check_log_integrity(db: Path) -> None:
    """The moves are contiguous from 0 and every snapshot replays from the log; a file killed
    before its schema was complete (each migration is all or nothing) holds no table yet."""
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            assert version > 0 or not names, names
            if "game_tables" in names:
                assert con.execute("SELECT COUNT(*) FROM game_tables").fetchone()[0] == 0
            return
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


class Demo:
    """A demo run whose stdout is read line by line as it comes (a thread), so that it can be
    killed at a point of its progress: a time means nothing on a loaded machine. `seen` collects
    the files of the reports printed, by this run and the ones before it."""

    def __init__(self, db: Path, out: Path, stderr: Path, seen: set[str]) -> None:
        self.started = time.monotonic()
        self.seen = seen
        self.lines: list[str] = []
        self.ended = False
        self._stderr_path = stderr
        with stderr.open("w") as err:
            self.proc = subprocess.Popen(demo_cmd(db, out), cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True)
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def next_line(self) -> str | None:
        """The next line; None at the end of the output."""
        if self.ended:
            return None
        try:
            line = self._queue.get(timeout=WAIT_S)
        except queue.Empty:
            raise AssertionError(f"no output from the demo within {WAIT_S} s: {self.lines[-3:]}") from None
        if line is None:
            self.ended = True
        else:
            self.lines.append(line)
            if line.startswith("report "):
                self.seen.add(line.rsplit(" -> ", 1)[-1])
        return line

    def reach(self, reports: int) -> bool:
        """Wait until `reports` reports have been seen; False if the output ended first."""
        while len(self.seen) < reports:
            if self.next_line() is None:
                return False
        return True

    def kill(self) -> None:
        self.proc.kill()
        self.finish()

    def finish(self) -> int:
        """The exit code, once the output is read to its end."""
        try:
            while self.next_line() is not None:
                pass
            return self.proc.wait(WAIT_S)
        finally:
            if self.proc.poll() is None:  # a failure above, or pytest-timeout: leave no demo behind
                self.proc.kill()
                self.proc.wait()

    @property
    def stderr(self) -> str:
        return self._stderr_path.read_text()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, bytes], int, float]:
    """One uninterrupted demo run: its final line, the files it wrote, its number of reports,
    and how long it took to print the first one."""
    base = tmp_path_factory.mktemp("reference")
    demo = Demo(base / "demo.sqlite3", base / "boards", base / "stderr.txt", set())
    assert demo.reach(1), demo.stderr
    startup = time.monotonic() - demo.started
    assert demo.finish() == 0, demo.stderr
    final = demo.lines[-1]
    assert final.startswith("final: ")
    assert [part.split("=")[0] for part in final.split()[1:]] == ["Ann", "Bob", "Cid", "Dee"]
    assert len(demo.seen) == sum(line.startswith("report ") for line in demo.lines) > KILLED_RUNS
    written = files(base / "boards")
    # beside the phase images, the story of the game (issue 24): its summary, replay and record
    assert written["summary.png"].startswith(b"\x89PNG") and written["replay.gif"].startswith(b"GIF89a")
    totals = [part.split("=")[1] for part in final.split()[1:]]
    assert written["record.txt"].decode().splitlines()[-1] == "final: " + " ".join(totals)
    return final, written, len(demo.seen), startup


def test_demo_killed_at_random_moments_resumes_identically(
    tmp_path: Path, reference: tuple[str, dict[str, bytes], int, float]
) -> None:
    """KILLED_RUNS runs, each killed at a random point of the game: once the reports up to that
    point are out, a random moment later (while the next phase is played and committed); then
    a run goes to the end. A point that is already behind (the moment went past it, or at 0)
    kills the run in its start-up, its schema's creation and its delivery of the reports that
    the killed run committed but never wrote."""
    final, written, reports, startup = reference
    seed = int(os.environ.get("CRASH_SEED", time.time_ns() % 1_000_000))
    rng = random.Random(seed)
    db, out = tmp_path / "demo.sqlite3", tmp_path / "boards"
    seen: set[str] = set()
    kills = 0
    for point in sorted(rng.sample(range(reports), KILLED_RUNS)):
        demo = Demo(db, out, tmp_path / "stderr.txt", seen)
        try:
            if demo.reach(point):
                reached_here = any(line.startswith("report ") for line in demo.lines)
                time.sleep(rng.uniform(0, 0.1) if reached_here else rng.uniform(0, 1.5 * startup))
                demo.kill()
                kills += 1
            else:  # the game ended before this point (the moment after the last kill went far)
                assert demo.finish() == 0, f"CRASH_SEED={seed}: {demo.stderr}"
        finally:
            demo.finish()
        if db.exists():
            check_log_integrity(db)
    demo = Demo(db, out, tmp_path / "stderr.txt", seen)
    assert demo.finish() == 0, f"CRASH_SEED={seed}: {demo.stderr}"
    print(f"CRASH_SEED={seed}: killed {kills} times, then finished")
    assert kills >= KILLED_RUNS // 2, f"CRASH_SEED={seed}: killed only {kills} times"
    assert demo.lines and demo.lines[-1] == final, f"CRASH_SEED={seed}"
    assert len(seen) == reports, f"CRASH_SEED={seed}"
    got = files(out)
    assert sorted(got) == sorted(written), f"CRASH_SEED={seed}: {set(got) ^ set(written)}"
    check_log_integrity(db)
    differ = [name for name, data in written.items() if got[name] != data]
    assert not differ, f"CRASH_SEED={seed}: {differ} differ"


def test_stop_after_phases_then_resume(
    tmp_path: Path, reference: tuple[str, dict[str, bytes], int, float]
) -> None:
    final, written, _, _ = reference
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
