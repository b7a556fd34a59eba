"""Royal favours: the line, then its effect (§4)."""

from __future__ import annotations

from typing import Final

from .common import (
    KindFacts,
    Play,
    Task,
    cube_list,
    gain,
    missing_cube,
)
from .construction import (
    Build,
    Lawyer,
    build_codes,
    kind_name,
    lawyer_targets,
    no_residence,
    residences,
)
from .decisions import EventKind
from .speech import ENGLISH, Speech
from .tiles import (
    CUBES,
    FAVOUR_DENIERS,
    FAVOUR_LINES,
    FAVOUR_SWAP_TAKE,
    SIMPLE_FAVOUR_PP,
    C,
    S,
    W,
)


class Favour(Task):
    """A royal favour: which line (§4.3)."""

    kind = "favour"
    facts = KindFacts(
        verb="to take a royal favour",
        stop_codes=("skip",),
    )

    def choices(self, g: Play) -> list[str]:
        s = g.state
        if s.options.simple_favors:
            return []
        used = s.players[self.seat].lines_used
        return [line for i, line in enumerate(FAVOUR_LINES) if not used & (1 << i)]

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        seat = self.seat
        p = s.players[seat]
        if s.options.simple_favors:
            p.pp += SIMPLE_FAVOUR_PP  # beginner variant: every favour is worth the same (§4.4)
            g.event(EventKind.FAVOUR, seat, "favour_pp", (seat, SIMPLE_FAVOUR_PP), pp=SIMPLE_FAVOUR_PP)
            return
        if not code:
            g.event(EventKind.FAVOUR_LOST, seat, "favour_lost", (seat,))
            return
        line = FAVOUR_LINES.index(code)
        p.lines_used |= 1 << line
        if p.favours[line] < s.favour_columns:
            p.favours[line] += 1  # the marker must advance when it can (§4.3)
        col = p.favours[line]
        if line == 0:
            p.pp += col
            g.event(EventKind.FAVOUR, seat, "favour_pp", (seat, col), pp=col, line=code)
        elif line == 1:
            p.deniers += FAVOUR_DENIERS[col - 1]
            g.event(EventKind.FAVOUR, seat, "favour_deniers", (seat, FAVOUR_DENIERS[col - 1]), line=code)
        else:
            g.event(EventKind.FAVOUR, seat, "favour_line", (seat, code, col), line=code)
            g.push((FavourResources if line == 2 else FavourBuildings)(seat, col))

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Royal favour: choose a line (one favour per line this phase)")

    def label(self, g: Play, code: str) -> str:
        s = g.state
        line = FAVOUR_LINES.index(code)
        col = min(s.players[self.seat].favours[line] + 1, s.favour_columns)
        what = {
            0: f"+{col} PP",
            1: f"+{FAVOUR_DENIERS[col - 1]} deniers",
            2: RESOURCE_TEXT[col - 1],
            3: BUILDING_TEXT[col - 1],
        }[line]
        return f"{code.capitalize()} (column {col}): {what}"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        if code in FAVOUR_LINES:
            return tr.gettext(
                "you already took a favour on the {line} line this phase: each favour of a phase goes on a different line"
            ).format(line=tr.pgettext("favour track", code))
        return Task.explain(self, g, code, tr)


# Any effect up to the marker's column may be used (§4.3 rule 2): column 2 still allows food.
RESOURCE_TEXT = ("1 food", "1 food, 1 wood or 1 stone", "up to 1 cloth", "up to: 1 cube → 2 cubes", "up to 1 gold")


BUILDING_TEXT = ("nothing", "wood building, 1 wood less", "up to a stone building, 1 stone less", "up to a residence for 1 cloth", "up to a prestige building")


class FavourResources(Task):
    """The resources line: any effect up to the marker's column (§4.2, §4.3)."""

    kind = "favour_resources"
    facts = KindFacts(
        verb="to take a favour cube",
    )

    def __init__(self, seat: int, column: int) -> None:
        super().__init__(seat)
        self.column: Final = column

    def choices(self, g: Play) -> list[str]:
        col = self.column
        out = ["F"]
        if col >= 2:
            out += ["W", "S"]
        if col >= 3:
            out.append("C")
        if col >= 4 and any(g.state.players[self.seat].cubes):
            out.append("swap")
        if col >= 5:
            out.append("G")
        return out

    def apply(self, g: Play, code: str) -> None:
        seat = self.seat
        if code == "swap":
            g.push(SwapGive(seat), SwapTake(seat, FAVOUR_SWAP_TAKE))
            return
        gain(g, seat, code)
        g.event(EventKind.PRODUCE, seat, "take", (seat, code), cubes=code)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Favour, resources line: take")

    def label(self, g: Play, code: str) -> str:
        return "Give 1 cube, take 2 cubes" if code == "swap" else f"1 {cube_list(code)}"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        column = {"F": 1, "W": 2, "S": 2, "C": 3, "swap": 4, "G": 5}.get(code, 0)
        if column > self.column:
            return tr.gettext("that is column {column} of the resources line; your marker is on column {marker}").format(
                column=column, marker=self.column
            )
        if code == "swap":
            return tr.gettext("you have no cube to give")
        return Task.explain(self, g, code, tr)


class SwapGive(Task):
    """Resources line column 4: the cube given (gold allowed) (§4.2)."""

    kind = "swap_give"
    facts = KindFacts(
        verb="to give a cube",
        stop_codes=("skip",),
    )

    def choices(self, g: Play) -> list[str]:
        cubes = g.state.players[self.seat].cubes
        return [CUBES[i] for i in range(5) if cubes[i]]

    def apply(self, g: Play, code: str) -> None:
        g.state.players[self.seat].cubes[CUBES.index(code)] -= 1
        g.event(EventKind.GIVE, self.seat, "give", (self.seat, code), cubes=code)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Favour: give one cube (gold allowed)")

    def label(self, g: Play, code: str) -> str:
        return f"Give 1 {cube_list(code)}"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        return missing_cube(g, self.seat, code, tr) or Task.explain(self, g, code, tr)


class SwapTake(Task):
    """Resources line column 4: the cubes taken, one at a time (§4.2)."""

    kind = "swap_take"
    facts = KindFacts(
        verb="to take cubes",
    )

    def __init__(self, seat: int, left: int) -> None:
        super().__init__(seat)
        self.left: Final = left  # cubes still to take

    def choices(self, g: Play) -> list[str]:
        return ["F", "W", "S", "C"]

    def apply(self, g: Play, code: str) -> None:
        gain(g, self.seat, code)
        g.event(EventKind.PRODUCE, self.seat, "take", (self.seat, code), cubes=code)
        if self.left > 1:
            g.push(SwapTake(self.seat, self.left - 1))

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.ngettext("Favour: take a cube ({n} to take)", "Favour: take a cube ({n} to take)", self.left).format(
            n=self.left
        )

    def label(self, g: Play, code: str) -> str:
        return f"Take 1 {cube_list(code)}"

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        if code == "G":
            return tr.gettext("the two cubes taken are food, wood, stone or cloth, not gold")
        return Task.explain(self, g, code, tr)


class FavourBuildings(Task):
    """The buildings line: any effect up to the marker's column (§4.2, §4.3)."""

    kind = "favour_buildings"
    facts = KindFacts(
        verb="to build (favour)",
        stop_codes=("skip",),
    )

    def __init__(self, seat: int, column: int) -> None:
        super().__init__(seat)
        self.column: Final = column

    def choices(self, g: Play) -> list[str]:
        col, seat = self.column, self.seat
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

    def apply(self, g: Play, code: str) -> None:
        seat = self.seat
        if code == "wood":
            g.push(Build(seat, "wood", W, 0))
        elif code == "stone":
            g.push(Build(seat, "stone", S, 0))
        elif code == "residence":
            g.push(Lawyer(seat, 0))
        elif code == "prestige":
            g.push(Build(seat, "prestige", -1, 0))

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Favour, buildings line: build")

    def label(self, g: Play, code: str) -> str:
        return {
            "wood": "A wood building, paying 1 wood less",
            "stone": "A stone building, paying 1 stone less",
            "residence": "A residence (Lawyer effect) for 1 cloth",
            "prestige": "A prestige building at full cost",
            "skip": "Nothing",
        }[code]

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        column = {"wood": 2, "stone": 3, "residence": 4, "prestige": 5}.get(code, 0)
        if not column:
            return Task.explain(self, g, code, tr)
        if column > self.column:
            return tr.gettext("that is column {column} of the buildings line; your marker is on column {marker}").format(
                column=column, marker=self.column
            )
        if code == "residence":
            return tr.gettext(
                "a residence needs 1 cloth and a neutral building or one of your own wood/stone buildings"
            )
        if code == "prestige" and not residences(g, self.seat):
            return no_residence(tr)
        return tr.gettext(
            "you cannot build any {kind} now (its cost in cubes, the stock or a free road space)"
        ).format(kind=kind_name(tr, code))
