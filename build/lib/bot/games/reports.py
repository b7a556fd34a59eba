"""Phase reports: the events of each phase in readable words, cut at the phase ends.

A `Chronicle` follows one table's events. Every `phase_end` event closes a `PhaseSection`. After
each applied choice the closed sections become one `PhaseReport` (several phases can end in one
choice: the last pass of phase 2 runs phase 3 when nobody stands on a special building, and so
on; they share one report and one board image, which shows the board at that moment). A section
in which nothing happened is not reported alone: it waits in the chronicle and is folded into
the next report, whose text then says "nothing happened" for it.

The chronicle serialises to JSON (`carry`), stored with every snapshot, so a restart rebuilds it
exactly: load the snapshot's carry, re-feed the events of the moves logged after it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from sys import intern
from typing import Any

from bot.rules import (
    ENGLISH,
    EVENT_WORDS,
    PHASE_NAMES,
    Decision,
    Event,
    EventKind,
    Speech,
    State,
    report_lines,
)

log = logging.getLogger(__name__)

# Events that mark the flow rather than tell what happened.
QUIET = frozenset({EventKind.PHASE_END})


def event_to_dict(e: Event) -> dict[str, Any]:
    """An event as stored: its text, and its words (id, values, names) to re-word it later (with
    escaped names, in another language)."""
    d = {"kind": e.kind, "text": e.text, "player": e.player, "round": e.round, "phase": e.phase, "data": e.data}
    if e.words:
        d |= {"words": e.words, "args": list(e.args), "names": list(e.names)}
    return d


def _shared(value: Any) -> Any:
    """A text read from JSON as the one string object of its value (others as they are)."""
    return intern(value) if type(value) is str else value


def event_from_dict(d: dict[str, Any]) -> Event:
    """An event from its stored form; one stored before events kept their words (or whose words
    are no longer known) keeps its stored text."""
    words = d.get("words") or ""
    if words in EVENT_WORDS:
        # Shared strings (players' names, codes, tile ids): a table keeps up to 200 recent
        # events in memory, each naming every player (issue 27: bytes per table).
        args = tuple(_shared(a) for a in d.get("args") or ())
        names = tuple(_shared(n) for n in d.get("names") or ())
        return Event(
            _shared(d["kind"]), None, d["player"], d["round"], d["phase"], d.get("data") or {},
            words=_shared(words), args=args, names=names,
        )  # fmt: skip
    return Event(d["kind"], d["text"], d["player"], d["round"], d["phase"], d.get("data") or {})


@dataclass(frozen=True, slots=True)
class PhaseSection:
    """One phase of one round and what happened in it."""

    round: int
    phase: int
    events: tuple[Event, ...]

    @property
    def name(self) -> str:
        return self.name_in(ENGLISH)

    def name_in(self, tr: Speech) -> str:
        if self.phase in PHASE_NAMES:
            return tr.pgettext("phase", PHASE_NAMES[self.phase])
        return tr.gettext("Phase {phase}").format(phase=self.phase)

    @property
    def heading(self) -> str:
        return self.heading_in(ENGLISH)

    def heading_in(self, tr: Speech) -> str:
        return tr.gettext("Round {round} · Phase {phase}: {name}").format(
            round=self.round, phase=self.phase, name=self.name_in(tr)
        )

    @property
    def lines(self) -> list[str]:
        """What happened, in compact lines (`bot.rules.report_lines`: one per activation, the
        provost's whole move in one)."""
        return report_lines(self.events)

    def lines_with(
        self, name: Callable[[str], str], tr: Speech = ENGLISH, label: Callable[[str], str] | None = None
    ) -> list[str]:
        """`lines` with every player name shown as `name(raw name)` (escaped for Discord), in
        `tr`'s language (`label` says a choice's English label in it: `Event.text_with`)."""
        return report_lines(self.events, name, tr, label)

    @property
    def happened(self) -> bool:
        return any(e.kind not in QUIET for e in self.events)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "phase": self.phase, "events": [event_to_dict(e) for e in self.events]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PhaseSection:
        return cls(d["round"], d["phase"], tuple(event_from_dict(e) for e in d["events"]))


@dataclass(slots=True)
class PhaseReport:
    """What the channel is told after a phase: its events in words and the board at that moment.

    `seq` is the number of moves applied when the report was cut (it names the report: one
    report per applied move at most); `sections` are the phases it covers, oldest first (empty
    ones were folded in and say "nothing happened"); `png` is the board image (None when no
    renderer is available); `game_over` marks the last report of a game. `state` and `pending`
    are the moment the report shows (a copy, never changed); `image` is the drawing under way
    (`drawn()` waits for it and fills `png`).
    """

    table_id: int
    channel_id: int
    seq: int
    sections: list[PhaseSection]
    game_over: bool = False
    png: bytes | None = None
    state: State | None = field(default=None, repr=False)
    pending: Decision | None = field(default=None, repr=False)
    image: asyncio.Future[bytes | None] | None = field(default=None, repr=False)

    async def drawn(self) -> bytes | None:
        """The board image, once drawn (None: no renderer, or the drawing failed)."""
        if self.png is None and self.image is not None:
            image, self.image = self.image, None
            try:
                self.png = await image
            except Exception:
                log.exception("table %d: the board for report %d could not be drawn", self.table_id, self.seq)
        return self.png

    @property
    def round(self) -> int:
        return self.sections[-1].round if self.sections else 0

    @property
    def phase(self) -> int:
        return self.sections[-1].phase if self.sections else 0

    @property
    def events(self) -> list[Event]:
        return [e for s in self.sections for e in s.events]

    @property
    def title(self) -> str:
        return self.title_in(ENGLISH)

    def title_in(self, tr: Speech) -> str:
        if not self.sections:
            return tr.gettext("Game over") if self.game_over else tr.gettext("Report")
        first, last = self.sections[0], self.sections[-1]
        if len(self.sections) == 1:
            title = last.heading_in(tr)
        elif first.round == last.round:
            title = tr.gettext("Round {round} · Phases {first}–{last}").format(
                round=last.round, first=first.phase, last=last.phase
            )
        else:
            title = tr.gettext("Round {round} phase {phase} – round {last_round} phase {last_phase}").format(
                round=first.round, phase=first.phase, last_round=last.round, last_phase=last.phase
            )
        return tr.gettext("{title} · game over").format(title=title) if self.game_over else title

    @property
    def filename(self) -> str:
        """A stable file name for the image: the same report always gets the same name."""
        return f"s{self.seq:04d}-r{self.round:02d}-p{self.phase}.png"

    def text(
        self, max_chars: int = 1900, name: Callable[[str], str] | None = None, tr: Speech = ENGLISH,
        label: Callable[[str], str] | None = None,
    ) -> str:  # fmt: skip
        """The report as Discord markdown, cut to `max_chars` with a note of what was left out;
        `name` shows each player name (the Discord layer passes its escaping: a name is never
        markdown nor a mention); `tr` is the language (the table's), `label` says a choice's
        label in it (`Event.text_with`)."""
        out: list[str] = []
        for s in self.sections:
            lines = s.lines_with(name or str, tr, label)
            if not lines:
                out.append(tr.gettext("**{heading}**: nothing happened.").format(heading=s.heading_in(tr)))
                continue
            out.append(f"**{s.heading_in(tr)}**")
            out.extend(f"• {line}" for line in lines)
        return _clip(out, max_chars, tr)

    def to_json(self) -> str:
        return json.dumps(
            {"sections": [s.to_dict() for s in self.sections], "game_over": self.game_over},
            separators=(",", ":"),
        )

    @classmethod
    def from_json(
        cls, text: str, *, table_id: int, channel_id: int, seq: int, state: State | None = None,
        pending: Decision | None = None,
    ) -> PhaseReport:  # fmt: skip
        d = json.loads(text)
        return cls(
            table_id=table_id,
            channel_id=channel_id,
            seq=seq,
            sections=[PhaseSection.from_dict(s) for s in d["sections"]],
            game_over=bool(d.get("game_over")),
            state=state,
            pending=pending,
        )


def _clip(lines: list[str], max_chars: int, tr: Speech = ENGLISH) -> str:
    text = "\n".join(lines)
    if len(text) <= max_chars:
        return text
    kept: list[str] = []
    used = 0
    for i, line in enumerate(lines):
        left = len(lines) - i
        note = tr.ngettext("… and {n} more line", "… and {n} more lines", left).format(n=left)
        if used + len(line) + 1 + len(note) > max_chars:
            kept.append(note)
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join(kept)


@dataclass(slots=True)
class Cut:
    """What feeding one choice's events produced."""

    phase_ended: bool  # at least one phase ended: a snapshot is due
    sections: list[PhaseSection] | None  # the sections to report now, or None
    game_over: bool


@dataclass(slots=True)
class Chronicle:
    """One table's events since its last report: closed sections waiting, and the phase under way."""

    waiting: list[PhaseSection] = field(default_factory=list)  # closed, folded (nothing happened)
    current: list[Event] = field(default_factory=list)  # the phase under way

    def copy(self) -> Chronicle:
        return Chronicle(list(self.waiting), list(self.current))

    def feed(self, events: list[Event]) -> Cut:
        ended = over = False
        for e in events:
            if e.kind == "phase_end":
                rnd = int(e.data.get("round", e.round))
                phase = int(e.data.get("phase", e.phase))
                self.waiting.append(PhaseSection(rnd, phase, (*self.current, e)))
                self.current = []
                ended = True
            elif e.kind == "game_over":
                over = ended = True
                if self.waiting:
                    last = self.waiting[-1]
                    self.waiting[-1] = PhaseSection(last.round, last.phase, (*last.events, e))
                else:
                    self.waiting.append(PhaseSection(e.round, min(e.phase, 7), (*self.current, e)))
                    self.current = []
            else:
                self.current.append(e)
        if not ended:
            return Cut(False, None, False)
        if over or any(s.happened for s in self.waiting):
            sections, self.waiting = self.waiting, []
            return Cut(True, sections, over)
        return Cut(True, None, False)  # only empty phases so far: fold them into the next report

    def to_json(self) -> str:
        return json.dumps(
            {"waiting": [s.to_dict() for s in self.waiting], "current": [event_to_dict(e) for e in self.current]},
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Chronicle:
        d = json.loads(text or "{}")
        return cls(
            [PhaseSection.from_dict(s) for s in d.get("waiting", [])],
            [event_from_dict(e) for e in d.get("current", [])],
        )
