"""Render worker processes (and multiprocessing's resource tracker) die with the bot, even when
the bot is killed with SIGKILL and has no chance to shut its pool down."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.games.render import worker_context

ROOT = Path(__file__).resolve().parents[2]

# A stand-in for the bot: starts the renderer's process pool as the manager does, says which
# processes it started, and waits to be killed.
BOT = """
import json, multiprocessing.resource_tracker as rt, os, sys, time
from bot.games.render import BoardRenderer, render_board_png

renderer = BoardRenderer(render_board_png, processes=2)
pool = renderer._pool
futures = [pool.submit(os.getpid) for _ in range(4)]
workers = sorted({f.result() for f in futures} | {p.pid for p in pool._processes.values()})
print(json.dumps({"workers": workers, "tracker": rt._resource_tracker._pid}), flush=True)
time.sleep(3600)
"""


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its new parent to reap it counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_render_workers_and_resource_tracker_die_with_a_killed_bot() -> None:
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT], cwd=ROOT, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    try:
        assert bot.stdout is not None
        started = json.loads(bot.stdout.readline())
        pids = [*started["workers"], started["tracker"]]
        assert len(started["workers"]) == 2 and started["tracker"] is not None
        assert all(alive(pid) for pid in pids)
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait()
    # The workers notice within a second or so; the bound below only keeps a failure from
    # hanging the suite.
    give_up = time.monotonic() + 60
    while any(alive(pid) for pid in pids) and time.monotonic() < give_up:
        time.sleep(0.1)
    left = [pid for pid in pids if alive(pid)]
    for pid in left:  # don't leave them behind for the next test run
        os.kill(pid, signal.SIGKILL)
    assert left == [], f"survived the bot: {left} of workers {started['workers']}, tracker {started['tracker']}"


def _report_mask(queue: Any) -> None:
    queue.put(sorted(signal.pthread_sigmask(signal.SIG_BLOCK, set())))


def test_a_worker_is_deaf_to_ctrl_c_from_its_birth() -> None:
    """Ctrl-C reaches the whole process group: a render or AI worker still importing (a loaded
    machine: 10 s) would die with a KeyboardInterrupt traceback on the bot's console. Its SIGINT
    is blocked from the fork on; the bot's own mask is untouched."""
    ctx = worker_context()
    queue = ctx.Queue()
    worker = ctx.Process(target=_report_mask, args=(queue,))
    worker.start()
    os.kill(worker.pid, signal.SIGINT)  # while it is still starting up
    mask = queue.get(timeout=60)
    worker.join(60)
    assert worker.exitcode == 0 and signal.SIGINT in mask
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
