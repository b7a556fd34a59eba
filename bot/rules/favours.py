"""Royal favours: the line, then its effect (§4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import (
    Handler,
    KindFacts,
    Task,
    cube_list,
    gain,
    missing_cube,
)
from .construction import (
    build_codes,
    lawyer_targets,
    residences,
)
from .tiles import (
    CUBES,
    FAVOUR_DENIERS,
    FAVOUR_LINES,
    C,
    S,
    W,
)

if TYPE_CHECKING:
    from .engine import Game


class Favour(Handler):
    kind = "favour"
    facts = KindFacts(
        verb="to take a royal favour",
        stop_codes=("skip",),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        s = g.state
        if s.options.simple_favors:
            return []
        used = s.players[t[1]].lines_used
        return [line for i, line in enumerate(FAVOUR_LINES) if not used & (1 << i)]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        seat = t[1]
        p = s.players[seat]
        s.tasks.pop()
        if s.options.simple_favors:
            p.pp += 3  # beginner variant: every favour is 3 PP (§4.4)
            g.event("favour", seat, f"{g.name(seat)} takes a royal favour: +3 PP", pp=3)
            return
        if not code:
            g.event("favour_lost", seat, f"{g.name(seat)} has used all four favour lines this phase: the favour is lost")
            return
        line = FAVOUR_LINES.index(code)
        p.lines_used |= 1 << line
        if p.favours[line] < s.favour_columns:
            p.favours[line] += 1  # the marker must advance when it can (§4.3)
        col = p.favours[line]
        if line == 0:
            p.pp += col
            g.event("favour", seat, f"{g.name(seat)} takes a royal favour: +{col} PP", pp=col, line=code)
        elif line == 1:
            p.deniers += FAVOUR_DENIERS[col - 1]
            g.event("favour", seat, f"{g.name(seat)} takes a royal favour: +{FAVOUR_DENIERS[col - 1]} deniers", line=code)
        else:
            g.event("favour", seat, f"{g.name(seat)} takes a royal favour on the {code} line (column {col})", line=code)
            g.push([f"favour_{code}", seat, col])

    def prompt(self, g: Game, t: Task) -> str:
        return "Royal favour: choose a line (one favour per line this phase)"

    def label(self, g: Game, t: Task, code: str) -> str:
        s = g.state
        line = FAVOUR_LINES.index(code)
        col = min(s.players[t[1]].favours[line] + 1, s.favour_columns)
        what = {
            0: f"+{col} PP",
            1: f"+{FAVOUR_DENIERS[col - 1]} deniers",
            2: RESOURCE_TEXT[col - 1],
            3: BUILDING_TEXT[col - 1],
        }[line]
        return f"{code.capitalize()} (column {col}): {what}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code in FAVOUR_LINES:
            return f"you already took a favour on the {code} line this phase: each favour of a phase goes on a different line"
        return super().explain(g, t, code)


RESOURCE_TEXT = ("1 food", "1 wood or 1 stone", "up to 1 cloth", "up to: 1 cube → 2 cubes", "up to 1 gold")


BUILDING_TEXT = ("nothing", "wood building, 1 wood less", "up to a stone building, 1 stone less", "up to a residence for 1 cloth", "up to a prestige building")


class FavourResources(Handler):
    """[favour_resources, seat, column]: any effect of the line up to the marker (§4.3)."""

    kind = "favour_resources"
    facts = KindFacts(
        verb="to take a favour cube",
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        col = t[2]
        out = ["F"]
        if col >= 2:
            out += ["W", "S"]
        if col >= 3:
            out.append("C")
        if col >= 4 and any(g.state.players[t[1]].cubes):
            out.append("swap")
        if col >= 5:
            out.append("G")
        return out

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        if code == "swap":
            g.push(["swap_give", t[1]], ["swap_take", t[1], 2])
            return
        gain(g, t[1], code)
        g.event("produce", t[1], f"{g.name(t[1])} takes 1 {cube_list(code)}", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return "Favour, resources line: take"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Give 1 cube, take 2 cubes" if code == "swap" else f"1 {cube_list(code)}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        column = {"F": 1, "W": 2, "S": 2, "C": 3, "swap": 4, "G": 5}.get(code, 0)
        if column > t[2]:
            return f"that is column {column} of the resources line; your marker is on column {t[2]}"
        if code == "swap":
            return "you have no cube to give"
        return super().explain(g, t, code)


class SwapGive(Handler):
    kind = "swap_give"
    facts = KindFacts(
        verb="to give a cube",
        stop_codes=("skip",),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        cubes = g.state.players[t[1]].cubes
        return [CUBES[i] for i in range(5) if cubes[i]]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        g.state.players[t[1]].cubes[CUBES.index(code)] -= 1
        g.event("give", t[1], f"{g.name(t[1])} gives 1 {cube_list(code)}", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return "Favour: give one cube (gold allowed)"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"Give 1 {cube_list(code)}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        return missing_cube(g, t[1], code) or super().explain(g, t, code)


class SwapTake(Handler):
    kind = "swap_take"
    facts = KindFacts(
        verb="to take cubes",
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        return ["F", "W", "S", "C"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        gain(g, t[1], code)
        g.event("produce", t[1], f"{g.name(t[1])} takes 1 {cube_list(code)}", cubes=code)
        t[2] -= 1
        if t[2] == 0:
            g.state.tasks.pop()

    def prompt(self, g: Game, t: Task) -> str:
        return f"Favour: take a cube ({t[2]} to take)"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"Take 1 {cube_list(code)}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code == "G":
            return "the two cubes taken are food, wood, stone or cloth, not gold"
        return super().explain(g, t, code)


class FavourBuildings(Handler):
    kind = "favour_buildings"
    facts = KindFacts(
        verb="to build (favour)",
        stop_codes=("skip",),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        col, seat = t[2], t[1]
        out = []
        if col >= 2 and build_codes(g, seat, "wood", W):
            out.append("wood")
        if col >= 3 and build_codes(g, seat, "stone", S):
            out.append("stone")
        if col >= 4 and g.state.players[seat].cubes[C] and lawyer_targets(g, seat):
            out.append("residence")
        if col >= 5 and build_codes(g, seat, "prestige", -1):
            out.append("prestige")
        return out + ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        seat = t[1]
        if code == "wood":
            g.push(["build", seat, "wood", W, 0])
        elif code == "stone":
            g.push(["build", seat, "stone", S, 0])
        elif code == "residence":
            g.push(["lawyer", seat, 0])
        elif code == "prestige":
            g.push(["build", seat, "prestige", -1, 0])

    def prompt(self, g: Game, t: Task) -> str:
        return "Favour, buildings line: build"

    def label(self, g: Game, t: Task, code: str) -> str:
        return {
            "wood": "A wood building, paying 1 wood less",
            "stone": "A stone building, paying 1 stone less",
            "residence": "A residence (Lawyer effect) for 1 cloth",
            "prestige": "A prestige building at full cost",
            "skip": "Nothing",
        }[code]

    def explain(self, g: Game, t: Task, code: str) -> str:
        column = {"wood": 2, "stone": 3, "residence": 4, "prestige": 5}.get(code, 0)
        if not column:
            return super().explain(g, t, code)
        if column > t[2]:
            return f"that is column {column} of the buildings line; your marker is on column {t[2]}"
        if code == "residence":
            return "a residence needs 1 cloth and a neutral building or one of your own wood/stone buildings"
        if code == "prestige" and not residences(g, t[1]):
            return "a prestige building replaces one of your residences, and you have none"
        return f"you cannot build any {code} building now (its cost in cubes, the stock or a free road space)"
