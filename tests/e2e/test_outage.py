"""The database goes away while tables play (issue 28, item 5): a real PostgreSQL server stopped
and started again, or frozen (SIGSTOP: it accepts connections and never answers, as one behind a
network that drops packets), and SQLite's disk full (a real full tmpfs where the tests run as
root, else SQLite's own page limit on the bot's connection), under the clicks of people who go on
playing. The bot keeps answering every click ("try again in a moment", in the clicker's
language), loses no move it acknowledged, acknowledges none it did not store, and resumes by
itself: every table plays on to its end, the one with an AI seat too, without a restart.
(tests/e2e/outage_play.py keeps the account; benchmarks/outage.py measures a 30 s outage.)"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.games.refusals import MOVE_NOT_SAVED, STORE_DOWN, STORE_UNSURE
from bot.i18n import translator
from bot.ui import texts
from bot.ui.app import CaylusBot
from bot.ui.lang import post_tr
from tests.fake_discord import FakeDiscord, running_bot
from tests.store.pg_server import PgServer, missing_reason

from .conftest import ERROR_LOGGERS
from .outage_play import LANGUAGES, Players, Run, audit, bot_factory, logs_of, play_through, world

OUTAGE_S = 6.0  # how long the database is away (benchmarks/outage.py: 30 s)


async def told_once(bot: CaylusBot, fake: FakeDiscord, players: list[Players]) -> None:
    """Every line of every phase report the move log rebuilds is in its table's round messages,
    as many times as there: no line lost or told twice by a write refused, then played."""
    await bot.publisher.idle()
    for p in players:
        t = await bot.manager.last_table(int(p.channel.id))
        past = await bot.manager.past(int(p.channel.id))
        assert t is not None and past is not None
        told = Counter(
            line for r in past.phase_reports() for chunk in texts.report_chunks(post_tr(t), r)
            for line in chunk.split("\n") if line.startswith("• ")
        )  # fmt: skip
        shown = Counter(
            line for m in fake.channel_messages(p.channel) if m.content.startswith("📜 ")
            for line in m.text.split("\n") if line.startswith("• ")
        )  # fmt: skip
        assert shown == told and sum(told.values()) > 50, (t.id, told - shown, shown - told)


@pytest.fixture
def pg() -> Iterator[PgServer]:
    """A server of the test's own: it is stopped and frozen on purpose."""
    reason = missing_reason()
    if reason is not None:
        pytest.skip(reason)
    server = PgServer.start()
    try:
        yield server
    finally:
        server.stop()


def check(run: Run, logs: dict[int, list[Any]]) -> None:
    """Nothing lost, nothing stored that its clicker was told was not, every click answered,
    the outage felt, and said in each clicker's language ("try again in a moment")."""
    languages = [lang for lang, _, _ in LANGUAGES]
    result = audit(run.clicks, logs, unsure=[translator(lang)(STORE_UNSURE) for lang in languages])
    print(result, f"first move acked {run.first_ack_after} s after the database came back")
    assert result.ok, result
    assert result.refused > 0, "the outage was not felt"
    for p, lang in zip(run.players, languages, strict=True):
        tr = translator(lang)
        words = [tr(STORE_DOWN), tr(STORE_UNSURE), tr(MOVE_NOT_SAVED)]
        theirs = [c.said for c in run.clicks if c.table_id == p.table_id and c.outcome == "refused"]
        assert not theirs or any(w in said for said in theirs for w in words), (lang, theirs)


async def test_postgresql_stopped_and_started_under_load(pg: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    url = await pg.new_database("outage")
    fake, tables = world()
    bot = bot_factory(database_url=url, database_pool_max=4)
    async with fake, running_bot(fake, bot, monkeypatch=monkeypatch, error_loggers=ERROR_LOGGERS) as on:
        run = await play_through(fake, tables, lambda: pg.halt("fast"), pg.resume, OUTAGE_S)
        await told_once(on.bot, fake, run.players)
    check(run, await logs_of(url, run.players))


async def test_postgresql_frozen_then_back(pg: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Unreachable: the server takes connections and answers nothing (a network dropping
    packets); each store call gives up after its OP_TIMEOUT and the bot refuses at once."""
    url = await pg.new_database("frozen")
    fake, tables = world()
    frozen: list[int] = []
    bot = bot_factory(database_url=url, database_pool_max=4)
    async with fake, running_bot(fake, bot, monkeypatch=monkeypatch, error_loggers=ERROR_LOGGERS) as on:
        run = await play_through(fake, tables, lambda: frozen.extend(pg.freeze()), lambda: pg.thaw(frozen), OUTAGE_S)
        await told_once(on.bot, fake, run.players)
    check(run, await logs_of(url, run.players))


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 16 MiB filesystem (tmpfs; mounting needs root): SQLite's writes there fail with
    SQLITE_FULL once a filler file takes the rest of it."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a small filesystem needs root (mount -t tmpfs)")
    folder = tmp_path / "small"
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Take every free block of the filesystem (ENOSPC from then on)."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


async def test_sqlite_disk_full_then_freed(small_disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = small_disk / "caylus.sqlite3"
    fake, tables = world()
    filler: list[Path] = []
    bot = bot_factory(database_path=database)
    async with fake, running_bot(fake, bot, monkeypatch=monkeypatch, error_loggers=ERROR_LOGGERS) as on:
        run = await play_through(
            fake, tables, lambda: filler.append(fill(small_disk)), lambda: filler[0].unlink(), OUTAGE_S
        )
        await told_once(on.bot, fake, run.players)
    check(run, await logs_of(database, run.players))


async def test_sqlite_full_at_its_page_limit_then_lifted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no small filesystem can be mounted (no root), the same SQLITE_FULL from SQLite
    itself: the bot's own connection is held to the pages it has (`PRAGMA max_page_count`), so
    every write needing one more page fails as on a full disk, then the limit is lifted."""
    database = tmp_path / "caylus.sqlite3"
    fake, tables = world()
    bot = bot_factory(database_path=database)

    async def limit(pages: int | None) -> None:
        store: Any = on.bot.manager.store  # the real aiosqlite connection of the running bot
        async with store._lock:
            if pages is None:
                [(pages,)] = await store._db.execute_fetchall("PRAGMA page_count")
            await store._db.execute(f"PRAGMA max_page_count = {pages}")

    async with fake, running_bot(fake, bot, monkeypatch=monkeypatch, error_loggers=ERROR_LOGGERS) as on:
        run = await play_through(fake, tables, lambda: limit(None), lambda: limit(2**30), OUTAGE_S)
        await told_once(on.bot, fake, run.players)
    check(run, await logs_of(database, run.players))
