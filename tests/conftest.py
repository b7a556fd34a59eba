"""The suite's guard against hangs: a test that outlives pytest-timeout's `timeout`
(pyproject.toml) fails alone, with the place where it waits, and the run goes on.

pytest-timeout's "signal" method raises the failure from a SIGALRM handler in the main thread,
where the tests' asyncio loop runs (a wait that never ends sits in the loop's select(), which the
signal interrupts). The main thread's own traceback then shows only the loop, so this hook first
prints the await chain of each of the loop's tasks: the coroutine and line where each one waits,
and the coroutines it waits in, down to the innermost. Should the test still not be over GRACE_S seconds later (the
failure landed in a task that swallowed it, or a fixture's teardown hangs as well), every
thread's stack is dumped and the run ends with exit code 1 (pytest-timeout's "thread" method):
CI fails, but it never hangs.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import inspect
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator, Callable
from types import FrameType
from typing import Any

import pytest
import pytest_timeout

GRACE_S = float(os.environ.get("CAYLUS_TIMEOUT_GRACE", 60.0))
CANCEL = pytest.StashKey[Callable[[], None]]()


def await_chain(task: asyncio.Task[Any]) -> list[str]:
    """Where a task waits: its coroutine, the coroutine that one awaits, and so on down."""
    lines: list[str] = []
    coro: Any = task.get_coro()
    while coro is not None:
        if type(coro).__name__ in ("async_generator_asend", "async_generator_athrow"):
            # `async with` on an asynccontextmanager: on into the generator it drives
            coro = next((g for g in gc.get_referents(coro) if inspect.isasyncgen(g)), None)
            continue
        if type(coro).__name__ == "FutureIter":  # `await future`: on to that future
            coro = next((f for f in gc.get_referents(coro) if asyncio.isfuture(f)), None)
            continue
        if isinstance(coro, asyncio.Task):
            lines.append(f"    awaits the task {coro.get_name()!r}")
            break
        frame = _first_attr(coro, "cr_frame", "gi_frame", "ag_frame")
        if frame is None:  # a future's iterator, a C awaitable, or a coroutine that finished
            break
        code = frame.f_code
        lines.append(f'  File "{code.co_filename}", line {frame.f_lineno}, in {code.co_name}')
        coro = _first_attr(coro, "cr_await", "gi_yieldfrom", "ag_await")
    return lines


def _first_attr(obj: object, *names: str) -> Any:
    return next((v for v in (getattr(obj, n, None) for n in names) if v is not None), None)


def print_tasks(loop: asyncio.AbstractEventLoop | None) -> None:
    if loop is None:  # the test was not inside an event loop
        return
    tasks = sorted(asyncio.all_tasks(loop), key=lambda t: t.get_name())
    print(f"\n+++ the event loop's {len(tasks)} tasks at the timeout +++", file=sys.stderr)
    for task in tasks:
        print(f"{task.get_name()}:", *await_chain(task), sep="\n", file=sys.stderr)
    sys.stderr.flush()


def give_up(item: pytest.Item, settings: Any, loop: asyncio.AbstractEventLoop | None) -> None:
    """The last resort, in a thread: the captured output and every stack, then os._exit(1)."""
    print(f"\n+++ {item.nodeid}: not over {GRACE_S:g} s after its timeout +++", file=sys.stderr)
    print_tasks(loop)
    pytest_timeout.timeout_timer(item, settings)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    if settings.method != "signal" or threading.current_thread() is not threading.main_thread():
        return None  # pytest-timeout's own timer
    last_resort: list[threading.Timer] = []

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        __tracebackhide__ = True
        print(f"\n+++ {item.nodeid}: timeout after {settings.timeout} s +++", file=sys.stderr)
        loop = asyncio._get_running_loop()  # the main thread's, which this handler interrupted
        print_tasks(loop)
        timer = threading.Timer(GRACE_S, give_up, (item, settings, loop))
        timer.name = f"timeout grace {item.nodeid}"
        timer.daemon = True
        last_resort.append(timer)
        try:
            pytest_timeout.timeout_sigalrm(item, settings)  # dumps the other threads, then fails
        finally:
            timer.start()

    def cancel() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        for timer in last_resort:
            timer.cancel()

    item.stash[CANCEL] = cancel
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, settings.timeout)
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_cancel_timer(item: pytest.Item) -> bool | None:
    """pytest-timeout also asks for this when a test fails (for --pdb's sake): the timer then
    keeps running through the test's teardown, which can hang too, and stops when the test's
    protocol is over (below)."""
    if CANCEL not in item.stash:
        return None  # pytest-timeout's own timer
    if item.config.getoption("usepdb"):
        end_timer(item)
    return True


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    try:
        return (yield)
    finally:
        end_timer(item)


def end_timer(item: pytest.Item) -> None:
    cancel = item.stash.get(CANCEL, None)
    if cancel is not None:
        del item.stash[CANCEL]
        cancel()


@pytest.fixture(autouse=True)
async def no_bot_process_left_behind() -> AsyncIterator[None]:
    """A test that fails before it stopped its `python -m bot` (tests/ops/proc.py) leaves no
    process behind: the bot's process group (its render workers too) is killed and reaped."""
    yield
    proc = sys.modules.get("tests.ops.proc")
    if proc is None:
        return
    while proc.STARTED:
        bot = proc.STARTED.pop()
        if bot.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(bot.proc.pid, signal.SIGKILL)
            await bot.proc.wait()


# The tests `make check` leaves to `make test` (the whole suite, what CI runs): whole random
# games by the hundred, bot processes started and stopped, PostgreSQL-heavy runs. Each is the
# node id's start (a folder, a module or one test); they are marked `slow` here, in one place.
# Listed longest first (their longest test, on this 2-core machine): `make test` hands the tests
# to its workers one at a time in this order (`--maxschedchunk 1`), so the long ones start
# first, side by side, and the quick ones fill in after them: no worker is left with a long
# test at the end while the others wait.
SLOW = (
    "tests/e2e/test_memory.py",  # 19 s: tables opened and played to their end, every map measured
    "tests/e2e/test_shards_processes.py",  # 15 s
    "tests/rules/test_native.py::test_compiled_core_plays_the_games_of_the_source",  # 15 s
    "tests/rules/test_native.py::test_the_rules_tests_pass_on_the_python_source_too",  # 12 s of CPU
    "tests/e2e/test_outage.py",  # 8-13 s each: a real PostgreSQL stopped / frozen, a disk full
    "tests/ops/",  # 2-10 s each: the bot as a process: start-up failures, signals, shards, backups
    "tests/store/test_compaction.py",
    "tests/games/test_crash.py",
    "tests/i18n/test_choices.py::test_every_choice_of_random_games_is_in_the_language",
    "tests/store/test_replay.py",
    "tests/e2e/test_games.py",
    "tests/games/test_render_workers.py",
    "tests/e2e/test_table_language.py",  # whole games at tables of another language
    "tests/e2e/test_async_flow.py",  # the benchmark's people, several rounds through the fake
    "tests/e2e/test_every_kind.py",
    "tests/e2e/test_entry.py",
    "tests/e2e/test_chooser.py::test_every_decision_of_random_games_fits",
    "tests/rules/test_properties.py::test_random_legal_play",
    "tests/rules/test_obvious.py::test_every_obvious_choice_of_random_games",
    "tests/rules/test_compat.py",
    "tests/games/test_arena.py",
    "tests/games/test_search.py",
    "tests/rendering/test_api.py::test_any_names_render",
    "tests/fake_discord/test_fake.py::test_fake_in_its_own_process",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks the slow tests and puts them first, in SLOW's order (the rest keep theirs)."""
    def place(item: pytest.Item) -> int:
        return next((i for i, start in enumerate(SLOW) if item.nodeid.startswith(start)), len(SLOW))

    for item in items:
        if place(item) < len(SLOW):
            item.add_marker(pytest.mark.slow)
    items.sort(key=place)
