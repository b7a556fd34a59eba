"""What one board image shows, as a typed value: the state, whose decision is pending, what the
last phase changed (highlights and caption lines), and the final scores once the game is over.

`board_view` builds it from what the games layer holds (the state, the engine's events and its
pending `Decision`); the panels read only this view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from bot.rules import Decision, Event, Game, ScoreLine, State, final_scores

from .captions import PhaseSummary, summarise


class PendingView(NamedTuple):
    """Whose decision the image shows as pending, and of what kind (the header and the card)."""

    player: int  # seat
    kind: str  # the decision kind (its header verb comes from `kind_facts`)
    prompt: str = ""  # the engine's prompt: the header's words for a kind without facts

    @classmethod
    def of(cls, decision: Decision | PendingView) -> PendingView:
        return cls(decision.player, decision.kind, decision.prompt)


@dataclass(frozen=True, slots=True)
class BoardView:
    state: State
    changes: PhaseSummary  # the phase reported, what it highlights and its caption lines
    pending: PendingView | None = None
    finals: tuple[ScoreLine, ...] | None = None  # the final scores, once the game is over
    winners: frozenset[int] = frozenset()  # seats that won (all tied players, §2.8)
    lang: str = "en"  # the language of every word drawn (the table's, bot.i18n.LANGUAGES)

    @property
    def pending_seat(self) -> int:
        return self.pending.player if self.pending is not None else -1


def pending_of(state: State) -> PendingView | None:
    """The pending decision of a game at rest, asked of the rules core (on a copy: `resume`
    runs automatic steps, and the caller's state must not change)."""
    if state.over:
        return None
    decision = Game.resume(state.copy()).decision
    return PendingView.of(decision) if decision is not None else None


def board_view(
    state: State,
    events: Sequence[Event] | None = None,
    *,
    pending: Decision | PendingView | None = None,
    finals: Sequence[ScoreLine] | None = None,
    winners: Sequence[int] | None = None,
    lang: str = "en",
) -> BoardView:
    """The view of `state` after `events`. Without `pending` it is the state's own pending
    decision; a finished game shows its final scores (computed when not given)."""
    if state.over and finals is None:
        finals = final_scores(state)
    won: frozenset[int] = frozenset()
    if finals:
        best = max(f.total for f in finals)
        won = (
            frozenset(winners)
            if winners
            else frozenset(f.player for f in finals if f.total == best)
        )
    shown = PendingView.of(pending) if pending is not None else pending_of(state)
    if shown is not None and not 0 <= shown.player < state.n:
        shown = None
    return BoardView(
        state,
        summarise(state, events),
        shown,
        tuple(finals) if finals is not None else None,
        won,
        lang,
    )
