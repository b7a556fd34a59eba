"""Building the castle (phase 6) and closing a scored section (§1.4, §2 phase 6-7)."""

from __future__ import annotations

from typing import Final

from .common import (
    KindFacts,
    Play,
    Task,
    cube_list,
    lose_pp,
)
from .decisions import EventKind
from .favours import Favour
from .notation import BATCH_JOIN, WHOLE_MARK, Code, is_whole
from .road import MAX_SHOWN
from .speech import ENGLISH, Speech
from .tiles import (
    CUBE_NAMES,
    CUBES,
    SECTION_PP,
    SECTION_SIZE,
    SECTIONS,
)
from .words import penalty_words, section_name

BATCHES: Final = ("FWS", "FWC", "FWG", "FSC", "FSG", "FCG")  # 3 different cubes, exactly one food (§6 #21)
_BATCH_CUBES: Final = tuple((b, CUBES.index(b[1]), CUBES.index(b[2])) for b in BATCHES)  # food is b[0]
MAX_BATCHES: Final = 12  # a whole delivery of 12 batches is a 48-character code (custom ids: 100)
CASTLE_PENALTY = 2  # PP lost by a castle worker who hands in no batch (§2 phase 6)


def castle_section(g: Play) -> int:
    """Section a new house goes into: the one under construction, or the next open (§6 #24)."""
    s = g.state
    sec = s.section
    while sec < 3 and len(s.castle[sec]) >= SECTION_SIZE[sec]:
        sec += 1
    return sec


def whole_deliveries(cubes: list[int], most: int) -> list[str]:
    """Every complete delivery of 1 to `most` batches the cubes allow, as `=FWS+FSC` (batches
    in the order of BATCHES), more batches first; none when they would not fit in one select
    beside "done" (then the castle is built batch by batch)."""
    out: list[str] = []
    if most > MAX_BATCHES:
        return []  # codes would grow past what a button carries: batch by batch
    held = cubes[:]

    def walk(k: int, left: int, chosen: list[str]) -> None:
        if len(out) > MAX_SHOWN:
            return
        if chosen and (left == 0 or k == len(_BATCH_CUBES)):
            out.append(WHOLE_MARK + BATCH_JOIN.join(chosen))
            return
        if k == len(_BATCH_CUBES):
            return
        b, i, j = _BATCH_CUBES[k]
        n = 0
        while n < left and held[0] and held[i] and held[j]:
            held[0] -= 1
            held[i] -= 1
            held[j] -= 1
            n += 1
        while True:  # take n of this batch, from the most down to none
            walk(k + 1, left - n, chosen + [b] * n)
            if n == 0:
                break
            held[0] += 1
            held[i] += 1
            held[j] += 1
            n -= 1

    walk(0, most, [])
    if len(out) >= MAX_SHOWN:
        return []  # too many for one select: batch by batch
    out.sort(key=lambda code: -code.count("+"))
    return out


def delivery_pp(g: Play, batches: int) -> int:
    """The PP that `batches` more batches bring, filling sections in order (§1.4, §6 #24)."""
    s = g.state
    pp, sec, placed = 0, castle_section(g), 0
    while placed < batches and sec < 3:
        room = SECTION_SIZE[sec] - len(s.castle[sec])
        take = min(room, batches - placed)
        pp += take * SECTION_PP[sec]
        placed += take
        sec += 1
    return pp


class Castle(Task):
    """A castle worker delivering batches, one at a time (§2 phase 6)."""

    kind = "castle"
    facts = KindFacts(
        verb="to build the castle",
        title="Which batch?",
        stop_codes=("done",),
    )

    def __init__(self, seat: int, batches: int) -> None:
        super().__init__(seat)
        self.batches: Final = batches  # batches delivered so far this turn

    def choices(self, g: Play) -> list[str]:
        sec = castle_section(g)
        if sec == 3:
            return ["done"]
        cubes = g.state.players[self.seat].cubes
        if not cubes[0]:
            return ["done"]
        codes = [b for b, i, j in _BATCH_CUBES if cubes[i] and cubes[j]] + ["done"]
        if len(codes) > 1:
            room = sum(SECTION_SIZE[k] - len(g.state.castle[k]) for k in range(sec, 3))
            codes += whole_deliveries(cubes, min(room, cubes[0], sum(cubes[1:]) // 2))
        return codes

    def shown(self, g: Play, codes: list[str]) -> list[str]:
        # whole deliveries when they fit in one select (besides "done"), else batch by batch
        whole = [c for c in codes if is_whole(c)]
        return [*whole, "done"] if whole else codes

    def apply(self, g: Play, code: str) -> None:
        seat = self.seat
        if is_whole(code):
            for batch in Code.parse(code).parts:
                self.deliver(g, batch)
            return
        if code == "done":
            if self.batches == 0:
                if castle_section(g) == 3:
                    g.event(EventKind.CASTLE, seat, "castle_full", (seat,))
                else:
                    lost = lose_pp(g, seat, CASTLE_PENALTY)
                    g.event(EventKind.CASTLE_PENALTY, seat, "castle_penalty", (seat, lost), pp=-lost)
            return
        self.deliver(g, code)
        g.push(Castle(seat, self.batches + 1))

    def deliver(self, g: Play, batch: str) -> None:
        """One batch into the section under construction (§2 phase 6)."""
        s = g.state
        seat = self.seat
        p = s.players[seat]
        sec = castle_section(g)
        for ch in batch:
            p.cubes[CUBES.index(ch)] -= 1
        s.castle[sec].append(seat)
        p.pp += SECTION_PP[sec]
        p.houses_this_turn += 1
        if len(s.castle[sec]) == SECTION_SIZE[sec]:
            s.completed_this_turn[sec] = True
        g.event(EventKind.CASTLE, seat, "castle", (seat, batch, sec), section=sec, pp=SECTION_PP[sec], batch=batch)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        sec = castle_section(g)
        lost = self.penalty(g)
        if sec >= 3:
            where = tr.gettext("Castle: deliver a batch (1 food + 2 other different cubes) into nowhere")
        else:
            where = tr.gettext(
                "Castle: deliver a batch (1 food + 2 other different cubes) into the {part} ({pp} PP a batch)"
            ).format(part=section_name(tr, SECTIONS[sec]), pp=SECTION_PP[sec])
        if self.batches:
            done = tr.ngettext("{n} batch so far", "{n} batches so far", self.batches).format(n=self.batches)
        elif lost:
            done = tr.gettext("none yet: building nothing costs {pp} PP").format(pp=lost)
        else:
            done = tr.gettext("none yet: building nothing costs you nothing: you have no PP")
        return f"{where} ({done})"

    def label(self, g: Play, code: str) -> str:
        if code == "done":
            return "Stop building" if self.batches else f"Build nothing ({penalty_words(self.penalty(g))})"
        sec = castle_section(g)
        if is_whole(code):
            batches = Code.parse(code).parts
            pp = delivery_pp(g, len(batches))
            if len(batches) == 1:
                return f"{cube_list(batches[0])} → +{pp} PP, and no more"
            return f"{len(batches)} batches: {', '.join(batches)} → +{pp} PP"
        return f"{cube_list(code)} → +{SECTION_PP[sec]} PP"

    def penalty(self, g: Play) -> int:
        """What building nothing would really cost this player now."""
        return min(CASTLE_PENALTY, g.state.players[self.seat].pp)

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        """Why a batch cannot be delivered (§2 phase 6, §6 #21)."""
        if castle_section(g) == 3:
            return tr.gettext("the Towers are full: no more batches can be delivered")
        if is_whole(code):
            return tr.gettext(
                "this delivery is not possible with your cubes (or the room left in the castle); {why}"
            ).format(why=Task.explain(self, g, code, tr))
        same = [b for b in BATCHES if sorted(b) == sorted(code)]
        if code not in BATCHES:
            if same:
                return tr.gettext("write this batch as {batch}").format(batch=same[0])
            return tr.gettext(
                "a batch is 1 food and 2 other different cubes (wood, stone, cloth or gold), e.g. FWS"
            )
        cubes = g.state.players[self.seat].cubes
        lacking = [tr.pgettext("resource", CUBE_NAMES[CUBES.index(ch)]) for ch in code if not cubes[CUBES.index(ch)]]
        # "you have no wood and no stone for this batch"
        return tr.gettext("you have no {cubes} for this batch").format(
            cubes=tr.pgettext("cubes lacking", " and no ").join(lacking)
        )


class BestBuilder(Task):
    """The engine's step after the castle workers: the best builder's favour (§2 phase 6)."""

    kind = "best_builder"

    def apply(self, g: Play, code: str) -> None:
        """Most houses this turn (at least 1) gets a favour; ties go to the earlier castle worker."""
        s = g.state
        best, most = -1, 0
        for seat in s.castle_workers:
            if s.players[seat].houses_this_turn > most:
                best, most = seat, s.players[seat].houses_this_turn
        if best >= 0:
            g.event(EventKind.BEST_BUILDER, best, "best_builder", (best, most))
            g.push(Favour(best))


class CloseSection(Task):
    """The engine's step after a section's scoring favours: close it (§2 phase 7, §4.3.5)."""

    kind = "close_section"

    def __init__(self, seat: int, section: int) -> None:
        super().__init__(seat)  # always -1
        self.section: Final = section

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        sec = self.section
        s.scored[sec] = True
        s.section = sec + 1
        g.event(EventKind.SECTION_SCORED, -1, "section_scored", (sec,), section=sec)
