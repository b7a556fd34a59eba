"""Construction and the Lawyer: Carpenter, Mason, Architect, building favours (§2 phase 5, §3.3)."""

from __future__ import annotations

from typing import Final

from .common import (
    KindFacts,
    Play,
    Task,
    building_name,
    free_road_space,
    pay,
    plural,
    road_spaces,
)
from .decisions import EventKind
from .notation import ROAD_CODES, SPACE_OF, Code, CodeKind
from .speech import ENGLISH, Speech
from .tiles import (
    CUBE_NAMES,
    CUBES,
    FAVOUR_DISCOUNT,
    ROAD_LEN,
    TILES,
    C,
)
from .words import building_name as said_building
from .words import cost_parts, cost_words, counted

_RESIDENCE_CLOTH: Final = TILES["residence"].cost[C]  # what the Lawyer and the favour take, with any deniers (§3.3)


def build_cost(tid: str, discount: int) -> list[int]:
    """The tile's cube cost, less FAVOUR_DISCOUNT cubes of type `discount` for building favours (§4.2 d)."""
    cost = list(TILES[tid].cost)
    if discount >= 0:
        cost[discount] = max(0, cost[discount] - FAVOUR_DISCOUNT)
    return cost


def residences(g: Play, seat: int) -> list[int]:
    s = g.state
    return [sp for sp in range(1, ROAD_LEN + 1) if s.road_owner[sp] == seat and s.road_tile[sp] == "residence"]


def build_codes(g: Play, seat: int, category: str, discount: int) -> list[str]:
    """Tiles of `category` the player can build now; `tile+X` names the any-cube payment."""
    s = g.state
    if category == "prestige":
        if not residences(g, seat):
            return []
    elif not free_road_space(g):
        return []
    c0, c1, c2, c3, c4 = cubes = s.players[seat].cubes
    out: list[str] = []
    for tid, left in s.stock.items():
        tile = TILES[tid]
        if not left or tile.kind != category:
            continue
        k0, k1, k2, k3, k4 = cost = tile.cost if discount < 0 else build_cost(tid, discount)
        if c0 < k0 or c1 < k1 or c2 < k2 or c3 < k3 or c4 < k4:
            continue
        if tile.any_cubes:
            out.extend(f"{tid}+{CUBES[i]}" for i in range(5) if cubes[i] > cost[i])
        else:
            out.append(tid)
    return out


def tile_pp(g: Play, tid: str) -> int:
    """PP for building a tile; the Lawyer's depends on the printing (§3.3, option lawyer_pp)."""
    return g.state.options.lawyer_pp if tid == "lawyer" else TILES[tid].pp


def construct(g: Play, seat: int, code: str, discount: int, space: int) -> None:
    """Pay for and place a wood/stone tile on the lowest free space, or a prestige tile on
    residence `space`; the builder gains the tile's PP and favours at once (§2 phase 5)."""
    s = g.state
    tid, _, extra = code.partition("+")
    tile = TILES[tid]
    cost = build_cost(tid, discount)
    if extra:
        cost[CUBES.index(extra)] += 1
    pay(g, seat, cost)
    s.stock[tid] -= 1
    if tile.kind != "prestige":
        space = free_road_space(g)
    s.road_tile[space] = tid
    s.road_owner[space] = seat
    pp = tile_pp(g, tid)
    s.players[seat].pp += pp
    paid = cost_words(cost, free="nothing")
    g.event(EventKind.BUILD, seat, "build", (seat, tid, space, paid, pp), tile=tid, space=space, pp=pp)
    if tile.favours:
        from .favours import Favour  # favours imports this module (the buildings line)

        g.push(*(Favour(seat) for _ in range(tile.favours)))


class Build(Task):
    """A building to build: at a Carpenter, Mason or Architect, or with a favour (§2 phase 5)."""

    kind = "build"
    facts = KindFacts(
        verb="to build",
        title="Which building?",
        stop_codes=("skip",),
    )

    def __init__(self, seat: int, category: str, discount: int, space: int) -> None:
        super().__init__(seat)
        self.category: Final = category  # wood, stone or prestige
        self.discount: Final = discount  # the cube paid less (a building favour, §4.2), -1 for none
        self.space: Final = space  # road space of the building used; 0 with a favour

    def choices(self, g: Play) -> list[str]:
        return build_codes(g, self.seat, self.category, self.discount) + ["skip"]

    def apply(self, g: Play, code: str) -> None:
        if code == "skip":
            return
        if self.category == "prestige":
            g.push(Residence(self.seat, code))
        else:
            construct(g, self.seat, code, self.discount, 0)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        if self.category == "prestige":
            return tr.gettext("Build a prestige building on one of your residences")
        if self.discount < 0:
            what = {"wood": tr.gettext("Build a wood building"), "stone": tr.gettext("Build a stone building")}
            return what[self.category]
        less = {
            "wood": tr.gettext("Build a wood building, paying {cube} less"),
            "stone": tr.gettext("Build a stone building, paying {cube} less"),
        }[self.category]
        return less.format(cube=counted(tr, CUBE_NAMES[self.discount], 1))

    def label(self, g: Play, code: str) -> str:
        if code == "skip":
            return "Build nothing"
        tid, _, extra = code.partition("+")
        tile = TILES[tid]
        cost = build_cost(tid, self.discount)
        if extra:
            cost[CUBES.index(extra)] += 1
        paid = cost_words(cost)
        favours = f" + {plural(tile.favours, 'favour')}" if tile.favours else ""
        return f"{tile.name} — {paid} → {tile_pp(g, tid)} PP{favours}"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        """Why a tile cannot be built (§2 phase 5 Constructing, §6 #15)."""
        s = g.state
        tid, plus, extra = code.partition("+")
        tile = TILES.get(tid)
        if tile is None or tile.kind not in ("wood", "stone", "prestige"):
            return Task.explain(self, g, code, tr)
        name = said_building(tr, tile.name)
        if tile.kind != self.category:
            return tr.gettext("the {building} is not a {kind}").format(building=name, kind=kind_name(tr, self.category))
        if not s.stock.get(tid):
            return tr.gettext("the {building} has already been built (it is not in the stock)").format(building=name)
        if tile.kind == "prestige" and not residences(g, self.seat):
            return no_residence(tr)
        if tile.kind != "prestige" and not free_road_space(g):
            return tr.gettext("the road is full: there is no free space for a new building")
        if tile.any_cubes and extra not in tuple(CUBES):
            return tr.gettext("say which cube pays the 'any cube' part, e.g. {code}+F").format(code=tid)
        if not tile.any_cubes and plus:
            return Task.explain(self, g, code, tr)
        cost = build_cost(tid, self.discount)
        if extra:
            cost[CUBES.index(extra)] += 1
        have = s.players[self.seat].cubes
        price = " + ".join(cost_parts(cost, tr=tr))
        short = ", ".join(counted(tr, CUBE_NAMES[i], have[i]) for i in range(5) if have[i] < cost[i])
        if not short:
            return Task.explain(self, g, code, tr)
        return tr.gettext("the {building} costs {price} and you have {cubes}").format(
            building=name, price=price, cubes=short
        )


class Residence(Task):
    """Which residence the prestige building replaces (§6 #37)."""

    kind = "residence"
    facts = KindFacts(
        verb="to pick a residence",
        title="Which residence does it replace?",
        stop_codes=("skip",),
    )

    def __init__(self, seat: int, tile: str) -> None:
        super().__init__(seat)
        self.tile: Final = tile  # the prestige tile's code

    def choices(self, g: Play) -> list[str]:
        return [ROAD_CODES[sp] for sp in residences(g, self.seat)]

    def apply(self, g: Play, code: str) -> None:
        construct(g, self.seat, self.tile, -1, SPACE_OF[code])

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Which residence does the {building} replace?").format(
            building=said_building(tr, TILES[self.tile].name)
        )

    def label(self, g: Play, code: str) -> str:
        return f"Residence on road {SPACE_OF[code]}"


def lawyer_targets(g: Play, seat: int) -> list[int]:
    """Neutral tiles and the player's own wood/stone tiles, never a Lawyer (§3.3, §6 #11)."""
    s = g.state
    pending = {lp[0] for lp in s.lawyer_pending}
    out: list[int] = []
    for space in range(1, ROAD_LEN + 1):
        tid = s.road_tile[space]
        if tid is None or space in pending:
            continue
        kind = TILES[tid].kind
        if kind == "neutral" or (kind in ("wood", "stone") and s.road_owner[space] == seat and tid != "lawyer"):
            out.append(space)
    return out


class Lawyer(Task):
    """A building to turn into a residence: at the Lawyer, or with the buildings favour (§3.3)."""

    kind = "lawyer"
    facts = KindFacts(
        verb="to use the Lawyer",
        title="Which building becomes a residence?",
        stop_codes=("skip",),
    )

    def __init__(self, seat: int, price: int) -> None:
        super().__init__(seat)
        self.price: Final = price  # deniers to pay: LAWYER_DENIERS at the Lawyer, 0 with the buildings favour column 4

    def choices(self, g: Play) -> list[str]:
        p = g.state.players[self.seat]
        if p.cubes[C] < _RESIDENCE_CLOTH or p.deniers < self.price:
            return ["skip"]
        return [ROAD_CODES[sp] for sp in lawyer_targets(g, self.seat)] + ["skip"]

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        if code == "skip":
            return
        seat, space = self.seat, SPACE_OF[code]
        p = s.players[seat]
        p.cubes[C] -= _RESIDENCE_CLOTH
        p.deniers -= self.price
        if s.road_worker[space] >= 0:
            # The target still carries a worker: pay now, transform after its activation (§6 #13).
            s.lawyer_pending.append([space, seat])
            g.event(EventKind.LAWYER, seat, "lawyer", (seat, space), space=space)
        else:
            finish_lawyer(g, [space, seat])

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        cost = counted(tr, "cloth", _RESIDENCE_CLOTH) + (" + " + counted(tr, "denier", self.price) if self.price else "")
        return tr.gettext(
            "Lawyer: turn a neutral building or one of your own into a residence for {cost} (+{pp} PP)"
        ).format(cost=cost, pp=TILES["residence"].pp)

    def label(self, g: Play, code: str) -> str:
        if code == "skip":
            return "Do nothing"
        return f"{building_name(g, SPACE_OF[code])} → residence"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        """Why a building cannot become a residence (§3.3, §6 #11)."""
        s = g.state
        c = Code.parse(code)
        if c.kind != CodeKind.ROAD:
            return Task.explain(self, g, code, tr)
        if not c.on_road:
            return road_spaces(tr)
        space = c.space
        tid = s.road_tile[space]
        if tid is None:
            return tr.gettext("road {space} is empty").format(space=space)
        tile, owner = TILES[tid], s.road_owner[space]
        building = building_name(g, space, tr)
        if any(lp[0] == space for lp in s.lawyer_pending):
            return tr.gettext("the {building} is already being turned into a residence").format(building=building)
        if tile.kind == "fixed":
            return tr.gettext("the {building} is printed on the board and cannot be transformed").format(
                building=building
            )
        if tile.kind == "residence":
            return tr.gettext("road {space} is already a residence").format(space=space)
        if tile.kind == "prestige":
            return tr.gettext("prestige buildings cannot be transformed")
        if tid == "lawyer":
            return tr.gettext("a Lawyer cannot be transformed")
        if owner != self.seat:
            return tr.gettext(
                "the {building} belongs to {player}: only neutral buildings and your own can be transformed"
            ).format(building=building, player=g.name(owner))
        return Task.explain(self, g, code, tr)


def kind_name(tr: Speech, category: str) -> str:
    """`wood building`, through the glossary (context "kind", bot/i18n/words.py KINDS)."""
    if category == "wood":
        return tr.pgettext("kind", "wood building")
    if category == "stone":
        return tr.pgettext("kind", "stone building")
    return tr.pgettext("kind", "prestige building")


def no_residence(tr: Speech) -> str:
    return tr.gettext("a prestige building replaces one of your residences, and you have none")


def finish_lawyer(g: Play, pending: list[int]) -> None:
    """Replace the target by a residence of the Lawyer's user (§3.3)."""
    s = g.state
    space, seat = pending
    if pending in s.lawyer_pending:
        s.lawyer_pending.remove(pending)
    old = s.road_tile[space]
    assert old is not None
    if TILES[old].kind in ("wood", "stone"):
        s.stock[old] += 1  # a player's tile returns to the stock
    s.road_tile[space] = "residence"
    s.road_owner[space] = seat
    pp = TILES["residence"].pp
    s.players[seat].pp += pp
    g.event(EventKind.RESIDENCE, seat, "residence", (seat, old, space, pp), space=space, pp=pp)


class LawyerDone(Task):
    """The engine's step after a Lawyer's target was used: the residence is made (§6 #13)."""

    kind = "lawyer_done"

    def __init__(self, seat: int, space: int) -> None:
        super().__init__(seat)  # the Lawyer's user
        self.space: Final = space  # the target's road space

    def apply(self, g: Play, code: str) -> None:
        finish_lawyer(g, [self.space, self.seat])
