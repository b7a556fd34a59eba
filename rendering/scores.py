"""Final scores (§2.8), for the end-of-game image."""

from __future__ import annotations

from typing import Any, NamedTuple

from bot.rules.state import State
from bot.rules.tiles import G


class FinalLine(NamedTuple):
    """One player's final score with its breakdown (the engine's ScoreLine has the same fields)."""

    player: int
    name: str
    pp_play: int
    gold_pp: int
    cubes_pp: int
    deniers_pp: int
    total: int


def final_lines(state: State) -> list[FinalLine]:
    """Prestige plus the end-of-game bonus: 3 per gold, 1 per 3 plain cubes, 1 per 4 deniers."""
    lines = []
    for seat, p in enumerate(state.players):
        c = p.cubes
        gold, cubes, deniers = 3 * c[G], (c[0] + c[1] + c[2] + c[3]) // 3, p.deniers // 4
        lines.append(
            FinalLine(seat, p.name, p.pp, gold, cubes, deniers, p.pp + gold + cubes + deniers)
        )
    return lines


def from_score_lines(scores: list[Any]) -> list[FinalLine]:
    """The engine's ScoreLine list (or any objects with the same fields) as FinalLine."""
    return [
        FinalLine(
            int(s.player),
            str(s.name),
            int(s.pp_play),
            int(s.gold_pp),
            int(s.cubes_pp),
            int(s.deniers_pp),
            int(s.total),
        )
        for s in scores
    ]
