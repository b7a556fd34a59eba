"""Looking back at a table (issue 24): what a person missed since their last move, the table's
past read from the store, and the pictures drawn from it off the event loop."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from bot.rules import Event
from bot.store import PLAYER, UNDO

from .past import Past, read_past
from .registry import Registry
from .render import BoardRenderer

log = logging.getLogger(__name__)
T = TypeVar("T")


class LookingBack:
    def __init__(self, registry: Registry, renderer: BoardRenderer) -> None:
        self.registry = registry
        self.renderer = renderer

    async def since_last(self, channel_id: int, seat: int) -> list[Event]:
        """The events at the channel's table since `seat`'s person last chose a move (issue 24):
        what that player missed. After a restart the table's timeline is rebuilt once from its
        move log."""
        t = self.registry.table(channel_id)
        if t is None or t.game is None:
            return []
        if not t.timeline.filled:
            chosen: list[bool] = []
            try:
                for row in await self.registry.store.move_log(t.id):
                    if row.who == UNDO:
                        chosen.pop()
                    else:
                        chosen.append(row.who == PLAYER)
            except Exception:  # the store is down: every move counts as the person's own
                log.warning("table %d: its move log could not be read for the timeline", t.id, exc_info=True)
                chosen = []
            if t.game is not None and not t.timeline.filled:
                t.timeline.rebuild(t.names, t.seed, t.options, t.game.state.history, chosen)
        return t.timeline.since_last(seat)

    async def past(self, channel_id: int) -> Past | None:
        """The past of the channel's last table, going on or over (None: none, or not started)."""
        t = await self.registry.last_table(channel_id)
        return None if t is None else await read_past(self.registry.store, t)

    async def draw_past(self, job: Callable[..., T], past: Past, *args: Any) -> T | None:
        """`job(past, *args)` (bot.games.past: `board_png`, `summary_png`, `replay_gif`) run in
        the render pool, off the event loop; None without a renderer."""
        future = self.renderer.job(job, past, *args)
        return None if future is None else await future
