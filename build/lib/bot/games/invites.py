"""Everyone asked at once (issue 22): who is invited to plan when a round starts, and to declare
their provost move when phase 4 starts, so that people answer in parallel instead of one after
another; and a regular player's orders in one click.

- **When a round starts** (its first placement is asked), every person's seat whose invitation is
  on is invited to plan the round (bot/games/plans.py), but the one asked to place first: their
  turn message is their call.
- **When phase 4 starts** (its first provost move is asked), every seat still to speak whose
  invitation is on and whose provost move would be asked of them (neither obvious nor answered
  by their orders, as if they spoke now: §2 phase 4) is invited to declare it ahead; the first
  speaker's turn message is their call. A declaration made so holds only while the provost
  stands where it stood when they declared (`orders.declared_move`, `@N`).

A seat's invitation (`SeatOrders.invite`) is on once its person plans or takes a regular's orders
at a table whose deadline is none or 12 hours or more (`invites_by_default`); a person switches it
on or off in `/caylus orders` at any table. An invitation pings a person once: someone an earlier
invitation pinged less than `INVITED_S` ago who has not come back since is named again, not pinged
(neither by a later invitation nor by their turn message); the time of that ping, once the turn message carrying it is
posted, is stored with the seat's orders (`SeatOrders.invited`, `Standing.remember_invited`), so a
restart does not ping them again. benchmarks/ping_replay.py measured what it saves:
docs/benchmarks.md, "Calendar days per game".
"""

from __future__ import annotations

from dataclasses import replace

from bot.rules import Game, obvious_choice

from .orders import CUTS, SeatOrders, answer
from .results import ActResult
from .settings import TableSettings
from .table import Table

PLAN = "plan"
PROVOST = "provost"
ASYNC_DEADLINE = 12 * 3600  # seconds: at such tables (and without a deadline) people come and go
INVITED_S = 12 * 3600  # an invitation's ping stands for a later turn's or invitation's this long (docs/benchmarks.md)


def invites_by_default(settings: TableSettings) -> bool:
    """A table where people play over hours or days: the invitation comes on with the first plan."""
    return settings.deadline is None or settings.deadline >= ASYNC_DEADLINE


def with_first_plan(orders: SeatOrders, settings: TableSettings) -> SeatOrders:
    """`orders` as a person who plans (or takes a regular's orders) has them: the invitation on,
    unless they switched it off, or the table plays live (a short deadline)."""
    if orders.invite is None and invites_by_default(settings):
        return replace(orders, invite=True)
    return orders


def regular_orders(orders: SeatOrders) -> SeatOrders:
    """A regular player's usual standing orders (issue 22 item 5): the provost moved only where a
    move would cut someone (or save one of one's own workers: `orders.cutting_moves`; the bailiff's
    pace is not weighed), every castle batch one can delivered. The rest stays as it was."""
    return replace(orders, provost=CUTS, castle=True)


def as_if(game: Game, seat: int) -> Game | None:
    """A quiet copy of `game` in which `seat` takes the pending decision instead of its decider,
    a placement or a provost move (what they would be offered if it were their turn now), or
    None: another kind, or nothing left for them to decide of it this round."""
    s = game.state
    d = game.decision
    if d is None or d.kind not in ("place", PROVOST) or not s.tasks:
        return None
    p = s.players[seat]
    if d.kind == "place" and (p.passed or p.workers == 0):
        return None
    if d.kind == PROVOST and seat not in s.passing[s.passing.index(d.player) :]:
        return None  # spoke already
    state = s.copy()
    state.tasks[-1] = type(state.tasks[-1])(seat)  # the same decision, asked of `seat`
    trial = Game.resume(state, quiet=True)
    return trial if trial.to_move == seat else None


def would_ask(game: Game, seat: int, orders: SeatOrders | None) -> bool:
    """Whether `seat`'s person would be asked the pending kind of decision if it were theirs now."""
    trial = as_if(game, seat)
    return trial is not None and obvious_choice(trial) is None and answer(trial, orders) is None


def named_only(t: Table, seats: tuple[int, ...], now: float) -> tuple[int, ...]:
    """Of the invited `seats`, those the invitation names without a ping: an earlier invitation's
    ping called them less than `INVITED_S` ago and they have not come since (`Table.awaited`)."""
    return tuple(x for x in seats if t.awaited(x, now, INVITED_S))


def came(orders: SeatOrders | None) -> SeatOrders | None:
    """A seat's orders once its person came back (a change of theirs, a move of theirs): no
    invitation awaited any more; None when nothing changes."""
    return replace(orders, invited=None) if orders is not None and orders.invited is not None else None


def invitations(t: Table, acc: ActResult) -> tuple[str, tuple[int, ...]]:
    """Who `acc` (a result about to be handed over) invites, and to what (`PLAN`, `PROVOST`, or
    "" with nobody): the seats, in turn or passing order."""
    if t.game is None or not (acc.moves or acc.opening):
        return "", ()
    first = acc.moves[0].before if acc.moves else None
    before = (first.state.round, first.state.phase) if first is not None else None
    people = {s.seat for s in t.seats if s.user_id is not None and not s.automatic}
    return invited_at(t.game, before, t.orders, people, opening=acc.opening)


def invited_at(
    game: Game, before: tuple[int, int] | None, orders: dict[int, SeatOrders], people: set[int], *, opening: bool = False
) -> tuple[str, tuple[int, ...]]:
    """Who is invited now that `game` waits on its decision, coming from round and phase
    `before` (where the moves since the last call began): the kind and the seats, people among
    `people` whose invitation (`orders`) is on."""
    d = game.decision
    if d is None:
        return "", ()
    s = game.state
    if d.kind == "place" and (opening or (before is not None and before[0] < s.round)):
        kind, seats = PLAN, [x for x in s.turn_order if x != d.player]
    elif d.kind == PROVOST and before is not None and before < (s.round, 4):
        kind = PROVOST
        seats = [x for x in s.passing[s.passing.index(d.player) + 1 :] if would_ask(game, x, orders.get(x))]
    else:
        return "", ()
    invited = tuple(x for x in seats if x in people and (o := orders.get(x)) is not None and o.invite)
    return (kind, invited) if invited else ("", ())
