"""What the phase that just ended changed: the phase's name, highlights and caption lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.rules import State

SPECIAL_EVENT_KINDS = {
    "gate": "gate",
    "trading": "trading",
    "guild": "guild",
    "joust": "joust",
    "stables": "stables",
    "inn": "inn",
    "inn_enter": "inn",
    "inn_leave": "inn",
}
# Events that name a road space without anything happening to the building there.
_NOT_ROAD_CHANGES = {"bailiff", "not_activated", "provost", "guild", "phase_end"}
_BUILD_WORDS = ("build", "built", "construct", "transform", "residence")
_QUIET = {"phase_end"}


@dataclass
class PhaseSummary:
    round: int
    phase: int  # the phase that just ended, or is under way (0: none, e.g. the very start)
    ended: bool = True  # False when the events stop in the middle of `phase`
    earlier: list[int] = field(default_factory=list)  # phases that also ended in these events
    road: dict[int, str] = field(default_factory=dict)  # space -> "built" | "used"
    specials: set[str] = field(default_factory=set)
    sections: set[int] = field(default_factory=set)
    lines: list[tuple[int, str]] = field(default_factory=list)  # (seat or -1, text)


def _get(event: Any, name: str, default: Any) -> Any:
    return getattr(event, name, default)


def summarise(state: State, events: Sequence[Any] | None) -> PhaseSummary:
    """Which phase ended and what it changed, from the engine's events (duck-typed)."""
    events = list(events or [])
    ends = [e for e in events if _get(e, "kind", "") == "phase_end"]
    ended = True
    if ends:
        data = _get(ends[-1], "data", {}) or {}
        rnd = int(data.get("round", _get(ends[-1], "round", state.round)))
        phase = int(data.get("phase", _get(ends[-1], "phase", 0)))
    elif events:
        rnd, phase = int(_get(events[-1], "round", state.round)), int(_get(events[-1], "phase", 0))
        ended = state.over or (rnd, phase) != (state.round, state.phase)
    elif state.over:
        rnd, phase = state.round, 7
    elif state.phase > 1:
        rnd, phase = state.round, state.phase - 1
    elif state.round > 1:
        rnd, phase = state.round - 1, 7
    else:
        rnd, phase = state.round, 0
    if not 1 <= phase <= 7:
        phase = 7 if phase > 7 else 0
    summary = PhaseSummary(rnd, phase, ended)
    for e in ends[:-1]:
        data = _get(e, "data", {}) or {}
        p = int(data.get("phase", _get(e, "phase", 0)))
        if 1 <= p <= 7 and p != phase and p not in summary.earlier:
            summary.earlier.append(p)
    for e in events:
        kind = str(_get(e, "kind", ""))
        data = _get(e, "data", {}) or {}
        space = data.get("space")
        if isinstance(space, int) and 1 <= space <= 28 and kind not in _NOT_ROAD_CHANGES:
            built = any(w in kind for w in _BUILD_WORDS)
            if built or summary.road.get(space) != "built":
                summary.road[space] = "built" if built else "used"
        target = data.get("target")
        if isinstance(target, int) and 1 <= target <= 28 and any(w in kind for w in _BUILD_WORDS):
            summary.road[target] = "built"
        special = SPECIAL_EVENT_KINDS.get(kind)
        if special:
            summary.specials.add(special)
        section = data.get("section")
        if isinstance(section, int) and 0 <= section <= 2:
            summary.sections.add(section)
        if kind not in _QUIET:
            text = str(_get(e, "text", "")).strip()
            if text:
                summary.lines.append((int(_get(e, "player", -1)), text))
    return summary
