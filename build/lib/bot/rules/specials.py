"""The Merchants' guild, Joust field and Inn (phase 3) and the provost's move (phase 4)."""

from __future__ import annotations

from typing import Final

from .common import (
    KindFacts,
    Play,
    Task,
    plural,
)
from .decisions import EventKind
from .favours import Favour
from .notation import Code
from .speech import ENGLISH, Speech
from .state import State
from .tiles import (
    GUILD_STEPS,
    JOUST_CLOTH,
    JOUST_DENIERS,
    LOW_PLACEMENT_COST,
    PROVOST_STEPS,
    ROAD_LEN,
    C,
)
from .words import counted, up_to

_MOST = max(GUILD_STEPS, PROVOST_STEPS)
_CODES = tuple(Code.provost(k) for k in (0, *range(1, _MOST + 1), *range(-1, -_MOST - 1, -1)))
PROVOST_MOVES = tuple(c.text for c in _CODES)  # "0", "+1" … "+3", "-1" … "-3"
_MOVES: Final = tuple((c.text, c.steps, abs(c.steps)) for c in _CODES)


def provost_moves(g: Play, max_steps: int) -> list[str]:
    provost = g.state.provost
    return [code for code, k, steps in _MOVES if steps <= max_steps and 1 <= provost + k <= ROAD_LEN]


class Guild(Task):
    """The Merchants' guild: the provost moved free, up to GUILD_STEPS spaces (§2 phase 3)."""

    kind = "guild"
    facts = KindFacts(
        verb="to move the provost (guild)",
        stop_codes=("0",),
        group="provost",
    )

    def choices(self, g: Play) -> list[str]:
        return provost_moves(g, GUILD_STEPS)

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        s.guild = -1
        s.players[self.seat].workers += 1
        move_provost(g, self.seat, Code.parse(code).steps, "provost_guild")

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Merchants' guild: move the provost (now on road {space}) {spaces}, free").format(
            space=g.state.provost, spaces=up_to(tr, "space", GUILD_STEPS)
        )

    def label(self, g: Play, code: str) -> str:
        return provost_label(g, code, free=True)

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        return why_not_move(g, code, None, tr) or Task.explain(self, g, code, tr)


def move_provost(g: Play, seat: int, k: int, words: str) -> None:
    """Move the provost `k` spaces; `words`: how the move is told (provost_guild, provost_paid)."""
    s = g.state
    if k == 0:
        if not g.quiet:
            g.event(EventKind.PROVOST, seat, "provost_stay", (seat, s.provost), move=0)
        return
    s.provost += k
    if not g.quiet:
        g.event(EventKind.PROVOST, seat, words, (seat, k, s.provost), move=k)


def provost_label(g: Play, code: str, free: bool) -> str:
    k = Code.parse(code).steps
    if k == 0:
        return "Do not move it"
    cost = "free" if free else plural(abs(k), "denier")
    direction = "forward" if k > 0 else "back"
    return f"{abs(k)} {direction} to road {g.state.provost + k} — {cost}"


def why_not_move(g: Play, code: str, deniers: int | None, tr: Speech = ENGLISH) -> str:
    """Why a provost move is refused (§2 phase 4, §6 #7, #8); "" when the code is no move."""
    if code not in PROVOST_MOVES:
        return tr.ngettext(
            "the provost moves 1 to {n} space forward ({forward}) or back ({back}), or 0",
            "the provost moves 1 to {n} spaces forward ({forward}) or back ({back}), or 0",
            _MOST,
        ).format(
            n=_MOST, forward=", ".join(c for c in PROVOST_MOVES if Code.parse(c).steps > 0),
            back=", ".join(c for c in PROVOST_MOVES if Code.parse(c).steps < 0),
        )  # fmt: skip
    k, provost = Code.parse(code).steps, g.state.provost
    if not 1 <= provost + k <= ROAD_LEN:
        return tr.gettext("the provost is on road {space}: it stays between space 1 and road {last}").format(
            space=provost, last=ROAD_LEN
        )
    if deniers is not None and abs(k) > deniers:
        return tr.gettext("you have {deniers}; moving the provost {spaces} costs {cost}").format(
            deniers=counted(tr, "denier", deniers), spaces=counted(tr, "space", abs(k)), cost=abs(k)
        )
    return ""


def next_provost(g: Play) -> None:
    """Phase 4 goes on: each player once, in passing order, moves the provost; when all have,
    the phase ends (§2 phase 4). The cursor then points past the player deciding."""
    s = g.state
    if s.cursor < len(s.passing):
        seat = s.passing[s.cursor]
        s.cursor += 1
        s.tasks.append(PROVOSTS[seat])
    else:
        g.end_phase()


def movers_after(s: State) -> list[int]:
    """In phase 4, the players who move the provost after the one deciding now (next_provost)."""
    return s.passing[s.cursor :]


class Provost(Task):
    """The provost's move in phase 4, 1 denier a space (§2 phase 4)."""

    kind = "provost"
    facts = KindFacts(
        verb="to move the provost",
        stop_codes=("0",),
        group="provost",
    )

    def choices(self, g: Play) -> list[str]:
        return provost_moves(g, min(PROVOST_STEPS, g.state.players[self.seat].deniers))

    def apply(self, g: Play, code: str) -> None:
        k = Code.parse(code).steps
        g.state.players[self.seat].deniers -= abs(k)
        move_provost(g, self.seat, k, "provost_paid")

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Move the provost (now on road {space}): 1 denier per space, up to {n}").format(
            space=g.state.provost, n=PROVOST_STEPS
        )

    def label(self, g: Play, code: str) -> str:
        return provost_label(g, code, free=False)

    def explain(self, g: Play, code: str, tr: Speech = ENGLISH) -> str:
        deniers = g.state.players[self.seat].deniers
        return why_not_move(g, code, deniers, tr) or Task.explain(self, g, code, tr)


PROVOSTS: Final = tuple(Provost(seat) for seat in range(5))  # made once: task records are never changed


class Joust(Task):
    """The Joust field: JOUST_DENIERS + JOUST_CLOTH for a royal favour? (§2 phase 3)."""

    kind = "joust"
    facts = KindFacts(
        verb="to joust for a favour?",
        stop_codes=("skip",),
    )

    def choices(self, g: Play) -> list[str]:
        p = g.state.players[self.seat]
        return ["favour", "skip"] if p.deniers >= JOUST_DENIERS and p.cubes[C] >= JOUST_CLOTH else ["skip"]

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        seat = self.seat
        s.joust = -1
        p = s.players[seat]
        p.workers += 1
        if code == "favour":
            p.deniers -= JOUST_DENIERS
            p.cubes[C] -= JOUST_CLOTH
            g.event(EventKind.JOUST, seat, "joust", (seat,))
            g.push(Favour(seat))
        else:
            g.event(EventKind.JOUST, seat, "joust_declined", (seat,), declined=True)

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Joust field: pay {deniers} + {cloth} for a royal favour?").format(
            deniers=counted(tr, "denier", JOUST_DENIERS), cloth=counted(tr, "cloth", JOUST_CLOTH)
        )

    def label(self, g: Play, code: str) -> str:
        return "Pay 1 denier + 1 cloth: royal favour" if code == "favour" else "Do nothing"


class Inn(Task):
    """The Inn's right circle: stay or leave (§2 phase 3)."""

    kind = "inn"
    facts = KindFacts(
        verb="to stay in the Inn?",
    )

    def choices(self, g: Play) -> list[str]:
        return ["stay", "leave"]

    def apply(self, g: Play, code: str) -> None:
        s = g.state
        if code == "leave":
            s.inn_right = -1
            s.players[self.seat].workers += 1
            g.event(EventKind.INN_LEAVE, self.seat, "inn_back", (self.seat,))

    def prompt(self, g: Play, tr: Speech = ENGLISH) -> str:
        return tr.gettext("Inn: keep your worker there for next turn (every placement costs you {deniers})?").format(
            deniers=counted(tr, "denier", LOW_PLACEMENT_COST)
        )

    def label(self, g: Play, code: str) -> str:
        return "Stay in the Inn" if code == "stay" else "Take the worker back"
