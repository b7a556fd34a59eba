"""The lobby: opening a table, taking and leaving seats, AI seats, the start, abandoning."""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import fields, replace
from typing import Any

from bot.i18n import DEFAULT, N_, translator
from bot.rules import Options, new_game
from bot.store import ABANDONED, OPEN, STARTED, ChallengeTaken, ChannelBusy, SnapshotRecord

from .ai import LEVEL_WORDS, LEVELS
from .deadlines import TIMER_KINDS, decision_timers
from .refusals import (
    START_NOT_SAVED,
    STORE_DOWN,
    AlreadySeated,
    AlreadyStarted,
    BadRequest,
    ChallengePlayed,
    NotAllowed,
    NotAPlayer,
    NotEnoughPlayers,
    TableExists,
    TableFull,
    Unavailable,
)
from .registry import Registry
from .reports import Chronicle, PhaseReport
from .results import ActResult
from .settings import TableSettings
from .table import Seat, Table, options_to_dict
from .turns import Turns

log = logging.getLogger(__name__)

MIN_SEATS, MAX_SEATS = 2, 5
MAX_NAME = 32  # Discord display names are at most 32 characters


# Bidirectional-text controls: embeddings and overrides (U+202A-U+202E), isolates
# (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). In a name they would reorder the text
# around it in cards and reports (a name that reverses the line it is in); they are dropped.
BIDI_CONTROLS = dict.fromkeys(
    [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C]
)


def clean_name(name: str) -> str:
    """A name as a seat takes it: without bidi controls, whitespace folded, at most 32 chars."""
    name = " ".join(name.translate(BIDI_CONTROLS).split())[:MAX_NAME]
    if not name:
        raise BadRequest(N_("A player needs a name."))
    return name


def unique_name(name: str, taken: Iterable[str]) -> str:
    used = {n.casefold() for n in taken}
    if name.casefold() not in used:
        return name
    k = 2
    while f"{name} ({k})".casefold() in used:
        k += 1
    return f"{name} ({k})"


def check_level(level: str | None) -> None:
    if level is not None and level not in LEVELS:
        raise BadRequest(N_("An AI seat plays at one of these levels: {levels}."), levels=", ".join(LEVELS))


# An AI seat's name, with its level as people call it (LEVEL_WORDS), in the table's language:
# a seat keeps the name it was given (issue 26: no English name at a Russian table)
AI_NAMES = {
    "random": N_("AI {k} (easy)"),
    "greedy": N_("AI {k} (normal)"),
    "strong": N_("AI {k} (hard)"),
}


def ai_name(k: int, level: str, lang: str = DEFAULT) -> str:
    """The name of the table's `k`th AI seat: "AI 2 (hard)", «ИИ 2 (сильный)»."""
    entry = AI_NAMES.get(level)
    if entry is None:
        return f"AI {k} ({LEVEL_WORDS.get(level, level)})"
    return translator(lang)(entry).format(k=k)


def table_options(options: Options | dict[str, Any] | None) -> Options:
    if isinstance(options, Options):
        opts = options
    else:
        try:
            opts = Options(**(options or {}))
        except TypeError:
            known = ", ".join(f.name for f in fields(Options))
            raise BadRequest(N_("Unknown table option; the options are: {known}."), known=known) from None
    if opts.lawyer_pp not in (3, 4):
        raise BadRequest(N_("The Lawyer gives 4 PP (first printing) or 3 PP (later printings)."))
    return opts


class Lobby:
    def __init__(self, registry: Registry, turns: Turns) -> None:
        self.registry = registry
        self.turns = turns

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        seats: int = 4,
        options: Options | dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        seat_creator: bool = True,
        ai_names: Sequence[str] = (),
        ai_seats: Sequence[str] = (),
        settings: TableSettings | dict[str, Any] | None = None,
        challenge: str | None = None,
    ) -> Table:
        """Open a table for joining, with the creator seated (unless `seat_creator=False`),
        `ai_names` AI seats (at the manager's `ai_level`) and one AI seat per level in
        `ai_seats` ("random", "greedy", "strong"; named "AI 1 (normal)", ...); `seed` sets up
        the game (None: drawn); `settings`: the table's deadline, rule for absent players,
        take-over threshold and AI level (`TableSettings` or a dict of its fields; default: no
        deadline). Refusals: `BadRequest`, `TableExists`."""
        table_settings = TableSettings.coerce(settings)
        for level in ai_seats:
            check_level(level)
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise BadRequest(N_("A Caylus table has {low} to {high} seats."), low=MIN_SEATS, high=MAX_SEATS)
        opts = table_options(options)
        if len(ai_names) + len(ai_seats) + int(seat_creator) > seats:
            raise BadRequest(N_("That is more than {seats} seats."), seats=seats)
        reg = self.registry
        now = reg.clock()
        async with reg.lock(channel_id):
            current = reg.table(channel_id)
            if current is not None and current.is_active:
                raise TableExists()
            new_seats: list[Seat] = []
            if seat_creator:
                new_seats.append(Seat(0, clean_name(creator_name), creator_id, False, now))
            for name in ai_names:
                clean = unique_name(clean_name(name), (s.name for s in new_seats))
                new_seats.append(Seat(len(new_seats), clean, None, True, now))
            for level in ai_seats:
                k = sum(1 for s in new_seats if s.is_ai) + 1
                clean = unique_name(ai_name(k, level, table_settings.language), (s.name for s in new_seats))
                new_seats.append(Seat(len(new_seats), clean, None, True, now, ai_level=level))
            try:
                rec = await reg.store_call(reg.store.create_table(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    creator_id=creator_id,
                    max_seats=seats,
                    options=options_to_dict(opts),
                    seed=secrets.randbelow(2**31) if seed is None else seed,
                    seats=[s.record() for s in new_seats],
                    now=now,
                    settings=table_settings.to_dict(),
                    challenge=challenge,
                ))  # fmt: skip
            except ChannelBusy:
                adopted = None
                with contextlib.suppress(Unavailable):
                    adopted = await reg.adopt_stored(channel_id)  # one memory did not know of
                raise TableExists(adopted=adopted is not None) from None
            except Unavailable as refused:
                if refused.template == STORE_DOWN.msgid:
                    raise  # refused before anything was tried
                # the answer may be lost after the write: the table made is this one if it is
                # the channel's open table of this creator made at this moment
                made = await reg.adopt_stored(channel_id)  # Unavailable: the store cannot say
                if made is None or made.creator_id != creator_id or made.created_at != now:
                    raise
                return made
            except ChallengeTaken:
                assert challenge is not None
                raise ChallengePlayed(challenge) from None
            if current is not None:
                reg.forget(current)  # the channel's finished table leaves memory
            table = Table(rec)
            reg.register(table)
            return table

    async def join(self, channel_id: int, user_id: int, name: str) -> Table:
        """Take a seat. Refusals: `NoTable`, `AlreadyStarted`, `AlreadySeated`, `TableFull`."""
        async with self.registry.lock(channel_id):
            t = self.registry.active(channel_id)
            if not t.is_open:
                raise AlreadyStarted(N_("The game at this table has already started; you cannot join it now."))
            if t.seat_of(user_id) is not None:
                raise AlreadySeated()
            if t.is_full:
                raise TableFull(t.max_seats)
            clean = unique_name(clean_name(name), t.names)
            seats = [*t.seats, Seat(len(t.seats), clean, user_id, False, self.registry.clock())]
            await self._save(t, seats, t.creator_id, OPEN)
            return t

    async def add_ai(
        self, channel_id: int, user_id: int, name: str | None = None, *, is_moderator: bool = False,
        level: str | None = None,
    ) -> Table:  # fmt: skip
        """Seat an AI player (the creator or a moderator) playing at `level` ("random",
        "greedy" or "strong"; None: the manager's `ai_level`), named with its level. Refusals:
        `NoTable`, `AlreadyStarted`, `NotAllowed`, `TableFull`, `BadRequest` (unknown level)."""
        check_level(level)
        async with self.registry.lock(channel_id):
            t = self.registry.active(channel_id)
            if not t.is_open:
                raise AlreadyStarted()
            if user_id != t.creator_id and not is_moderator:
                raise NotAllowed(N_("Only the table's creator or a moderator can add an AI seat."))
            if t.is_full:
                raise TableFull(t.max_seats)
            ai_count = sum(1 for s in t.seats if s.is_ai)
            default = ai_name(ai_count + 1, level or self.turns.ai_level, t.settings.language)
            clean = unique_name(clean_name(name or default), t.names)
            seats = [*t.seats, Seat(len(t.seats), clean, None, True, self.registry.clock(), ai_level=level)]
            await self._save(t, seats, t.creator_id, OPEN)
            return t

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Give up one's seat before the start. The creator's role passes to the next person;
        a table left with nobody is abandoned. Refusals: `NoTable`, `AlreadyStarted`, `NotAPlayer`."""
        async with self.registry.lock(channel_id):
            t = self.registry.active(channel_id)
            if not t.is_open:
                raise AlreadyStarted(
                    N_(
                        "The game has started: you cannot leave it now. A moderator or the table's "
                        "creator can abandon the table."
                    )
                )
            seat = t.seat_of(user_id)
            if seat is None:
                raise NotAPlayer()
            rest = [s for s in t.seats if s.seat != seat.seat]
            seats = [replace(s, seat=i) for i, s in enumerate(rest)]
            humans = [s for s in seats if not s.is_ai]
            creator = t.creator_id
            if creator == user_id and humans and humans[0].user_id is not None:
                creator = humans[0].user_id
            await self._save(t, seats, creator, OPEN if humans else ABANDONED)
            return t

    async def start(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> ActResult:
        """Start the game (the creator or a moderator, at least 2 seats). Returns the opening
        report and, if AI seats move first, their moves. Refusals: `NoTable`, `AlreadyStarted`,
        `NotAllowed`, `NotEnoughPlayers`."""
        reg = self.registry
        async with reg.lock(channel_id):
            t = reg.active(channel_id)
            if not t.is_open:
                raise AlreadyStarted()
            if user_id != t.creator_id and not is_moderator:
                raise NotAllowed(N_("Only the table's creator or a moderator can start the game."))
            if len(t.seats) < MIN_SEATS:
                raise NotEnoughPlayers(len(t.seats))
            game = new_game(t.names, t.seed, t.options)
            chronicle = Chronicle()
            cut = chronicle.feed(game.opening_events)
            state_json = game.to_json()
            s = game.state
            report = None
            if cut.sections is not None:
                report = PhaseReport(
                    t.id, t.channel_id, 0, cut.sections, cut.game_over, state=s.copy(), pending=game.decision
                )
            now = reg.clock()
            snap = SnapshotRecord(
                seq=0, round=s.round, phase=s.phase, state=state_json, carry=chronicle.to_json(),
                report=report.to_json() if report else None, at=now,
            )  # fmt: skip
            first = game.decision
            timers, clock = decision_timers(t.settings, t.seats[first.player] if first else None, 0, now)

            def started() -> None:
                t.game, t.chronicle = game, chronicle
                t.status, t.started_at, t.updated_at = STARTED, now, now
                t.log_rows, t.since_snapshot, t.timers = 0, [], clock
                t.recent.extend(game.opening_events)
                t.timeline.started(game.opening_events)
                reg.timers_stored(timers)

            def opening(actor_id: int | None) -> ActResult:
                return ActResult(
                    t, events=list(game.opening_events), reports=[report] if report else [],
                    actor_id=actor_id, opening=True,
                )  # fmt: skip

            async def late() -> None:  # started after all, as the store says once it answers
                await self.turns.finish(opening(None))

            await reg.commit(
                t,
                reg.store.start_table(
                    t.id, seats=[x.record() for x in t.seats], snapshot=snap, now=now,
                    clear_timers=TIMER_KINDS if timers else (), timers=timers,
                    turn_seat=first.player if first else None,
                ),
                started, not_saved=START_NOT_SAVED, late=late,
            )  # fmt: skip
            acc = opening(user_id)
            if not self.turns.ai_to_play(t):
                return await self.turns.finish(acc)
        return await self.turns.autoplay(t, acc, detach=True)

    async def abandon(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> Table:
        """End the channel's table without a result (its creator or a moderator).
        Refusals: `NoTable`, `NotAllowed`."""
        reg = self.registry
        async with reg.lock(channel_id):
            t = reg.active(channel_id)
            if user_id != t.creator_id and not is_moderator:
                raise NotAllowed(N_("Only the table's creator or a moderator can abandon it."))
            now = reg.clock()
            await reg.store_call(reg.store.set_status(t.id, ABANDONED, now=now), t)
            t.status, t.finished_at, t.updated_at = ABANDONED, now, now
            reg.forget(t)
            self.turns.stop_thinking(t)
            return t

    async def _save(self, t: Table, seats: list[Seat], creator_id: int, status: str) -> None:
        now = self.registry.clock()
        await self.registry.store_call(
            self.registry.store.update_lobby(
                t.id, seats=[s.record() for s in seats], creator_id=creator_id, status=status, now=now
            ),
            t,
        )
        t.seats, t.creator_id, t.status, t.updated_at = seats, creator_id, status, now
        if status == ABANDONED:
            t.finished_at = now
            self.registry.forget(t)
