"""Where a person's call backs go, and when: their notification settings (`/caylus notify`).

- **Where**: `channel` (the default: a ping in the table's channel), `dm` (a direct message
  instead) or `both`. Once Discord refuses them a DM (their DMs are closed), their call backs
  go to the channel until they set their notifications again; they are told once (`dm_refused`).
- **When**: quiet hours in their own time zone (an IANA name, e.g. `Europe/Lisbon`): during
  them a call back (their turn, a reminder) is held, not sent, and sent when the quiet hours
  end if the decision is still theirs (a `HELD` timer of the table). The table's deadline does
  not move: the game waits for nobody.

Watchers follow the same settings for what they get (a round's end, the game's end).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from datetime import time as clock_time
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.i18n import N_
from bot.store import GameStore, NewTimer, PrefsRecord, StoreError

from .refusals import BadRequest

log = logging.getLogger(__name__)

HELD = "held"  # timer kind: a call back held through quiet hours (payload: seq, user_id, what)
TURN, REMINDER_CALL = "turn", "reminder"  # what a held call back is
CACHE_SECONDS = 60.0  # another process's change of someone's settings is seen within this


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """Every IANA time zone name known here, sorted (for autocomplete)."""
    return tuple(sorted(available_timezones()))


def zone(name: str) -> ZoneInfo:
    """The time zone of an IANA name; `BadRequest` if there is none of that name."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise BadRequest(
            N_("{zone} is not a time zone name; pick one from the list, such as Europe/Lisbon.").msgid, zone=name
        ) from None


def parse_hour(text: str) -> int:
    """"22", "22:30", "7:00" -> minutes after midnight; `BadRequest` otherwise."""
    h, _, m = text.strip().partition(":")
    try:
        hours, minutes = int(h), int(m or 0)
    except ValueError:
        hours = minutes = -1
    if not (0 <= hours <= 23 and 0 <= minutes <= 59):
        raise BadRequest(N_("{time} is not a time of day; write it as 22:00 or 7:30.").msgid, time=text)
    return hours * 60 + minutes


def quiet_end(prefs: PrefsRecord, now: float) -> float | None:
    """If `now` falls in the person's quiet hours, when they end (Unix seconds); else None."""
    start, end = prefs.quiet_from, prefs.quiet_to
    if prefs.time_zone is None or start is None or end is None or start == end:
        return None
    tz = zone(prefs.time_zone)
    local = datetime.fromtimestamp(now, tz)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() if minute < end else local.date() + timedelta(days=1)
    return datetime.combine(day, clock_time(end // 60, end % 60), tzinfo=tz).timestamp()


@dataclass(frozen=True, slots=True)
class Route:
    """How one call back reaches a person now."""

    channel: bool  # a ping in the table's channel
    dm: bool  # a direct message
    hold_until: float | None = None  # quiet hours: nothing now, the call back at this time

    @property
    def held(self) -> bool:
        return self.hold_until is not None


def route(prefs: PrefsRecord, now: float) -> Route:
    """Where and when a call back goes (see the module docstring)."""
    until = quiet_end(prefs, now)
    if until is not None:
        return Route(False, False, until)
    dm = prefs.notify in ("dm", "both") and prefs.dm_refused_at is None
    return Route(channel=not dm or prefs.notify == "both", dm=dm)


def held_timer(number: int, user_id: int, what: str, until: float, deadline_at: float | None) -> NewTimer:
    return NewTimer(HELD, until, {"seq": number, "user_id": user_id, "what": what, "deadline_at": deadline_at})


class Notices:
    """People's notification settings and the routes they give. Every setting is held in memory
    (only the people who set one have a row), read once at load and again in the background
    every `CACHE_SECONDS`, so a call back never waits for the store; a change made here is seen
    at once, one made by another bot process within a minute."""

    def __init__(self, store: GameStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._all: dict[int, PrefsRecord] = {}
        self._loaded_at: float | None = None
        self._refresh: asyncio.Task[None] | None = None

    async def load(self) -> None:
        """Read every stored setting (at start-up; then in the background when stale)."""
        try:
            self._all = {p.user_id: p for p in await self.store.all_prefs()}
        except (StoreError, OSError) as e:  # the database away (its outage is told once): one line
            log.warning("the notification settings could not be read (%s); the defaults apply meanwhile", e)
        self._loaded_at = time.monotonic()

    async def prefs_of(self, user_ids: Sequence[int]) -> dict[int, PrefsRecord]:
        """Everyone's settings (the defaults for those who set none)."""
        if self._loaded_at is None:
            await self.load()
        elif time.monotonic() - self._loaded_at > CACHE_SECONDS and (self._refresh is None or self._refresh.done()):
            self._refresh = asyncio.get_running_loop().create_task(self.load(), name="caylus-prefs")
        return {u: self._all.get(u) or PrefsRecord(u) for u in user_ids}

    async def prefs(self, user_id: int) -> PrefsRecord:
        return (await self.prefs_of([user_id]))[user_id]

    async def routes(self, user_ids: Sequence[int]) -> dict[int, Route]:
        now = self.clock()
        return {u: route(p, now) for u, p in (await self.prefs_of(user_ids)).items()}

    async def route(self, user_id: int) -> Route:
        return (await self.routes([user_id]))[user_id]

    async def set(
        self,
        user_id: int,
        *,
        notify: str | None = None,
        time_zone: str | None = None,
        quiet_from: str | None = None,
        quiet_to: str | None = None,
        clear_quiet: bool = False,
    ) -> PrefsRecord:
        """Change a person's settings (what is given); a new setting forgets a refused DM, so
        the next call back tries the DM again. `BadRequest` on a bad mode, zone or time."""
        prefs = await self.store.prefs(user_id)
        if notify is not None:
            if notify not in ("channel", "dm", "both"):
                raise BadRequest(N_("Notifications go to the channel, by DM, or both.").msgid)
            prefs = replace(prefs, notify=notify)
        if clear_quiet:
            prefs = replace(prefs, quiet_from=None, quiet_to=None)
        if time_zone is not None:
            prefs = replace(prefs, time_zone=zone(time_zone).key)
        if (quiet_from is None) != (quiet_to is None):
            raise BadRequest(N_("Quiet hours need both a start and an end.").msgid)
        if quiet_from is not None and quiet_to is not None:
            start, end = parse_hour(quiet_from), parse_hour(quiet_to)
            if start == end:
                raise BadRequest(N_("Quiet hours start and end at different times.").msgid)
            if prefs.time_zone is None:
                raise BadRequest(N_("Say your time zone too, so that the quiet hours are yours.").msgid)
            prefs = replace(prefs, quiet_from=start, quiet_to=end)
        prefs = replace(prefs, dm_refused_at=None)
        await self.store.set_prefs(prefs, now=self.clock())
        self._all[user_id] = prefs
        return prefs

    async def dm_refused(self, user_id: int) -> bool:
        """Discord refused a DM to `user_id`: their call backs go to the channel from now on.
        True the first time (tell them once), False if they were told already."""
        prefs = await self.store.prefs(user_id)
        if prefs.dm_refused_at is not None:
            return False
        prefs = replace(prefs, dm_refused_at=self.clock())
        await self.store.set_prefs(prefs, now=self.clock())
        self._all[user_id] = prefs
        return True
