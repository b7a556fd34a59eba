"""A write whose answer is lost (bot.games.outage): the real SQLite store commits the move, then
the answer never comes back, as when PostgreSQL goes away between its COMMIT and its reply.
Read back at once, the move stands and is acknowledged; when the store cannot even be read, the
player hears "try again in a moment: if it was saved after all, the table will show it", the
table refuses input without touching the store, and once the store answers the move is shown
(handed over as a result) and play goes on. A write that failed for good is "not played". The
tests/e2e/test_outage.py tests do the same with real servers going away."""

from __future__ import annotations

import asyncio
import gc
import random
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.games import ActResult, BaseListener, Manager, TableExists, Unavailable
from bot.games.refusals import MOVE_NOT_SAVED, STORE_DOWN, STORE_UNSURE
from bot.store import MoveRecord, SnapshotRecord, StoredTable, StoreError, TableRecord
from bot.store.sqlite import Store

from .helpers import pending_at, random_code, started_table


class Flaky(Store):
    """The real SQLite store, whose answers can be lost (`lose`: the move is committed, then
    an error) or which can be away (`away`: every call fails before touching the file)."""

    lose = False
    lost_and_away = True  # after a lost answer the store is away (else it reads at once)
    fail = False  # the move is refused before it is written
    away = False
    moves_tried = 0

    def _check(self) -> None:
        if self.away:
            raise StoreError("the database is away")

    async def record_move(self, table_id: int, move: MoveRecord, **kwargs: Any) -> None:
        self.moves_tried += 1
        self._check()
        if self.fail:
            raise StoreError("refused")
        await super().record_move(table_id, move, **kwargs)
        if self.lose:
            self.away = self.lost_and_away  # gone before it could answer
            raise StoreError("connection lost after the COMMIT")

    async def create_table(self, **kwargs: Any) -> TableRecord:
        self._check()
        made = await super().create_table(**kwargs)
        if self.lose:
            self.away = self.lost_and_away
            raise StoreError("connection lost after the COMMIT")
        return made

    async def update_lobby(self, table_id: int, **kwargs: Any) -> None:
        self._check()
        await super().update_lobby(table_id, **kwargs)

    async def load_table(self, table_id: int) -> StoredTable | None:
        self._check()
        return await super().load_table(table_id)

    async def set_meta(self, key: str, value: str, *, now: float | None = None) -> None:
        self._check()
        await super().set_meta(key, value, now=now)

    async def unreported(self, table_id: int) -> list[SnapshotRecord]:
        self._check()
        return await super().unreported(table_id)

    async def last_table_in_channel(self, channel_id: int) -> TableRecord | None:
        self._check()
        return await super().last_table_in_channel(channel_id)

    async def watchers(self, table_id: int) -> list[int]:
        self._check()
        return await super().watchers(table_id)


class Heard(BaseListener):
    def __init__(self) -> None:
        self.results: list[ActResult] = []

    async def on_result(self, result: ActResult) -> None:
        self.results.append(result)


async def manager_on(path: Path) -> tuple[Manager, Flaky, Heard]:
    store = await Flaky.open(path, synchronous="NORMAL")
    heard = Heard()
    return Manager(store, render=None, listener=heard), store, heard


async def stored_codes(store: Store, table_id: int) -> Sequence[str]:
    return [m.code for m in await store.move_log(table_id)]


async def test_an_answer_lost_then_the_store_back_shows_the_move(tmp_path: Path) -> None:
    manager, store, heard = await manager_on(tmp_path / "db.sqlite3")
    try:
        await started_table(manager, 1, humans=2, seed=3)
        t = manager.table(1)
        assert t is not None
        p = pending_at(manager, 1)
        assert p is not None and p.user_id is not None
        code = random_code(p.decision, random.Random(3))
        before = t.log_rows
        store.lose = True
        with pytest.raises(Unavailable) as refused:
            await manager.act(1, p.user_id, p.number, code)
        assert refused.value.template == STORE_UNSURE.msgid
        store.lose = False
        assert t.log_rows == before  # memory still shows the decision open
        tried = store.moves_tried
        with pytest.raises(Unavailable) as again:  # refused at once: the store is not asked
            await manager.act(1, p.user_id, p.number, code)
        assert again.value.template == STORE_DOWN.msgid and store.moves_tried == tried
        heard.results.clear()
        store.away = False  # the database answers again: the watcher finds the move stored
        for _ in range(200):
            if heard.results:
                break
            await asyncio.sleep(0.05)
        [late] = heard.results
        assert [m.code for m in late.moves] == [code] and late.moves[0].number == p.number
        assert late.actor_id is None  # shown in the channel: its player was told to look there
        assert t.log_rows == before + 1 and (await stored_codes(store, t.id))[-1] == code
        nxt = pending_at(manager, 1)
        assert nxt is not None and nxt.number == p.number + 1 and nxt.user_id is not None
        await manager.act(1, nxt.user_id, nxt.number, nxt.decision.choices[0].code)  # play goes on
        assert t.log_rows == before + 2
    finally:
        store.away = False
        await manager.close()


async def test_an_answer_lost_but_read_back_at_once_is_acknowledged(tmp_path: Path) -> None:
    manager, store, heard = await manager_on(tmp_path / "db.sqlite3")
    try:
        await started_table(manager, 1, humans=2, seed=4)
        t = manager.table(1)
        p = pending_at(manager, 1)
        assert t is not None and p is not None and p.user_id is not None
        code = p.decision.choices[0].code
        store.lose, store.lost_and_away = True, False
        result = await manager.act(1, p.user_id, p.number, code)
        store.lose = False
        assert [m.code for m in result.moves][:1] == [code]
        assert t.log_rows > p.number and (await stored_codes(store, t.id))[p.number] == code
    finally:
        await manager.close()


async def test_a_write_refused_for_good_is_not_played_and_the_retry_is(tmp_path: Path) -> None:
    manager, store, _ = await manager_on(tmp_path / "db.sqlite3")
    try:
        await started_table(manager, 1, humans=2, seed=5)
        t = manager.table(1)
        p = pending_at(manager, 1)
        assert t is not None and p is not None and p.user_id is not None
        code = p.decision.choices[0].code
        store.fail = True
        with pytest.raises(Unavailable) as refused:
            await manager.act(1, p.user_id, p.number, code)
        assert refused.value.template == MOVE_NOT_SAVED.msgid
        assert t.log_rows == p.number and len(await stored_codes(store, t.id)) == p.number
        store.fail = False
        result = await manager.act(1, p.user_id, p.number, code)  # not refused: the store reads
        assert result.moves[0].code == code
    finally:
        await manager.close()


async def test_a_look_up_in_the_store_while_it_is_away_says_try_again(tmp_path: Path) -> None:
    """`/caylus status` in a channel whose table is not in memory reads the store: while it is
    away, the answer is "try again in a moment", not an error."""
    manager, store, _ = await manager_on(tmp_path / "db.sqlite3")
    try:
        await started_table(manager, 1, humans=2, seed=6)
        store.away = True
        with pytest.raises(Unavailable) as refused:
            await manager.last_table(2)
        assert refused.value.template == STORE_DOWN.msgid
        store.away = False
        assert await manager.last_table(2) is None and (await manager.last_table(1)) is manager.table(1)
    finally:
        store.away = False
        await manager.close()


async def test_a_community_read_while_the_store_is_away_is_one_warning_not_an_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The watchers of a table read after its round report (bot.ui.callbacks) while the store is
    away: "try again in a moment" for the caller, the outage watched and warned about once, no
    ERROR with a traceback (a run that asserts a clean log would fail on it); read again once the
    store is back."""
    manager, store, _ = await manager_on(tmp_path / "db.sqlite3")
    try:
        await started_table(manager, 1, humans=2, seed=7)
        t = manager.table(1)
        assert t is not None
        await manager.community.watch(1, 55)
        store.away = True
        with caplog.at_level("INFO"):
            with pytest.raises(Unavailable):
                await manager.community.watchers(t.id)
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        assert [r.name for r in caplog.records if r.levelname == "WARNING"] == ["bot.games.outage"]  # probing
        store.away = False
        assert await manager.community.watchers(t.id) == [55]
    finally:
        store.away = False
        await manager.close()


async def test_a_refused_write_tried_again_is_told_once_in_its_phase_report(tmp_path: Path) -> None:
    """A move's events join the table's chronicle only once the move is stored: every move of
    two rounds refused once, then played, gives the reports a game without refusals gives
    (each line once, none lost at a phase end), and the channel's past rebuilt from the log
    agrees with what was posted."""
    manager, store, _ = await manager_on(tmp_path / "db.sqlite3")
    clean, _, _ = await manager_on(tmp_path / "clean.sqlite3")
    try:
        _, opening = await started_table(manager, 1, humans=3, seed=6)
        await started_table(clean, 1, humans=3, seed=6)
        t = manager.table(1)
        assert t is not None and t.game is not None
        rng = random.Random(6)
        posted, unrefused = list(opening.reports), []
        while t.game.state.round < 3:
            p = pending_at(manager, 1)
            assert p is not None and p.user_id is not None
            code = random_code(p.decision, rng)
            store.fail = True
            with pytest.raises(Unavailable):
                await manager.act(1, p.user_id, p.number, code)
            store.fail = False
            posted += (await manager.act(1, p.user_id, p.number, code)).reports
            unrefused += (await clean.act(1, p.user_id, p.number, code)).reports
        said = [r.text(10**9) for r in posted[1:]]
        assert len(said) > 5 and said == [r.text(10**9) for r in unrefused]
        past = await manager.past(1)
        assert past is not None
        assert [r.text(10**9) for r in posted] == [r.text(10**9) for r in past.phase_reports()]
    finally:
        await manager.close()
        await clean.close()


@pytest.mark.parametrize("read_at_once", [True, False])
async def test_a_table_whose_creation_answer_was_lost_is_the_channels_table(tmp_path: Path, read_at_once: bool) -> None:
    """/caylus new stored, its answer lost: read back at once, the table is made (not "nothing
    changed" with a table no one can join until a restart); when the store could not be read
    then, the next /caylus new finds it there ("a table already exists") and it is the
    channel's table from then on: people join it and it starts."""
    manager, store, _ = await manager_on(tmp_path / "db.sqlite3")
    try:
        store.lose, store.lost_and_away = True, not read_at_once
        if read_at_once:
            made = await manager.create_table(7, 1, 101, "U101", 2, seed=1)
        else:
            with pytest.raises(Unavailable) as unsure:  # not "nothing changed": it may have
                await manager.create_table(7, 1, 101, "U101", 2, seed=1)
            assert unsure.value.template == STORE_UNSURE.msgid
            store.lose = store.away = False
            assert manager.table(1) is None  # memory does not know it yet
            with pytest.raises(TableExists) as exists:
                await manager.create_table(7, 1, 101, "U101", 2, seed=1)
            made = manager.table(1)
            assert exists.value.adopted  # the channel is told of it: its card
            with pytest.raises(TableExists) as again:
                await manager.create_table(7, 1, 101, "U101", 2, seed=1)
            assert not again.value.adopted  # known from now on
        store.lose = store.away = False
        assert made is not None and manager.table(1) is made and made.creator_id == 101
        [stored] = [t for t in await store.load_active()]
        assert stored.table.id == made.id
        await manager.join(1, 102, "U102")
        await manager.start(1, 101)
        assert manager.table(1) is made and made.game is not None
    finally:
        store.away = False
        await manager.close()


async def test_a_lobby_change_refused_while_the_store_is_away_leaves_no_write_behind(tmp_path: Path) -> None:
    """Refused at once (the store is known to be away): the write made for it is dropped
    unstarted, not left for the garbage collector to warn of ("coroutine never awaited")."""
    manager, store, _ = await manager_on(tmp_path / "db.sqlite3")
    try:
        await manager.create_table(7, 1, 101, "U101", 3, seed=1)
        await manager.create_table(7, 2, 201, "U201", 3, seed=2)
        store.away = True
        with pytest.raises(Unavailable):
            await manager.join(1, 102, "U102")  # the failure: the outage is held from now on
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            template = None
            try:
                await manager.join(2, 202, "U202")
            except Unavailable as refused:  # not kept: its frames would keep the write alive
                template = refused.template
            gc.collect()
        assert template == STORE_DOWN.msgid
        assert not [w for w in caught if "never awaited" in str(w.message)]
    finally:
        store.away = False
        await manager.close()
