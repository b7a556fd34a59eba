"""What the manager does by itself reaches the channel: moves made when a deadline passed (and
the AI moves that followed, also after a restart), reminders, seats handed to the AI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games import ActResult, Pending, Seat, Table
from bot.games.deadlines import BaseListener

from . import texts

if TYPE_CHECKING:
    from .app import CaylusBot


class ChannelListener(BaseListener):
    def __init__(self, bot: CaylusBot) -> None:
        self.bot = bot

    async def on_auto(self, result: ActResult, why: str) -> None:
        self.bot.publisher.publish(result, note=why or None)

    async def on_reminder(self, pending: Pending, deadline_at: float) -> None:
        self.bot.publisher.remind(pending)

    async def on_takeover(self, table: Table, seat: Seat) -> None:
        self.bot.publisher.announce(table.channel_id, texts.taken_over(table, seat.name))
