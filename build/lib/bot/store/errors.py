"""The store's own error types: the games layer catches these, never a driver's.

Every backend wraps its driver's errors (sqlite3, asyncpg, a lost connection) in `StoreError`
or one of its subclasses, keeping the driver's exception as `__cause__`.

Transition: the SQLite store's wrapped errors also subclass `sqlite3.Error` (see
`bot.store.sqlite`), so code that still catches `sqlite3.Error` keeps working with SQLite; code
that must also work on PostgreSQL catches `StoreError`.
"""

from __future__ import annotations


class StoreError(Exception):
    """A store operation that cannot be done (the message says why)."""


class ChannelBusy(StoreError):
    """The channel already has an open or started table."""


class ChallengeTaken(StoreError):
    """The person has already played (or is playing) that week's challenge."""


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot."""


class Conflict(StoreError):
    """A row that must be unique already exists (a move recorded twice, for instance); the
    transaction was rolled back."""
