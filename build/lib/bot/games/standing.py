"""The seats' standing orders, placement queues and declared provost moves, changed by their
players (`Standing.change`); what they answer is `bot.games.orders.answer`, applied by `Turns`.

A change is stored at once, alone; when the pending decision is the seat's and the new orders
answer it (a queued placement on one's turn), it is played right away, as the AI seats' moves
are, and the result is handed over like theirs; that move is the person's own (the move log
keeps their id: they may undo it as a move they made). Moves that use them store them again, in the
move's own transaction (`Turns.apply`).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from dataclasses import replace

from .invites import came
from .orders import Change, SeatOrders, settle
from .refusals import ORDERS_NOT_SAVED, Unavailable
from .registry import Registry
from .results import ActResult
from .turns import Turns

log = logging.getLogger(__name__)


class Standing:
    def __init__(self, registry: Registry, turns: Turns) -> None:
        self.registry = registry
        self.turns = turns

    def orders(self, channel_id: int, user_id: int) -> SeatOrders:
        """The user's standing orders, queue and declaration at the channel's game (see
        `bot.games.orders`; only they may be shown them). Refusals: `NoTable`, `NotStarted`,
        `GameOver`, `NotAPlayer`."""
        t, seat = self.registry.seated(channel_id, user_id)
        return t.orders.get(seat.seat, SeatOrders())

    async def remember_invited(self, table_id: int, seats: Sequence[int], at: float) -> None:
        """A turn message's invitation pinged these seats at `at` (bot/ui/turnpost.py, once it is
        posted): stored with their orders, so that within `invites.INVITED_S` neither their turn
        message, nor a later invitation, nor a restart pings them again; a seat whose person came
        since is left as it is. A failed write is only logged (the ping was sent)."""
        reg = self.registry
        t = reg.table_by_id(table_id)
        if t is None:
            return
        async with reg.lock(t.channel_id):
            for seat in seats:
                o = t.orders.get(seat)
                if o is None or t.seen.get(seat, float("-inf")) >= at or (o.invited or float("-inf")) >= at:
                    continue
                after = replace(o, invited=at)
                try:
                    await reg.commit(
                        t, reg.store.set_orders(t.id, seat, after.to_json(), now=at), functools.partial(settle, t.orders, {seat: after})
                    )
                except Unavailable:
                    log.warning("table %d: seat %d's invitation was not stored", t.id, seat)

    async def change(self, channel_id: int, user_id: int, change: Change) -> tuple[SeatOrders, ActResult | None]:
        """Change the user's orders with `change` (`orders -> orders`, e.g. a function of
        `bot.games.orders`; it may raise a `Refusal`: nothing changes), store them at once, and
        play the pending decision if they now answer it (its result is handed to the listener
        too). Returns the orders as they are afterwards (a queue entry may be used already) and
        the result of the moves played (None if nothing was played). Refusals: as `orders`,
        `Unavailable`."""
        reg = self.registry
        async with reg.lock(channel_id):
            t, seat = reg.seated(channel_id, user_id)
            before = t.orders.get(seat.seat, SeatOrders())
            after = change(before)
            after = came(after) or after  # they came: no invitation of theirs is awaited any more
            if after != before:
                now = reg.clock()

                def committed() -> None:
                    settle(t.orders, {seat.seat: after})
                    t.updated_at = now

                work = reg.store.set_orders(t.id, seat.seat, after.to_json(), now=now)
                await reg.commit(t, work, committed, not_saved=ORDERS_NOT_SAVED)
            play = self.turns.ai_to_play(t)
            d = t.decision
            own = (seat.seat, d.seq) if d is not None and d.player == seat.seat else None
        if not play:
            return t.orders.get(seat.seat, SeatOrders()), None
        result = await self.turns.autoplay(t, ActResult(t, actor_id=user_id), own=own)
        return t.orders.get(seat.seat, SeatOrders()), result
