"""The game manager: one active table per channel (or thread), every input through one path.

For every input: take the table's lock → check the actor and that the input answers the
pending decision (by its number) → apply it through the rules core → commit the move (and, at a
phase end, a snapshot) to the store → hand the result over. The caller is told only after the
commit. One lock per table, owned by the registry (the Discord layer holds none): every change
of a table happens under it, and every result is handed to the listener (`on_result`) under the
lock of its last step, so a table's results reach the listener in the order of their decision
numbers.

`Manager` is the face of the jobs below. Each operation it offers **is** the job's own method,
re-exported as it is (`manager.act` is `Turns.act`): its signature, docstring and refusals are
written once, there. The manager itself only opens, loads and closes, and holds the listener.

    registry.py   table, table_by_id, tables, last_table, recent_events; the one lock per table,
                  load/restore, store commits, the listener (`tell`), who may answer (`pending_for`)
    lobby.py      create_table, join, leave, add_ai, start, abandon
    turns.py      act, advance, idle: AI seats, one choice applied and committed, the hand-over
    undo.py       undo, can_undo, take_back
    standing.py   orders, set_orders (`Standing.change`), remember_invited: standing orders,
                  queue, declaration, when an invitation pinged
    timers.py     run_due_timers, start_scheduler, stop_scheduler (`Timers.run_due`, `start`,
                  `stop`): deadlines and reminders fired, lobbies expired, start-up resumption
    acks.py       ack, undelivered_reports (`Acks.undelivered`): reports delivered at least once
    looking_back.py  since_last, past, draw_past: what a person missed, a table's past (its
                  boards, record, summary, replay) drawn off the event loop (issue 24)
    community.py  `manager.community`, offered whole: resign, rematch, challenge, watch, server
                  defaults, stats, leaderboard, my_tables
    notify.py     `manager.notices`, offered whole: people's notification settings and routes
    render.py     board images drawn off the event loop (`manager.renderer`)
    results.py    ActResult, AppliedMove: what an input did

In short (all ids are plain ints; every refusal is a `Refusal`, bot/games/refusals.py):

    manager = await Manager.open(settings_or_path, listener=listener)   # store opened, migrated
    await manager.load()                                # active tables back in memory
    table = await manager.create_table(guild_id, channel_id, creator_id, "Ann", seats=3)
    result = await manager.start(channel_id, creator_id)
    result = await manager.act(channel_id, user_id, result.pending.number, "r8")
    manager.start_scheduler()                           # deadlines and reminders, from the store

Answer the interaction (or defer it) before awaiting `act`: with AI seats to play, a call can
take longer than Discord's 3 seconds. No call waits for a board image: a report's image is drawn
off the event loop from the state in memory, and `await report.drawn()` gives it to the post.
Where the rest is told: decision numbers, `Pending` (bot/games/table.py); a table's deadlines,
`TableSettings` (settings.py) and timers.py; AI seats, ai.py and thinking.py; undo, undo.py;
phase reports, reports.py; the listener, `Listener` (deadlines.py).
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.store import GameStore, ShardFilter, open_store

from .acks import Acks
from .ai import LEVELS
from .community import Community
from .deadlines import Listener
from .lobby import Lobby
from .looking_back import LookingBack
from .notify import Notices
from .registry import Registry
from .render import BoardRenderer, Renderer, render_board_png
from .results import ActResult, AppliedMove
from .search import strong_choice
from .standing import Standing
from .thinking import DEFAULT_THINK_MS, SearchFunction, Thinker
from .timers import DAY, LOBBY_EXPIRY, Timers
from .turns import Turns
from .undo import Undo

__all__ = ["ActResult", "AppliedMove", "Manager"]

log = logging.getLogger(__name__)


class Manager:
    """The games layer's face over a `GameStore`: its operations are the jobs' own methods
    (module docstring)."""

    def __init__(
        self,
        store: GameStore,
        *,
        render: Renderer | None = render_board_png,
        autoplay_ai: bool = True,
        ai_level: str = "random",
        clock: Callable[[], float] = time.time,
        render_workers: int = 2,
        render_processes: int = 0,
        listener: Listener | None = None,
        lobby_expiry: float | None = LOBBY_EXPIRY,
        ai_processes: int = 0,
        ai_think_ms: int = DEFAULT_THINK_MS,
        ai_iterations: int | None = None,
        ai_search: SearchFunction = strong_choice,
    ) -> None:
        """`render`: the board renderer (None: reports without images), run in
        `render_processes` worker processes, or in `render_workers` threads when that is 0.
        `lobby_expiry`: seconds after which a table not started closes itself (None: never).
        The strong level searches for `ai_think_ms` (or `ai_iterations`, reproducible) with
        `ai_search` in `ai_processes` worker processes shared by all tables (0: one thread)."""
        if ai_level not in LEVELS:
            raise ValueError(f"ai_level is one of {LEVELS}")
        self.store = store
        self.renderer = BoardRenderer(render, processes=render_processes, threads=render_workers)
        self.renderer.warm_up()
        self.thinker = Thinker(ai_search, processes=ai_processes, think_ms=ai_think_ms, iterations=ai_iterations)
        # No warm-up: most bots never seat a hard AI; the pool starts its worker at the first search.
        self._registry = registry = Registry(store, clock, listener)
        self._turns = turns = Turns(
            registry, renderer=self.renderer, autoplay_ai=autoplay_ai, ai_level=ai_level, thinker=self.thinker
        )
        self._lobby = lobby = Lobby(registry, turns)
        self._undo = undo = Undo(registry, turns)
        self.notices = Notices(store, clock)
        self._timers = timers = Timers(registry, turns, lobby_expiry=lobby_expiry, notices=self.notices)
        self._standing = standing = Standing(registry, turns)
        acks = Acks(registry, turns.start_drawing)
        self.community = Community(registry, turns, lobby, self.notices)  # a job offered whole
        registry.on_store_back = turns.play_on  # AI seats stalled by an outage play on
        looking_back = LookingBack(registry, self.renderer)

        # The operations: each is its job's own method (signature and docstring there).
        self.clock = registry.clock  # the manager's time (Unix seconds; tests give their own)
        self.table = registry.table
        self.table_by_id = registry.table_by_id
        self.tables = registry.tables
        self.last_table = registry.last_table
        self.recent_events = registry.recent_events
        self.since_last = looking_back.since_last
        self.create_table = lobby.create_table
        self.join = lobby.join
        self.leave = lobby.leave
        self.add_ai = lobby.add_ai
        self.start = lobby.start
        self.abandon = lobby.abandon
        self.act = turns.act
        self.advance = turns.advance
        self.idle = turns.idle
        self.undo = undo.undo
        self.can_undo = undo.can_undo
        self.take_back = undo.take_back
        self.orders = standing.orders
        self.set_orders = standing.change
        self.remember_invited = standing.remember_invited
        self.run_due_timers = timers.run_due
        self.start_scheduler = timers.start
        self.stop_scheduler = timers.stop
        self.ack = acks.ack
        self.undelivered_reports = acks.undelivered
        self.past = looking_back.past
        self.draw_past = looking_back.draw_past

    # ----- life --------------------------------------------------------------------------------

    @classmethod
    async def open(cls, config: Settings | str | Path, *, synchronous: str = "FULL", **kwargs: Any) -> Manager:
        """Open the store named by the settings (or a path) and return a manager over it."""
        if not isinstance(config, Settings):
            store = await open_store(Path(config), synchronous=synchronous)
            return cls(store, **kwargs)
        kwargs.setdefault("lobby_expiry", config.lobby_expiry_days * DAY if config.lobby_expiry_days else None)
        kwargs.setdefault("ai_processes", config.ai_processes)
        kwargs.setdefault("ai_think_ms", config.ai_think_ms)
        shards = None
        if config.shard_count > 1:
            shards = ShardFilter(config.shard_count, config.shard_ids or f"0-{config.shard_count - 1}")
        store = await open_store(
            config.database,
            shards=shards,
            synchronous=synchronous,
            min_size=config.database_pool_min,
            max_size=config.database_pool_max,
        )
        return cls(store, **kwargs)

    async def close(self) -> None:
        """Stop the scheduler and the AI seats' background play, the worker pools, the store."""
        await self.stop_scheduler()
        await self._turns.close()  # searches dropped, the AI seats' background play ended
        await self._registry.outage.close()
        await asyncio.to_thread(self.thinker.close)
        await asyncio.to_thread(self.renderer.close)
        await self.store.close()

    async def load(self) -> int:
        """Bring the stored active tables into memory; returns how many were loaded."""
        loaded = await self._registry.load()
        await self.notices.load()  # people's notification settings, in memory (bot.games.notify)
        for t in loaded:
            await self._timers.ensure(t)
        return len(loaded)

    @property
    def listener(self) -> Listener | None:
        """Who hears the results, reminders, take-overs and expired lobbies (`Listener`)."""
        return self._registry.listener

    @listener.setter
    def listener(self, listener: Listener | None) -> None:
        self._registry.listener = listener
