"""Bidirectional-text controls never reach a seat's name (cards, reports, the board)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import BadRequest
from bot.games.lobby import clean_name
from tests.games.helpers import GUILD, open_manager

CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def test_every_bidi_control_is_stripped() -> None:
    assert clean_name(f"A{CONTROLS}nn") == "Ann"
    assert clean_name("\u202eevil\u202c Bob") == "evil Bob"
    assert clean_name("\u2067Ωμέγα\u2069 \u200fأحمد\u200f") == "Ωμέγα أحمد"  # letters of any script stay
    with pytest.raises(BadRequest):
        clean_name(CONTROLS + "  ")


async def test_names_are_clean_at_create_join_and_ai_seats(tmp_path: Path) -> None:
    manager = await open_manager(tmp_path / "db.sqlite3")
    try:
        t = await manager.create_table(GUILD, 1, 101, "\u202eAnn\u202c", 5, ai_names=["\u2066Bot\u2069"])
        await manager.join(1, 102, "B\u200fob")
        await manager.add_ai(1, 101, "\u202dHal")
        assert t.names == ["Ann", "Bot", "Bob", "Hal"]
        stored = await manager.store.get_table(t.id)
        assert stored is not None and [s.name for s in stored.seats] == ["Ann", "Bot", "Bob", "Hal"]
        # a name that is only controls and the same name as another after cleaning
        with pytest.raises(BadRequest):
            await manager.join(1, 103, "\u202e\u202c")
        await manager.join(1, 104, "\u200eAnn")
        assert t.names[-1] == "Ann (2)"
    finally:
        await manager.close()
