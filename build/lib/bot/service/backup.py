"""`caylus-bot backup PATH`: an online copy of the SQLite database through Python's sqlite3
backup API (consistent while the bot runs; no sqlite3 command-line tool needed).

`caylus-bot restore PATH`: the way back, on this machine or a new one: the backup is checked (a
database of this bot, whole, of a schema this version knows) and copied into place as
DATABASE_PATH, which must not exist yet; the next start migrates it if it is older and the
tables go on where they were, their buttons included."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from bot.store import SCHEMA_VERSION

WAL_FILES = ("-wal", "-shm")  # SQLite's files beside a database in WAL mode


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


def restore(source: Path, target: Path) -> tuple[int, int]:
    """Put the backup `source` in place as the database `target` (which must not exist: the
    bot is stopped and nothing is overwritten); return (tables, active tables) in it. The copy
    is made beside `target` and renamed, so a restore cut short leaves no half database; -wal
    and -shm files left there by a database since removed go first (SQLite would apply them to
    the restored one). Raises BackupError with a one-line reason."""
    if target.exists():
        raise BackupError(
            f"{target} exists already: stop the bot and move it aside first (nothing was changed)"
        )
    tables, active = check_backup(source)
    spare = target.with_name(f".{target.name}.restoring")
    spare.unlink(missing_ok=True)
    backup(source, spare)
    for suffix in WAL_FILES:
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    os.replace(spare, target)
    return tables, active


def check_backup(path: Path) -> tuple[int, int]:
    """(tables, active tables) of a backup this bot can run on, or BackupError saying why not."""
    if not path.is_file():
        raise BackupError(f"no backup at {path}")
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise BackupError(f"cannot open {path}: {e}") from e
    try:
        check = con.execute("PRAGMA integrity_check").fetchone()
        if not check or check[0] != "ok":
            raise BackupError(f"{path} failed its integrity check: {check}")
        version = int(con.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise BackupError(
                f"{path} has schema version {version}; this bot knows up to {SCHEMA_VERSION}: "
                "install the version that made it (or a newer one)"
            )
        try:
            tables, active = con.execute(
                "SELECT COUNT(*), COALESCE(SUM(status IN ('open', 'started')), 0) FROM game_tables"
            ).fetchone()
        except sqlite3.OperationalError:
            raise BackupError(f"{path} is not a database of this bot (no game_tables)") from None
    except sqlite3.DatabaseError as e:
        raise BackupError(f"{path} is not a SQLite database: {e}") from e
    finally:
        con.close()
    return int(tables), int(active)
