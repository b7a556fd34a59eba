"""What the games layer hands over reaches the channel: every result of a table (in the order of
its decision numbers), reminders, seats handed to the AI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games import ActResult, BaseListener, Pending

if TYPE_CHECKING:
    from .app import CaylusBot


class ChannelListener(BaseListener):
    def __init__(self, bot: CaylusBot) -> None:
        self.bot = bot

    async def on_result(self, result: ActResult) -> None:
        self.bot.publisher.publish(result)

    async def on_reminder(self, pending: Pending, deadline_at: float) -> None:
        self.bot.publisher.remind(pending)
