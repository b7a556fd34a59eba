"""Logs an operator can read: `plain` text (ANSI colours only when the stream is a terminal, and
never with NO_COLOR) or `json` (one object a line), and no voice warnings (the bot has no voice).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from typing import IO, Any

PLAIN = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
DATE = "%Y-%m-%d %H:%M:%S"
COLOURS = {
    logging.DEBUG: "\x1b[30;1m",
    logging.INFO: "\x1b[34;1m",
    logging.WARNING: "\x1b[33;1m",
    logging.ERROR: "\x1b[31m",
    logging.CRITICAL: "\x1b[41m",
}
RESET = "\x1b[0m"
# discord.py's reconnect messages (a Client's, an AutoShardedClient's shard's): logged with a
# full traceback at every retry of an outage.
RECONNECT_PREFIX = ("Attempting a reconnect in", "Attempting a reconnect for shard ID")
# asyncpg's pool, reconnecting while PostgreSQL is away (bot.games.outage says the rest)
ONE_LINE_PREFIX = (*RECONNECT_PREFIX, "Failed to restore the pool connection floor")


class ColourFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        colour = COLOURS.get(record.levelno, "")
        line = super().format(record)
        return f"{colour}{line}{RESET}" if colour else line


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (ISO 8601, UTC), level, logger, message (+ exc)."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


class OneLineReconnects(logging.Filter):
    """discord.py logs every reconnect attempt with the whole traceback, and asyncpg's pool
    every attempt to reconnect to PostgreSQL; keep the cause only."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith(ONE_LINE_PREFIX):
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} (cause: {describe(error)})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


def describe(error: BaseException | None) -> str:
    if error is None:
        return "unknown"
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def wants_colour(stream: IO[str]) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def silence_voice_warnings() -> None:
    """discord.py warns at every start that PyNaCl and davey (voice) are missing: the bot has no
    voice, so these two warnings say nothing."""
    from discord.voice_client import VoiceClient

    VoiceClient.warn_nacl = False
    if hasattr(VoiceClient, "warn_dave"):
        VoiceClient.warn_dave = False


def setup_logging(level: str = "INFO", fmt: str = "plain", stream: IO[str] | None = None) -> None:
    """Configure the root logger once for the process (replaces handlers set before)."""
    stream = stream or sys.stderr
    handler = logging.StreamHandler(stream)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    elif wants_colour(stream):
        handler.setFormatter(ColourFormatter(PLAIN, DATE))
    else:
        handler.setFormatter(logging.Formatter(PLAIN, DATE))
    handler.addFilter(OneLineReconnects())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    numeric = logging.getLevelName(level.upper())
    root.setLevel(numeric if isinstance(numeric, int) else logging.INFO)
    # discord.py's HTTP layer is chatty at INFO only when rate limited; keep it as it is.
    silence_voice_warnings()
