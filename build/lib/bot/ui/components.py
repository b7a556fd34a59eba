"""The buttons and selects, as `discord.ui.DynamicItem`s: their meaning is in their custom_id
(bot/ui/ids.py), so they work on any message, before or after a restart.

Callbacks are thin: they hand the click to the bot's play or lobby flows.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from . import ids, replies, texts
from .host import host
from .lang import reply_tr


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.CHOICE_TEMPLATE):
    """Answer decision `seq` of a table with `code`."""

    def __init__(
        self,
        table_id: int,
        seq: int,
        code: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or code, style=style, custom_id=ids.choice_id(table_id, seq, code), row=row
        )
        super().__init__(button)
        self.table_id, self.seq, self.code = table_id, seq, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(int(match["table"]), int(match["seq"]), match["code"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host(interaction).play.choose(interaction, self.table_id, self.seq, self.code)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    """One group of a chooser's choices; the value picked is a choice code."""

    def __init__(
        self,
        table_id: int,
        seq: int,
        group: int,
        *,
        placeholder: str | None = None,
        options: list[discord.SelectOption] | None = None,
        row: int | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.select_id(table_id, seq, group),
            placeholder=placeholder,
            options=options or [discord.SelectOption(label="…", value="…")],
            row=row,
        )
        super().__init__(select)
        self.table_id, self.seq, self.group = table_id, seq, group

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        return cls(int(match["table"]), int(match["seq"]), int(match["group"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        code = str(values[0]) if values else ""
        await host(interaction).play.choose(interaction, self.table_id, self.seq, code)


class OpenButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.OPEN_TEMPLATE):
    """The "Choose…" (or "More…") button of a turn message: shows its player the chooser,
    ephemerally (the choices that do not fit on the turn message, and Undo)."""

    def __init__(
        self,
        table_id: int,
        seq: int,
        *,
        label: str = str(texts.CHOOSE_BUTTON),
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=style, custom_id=ids.open_id(table_id, seq), row=row
        )
        super().__init__(button)
        self.table_id, self.seq = table_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OpenButton:
        return cls(int(match["table"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host(interaction).play.open_chooser(interaction, self.table_id, self.seq)


LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "ai": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "abandon": discord.ButtonStyle.danger,
}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_TEMPLATE):
    """Join, Leave, Add AI, Start on a table card; Abandon on its confirmation."""

    def __init__(self, table_id: int, action: str, *, label: str | None = None) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or action.title(),
            style=LOBBY_STYLES[action],
            custom_id=ids.lobby_id(table_id, action),
        )
        super().__init__(button)
        self.table_id, self.action = table_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["table"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host(interaction).lobby.press(interaction, self.table_id, self.action)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.UNDO_TEMPLATE):
    """Take back one's last choice while decision `seq` is still the pending one."""

    def __init__(
        self, table_id: int, seq: int, *, label: str = str(texts.UNDO_BUTTON), row: int | None = None
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.danger, custom_id=ids.undo_id(table_id, seq), row=row
        )
        super().__init__(button)
        self.table_id, self.seq = table_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["table"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host(interaction).play.undo(interaction, self.table_id, self.seq)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BOARD_TEMPLATE):
    """The table's board as it stands (mid-phase too), shown only to the person who asks."""

    def __init__(self, table_id: int, *, label: str = str(texts.BOARD_BUTTON), row: int | None = None) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, custom_id=ids.board_id(table_id), row=row
        )
        super().__init__(button)
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host(interaction).play.board(interaction, self.table_id)


class PastButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PAST_TEMPLATE):
    """Previous / Next on a private board: the board of an earlier (or later) phase report."""

    def __init__(self, table_id: int, index: int, *, label: str) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, custom_id=ids.past_id(table_id, index)
        )
        super().__init__(button)
        self.table_id, self.index = table_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PastButton:
        return cls(int(match["table"]), int(match["index"]), label=getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host(interaction).info.past_step(interaction, self.table_id, self.index)


class OlderItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.OLDER_TEMPLATE):
    """A button or select of an older version of the bot (a custom_id no current item has):
    answered privately instead of failing."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OlderItem:
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await replies.say(interaction, texts.older_button(reply_tr(interaction, None)))


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, OpenButton, LobbyButton, UndoButton, BoardButton, PastButton, OlderItem)


class Components(discord.ui.View):
    """A message's buttons and selects as sent: laid out in rows as a `discord.ui.View` lays them
    out (an item's `row`, else the first row with room), but holding only their payload and the
    items. A View is made to listen: each one has a future and items that point back at it, a
    cycle that only the garbage collector's full passes free, and a message's View was most of
    the bot's cyclic garbage (issue 27). Finished from the start, discord.py sends it and keeps
    nothing of it (no view store entry, no timeout task); clicks reach the items through
    bot/ui/clicks.py."""

    def __init__(self, *items: discord.ui.Item[Any]) -> None:  # no View.__init__: nothing to listen with
        if len(items) > 25:
            raise ValueError(f"{len(items)} items: a message holds at most 25")
        rows: list[list[dict[str, Any]]] = [[] for _ in range(5)]
        room = [5] * 5
        for item in items:
            row = item.row if item.row is not None else next((i for i, r in enumerate(room) if r >= item.width), 0)
            if room[row] < item.width:
                raise ValueError(f"{item!r} does not fit in row {row}")
            room[row] -= item.width
            rows[row].append(item.to_component_dict())
        self._items = items
        self._rows = [{"type": 1, "components": row} for row in rows if row]

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows

    @property
    def children(self) -> list[discord.ui.Item[Any]]:
        return list(self._items)

    @property
    def timeout(self) -> float | None:
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        pass  # discord.py gives an ephemeral message's view 15 minutes; finished, it never listens

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return bool(self._rows)

    def has_components_v2(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<Components of {len(self._items)}>"


def static_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """The components of a message (`Components`)."""
    return Components(*items)
