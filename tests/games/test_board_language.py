"""The board image in the table's language (issue 12): the phase reports' boards and the board
on demand are drawn with `table.settings.language`; an English table's renderer is called as
before (three arguments)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.games import render_board_png
from bot.rules import Decision, Event, State

from .helpers import open_manager, started_table


class LanguageRecorder:
    """A renderer that notes the language it was asked for (None: not given, i.e. English)."""

    def __init__(self) -> None:
        self.langs: list[str | None] = []

    def __call__(
        self, state: State, events: list[Event], pending: Decision | None, **kw: Any
    ) -> bytes:
        self.langs.append(kw.get("lang"))
        return b"\x89PNG fake"


@pytest.mark.parametrize("lang", ["ru", "ca", "pt-BR"])
async def test_reports_and_the_board_are_drawn_in_the_table_language(
    tmp_path: Path, lang: str
) -> None:
    render = LanguageRecorder()
    manager = await open_manager(tmp_path / "db.sqlite3", render=render)
    try:
        _, result = await started_table(manager, 1, humans=2, seed=3, settings={"language": lang})
        assert result.reports and all([await r.drawn() for r in result.reports])
        assert render.langs == [lang] * len(result.reports)
        t = manager.table(1)
        assert t is not None and t.game is not None
        assert await manager.renderer.board(t.game, [], t.settings.language) == b"\x89PNG fake"
        assert render.langs[-1] == lang
    finally:
        await manager.close()


async def test_an_english_table_calls_the_renderer_as_before(tmp_path: Path) -> None:
    render = LanguageRecorder()
    manager = await open_manager(tmp_path / "db.sqlite3", render=render)
    try:
        _, result = await started_table(manager, 1, humans=2, seed=3)
        assert result.reports and all([await r.drawn() for r in result.reports])
        assert render.langs == [None] * len(result.reports)
    finally:
        await manager.close()


async def test_the_real_board_of_a_russian_table_is_the_russian_board(tmp_path: Path) -> None:
    pytest.importorskip("rendering")
    from rendering import render_board

    manager = await open_manager(tmp_path / "db.sqlite3", render=render_board_png)
    try:
        _, result = await started_table(manager, 1, humans=2, seed=2, settings={"language": "ru"})
        report = result.reports[0]
        png = await report.drawn()
        assert report.state is not None
        russian = render_board(report.state, report.events, pending=report.pending, lang="ru")
        english = render_board(report.state, report.events, pending=report.pending)
        assert png == russian != english
    finally:
        await manager.close()
