"""The Merchants' guild, Joust field and Inn (phase 3) and the provost's move (phase 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import (
    Handler,
    KindFacts,
    Task,
    plural,
)
from .tiles import (
    ROAD_LEN,
    C,
)

if TYPE_CHECKING:
    from .engine import Game


PROVOST_MOVES = ("0", "+1", "+2", "+3", "-1", "-2", "-3")


def provost_moves(g: Game, max_steps: int) -> list[str]:
    provost = g.state.provost
    return [m for m in PROVOST_MOVES if abs(int(m)) <= max_steps and 1 <= provost + int(m) <= ROAD_LEN]


class Guild(Handler):
    kind = "guild"
    facts = KindFacts(
        verb="to move the provost (guild)",
        stop_codes=("0",),
        group="provost",
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        return provost_moves(g, 3)

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        s.guild = -1
        s.players[t[1]].workers += 1
        move_provost(g, t[1], int(code), "with the Merchants' guild")

    def prompt(self, g: Game, t: Task) -> str:
        return f"Merchants' guild: move the provost (now on road {g.state.provost}) up to 3 spaces, free"

    def label(self, g: Game, t: Task, code: str) -> str:
        return provost_label(g, code, free=True)

    def explain(self, g: Game, t: Task, code: str) -> str:
        return why_not_move(g, code, None) or super().explain(g, t, code)


def move_provost(g: Game, seat: int, k: int, how: str) -> None:
    s = g.state
    if k == 0:
        g.event("provost", seat, f"{g.name(seat)} leaves the provost on road {s.provost}", move=0)
        return
    s.provost += k
    g.event("provost", seat, f"{g.name(seat)} moves the provost {k:+d} to road {s.provost} {how}", move=k)


def provost_label(g: Game, code: str, free: bool) -> str:
    k = int(code)
    if k == 0:
        return "Do not move it"
    cost = "free" if free else plural(abs(k), "denier")
    direction = "forward" if k > 0 else "back"
    return f"{abs(k)} {direction} to road {g.state.provost + k} — {cost}"


def why_not_move(g: Game, code: str, deniers: int | None) -> str:
    """Why a provost move is refused (§2 phase 4, §6 #7, #8); "" when the code is no move."""
    if code not in PROVOST_MOVES:
        return "the provost moves 1 to 3 spaces forward (+1, +2, +3) or back (-1, -2, -3), or 0"
    k, provost = int(code), g.state.provost
    if not 1 <= provost + k <= ROAD_LEN:
        return f"the provost is on road {provost}: it stays between space 1 and road {ROAD_LEN}"
    if deniers is not None and abs(k) > deniers:
        return f"you have {plural(deniers, 'denier')}; moving the provost {plural(abs(k), 'space')} costs {abs(k)}"
    return ""


class Provost(Handler):
    kind = "provost"
    facts = KindFacts(
        verb="to move the provost",
        stop_codes=("0",),
        group="provost",
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        return provost_moves(g, min(3, g.state.players[t[1]].deniers))

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        k = int(code)
        g.state.players[t[1]].deniers -= abs(k)
        move_provost(g, t[1], k, f"for {plural(abs(k), 'denier')}")

    def prompt(self, g: Game, t: Task) -> str:
        return f"Move the provost (now on road {g.state.provost}): 1 denier per space, up to 3"

    def label(self, g: Game, t: Task, code: str) -> str:
        return provost_label(g, code, free=False)

    def explain(self, g: Game, t: Task, code: str) -> str:
        return why_not_move(g, code, g.state.players[t[1]].deniers) or super().explain(g, t, code)


class Joust(Handler):
    kind = "joust"
    facts = KindFacts(
        verb="to joust for a favour?",
        stop_codes=("skip",),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        p = g.state.players[t[1]]
        return ["favour", "skip"] if p.deniers >= 1 and p.cubes[C] >= 1 else ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        seat = t[1]
        s.tasks.pop()
        s.joust = -1
        p = s.players[seat]
        p.workers += 1
        if code == "favour":
            p.deniers -= 1
            p.cubes[C] -= 1
            g.event("joust", seat, f"{g.name(seat)} pays 1 denier and 1 cloth at the Joust field for a royal favour")
            g.push(["favour", seat])

    def prompt(self, g: Game, t: Task) -> str:
        return "Joust field: pay 1 denier + 1 cloth for a royal favour?"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Pay 1 denier + 1 cloth: royal favour" if code == "favour" else "Do nothing"


class Inn(Handler):
    kind = "inn"
    facts = KindFacts(
        verb="to stay in the Inn?",
        stop_codes=("skip",),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        return ["stay", "leave"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        if code == "leave":
            s.inn_right = -1
            s.players[t[1]].workers += 1
            g.event("inn_leave", t[1], f"{g.name(t[1])} takes their worker back from the Inn")

    def prompt(self, g: Game, t: Task) -> str:
        return "Inn: keep your worker there for next turn (every placement costs you 1 denier)?"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Stay in the Inn" if code == "stay" else "Take the worker back"
