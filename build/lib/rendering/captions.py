"""What the phase that just ended changed: the phase's name and its highlights.

Each event kind says what it changes on the board (`EventKind`, the engine's list of kinds): a
building built or used on a road space, a special building used, a castle section built in or
scored. The caption lines are the events' own texts, in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules import Event, EventKind, State

K = EventKind
# A building is built (or turned into a residence) on the event's road space.
ROAD_BUILT = frozenset({K.BUILD, K.RESIDENCE})
# The building on the event's road space is used (activated, paid for, or a Lawyer target).
ROAD_USED = frozenset({K.ACTIVATE, K.OWNER_BONUS, K.LAWYER})
# The special building each kind happens on (§3.1).
SPECIAL_OF: dict[str, str] = {
    K.GATE: "gate",
    K.TRADING: "trading",
    K.JOUST: "joust",
    K.STABLES: "stables",
    K.INN_ENTER: "inn",
    K.INN_LEAVE: "inn",
}
# A castle section (the event's `section`) is built in or scored.
SECTION_KINDS = frozenset({K.CASTLE, K.SECTION_SCORED, K.SCORING})


@dataclass
class PhaseSummary:
    round: int
    phase: int  # the phase that just ended, or is under way (0: none, e.g. the very start)
    ended: bool = True  # False when the events stop in the middle of `phase`
    earlier: list[int] = field(default_factory=list)  # phases that also ended in these events
    road: dict[int, str] = field(default_factory=dict)  # space -> "built" | "used"
    specials: set[str] = field(default_factory=set)
    sections: set[int] = field(default_factory=set)


def _ended_phase(event: Event) -> tuple[int, int]:
    """(round, phase) a `phase_end` event closes."""
    return int(event.data.get("round", event.round)), int(event.data.get("phase", event.phase))


def _where(state: State, events: list[Event], ends: list[Event]) -> tuple[int, int, bool]:
    """(round, phase, ended) the events report: their last phase end, else the phase they are in."""
    if ends:
        rnd, phase = _ended_phase(ends[-1])
        return rnd, phase, True
    if events:
        rnd, phase = events[-1].round, events[-1].phase
        return rnd, phase, state.over or (rnd, phase) != (state.round, state.phase)
    if state.over:
        return state.round, 7, True
    if state.phase > 1:
        return state.round, state.phase - 1, True
    if state.round > 1:
        return state.round - 1, 7, True
    return state.round, 0, True


def summarise(state: State, events: Sequence[Event] | None) -> PhaseSummary:
    """Which phase ended and what it changed, from the engine's events."""
    events = list(events or [])
    ends = [e for e in events if e.kind == K.PHASE_END]
    rnd, phase, ended = _where(state, events, ends)
    if not 1 <= phase <= 7:
        phase = 7 if phase > 7 else 0
    summary = PhaseSummary(rnd, phase, ended)
    for e in ends[:-1]:
        p = _ended_phase(e)[1]
        if 1 <= p <= 7 and p != phase and p not in summary.earlier:
            summary.earlier.append(p)
    for e in events:
        _mark_change(summary, e)
    return summary


def _mark_change(summary: PhaseSummary, e: Event) -> None:
    """Note where on the board event `e` changed something."""
    space = e.data.get("space")
    if not (isinstance(space, int) and 1 <= space <= 28):
        space = 0
    if e.kind in ROAD_BUILT and space:
        summary.road[space] = "built"
    elif e.kind in ROAD_USED and space and summary.road.get(space) != "built":
        summary.road[space] = "used"
    elif e.kind in SPECIAL_OF:
        summary.specials.add(SPECIAL_OF[e.kind])
    elif e.kind in SECTION_KINDS:
        section = e.data.get("section")
        if isinstance(section, int) and 0 <= section <= 2:
            summary.sections.add(section)
