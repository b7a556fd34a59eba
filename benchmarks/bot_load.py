"""Load on the Discord layer: T tables whose simulated players answer as fast as they can.

    python benchmarks/bot_load.py --tables 100 --decisions 30

The fake Discord runs in its own process (`python -m tests.fake_discord --driver ...`); its driver
(`drive` below, in the fake's process) opens T tables with three people each (`/caylus new`, two
Join clicks, Start) and then every table plays through the bot's own messages until it has
answered `--decisions` decisions or its game is over (a click on the turn message itself; the
private chooser only where the choices are not on it). The bot (the real CaylusBot, with the real board renderer unless
`--render tiny`) runs in this process on a temporary database. With `--strong-tables N`, N of
the tables also seat a hard (strong) AI, which thinks in the bot's AI pool as configured by
AI_PROCESSES and AI_THINK_MS in the environment (defaults 1 and 2000 ms).

The last line printed is one JSON object:
    {"tables": T, "interactions": n, "per_s": ..., "ack_p50_ms": ..., "ack_p99_ms": ...,
     "turn_p50_ms": ..., "turn_p99_ms": ...,
     "decisions_per_s": ..., "requests_per_decision": ..., "bot_cpu_ms_per_decision": ...,
     "render_cpu_ms_per_decision": ..., "gc_max_pause_ms": ..., "startup_cpu_s": ...,
     "compiled_rules": ..., "machine_ms": ...}
where per_s counts interactions (since issue 11 about one per decision; before it, two),
requests_per_decision is every request the bot made to the fake (lobby and start-up included)
per decision answered (the line before the last splits it by route:
requests_per_decision_by_route, and store_hops_per_decision: calls into aiosqlite's thread); bot_cpu_ms_per_decision is this process's CPU time (user +
system, from the bot's ready to the last decision; its start-up is startup_cpu_s) per decision answered, render_cpu_ms_per_decision
the render worker processes' over the same decisions (read from /proc before they stop), and
gc_max_pause_ms the longest pass of the garbage collector in this process once it serves (the
pass before `gc.freeze()` at start-up stalls no click), in wall time (on a
busy machine mostly the time the core was taken away meanwhile: the line before the last also
gives the longest pass in CPU time, gc_max_pause_cpu_ms). ack is the time from the interaction's gateway event (sent by the
fake) to the bot's callback (received by the fake), both measured in the fake's process. turn is what a player waits for: the time from a click on the turn message
to the next turn message (or the game's end) in the channel, seen by the driver. The fake skips its
OpenAPI validation of request bodies here (`--spec-check` keeps it): it measures the bot, and the
fake's validation would take its CPU from the same two cores. machine_ms is the CPU time of a
fixed piece of pure Python, before and after the run (`machine_ms`): CPU figures of two runs
compare in proportion to it.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PEOPLE_PER_TABLE = 3


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


# ----- the driver, in the fake's process ------------------------------------------------------


async def drive(fake: Any) -> None:
    """`--driver benchmarks.bot_load:drive`: play T tables at once, print the figures."""
    from tests.e2e.sim import Table, short_game_pick

    decisions = int(os.environ.get("BOT_LOAD_DECISIONS", "30"))
    strong = int(os.environ.get("BOT_LOAD_STRONG", "0"))
    seed = int(os.environ.get("BOT_LOAD_SEED", "1"))
    await fake.state.changed.wait_for(
        lambda: fake.state.global_commands, 60.0, lambda: "the bot never synced its commands"
    )
    guild = next(iter(fake.state.guilds.values()))
    players = [m for m in guild.members.values() if m.user.username.startswith("player")]
    channels = [fake.state.channels[c] for c in guild.channel_ids]
    tables = []
    for i, channel in enumerate(channels):
        people = players[i * PEOPLE_PER_TABLE : (i + 1) * PEOPLE_PER_TABLE]
        # A hard AI's move waits for the AI pool: with one worker and 20 such tables, up to some
        # 40 s a move, and a few of its decisions can come in a row.
        timeout = 600.0 if i < strong else 120.0
        tables.append(Table(fake, channel, people, random.Random(seed + i), pick=short_game_pick, timeout=timeout))

    async def play(table: Table, hard: bool) -> None:
        creator = next(iter(table.people.values()))
        if hard:  # one hard AI seat: its searches run in the bot's AI pool (AI_PROCESSES, AI_THINK_MS)
            card = await table.seat_everyone(creator, seats=PEOPLE_PER_TABLE + 1, ai=1, ai_level="strong")
        else:
            card = await table.seat_everyone(creator, seats=PEOPLE_PER_TABLE)
        await table.start(card, creator)
        while table.stats.decisions < decisions and await table.play_turn():
            pass

    began = time.perf_counter()
    outcomes = await asyncio.gather(*(play(t, i < strong) for i, t in enumerate(tables)), return_exceptions=True)
    elapsed = time.perf_counter() - began
    failures = [repr(o) for o in outcomes if isinstance(o, BaseException)]
    latencies = fake.latencies()
    late = [r for r in fake.interactions if r.rejected]
    answered = [r for r in fake.interactions if r.latency is not None]
    slowest = sorted(answered, key=lambda r: -(r.latency or 0.0))[:15]
    print(
        json.dumps(
            {
                "driver": True,
                "interactions": len(latencies),
                "decisions": sum(t.stats.decisions for t in tables),
                "requests": len(fake.calls),
                "requests_by_route": collections.Counter(
                    f"{c.method} {re.sub(r'/(?:[0-9]+|interaction-[0-9a-f]+)', '/{id}', c.path)}" for c in fake.calls
                ).most_common(12),
                "seconds": elapsed,
                "latencies": latencies,
                "turnarounds": [x for t in tables for x in t.stats.turnarounds],
                "failures": failures[:5],
                "failed_tables": len(failures),
                "refused_callbacks": len(late),
                "problems": [str(p) for p in fake.problems[:5]],
                "slowest": [
                    [
                        r.label.split(":")[0],
                        round((r.latency or 0) * 1000),
                        round(r.dispatched_perf - began, 2),
                    ]
                    for r in slowest
                ],
            }
        ),
        flush=True,
    )


# ----- the bot, in this process --------------------------------------------------------------


def render_cpu(bot: Any) -> float:
    """CPU seconds (user + system) the bot's render worker processes have used so far."""
    pool = getattr(bot.manager.renderer, "_pool", None)
    total = 0.0
    for pid in list(getattr(pool, "_processes", None) or {}):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def machine_ms(rounds: int = 5) -> float:
    """The CPU time of a fixed piece of pure Python (the fastest of `rounds`), in ms: how fast the
    machine runs the interpreter just now. This VM has slow and fast phases (pindia's game took
    3.96 ms in one, about three times that in another), and every CPU figure of a run moves with
    them: runs are compared in proportion to their machine_ms."""
    best = float("inf")
    for _ in range(rounds):
        start = time.thread_time()
        counts: dict[int, int] = {}
        for i in range(200_000):
            counts[i % 1000] = counts.get(i % 1000, 0) + len(str(i))
        best = min(best, time.thread_time() - start)
    return round(best * 1000, 2)


def count_store_hops() -> list[int]:
    """Count the calls into aiosqlite's thread from now on (each a hop there and back, about
    40 µs of CPU): one int, in a list, that grows."""
    import aiosqlite

    count = [0]
    real = aiosqlite.Connection._execute

    async def counted(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return await real(self, fn, *args, **kwargs)

    aiosqlite.Connection._execute = counted  # type: ignore[method-assign]
    return count


def memory_now() -> dict[str, int]:
    """This process's resident memory and the objects the garbage collector tracks."""
    import gc

    rss = int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return {"rss": rss, "gc_objects": len(gc.get_objects()), "gc_frozen": gc.get_freeze_count()}


SERVING = [False]  # the bot is ready: its collector's passes are counted from then on


async def run(args: argparse.Namespace) -> dict[str, Any]:
    import pytest

    from bot.config import Settings
    from bot.games import render_board_png
    from bot.ui.app import RENDER_PROCESSES, CaylusBot
    from tests.e2e.conftest import tiny_render
    from tests.fake_discord import FakeEndpoints, patch_discord

    env = {
        **os.environ,
        "BOT_LOAD_DECISIONS": str(args.decisions),
        "BOT_LOAD_SEED": str(args.seed),
        "BOT_LOAD_STRONG": str(args.strong_tables),
        "PYTHONPATH": str(ROOT),
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.fake_discord",
        "--port", str(args.port),
        "--guilds", "1",
        "--channels", str(args.tables),
        "--users", str(args.tables * PEOPLE_PER_TABLE),
        "--driver", "benchmarks.bot_load:drive",
        *(() if args.spec_check else ("--no-spec-check",)),
        cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, limit=2**26,
    )  # fmt: skip
    assert proc.stdout is not None
    monkeypatch = pytest.MonkeyPatch()
    bot: CaylusBot | None = None
    try:
        info = json.loads(await asyncio.wait_for(proc.stdout.readline(), 60))
        patch_discord(monkeypatch, FakeEndpoints.from_info(info))
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings(  # type: ignore[call-arg]
                _env_file=None,
                discord_token=info["token"],
                database_path=Path(tmp) / "load.sqlite3",
            )
            render = tiny_render if args.render == "tiny" else render_board_png
            processes = RENDER_PROCESSES if args.render == "real" else 0
            bot = CaylusBot(
                settings,
                render=render,
                render_processes=processes,
                freeze_memory=True,
                guild_ready_timeout=0.05,
            )
            await bot.login(info["token"])
            start_cpu = time.process_time()
            connection = asyncio.create_task(bot.connect())
            await asyncio.wait_for(bot.wait_until_ready(), 60)
            # per decision: what the bot spends once it serves (its start-up, the loading and
            # the collector's pass before `gc.freeze()`, apart)
            cpu0, workers0 = time.process_time(), render_cpu(bot)
            figures_at_start = {"startup_cpu_s": round(cpu0 - start_cpu, 3)}
            SERVING[0] = True
            line = await asyncio.wait_for(proc.stdout.readline(), args.timeout)
            figures = {**json.loads(line), **figures_at_start}
            await bot.publisher.idle()
            figures["bot_cpu_s"] = time.process_time() - cpu0
            figures["render_cpu_s"] = render_cpu(bot) - workers0
            figures["memory"] = memory_now()
            await bot.close()
            await asyncio.wait_for(connection, 10)
    finally:
        if bot is not None and not bot.is_closed():
            await bot.close()
        monkeypatch.undo()
        proc.terminate()
        await proc.wait()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=30, help="decisions answered per table")
    parser.add_argument(
        "--render",
        choices=("real", "threads", "tiny"),
        default="real",
        help="real: the board renderer in worker processes (as `python -m bot` runs it); "
        "threads: the same in the manager's threads; tiny: a 4x4 PNG",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--strong-tables",
        type=int,
        default=0,
        help="seat one hard (strong) AI at this many of the tables, beside the three people; its "
        "searches run as the bot runs them (AI_PROCESSES worker processes, AI_THINK_MS each)",
    )
    parser.add_argument(
        "--spec-check",
        action="store_true",
        help="let the fake also validate every request against Discord's OpenAPI spec (its CPU "
        "is then part of the figures: the fake shares the machine's two cores with the bot)",
    )
    parser.add_argument("--profile", type=Path, help="write the bot process's cProfile statistics here")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=1800.0)
    args = parser.parse_args()
    import logging

    logging.basicConfig(level=logging.WARNING)
    import gc

    pauses: list[tuple[int, float, float]] = []  # generation, wall seconds, CPU seconds
    collected: list[int] = []
    started: list[float] = [0.0, 0.0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if not SERVING[0]:
            return  # the pass before gc.freeze() at start-up stalls no click
        # Wall time is what the event loop waits; CPU time (of the thread collecting) is the
        # collector's own work, apart from the machine taking the core away meanwhile.
        if phase == "start":
            started[0], started[1] = time.perf_counter(), time.thread_time()
        else:
            pauses.append((info["generation"], time.perf_counter() - started[0], time.thread_time() - started[1]))
            collected.append(info["collected"])

    machine = [machine_ms()]
    gc.callbacks.append(on_gc)
    hops = count_store_hops()
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.thread_time)  # the event loop thread's CPU, not the wall clock
        figures = profiler.runcall(asyncio.run, run(args))
        profiler.dump_stats(args.profile)
    else:
        figures = asyncio.run(run(args))
    gc.callbacks.remove(on_gc)
    machine.append(machine_ms())
    import bot.rules
    from bot.config import Settings

    ai = Settings(_env_file=None)  # type: ignore[call-arg]  # what the bot used: the environment's
    latencies = [x * 1000.0 for x in figures["latencies"]]
    turnarounds = [x * 1000.0 for x in figures["turnarounds"]]
    n = figures["interactions"]
    per = max(1, figures["decisions"])
    extra = {
        "decisions": figures["decisions"],
        "requests_per_decision_by_route": [(route, round(n / per, 2)) for route, n in figures["requests_by_route"]],
        "seconds": round(figures["seconds"], 2),
        "ack_mean_ms": round(statistics.fmean(latencies), 2) if latencies else 0.0,
        "ack_max_ms": round(max(latencies), 2) if latencies else 0.0,
        "failed_tables": figures["failed_tables"],
        "refused_callbacks": figures["refused_callbacks"],
        "render": args.render,
        "strong_tables": args.strong_tables,
        "ai_processes": ai.ai_processes,
        "ai_think_ms": ai.ai_think_ms,
        "gc_pauses_over_50ms": sum(1 for _, t, _ in pauses if t > 0.05),
        "gc_max_pause_cpu_ms": round(max((c for _, _, c in pauses), default=0.0) * 1000, 1),
        "gc_cpu_ms_per_decision": round(sum(c for _, _, c in pauses) * 1000 / max(1, figures["decisions"]), 3),
        "gc_gen2_passes": sum(1 for g, _, _ in pauses if g == 2),
        "gc_longest": [
            (g, round(w * 1000, 1), round(c * 1000, 1), n)
            for (g, w, c), n in sorted(zip(pauses, collected, strict=True), key=lambda x: -x[0][2])[:5]
        ],
        "rss_mb": round(figures["memory"]["rss"] / 2**20, 1),
        "gc_objects": figures["memory"]["gc_objects"],
        "gc_frozen": figures["memory"]["gc_frozen"],
        "slowest": figures.get("slowest", [])[:5],
        "store_hops_per_decision": round(hops[0] / per, 2),
        "machine_ms_before_after": machine,
    }
    if figures["failures"] or figures["problems"]:
        print(f"failures: {figures['failures']} problems: {figures['problems']}", file=sys.stderr)
    print(json.dumps(extra))
    print(
        json.dumps(
            {
                "tables": args.tables,
                "interactions": n,
                "per_s": round(n / figures["seconds"], 1) if figures["seconds"] else 0.0,
                "ack_p50_ms": round(percentile(latencies, 0.50), 2),
                "ack_p99_ms": round(percentile(latencies, 0.99), 2),
                "turn_p50_ms": round(percentile(turnarounds, 0.50), 2),
                "turn_p99_ms": round(percentile(turnarounds, 0.99), 2),
                "decisions_per_s": round(figures["decisions"] / figures["seconds"], 1) if figures["seconds"] else 0.0,
                "requests_per_decision": round(figures["requests"] / figures["decisions"], 2)
                if figures["decisions"]
                else 0.0,
                "bot_cpu_ms_per_decision": round(figures["bot_cpu_s"] * 1000 / max(1, figures["decisions"]), 2),
                "render_cpu_ms_per_decision": round(figures["render_cpu_s"] * 1000 / max(1, figures["decisions"]), 2),
                "gc_max_pause_ms": round(max((t for _, t, _ in pauses), default=0.0) * 1000, 1),
                "startup_cpu_s": figures["startup_cpu_s"],
                "compiled_rules": getattr(bot.rules, "COMPILED", False),
                "machine_ms": round(statistics.fmean(machine), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
