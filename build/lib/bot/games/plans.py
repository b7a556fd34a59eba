"""The round plan: where a seat wants its workers this round, best first, and when it passes.

A `RoundPlan` holds, for one round:

- **entries**, ranked: places by code (`r8`, `castle`, `trading`…), each with an optional price
  cap in deniers. On each of the seat's placements (§2 phase 2) the highest-ranked entry that
  is still legal and costs at most its cap is placed, without asking. Nothing is used up: an
  entry the seat has placed on is no longer legal for it (the space holds its worker; one worker
  per player in the castle and the Stables), so the next placement falls to the entries below.
- **a pass rule** (`PassRule`), asked when no entry fits and, for some rules, before:
  `ask` (the default: nothing fits, the player is asked), `after` N (pass once N workers of the
  seat stand on the board this round; before that, nothing fits: ask), `over` X (pass when the
  best entry left would cost more than X deniers, or when nothing fits), `keep` K (an entry
  fits only if at least K deniers are left after paying for it; nothing fits: pass), `pass`
  (nothing fits: pass).
- **this round's answers** beside the placements: what to do at a building when it is used
  (`answers`: place, decision kind, code: "build the Mason at the Carpenter on r8", "sell the
  cloth", "take the Joust field's favour"), given ahead from what that building would ask now
  (`bot.rules.use_now`) and played only where still legal then; a production for a choose-one
  production building (tile id -> code, before the seat's standing order of that building);
  the castle (True: deliver every batch one can; False: ask, whatever the standing order says;
  None: the standing order). The provost's part is the seat's declaration (`SeatOrders.declared`:
  `stay`, a road space, or `cuts`).

A plan counts only in its round (a plan of an earlier round answers nothing; the table drops it
when the round ends). Everything here is pure and imports only `bot.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from bot.rules import ROAD_LEN, TILES, Code, CodeKind, Game, placement_cost, placement_targets

PASS = "pass"
PASS_RULES = ("ask", "after", "over", "keep", "pass")  # see the module docstring
PLAN_LIMIT = 12  # entries in one plan: more than a seat's 6 workers, for the fallbacks
PLACES = ("gate", "trading", "guild", "joust", "stables", "inn", "castle")


def is_place(code: str) -> bool:
    """A place in the notation (docs/notation.md): a special place, the castle or `r1`…`r28`."""
    c = Code.parse(code)
    return c.kind == CodeKind.PLACE or c.on_road


@dataclass(frozen=True, slots=True)
class Entry:
    """A place the seat wants, with the most it pays for it (None: any price)."""

    place: str
    cap: int | None = None

    def to_json(self) -> Any:
        return self.place if self.cap is None else [self.place, self.cap]

    @classmethod
    def from_json(cls, data: Any) -> Entry:
        if isinstance(data, str):
            return cls(data)
        place, cap = data
        return cls(str(place), None if cap is None else int(cap))


@dataclass(frozen=True, slots=True)
class PassRule:
    """When the plan passes (see the module docstring); `n` is the rule's number."""

    kind: str = "ask"
    n: int = 0

    def __post_init__(self) -> None:
        if self.kind not in PASS_RULES:
            raise ValueError(f"a pass rule is one of {', '.join(PASS_RULES)}")
        if self.n < 0:
            raise ValueError("a pass rule's number is 0 or more")


@dataclass(frozen=True, slots=True)
class RoundPlan:
    round: int
    entries: tuple[Entry, ...] = ()
    passing: PassRule = PassRule()
    produce: tuple[tuple[str, str], ...] = ()  # (tile id, code), this round only
    castle: bool | None = None
    answers: tuple[tuple[str, str, str], ...] = ()  # (place, decision kind, code), in place order

    @property
    def places(self) -> tuple[str, ...]:
        return tuple(e.place for e in self.entries)

    def production(self, tile: str) -> str | None:
        return dict(self.produce).get(tile)

    def answer_at(self, place: str, kind: str) -> str | None:
        return next((code for p, k, code in self.answers if p == place and k == kind), None)

    def with_answer(self, place: str, kind: str, code: str | None) -> RoundPlan:
        """The plan answering `kind` at `place` with `code` (None: asking again)."""
        kept = [a for a in self.answers if (a[0], a[1]) != (place, kind)]
        if code is not None:
            kept.append((place, kind, code))
        return replace(self, answers=tuple(sorted(kept, key=lambda a: (_order(a[0]), a[1]))))

    def with_entries(self, entries: list[Entry]) -> RoundPlan:
        """The plan with these entries, a place listed once (its first time), at most
        `PLAN_LIMIT`."""
        seen: dict[str, Entry] = {}
        for e in entries:
            if not is_place(e.place):
                raise ValueError(f"{e.place!r} is not a place")
            seen.setdefault(e.place, e)
        return replace(self, entries=tuple(seen.values())[:PLAN_LIMIT])

    def adding(self, entries: list[Entry]) -> RoundPlan:
        """The plan with `entries` added after its own (an entry already there moves down to
        its new rank and takes the new cap)."""
        new = {e.place for e in entries}
        return self.with_entries([e for e in self.entries if e.place not in new] + entries)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"round": self.round, "entries": [e.to_json() for e in self.entries]}
        if self.passing != PassRule():
            d["pass"] = [self.passing.kind, self.passing.n]
        if self.produce:
            d["produce"] = dict(self.produce)
        if self.castle is not None:
            d["castle"] = self.castle
        if self.answers:
            d["answers"] = [list(a) for a in self.answers]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RoundPlan:
        kind, n = d.get("pass") or ("ask", 0)
        castle = d.get("castle")
        return cls(
            round=int(d["round"]),
            entries=tuple(Entry.from_json(x) for x in d.get("entries") or ()),
            passing=PassRule(str(kind), int(n)),
            produce=tuple(
                sorted((str(k), str(v)) for k, v in dict(d.get("produce") or {}).items())
            ),
            castle=None if castle is None else bool(castle),
            answers=tuple((str(p), str(k), str(c)) for p, k, c in d.get("answers") or ()),
        )


# ----- what the plan plays ---------------------------------------------------------------------


def placed_this_round(game: Game, seat: int) -> int:
    """The seat's workers standing on the board from this round's placements (phase 2): the
    road, the special spaces, the Stables, the Inn's left circle and the castle; a worker kept
    on the Inn's right circle from an earlier round is not one of them (§2 phase 3)."""
    s = game.state
    n = sum(1 for space in range(1, ROAD_LEN + 1) if s.road_worker[space] == seat)
    n += sum(1 for here in (s.gate, s.trading, s.guild, s.joust, s.inn_left) if here == seat)
    return n + s.stables.count(seat) + s.castle_workers.count(seat)


def fits(game: Game, plan: RoundPlan, entry: Entry, legal: set[str] | frozenset[str]) -> bool:
    """The entry can be placed now within its cap (and, under `keep`, leaves enough deniers)."""
    if entry.place not in legal:
        return False
    seat = game.to_move
    cost = placement_cost(game, seat, entry.place)
    if entry.cap is not None and cost > entry.cap:
        return False
    rule = plan.passing
    return not (rule.kind == "keep" and game.state.players[seat].deniers - cost < rule.n)


class PlanMove(NamedTuple):
    code: str  # the place, or `pass`
    entry: int  # the rank of the entry placed; -1: the pass rule passed


def plan_move(game: Game, plan: RoundPlan | None) -> PlanMove | None:
    """What `plan` plays at `game`'s pending placement (it must be the plan's seat's), or None:
    the player is asked."""
    d = game.decision
    if plan is None or d is None or d.kind != "place" or plan.round != game.state.round:
        return None
    legal = frozenset(game.legal_codes())
    if PASS not in legal:  # pragma: no cover - a placement may always pass (§2 phase 2)
        return None
    rule = plan.passing
    if rule.kind == "after" and placed_this_round(game, d.player) >= rule.n:
        return PlanMove(PASS, -1)
    rank = next((i for i, e in enumerate(plan.entries) if fits(game, plan, e, legal)), -1)
    if rank >= 0:
        entry = plan.entries[rank]
        if rule.kind == "over" and placement_cost(game, d.player, entry.place) > rule.n:
            return PlanMove(PASS, -1)
        return PlanMove(entry.place, rank)
    if rule.kind in ("over", "keep", "pass"):
        return PlanMove(PASS, -1)
    return None


def used_place(game: Game) -> str | None:
    """The place whose use asks `game`'s pending decision: the road space being activated in
    phase 5 (§2 phase 5; the decisions a building's use leads to, one after another), the Joust
    field in phase 3; None otherwise."""
    d = game.decision
    s = game.state
    if d is None:
        return None
    if s.phase == 5 and s.cursor > 1:
        return f"r{s.cursor - 1}"  # the engine looks at the next space from `cursor`
    return "joust" if s.phase == 3 and d.kind == "joust" else None


def planned_answer(game: Game, plan: RoundPlan | None) -> str | None:
    """The code `plan` answers `game`'s pending decision with at a building, if it is legal."""
    d = game.decision
    if plan is None or d is None or plan.round != game.state.round or not plan.answers:
        return None
    place = used_place(game)
    code = plan.answer_at(place, d.kind) if place is not None else None
    return code if code is not None and code in game.legal_codes() else None


def _order(place: str) -> int:
    return Code.parse(place).space


# ----- what the plan would do now (its player's private view) -----------------------------------


class EntryNow(NamedTuple):
    """An entry against the board as it stands: `state` is `next` (placed at the seat's next
    placement, if the board stays so), `then` (after it), `taken` (another player's worker is
    there: `by`), `mine` (the seat's own worker is there already), `full` (the castle or the
    Stables have no room; the Inn's left circle is taken), `over_cap` (it costs `cost`, more than
    the cap), `keep` (paying `cost` would leave fewer deniers than the pass rule keeps),
    `unpaid` (the seat cannot pay `cost`), `closed` (no building a worker may use stands there:
    an empty road space, a residence or a prestige building)."""

    entry: Entry
    state: str
    cost: int
    by: int = -1


def preview(game: Game, plan: RoundPlan, seat: int) -> list[EntryNow]:
    """Each entry of `plan` against `game`'s board, as `seat` would place now (`next` for the
    first that fits, `then` for those after it that fit too)."""
    me = game.state.players[seat]
    out: list[EntryNow] = []
    chosen = False
    for e in plan.entries:
        cost = placement_cost(game, seat, e.place)
        state, by = _where(game, seat, e.place)
        if state == "free":
            if e.cap is not None and cost > e.cap:
                state = "over_cap"
            elif cost > me.deniers:
                state = "unpaid"
            elif plan.passing.kind == "keep" and me.deniers - cost < plan.passing.n:
                state = "keep"
            else:
                state = "then" if chosen else "next"
                chosen = True
        out.append(EntryNow(e, state, cost, by))
    return out


def _where(game: Game, seat: int, place: str) -> tuple[str, int]:
    """Whether a worker of `seat` could stand on `place` now, cost aside: `free`, or why not."""
    s = game.state
    if (c := Code.parse(place)).on_road:
        tile = s.road_tile[c.space]
        if tile is None or TILES[tile].kind in ("residence", "prestige"):
            return "closed", -1
        who = s.road_worker[c.space]
    elif place in ("castle", "stables"):
        here = s.castle_workers if place == "castle" else s.stables
        who = seat if seat in here else -1
        if who < 0 and place not in placement_targets(game, seat):
            return "full", -1
    else:
        who = s.inn_left if place == "inn" else getattr(s, place)
    if who < 0:
        return "free", -1
    return ("mine" if who == seat else "taken"), who
