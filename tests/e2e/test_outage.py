"""The database goes away while tables play (issue 28, item 5): a real PostgreSQL server stopped
and started again, or frozen (SIGSTOP: it accepts connections and never answers, as one behind a
network that drops packets), and SQLite's disk full, under the clicks of people who go on
playing. The bot keeps answering every click ("try again in a moment", in the clicker's
language), loses no move it acknowledged, acknowledges none it did not store, and resumes by
itself: every table plays on to its end, the one with an AI seat too, without a restart.
(tests/e2e/outage_play.py keeps the account; benchmarks/outage.py measures a 30 s outage.)"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.games.refusals import MOVE_NOT_SAVED, STORE_DOWN, STORE_UNSURE
from bot.i18n import translator
from bot.store import open_store
from bot.ui.app import CaylusBot
from tests.fake_discord import BotRun, FakeDiscord, FakeMember, running_bot
from tests.store.pg_server import PgServer, missing_reason

from .conftest import ERROR_LOGGERS, tiny_render
from .outage_play import Click, Players, audit
from .sim import Table

OUTAGE_S = 6.0  # how long the database is away (benchmarks/outage.py: 30 s)
# One table per language: two people whose Discord speaks it, or (Catalan, which Discord does not
# have) one person at a Catalan table with an AI seat.
TABLES = (("en", "en-US", 2), ("ru", "ru", 2), ("pt-BR", "pt-BR", 2), ("ca", "es-ES", 1))


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


@asynccontextmanager
async def bot(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, **settings: Any) -> AsyncIterator[BotRun[CaylusBot]]:
    config = Settings(_env_file=None, discord_token="fake-token", log_level="INFO", **settings)  # type: ignore[call-arg]

    def make(**client_kwargs: Any) -> CaylusBot:
        return CaylusBot(config, render=tiny_render, synchronous="NORMAL", retry_delays=(0.05, 0.1, 0.2), **client_kwargs)

    async with running_bot(fake, make, monkeypatch=monkeypatch, error_loggers=ERROR_LOGGERS) as run:
        yield run


def world() -> tuple[FakeDiscord, list[tuple[Any, list[FakeMember], str]]]:
    fake = FakeDiscord(timeout=10.0)
    guild = fake.add_guild("Caylus Club")
    tables = []
    for i, (lang, locale, people_count) in enumerate(TABLES):
        channel = fake.add_channel(guild, f"table-{i}")
        people = [fake.add_player(guild, f"p{i}{j}", global_name=f"P{i}{j}") for j in range(people_count)]
        for person in people:
            person.user.locale = locale
        tables.append((channel, people, lang))
    return fake, tables


async def play_through(
    fake: FakeDiscord, tables: list[tuple[Any, list[FakeMember], str]], away: Callable[[], Any], back: Callable[[], Any]
) -> tuple[list[Click], list[Players]]:
    """Open and start every table, play, take the database away (`away`) once every table has
    had a few moves, bring it back (`back`) OUTAGE_S later, and play every game to its end."""
    clicks: list[Click] = []
    players: list[Players] = []
    for i, (channel, people, lang) in enumerate(tables):
        sim = Table(fake, channel, people, random.Random(i), timeout=30.0)
        options: dict[str, Any] = {"seats": 2, "language": lang}
        if len(people) == 1:
            options["ai"] = 1
        card = await sim.seat_everyone(people[0], **options)
        await sim.start(card, people[0])
        players.append(Players(fake, channel, people, random.Random(100 + i), clicks))
    games = [asyncio.create_task(p.play()) for p in players]
    await fake.state.changed.wait_for(
        lambda: all(sum(c.outcome == "acked" and c.table_id == p.table_id for c in clicks) >= 3 for p in players),
        60.0, lambda: "the tables did not get going",
    )  # fmt: skip
    result = away()
    if asyncio.iscoroutine(result):
        await result
    await asyncio.sleep(OUTAGE_S)
    result = back()
    if asyncio.iscoroutine(result):
        await result
    finished = await asyncio.wait_for(asyncio.gather(*games), 240.0)
    assert all(finished), "a game did not reach its end after the outage"
    return clicks, players


async def logs_of(database: str | Path, players: list[Players]) -> dict[int, list[Any]]:
    store = await open_store(database)
    try:
        return {p.table_id: await store.move_log(p.table_id) for p in players if p.table_id is not None}
    finally:
        await store.close()


def check(clicks: list[Click], logs: dict[int, list[Any]], players: list[Players]) -> None:
    """Nothing lost, nothing stored that its clicker was told was not, every click answered,
    the outage felt, and said in each clicker's language ("try again in a moment")."""
    unsure = [translator(lang)(STORE_UNSURE) for lang, _, _ in TABLES]
    result = audit(clicks, logs, unsure=unsure)
    print(result)  # the figures (pytest -rA shows them)
    assert result.ok, result
    assert result.refused > 0, "the outage was not felt"
    for p, (lang, _, _) in zip(players, TABLES, strict=True):
        tr = translator(lang)
        words = [tr(STORE_DOWN), tr(STORE_UNSURE), tr(MOVE_NOT_SAVED)]
        theirs = [c.said for c in clicks if c.table_id == p.table_id and c.outcome == "refused"]
        assert not theirs or any(w in said for said in theirs for w in words), (lang, theirs)


async def test_postgresql_stopped_and_started_under_load(
    pg: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = await pg.new_database("outage")
    fake, tables = world()
    async with fake, bot(fake, monkeypatch, database_url=url, database_pool_max=4) as run:
        clicks, players = await play_through(fake, tables, lambda: pg.halt("fast"), pg.resume)
        await run.bot.publisher.idle()
    check(clicks, await logs_of(url, players), players)


async def test_postgresql_frozen_then_back(pg: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Unreachable: the server takes connections and answers nothing (a network dropping
    packets); each store call gives up after its OP_TIMEOUT and the bot refuses at once."""
    url = await pg.new_database("frozen")
    fake, tables = world()
    frozen: list[int] = []
    async with fake, bot(fake, monkeypatch, database_url=url, database_pool_max=4) as run:
        clicks, players = await play_through(
            fake, tables, lambda: frozen.extend(pg.freeze()), lambda: pg.thaw(frozen)
        )
        await run.bot.publisher.idle()
    check(clicks, await logs_of(url, players), players)


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
    async with fake, bot(fake, monkeypatch, database_path=database) as run:
        clicks, players = await play_through(
            fake, tables, lambda: filler.append(fill(small_disk)), lambda: filler[0].unlink()
        )
        await run.bot.publisher.idle()
    check(clicks, await logs_of(database, players), players)
