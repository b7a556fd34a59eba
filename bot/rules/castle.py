"""Building the castle (phase 6) and closing a scored section (§1.4, §2 phase 6-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import (
    Handler,
    KindFacts,
    Task,
    cube_list,
    lose_pp,
    plural,
)
from .tiles import (
    CUBE_NAMES,
    CUBES,
    SECTION_PP,
    SECTION_SIZE,
    SECTIONS,
)

if TYPE_CHECKING:
    from .engine import Game


BATCHES = ("FWS", "FWC", "FWG", "FSC", "FSG", "FCG")  # 3 different cubes, exactly one food (§6 #21)


def castle_section(g: Game) -> int:
    """Section a new house goes into: the one under construction, or the next open (§6 #24)."""
    s = g.state
    sec = s.section
    while sec < 3 and len(s.castle[sec]) >= SECTION_SIZE[sec]:
        sec += 1
    return sec


class Castle(Handler):
    """[castle, seat, batches delivered this turn]."""

    kind = "castle"
    facts = KindFacts(
        verb="to build the castle",
        title="Which batch?",
        stop_codes=("done",),
    )

    def choices(self, g: Game, t: Task) -> list[str]:
        if castle_section(g) == 3:
            return ["done"]
        cubes = g.state.players[t[1]].cubes
        return [b for b in BATCHES if all(cubes[CUBES.index(ch)] for ch in b)] + ["done"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        seat = t[1]
        p = s.players[seat]
        if code == "done":
            s.tasks.pop()
            if t[2] == 0:
                if castle_section(g) == 3:
                    g.event("castle", seat, f"{g.name(seat)} cannot build: the Towers are full (no penalty)")
                else:
                    lost = lose_pp(g, seat, 2)
                    g.event("castle_penalty", seat, f"{g.name(seat)} builds nothing in the castle: -{lost} PP", pp=-lost)
            return
        sec = castle_section(g)
        for ch in code:
            p.cubes[CUBES.index(ch)] -= 1
        s.castle[sec].append(seat)
        p.pp += SECTION_PP[sec]
        p.houses_this_turn += 1
        t[2] += 1
        if len(s.castle[sec]) == SECTION_SIZE[sec]:
            s.completed_this_turn[sec] = True
        g.event("castle", seat, f"{g.name(seat)} delivers {cube_list(code)}: a house in the {SECTIONS[sec]}, +{SECTION_PP[sec]} PP", section=sec, pp=SECTION_PP[sec], batch=code)

    def prompt(self, g: Game, t: Task) -> str:
        sec = castle_section(g)
        where = f"the {SECTIONS[sec]} ({SECTION_PP[sec]} PP a batch)" if sec < 3 else "nowhere"
        done = f" ({plural(t[2], 'batch')} so far)" if t[2] else " (none yet: building nothing costs 2 PP)"
        return f"Castle: deliver a batch (1 food + 2 other different cubes) into {where}{done}"

    def label(self, g: Game, t: Task, code: str) -> str:
        if code == "done":
            return "Stop building" if t[2] else "Build nothing (-2 PP)"
        sec = castle_section(g)
        return f"{cube_list(code)} → +{SECTION_PP[sec]} PP"

    def explain(self, g: Game, t: Task, code: str) -> str:
        """Why a batch cannot be delivered (§2 phase 6, §6 #21)."""
        if castle_section(g) == 3:
            return "the Towers are full: no more batches can be delivered"
        same = [b for b in BATCHES if sorted(b) == sorted(code)]
        if code not in BATCHES:
            if same:
                return f"write this batch as {same[0]}"
            return "a batch is 1 food and 2 other different cubes (wood, stone, cloth or gold), e.g. FWS"
        cubes = g.state.players[t[1]].cubes
        lacking = [CUBE_NAMES[CUBES.index(ch)] for ch in code if not cubes[CUBES.index(ch)]]
        return f"you have no {' and no '.join(lacking)} for this batch"


class BestBuilder(Handler):
    kind = "best_builder"

    def apply(self, g: Game, t: Task, code: str) -> None:
        """Most houses this turn (at least 1) gets a favour; ties go to the earlier castle worker."""
        s = g.state
        s.tasks.pop()
        best, most = -1, 0
        for seat in s.castle_workers:
            if s.players[seat].houses_this_turn > most:
                best, most = seat, s.players[seat].houses_this_turn
        if best >= 0:
            g.event("best_builder", best, f"{g.name(best)} placed the most houses ({most}): 1 royal favour")
            g.push(["favour", best])


class CloseSection(Handler):
    kind = "close_section"

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        sec = t[2]
        s.scored[sec] = True
        s.section = sec + 1
        unlock = {0: " Favour columns 3 and 4 are open.", 1: " Favour column 5 is open."}.get(sec, "")
        g.event("section_scored", -1, f"The {SECTIONS[sec]} is scored and closed.{unlock}", section=sec)
