"""`python -m bot` (or the console script `caylus-bot`) runs the Discord bot.

    caylus-bot                  run the bot (settings from the environment and .env)
    caylus-bot demo ...         play a complete game with AI seats, no Discord
    caylus-bot sync [--guild ID]  sync the /caylus commands to Discord (deploys; the bot itself
                                syncs at start only when the command tree changed)
    caylus-bot backup PATH      copy the database (online, consistent) to a new file PATH
    caylus-bot restore PATH     put a backup in place as the database (bot stopped; new machine)
    caylus-bot health           exit 0 if the running bot's gateway was connected recently
    caylus-bot migrate-db --from sqlite:PATH --to postgresql://…   copy into PostgreSQL
    caylus-bot --version        the version
    caylus-bot i18n             the translations: missing, fuzzy, placeholder errors (JSON last)
    caylus-bot ratings          results of games finished before they were kept; every rating again
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from pydantic import ValidationError

from bot import version

PROG = "caylus-bot"


def _parser() -> argparse.ArgumentParser:
    from bot.games import backfill, demo

    parser = argparse.ArgumentParser(prog=PROG, description="Caylus on Discord")
    parser.add_argument("--version", action="version", version=f"{PROG} {version()}")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (the default)")
    demo.add_arguments(sub.add_parser("demo", help="play a complete game with AI seats, no Discord"))
    backup = sub.add_parser(
        "backup", help="copy the database to a new file, safely while the bot runs"
    )
    backup.add_argument("path", type=Path, help="the new file (its folder is created)")
    backup.add_argument(
        "--database", type=Path, default=None, help="the database to copy (default: DATABASE_PATH)"
    )
    restore = sub.add_parser(
        "restore", help="put a backup in place as the database (the bot stopped; a new machine)"
    )
    restore.add_argument("path", type=Path, help="the backup file (made by `caylus-bot backup`)")
    restore.add_argument(
        "--database", type=Path, default=None, help="where it goes (default: DATABASE_PATH; must not exist)"
    )
    sync = sub.add_parser(
        "sync", help="sync the /caylus commands to Discord now (deploys), globally or to one guild"
    )
    sync.add_argument("--guild", type=int, default=None, metavar="ID", help="sync to this guild only (instant)")
    sub.add_parser("health", help="exit 0 if the running bot is connected to Discord (Docker)")
    sub.add_parser("i18n", help="the state of the translations (bot/locale), JSON on the last line")
    backfill.add_arguments(sub.add_parser("ratings", help="results of older finished games, then every rating again"))
    sub.add_parser(
        "migrate-db",
        add_help=False,
        help="copy a SQLite database into an empty PostgreSQL one (--from sqlite:PATH --to postgresql://…)",
    )
    return parser


def in_docker() -> bool:
    """Run in the project's image (its Dockerfile sets CAYLUS_IN_DOCKER=1)."""
    return os.environ.get("CAYLUS_IN_DOCKER") == "1"


def _settings() -> object:
    from bot.config import load_settings
    from bot.ui import texts

    try:
        return load_settings()
    except ValidationError as e:
        print(texts.bad_settings(e), file=sys.stderr)
        return None


def run_bot() -> int:
    from bot.config import Settings
    from bot.service.failures import StartupFailure, check_database
    from bot.service.logs import setup_logging
    from bot.ui import texts

    settings = _settings()
    if not isinstance(settings, Settings):
        return 2
    setup_logging(settings.log_level, settings.log_format)
    if not settings.token:
        print(texts.no_token(in_docker()), file=sys.stderr)
        return 2
    try:
        if settings.uses_sqlite:
            check_database(settings.database_path)
        from bot.service.runner import serve

        return asyncio.run(serve(settings))
    except StartupFailure as failure:
        print(failure.line, file=sys.stderr)
        return failure.code
    except KeyboardInterrupt:  # before the signal handlers were in place
        return 130


def _sqlite_path(given: Path | None, command: str) -> Path | None:
    """`--database`, else DATABASE_PATH; None (said why) when the settings are bad or the bot
    runs on PostgreSQL, whose backups are PostgreSQL's own tools' (docs/scaling.md#backups)."""
    from bot.config import Settings

    if given is not None:
        return given
    settings = _settings()
    if not isinstance(settings, Settings):
        return None
    if not settings.uses_sqlite:
        print(
            f"{command}: the bot uses PostgreSQL (DATABASE_URL): use pg_dump and pg_restore "
            "(docs/scaling.md#backups); `caylus-bot migrate-db` copies a SQLite backup in",
            file=sys.stderr,
        )
        return None
    return settings.database_path


def run_backup(args: argparse.Namespace) -> int:
    from bot.service.backup import BackupError, backup

    source = _sqlite_path(args.database, "backup")
    if source is None:
        return 2
    try:
        size = backup(source, args.path)
    except BackupError as e:
        print(f"backup failed: {e}", file=sys.stderr)
        return 1
    print(f"backed up {source} to {args.path} ({size:,} bytes)")
    return 0


def run_restore(args: argparse.Namespace) -> int:
    from bot.service.backup import BackupError, restore

    target = _sqlite_path(args.database, "restore")
    if target is None:
        return 2
    try:
        tables, active = restore(args.path, target)
    except BackupError as e:
        print(f"restore failed: {e}", file=sys.stderr)
        return 1
    print(
        f"restored {args.path} to {target}: {tables} table{'' if tables == 1 else 's'},"
        f" {active} of them open or playing"
    )
    return 0


def run_sync(args: argparse.Namespace) -> int:
    from bot.config import Settings
    from bot.service.logs import setup_logging
    from bot.service.sync import sync_commands, token_of
    from bot.ui import texts

    settings = _settings()
    if not isinstance(settings, Settings):
        return 2
    setup_logging(settings.log_level, settings.log_format)
    if not token_of(settings):
        print(texts.no_token(in_docker()), file=sys.stderr)
        return 2
    return asyncio.run(sync_commands(settings, args.guild))


def run_health() -> int:
    from bot.config import Settings
    from bot.service.health import check

    settings = _settings()
    if not isinstance(settings, Settings):
        return 2
    healthy, line = check(settings.health_path, settings.health_max_age)
    print(line)
    return 0 if healthy else 1


def main(argv: list[str] | None = None) -> int:
    raw = sys.argv[1:] if argv is None else list(argv)
    if raw[:1] == ["migrate-db"]:
        from bot.store.transfer import main as migrate_db

        return migrate_db(raw[1:], prog=f"{PROG} migrate-db")
    args = _parser().parse_args(argv)
    if args.command == "demo":
        from bot.games import demo

        return demo.main(args)
    if args.command == "backup":
        return run_backup(args)
    if args.command == "restore":
        return run_restore(args)
    if args.command == "health":
        return run_health()
    if args.command == "sync":
        return run_sync(args)
    if args.command == "ratings":
        from bot.games import backfill

        return backfill.main(args)
    if args.command == "i18n":
        from bot.i18n import report
        from bot.ui import label_limits

        return report.main(labels=label_limits.over_limit)
    return run_bot()


if __name__ == "__main__":
    sys.exit(main())
