"""Who did what lately at a table, move by move: what a person missed since their last move
(issue 24, "since you last acted").

`Timeline` keeps the last moves of a table in memory (their position in the history, the seat
that decided, whether its person chose it, the events they caused), appended as moves are
committed; an undo drops what it took back (a move at a position replaces every later one).
A person's last move is the last one they chose themselves: what a standing order, their queue,
the AI or a deadline played for them since is news to them too. After a restart the timeline is
empty until first asked; it is then rebuilt once from the move log (replayed from the seed), so
a restart changes nothing of what a person is told.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from bot.rules import Event, EventKind, Game, Options, new_game

MOVES = 160  # moves kept: more than two rounds of five players


class Timeline:
    def __init__(self) -> None:
        # (position in the history, seat deciding, chosen by its person, the events it caused)
        self.moves: deque[tuple[int, int, bool, tuple[Event, ...]]] = deque(maxlen=MOVES)
        self.opening: tuple[Event, ...] = ()  # the game's first events (before any move)
        self.filled = False  # holds every move since the game began, or the last MOVES of them

    def started(self, events: Sequence[Event]) -> None:
        self.moves.clear()
        self.opening = tuple(events)
        self.filled = True

    def add(self, index: int, seat: int, events: Sequence[Event], *, chosen: bool = True) -> None:
        """Move `index` of the history, decided by `seat` (`chosen`: by its person, not by an
        order, the AI or a deadline), caused `events`."""
        if not self.filled:
            return  # rebuilt from the history when first asked
        while self.moves and self.moves[-1][0] >= index:
            self.moves.pop()  # taken back by an undo
        self.moves.append((index, seat, chosen, tuple(events)))

    def truncate(self, length: int) -> None:
        """An undo took the history back to `length` moves."""
        while self.moves and self.moves[-1][0] >= length:
            self.moves.pop()

    def clear(self) -> None:
        """After an undo or a restart: rebuilt from the history when next asked."""
        self.moves.clear()
        self.opening = ()
        self.filled = False

    def rebuild(
        self, names: Sequence[str], seed: int, options: Options | None, history: Sequence[str],
        chosen: Sequence[bool] = (),
    ) -> None:  # fmt: skip
        """From the history (`chosen[i]`: whether move i was its person's own choice; all of
        them when not known): a quiet replay up to the moves kept, then the last ones with
        their events."""
        game = new_game(list(names), seed, options, quiet=True)
        first = max(0, len(history) - MOVES)
        for code in history[:first]:
            game.apply(code)
        loud = new_game(list(names), seed, options) if first == 0 else None
        self.moves.clear()
        self.opening = tuple(loud.opening_events) if loud is not None else ()
        if loud is None:
            loud = Game.resume(game.state)  # noisy from here on (its state is the quiet game's)
        for i, code in enumerate(history[first:], first):
            d = loud.decision
            seat = d.player if d is not None else -1
            self.moves.append((i, seat, chosen[i] if i < len(chosen) else True, tuple(loud.apply(code))))
        self.filled = True

    def since_last(self, seat: int) -> list[Event]:
        """What happened since `seat`'s person last chose a move: the events of every move after
        it, and of that move what followed its first phase end (the phases it ran on into).
        Without such a move kept: everything kept."""
        moves = list(self.moves)
        last = next((k for k in range(len(moves) - 1, -1, -1) if moves[k][1] == seat and moves[k][2]), None)
        if last is None:
            out = list(self.opening)
            for *_, events in moves:
                out += events
            return out
        own = moves[last][3]
        ends = next((i for i, e in enumerate(own) if e.kind == EventKind.PHASE_END), len(own))
        out = list(own[ends:])
        for *_, events in moves[last + 1 :]:
            out += events
        return out
