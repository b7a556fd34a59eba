"""A click reaches its button or select by its custom_id (bot/ui/ids.py), on any message, before
or after a restart.

The items are `discord.ui.DynamicItem`s, but they are not registered with discord.py
(`add_dynamic_items`): for every click, discord.py would rebuild the clicked message's whole View
(`View.from_message`: every button and select of it, each select's options) only to find the one
item clicked, and drop it again (issue 27: a twentieth of the bot's CPU a decision). Here the
custom_id is matched against each item's template and the item made from the match; the base
item it is given is the clicked component alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

Factory = type[discord.ui.DynamicItem[Any]]


class Clicks:
    """The items a click may be meant for, each with its template; no two templates match the
    same custom_id (ids.OLDER_TEMPLATE matches what none of the others does)."""

    def __init__(self, items: Sequence[Factory]) -> None:
        self._items = tuple((item.__discord_ui_compiled_template__, item) for item in items)

    async def route(self, interaction: discord.Interaction[Any]) -> None:
        """Hand a component interaction to its item's callback (anything else is not a click)."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        found = self.item_for(custom_id)
        if found is not None:
            factory, match = found
            item = await factory.from_custom_id(interaction, clicked(interaction, custom_id), match)
            await item.callback(interaction)

    def item_for(self, custom_id: str) -> tuple[Factory, re.Match[str]] | None:
        """The item a custom_id is of, and its fields (None: none of ours)."""
        for template, factory in self._items:
            match = template.fullmatch(custom_id)
            if match is not None:
                return factory, match
        return None


def clicked(interaction: discord.Interaction[Any], custom_id: str) -> discord.ui.Item[Any]:
    """The component clicked, as an item (a bare button when the message does not show it)."""
    rows = interaction.message.components if interaction.message is not None else []
    for row in rows:
        for component in getattr(row, "children", [row]):
            if getattr(component, "custom_id", None) != custom_id:
                continue
            if isinstance(component, discord.components.Button):
                return discord.ui.Button.from_component(component)
            if isinstance(component, discord.components.SelectMenu):
                return discord.ui.Select.from_component(component)
    return discord.ui.Button(custom_id=custom_id)
