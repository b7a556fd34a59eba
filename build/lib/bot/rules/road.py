"""Activating the road (phase 5): production, markets, peddlers and trades (§3)."""

from __future__ import annotations

from typing import Final

from .common import (
    KindFacts,
    Play,
    Task,
    building_name,
    cube_count,
    cube_list,
    gain,
    missing_cube,
    pay,
    plural,
)
from .construction import Build, Lawyer
from .decisions import EventKind
from .notation import WHOLE_MARK, Code, is_whole
from .speech import ENGLISH, Speech
from .tiles import (
    CUBES,
    LAWYER_DENIERS,
    PLAIN,
    TILES,
    TRADES,
)
from .words import building_name as said_building
from .words import cost_parts, counted, trade_text


def activate(g: Play, seat: int, space: int) -> list[Task]:
    """Resolve the building on `space` for `seat`; return the decisions it still needs (§3)."""
    s = g.state
    tid: str = s.road_tile[space]  # type: ignore[assignment]
    tile = TILES[tid]
    if not g.quiet:
        g.event(EventKind.ACTIVATE, seat, "activate", (seat, tid, space), space=space, tile=tid)
    effect = tile.effect
    if effect == "produce":
        if len(tile.params) > 1:
            return [Produce(seat, space)]
        out = tile.params[0]
        gain(g, seat, out)
        if not g.quiet:
            g.event(EventKind.PRODUCE, seat, "produce", (seat, out), cubes=out)
        owner = s.road_owner[space]
        if tile.owner_bonus and owner >= 0 and owner != seat:
            return [Bonus(owner, tid)]  # stone production owner bonus (§2 phase 5)
        return []
    if effect == "sell":
        return [Sell(seat, int(tile.params[0]))]
    if effect == "peddler":
        return [Peddler(seat, int(tile.params[0]), int(tile.params[1]), 0)]
    if effect == "build":
        return [Build(seat, tile.params[0], -1, space)]
    if effect == "lawyer":
        return [Lawyer(seat, LAWYER_DENIERS)]
    return [Trade(seat, tid)]


class Produce(Task):
    """A production building with alternatives: which one (§3.1, §3.3)."""

    kind = "produce"
    facts = KindFacts(
        verb="to choose a production",
    )

    def __init__(self, seat: int, space: int) -> None:
        super().__init__(seat)
        self.space: Final = space  # the building's road space

    def choices(self, g: Play) -> list[str]:
        return list(TILES[g.state.road_tile[self.space]].params)  # type: ignore[index]

    def apply(self, g: Play, code: str) -> None:
        gain(g, self.seat, code)
        if not g.quiet:
            g.event(EventKind.PRODUCE, self.seat, "produce", (self.seat, code), cubes=code)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("{building}: choose the production").format(building=building_name(g, self.space, tr))

    def label(self, g: Play, code: str) -> str:
        return cube_count(code)


class Bonus(Task):
    """The owner's cube when another player uses a stone production building (§2 phase 5)."""

    kind = "bonus"
    facts = KindFacts(
        verb="to take an owner's cube",
    )

    def __init__(self, seat: int, tile: str) -> None:
        super().__init__(seat)  # the owner
        self.tile: Final = tile

    def choices(self, g: Play) -> list[str]:
        return list(TILES[self.tile].owner_bonus)

    def apply(self, g: Play, code: str) -> None:
        gain(g, self.seat, code)
        g.event(EventKind.PRODUCE, self.seat, "owner_cube", (self.seat, code, self.tile), cubes=code)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Your {building} was used: take one cube").format(building=said_building(tr, TILES[self.tile].name))

    def label(self, g: Play, code: str) -> str:
        return f"1 {cube_list(code)}"


class Sell(Task):
    """The Marketplace: one cube sold for `price` deniers (§3.1, §3.3)."""

    kind = "sell"
    facts = KindFacts(
        verb="to sell a cube",
        stop_codes=("skip",),
    )

    def __init__(self, seat: int, price: int) -> None:
        super().__init__(seat)
        self.price: Final = price

    def choices(self, g: Play) -> list[str]:
        cubes = g.state.players[self.seat].cubes
        return [CUBES[i] for i in range(5) if cubes[i]] + ["skip"]

    def apply(self, g: Play, code: str) -> None:
        if code == "skip":
            return
        p = g.state.players[self.seat]
        p.cubes[CUBES.index(code)] -= 1
        p.deniers += self.price
        g.event(EventKind.SELL, self.seat, "sell", (self.seat, code, self.price), cubes=code)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Marketplace: sell one cube for {deniers}").format(deniers=counted(tr, "denier", self.price))

    def label(self, g: Play, code: str) -> str:
        return "Do nothing" if code == "skip" else f"Sell 1 {cube_list(code)} → {self.price} deniers"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        return missing_cube(g, self.seat, code, tr) or Task.explain(self, g, code, tr)


MAX_SHOWN: Final = 25  # a Discord select holds 25 options: longer lists of combinations are not offered


def cube_combos(held: list[int], size: int, kinds: tuple[int, ...] = PLAIN) -> list[str]:
    """Every multiset of `size` cubes of `kinds` that `held` allows, as codes in the order
    F W S C G (e.g. 'FFWS'); `held` None-like counts are taken as unbounded."""
    out: list[str] = []

    def walk(k: int, left: int, prefix: str) -> None:
        if left == 0:
            out.append(prefix)
            return
        if k == len(kinds):
            return
        i = kinds[k]
        for n in range(min(left, held[i]), -1, -1):
            walk(k + 1, left - n, prefix + CUBES[i] * n)

    walk(0, size, "")
    return out


class Peddler(Task):
    """A Peddler's cubes (§3.2, §3.3): a whole purchase (`=FW`, `=C`) where more than one cube
    can be bought, else one cube; the old one-cube-a-time codes stay legal (stored games)."""

    kind = "peddler"
    facts = KindFacts(
        verb="to buy cubes",
        stop_codes=("skip", "done"),
    )

    def __init__(self, seat: int, price: int, left: int, bought: int) -> None:
        super().__init__(seat)
        self.price: Final = price  # deniers per cube
        self.left: Final = left  # cubes still allowed
        self.bought: Final = bought  # cubes bought so far

    def choices(self, g: Play) -> list[str]:
        stop = "done" if self.bought else "skip"
        deniers = g.state.players[self.seat].deniers
        if deniers < self.price:
            return [stop]
        most = min(self.left, deniers // self.price)
        if most < 2:
            return ["F", "W", "S", "C", stop]
        whole = [WHOLE_MARK + c for n in range(1, most + 1) for c in cube_combos(UNBOUNDED, n)]
        return ["F", "W", "S", "C", stop, *whole]

    def shown(self, g: Play, codes: list[str]) -> list[str]:
        # the whole purchases and the stop code, where there are whole purchases (read by form)
        whole = [c for c in codes if is_whole(c)]
        return [*whole, *(c for c in codes if c in ("skip", "done"))] if whole else codes

    def apply(self, g: Play, code: str) -> None:
        if code in ("skip", "done"):
            return
        seat = self.seat
        if is_whole(code):
            for cube in Code.parse(code).cubes:
                g.state.players[seat].deniers -= self.price
                gain(g, seat, cube)
                g.event(EventKind.BUY, seat, "buy", (seat, cube, self.price), cubes=cube)
            return
        g.state.players[seat].deniers -= self.price
        gain(g, seat, code)
        g.event(EventKind.BUY, seat, "buy", (seat, code, self.price), cubes=code)
        if self.left > 1:
            g.push(Peddler(seat, self.price, self.left - 1, self.bought + 1))

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        price = counted(tr, "denier", self.price)
        if self.left > 1 and g.state.players[self.seat].deniers >= 2 * self.price:
            return tr.gettext("Peddler: buy up to {cubes} for {price} each").format(
                cubes=counted(tr, "cube", self.left), price=price
            )
        if self.bought:
            return tr.gettext("Peddler: buy a cube for {price} (one more allowed)").format(price=price)
        return tr.gettext("Peddler: buy a cube for {price}").format(price=price)

    def label(self, g: Play, code: str) -> str:
        if code in ("skip", "done"):
            return "Buy nothing" if code == "skip" else "Buy no more"
        cubes = Code.parse(code).cubes if is_whole(code) else code
        return f"{cube_count(cubes)} — {plural(self.price * len(cubes), 'denier')}"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        if "G" in code:
            return tr.gettext("the Peddler sells food, wood, stone or cloth, never gold")
        return Task.explain(self, g, code, tr)


UNBOUNDED: Final = [99] * 5


def trade_possible(g: Play, seat: int, tid: str, option: str) -> bool:
    p = g.state.players[seat]
    deniers, cubes, plain, _, _ = TRADES[tid][option]
    if p.deniers < deniers or any(p.cubes[i] < cubes[i] for i in range(5)):
        return False
    return sum(p.cubes[i] for i in PLAIN) >= plain


class Trade(Task):
    """A trading building (Church, Tailor, Bank, Alchemist, Jeweller): one trade (§3.4)."""

    kind = "trade"
    facts = KindFacts(
        verb="to trade",
        stop_codes=("skip",),
    )

    def __init__(self, seat: int, tile: str) -> None:
        super().__init__(seat)
        self.tile: Final = tile

    def choices(self, g: Play) -> list[str]:
        return [o for o in TRADES[self.tile] if trade_possible(g, self.seat, self.tile, o)] + ["skip"]

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        if code == "skip":
            return
        seat = self.seat
        p = s.players[seat]
        deniers, cubes, plain, pp, gold = TRADES[self.tile][code]
        p.deniers -= deniers
        pay(g, seat, list(cubes))
        p.pp += pp
        p.cubes[4] += gold
        g.event(EventKind.TRADE, seat, "trade", (seat, self.tile, code), tile=self.tile, option=code)
        if plain:
            g.push(PayPlain(seat, plain))

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("{building}: choose a trade").format(building=said_building(tr, TILES[self.tile].name))

    def label(self, g: Play, code: str) -> str:
        return "Do nothing" if code == "skip" else "Pay " + trade_text(self.tile, code)

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        if code not in TRADES[self.tile]:
            return Task.explain(self, g, code, tr)
        p = g.state.players[self.seat]
        price = trade_text(self.tile, code, tr=tr).partition(" → ")[0]
        held = ", ".join(cost_parts(p.cubes, tr=tr)) or tr.gettext("no cubes")
        return tr.gettext("you have {deniers} and {cubes}; this trade costs {price}").format(
            deniers=counted(tr, "denier", p.deniers), cubes=held, price=price
        )


class PayPlain(Task):
    """The Alchemist's cubes (§3.4): all of them in one choice (`=FFWS`) where the player holds
    two kinds or more and the list is short; the old one-cube codes stay legal (stored games)."""

    kind = "pay_plain"
    facts = KindFacts(
        verb="to pay cubes",
    )

    def __init__(self, seat: int, left: int) -> None:
        super().__init__(seat)
        self.left: Final = left  # cubes still to give

    def choices(self, g: Play) -> list[str]:
        cubes = g.state.players[self.seat].cubes
        single = [CUBES[i] for i in PLAIN if cubes[i]]
        if self.left < 2 or len(single) < 2:
            return single  # one kind held (or one cube to give): nothing to combine
        return single + [WHOLE_MARK + c for c in cube_combos(cubes, self.left)]

    def shown(self, g: Play, codes: list[str]) -> list[str]:
        whole = [c for c in codes if is_whole(c)]
        return whole if whole and len(whole) <= MAX_SHOWN else [c for c in codes if not is_whole(c)]

    def apply(self, g: Play, code: str) -> None:
        cubes = g.state.players[self.seat].cubes
        whole = is_whole(code)
        given = Code.parse(code).cubes if whole else code
        for ch in given:
            cubes[CUBES.index(ch)] -= 1
        g.event(EventKind.GIVE, self.seat, "alchemist_cube", (self.seat, given), cubes=given)
        if whole:
            return
        if self.left > 1:
            g.push(PayPlain(self.seat, self.left - 1))

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        if is_whole(self.shown(g, g.legal_codes())[0]):
            return tr.gettext("Alchemist: give {cubes} of food, wood, stone or cloth").format(
                cubes=counted(tr, "cube", self.left)
            )
        return tr.ngettext(
            "Alchemist: give a cube ({n} more to give)", "Alchemist: give a cube ({n} more to give)", self.left
        ).format(n=self.left)

    def label(self, g: Play, code: str) -> str:
        return f"Give {cube_count(Code.parse(code).cubes)}" if is_whole(code) else f"Give 1 {cube_list(code)}"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        if "G" in code:
            return tr.gettext("the Alchemist takes food, wood, stone or cloth, not gold")
        return missing_cube(g, self.seat, code, tr) or Task.explain(self, g, code, tr)
