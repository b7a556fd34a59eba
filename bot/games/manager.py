"""The game manager: one active table per channel (or thread), every input through one path.

For every input: take the table's lock → check the actor and that the input answers the
pending decision (by its number) → apply it through the rules core → commit the move (and, at a
phase end, a snapshot) to the store → hand the result over. The caller is told only after the
commit. `Manager` is a thin face over modules by job:

    registry.py   the tables in memory, the one lock per table, load/restore, store commits
    lobby.py      create_table, join, leave, add_ai, start, abandon
    turns.py      act, advance, AI seats, one choice applied and committed, the hand-over
    undo.py       undo of one's own last choice, can_undo, take_back
    timers.py     deadlines and reminders fired, the scheduler, start-up resumption
    render.py     board images drawn off the event loop (worker processes or threads)
    results.py    ActResult, AppliedMove: what an input did

One lock per table, here (the Discord layer holds none): every change of a table happens under
it, and every result is handed to the listener (`on_result`) under the lock of its last step,
so a table's results reach the listener in the order of their decision numbers.

Surface for the Discord layer (all ids are plain ints; every refusal is a `Refusal`):

    manager = await Manager.open(settings_or_path, *, clock=time.time, listener=None,
                                 ai_level="random", render=render_board_png,
                                 render_processes=0)    # store opened and migrated
    await manager.load()                                # active tables back in memory
    table = await manager.create_table(guild_id, channel_id, creator_id, creator_name,
                                       seats=4, options=None, *, seed=None, seat_creator=True,
                                       ai_names=(), ai_seats=(), settings=None)
                                                        # -> Table (open, creator seated)
    await manager.join(channel_id, user_id, name)       # -> Table
    await manager.leave(channel_id, user_id)            # -> Table (before the start only)
    await manager.add_ai(channel_id, user_id, name=None, *, is_moderator=False,
                         level=None)                    # -> Table
    result = await manager.start(channel_id, user_id, *, is_moderator=False)     # -> ActResult
    result = await manager.act(channel_id, user_id, number, code)                # -> ActResult
    result = await manager.advance(channel_id, max_moves=None)  # AI seats' pending decisions
    result = await manager.undo(channel_id, user_id, number=None)  # -> ActResult (.undone)
    manager.can_undo(channel_id, user_id)               # bool, cheap: show an Undo button?
    manager.orders(channel_id, user_id)                 # SeatOrders: standing orders, queue, declaration
    await manager.set_orders(channel_id, user_id, change)  # -> (SeatOrders, ActResult | None)
    await manager.take_back(channel_id, user_id)        # -> Table: the AI gives the seat back
    await manager.abandon(channel_id, user_id, *, is_moderator=False)            # -> Table
    manager.table(channel_id) / table_by_id(id) / tables()          # Table | None, list
    manager.table(channel_id).pending                   # Pending | None: whose turn, id to ping
    manager.recent_events(channel_id, n=20)             # list[Event]
    await manager.last_table(channel_id)                # also a finished one, from the store
    await manager.ack(report)                           # after posting a phase report
    await manager.undelivered_reports(channel_id=None)  # after a restart: reports never acked
    manager.listener = MyListener()                     # see bot.games.deadlines.Listener
    manager.renderer.board(game, events)                # await: a PNG for /caylus board
    manager.start_scheduler()                           # fires deadlines and reminders when due
    await manager.run_due_timers()                      # -> list[FiredTimer]; what the task calls
    await manager.stop_scheduler()
    await manager.close()                               # stops the scheduler too
    manager.community                                   # resign, rematch, challenge, watch, server
                                                        # defaults, stats, leaderboard, my_tables
                                                        # (bot.games.community)
    manager.notices                                     # people's notification settings and
                                                        # routes (bot.games.notify)

Refusals (all `Refusal` with `.message`): NoTable, TableExists, NotStarted, AlreadyStarted,
GameOver, NotAPlayer, NotYourTurn(.whose: Pending), StaleDecision(.given_seq, .current_seq),
Illegal(.reason), TableFull, AlreadySeated, NotEnoughPlayers, NotAllowed, BadRequest,
TakenOver (the AI plays your seat: take it back first), NotTakenOver, CannotUndo and its kinds
NothingToUndo, ActedSince(.name), NotYourChoice, PhaseOver; Unavailable (the store failed;
nothing changed).

Decision numbers. `pending.number` (also `pending.decision.seq`) is the table's decision number:
the position of the next row in the move log. Put it in buttons and pass it back to `act`; a
button whose number is not the pending decision's is stale. It equals the index in the game's
history (`AppliedMove.history_index`) and the count of moves applied until a choice is undone;
an undo gives the decision a new number.

Deadlines (`TableSettings`, chosen at `create_table(settings=...)`, stored with the table; see
`bot.games.settings`): `deadline` seconds per decision, one of None, 600, 3600, 43200, 86400,
259200 (default None); `absent_rule` "auto" (the only rule: the AI policy moves for the absent
player); `takeover_after` 1..5 or None (default 3) missed deadlines in a row before the AI takes
the seat over; `ai_level` "greedy" (default), "random" or "strong": the table's AI level. When a person's
decision becomes pending at a table with a deadline, a reminder (half time) and the deadline are
stored with the move that made it pending; `pending.deadline_at` / `pending.reminder_at` (Unix
seconds) say when, for the turn message. `run_due_timers` (called by the scheduler task; tests
call it with a manual `clock`) reminds through `listener.on_reminder(pending, deadline_at)` and,
at the deadline, makes the move for the player (logged with actor "auto"), lets the AI seats
that follow play, and hands the result to `listener.on_result(result)` with `result.why` ("Bob
missed the deadline: the game played Carpenter (road 8) for them.") and, if the seat was handed
to the AI,
`listener.on_takeover(table, seat)`. A person's own move resets their count; `take_back` ends a
take-over. Timers live in the store: after a restart, `start_scheduler()` fires those that fell
due while the bot was down, once (a reminder whose deadline also passed is skipped), and lets
AI seats that were interrupted play on (`on_result`). No timers for AI seats or taken-over seats.

AI seats play at their own level (`create_table(ai_seats=["greedy", ...])`,
`add_ai(level=...)`; seats without one, such as `ai_names`, at the manager's `ai_level`).
Automatic moves for absent players and taken-over seats play at normal (greedy) unless the
table's `settings.ai_level` is strong (`ai.absent_level`). AI moves are never pinged:
`Pending.user_id` is None when the AI decides. The strong level searches off the event loop and
off the table's lock, in the manager's `thinker` (`bot.games.thinking`; `ai_processes`,
`ai_think_ms`): after `act`, `start` or a deadline, its moves come to the listener as results of
their own (`await manager.idle()` waits for them); a search whose decision is gone meanwhile
(undo, abandon, take-back) is dropped.

Undo (`bot.games.undo`): a person may take back their last choice while it is the table's last
one (nobody, AI seats included, has chosen since, and the game did not choose it for them) and
it did not end a phase (the phase report is out: `PhaseOver`). The game is replayed from the
seed without it and verified; the log gets an "undo" row and the choice is marked undone, so the
log replays to the same game (`bot.games.undo.history_from_log`). The decision is the player's
again, with a new number and a fresh deadline.

Answer the interaction (or defer it) before awaiting `act`: with AI seats to play, a call can
take longer than Discord's 3 seconds. No call waits for a board image: a report's image is drawn
off the event loop from the state in memory, and `await report.drawn()` gives it to the post.

`ActResult` holds the moves applied (the actor's, then those of AI seats that followed; each
`AppliedMove` says its `actor`: player, ai, auto, takeover), their events, the phase reports cut
meanwhile (each with its board being drawn), the next pending decision, the seats handed to the AI meanwhile
(`takeovers`), `undone` for an undo and, at the end, the `GameResult`. AI seats play themselves:
when the pending decision belongs to an AI seat (or a taken-over seat) the manager plays it
(`bot.games.ai.seeded_choice`: drawn from the game seed and the history's length, so a resumed
game plays the same), each AI move its own locked, committed step. If an AI move cannot be
saved, what was done stands and the table waits on the AI seat until `advance` is called again
(or the scheduler starts).

A phase report covers the phases that ended with one applied choice (the last pass of phase 2
may run phases 3 and 4 through when nobody stands on a special building); its image is the board
at that moment. A phase in which nothing happened is folded into the next report, which says so.

Phase reports are delivered at least once: each is stored with its snapshot; `ack(report)`
marks it posted; after a crash `undelivered_reports()` gives back those never acknowledged.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.rules import Event, Game, Options
from bot.store import GameStore, ShardFilter, open_store

from .ai import LEVELS
from .community import Community
from .deadlines import MAX_SLEEP, FiredTimer, Listener
from .lobby import Lobby
from .notify import Notices
from .orders import SeatOrders
from .registry import Registry
from .render import BoardRenderer, Renderer, render_board_png
from .reports import PhaseReport
from .results import ActResult, AppliedMove
from .search import strong_choice
from .standing import Change, Standing
from .table import Table
from .thinking import DEFAULT_THINK_MS, SearchFunction, Thinker
from .timers import DAY, LOBBY_EXPIRY, Timers
from .turns import Turns
from .undo import Undo

__all__ = ["ActResult", "AppliedMove", "Manager"]

log = logging.getLogger(__name__)


class Manager:
    """Per-channel game manager over a `Store`; see the module docstring for the surface."""

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
        self._registry = Registry(store, clock, listener)
        self._turns = Turns(
            self._registry, renderer=self.renderer, autoplay_ai=autoplay_ai, ai_level=ai_level, thinker=self.thinker
        )
        self._lobby = Lobby(self._registry, self._turns)
        self._undo = Undo(self._registry, self._turns)
        self.notices = Notices(store, clock)
        self._timers = Timers(self._registry, self._turns, lobby_expiry=lobby_expiry, notices=self.notices)
        self._standing = Standing(self._registry, self._turns)
        self.community = Community(self._registry, self._turns, self._lobby, self.notices)

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
        await self.stop_scheduler()
        await self._turns.close()  # searches dropped, the AI seats' background play ended
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
        return self._registry.listener

    @listener.setter
    def listener(self, listener: Listener | None) -> None:
        self._registry.listener = listener

    # ----- lookups (never raise) -----------------------------------------------------------------

    def clock(self) -> float:
        """The manager's time (Unix seconds; tests give their own)."""
        return self._registry.clock()

    def table(self, channel_id: int) -> Table | None:
        """The channel's active table, else its finished one (until a new table is created)."""
        return self._registry.table(channel_id)

    def table_by_id(self, table_id: int) -> Table | None:
        return self._registry.table_by_id(table_id)

    def tables(self) -> list[Table]:
        return self._registry.tables()

    def recent_events(self, channel_id: int, n: int = 20) -> list[Event]:
        """The last `n` events at the channel's table (after a restart: from its last report on)."""
        t = self._registry.table(channel_id)
        if t is None or n <= 0:
            return []
        return list(t.recent)[-n:]

    async def last_table(self, channel_id: int) -> Table | None:
        """The channel's table in memory, else the most recent one in the store (any status)."""
        return await self._registry.last_table(channel_id)

    # ----- the lobby -----------------------------------------------------------------------------

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        seats: int = 4,
        options: Options | dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Table:
        """Open a table for joining, with the creator seated (unless `seat_creator=False`),
        `ai_names` AI seats (at the manager's `ai_level`) and one AI seat per level in
        `ai_seats` ("random", "greedy", "strong"; named "AI 1 (normal)", ...); keywords `seed`,
        `seat_creator`, `ai_names`, `ai_seats`, `settings` (the table's deadline, rule for
        absent players, take-over threshold and AI level: `TableSettings` or a dict of its
        fields; default: no deadline). Refusals: `BadRequest`, `TableExists`."""
        return await self._lobby.create_table(guild_id, channel_id, creator_id, creator_name, seats, options, **kwargs)

    async def join(self, channel_id: int, user_id: int, name: str) -> Table:
        """Take a seat. Refusals: `NoTable`, `AlreadyStarted`, `AlreadySeated`, `TableFull`."""
        return await self._lobby.join(channel_id, user_id, name)

    async def add_ai(
        self, channel_id: int, user_id: int, name: str | None = None, *, is_moderator: bool = False,
        level: str | None = None,
    ) -> Table:  # fmt: skip
        """Seat an AI player (the creator or a moderator) playing at `level` ("random",
        "greedy" or "strong"; None: the manager's `ai_level`), named with its level. Refusals: `NoTable`, `AlreadyStarted`,
        `NotAllowed`, `TableFull`, `BadRequest` (unknown level)."""
        return await self._lobby.add_ai(channel_id, user_id, name, is_moderator=is_moderator, level=level)

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Give up one's seat before the start. The creator's role passes to the next person;
        a table left with nobody is abandoned. Refusals: `NoTable`, `AlreadyStarted`, `NotAPlayer`."""
        return await self._lobby.leave(channel_id, user_id)

    async def start(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> ActResult:
        """Start the game (the creator or a moderator, at least 2 seats). Returns the opening
        report and, if AI seats move first, their moves. Refusals: `NoTable`, `AlreadyStarted`,
        `NotAllowed`, `NotEnoughPlayers`."""
        return await self._lobby.start(channel_id, user_id, is_moderator=is_moderator)

    async def abandon(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> Table:
        """End the channel's table without a result (its creator or a moderator).
        Refusals: `NoTable`, `NotAllowed`."""
        return await self._lobby.abandon(channel_id, user_id, is_moderator=is_moderator)

    # ----- play ----------------------------------------------------------------------------------

    async def act(self, channel_id: int, user_id: int, number: int, code: str) -> ActResult:
        """Answer decision number `number` with the choice `code`, as the Discord user `user_id`.

        Refusals, in the order they are checked: `NoTable`, `NotStarted`, `GameOver`,
        `NotAPlayer`, `StaleDecision` (not the pending decision's number), `NotYourTurn`
        (with `.whose`), `TakenOver` (the AI plays the seat: `take_back` first), `Illegal` (with
        the rules core's `.reason`), `Unavailable` (the store failed; nothing changed). Once the
        move is committed, AI seats whose turn follows play too (if `autoplay_ai`), and
        everything is in the returned `ActResult`. A move that arrives after its deadline but
        before the deadline's timer has fired is taken: whichever comes first under the table's
        lock wins, the other finds the decision gone.
        """
        return await self._turns.act(channel_id, user_id, number, code)

    async def advance(self, channel_id: int, max_moves: int | None = None) -> ActResult:
        """Play the pending decisions of AI seats (at most `max_moves`), each one locked and
        committed on its own. Refusals: `NoTable`, `NotStarted`."""
        return await self._turns.advance(channel_id, max_moves)

    async def idle(self) -> None:
        """Wait until no table's AI seats play in the background (after `act`, `start` or a
        deadline, a search runs on while the caller has its answer; its moves go to the
        listener's `on_result`)."""
        await self._turns.idle()

    # ----- undo and take-back --------------------------------------------------------------------

    async def undo(self, channel_id: int, user_id: int, number: int | None = None) -> ActResult:
        """Take back one's own last choice (see `bot.games.undo` for the rule): the game is
        rebuilt without it, the undo is logged, and the decision is the player's again with a
        new number (`result.pending.number`; buttons of later decisions are stale). The choice
        taken back is `result.undone`. At a table with a deadline the decision gets a full new
        deadline.

        `number`: the decision the Undo button was made for (pending right after the choice);
        `MovedOnSince` if another is pending now.

        Refusals: `NoTable`, `NotStarted`, `GameOver`, `NotAPlayer`, then `CannotUndo` and its
        kinds: `MovedOnSince`, `NothingToUndo`, `ActedSince` (`.name` acted after your last choice),
        `NotYourChoice` (the game or the AI made your last choice), `PhaseOver` (the choice
        ended a phase: its report is out); `Unavailable` (the store failed; nothing changed).
        """
        return await self._undo.undo(channel_id, user_id, number)

    def can_undo(self, channel_id: int, user_id: int) -> bool:
        """Whether `undo` would take back a choice of this user now (cheap; for showing an
        Undo button). A choice that ended a phase is only found out by `undo` itself."""
        return self._undo.can_undo(channel_id, user_id)

    async def take_back(self, channel_id: int, user_id: int) -> Table:
        """Take one's seat back from the AI (it played it after missed deadlines); the count of
        missed deadlines starts again from 0. If the pending decision is the seat's, it gets
        its deadline from now. Refusals: `NoTable`, `NotStarted`, `GameOver`, `NotAPlayer`,
        `NotTakenOver`, `Unavailable`."""
        return await self._undo.take_back(channel_id, user_id)

    # ----- standing orders, the placement queue, the provost declared ahead ----------------------

    def orders(self, channel_id: int, user_id: int) -> SeatOrders:
        """The user's standing orders, queue and declaration at the channel's game (see
        `bot.games.orders`); only they may be shown them. Refusals: `NoTable`, `NotStarted`,
        `GameOver`, `NotAPlayer`."""
        return self._standing.orders(channel_id, user_id)

    async def set_orders(
        self, channel_id: int, user_id: int, change: Change
    ) -> tuple[SeatOrders, ActResult | None]:
        """Change the user's orders (`change(orders) -> orders`, e.g. a function of
        `bot.games.orders`), stored at once; if they now answer the pending decision it is
        played (its result is handed to the listener too). Returns the orders afterwards and
        that result (None if nothing was played). Refusals: as `orders`, `Unavailable`."""
        return await self._standing.change(channel_id, user_id, change)

    # ----- deadlines -----------------------------------------------------------------------------

    async def run_due_timers(self) -> list[FiredTimer]:
        """Fire every timer due by the manager's clock, once (see `bot.games.timers`). Safe to
        call concurrently (one move per decision, one reminder per timer)."""
        return await self._timers.run_due()

    def start_scheduler(self, *, max_sleep: float = MAX_SLEEP) -> None:
        """Start the task that fires timers when due (sleeping at most `max_sleep` seconds at a
        time, woken when a timer is stored). Its first pass, right away, fires what fell due
        while the bot was down (once) and lets AI seats that were interrupted play on. Call it
        once the listener can post (the Discord client is ready)."""
        self._timers.start(max_sleep=max_sleep)

    async def stop_scheduler(self) -> None:
        await self._timers.stop()

    # ----- reports -------------------------------------------------------------------------------

    async def ack(self, report: PhaseReport) -> None:
        """Record that `report` has been posted (that one: an earlier report of its table that
        is still waiting, kept for a later try, stays undelivered)."""
        await self.store.ack_report(report.table_id, report.seq)
        t = self._registry.table_by_id(report.table_id)
        if t is not None:
            t.reported_seq = max(t.reported_seq, report.seq)

    async def undelivered_reports(self, channel_id: int | None = None) -> list[PhaseReport]:
        """Phase reports stored but never acknowledged (a crash between commit and post),
        oldest first per table, their boards being drawn (`PhaseReport.drawn`); all tables in
        memory, or only the channel's."""
        if channel_id is None:
            tables = sorted(self._registry.tables(), key=lambda t: t.id)
        else:
            t = self._registry.table(channel_id)
            tables = [t] if t is not None else []
        out: list[PhaseReport] = []
        for t in tables:
            mine: list[PhaseReport] = []
            for snap in await self.store.unreported(t.id):
                assert snap.report is not None and snap.state is not None  # kept until posted
                game = Game.from_json(snap.state)  # the moment was stored, not held in memory
                mine.append(
                    PhaseReport.from_json(
                        snap.report, table_id=t.id, channel_id=t.channel_id, seq=snap.seq,
                        state=game.state, pending=game.decision,
                    )
                )  # fmt: skip
            self._turns.start_drawing(mine, t.settings.language)
            out += mine
        return out
