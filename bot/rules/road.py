"""Activating the road (phase 5): production, markets, peddlers and trades (§3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import (
    Handler,
    KindFacts,
    Task,
    building_name,
    cube_count,
    cube_list,
    gain,
    missing_cube,
    pay,
    plural,
)
from .tiles import (
    CUBES,
    PLAIN,
    TILES,
    TRADES,
)
from .words import cost_parts

if TYPE_CHECKING:
    from .engine import Game


def activate(g: Game, seat: int, space: int) -> list[Task]:
    """Resolve the building on `space` for `seat`; return the decisions it still needs (§3)."""
    s = g.state
    tid: str = s.road_tile[space]  # type: ignore[assignment]
    tile = TILES[tid]
    g.event("activate", seat, f"{g.name(seat)} uses the {building_name(g, space)}", space=space, tile=tid)
    effect = tile.effect
    if effect == "produce":
        if len(tile.params) > 1:
            return [["produce", seat, space]]
        out = tile.params[0]
        gain(g, seat, out)
        g.event("produce", seat, f"{g.name(seat)} takes {cube_count(out)}", cubes=out)
        owner = s.road_owner[space]
        if tile.owner_bonus and owner >= 0 and owner != seat:
            return [["bonus", owner, tid]]  # stone production owner bonus (§2 phase 5)
        return []
    if effect == "sell":
        return [["sell", seat, int(tile.params[0])]]
    if effect == "peddler":
        return [["peddler", seat, int(tile.params[0]), int(tile.params[1]), 0]]
    if effect == "build":
        return [["build", seat, tile.params[0], -1, space]]
    if effect == "lawyer":
        return [["lawyer", seat, 1]]
    return [["trade", seat, tid]]


class Produce(Handler):
    kind = "produce"
    facts = KindFacts(
        verb="to choose a production",
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        return list(TILES[g.state.road_tile[t[2]]].params)  # type: ignore[index]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        gain(g, t[1], code)
        g.event("produce", t[1], f"{g.name(t[1])} takes {cube_count(code)}", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return f"{building_name(g, t[2])}: choose the production"

    def label(self, g: Game, t: Task, code: str) -> str:
        return cube_count(code)


class Bonus(Handler):
    kind = "bonus"
    facts = KindFacts(
        verb="to take an owner's cube",
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        return list(TILES[t[2]].owner_bonus)

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        gain(g, t[1], code)
        g.event("produce", t[1], f"{g.name(t[1])} takes 1 {cube_list(code)} as owner of the {TILES[t[2]].name}", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return f"Your {TILES[t[2]].name} was used: take one cube"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"1 {cube_list(code)}"


class Sell(Handler):
    kind = "sell"
    facts = KindFacts(
        verb="to sell a cube",
        stop_codes=("skip",),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        cubes = g.state.players[t[1]].cubes
        return [CUBES[i] for i in range(5) if cubes[i]] + ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        if code == "skip":
            return
        p = g.state.players[t[1]]
        p.cubes[CUBES.index(code)] -= 1
        p.deniers += t[2]
        g.event("sell", t[1], f"{g.name(t[1])} sells 1 {cube_list(code)} for {t[2]} deniers", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return f"Marketplace: sell one cube for {t[2]} deniers"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Do nothing" if code == "skip" else f"Sell 1 {cube_list(code)} → {t[2]} deniers"

    def explain(self, g: Game, t: Task, code: str) -> str:
        return missing_cube(g, t[1], code) or super().explain(g, t, code)


class Peddler(Handler):
    """[peddler, seat, price per cube, cubes still allowed, cubes bought] — one pick at a time."""

    kind = "peddler"
    facts = KindFacts(
        verb="to buy a cube",
        stop_codes=("skip", "done"),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        stop = "done" if t[4] else "skip"
        if g.state.players[t[1]].deniers < t[2]:
            return [stop]
        return ["F", "W", "S", "C", stop]

    def apply(self, g: Game, t: Task, code: str) -> None:
        if code in ("skip", "done"):
            g.state.tasks.pop()
            return
        g.state.players[t[1]].deniers -= t[2]
        gain(g, t[1], code)
        g.event("buy", t[1], f"{g.name(t[1])} buys 1 {cube_list(code)} for {plural(t[2], 'denier')}", cubes=code)
        t[3] -= 1
        t[4] += 1
        if t[3] == 0:
            g.state.tasks.pop()

    def prompt(self, g: Game, t: Task) -> str:
        return f"Peddler: buy a cube for {plural(t[2], 'denier')}" + (" (one more allowed)" if t[4] else "")

    def label(self, g: Game, t: Task, code: str) -> str:
        if code in ("skip", "done"):
            return "Buy nothing" if code == "skip" else "Buy no more"
        return f"1 {cube_list(code)} — {plural(t[2], 'denier')}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code == "G":
            return "the Peddler sells food, wood, stone or cloth, never gold"
        return super().explain(g, t, code)


def trade_text(tid: str, option: str, *, short: bool = False) -> str:
    """'2 deniers → 3 PP', or with `short` '2 d → 3 PP' (§3.4 trades)."""
    deniers, cubes, plain, pp, gold = TRADES[tid][option]
    paid = ([f"{deniers} d" if short else plural(deniers, "denier")] if deniers else [])
    paid += cost_parts(cubes)
    if plain:
        paid.append(f"{plain} cubes" if short else f"{plain} cubes of food, wood, stone or cloth")
    return f"{' + '.join(paid)} → {f'{pp} PP' if pp else f'{gold} gold'}"


def trade_possible(g: Game, seat: int, tid: str, option: str) -> bool:
    p = g.state.players[seat]
    deniers, cubes, plain, _, _ = TRADES[tid][option]
    if p.deniers < deniers or any(p.cubes[i] < cubes[i] for i in range(5)):
        return False
    return sum(p.cubes[i] for i in PLAIN) >= plain


class Trade(Handler):
    kind = "trade"
    facts = KindFacts(
        verb="to trade",
        stop_codes=("skip",),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        return [o for o in TRADES[t[2]] if trade_possible(g, t[1], t[2], o)] + ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        if code == "skip":
            return
        seat = t[1]
        p = s.players[seat]
        deniers, cubes, plain, pp, gold = TRADES[t[2]][code]
        p.deniers -= deniers
        pay(g, seat, list(cubes))
        p.pp += pp
        p.cubes[4] += gold
        g.event("trade", seat, f"{g.name(seat)} trades at the {TILES[t[2]].name}: {self.label(g, t, code)}", tile=t[2], option=code)
        if plain:
            g.push(["pay_plain", seat, plain])

    def prompt(self, g: Game, t: Task) -> str:
        return f"{TILES[t[2]].name}: choose a trade"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Do nothing" if code == "skip" else "Pay " + trade_text(t[2], code)

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code not in TRADES[t[2]]:
            return super().explain(g, t, code)
        p = g.state.players[t[1]]
        price = self.label(g, t, code).removeprefix("Pay ").partition(" → ")[0]
        held = ", ".join(cost_parts(p.cubes)) or "no cubes"
        return f"you have {plural(p.deniers, 'denier')} and {held}; this trade costs {price}"


class PayPlain(Handler):
    """[pay_plain, seat, cubes still to give]: the Alchemist's cubes, one pick at a time."""

    kind = "pay_plain"
    facts = KindFacts(
        verb="to pay cubes",
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        cubes = g.state.players[t[1]].cubes
        return [CUBES[i] for i in PLAIN if cubes[i]]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.players[t[1]].cubes[CUBES.index(code)] -= 1
        t[2] -= 1
        if t[2] == 0:
            g.state.tasks.pop()

    def prompt(self, g: Game, t: Task) -> str:
        return f"Alchemist: give a cube ({t[2]} more to give)"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"Give 1 {cube_list(code)}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code == "G":
            return "the Alchemist takes food, wood, stone or cloth, not gold"
        return missing_cube(g, t[1], code) or super().explain(g, t, code)
