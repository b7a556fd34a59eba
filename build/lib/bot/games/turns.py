"""Play: a person's choice, the AI seats' choices that follow, and the hand-over of the result.

Every choice goes through `Turns.apply` under the table's lock: the move is applied to a copy of
the game, committed to the store (with the snapshot at a phase end, the seats' counts of missed
deadlines and the next decision's timers, in one transaction) and only then made the table's.
Each AI move is its own locked, committed step. A result is handed to the listener
(`on_result`) under the lock of its last step, so a table's results reach the listener in the
order of their decision numbers.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from dataclasses import dataclass

from bot.rules import Event, Game, IllegalChoice, Obvious, obvious_choice
from bot.store import (
    AI,
    AUTO,
    DECLARED,
    FINISHED,
    ORDER,
    PLAYER,
    QUEUE,
    RULE,
    STARTED,
    TAKEOVER,
    GameOutcome,
    MoveRecord,
    NewTimer,
    SnapshotRecord,
    StoreError,
)

from .ai import absent_level, seeded_choice
from .deadlines import TIMER_KINDS, TurnTimers, decision_timers
from .invites import came, invitations, named_only
from .orders import after_move, answer, settle
from .outcome import outcome_of
from .refusals import (
    MOVE_NOT_SAVED,
    Illegal,
    NoTable,
    NotStarted,
    StaleDecision,
    Unavailable,
)
from .registry import Registry, answering, still_playing
from .render import BoardRenderer
from .reports import Chronicle, PhaseReport
from .results import ActResult, AppliedMove, Step
from .story import phase_end_state
from .table import Seat, Table
from .thinking import SEARCH_LEVELS, Thinker, search_seed

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer to a pending decision that needs no person: `code` if it is known, else the AI
    `level` that chooses it; `actor` is what the move log records (a store actor)."""

    actor: str
    code: str | None = None
    level: str = "random"


@dataclass(slots=True)
class _SeatChange:
    seats: list[Seat]
    missed: int = 0
    taken_over: bool = False


class Turns:
    def __init__(
        self,
        registry: Registry,
        *,
        renderer: BoardRenderer,
        autoplay_ai: bool = True,
        ai_level: str = "random",
        thinker: Thinker | None = None,
    ) -> None:
        self.registry = registry
        self.renderer = renderer
        self.thinker = thinker or Thinker(processes=0)
        self._background: set[asyncio.Task[None]] = set()  # detached runs (`autoplay`)
        self._closing = False
        self.autoplay_ai = autoplay_ai
        self.ai_level = ai_level  # AI seats created without a level of their own play at it
        self._playing: set[int] = set()  # tables whose AI seats are being played
        self._obvious: tuple[Game | None, Obvious | None] = (None, None)  # the last game asked

    # ----- inputs --------------------------------------------------------------------------------

    async def act(
        self, channel_id: int, user_id: int, number: int, code: str, *, table_id: int | None = None
    ) -> ActResult:
        """Answer decision number `number` with the choice `code`, as the Discord user `user_id`,
        at the channel's table (or at table `table_id`, which a button names: see
        `Registry.active`).

        Refusals, in the order they are checked: `NoTable`, `NotStarted`, `GameOver`,
        `NotAPlayer`, `Resigned`, `StaleDecision` (not the pending decision's number), `NotYourTurn`
        (with `.whose`), `TakenOver` (the AI plays the seat: `take_back` first), `Illegal` (with
        the rules core's `.reason`), `Unavailable` (the store failed; nothing changed). Once the
        move is committed, AI seats whose turn follows play too (if `autoplay_ai`), and
        everything is in the returned `ActResult`. A move that arrives after its deadline but
        before the deadline's timer has fired is taken: whichever comes first under the table's
        lock wins, the other finds the decision gone.
        """
        async with self.registry.lock(channel_id):
            t, seat = self.registry.seated(channel_id, user_id, table_id)
            still_playing(seat)
            d = t.decision
            assert d is not None  # started and not finished
            if number != d.seq:
                raise StaleDecision(number, d.seq, done=t.answered.get(user_id) == number)
            answering(t, seat)
            step = await self.apply(t, d.seq, d.player, code, user_id)
            t.answered[user_id] = d.seq  # a second click on it is "already done"
            acc = ActResult(t, actor_id=user_id)
            step.add_to(acc)
            if not self.ai_to_play(t):
                return await self.finish(acc)
        return await self.autoplay(t, acc, detach=True)

    async def advance(self, channel_id: int, max_moves: int | None = None) -> ActResult:
        """Play the pending decisions of AI seats (at most `max_moves`), each one locked and
        committed on its own. Refusals: `NoTable`, `NotStarted`."""
        t = self.registry.table(channel_id)
        if t is None:
            raise NoTable()
        if t.is_open:
            raise NotStarted()
        return await self.autoplay(t, ActResult(t), max_moves, ai=True)

    # ----- one choice ------------------------------------------------------------------------------

    async def apply(
        self, t: Table, number: int, seat: int, code: str, user_id: int | None, actor: str = PLAYER
    ) -> Step:
        """Apply and commit one choice; the caller holds the table's lock and checked `number`
        (the decision number). `Illegal` or `Unavailable` leave the table as it was."""
        assert t.game is not None
        self.registry.outage.check(t)  # the store is away: refused at once, nothing tried
        # The move is applied to a copy that replaces the table's game only once committed:
        # until then every reader sees the previous decision with its own number.
        prior = t.game
        game = t.game.clone()
        d = game.decision
        assert d is not None and t.log_rows == number and d.player == seat
        label = next((c.label for c in d.choices if c.code == code), code)
        history_index = d.seq
        try:
            events = game.apply(code)
        except IllegalChoice as e:
            raise Illegal(e.reason, e.said) from None
        if actor == RULE:  # the log says what was applied without asking, and why
            ob = self.obvious(t)
            assert ob is not None and ob.code == code
            events = [ob.event(t.game), *events]
        now = self.registry.clock()
        # fed to a copy: the table's chronicle takes the move's events only once it is stored (a
        # refused write tried again would tell them twice, or lose its phase's earlier lines)
        chronicle = t.chronicle.copy()
        snapshot, report = self._phase_cut(t, chronicle, game, events, now, prior, code)
        change = self._seat_change(t, seat, actor)
        timers: list[NewTimer] = []
        clock: TurnTimers | None = None
        if t.settings.has_deadline and not game.over:
            nxt = game.decision
            timers, clock = decision_timers(t.settings, change.seats[nxt.player] if nxt else None, number + 1, now)
        move = MoveRecord(history_index, seat, user_id, code, now, actor, number)
        used = answer(t.game, t.orders.get(seat)) if actor != PLAYER else None  # a queue entry, a declaration
        outcome = await self.outcome(t, game, move, change.seats) if game.over else None
        orders = after_move(t.orders, t.game, game, used if used and used.code == code else None, seat)
        if actor == PLAYER and (back := came(orders.get(seat, t.orders.get(seat)))) is not None:
            orders[seat] = back  # they came: no invitation of theirs is awaited any more

        def committed() -> None:
            t.game, t.seats, t.log_rows, t.timers, t.updated_at = game, change.seats, number + 1, clock, now
            t.chronicle = chronicle
            settle(t.orders, orders)
            if snapshot is not None:
                t.since_snapshot = []
            else:
                t.since_snapshot.append(move)
            t.recent.extend(events)
            t.timeline.add(history_index, seat, events, chosen=actor == PLAYER)
            if game.over:
                t.status, t.finished_at = FINISHED, now
            self.registry.timers_stored(timers)

        name = t.seats[seat].name
        applied = AppliedMove(history_index, seat, name, user_id, actor != PLAYER, code, label, actor, number, prior)
        step = Step(applied, events, report, change.missed, change.taken_over)

        async def late() -> None:  # found stored once the store answered again: the channel shows it
            acc = ActResult(t)
            step.add_to(acc)
            await self.finish(acc)

        await self.registry.commit(
            t,
            self.registry.store.record_move(
                t.id, move, snapshot=snapshot, finished=game.over,
                seat_states=[x.record() for x in change.seats if x != t.seats[x.seat]],
                clear_timers=TIMER_KINDS if t.settings.has_deadline else (), timers=timers,
                orders=[(x, o.to_json()) for x, o in orders.items()],
                turn_seat=None if game.decision is None else game.decision.player, outcome=outcome,
            ),
            committed, late=late,
        )  # fmt: skip
        return step

    async def outcome(self, t: Table, game: Game, last: MoveRecord, seats: list[Seat]) -> GameOutcome:
        """The results of the game `last` ends (stored with it), from the table's whole log."""
        try:
            log = [*await self.registry.store.move_log(t.id), last]
        except (StoreError, OSError) as e:
            raise Unavailable(MOVE_NOT_SAVED) from e
        # a quiet replay of the game (the buildings each seat used): 20 ms or so, off the loop
        return await asyncio.to_thread(
            functools.partial(
                outcome_of, table_id=t.id, guild_id=t.guild_id, seats=[s.record() for s in seats], game=game,
                log=log, started_at=t.started_at or t.created_at, finished_at=last.at,
                default_level=self.ai_level, challenge=t.challenge,
            )
        )  # fmt: skip

    @staticmethod
    def _phase_cut(
        t: Table, chronicle: Chronicle, game: Game, events: list[Event], now: float, before: Game, code: str
    ) -> tuple[SnapshotRecord | None, PhaseReport | None]:
        """At a phase end (or the game's): the snapshot to store and the report to post, if any,
        its board as at the end of its last phase (`code` applied to `before` ended it). Feeds
        the events to `chronicle` (the table's, once the move is stored)."""
        cut = chronicle.feed(events)
        if not (cut.phase_ended or game.over):
            return None, None
        s = game.state
        state_json = game.to_json()
        report = None
        if cut.sections is not None:
            board = phase_end_state(before, code, cut.sections[-1].phase)
            report = PhaseReport(
                t.id, t.channel_id, len(s.history), cut.sections, cut.game_over, state=board, pending=game.decision
            )
        snapshot = SnapshotRecord(
            seq=len(s.history), round=s.round, phase=s.phase, state=state_json,
            carry=chronicle.to_json(), report=report.to_json() if report else None, at=now,
        )  # fmt: skip
        return snapshot, report

    @staticmethod
    def _seat_change(t: Table, seat: int, actor: str) -> _SeatChange:
        """The seats after a move: a person's move resets their count of missed deadlines, an
        automatic one adds one and may hand the seat to the AI."""
        before = t.seats[seat]
        if actor == PLAYER and before.missed_in_row:
            return _SeatChange(t.with_seat(seat, missed_in_row=0))
        if actor == AUTO:
            missed = before.missed_in_row + 1
            limit = t.settings.takeover_after
            taken_over = limit is not None and missed >= limit and not before.ai_takeover
            seats = t.with_seat(seat, missed_in_row=missed, ai_takeover=before.ai_takeover or taken_over)
            return _SeatChange(seats, missed, taken_over)
        return _SeatChange(t.seats)

    # ----- AI seats ----------------------------------------------------------------------------------

    def ai_to_play(self, t: Table) -> bool:
        """Whether the manager plays the table's pending decision itself right after an input:
        an obvious choice always, an AI seat's with `autoplay_ai`."""
        return self._plays(t, self.autoplay_ai)

    def _plays(self, t: Table, ai: bool) -> bool:
        a = self._answer(t)
        return a is not None and (ai or a.actor == RULE)

    async def autoplay(
        self, t: Table, acc: ActResult, max_moves: int | None = None, *, ai: bool | None = None,
        detach: bool = False, background: bool = False, own: tuple[int, int] | None = None,
    ) -> ActResult:
        """Play the obvious choices and, with `ai` (default: `autoplay_ai`), the AI seats' (and
        taken-over seats') decisions, each its own locked, committed step, then hand `acc` over
        under the lock. One run per table at a time: a second one hands over what it has and
        leaves the playing to the first.

        A decision that needs a search (`thinking.SEARCH_LEVELS`) is thought over without the
        lock and applied only if the table still waits on it. With `detach`, the run hands `acc`
        over before the first search and goes on in the background, each later stretch of moves
        its own result (`idle` waits for it): a person's input is answered at once. A
        `background` run that played nothing hands nothing over."""
        ai = self.autoplay_ai if ai is None else ai
        lock = self.registry.lock(t.channel_id)
        if t.id in self._playing:
            async with lock:
                return await self.finish(acc)
        self._playing.add(t.id)
        detached = False
        try:
            played = 0
            while True:
                async with lock:
                    if self._closing or self._done(t, played, max_moves, ai):
                        return acc if background and not acc.moves else await self.finish(acc)
                    game, d, a = t.game, t.decision, self._answer(t)
                    assert game is not None and d is not None and a is not None
                    code = a.code
                    if code is None and a.level not in SEARCH_LEVELS:
                        code = seeded_choice(game, t.seed, a.level)
                    elif code is None and detach:
                        detached = True
                        self._detach(t, max_moves, played, ai)
                        return await self.finish(acc)
                    elif code is None:
                        state, seed = game.to_json(), search_seed(t.seed, len(game.state.history))
                    if code is not None:
                        played += 1
                        if not await self._play(t, code, a, acc, own) or self._done(t, played, max_moves, ai):
                            return await self.finish(acc)  # in the lock of the last move: no gap
                        continue
                try:
                    code = await self.thinker.think(t.id, state, seed)  # without the lock
                except Exception:  # a broken worker must not stall the table: the normal level plays
                    log.exception("table %d: a search failed; the greedy level plays instead", t.id)
                    code = seeded_choice(game, t.seed, "greedy")
                if code is None:
                    continue  # cancelled: the game changed, or the bot stops
                async with lock:
                    # Only if the table still waits on the decision searched, as it was.
                    if t.game is not game or t.log_rows != d.seq or self._answer(t) != a:
                        log.info("table %d: the game changed during a search; its result is dropped", t.id)
                        continue
                    played += 1
                    if not await self._play(t, code, a, acc) or self._done(t, played, max_moves, ai):
                        return await self.finish(acc)
        finally:
            if not detached:
                self._playing.discard(t.id)

    def _done(self, t: Table, played: int, max_moves: int | None, ai: bool) -> bool:
        return (max_moves is not None and played >= max_moves) or not self._plays(t, ai)

    async def _play(self, t: Table, code: str, a: Answer, acc: ActResult, own: tuple[int, int] | None = None) -> bool:
        """Apply an automatic choice for the pending decision (the caller holds the lock) and add
        it to `acc`; False if it could not be saved (what was done so far stands and is
        reported; `advance` tries again). `own`: see `autoplay`."""
        d = t.decision
        assert d is not None
        mine = own is not None and own == (d.player, d.seq) and a.actor in (ORDER, QUEUE, DECLARED)
        try:
            step = await self.apply(t, d.seq, d.player, code, acc.actor_id if mine else None, a.actor)
        except Unavailable:
            self.registry.outage.stall(t)  # it plays on once the store answers again
            return False
        step.add_to(acc)
        return True

    def _detach(self, t: Table, max_moves: int | None, played: int, ai: bool) -> None:
        """Go on playing the table's automatic decisions in a task (the table stays in
        `_playing`; the task's own run takes it over)."""

        async def play_on() -> None:
            self._playing.discard(t.id)
            try:
                left = None if max_moves is None else max_moves - played
                await self.autoplay(t, ActResult(t), left, ai=ai, background=True)
            except Exception:
                log.exception("table %d: the AI seats could not play on", t.id)

        task = asyncio.create_task(play_on(), name=f"ai-table-{t.id}")
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def play_on(self, t: Table) -> None:
        """After an outage: play the table's automatic decisions (AI seats, obvious choices)
        that could not be saved meanwhile."""
        if self.ai_to_play(t):
            await self.autoplay(t, ActResult(t), background=True)

    def stop_thinking(self, t: Table) -> None:
        """The table's game changed (undo, abandon, take-back): drop its search, if any."""
        self.thinker.cancel(t.id)

    async def idle(self) -> None:
        """Wait until no table's AI seats play in the background (after `act`, `start` or a
        deadline, a search runs on while the caller has its answer; its moves go to the
        listener's `on_result`)."""
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    async def close(self) -> None:
        """Stop the background play: searches dropped, runs ended at their next step."""
        self._closing = True
        self.thinker.cancel_all()
        await self.idle()

    def _answer(self, t: Table) -> Answer | None:
        """How the table's pending decision is answered without asking a person, if it is: its
        obvious choice (for every seat), else an AI seat's level, the seat's standing orders,
        queue or declaration, a taken-over seat's level."""
        if t.status != STARTED or not self.registry.holds(t):
            return None
        d = t.decision
        if d is None:
            return None
        ob = self.obvious(t)
        if ob is not None:
            return Answer(RULE, ob.code)
        s = t.seats[d.player]
        if s.is_ai:
            return Answer(AI, level=s.ai_level or self.ai_level)
        if t.game is not None and (o := answer(t.game, t.orders.get(d.player))) is not None:  # the seat's orders (also taken over)
            return Answer(o.source, o.code)
        if s.ai_takeover:  # a person's seat taken over after missed deadlines
            return Answer(TAKEOVER, level=absent_level(t.settings.ai_level))
        return None

    def obvious(self, t: Table) -> Obvious | None:
        """The pending decision's obvious choice (bot.rules.obvious_choice), worked out once per
        position: a game is never changed once it is a table's (a move replaces it)."""
        game = t.game
        if game is None:
            return None
        if self._obvious[0] is game:
            return self._obvious[1]
        ob = obvious_choice(game)
        self._obvious = (game, ob)
        return ob

    # ----- the hand-over ---------------------------------------------------------------------------

    def start_drawing(self, reports: list[PhaseReport], lang: str = "en") -> None:
        """Start drawing each report's board off the event loop; nobody waits here (the post of
        the report does: `PhaseReport.drawn`); `lang`: the table's language."""
        for r in reports:
            if r.png is None and r.image is None and r.state is not None:
                r.image = self.renderer.draw(r.state, r.events, r.pending, lang)

    async def finish(self, acc: ActResult) -> ActResult:
        """Complete `acc` with the table as it is now and hand it to the listener; the caller
        holds the table's lock, so results are handed over in the order of their numbers."""
        t = acc.table
        acc.pending = t.pending
        acc.result = t.result
        acc.number = t.log_rows
        acc.invited = invitations(t, acc)
        acc.quiet = named_only(t, acc.invited[1], self.registry.clock())
        self.start_drawing(acc.reports, t.settings.language)
        await self.registry.tell(lambda heard: heard.on_result(acc))
        return acc
