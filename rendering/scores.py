"""Final scores (§2.8) for the end-of-game image: the rules core computes them."""

from __future__ import annotations

from bot.rules import ScoreLine, State, final_scores

FinalLine = ScoreLine  # one player's final score with its breakdown


def final_lines(state: State) -> list[FinalLine]:
    return final_scores(state)
