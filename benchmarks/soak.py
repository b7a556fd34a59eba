"""A soak: tables opened, played and finished without a pause, and the bot's memory measured.

    python benchmarks/soak.py --tables 500 --slots 20

The fake Discord runs in its own process (`python -m tests.fake_discord --driver
benchmarks.soak:drive`): `--slots` channels, each with two people who open table after table
until `--tables` tables are over. What each table is, in turn (SCENARIOS): a game of one person
and an AI seat played to its end; a game of two people; a game in a thread of its own; a game
with a 10-minute deadline whose person stops answering (the AI takes the seat over after one
missed deadline and plays it to the end); a lobby abandoned by its creator; a game abandoned
half-way; a lobby nobody starts, which expires. The people answer on the turn messages and in
the chooser as tests/e2e/sim.py does.

The bot (the real CaylusBot, `python -m bot`'s options; tiny board images unless `--render real`)
runs in this process on a temporary SQLite file, with a clock that runs `--speed` times faster
than the wall's for its deadlines, reminders and lobby expiry (LOBBY_EXPIRY_DAYS 0.05: 72
minutes), so that hours of play pass in minutes. Its due timers are fired every half second.

At three moments (once `--warm` tables are over, at half of `--tables`, at the end) it prints the
bot process's resident memory (after a full garbage collection) and the size of every map of the
bot's own objects (tests/e2e/kept.py), with the tables alive then. The last line is one JSON
object: {"tables", "rss_mb": [start, middle, end], "growth_pct" (middle to end), "largest_map"
(the largest per-table map at the end, and the tables alive), "over_live" (maps larger than the
tables alive, at any moment), ...}.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PEOPLE_PER_SLOT = 2
# (name, weight): what the next table of a slot is
SCENARIOS = (
    ("game", 8),
    ("two", 3),
    ("thread", 2),
    ("deadline", 2),
    ("lobby_abandoned", 1),
    ("game_abandoned", 1),
    ("lobby_expired", 1),
)
WAIT_S = 300.0  # for anything one table waits on


# ----- the driver, in the fake's process ------------------------------------------------------


async def drive(fake: Any) -> None:
    """`--driver benchmarks.soak:drive`: slots playing tables one after another."""
    from tests.e2e.sim import LOBBY_ID, Table, card_of, short_game_pick, turn_of

    class Fresh(Table):
        """The people of a channel's newest table: what earlier tables left there is not read."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.since = max((int(m.id) for m in fake.channel_messages(self.channel)), default=0)

        def fresh(self, channel: Any = None) -> list[Any]:
            """The channel's messages posted since (ids grow; the bot deletes old ones)."""
            return [m for m in fake.channel_messages(channel or self.channel) if int(m.id) > self.since]

        def _next_turn(self) -> Any:
            for message in self.fresh():
                if message.content.startswith("🏁 "):
                    return message
                turn = turn_of(message)
                if turn is not None and turn[1] > self.last_seq:
                    return message
            return None

    total = int(os.environ["SOAK_TABLES"])
    seed = int(os.environ.get("SOAK_SEED", "1"))
    await fake.state.changed.wait_for(lambda: fake.state.global_commands, 120.0, lambda: "no command sync")
    guild = next(iter(fake.state.guilds.values()))
    people = [m for m in guild.members.values() if m.user.username.startswith("player")]
    channels = [fake.state.channels[c] for c in guild.channel_ids]
    done: Counter[str] = Counter()
    started = [0]
    bag = [name for name, weight in SCENARIOS for _ in range(weight)]

    async def one_table(kind: str, sim: Any, base: Any, a: Any, rng: random.Random) -> None:
        channel = sim.channel

        async def abandon(user: Any) -> None:
            handle = await fake.slash("caylus", subcommand="abandon", user=user, channel=channel)
            reply = await handle.response(timeout=WAIT_S)
            assert reply.message is not None
            button = next(c for c in reply.message.custom_ids() if LOBBY_ID.fullmatch(c))
            await (await fake.click(reply.message, button, user=user)).response(timeout=WAIT_S)

        def ended() -> bool:
            return any(m.content.startswith("🏁 ") for m in sim.fresh())

        if kind in ("game", "deadline"):
            options: dict[str, Any] = {"seats": 2, "ai": 1}
            if kind == "deadline":
                options |= {"deadline": 600, "takeover": 1}
            card = await sim.open_table(a, **options)
            await sim.start(card, a)
            if kind == "game":
                await sim.play()
            else:  # one move, then the person stops answering: the game goes on without them
                await sim.play_turn()
                await fake.state.changed.wait_for(ended, WAIT_S * 4, lambda: "the deadline game did not end")
        elif kind == "two":
            card = await sim.seat_everyone(a, seats=2)
            await sim.start(card, a)
            await sim.play()
        elif kind == "thread":
            before = {c.id for c in fake.state.channels.values() if c.parent_id == base.id}
            handle = await fake.slash("caylus", subcommand="new", user=a, channel=base,
                                      options={"seats": 2, "ai": 1, "thread": True})  # fmt: skip
            [said] = await handle.followups(1, timeout=WAIT_S)
            [thread] = [c for c in fake.state.channels.values() if c.parent_id == base.id and c.id not in before]
            card = card_of(sim.fresh(base))
            assert card is not None, said.content
            await sim.start(card, a)
            await Fresh(fake, thread, [a], rng, pick=short_game_pick, timeout=WAIT_S).play()
        elif kind == "lobby_abandoned":
            await sim.open_table(a, seats=3)
            await abandon(a)
        elif kind == "game_abandoned":
            card = await sim.open_table(a, seats=2, ai=1)
            await sim.start(card, a)
            for _ in range(3):
                await sim.play_turn()
            await abandon(a)
        elif kind == "lobby_expired":
            card = await sim.open_table(a, seats=3)
            await fake.state.changed.wait_for(lambda: not card.custom_ids(), WAIT_S, lambda: "no expiry")

    async def slot(i: int) -> None:
        rng = random.Random(seed * 1000 + i)
        base = channels[i]  # every table of the slot in its channel, one after another
        a, b = people[i * PEOPLE_PER_SLOT : (i + 1) * PEOPLE_PER_SLOT]
        while started[0] < total:
            started[0] += 1
            kind = bag[(started[0] * 7 + i) % len(bag)]
            sim = Fresh(fake, base, [a, b] if kind == "two" else [a], rng, pick=short_game_pick, timeout=WAIT_S)
            await one_table(kind, sim, base, a, rng)
            done[kind] += 1

    began = time.perf_counter()
    outcomes = await asyncio.gather(*(slot(i) for i in range(len(channels))), return_exceptions=True)
    failures = [
        "".join(traceback.format_exception(o)[-3:]) for o in outcomes if isinstance(o, BaseException)
    ]
    print(json.dumps({
        "driver": True, "done": dict(done), "seconds": time.perf_counter() - began, "failures": failures[:5],
        "problems": [str(p) for p in fake.problems[:5]], "requests": len(fake.calls),
    }), flush=True)  # fmt: skip


# ----- the bot, in this process --------------------------------------------------------------


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def over(path: Path) -> int:
    """Tables over in the store (finished, abandoned; an expired lobby is abandoned)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return int(con.execute("SELECT COUNT(*) FROM game_tables WHERE status IN ('finished', 'abandoned')").fetchone()[0])
    except sqlite3.OperationalError:
        return 0
    finally:
        con.close()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    import pytest

    from bot.config import Settings
    from bot.games import render_board_png
    from bot.ui.app import RENDER_PROCESSES, CaylusBot
    from tests.e2e.conftest import tiny_render
    from tests.e2e.kept import kept, per_table
    from tests.fake_discord import FakeEndpoints, patch_discord

    env = {**os.environ, "SOAK_TABLES": str(args.tables), "SOAK_SEED": str(args.seed), "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.fake_discord", "--guilds", "1", "--channels", str(args.slots),
        "--users", str(args.slots * PEOPLE_PER_SLOT), "--driver", "benchmarks.soak:drive", "--no-spec-check",
        cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, limit=2**26,
    )  # fmt: skip
    assert proc.stdout is not None
    monkeypatch = pytest.MonkeyPatch()
    samples: list[dict[str, Any]] = []
    bot: CaylusBot | None = None
    t0 = time.time()

    def clock() -> float:  # the bot's: `--speed` times the wall's
        return t0 + (time.time() - t0) * args.speed

    try:
        info = json.loads(await asyncio.wait_for(proc.stdout.readline(), 60))
        patch_discord(monkeypatch, FakeEndpoints.from_info(info))
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "soak.sqlite3"
            settings = Settings(  # type: ignore[call-arg]
                _env_file=None, discord_token=info["token"], database_path=db, lobby_expiry_days=0.05
            )
            bot = CaylusBot(
                settings,
                render=tiny_render if args.render == "tiny" else render_board_png,
                render_processes=RENDER_PROCESSES if args.render == "real" else 0,
                freeze_memory=True,
                clock=clock,
                guild_ready_timeout=0.05,
            )
            await bot.login(info["token"])
            connection = asyncio.create_task(bot.connect())
            finished = asyncio.ensure_future(proc.stdout.readline())

            async def sample(at: str, n: int) -> None:
                await bot.publisher.idle()
                gc.collect()
                sizes = kept(bot)
                alive = sum(1 for t in bot.manager.tables() if t.is_active)
                tables = {k: v for k, v in per_table(sizes).items() if v}
                samples.append({
                    "at": at, "over": n, "alive": alive, "rss_mb": round(rss_mb(), 1), "per_table": tables,
                    "over_live": {k: v for k, v in tables.items() if v > alive},
                    "other": {k: v for k, v in sizes.items() if v and k not in tables},
                })  # fmt: skip
                print(json.dumps(samples[-1]), flush=True)

            marks = [("start", args.warm), ("middle", args.tables // 2)]
            while True:
                done, _ = await asyncio.wait({finished}, timeout=0.5)
                if bot.is_set_up:
                    await bot.manager.run_due_timers()  # the fast clock's deadlines and expiries
                n = over(db)
                if marks and n >= marks[0][1]:
                    await sample(marks.pop(0)[0], n)
                if finished in done:
                    break
            if marks:
                raise RuntimeError(f"the driver ended early: {finished.result()!r}")
            await sample("end", over(db))
            figures = json.loads(finished.result())
            await bot.close()
            await asyncio.wait_for(connection, 10)
    finally:
        if bot is not None and not bot.is_closed():
            await bot.close()
        monkeypatch.undo()
        proc.terminate()
        await proc.wait()
    return {"driver": figures, "samples": samples}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--slots", type=int, default=20, help="tables played at the same time")
    parser.add_argument("--warm", type=int, default=40, help="tables over before the first measure")
    parser.add_argument("--speed", type=float, default=360.0, help="the bot's clock against the wall's")
    parser.add_argument("--render", choices=("real", "tiny"), default="tiny")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import logging

    logging.basicConfig(level=logging.WARNING)
    started = time.perf_counter()
    out = asyncio.run(run(args))
    samples, driver = out["samples"], out["driver"]
    if driver["failures"] or driver["problems"]:
        print(f"failures: {driver['failures']} problems: {driver['problems']}", file=sys.stderr)
    rss = [s["rss_mb"] for s in samples]
    end = samples[-1]
    largest = max(((v, k) for k, v in end["per_table"].items()), default=(0, ""))
    print(json.dumps({
        "tables": args.tables,
        "slots": args.slots,
        "done": driver["done"],
        "failed_slots": len(driver["failures"]),
        "rss_mb": rss,
        "growth_pct": round(100 * (rss[2] - rss[1]) / rss[1], 2) if len(rss) == 3 and rss[1] else None,
        "largest_map": {"name": largest[1], "size": largest[0], "alive": end["alive"]},
        "over_live": sorted({k for s in samples for k in s["over_live"]}),
        "fake_seconds": round(driver["seconds"] * args.speed / 3600, 1),
        "wall_s": round(time.perf_counter() - started, 1),
    }))


if __name__ == "__main__":
    main()
