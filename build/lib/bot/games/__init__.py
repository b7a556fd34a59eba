"""The per-channel game manager: lobby, one input path, phase reports, AI seats.

See `bot.games.manager` for the full surface. In short:

    from bot.games import Manager, Refusal
    manager = await Manager.open(settings)     # or a database path
    await manager.load()
    try:
        result = await manager.act(channel_id, user_id, number, code)
    except Refusal as r:
        ...  # r.message, ephemerally
    manager.listener = listener                # on_result: every result, in decision order
    for report in result.reports:              # PhaseReport: .title, .text(), .filename
        png = await report.drawn()             # the board, drawn off the event loop
        ...  # post it, then: await manager.ack(report)
    result.pending                             # Pending: .user_id to ping (None: AI), .decision,
                                               # .number for buttons, .deadline_at (Unix seconds)
    await manager.undo(channel_id, user_id)    # take back one's own last choice
    manager.start_scheduler()                  # deadlines and reminders, from the store
"""

from bot.rules import COMPILED, compiled_path

if COMPILED:  # the AI's search is compiled with the rules core, all or nothing (bot/rules/native.py)
    __path__.insert(0, compiled_path("games"))

# ruff: noqa: E402 (the imports below must follow that choice)
from . import orders
from .ai import LEVELS, seeded_choice
from .deadlines import BaseListener, FiredTimer, Listener
from .defaults import UNSET, ServerDefaults
from .manager import Manager
from .notify import HELD, REMINDER_CALL, TURN, Route
from .orders import SeatOrders
from .past import Past, board_png, replay_gif, summary_png
from .refusals import (
    STORE_UNREADABLE,
    ActedSince,
    AlreadySeated,
    AlreadyStarted,
    BadRequest,
    CannotUndo,
    ChallengePlayed,
    GameOver,
    Illegal,
    MovedOnSince,
    NoTable,
    NotAllowed,
    NotAPlayer,
    NotEnoughPlayers,
    NothingToUndo,
    NotStarted,
    NotTakenOver,
    NotYourChoice,
    NotYourTurn,
    PhaseOver,
    Refusal,
    Resigned,
    StaleDecision,
    TableExists,
    TableFull,
    TakenOver,
    Unavailable,
)
from .registry import pending_for
from .render import BoardRenderer, Renderer, render_board_png
from .reports import Chronicle, PhaseReport, PhaseSection
from .results import ActResult, AppliedMove
from .settings import ABSENT_RULES, DEADLINES, TAKEOVER_AFTER, TableSettings, deadline_label
from .table import GameResult, Pending, Seat, Table

__all__ = [
    "HELD", "REMINDER_CALL", "TURN", "UNSET", "ChallengePlayed", "Resigned", "Route", "ServerDefaults",  # issue 25
    "SeatOrders",
    "orders",
    "ABSENT_RULES",
    "DEADLINES",
    "LEVELS",
    "TAKEOVER_AFTER",
    "ActResult",
    "ActedSince",
    "AlreadySeated",
    "AlreadyStarted",
    "AppliedMove",
    "BadRequest",
    "BaseListener",
    "BoardRenderer",
    "CannotUndo",
    "Chronicle",
    "FiredTimer",
    "GameOver",
    "GameResult",
    "Illegal",
    "Listener",
    "Manager",
    "MovedOnSince",
    "NoTable",
    "NotAPlayer",
    "NotAllowed",
    "NotEnoughPlayers",
    "NotStarted",
    "NotTakenOver",
    "NotYourChoice",
    "NotYourTurn",
    "NothingToUndo",
    "Pending",
    "PhaseOver",
    "PhaseReport",
    "PhaseSection",
    "Refusal",
    "Renderer",
    "StaleDecision",
    "Seat",
    "Table",
    "TableExists",
    "TableFull",
    "TableSettings",
    "TakenOver",
    "STORE_UNREADABLE",
    "Unavailable",
    "deadline_label",
    "pending_for",
    "seeded_choice",
    "render_board_png",
    "Past",  # a table's past and what is drawn of it off the event loop (issue 24)
    "board_png",
    "replay_gif",
    "summary_png",
]
