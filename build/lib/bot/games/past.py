"""A table's past, read from the store: its phase reports with their boards, its record, its
summary and its replay (issue 24).

`read_past(store, table)` gathers what the move log and the snapshots hold into a `Past`, a
plain value (picklable: it travels to a render worker process). Everything heavy is a function
of a `Past` run off the event loop (`Manager.draw_past`): the boards are rebuilt by replaying
the log (bot/games/story.py), never stored. The reports are too, once posted: the store leaves
a posted report's text to the log (bot/store/codec.py, `POSTED`), and the log replayed move by
move, with the notes of the moves the rules applied, cuts the same reports the table posted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.rules import Event, Game, Options, new_game, write_record
from bot.store import UNDO, GameStore

from .registry import logged_events
from .reports import Chronicle, PhaseReport
from .story import boards, summary_view
from .table import Table


@dataclass(frozen=True, slots=True)
class Past:
    table_id: int
    channel_id: int
    names: tuple[str, ...]
    seed: int
    options: Options
    history: tuple[str, ...]
    reports: tuple[tuple[int, str], ...]  # (seq, the report's JSON), oldest first
    lang: str
    over: bool

    @property
    def rounds(self) -> int:
        return max((r for r, _p in self.moments()), default=0)

    def moments(self) -> list[tuple[int, int]]:
        """(round, phase) of every phase reported, oldest first."""
        return [(s.round, s.phase) for r in self.phase_reports() for s in r.sections]

    def phase_reports(self) -> list[PhaseReport]:
        """The stored reports (without their boards)."""
        return [
            PhaseReport.from_json(text, table_id=self.table_id, channel_id=self.channel_id, seq=seq)
            for seq, text in self.reports
        ]

    def find(self, rnd: int, phase: int | None = None) -> int | None:
        """The index of the report that shows round `rnd`'s phase `phase` (None: the round's
        last report), or None if the game has not come that far."""
        found = None
        for i, r in enumerate(self.phase_reports()):
            for s in r.sections:
                if s.round == rnd and (phase is None or s.phase == phase):
                    if phase is not None:
                        return i
                    found = i
        return found

    def record(self) -> str:
        """The game's record (docs/notation.md, "A game record")."""
        return write_record(self.names, self.seed, self.options, self.history)


async def read_past(store: GameStore, t: Table) -> Past | None:
    """The past of table `t` (its game in memory, its reports in the store); None before it started."""
    if t.game is None:
        return None
    snaps = await store.snapshots(t.id)
    stored = {s.seq: s.report for s in snaps if s.report is not None}  # not yet posted, or kept
    moves = [m for m in await store.move_log(t.id) if m.who != UNDO and not m.undone]
    game = new_game(list(t.names), t.seed, t.options)
    rebuilt = dict(_cut(game, (logged_events(game, m, t.id) for m in moves)))
    reports = tuple(sorted((rebuilt | stored).items()))  # a stored text is the one posted
    return Past(
        t.id, t.channel_id, tuple(t.names), t.seed, t.options, tuple(t.game.state.history), reports,
        t.settings.language, t.game.over,
    )  # fmt: skip


def past_of(names: Sequence[str], seed: int, options: Options | None, history: Sequence[str], lang: str = "en") -> Past:
    """The past of a game known by its history alone (no store, no table: benchmarks, tests),
    its reports cut as a table cuts them."""
    game = new_game(list(names), seed, options)
    reports = _cut(game, (game.apply(code) for code in history))
    return Past(0, 0, tuple(names), seed, options or Options(), tuple(history), reports, lang, game.over)


def _cut(game: Game, applied: Iterable[list[Event]]) -> tuple[tuple[int, str], ...]:
    """(seq, the report's JSON) of every report cut as a table cuts them (bot/games/turns.py):
    `game` new, `applied` the events of each move applied to it in turn."""
    chronicle = Chronicle()
    reports: list[tuple[int, str]] = []
    for seq, events in enumerate((game.opening_events, *applied)):
        cut = chronicle.feed(events)
        if cut.sections is not None:
            reports.append((seq, PhaseReport(0, 0, seq, cut.sections, cut.game_over).to_json()))
    return tuple(reports)


# ----- drawn off the event loop (each a function of plain values, for a worker process) -----------


def past_boards(past: Past) -> list[PhaseReport]:
    """Every report with its board as it was posted (state and pending decision)."""
    return boards(past.names, past.seed, past.options, past.history, past.phase_reports())


def board_png(past: Past, index: int) -> bytes:
    """The board of report `index` as it was posted, pixel for pixel."""
    from rendering import render_board

    report = past_boards(past)[index]
    assert report.state is not None
    return render_board(report.state, report.events, pending=report.pending, lang=past.lang)


def summary_png(past: Past) -> bytes:
    """The end-of-game summary image (rendering/summary.py)."""
    from rendering.summary import render_summary

    return render_summary(summary_view(past.names, past.seed, past.options, past.history, past.lang))


def replay_gif(past: Past) -> bytes:
    """The animated replay: every phase report's board, in order (rendering/replay.py)."""
    from rendering import board_view
    from rendering.replay import render_replay

    views = [
        board_view(r.state, r.events, pending=r.pending, lang=past.lang)
        for r in past_boards(past)
        if r.state is not None
    ]
    return render_replay(views)
