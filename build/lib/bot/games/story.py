"""The story of a game, rebuilt from its move log: the board at any phase end, and what the
summary and the replay tell (issue 24).

The log is the truth (design: replaying it from the seed rebuilds every state exactly), so a
past board is never stored: `boards` replays the history once, quietly, and gives each stored
phase report back its moment, the state at the end of its last phase and the decision then
pending, exactly as `Turns` drew it when the report was posted (`phase_end_state`).

`tally` replays the history with its events and counts where each player's prestige came from,
round by round: what the summary image draws (`rendering.render_summary`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.rules import (
    SECTION_PP,
    TILES,
    TRADES,
    Event,
    EventKind,
    Game,
    Options,
    ScoreLine,
    State,
    final_scores,
    new_game,
)

from .reports import PhaseReport

if TYPE_CHECKING:  # the drawing modules load Pillow: only where an image is drawn
    from rendering.summary import Moment, SummaryView

# Where prestige comes from (the summary's bars), in the order drawn.
SOURCES = ("buildings", "castle", "favours", "lost")
MOMENTS = 8  # key moments at most
CASTLE_MOMENT = 10  # PP of one player's castle deliveries in a round that make a key moment


def phase_end_state(before: Game, code: str, phase: int) -> State:
    """The state at the end of `phase`, which the choice `code` (pending in `before`) ends: the
    choice applied to a quiet copy that stops as the next phase is about to begin, before the
    next phase's automatic steps (the phase 5 activations after the provost's last move, the
    Trading post's deniers after the last placement) change the board. `before` is unchanged."""
    game = before.clone(quiet=True)
    game.stop_at = phase % 7 + 1
    game.apply(code)
    return game.state


def boards(
    names: Sequence[str], seed: int, options: Options | None, history: Sequence[str], reports: Sequence[PhaseReport]
) -> list[PhaseReport]:
    """The `reports` (oldest first, without their moment) with their state and pending decision
    as when they were posted: one quiet replay of `history`. A report beyond the history (an
    undone move) is left out."""
    game = new_game(list(names), seed, options, quiet=True)
    out: list[PhaseReport] = []
    done = 0
    for report in sorted(reports, key=lambda r: r.seq):
        if report.seq > len(history):
            break
        while done < report.seq - 1:
            game.apply(history[done])
            done += 1
        if report.seq == 0:
            state, pending = game.state.copy(), game.decision
        else:
            state = phase_end_state(game, history[done], report.phase)
            game.apply(history[done])
            done += 1
            pending = game.decision
        report.state, report.pending = state, pending
        out.append(report)
    return out


@dataclass(slots=True)
class PlayerTally:
    """One player's prestige: by round (after each round, as the game went) and by source."""

    name: str
    by_round: list[int] = field(default_factory=list)  # PP at the end of round 1, 2, ...
    sources: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SOURCES, 0))


@dataclass(slots=True)
class Tally:
    players: list[PlayerTally]
    finals: list[ScoreLine]
    rounds: int
    sections: dict[int, int]  # castle section -> the round it was scored
    moments: list[Moment]


def pp_of(e: Event) -> tuple[str, int] | None:
    """The prestige an event gives or takes, and its source; None: none."""
    kind, words, args = e.kind, e.words, e.args
    if kind in (EventKind.BUILD, EventKind.RESIDENCE, EventKind.OWNER_BONUS):
        return "buildings", int(e.data.get("pp", 0))
    if kind == EventKind.TRADE:
        tid, option = args[1], args[2]
        return "buildings", TRADES[tid][option][3]
    if kind == EventKind.CASTLE:
        return "castle", SECTION_PP[int(args[2])]
    if words == "favour_pp":
        return "favours", int(args[1])
    if words in ("castle_penalty",):
        return "lost", -int(args[1])
    if words == "scoring_loss":
        return "lost", -int(args[2])
    return None


def tally(names: Sequence[str], seed: int, options: Options | None, history: Sequence[str], moments: int = MOMENTS) -> Tally:
    """Replay `history` with its events: each player's prestige round by round and by source,
    the rounds the castle's sections were scored, and the key moments (at most `moments`): the
    prestige buildings built, a round's castle deliveries worth `CASTLE_MOMENT` PP or more,
    and each new leader at a round's end."""
    from rendering.summary import Moment

    game = new_game(list(names), seed, options)
    players = [PlayerTally(n) for n in names]
    pp = [0] * len(names)
    sections: dict[int, int] = {}
    found: list[Moment] = []
    castle: dict[int, list[int]] = {}  # seat -> [houses, PP] of the round under way
    leader = -1
    rnd = 1

    def round_ends() -> None:
        nonlocal leader
        for seat, (houses, gained) in sorted(castle.items()):
            if gained >= CASTLE_MOMENT:
                found.append(Moment(rnd, seat, "castle", gained, houses))
        castle.clear()
        for p, t in zip(pp, players, strict=True):
            t.by_round.append(p)
        best = max(pp)
        ahead = [seat for seat, p in enumerate(pp) if p == best]
        if len(ahead) == 1 and ahead[0] != leader and best > 0:
            leader = ahead[0]
            if rnd > 1:
                found.append(Moment(rnd, leader, "lead", best))

    def feed(events: Sequence[Event]) -> None:
        nonlocal rnd
        for e in events:
            while e.round > rnd:
                round_ends()
                rnd += 1
            if e.kind == EventKind.SECTION_SCORED:
                sections[int(e.args[0])] = e.round
                continue
            got = pp_of(e)
            if got is None or not got[1]:
                continue
            source, n = got
            pp[e.player] += n
            players[e.player].sources[source] += n
            if e.kind == EventKind.CASTLE:
                c = castle.setdefault(e.player, [0, 0])
                c[0], c[1] = c[0] + 1, c[1] + n
            elif e.kind == EventKind.BUILD and TILES[e.args[1]].kind == "prestige":
                found.append(Moment(e.round, e.player, "event", n, event=e))

    feed(game.opening_events)
    for code in history:
        feed(game.apply(code))
    round_ends()
    kept = sorted(found, key=lambda m: (-m.pp, m.round))[:moments]
    return Tally(players, final_scores(game.state), rnd, sections, sorted(kept, key=lambda m: (m.round, m.kind != "lead")))


def summary_view(names: Sequence[str], seed: int, options: Options | None, history: Sequence[str], lang: str = "en") -> SummaryView:
    """What the summary image shows of a finished game (its words in `lang`)."""
    from rendering.summary import SummaryPlayer, SummaryView

    t = tally(names, seed, options, history)
    colours = [p.colour for p in new_game(list(names), seed, options, quiet=True).state.players]
    players = tuple(
        SummaryPlayer(p.name, colour, tuple(p.by_round), dict(p.sources)) for p, colour in zip(t.players, colours, strict=True)
    )
    return SummaryView(players, tuple(t.finals), dict(t.sections), tuple(t.moments), lang)
