"""Placing workers (phase 2) and the Gate (§2 phase 2, phase 3)."""

from __future__ import annotations

from typing import Final

from .common import (
    KindFacts,
    Play,
    Task,
    building_name,
    plural,
    road_spaces,
)
from .decisions import EventKind
from .notation import SPACE_OF, Code, CodeKind
from .roadspaces import UsableRoad
from .speech import ENGLISH, Speech
from .state import State
from .tiles import (
    CASTLE_WORKERS,
    FIRST_PASS_DENIERS,
    LOW_PLACEMENT_COST,
    OWNER_BONUS_PP,
    SPECIAL_NAMES,
    STABLES_CIRCLES,
    TILES,
    TWO_PLAYER_COSTS,
)
from .words import building_name as said_building
from .words import counted

SPECIAL_SLOTS: Final = ("gate", "trading", "guild", "joust")


def targets(g: Play, seat: int) -> list[str]:
    """Where a worker of `seat` may go now, cost aside (§2 phase 2 "Legal targets")."""
    out: list[str] = []
    add_targets(g, seat, out)
    return out


def add_targets(g: Play, seat: int, out: list[str]) -> None:
    """Append the targets of `seat` to `out`: specials, then free road buildings in road order."""
    s = g.state
    if s.gate < 0:
        out.append("gate")
    if s.trading < 0:
        out.append("trading")
    if s.guild < 0:
        out.append("guild")
    if s.joust < 0:
        out.append("joust")
    stables = s.stables
    if len(stables) < STABLES_CIRCLES and len(s.players) > 2 and seat not in stables:
        out.append("stables")
    if s.inn_left < 0:
        out.append("inn")
    castle = s.castle_workers
    if len(castle) < CASTLE_WORKERS and seat not in castle:
        out.append("castle")
    road = g.road
    if road is None or road.tiles != s.road_tile:
        g.road = road = UsableRoad(s.road_tile, s.road_worker)
    elif road.workers != s.road_worker:
        road.see(s.road_worker)
    out += road.free


def bridge_price(s: State) -> int:
    """The normal price of a placement: 1 + players passed; two players 1, then 3 (§2, §5)."""
    if len(s.players) == 2:
        return TWO_PLAYER_COSTS[bool(s.passing)]
    return len(s.passing) + 1


def placement_cost(g: Play, seat: int, target: str) -> int:
    """§2 phase 2 "Cost": own building 1, Inn occupant 1, else the bridge price."""
    s = g.state
    if s.inn_right == seat:
        return LOW_PLACEMENT_COST
    space = SPACE_OF.get(target)
    if space is not None and s.road_owner[space] == seat:
        return LOW_PLACEMENT_COST
    return bridge_price(s)


def put_worker(g: Play, seat: int, target: str) -> None:
    """Stand a worker on `target`; another player's building gives its owner 1 PP."""
    s = g.state
    space = SPACE_OF.get(target)
    if space is not None:
        if g.road is not None:
            g.road.stand(s.road_tile, s.road_worker, space, target, seat)
        s.road_worker[space] = seat
        owner = s.road_owner[space]
        if owner >= 0 and owner != seat:
            s.players[owner].pp += OWNER_BONUS_PP
            if not g.quiet:
                g.event(
                    EventKind.OWNER_BONUS, owner, "owner_bonus", (owner, seat, s.road_tile[space], space),
                    pp=OWNER_BONUS_PP, space=space,
                )
    elif target == "stables":
        s.stables.append(seat)
    elif target == "castle":
        s.castle_workers.append(seat)
    elif target == "inn":
        s.inn_left = seat
    elif target == "gate":
        s.gate = seat
    elif target == "trading":
        s.trading = seat
    elif target == "guild":
        s.guild = seat
    else:
        assert target == "joust", target
        s.joust = seat


class Place(Task):
    """A worker to place, or pass (§2 phase 2)."""

    kind = "place"
    facts = KindFacts(
        verb="to place a worker or pass",
        title="Where does your worker go?",
        stop_codes=("pass",),
        group="place",
    )

    def choices(self, g: Play) -> list[str]:
        seat = self.seat
        s = g.state
        p = s.players[seat]
        if p.workers == 0:
            return ["pass"]
        # Every target costs the bridge price or the low price (placement_cost): filter only when it matters.
        money = p.deniers
        out = ["pass"]
        if money >= LOW_PLACEMENT_COST and (s.inn_right == seat or money >= bridge_price(s)):
            add_targets(g, seat, out)
            return out
        if money < LOW_PLACEMENT_COST:
            return out
        owner = s.road_owner
        options = targets(g, seat)
        return out + [x for x in options if x in SPACE_OF and owner[SPACE_OF[x]] == seat]

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        seat = self.seat
        p = s.players[seat]
        s.cursor = (s.turn_order.index(seat) + 1) % len(s.players)
        if code == "pass":
            p.passed = True
            first = not s.passing
            s.passing.append(seat)
            if first:
                p.deniers += FIRST_PASS_DENIERS
            if not g.quiet:
                g.event(EventKind.PASS, seat, "pass", (seat, len(s.passing)), position=len(s.passing))
        else:
            space = SPACE_OF.get(code)
            if s.inn_right == seat or (space is not None and s.road_owner[space] == seat):
                cost = LOW_PLACEMENT_COST  # placement_cost, inlined: the Inn's occupant, or one's own building
            else:
                cost = bridge_price(s)
            p.deniers -= cost
            p.workers -= 1
            put_worker(g, seat, code)
            if not g.quiet:
                tid = s.road_tile[SPACE_OF[code]] if code in SPACE_OF else ""
                g.event(EventKind.PLACE, seat, "place", (seat, code, tid, cost), target=code, cost=cost)
        next_placement(g)  # what the engine's phase 2 step does next, without a round trip

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        p = g.state.players[self.seat]
        return tr.gettext("Place a worker or pass ({workers} and {deniers} left)").format(
            workers=counted(tr, "worker", p.workers), deniers=counted(tr, "denier", p.deniers)
        )

    def label(self, g: Play, code: str) -> str:
        if code == "pass":
            return "Pass" + ("" if g.state.passing else f" (first to pass: +{plural(FIRST_PASS_DENIERS, 'denier')})")
        cost = placement_cost(g, self.seat, code)
        space = SPACE_OF.get(code, 0)
        owner = g.state.road_owner[space] if space else -1
        whose = f", {g.name(owner)}'s" if owner >= 0 and owner != self.seat else ""
        return f"{self.where(g, code)}{whose} — {plural(cost, 'denier')}"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        s = g.state
        seat = self.seat
        p = s.players[seat]
        if code == "stables" and s.n == 2:
            return tr.gettext("the Stables are not used with two players")
        c = Code.parse(code)
        if c.kind in (CodeKind.PLACE, CodeKind.ROAD):
            if c.kind == CodeKind.ROAD and not c.on_road:
                return road_spaces(tr)
            if p.workers == 0:
                return tr.gettext("you have no worker left: you can only pass")
            if code in targets(g, seat):
                cost = placement_cost(g, seat, code)
                deniers = counted(tr, "denier", p.deniers)
                if c.kind == CodeKind.ROAD:
                    return tr.gettext("you have {deniers}; road {space} costs {cost}").format(
                        deniers=deniers, space=c.space, cost=cost
                    )
                return tr.gettext("you have {deniers}; the {building} costs {cost}").format(
                    deniers=deniers, building=said_building(tr, SPECIAL_NAMES[code]), cost=cost
                )
            return why_not_target(g, seat, code, tr)
        return Task.explain(self, g, code, tr)

    @staticmethod
    def where(g: Play, code: str) -> str:
        return building_name(g, SPACE_OF[code]) if code in SPACE_OF else SPECIAL_NAMES[code]


def next_placement(g: Play) -> None:
    """Phase 2 goes on: the next player in turn order (cycling, from the cursor) who has not
    passed places a worker; when everyone has passed, the phase ends (§2 phase 2)."""
    s = g.state
    players, order, cursor = s.players, s.turn_order, s.cursor
    n = len(players)
    for i in range(n):
        idx = (cursor + i) % n
        seat = order[idx]
        if not players[seat].passed:
            s.cursor = idx
            s.tasks.append(PLACES[seat])
            return
    g.end_phase()


def why_not_target(g: Play, seat: int, code: str, tr: Speech = ENGLISH) -> str:
    s = g.state
    if code == "castle":
        if seat in s.castle_workers:
            return tr.gettext("you already have a worker in the castle")
        return tr.gettext("the castle track is full ({workers})").format(workers=counted(tr, "worker", CASTLE_WORKERS))
    if code == "stables":
        if seat in s.stables:
            return tr.gettext("you already have a worker in the Stables")
        return tr.gettext("the Stables are full")
    if code == "inn":
        return tr.gettext("the Inn's left circle is taken this turn")
    if code in SPECIAL_SLOTS:
        return tr.gettext("the {building} already has a worker").format(
            building=said_building(tr, SPECIAL_NAMES[code])
        )
    space = Code.parse(code).space
    tid = s.road_tile[space]
    if tid is None:
        return tr.gettext("road {space} is empty: workers go on buildings").format(space=space)
    kind = TILES[tid].kind
    if kind == "residence":
        return tr.gettext("no worker may be placed on a residence")
    if kind == "prestige":
        return tr.gettext("no worker may be placed on a prestige building")
    return tr.gettext("{building} already has {player}'s worker").format(
        building=building_name(g, space, tr), player=g.name(s.road_worker[space])
    )


PLACES: Final = tuple(Place(seat) for seat in range(5))  # made once: task records are never changed


class Gate(Task):
    """The Gate's worker to move, free (§2 phase 3)."""

    kind = "gate"
    facts = KindFacts(
        verb="to move the Gate worker",
        title="Where does the Gate worker go?",
        stop_codes=("home",),
        group="place",
    )

    def choices(self, g: Play) -> list[str]:
        out = ["home"]
        add_targets(g, self.seat, out)
        if "gate" in out:
            out.remove("gate")
        return out

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        seat = self.seat
        s.gate = -1
        if code == "home":
            s.players[seat].workers += 1
            g.event(EventKind.GATE, seat, "gate_home", (seat,))
            return
        put_worker(g, seat, code)
        g.event(EventKind.GATE, seat, "gate_move", (seat, code), target=code)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Gate: move your worker, free, to any free place (or take it home)")

    def label(self, g: Play, code: str) -> str:
        if code == "home":
            return "Take the worker home"
        return Place.where(g, code)

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        if code == "stables" and g.state.n == 2:
            return tr.gettext("the Stables are not used with two players")
        if code == "gate":
            return tr.gettext("your worker is on the Gate already: move it elsewhere or take it home")
        c = Code.parse(code)
        if c.kind == CodeKind.PLACE:
            return why_not_target(g, self.seat, code, tr)
        if c.kind == CodeKind.ROAD:
            if not c.on_road:
                return road_spaces(tr)
            return why_not_target(g, self.seat, code, tr)
        return Task.explain(self, g, code, tr)
