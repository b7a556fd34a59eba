"""Standing orders, the placement queue and the provost declared ahead: one seat's answers given
in advance, and what they answer to the pending decision.

A seat's `SeatOrders` hold:

- **standing orders**, kept until switched off: the provost in phase 4 (`ask` by default;
  `stay`: never move it; `cuts`: ask only where a move would cut another player or save one of
  the mover's workers, stay otherwise: `cutting_moves`; `cuts` also answers the Merchants'
  guild's move, `stay` does not: one goes there to move the provost), a production for each
  choose-one production building (tile id -> code, e.g. `n_forest` -> `W`), `castle`: deliver
  every batch one can in phase 6, `favour`: take
  the royal favour on that line when it is offered;
- **the round plan** (bot/games/plans.py): ranked places with price caps and a pass rule, and
  this round's production and castle answers; it is not used up by the moves it makes and goes
  when its round ends;
- **the placement queue** of an older version (stored before the round plan): placement codes
  in order (`r8`, `r7`, `pass`); at the seat's next placement the first legal entry is played,
  entries before it (made illegal by others) are dropped with it. It empties when phase 2 ends,
  at an undo, or by hand; a plan set later replaces it;
- **the provost declared ahead**: a road space (`r9`) or `stay`, applied in phase 4 if it is
  still legal and affordable from where the provost then stands; otherwise the player is asked;
  or `cuts`: this round, as the standing order `cuts` (the plan's provost part).
  It goes when it is applied (its words kept as `spent` until phase 4 ends) or when phase 4
  ends; an undo that takes back its move declares it again in those words (`declared_again`):
  `r9` stays `r9` even when the provost already stood there and the move was "0".

They act only where the player would be asked: `answer(game, orders)` says which source answers
the pending decision (`queue` for the plan and the old queue, `declared`, `order`) and with
which code, or None. `hold` is a decision (the history's length there) they leave to the player:
the player took back the move they made there (bot/games/undo.py), until the next move. Everything
here is pure and imports only `bot.rules`; the games layer stores the orders with the table
(`to_json`) and applies the answer as a committed move.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, NamedTuple

from bot.rules import FAVOUR_LINES, MARKS, TILES, Code, CodeKind, Game

from .plans import RoundPlan, is_place, plan_move, planned_answer

# Where an answer came from (also the move log's actor, bot.store.records).
ORDER = "order"
QUEUE = "queue"
DECLARED = "declared"

PROVOST_ORDERS = ("ask", "stay", "cuts", "pace")
STAY = "stay"
CUTS = "cuts"  # a declaration for this round: as the standing order `cuts`
QUEUE_LIMIT = 6  # a seat has 6 workers (§1.2): no more placements to queue


def production_tiles() -> dict[str, tuple[str, ...]]:
    """The choose-one production buildings (tile id -> their codes), §3.1 and §3.3."""
    return {k: t.params for k, t in TILES.items() if t.effect == "produce" and len(t.params) > 1}


def is_place_code(code: str) -> bool:
    """A placement in the notation (docs/notation.md): a special place, `pass` or `r1`…`r28`."""
    return code == "pass" or is_place(code)


def is_declaration(target: str) -> bool:
    target, at, space = target.partition("@")
    if at and not (target != CUTS and is_place(f"r{space}")):
        return False
    return target in (STAY, CUTS) or (is_place(target) and Code.parse(target).kind == CodeKind.ROAD)


@dataclass(frozen=True, slots=True)
class SeatOrders:
    """What one seat answers in advance (see the module docstring)."""

    provost: str = "ask"
    produce: tuple[tuple[str, str], ...] = ()  # (tile id, code), sorted by tile id
    castle: bool = False
    favour: str | None = None
    queue: tuple[str, ...] = ()
    declared: str | None = None
    spent: str | None = None  # the declaration applied in this phase 4, in its own words
    plan: RoundPlan | None = None
    hold: int | None = None  # the decision (history length) left to the player (module docstring)
    invite: bool | None = None  # invited to plan and declare ahead (bot/games/invites.py); None: not yet set
    invited: float | None = None  # when an invitation last pinged them (epoch s), until they come back
    extra: dict[str, Any] = field(default_factory=dict, compare=False)  # keys of a later version

    @property
    def empty(self) -> bool:
        return self == SeatOrders()

    @property
    def standing(self) -> bool:
        """Some standing order is on."""
        return self.provost != "ask" or bool(self.produce) or self.castle or self.favour is not None

    def production(self, tile: str) -> str | None:
        return dict(self.produce).get(tile)

    def plan_for(self, game: Game) -> RoundPlan | None:
        """The seat's plan if it is for `game`'s round."""
        plan = self.plan
        return plan if plan is not None and plan.round == game.state.round else None

    def with_production(self, tile: str, code: str | None) -> SeatOrders:
        d = dict(self.produce)
        if code is None:
            d.pop(tile, None)
        else:
            d[tile] = code
        return replace(self, produce=tuple(sorted(d.items())))

    # ----- stored form -----------------------------------------------------------------------

    def to_json(self) -> str | None:
        """The stored text; None when nothing is set."""
        if self.empty:
            return None
        d: dict[str, Any] = dict(self.extra)
        if self.provost != "ask":
            d["provost"] = self.provost
        if self.produce:
            d["produce"] = dict(self.produce)
        if self.castle:
            d["castle"] = True
        if self.favour is not None:
            d["favour"] = self.favour
        if self.queue:
            d["queue"] = list(self.queue)
        if self.declared is not None:
            d["declared"] = self.declared
        if self.spent is not None:
            d["spent"] = self.spent
        if self.plan is not None:
            d["plan"] = self.plan.to_dict()
        if self.hold is not None:
            d["hold"] = self.hold
        if self.invite is not None:
            d["invite"] = self.invite
        if self.invited is not None:
            d["invited"] = self.invited
        return json.dumps(d, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> SeatOrders:
        if not text:
            return cls()
        d = dict(json.loads(text))
        known = ("provost", "produce", "castle", "favour", "queue", "declared", "spent", "plan", "hold", "invite", "invited")
        plan, hold = d.get("plan"), d.get("hold")
        return cls(
            provost=str(d.get("provost", "ask")),
            produce=tuple(sorted((str(k), str(v)) for k, v in dict(d.get("produce") or {}).items())),
            castle=bool(d.get("castle", False)),
            favour=d.get("favour"),
            queue=tuple(str(x) for x in d.get("queue") or ()),
            declared=d.get("declared"),
            spent=d.get("spent"),
            plan=RoundPlan.from_dict(plan) if plan else None,
            hold=None if hold is None else int(hold),
            invite=None if d.get("invite") is None else bool(d["invite"]),
            invited=None if d.get("invited") is None else float(d["invited"]),
            extra={k: v for k, v in d.items() if k not in known},
        )


# A change a person makes to their orders (bot/games/standing.py, planning.py).
Change = Callable[[SeatOrders], SeatOrders]


class OrderAnswer(NamedTuple):
    """The seat's orders answer the pending decision with `code`; `source` is ORDER, QUEUE or
    DECLARED; `after` is the seat's orders once that move is made (a queue entry used, a
    declaration spent)."""

    source: str
    code: str
    after: SeatOrders


# ----- what the orders answer ------------------------------------------------------------------


def answer(game: Game, orders: SeatOrders | None) -> OrderAnswer | None:
    """The answer `orders` give to `game`'s pending decision (it must be theirs), if any."""
    d = game.decision
    if d is None or orders is None or orders.empty or orders.hold == len(game.state.history):
        return None
    legal = game.legal_codes()
    kind = d.kind
    plan = orders.plan_for(game)
    if kind == "place":
        for i, code in enumerate(orders.queue):  # a queue stored before the round plan
            if code in legal:
                return OrderAnswer(QUEUE, code, replace(orders, queue=orders.queue[i + 1 :]))
        move = plan_move(game, plan)
        return OrderAnswer(QUEUE, move.code, orders) if move is not None else None
    if kind == "provost":
        if orders.declared is not None and orders.declared != CUTS:
            code = declared_move(game, orders.declared)
            if code in legal:
                return OrderAnswer(DECLARED, code, replace(orders, declared=None, spent=orders.declared))
            _, _, at = orders.declared.partition("@")
            if not at or int(at) == game.state.provost or orders.provost == "ask":
                return None  # no longer possible: the player is asked
            # "stay while it stands here" and someone moved it since: the standing order answers
        rule = CUTS if orders.declared == CUTS else orders.provost
        if "0" in legal and (rule == STAY or (rule in (CUTS, "pace") and not weighed_moves(game, legal, rule))):
            source = DECLARED if orders.declared == CUTS else ORDER
            return OrderAnswer(source, "0", orders)
        return None
    if kind == "guild":
        # The Merchants' guild (§2 phase 3) is a placement made to move the provost: "never move
        # it" is not meant for it (asked), "ask only where a move cuts someone" is. A
        # declaration is for phase 4 only.
        if orders.provost in (CUTS, "pace") and "0" in legal and not weighed_moves(game, legal, orders.provost):
            return OrderAnswer(ORDER, "0", orders)
        return None
    if (planned := planned_answer(game, plan)) is not None:  # this round's answer at a building
        return OrderAnswer(ORDER, planned, orders)
    if kind == "produce":
        tile = _produce_tile(game) or ""
        made = (plan.production(tile) if plan else None) or orders.production(tile)
        return OrderAnswer(ORDER, made, orders) if made is not None and made in legal else None
    castle = plan.castle if plan is not None and plan.castle is not None else orders.castle
    if kind == "castle" and castle:
        batch = best_batch(game.state.players[d.player].cubes, [c for c in legal if c != "done"])
        return OrderAnswer(ORDER, batch, orders) if batch else None
    if kind == "favour" and orders.favour in legal:
        assert orders.favour is not None
        return OrderAnswer(ORDER, orders.favour, orders)
    return None


def weighed_moves(game: Game, legal: list[str], rule: str) -> list[str]:
    """The provost moves among `legal` that the order `rule` asks about: those that cut someone
    or save the mover (`cutting_moves`); with `pace`, also those that change the bailiff's pace."""
    moves = cutting_moves(game, legal)
    return moves + [c for c in pace_moves(game, legal) if c not in moves] if rule == "pace" else moves


def pace_moves(game: Game, legal: list[str]) -> list[str]:
    """The provost moves among `legal` that change how far the bailiff walks in phase 7 (2
    spaces when the provost ends beyond it, else 1, §2 phase 7), from where this move leaves the
    provost; not from road 23 on, where either pace reaches the Towers' mark and ends the game."""
    s = game.state
    if s.bailiff + 1 >= MARKS[2]:
        return []
    beyond = s.provost > s.bailiff
    moves = [(c, Code.parse(c)) for c in legal]
    return [c for c, m in moves if m.kind == CodeKind.PROVOST and (s.provost + m.steps > s.bailiff) != beyond]


def declared_move(game: Game, target: str) -> str:
    """The provost code that takes the provost to `target` (`stay` or `rN`, optionally
    `@N`: only while the provost stands on road N, where the declaration was made) from where
    it stands now ("" when none could: more than 3 spaces away, or it was moved since)."""
    target, _, at = target.partition("@")
    provost = game.state.provost
    if at and int(at) != provost:
        return ""
    if target == STAY:
        return Code.provost(0).text
    k = Code.parse(target).space - provost
    return Code.provost(k).text if abs(k) <= 3 else ""


def stay_here(game: Game, target: str) -> str:
    """A declaration as it is kept: `stay` declared in phase 4 (another player speaks; the
    invitation to declare ahead, bot/games/invites.py) holds only while the provost stays where
    it is (`stay@N`): if someone moves it first, the player is asked."""
    if target == STAY and game.state.phase == 4:
        return f"{STAY}@{game.state.provost}"
    return target


def declared_target(game: Game, code: str) -> str:
    """A declaration that answers `game`'s provost decision with `code`: the road space it
    reaches, or `stay` (the words of a declaration spent before they were kept, `spent`)."""
    k = Code.parse(code).steps
    return Code.road(game.state.provost + k).text if k else STAY


def declared_again(orders: SeatOrders, game: Game, code: str) -> SeatOrders:
    """A seat's orders once an undo took back the move `code` its declaration made (`game`: the
    decision it answered, there again): the declaration back in its own words, unless the
    seat has declared something since."""
    if orders.declared is None:
        orders = replace(orders, declared=orders.spent or declared_target(game, code))
    return replace(orders, spent=None)


def cutting_moves(game: Game, legal: list[str]) -> list[str]:
    """The provost moves among `legal` that cut another player or save the mover (a worker
    beyond the provost is not activated, §2 phase 5): moving back past another player's worker,
    or past one's own on another player's building with an owner's bonus (§3); moving forward
    past one's own worker, or another's on one's own building with an owner's bonus. Moves that
    only cut the mover or only help others are not asked about under the `cuts` order."""
    s = game.state
    me = game.to_move

    def owner(space: int) -> int:  # who gains when the worker there is activated, besides it
        tile = s.road_tile[space]
        return s.road_owner[space] if tile is not None and TILES[tile].owner_bonus else -1

    out = []
    for code in legal:
        k = Code.parse(code).steps
        spaces = range(min(s.provost, s.provost + k) + 1, max(s.provost, s.provost + k) + 1)
        if k < 0 and any(s.road_worker[x] not in (-1, me) or owner(x) not in (-1, me) for x in spaces):
            out.append(code)
        if k > 0 and any(s.road_worker[x] == me or (s.road_worker[x] >= 0 and owner(x) == me) for x in spaces):
            out.append(code)
    return out


def _produce_tile(game: Game) -> str | None:
    task = game.state.tasks[-1] if game.state.tasks else None
    space = getattr(task, "space", 0)
    return game.state.road_tile[space] if space else None


def best_batch(cubes: list[int], batches: list[str]) -> str:
    """The batch (food first, then two different cubes; `FWS`…) that leaves the most batches
    still possible after it, gold spent last; "" when there is none. Delivering every batch one
    can (§2 phase 6) is then a run of these."""
    order = "FWSCG"
    batches = [b for b in batches if len(b) == 3 and all(ch in order for ch in b)]  # one batch each
    if not batches:
        return ""

    def after(batch: str) -> tuple[int, ...]:
        left = list(cubes)
        for ch in batch:
            left[order.index(ch)] -= 1
        return tuple(left)

    return max(batches, key=lambda b: (most_batches(after(b)), -b.count("G"), -batches.index(b)))


@cache
def most_batches(cubes: tuple[int, ...]) -> int:
    """How many castle batches (1 food + 2 different other cubes each) these cubes make at most."""
    food, *others = cubes
    if not food:
        return 0
    best = 0
    for i in range(4):
        for j in range(i + 1, 4):
            if others[i] and others[j]:
                left = list(others)
                left[i] -= 1
                left[j] -= 1
                best = max(best, 1 + most_batches((food - 1, *left)))
    return best


# ----- what changes them ---------------------------------------------------------------------


def after_move(
    orders: dict[int, SeatOrders], before: Game, after: Game, used: OrderAnswer | None, seat: int
) -> dict[int, SeatOrders]:
    """The seats whose orders change with one move (seat -> new orders): the answer used, the
    queues at the end of phase 2, the declarations at the end of phase 4, the plans at the end
    of their round, and every decision held for a player (the move answered it, or another)."""
    out: dict[int, SeatOrders] = {}
    if used is not None and used.after != orders.get(seat):
        out[seat] = used.after
    b, a = before.state, after.state
    ends = [(r, p) for r in range(b.round, a.round + 1) for p in (2, 4)]
    crossed = {p for r, p in ends if (b.round, b.phase) <= (r, p) < (a.round, a.phase)}
    for s, o in orders.items():
        cur = out.get(s, o)
        new = cur
        if 2 in crossed and new.queue:
            new = replace(new, queue=())
        if 4 in crossed and (new.declared is not None or new.spent is not None):
            new = replace(new, declared=None, spent=None)
        if new.plan is not None and new.plan.round < a.round:
            new = replace(new, plan=None)
        if new.hold is not None:
            new = replace(new, hold=None)
        if new != cur or s in out:
            out[s] = new
    return out


def all_of(changes: Sequence[Callable[[SeatOrders], SeatOrders]]) -> Callable[[SeatOrders], SeatOrders]:
    """One change made of `changes`, applied in turn (a command's several options at once)."""

    def apply(x: SeatOrders) -> SeatOrders:
        for change in changes:
            x = change(x)
        return x

    return apply


def settle(orders: dict[int, SeatOrders], changed: dict[int, SeatOrders]) -> None:
    """Put the changed seats' orders in `orders` (a seat left with none is dropped)."""
    for seat, o in changed.items():
        if o.empty:
            orders.pop(seat, None)
        else:
            orders[seat] = o


def without_queues(orders: dict[int, SeatOrders]) -> dict[int, SeatOrders]:
    """After an undo: every queue emptied (the seats whose orders change)."""
    return {s: replace(o, queue=()) for s, o in orders.items() if o.queue}


def check_favour(line: str) -> str:
    if line not in FAVOUR_LINES:
        raise ValueError(f"a favour line is one of {', '.join(FAVOUR_LINES)}")
    return line


def check_production(tile: str, code: str) -> tuple[str, str]:
    codes = production_tiles().get(tile)
    if codes is None:
        raise ValueError(f"{tile!r} is not a production building with a choice")
    if code not in codes:
        raise ValueError(f"{TILES[tile].name} produces {' or '.join(codes)}")
    return tile, code
