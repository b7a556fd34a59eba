"""A table's settings for asynchronous play, chosen at creation and stored with the table.

They are the manager's, not the rules': the rules-core `Options` (jeweller, lawyer_pp,
simple_favors) stay separate.

- `deadline`: seconds a person has for each decision, or None (no deadline). One of `DEADLINES`
  (none, 10 minutes, 1 hour, 12 hours, 24 hours, 72 hours). A reminder pings at half time.
- `absent_rule`: what happens when the deadline passes. `auto`: the game makes the move for the
  absent player with the AI policy at `ai_level`. It is the only rule: Caylus has no universal
  pass (a production choice, a favour line, a residence to replace have no "do nothing", and
  delivering nothing to the castle costs 2 prestige), so a "pass" rule would be an AI policy
  in disguise. The field keeps room for another well-defined rule later.
- `takeover_after`: after this many missed deadlines in a row (a move by the person resets the
  count) the AI plays the seat for the rest of the game, until the person takes it back.
  1 to 5, or None: never.
- `home_channel`: for a table played in a thread of its own (`/caylus new thread:true`), the
  channel it was opened from, where its card and its final result are posted; None otherwise.
- `language`: the table's language (channel posts, the board image; issue 12).
- `rematch_of`: a table opened from the Rematch button of a finished one: its id (whose
  players may join with one click).
- `ai_level`: the table's AI level (`random`, `greedy` or `strong`; default `greedy`, whose
  moves a good player accepts as sensible): AI seats added from the card play at it (each AI
  seat has its own, see `Seat.ai_level`); absent players' moves play at greedy, or at strong on a
  strong table (`ai.absent_level`).
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, fields
from typing import Any

from bot.i18n import DEFAULT as DEFAULT_LANGUAGE
from bot.i18n import LANGUAGES, N_

from .ai import LEVELS
from .refusals import BadRequest

log = logging.getLogger(__name__)

DEADLINES: tuple[int | None, ...] = (None, 600, 3600, 43200, 86400, 259200)
ABSENT_RULES = ("auto",)
TAKEOVER_AFTER: tuple[int | None, ...] = (None, 1, 2, 3, 4, 5)
DEFAULT_TAKEOVER_AFTER = 3


def deadline_label(seconds: int | None) -> str:
    """`none`, `10 minutes`, `1 hour`, `12 hours`, `24 hours`, `72 hours`."""
    if seconds is None:
        return "none"
    if seconds % 3600 == 0:
        h = seconds // 3600
        return f"{h} hour" + ("s" if h != 1 else "")
    m = seconds // 60
    return f"{m} minute" + ("s" if m != 1 else "")


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How a table plays asynchronously (see the module docstring)."""

    deadline: int | None = None
    absent_rule: str = "auto"
    takeover_after: int | None = DEFAULT_TAKEOVER_AFTER
    ai_level: str = "greedy"
    home_channel: int | None = None  # a thread table: the channel of its card and final result
    language: str = DEFAULT_LANGUAGE  # channel posts and the board image (bot.i18n.LANGUAGES)
    rematch_of: int | None = None  # a rematch: the table whose players it invites (its Rematch button)

    def __post_init__(self) -> None:
        if self.deadline not in DEADLINES:
            labels = ", ".join(deadline_label(d) for d in DEADLINES)
            raise BadRequest(N_("A move deadline is one of: {labels}."), labels=labels)
        if self.absent_rule not in ABSENT_RULES:
            raise BadRequest(N_("The rule for absent players is one of: {rules}."), rules=", ".join(ABSENT_RULES))
        if self.takeover_after not in TAKEOVER_AFTER:
            raise BadRequest(N_("An AI takes over a seat after 1 to 5 missed deadlines in a row (or never)."))
        if self.ai_level not in LEVELS:
            raise BadRequest(N_("The AI level is one of: {levels}."), levels=", ".join(LEVELS))
        if self.language not in LANGUAGES:
            raise BadRequest(N_("The table's language is one of: {languages}."), languages=", ".join(LANGUAGES))

    @property
    def has_deadline(self) -> bool:
        return self.deadline is not None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> TableSettings:
        """From stored JSON; unknown keys are ignored (an empty dict: the defaults)."""
        known = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in (d or {}).items() if k in known})
        except BadRequest:
            log.warning("stored table settings %r are not valid any more; using the defaults", d)
            return cls()

    @classmethod
    def coerce(cls, value: TableSettings | dict[str, Any] | None) -> TableSettings:
        """Settings from what a caller gave; `BadRequest` on an unknown or bad setting."""
        if value is None:
            return cls()
        if isinstance(value, TableSettings):
            return value
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(value) - known)
        if unknown:
            raise BadRequest(
                N_("Unknown table setting {unknown}; the settings are: {known}."),
                unknown=", ".join(unknown),
                known=", ".join(sorted(known)),
            )
        return cls(**value)
