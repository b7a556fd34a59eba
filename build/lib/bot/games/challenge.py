"""The weekly challenge: one game against three hard AI seats on a seed fixed by the ISO week,
the same for everyone on every server (`/caylus challenge`).

The week is the ISO 8601 week in UTC (Monday to Sunday), written "2026-W49". Its seed comes from
that text alone, so two servers, two processes or a restarted bot agree without sharing
anything. Each person plays a week's challenge once (the store refuses a second table for that
week: `ChallengePlayed`); the results are compared by final score on a server's board and
across the bot (`GameStore.challenge_board`). A challenge is a solo game: it is never rated.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

CHALLENGE_LEVEL = "strong"  # "hard", as people call it
CHALLENGE_AI_SEATS = 3


def iso_week(now: float) -> str:
    """The ISO week of a Unix time, in UTC: "2026-W49"."""
    year, week, _ = datetime.fromtimestamp(now, UTC).isocalendar()
    return f"{year}-W{week:02d}"


def challenge_seed(week: str) -> int:
    """The game seed of a week's challenge (31 bits, as a table's seed)."""
    digest = hashlib.sha256(f"caylus weekly challenge {week}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF
