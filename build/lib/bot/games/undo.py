"""Undo of one's own last choice.

A person may take back their last choice while it is the table's last applied choice (no other
seat, AI seats included, has chosen since; the game did not choose for them) and it did not end
a phase. Within a phase nothing new is revealed by the automatic steps: Caylus draws nothing
after the setup, so the position after a choice follows from the position before it. A choice
that ended a phase is final: the phase report (and its board) is out, the snapshot taken.
Repeated undos walk back one's own consecutive choices under the same conditions. The moves the
game made right after it without asking anyone (`FOLLOWERS`, any seat's: an obvious choice, a
standing order, a plan's placement, a provost move declared ahead) do not count as acting: they
are taken back with it, newest first, each its own undo row. An AI seat's move, or one made at a
deadline, does count. A move one's own orders played at once when one set them is one's own
choice (the move carries one's id, `Standing.change`). An undo empties
every old placement queue (the queues were planned for what is undone, README) and keeps every
round plan; a declared provost move it takes back is declared again, in the words its player
declared (`bot.games.orders.declared_again`); the decision it gives back is its person's, not
their orders' (`SeatOrders.hold`, until the next move).

Each step rebuilds the game by replaying the history without its last choice, and is verified:
replaying that choice on the rebuilt game must give back the state before the step exactly, and
the chronicle must end with its events. The steps are worked out on a copy (`Rewind`), the table
untouched; then every undo row, the orders and the timers of the final state are written in one
store transaction (`record_undos`), and only then does the table in memory change: an undo of
several moves is all or nothing.

In the move log an undo is a row of its own (actor `undo`, the seq and code taken back, who
undid and when) and the choice it took back is marked `undone`; the applied history is the rows
neither undone nor undo (`history_from_log` replays a log so).

`Undo` is the job (undo, can_undo) and, beside it, the take-back of a seat the AI played.
"""


from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from bot.i18n import N_
from bot.rules import Event, Game
from bot.store import (
    AUTO,
    DECLARED,
    ORDER,
    PLAYER,
    QUEUE,
    RULE,
    TAKEOVER,
    UNDO,
    MoveRecord,
    NewTimer,
)

from .deadlines import TIMER_KINDS, decision_timers
from .orders import SeatOrders, declared_again, settle, without_queues
from .outage import Late
from .refusals import (
    NOT_REBUILT,
    SEAT_NOT_SAVED,
    UNDO_NOT_SAVED,
    ActedSince,
    CannotUndo,
    MovedOnSince,
    NothingToUndo,
    NotTakenOver,
    NotYourChoice,
    PhaseOver,
    Refusal,
    Resigned,
    Unavailable,
)
from .registry import Registry, rule_note
from .reports import event_to_dict
from .results import ActResult, AppliedMove
from .table import Seat, Table
from .turns import Turns

log = logging.getLogger(__name__)

ENDS_PHASE = frozenset({"phase_end", "game_over"})
# Moves made for a seat without anyone choosing, from what was known before: they follow the
# choice before them and go back with it (see the module docstring).
FOLLOWERS = frozenset({RULE, ORDER, QUEUE, DECLARED})
ORDER_SOURCES = frozenset({ORDER, QUEUE, DECLARED})  # a seat's own answers given ahead


def chosen(m: MoveRecord) -> bool:
    """A person's own choice: made when asked, or played at once from orders they had just set
    (the move then carries their id, `Standing.change`)."""
    return m.who == PLAYER or (m.who in ORDER_SOURCES and m.user_id is not None)


def undo_targets(table: Table, seat: Seat) -> list[MoveRecord]:
    """The logged choices an undo by `seat`'s person takes back, newest first: the moves that
    followed their own last choice without anyone choosing (`FOLLOWERS`), then that one; or the
    refusal saying why not."""
    window = table.since_snapshot  # applied choices since the last phase end
    for i in range(len(window) - 1, -1, -1):
        m = window[i]
        if chosen(m):
            if m.seat == seat.seat and m.user_id == seat.user_id:
                return window[i:][::-1]
            break
        if m.who not in FOLLOWERS:
            break
    refuse_undo(table, seat)
    raise AssertionError("refuse_undo returns only by raising")  # pragma: no cover


def refuse_undo(table: Table, seat: Seat) -> None:
    """Raise the refusal that says why `seat`'s person has nothing to undo now."""
    window = table.since_snapshot
    if table.moves_applied == 0:
        raise NothingToUndo()
    if not window:
        raise PhaseOver(
            N_(
                "You have no choice to undo in this phase: a phase has just ended and its report is "
                "out, and a choice can be taken back only within its phase."
            )
        )
    last = next((m for m in window[::-1] if m.who not in FOLLOWERS or chosen(m)), window[-1])
    if last.seat == seat.seat and last.who == AUTO:
        raise NotYourChoice()
    if last.seat == seat.seat and last.who == TAKEOVER:
        raise NotYourChoice(
            N_(
                "The AI made your last choice while it played your seat; you can only undo your own "
                "last choice."
            )
        )
    names = table.names
    for i in range(len(window) - 1, -1, -1):
        m = window[i]
        if m.seat == seat.seat and chosen(m) and m.user_id == seat.user_id:
            since = next(x for x in window[i + 1 :] if x.who not in FOLLOWERS or chosen(x))  # the last one is
            raise ActedSince(names[since.seat])
    raise CannotUndo(
        N_(
            "You have made no choice in this phase that could be undone: you can only undo your own "
            "last choice, before anyone else acts."
        )
    )


def rebuild_without_last(game: Game) -> tuple[Game, list[Event]]:
    """The game before its last choice (replayed from the seed, and verified), and the events
    that choice caused. `PhaseOver` if it ended a phase; `RuntimeError` if the replay does not
    give back the current state (then nothing may be undone)."""
    s = game.state
    if not s.history:
        raise NothingToUndo()
    names = [p.name for p in s.players]
    restored = Game.replay(names, s.seed, s.options, s.history[:-1])
    trial = restored.clone()
    events = trial.apply(s.history[-1])
    if any(e.kind in ENDS_PHASE for e in events):
        raise PhaseOver()
    if trial.to_json() != game.to_json():
        raise RuntimeError("replaying the history does not give back the current state")
    return restored, events


def same_events(a: Iterable[Event], b: Iterable[Event]) -> bool:
    dump = lambda es: json.dumps([event_to_dict(e) for e in es], sort_keys=True, default=str)  # noqa: E731
    return bool(dump(a) == dump(b))


def history_from_log(log: Iterable[MoveRecord]) -> list[str]:
    """The applied history from the whole move log in order (`Store.move_log`): choices are
    appended, an undo row takes back the last one (it must name its seq and code)."""
    history: list[str] = []
    for row in log:
        if row.who == UNDO:
            if not history or len(history) - 1 != row.seq or history[-1] != row.code:
                raise ValueError(f"undo row {row.pos} does not take back the last choice")
            history.pop()
        else:
            if row.seq != len(history):
                raise ValueError(f"log row {row.pos} is choice {row.seq}, expected {len(history)}")
            history.append(row.code)
    return history


@dataclass
class Rewind:
    """The table as an undo leaves it, worked out step by step (newest choice first) before
    anything is saved: the table itself changes only once all its rows are committed."""

    game: Game
    current: list[Event]  # the chronicle's phase under way
    recent: list[Event]
    orders: dict[int, SeatOrders]
    changed: dict[int, SeatOrders] = field(default_factory=dict)  # the seats whose orders change
    rows: list[tuple[MoveRecord, int]] = field(default_factory=list)  # (undo row, position undone)
    taken: list[AppliedMove] = field(default_factory=list)


def step_back(t: Table, seat: Seat, user_id: int, target: MoveRecord, w: Rewind, now: float) -> None:
    """Take back `w`'s last applied choice, `target`, in `w` (its undo row and the table without
    it), verified: the table itself is not touched."""
    game = w.game
    if target.seq != len(game.state.history) - 1 or target.code != game.state.history[-1]:
        log.error("table %d: the undo window does not match the history", t.id)
        raise Unavailable(NOT_REBUILT.msgid)
    try:
        restored, events = rebuild_without_last(game)
    except RuntimeError:
        log.exception("table %d: undo refused, the replay differs", t.id)
        raise Unavailable(NOT_REBUILT.msgid) from None
    if target.who == RULE:  # its log began with what was applied and why
        note = rule_note(restored, target.code)
        if note is None:
            log.error("table %d: undo refused, the obvious choice is not what was applied", t.id)
            raise Unavailable(NOT_REBUILT.msgid)
        events = [note, *events]
    if events and not same_events(w.current[-len(events):], events):
        log.error("table %d: undo refused, the chronicle does not end with the choice", t.id)
        raise Unavailable(NOT_REBUILT.msgid)
    d = restored.decision
    assert d is not None and (d.player == seat.seat or target.who in FOLLOWERS)
    label = next((c.label for c in d.choices if c.code == target.code), target.code)
    row = MoveRecord(target.seq, target.seat, user_id, target.code, now, UNDO, t.log_rows + len(w.rows))
    changed = without_queues(w.orders)  # queued placements were planned for what is undone
    if target.who == DECLARED:  # declared again: it answers the same decision
        mine = changed.get(d.player, w.orders.get(d.player, SeatOrders()))
        changed[d.player] = declared_again(mine, restored, target.code)
    w.game = restored
    if events:
        if same_events(w.recent[-len(events):], events):
            del w.recent[-len(events):]
        del w.current[-len(events):]
    settle(w.orders, changed)
    w.changed.update(changed)
    w.rows.append((row, target.pos))
    w.taken.append(AppliedMove(
        target.seq, target.seat, t.seats[target.seat].name, target.user_id, target.who != PLAYER,
        target.code, label, target.who, target.pos,
    ))  # fmt: skip


def hold(w: Rewind, seat: int) -> None:
    """The decision the undo gives back is its person's: their orders (a plan kept, a
    declaration declared again) leave it to them until the next move (`SeatOrders.hold`)."""
    d = w.game.decision
    if d is None or d.player != seat:
        return
    mine = w.orders.get(seat)
    if mine is not None and not mine.empty:
        w.orders[seat] = w.changed[seat] = replace(mine, hold=len(w.game.state.history))


class Undo:
    def __init__(self, registry: Registry, turns: Turns) -> None:
        self.registry = registry
        self.turns = turns

    async def undo(
        self, channel_id: int, user_id: int, number: int | None = None, *, table_id: int | None = None
    ) -> ActResult:
        """Take back one's own last choice (the rule: this module's docstring): the game is
        rebuilt without it, the undo is logged, and the decision is the player's again with a
        new number (`result.pending.number`; buttons of later decisions are stale). The choice
        taken back is `result.undone`. At a table with a deadline the decision gets a full new
        deadline.

        `number`: the decision the Undo button was made for (pending right after the choice);
        `MovedOnSince` if another is pending now. `table_id`: the table the button names (see
        `Registry.active`).

        Refusals: `NoTable`, `NotStarted`, `GameOver`, `NotAPlayer`, then `CannotUndo` and its
        kinds: `MovedOnSince`, `NothingToUndo`, `ActedSince` (`.name` acted after your last choice),
        `NotYourChoice` (the game or the AI made your last choice), `PhaseOver` (the choice
        ended a phase: its report is out); `Unavailable` (the store failed; nothing changed).
        """
        reg = self.registry
        async with reg.lock(channel_id):
            if number is not None:  # checked first: the button is out of date, whatever else
                at = reg.table(channel_id) if table_id is None else reg.table_by_id(table_id)
                if at is None or at.decision is None or at.log_rows != number:
                    raise MovedOnSince()
            t, seat = reg.seated(channel_id, user_id, table_id)
            assert t.game is not None
            now = reg.clock()
            w = Rewind(t.game, list(t.chronicle.current), list(t.recent), dict(t.orders))
            for target in undo_targets(t, seat):
                step_back(t, seat, user_id, target, w, now)
            hold(w, seat.seat)
            undone, followers = w.taken[-1], w.taken[:-1]  # newest first: the person's own choice last
            with_ = tuple(m for m in reversed(followers) if m.seat != seat.seat)

            async def late() -> None:  # found stored once the store answered again
                await self.turns.finish(ActResult(t, undone=undone, undone_with=with_))

            await self._commit(t, user_id, w, now, late)
            self.turns.stop_thinking(t)
            return await self.turns.finish(ActResult(t, undone=undone, undone_with=with_, actor_id=user_id))

    async def _commit(self, t: Table, user_id: int, w: Rewind, now: float, late: Late) -> None:
        """Save every undo row of `w` in one transaction (the caller holds the lock), then make
        the table what `w` says; a failure leaves both as they were."""
        reg = self.registry
        d = w.game.decision
        assert d is not None
        number = t.log_rows + len(w.rows)  # the decision's; the undo rows take those before it
        timers, clock = decision_timers(t.settings, t.seats[d.player], number, now)

        def committed() -> None:
            t.game = w.game
            t.chronicle.current = w.current
            t.recent.clear()
            t.recent.extend(w.recent)
            t.timeline.truncate(len(w.game.state.history))
            t.log_rows = number
            del t.since_snapshot[-len(w.rows):]
            t.timers = clock
            t.updated_at = now
            settle(t.orders, w.changed)
            reg.timers_stored(timers)
            t.answered.pop(user_id, None)  # a click on it is no longer "already done"

        await reg.commit(
            t,
            reg.store.record_undos(
                t.id, w.rows, clear_timers=TIMER_KINDS if t.settings.has_deadline else (), timers=timers,
                orders=[(x, o.to_json()) for x, o in w.changed.items()], turn_seat=d.player,
            ),
            committed, not_saved=UNDO_NOT_SAVED, late=late,
        )  # fmt: skip

    def can_undo(self, channel_id: int, user_id: int) -> bool:
        """Whether `undo` would take back a choice of this user now (cheap; for showing an
        Undo button). A choice that ended a phase is only found out by `undo` itself."""
        t = self.registry.table(channel_id)
        if t is None or not t.is_started or t.game is None:
            return False
        seat = t.seat_of(user_id)
        if seat is None:
            return False
        try:
            undo_targets(t, seat)
        except Refusal:
            return False
        return True

    async def take_back(self, channel_id: int, user_id: int) -> Table:
        """Take one's seat back from the AI (it played it after missed deadlines); the count of
        missed deadlines starts again from 0. If the pending decision is the seat's, it gets
        its deadline from now. Refusals: `NoTable`, `NotStarted`, `GameOver`, `NotAPlayer`,
        `NotTakenOver`, `Unavailable`."""
        reg = self.registry
        async with reg.lock(channel_id):
            t, seat = reg.seated(channel_id, user_id)
            if seat.resigned:
                raise Resigned()
            if not seat.ai_takeover:
                raise NotTakenOver()
            seats = t.with_seat(seat.seat, ai_takeover=False, missed_in_row=0)
            now = reg.clock()
            d = t.decision
            timers: list[NewTimer] = []
            clock = t.timers
            clear: tuple[str, ...] = ()
            if d is not None and d.player == seat.seat and t.settings.has_deadline:
                timers, clock = decision_timers(t.settings, seats[seat.seat], d.seq, now)
                clear = TIMER_KINDS

            def committed() -> None:
                t.seats, t.timers, t.updated_at = seats, clock, now
                reg.timers_stored(timers)

            await reg.commit(
                t,
                reg.store.update_seat_states(
                    t.id, [seats[seat.seat].record()], clear_timers=clear, timers=timers, now=now
                ),
                committed, not_saved=SEAT_NOT_SAVED,
            )  # fmt: skip
            if d is not None and d.player == seat.seat:
                self.turns.stop_thinking(t)  # the AI was thinking for this seat
            return t
