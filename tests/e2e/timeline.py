"""Calendar time for the benchmarks' people (issue 22): how long a game takes when every call
back is answered hours later.

The model, shared by benchmarks/ping_replay.py (the rules core alone) and benchmarks/async_flow.py
(through the fake Discord), so that both count the same waits:

- every call back (a ping) is answered after an exponential delay of mean `mean_hours`, capped
  at the table's deadline (`deadline_hours`, 24 h): past it the AI makes the move, and that
  person, absent, plans nothing and is called again for their next decision;
- people called at the same time answer in parallel: the clock runs for all of them at once,
  and the game waits only for the person it needs next (`wait_for`); whoever is called and
  arrives meanwhile acts then (sets a plan, queues), on the board as it stands at that hour;
- a person's consecutive decisions cost one wait: they are there (`present`) until the game
  needs someone else;
- a ping is a new turn message for a person who did not make the last decision asked of a
  person, or any turn message after a deadline move (the bot's rule, bot/ui/turnpost.py), an
  invitation to plan that pings, or a reminder at half the deadline (a person who has not
  answered by then).

Times are in hours from the start of the game. Nothing here looks ahead: a delay is drawn when
its call is made, from the table seed's own generator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

MEAN_HOURS = 4.0
DEADLINE_HOURS = 24.0
HOURS_PER_DAY = 24.0
MERGE_HOURS = 12.0  # bot/ui/turnpost.py: no second ping within this time of an unanswered invitation

# What a ping called someone back for, beside the decision kinds: the round's invitation to
# plan, a deadline's reminder.
INVITE = "invite"
REMINDER = "reminder"


@dataclass
class Calendar:
    """One table's clock and the people called back (see the module docstring)."""

    rng: random.Random
    mean_hours: float = MEAN_HOURS
    deadline_hours: float = DEADLINE_HOURS
    now: float = 0.0
    calls: dict[int, float] = field(default_factory=dict)  # seat -> the hour they answer their call
    present: int | None = None  # the seat deciding now: their next decision costs no wait
    asked: int | None = None  # the seat asked last (the bot pings a new one)
    waits: int = 0  # times the game stood still for a person
    deadline_moves: int = 0
    pings: Counter[str] = field(default_factory=Counter)  # by decision kind, INVITE, REMINDER...
    waited: Counter[str] = field(
        default_factory=Counter
    )  # hours the game stood still, by decision kind
    kind: str = ""  # the kind of the decision asked last
    invited: set[int] = field(default_factory=set)  # seats whose running call is an invitation

    @classmethod
    def for_table(
        cls, seed: int, mean_hours: float = MEAN_HOURS, deadline_hours: float = DEADLINE_HOURS
    ) -> Calendar:
        return cls(random.Random(f"calendar:{seed}"), mean_hours, deadline_hours)

    def delay(self) -> float:
        return self.rng.expovariate(1.0 / self.mean_hours)

    def call(self, seat: int) -> None:
        """`seat` is called back now (unless a call of theirs runs already)."""
        if seat not in self.calls:
            self.calls[seat] = self.now + self.delay()

    def invite(self, seats: Iterable[int], *, ping: bool = True, to: str = "") -> list[int]:
        """An invitation (to plan, to declare ahead: `to`) that pings `seats`: the seats called
        back by it (those neither called already nor deciding now). The bot pings them all but,
        with `quiet_reinvite`, those an earlier invitation called less than `MERGE_HOURS` ago who
        have not come yet (`awaited`)."""
        out = []
        for seat in seats:
            if ping and not (self.quiet_reinvite and self.awaited(seat)):
                self.pings[INVITE] += 1
                self.invites[to] += 1
            if seat in self.calls or seat == self.present:
                continue
            self.invited.add(seat)
            self.invited_at[seat] = self.now
            self.call(seat)
            out.append(seat)
        return out

    merge_invited: bool = False  # a turn message does not ping someone invited who has not come yet
    quiet_reinvite: bool = False  # nor does a second invitation (bot/games/turns.py)
    invited_at: dict[int, float] = field(default_factory=dict)  # seat -> the hour of their invitation
    invites: Counter[str] = field(default_factory=Counter)  # the invitations' pings, by what they invite to

    def awaited(self, seat: int) -> bool:
        """`seat` was called by an invitation less than `MERGE_HOURS` ago and has not come yet."""
        recent = self.now - self.invited_at.get(seat, -1e9) < MERGE_HOURS
        return seat in self.calls and seat in self.invited and recent

    def asks(self, seat: int, kind: str) -> bool:
        """The game asks `seat` for a decision of `kind`: counts the turn message's ping (a new
        decider) and says whether it is one."""
        new = seat != self.asked
        self.kind = kind
        if new:
            if not (self.merge_invited and self.awaited(seat)):
                self.pings[kind] += 1
            self.asked = seat
        return new

    def wait_for(self, seat: int) -> Iterator[int]:
        """The game needs `seat` now (asked: `asks`): yields every other seat called back who
        arrives first, in the order of their hours (`now` is that hour while the caller lets
        them act), then sets `now` to when `seat` answers; afterwards `present == seat`, or None
        when the deadline passed first (the AI moved for them: `deadline_moves`; they are still
        on their way, and the next turn message pings whoever decides then)."""
        if seat == self.present:
            return
        self.call(seat)
        arrives = self.calls.pop(seat)
        self.invited.discard(seat)
        deadline = self.now + self.deadline_hours
        if arrives > self.now + self.deadline_hours / 2:
            self.pings[REMINDER] += 1  # not answered at half time: the reminder pings
        answer = min(arrives, deadline)
        while (
            first := min(((h, s) for s, h in self.calls.items() if h <= answer), default=None)
        ) is not None:
            hour, other = first
            del self.calls[other]
            self.invited.discard(other)
            self.now = hour
            yield other
        if answer > self.now:
            self.waits += 1
            self.waited[self.kind] += answer - self.now
        self.now = answer
        if arrives <= deadline:
            self.present = seat
        else:
            self.present = self.asked = None
            self.deadline_moves += 1
            self.calls[seat] = arrives

    def figures(self, players: int, rounds: int) -> dict[str, Any]:
        """The issue's keys for one game."""
        player_rounds = max(1, players * rounds)
        return {
            "days_per_game": round(self.now / HOURS_PER_DAY, 2),
            "waits_per_round": round(self.waits / max(1, rounds), 2),
            "pings_per_player_round": round(sum(self.pings.values()) / player_rounds, 2),
        }
