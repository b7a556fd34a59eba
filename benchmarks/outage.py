"""The database goes away for 30 s while tables play (issue 28, item 5), through the fake Discord.

    python benchmarks/outage.py --tables 8 --outage 30 --modes stop,freeze,full

The real bot (CaylusBot, tiny board images) and the fake Discord run in this process; people
(tests/e2e/outage_play.py) click on every table as fast as the bot answers, in four languages.
Once every table has had a few moves, the database goes away for `--outage` seconds:

- `stop`: a real PostgreSQL server (tests/store/pg_server.py) stopped (`pg_ctl stop -m fast`)
  and started again;
- `freeze`: the same server's processes stopped with SIGSTOP (the socket accepts, nothing
  answers: a network dropping packets), then SIGCONT;
- `full`: SQLite on a real 16 MiB tmpfs filled to the last block, then freed (needs root).

Every game then plays to its end. Printed per mode: the clicks and how each ended (acked,
refused "try again in a moment", unanswered), the moves lost (acked, not stored), stored but told
otherwise, shown late (stored after "if it was saved after all"), the slowest answer, the time
from the database's return to the next acked move, and the bot's own count of refusals. The
last line is one JSON object {"modes": {mode: figures}}.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


async def one(mode: str, tables: int, outage_s: float) -> dict[str, Any]:
    import pytest

    from tests.e2e.outage_play import audit, bot_factory, logs_of, play_through, world
    from tests.fake_discord import running_bot
    from tests.store.pg_server import PgServer

    fake, seatings = world(tables)
    monkeypatch = pytest.MonkeyPatch()
    server: PgServer | None = None
    mount: Path | None = None
    try:
        if mode in ("stop", "freeze"):
            server = PgServer.start()
            database: str | Path = await server.new_database("outage")
            factory = bot_factory(database_url=database, database_pool_max=4)
            pids: list[int] = []
            pg = server
            away = (lambda: pg.halt("fast")) if mode == "stop" else (lambda: pids.extend(pg.freeze()))
            back = pg.resume if mode == "stop" else (lambda: pg.thaw(pids))
        else:
            mount = Path(tempfile.mkdtemp(prefix="caylus-full-"))
            subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount)], check=True)
            database = mount / "caylus.sqlite3"
            factory = bot_factory(database_path=database)
            filler = mount / "filler"

            def away() -> None:
                with filler.open("wb", buffering=0) as f:
                    try:
                        while True:
                            f.write(b"\0" * 4096)
                    except OSError:
                        pass

            def back() -> None:
                filler.unlink()

        async with fake, running_bot(fake, factory, monkeypatch=monkeypatch, check=False) as on:
            started = time.monotonic()
            run = await play_through(fake, seatings, away, back, outage_s, timeout=900.0)
            await on.bot.publisher.idle()
            outage = on.bot.manager._registry.outage
            refused_at_once, outages = outage.refused, outage.outages
            elapsed = time.monotonic() - started
        logs = await logs_of(database, run.players)
    finally:
        monkeypatch.undo()
        if server is not None:
            server.stop()
        if mount is not None:
            subprocess.run(["umount", "-l", str(mount)], check=False)
            shutil.rmtree(mount, ignore_errors=True)
    from bot.games.refusals import STORE_UNSURE
    from bot.i18n import translator

    result = audit(run.clicks, logs, unsure=[translator(s.language)(STORE_UNSURE) for s in seatings])
    during = [c for c in run.clicks if run.away_at <= c.at <= run.back_at]
    for line in result.unacked:  # what went wrong, if anything
        print(f"{mode}: {line}", file=sys.stderr)
    for c in run.clicks:
        if c.outcome == "unanswered":
            record = fake.state.interactions.get(c.interaction)
            followups = [fake.state.messages[i].content[:80] for i in record.followup_ids] if record else None
            callback = (record.callback.type, (record.callback.content or "")[:80]) if record and record.callback else None
            stored = [(m.pos, m.code, m.who) for m in logs.get(c.table_id, []) if m.pos >= c.n - 1][:4]
            print(f"{mode}: unanswered {c}: callback {callback}, followups {followups}, log from n-1 {stored}", file=sys.stderr)
    return {
        "tables": tables,
        "outage_s": outage_s,
        "clicks": result.clicks,
        "acked": result.acked,
        "held": result.held,
        "refused": result.refused,
        "unanswered": result.unanswered,
        "lost": result.lost,
        "stored_unacked": result.stored_unacked,
        "late": result.late,
        "clicks_during_outage": len(during),
        "refused_during_outage": sum(c.outcome == "refused" for c in during),
        "refused_at_once_by_the_bot": refused_at_once,
        "outages_seen_by_the_bot": outages,
        "slowest_answer_s": round(result.worst_answer_s, 2),
        "first_ack_after_back_s": round(run.first_ack_after, 2) if run.first_ack_after is not None else None,
        "moves_stored": sum(len(log) for log in logs.values()),
        "wall_s": round(elapsed, 1),
        "ok": result.ok,
    }


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--outage", type=float, default=30.0, help="seconds the database is away")
    parser.add_argument("--modes", default="stop,freeze,full")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    modes = [m for m in args.modes.split(",") if m]
    if "full" in modes and os.geteuid() != 0:
        print("full: skipped (a tmpfs needs root)")
        modes.remove("full")
    out: dict[str, Any] = {}
    for mode in modes:
        figures = await one(mode, args.tables, args.outage)
        out[mode] = figures
        print(f"{mode}: " + ", ".join(f"{k}={v}" for k, v in figures.items()), flush=True)
    print(json.dumps({"modes": out}))
    return 0 if all(f["ok"] for f in out.values()) else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
