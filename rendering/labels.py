"""Every word the board image draws that is not a name from the rules core (buildings, phases,
sections come from `bot.rules`): one home, so that a catalogue can replace them later.

Each label is drawn into a box of its own width (see `fonts.draw_fitted`): a longer translation
shrinks a little, then is cut with an ellipsis, and never runs into its neighbour.
"""

from __future__ import annotations

from typing import NamedTuple


class Labels(NamedTuple):
    round: str = "Round {round}"
    phase: str = "phase {phase}"
    phases: str = "phases {phases}"
    done: str = "done"
    game_begins: str = "the game begins"
    game_over: str = "Game over · final scores"
    to_decide: str = "to decide"
    win: str = "{names} wins with {pp} PP"
    win_many: str = "{names} win with {pp} PP"
    pp: str = "PP"
    passed: str = "passed {n}."
    in_inn: str = "in the Inn"
    favours_simple: str = "favour = 3 PP"
    castle: str = "CASTLE"
    builders: str = "builders, in order"
    favour_columns: str = "favour columns open: 1–{n}"
    scored: str = "scored"
    bridge: str = "BRIDGE"
    passing_order: str = "passing order"
    next_worker: str = "next worker"
    own_building: str = "own building or Inn: 1"
    game_is_over: str = "the game is over"
    provost: str = "provost {space}"
    bailiff: str = "bailiff {space}"
    not_with_2: str = "not used with 2 players"
    mark: str = "{section} mark"
    next_building: str = "next building"
    new: str = "NEW"
    stock: str = "STOCK"
    stock_hint: str = "buildings still to build: cost and prestige"
    stock_rows: tuple[str, str, str] = ("Wood", "Stone", "Prestige")
    built: str = "built"
    final_scores: str = "FINAL SCORES"
    final_columns: tuple[str, str, str, str, str] = ("played", "gold", "cubes", "deniers", "total")
    winner: str = "winner"
    player: str = "Player {n}"  # a name with nothing drawable left


LABELS = Labels()
