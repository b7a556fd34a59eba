"""Decision tasks: for each kind, its legal choices, how a choice applies, and the words for it.

A task is a list `[kind, seat, *context]` on top of `state.tasks`. A handler whose `choices` is
empty is an automatic step. Codes are the notation of docs/notation.md. The handlers live with
their part of the game: placing, specials, road, construction, castle, favours.
"""

from __future__ import annotations

from .castle import BestBuilder, Castle, CloseSection, castle_section
from .common import Handler, KindFacts
from .construction import (
    Build,
    Lawyer,
    LawyerDone,
    Residence,
    build_codes,
    finish_lawyer,
    lawyer_targets,
)
from .favours import Favour, FavourBuildings, FavourResources, SwapGive, SwapTake
from .placing import Gate, Place
from .road import Bonus, PayPlain, Peddler, Produce, Sell, Trade, activate, trade_possible
from .specials import Guild, Inn, Joust, Provost

__all__ = [
    "HANDLERS", "Handler", "KindFacts", "activate", "kind_facts", "build_codes", "castle_section", "finish_lawyer",
    "lawyer_targets", "trade_possible",
]

HANDLERS: dict[str, Handler] = {
    h.kind: h
    for h in (
        Place(), Gate(), Guild(), Joust(), Inn(), Provost(), Produce(), Bonus(), Sell(), Peddler(),
        Build(), Residence(), Lawyer(), LawyerDone(), Trade(), PayPlain(), Castle(), BestBuilder(),
        CloseSection(), Favour(), FavourResources(), SwapGive(), SwapTake(), FavourBuildings(),
    )
}


def kind_facts(kind: str) -> KindFacts:
    """The facts of one decision kind (its header verb, select title, stop codes, grouping)."""
    return HANDLERS[kind].facts
