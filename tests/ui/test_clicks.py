"""A click's custom_id finds its item (bot/ui/clicks.py) without discord.py's dynamic items: the
right class for every kind of button and select, and the clicked component as the base item."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.ui import ids
from bot.ui.app import CLICKABLE
from bot.ui.clicks import Clicks, clicked
from bot.ui.community import CommunityButton
from bot.ui.components import (
    BoardButton,
    ChoiceButton,
    ChoiceSelect,
    LobbyButton,
    OlderItem,
    OpenButton,
    PastButton,
    UndoButton,
)  # fmt: skip
from bot.ui.orders import OrdersButton, QueueSelect
from bot.ui.plan import PlanButton, PlanSelect

CASES = [
    (ids.choice_id(7, 12, "r8"), ChoiceButton, {"table": "7", "seq": "12", "code": "r8"}),
    (ids.open_id(7, 12), OpenButton, {"table": "7", "seq": "12"}),
    (ids.select_id(7, 12, 1), ChoiceSelect, {"table": "7", "seq": "12", "group": "1"}),
    (ids.lobby_id(7, "join"), LobbyButton, {"table": "7", "action": "join"}),
    (ids.undo_id(7, 12), UndoButton, {"table": "7", "seq": "12"}),
    (ids.board_id(7), BoardButton, {"table": "7"}),
    (ids.past_id(7, 3), PastButton, {"table": "7", "index": "3"}),
    (ids.orders_id(7, "set", "castle.1"), OrdersButton, {"table": "7", "action": "set", "arg": "castle.1"}),
    (ids.queue_id(7, 2), QueueSelect, {"table": "7", "group": "2"}),
    (ids.community_id(7, "page", 4), CommunityButton, {"table": "7", "action": "page", "arg": "4"}),
    (ids.plan_id(7, "castle", "2"), PlanButton, {"table": "7", "action": "castle", "arg": "2"}),
    (ids.plan_select_id(7, "add"), PlanSelect, {"table": "7", "what": "add"}),
    ("an-older-button", OlderItem, {}),
    ("cyb:7:2", OlderItem, {}),  # a board button of no current shape
]


@pytest.mark.parametrize(("custom_id", "item", "fields"), CASES, ids=[c[0] for c in CASES])
def test_a_custom_id_finds_its_item(custom_id: str, item: type, fields: dict[str, str]) -> None:
    found = Clicks(CLICKABLE).item_for(custom_id)
    assert found is not None
    factory, match = found
    assert factory is item
    assert {k: v for k, v in match.groupdict().items() if v is not None} == fields


def Clicked(rows: list[dict[str, Any]]) -> SimpleNamespace:  # noqa: N802 (what `clicked` reads of an interaction)
    return SimpleNamespace(message=SimpleNamespace(components=[discord.ActionRow(row) for row in rows]))  # type: ignore[arg-type]


def test_the_base_item_is_the_component_clicked() -> None:
    rows = [
        {"type": 1, "components": [
            {"type": 2, "style": 2, "label": "Previous", "custom_id": "cyp:7:2"},
            {"type": 2, "style": 2, "label": "Next", "custom_id": "cyp:7:4"},
        ]},
        {"type": 1, "components": [
            {"type": 3, "custom_id": "cys:7:12:0", "options": [{"label": "Castle", "value": "castle"}]},
        ]},
    ]  # fmt: skip
    interaction = Clicked(rows)
    nxt = clicked(interaction, "cyp:7:4")  # type: ignore[arg-type]
    assert isinstance(nxt, discord.ui.Button) and nxt.label == "Next"
    select = clicked(interaction, "cys:7:12:0")  # type: ignore[arg-type]
    assert isinstance(select, discord.ui.Select) and [o.value for o in select.options] == ["castle"]
    gone = clicked(interaction, "cyb:7")  # type: ignore[arg-type]  (no longer on the message)
    assert isinstance(gone, discord.ui.Button) and gone.custom_id == "cyb:7"
