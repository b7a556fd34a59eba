"""Call backs where people want them (`/caylus notify`, bot.games.notify): the ping of a turn
message or a reminder, a direct message, or both; held through quiet hours; and what watchers
get at a round's end and the game's end.

- A turn message that would ping its player asks `turn()` first: in quiet hours it pings
  nobody and the call back is held (a timer of the table: `Community.hold`), sent when they
  end if the decision is still theirs; with `dm` or `both` the player gets a DM (one request
  once the DM channel is known); with `dm` alone the channel post names them without a ping.
  A DM Discord refuses (403: their DMs are closed, 50007) falls back to the ping, and the first
  time the channel is told why (`texts.dm_refused`); later call backs go to the channel until
  the person sets `/caylus notify` again.
- Watchers (`/caylus player watch`) hear of a round's end and the game's end, never a turn: by
  DM per their setting, else by one line in the channel that mentions them silently (Discord's
  @silent: no push notification). During their quiet hours they get the silent line only.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass

import discord

from bot.games import REMINDER_CALL, TURN, Manager, Pending, PhaseReport, Route, Table, Unavailable
from bot.i18n import Translation, translator
from bot.store import StoreError

from .lang import post_tr
from .sending import NO_MENTIONS
from .texts import community as words
from .texts.pieces import prompt_of

log = logging.getLogger(__name__)

# What a read or write gives while the database is away (its outage is logged once, by
# bot.games.outage)
AWAY = (Unavailable, StoreError, OSError)


def failed(what: str, *args: object) -> None:
    """Log a read or write here that failed (call it in the `except`): one line while the
    database is away, else the traceback."""
    if isinstance(sys.exc_info()[1], AWAY):
        log.info(what + " (the database is away)", *args)
    else:
        log.exception(what, *args)

ROUND_END_PHASE = 7  # the report of a round's end covers phase 7 (End of turn)


@dataclass(frozen=True, slots=True)
class Ping:
    """What a turn message does for its player: ping them in the channel or not, and a line to
    add to the channel (a refused DM, said once)."""

    channel: bool
    note: str = ""


class Callbacks:
    def __init__(self, client: discord.Client, manager: Manager) -> None:
        self.client = client
        self.manager = manager
        self._dm_channels: dict[int, int] = {}  # user id -> their DM channel's id

    def _reader(self, user_id: int, table: Table) -> Translation:
        """A DM's words: the person's own `/caylus language`, else the table's."""
        languages: dict[int, str] = getattr(self.client, "languages", {})
        lang = languages.get(user_id) or table.settings.language
        return translator(lang)

    async def dm(self, user_id: int, content: str) -> bool:
        """Send `user_id` a direct message; False if Discord would not (DMs closed, or the
        request failed: the caller falls back to the channel)."""
        try:
            channel_id = self._dm_channels.get(user_id)
            if channel_id is None:
                data = await self.client.http.start_private_message(user_id)
                channel_id = self._dm_channels[user_id] = int(data["id"])
            channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            await channel.send(content, allowed_mentions=NO_MENTIONS)
            return True
        except discord.Forbidden as e:
            log.info("user %d: Discord refused a DM (%s %s)", user_id, e.code, e.text)
        except (discord.HTTPException, KeyError, ValueError) as e:
            log.warning("user %d: a DM could not be sent: %r", user_id, e)
        return False

    async def _route(self, user_id: int) -> Route:
        try:
            return await self.manager.notices.route(user_id)
        except Exception:  # settings that cannot be read: the default, a ping in the channel
            failed("user %d: the notification settings could not be read", user_id)  # i18n: not for players (the log)
            return Route(channel=True, dm=False)

    async def turn(self, table: Table, pending: Pending, *, reminder: bool) -> Ping:
        """The call back of `pending` to its player (see the module docstring)."""
        user_id = pending.user_id
        if user_id is None:
            return Ping(False)
        route = await self._route(user_id)
        if route.hold_until is not None:
            try:
                await self.manager.community.hold(pending, REMINDER_CALL if reminder else TURN, route.hold_until)
                return Ping(False)
            except Exception:
                failed("table %d: a call back could not be held; the ping goes now", table.id)  # i18n: not for players (the log)
                return Ping(True)
        if not route.dm:
            return Ping(route.channel)
        tr = self._reader(user_id, table)
        where = words.table_name(table)
        if reminder and pending.deadline_at is not None:
            content = words.reminder_dm(tr, where, table.guild_id, table.channel_id, pending.deadline_at)
        else:
            content = words.turn_dm(
                tr, where, table.guild_id, table.channel_id, prompt_of(tr, table, pending), pending.deadline_at
            )
        if await self.dm(user_id, content):
            return Ping(route.channel)
        try:
            first = await self.manager.notices.dm_refused(user_id)
        except Exception:
            failed("user %d: the refused DM could not be recorded", user_id)  # i18n: not for players (the log)
            first = False
        return Ping(True, words.dm_refused(post_tr(table), user_id) if first else "")

    async def in_channel(self, user_ids: list[int]) -> list[int]:
        """Those of `user_ids` (invited to plan, bot.games.invites) whom a channel mention may
        call now: not in their quiet hours, not wanting DMs only."""
        if not user_ids:
            return []
        try:
            routes = await self.manager.notices.routes(user_ids)
        except Exception:  # settings that cannot be read: the default, a ping in the channel
            failed("the notification settings of %s could not be read", user_ids)  # i18n: not for players (the log)
            return user_ids
        return [u for u in user_ids if (r := routes.get(u)) is None or (r.channel and not r.held)]

    def news(self, report: PhaseReport, table: Table) -> str | None:
        """What a report tells watchers, in the table's words: the game's end or a round's end."""
        tr = post_tr(table)
        if report.game_over:
            result = table.result
            return words.game_over_news(tr, result.winner_names if result is not None else [])
        ended = [s.round for s in report.sections if s.phase == ROUND_END_PHASE]
        return words.round_over(tr, ended[-1]) if ended else None

    async def watchers(self, report: PhaseReport, table: Table) -> tuple[str, list[int]] | None:
        """After a report is posted: DM the watchers who want a DM, and give the line that
        mentions the others silently in the channel ((content, user ids), None: nobody)."""
        what = self.news(report, table)
        if what is None:
            return None
        try:
            watchers = await self.manager.community.watchers(table.id)
        except Exception:  # no news this time
            failed("table %d: its watchers could not be read", table.id)  # i18n: not for players (the log)
            return None
        if not watchers:
            return None
        routes = await self.manager.notices.routes(watchers)
        in_channel: list[int] = []
        for uid in watchers:
            route = routes.get(uid) or Route(True, False)
            if route.dm and not route.held:
                tr = self._reader(uid, table)
                if await self.dm(uid, words.watch_news(tr, words.table_name(table), table.guild_id, table.channel_id, what)):
                    if not route.channel:
                        continue
            in_channel.append(uid)
        if not in_channel:
            return None
        return words.watchers_line(post_tr(table), in_channel, what), in_channel
