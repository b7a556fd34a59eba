"""What the games layer hands over reaches the channel: every result of a table (in the order of
its decision numbers), reminders, seats handed to the AI, lobbies that expired."""

from __future__ import annotations

from bot.games import ActResult, BaseListener, Pending, Table

from .host import Host


class ChannelListener(BaseListener):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def on_result(self, result: ActResult) -> None:
        self.bot.publisher.publish(result)
        if result.table.is_finished:
            self.bot.lobby.game_over(result.table)

    async def on_reminder(self, pending: Pending, deadline_at: float) -> None:
        self.bot.publisher.remind(pending)

    async def on_callback(self, pending: Pending, what: str) -> None:
        """A call back held through its person's quiet hours is due: the turn message again,
        with its ping or DM (bot/ui/callbacks.py)."""
        self.bot.publisher.remind(pending)

    async def on_lobby_expired(self, table: Table) -> None:
        """A lobby nobody started in time closed itself: its card says so and loses its buttons."""
        await self.bot.lobby.refresh_card(table)
