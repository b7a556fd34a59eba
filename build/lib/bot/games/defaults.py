"""A server's defaults for new tables (`/caylus setup`, Manage Server only): the move deadline,
the table's language, the AI level, whether a table opens a thread of its own, and a channel
where new tables go. `/caylus new` starts from them; what its own options say wins.

Stored as JSON of the fields that were set (`GameStore.guild_defaults`); a field never set
keeps the bot's own default.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from bot.i18n import LANGUAGES, N_

from .ai import LEVELS
from .refusals import BadRequest
from .settings import DEADLINES, TableSettings

log = logging.getLogger(__name__)

UNSET: Any = object()  # `ServerDefaults.changed`: leave the field as it is


@dataclass(frozen=True, slots=True)
class ServerDefaults:
    """What a server set; None: not set (the bot's default applies)."""

    deadline: int | None = None  # seconds; 0 stands for "no deadline" set on purpose
    language: str | None = None
    ai_level: str | None = None
    thread: bool | None = None
    channel: int | None = None  # where new tables go (a channel id)

    def __post_init__(self) -> None:
        if self.deadline is not None and self.deadline != 0 and self.deadline not in DEADLINES:
            raise BadRequest(N_("A move deadline is one of the listed ones."))
        if self.language is not None and self.language not in LANGUAGES:
            raise BadRequest(N_("The table's language is one of: {languages}."), languages=", ".join(LANGUAGES))
        if self.ai_level is not None and self.ai_level not in LEVELS:
            raise BadRequest(N_("The AI level is one of: {levels}."), levels=", ".join(LEVELS))

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> ServerDefaults:
        known = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in (d or {}).items() if k in known})
        except BadRequest:
            log.warning("stored server defaults %r are not valid any more; ignoring them", d)
            return cls()

    def changed(self, **changes: Any) -> ServerDefaults:
        """These defaults with the given fields changed (None: back to the bot's default)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not UNSET})

    def table_settings(self, given: dict[str, Any] | None = None) -> TableSettings:
        """A new table's settings: what `/caylus new` was given (`deadline`, `language`,
        `ai_level`, ...), else the server's default, else the bot's."""
        base: dict[str, Any] = {}
        if self.deadline is not None:
            base["deadline"] = self.deadline or None
        if self.language is not None:
            base["language"] = self.language
        if self.ai_level is not None:
            base["ai_level"] = self.ai_level
        return TableSettings.coerce({**base, **(given or {})})
