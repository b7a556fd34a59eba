"""Ratings: openskill's Plackett-Luce model over the places of a finished game.

Why openskill (MIT licence, maintained, pure Python with compiled wheels, no dependencies):
Caylus is played by 2 to 5 players at once, and the Weng-Lin models rate a whole free-for-all
from its ranking in one update (Elo and Glicko only know pairs); it is the open, patent-free
relative of TrueSkill (whose Python package has not been released since 2018). Plackett-Luce is
its model for a ranking of single players, and takes ties as shared places.

A game's places come from `bot.games.outcome` (equal totals share a place: the rules have no
tie-breaker, §2.8; a person who resigned is placed after everyone who did not). Each seat is a
team of one. An AI level is one rated player: when two seats of one level sit at a table, each
is rated from the level's rating and the level takes the sum of their changes of mu, and the
smaller sigma.

New players start at openskill's defaults (mu 25, sigma 25/3). The boards sort by the
conservative estimate mu - 3 sigma (`ordinal`); people read `shown(mu, sigma)`: 1000 for a new
player, 40 points per unit of the estimate.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)
SHOWN_BASE, SHOWN_SCALE = 1000, 40


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def shown(mu: float, sigma: float) -> int:
    """The rating as a number people compare (1000 at the start)."""
    return round(SHOWN_BASE + SHOWN_SCALE * ordinal(mu, sigma))


def rate(
    seats: Sequence[tuple[str, int]], priors: dict[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """The new (mu, sigma) of every player of a game, from its seats ((player, place), place 1
    first, equal places tied) and the players' ratings before it (missing: a new player)."""
    teams = [[MODEL.rating(*priors.get(player, START))] for player, _ in seats]
    rated = MODEL.rate(teams, ranks=[float(place) for _, place in seats])
    out: dict[str, tuple[float, float]] = {}
    for (player, _), team in zip(seats, rated, strict=True):
        mu, sigma = team[0].mu, team[0].sigma
        if player in out:  # a second seat of one AI level: its change adds up
            prior_mu = priors.get(player, START)[0]
            mu = out[player][0] + (mu - prior_mu)
            sigma = min(sigma, out[player][1])
        out[player] = (mu, sigma)
    return out
