"""The per-channel game manager: lobby, one input path, phase reports, AI seats.

See `bot.games.manager` for the full surface. In short:

    from bot.games import Manager, Refusal
    manager = await Manager.open(settings)     # or a database path
    await manager.load()
    try:
        result = await manager.act(channel_id, user_id, seq, code)
    except Refusal as r:
        ...  # r.message, ephemerally
    for report in result.reports:              # PhaseReport: .title, .text(), .png, .filename
        ...  # post it, then: await manager.ack(report)
    result.pending                             # Pending: .user_id to ping (None: AI), .decision
"""

from .ai import seeded_choice
from .manager import ActResult, AppliedMove, Manager
from .refusals import (
    AlreadySeated,
    AlreadyStarted,
    BadRequest,
    GameOver,
    Illegal,
    NoTable,
    NotAllowed,
    NotAPlayer,
    NotEnoughPlayers,
    NotStarted,
    NotYourTurn,
    Refusal,
    StaleDecision,
    TableExists,
    TableFull,
    Unavailable,
)
from .render import Renderer, render_async, render_board_png
from .reports import Chronicle, PhaseReport, PhaseSection
from .table import GameResult, Pending, Seat, Table

__all__ = [
    "ActResult",
    "AlreadySeated",
    "AlreadyStarted",
    "AppliedMove",
    "BadRequest",
    "Chronicle",
    "GameOver",
    "GameResult",
    "Illegal",
    "Manager",
    "NoTable",
    "NotAPlayer",
    "NotAllowed",
    "NotEnoughPlayers",
    "NotStarted",
    "NotYourTurn",
    "Pending",
    "PhaseReport",
    "PhaseSection",
    "Refusal",
    "Renderer",
    "StaleDecision",
    "Seat",
    "Table",
    "TableExists",
    "TableFull",
    "Unavailable",
    "seeded_choice",
    "render_async",
    "render_board_png",
]
