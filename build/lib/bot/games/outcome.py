"""A finished game's outcome, worked out from what is stored: its seats, its final state and its
move log. The live end of a game (`Turns.apply`) and the backfill (`bot.games.backfill`) compute
it with the same functions, so their figures agree.

- **Places**: equal final totals share a place, with no tie-breaker (rules §2.8: all players
  tied for first win; ties lower down are shared the same way). A person who resigned is placed
  after everyone who did not, whatever the AI scored with their seat, and never wins.
- **Rated**: a game with at least two people (seats of people, resigned ones included); a solo
  game against AI seats, the weekly challenge among them, counts in the stats but not in the
  ratings, so that nobody's rating is farmed against the AI.
- **Favourite buildings**: where the seat sent its workers (phase 2 and the Gate), by tile id on
  the road and by place for the special buildings and the castle.
- **Time to answer**: for each choice a person made themself (actor `player`), the time from
  the log row before it (the move that made the decision theirs; the start for the first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.rules import Code, Game
from bot.store import PLAYER, UNDO, GameOutcome, MoveRecord, ResultRecord, SeatRecord

PLACING_KINDS = ("place", "gate")  # decisions whose choice sends a worker somewhere
NOT_A_PLACE = ("pass", "home")


def places(totals: Sequence[int], resigned: Sequence[bool]) -> list[int]:
    """Each seat's place (1 = first; 1, 2, 2, 4 for a tie for second); resigned seats after the
    others, sharing the last place."""
    kept = [t for t, r in zip(totals, resigned, strict=True) if not r]
    last = len(kept) + 1
    return [last if r else 1 + sum(1 for o in kept if o > t) for t, r in zip(totals, resigned, strict=True)]


def workers_sent(game: Game) -> list[Counter[str]]:
    """Per seat, how many workers it sent to each building (road tile id) or place, replayed
    quietly from the game's seed and history."""
    s = game.state
    names = [p.name for p in s.players]
    replay = Game.replay(names, s.seed, s.options, [], quiet=True)
    out: list[Counter[str]] = [Counter() for _ in names]
    for code in s.history:
        d = replay.decision
        assert d is not None
        if d.kind in PLACING_KINDS and code not in NOT_A_PLACE:
            if (c := Code.parse(code)).on_road:
                tile = replay.state.road_tile[c.space]
                out[d.player][tile or code] += 1
            else:
                out[d.player][code] += 1
        replay.apply(code)
    return out


def answer_times(log: Sequence[MoveRecord], started_at: float, seats: int) -> list[tuple[int, float]]:
    """Per seat: the choices its person made themself and the seconds they took in all."""
    out = [(0, 0.0)] * seats
    before = started_at
    for m in sorted(log, key=lambda m: m.pos):
        if m.who == PLAYER:
            n, total = out[m.seat]
            out[m.seat] = (n + 1, total + max(0.0, m.at - before))
        before = m.at
    return out


def outcome_of(
    *,
    table_id: int,
    guild_id: int,
    seats: Sequence[SeatRecord],
    game: Game,
    log: Sequence[MoveRecord],
    started_at: float,
    finished_at: float,
    default_level: str,
    challenge: str | None = None,
) -> GameOutcome:
    """The outcome of a finished `game` (its state at the end) played at these seats, from its
    whole move log (undo rows included)."""
    assert game.over
    scores = game.final_scores()
    resigned = [s.resigned for s in seats]
    placed = places([line.total for line in scores], resigned)
    sent = workers_sent(game)
    times = answer_times([m for m in log if m.who != UNDO and not m.undone], started_at, len(seats))
    results = [
        ResultRecord(
            seat=s.seat, name=s.name, user_id=None if s.is_ai else s.user_id,
            ai_level=(s.ai_level or default_level) if s.is_ai else None, score=scores[s.seat].total,
            place=placed[s.seat], won=placed[s.seat] == 1 and not s.resigned, resigned=s.resigned,
            buildings=dict(sent[s.seat]), answers=times[s.seat][0], answer_seconds=times[s.seat][1],
        )
        for s in seats
    ]  # fmt: skip
    people = sum(1 for s in seats if not s.is_ai)
    return GameOutcome(table_id, guild_id, finished_at, results, rated=people >= 2 and challenge is None, challenge=challenge)
