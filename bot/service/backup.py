"""`caylus-bot backup PATH`: an online copy of the SQLite database through Python's sqlite3
backup API (consistent while the bot runs; no sqlite3 command-line tool needed)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


class BackupError(Exception):
    pass


def backup(source: Path, target: Path, *, pages: int = 1024) -> int:
    """Copy `source` to `target` (a new file; its folder is created); return the target's size
    in bytes. Raises BackupError with a one-line reason."""
    if not source.is_file():
        raise BackupError(f"no database at {source} (set DATABASE_PATH)")
    if target.exists():
        raise BackupError(f"{target} exists already: choose a new file name")
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        src = sqlite3.connect(source)
    except sqlite3.Error as e:
        raise BackupError(f"cannot open {source}: {e}") from e
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst, pages=pages)
            # A plain file, readable alone: no -wal / -shm needed next to it.
            dst.execute("PRAGMA journal_mode=DELETE")
            check = dst.execute("PRAGMA integrity_check").fetchone()
        finally:
            dst.close()
    except sqlite3.Error as e:
        target.unlink(missing_ok=True)
        raise BackupError(f"backup of {source} failed: {e}") from e
    finally:
        src.close()
    if not check or check[0] != "ok":
        raise BackupError(f"the copy in {target} failed its integrity check: {check}")
    return target.stat().st_size
