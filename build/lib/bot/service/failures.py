"""Start-up failures as one line each: what failed and what to check (no traceback).

`StartupFailure(line, code)` is raised by the runner; `main` prints the line and exits with the
code. The database is checked before anything goes to Discord, so a wrong DATABASE_PATH is told
at once, also without a network.
"""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import aiohttp
import discord

if TYPE_CHECKING:
    from bot.config import Settings

DEFAULT_API = "https://discord.com/api/v10"
DEFAULT_GATEWAY = "wss://gateway.discord.gg"
DOCKER_HINT = "in Docker, leave DATABASE_PATH to the image (/data/caylus.sqlite3, on the volume)"


class StartupFailure(Exception):
    def __init__(self, line: str, code: int = 1) -> None:
        super().__init__(line)
        self.line = line
        self.code = code


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error).strip() or type(error).__name__


def check_database(path: Path) -> None:
    """Open the SQLite file (creating it and its folder if needed) and check it can be read and
    written; raise StartupFailure naming the path and the cause."""
    where = f"cannot open the database {path}"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StartupFailure(
            f"{where}: cannot create its folder {path.parent} ({_reason(e)}). "
            f"Check DATABASE_PATH and the folder's owner and permissions; {DOCKER_HINT}."
        ) from None
    try:
        con = sqlite3.connect(path, timeout=10.0)
        try:
            con.execute("PRAGMA schema_version").fetchone()  # reads the header
            con.execute("BEGIN IMMEDIATE")  # takes the write lock
            version = con.execute("PRAGMA user_version").fetchone()[0]
            con.execute(f"PRAGMA user_version = {int(version)}")  # and writes
            con.execute("ROLLBACK")
        finally:
            con.close()
    except sqlite3.Error as e:
        raise StartupFailure(
            f"{where}: {_reason(e)}. Check that DATABASE_PATH names a SQLite file this user can "
            f"read and write (and its folder too); {DOCKER_HINT}."
        ) from None
    except OSError as e:
        raise StartupFailure(f"{where}: {_reason(e)}. Check DATABASE_PATH; {DOCKER_HINT}.") from None


def database_failure(settings: Settings, error: BaseException) -> StartupFailure:
    """A failure of the store while the bot set itself up (after the check above passed): one
    line naming the SQLite file, or the PostgreSQL URL without its password."""
    if settings.database_url is None:
        return StartupFailure(f"cannot open the database {settings.database_path}: {_reason(error)}.")
    from bot.store.postgres import redacted

    reason = _reason(error).replace(settings.database_url, redacted(settings.database_url))
    return StartupFailure(
        f"cannot open the database {redacted(settings.database_url)}: {' '.join(reason.split())}."
        " Check DATABASE_URL and that the PostgreSQL server is up and reachable."
    )


def _host(url: str) -> str:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme in ("https", "wss") else 80)
    return f"{parts.hostname}:{port}"


def _network(error: BaseException) -> BaseException | None:
    """The network error inside `error` (aiohttp wraps OSErrors), if it is one."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, aiohttp.ClientConnectorError | aiohttp.ClientError | OSError):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def explain_network(what: str, url: str, error: BaseException, timeout: float) -> str:
    """One line for a failure to reach `url` (the REST API or the gateway)."""
    host = _host(url)
    if isinstance(error, TimeoutError):
        return (
            f"{what}: no answer from {host} within {timeout:g} s. Check that this machine (or "
            "container) can reach it: a firewall or proxy dropping outgoing connections, or a "
            "network without a route out; DISCORD_TIMEOUT sets the wait."
        )
    inner = _network(error) or error
    if isinstance(inner, aiohttp.ClientConnectorDNSError) or isinstance(
        getattr(inner, "os_error", None) or inner, socket.gaierror
    ):
        return (
            f"{what}: the name {host.rsplit(':', 1)[0]} does not resolve (DNS). Check this "
            "machine's (or container's) network and DNS settings."
        )
    if isinstance(inner, aiohttp.ClientConnectorCertificateError | aiohttp.ClientSSLError):
        return (
            f"{what}: the TLS handshake with {host} failed ({_reason(inner)}). Check the system "
            "clock and the CA certificates (ca-certificates), or a proxy intercepting HTTPS."
        )
    os_error = getattr(inner, "os_error", None) or inner
    if isinstance(os_error, ConnectionRefusedError):
        return (
            f"{what}: connection to {host} refused. Check the firewall, proxy settings, and "
            "DISCORD_API_URL / DISCORD_GATEWAY_URL if you set them."
        )
    if isinstance(error, discord.HTTPException):
        if error.status >= 500:
            return (
                f"{what}: Discord answered {error.status} ({_reason(error)}): Discord may be "
                "down (https://discordstatus.com); the bot will start when restarted."
            )
        return f"{what}: Discord answered {error.status}: {_reason(error)}."
    return f"{what}: {type(inner).__name__}: {_reason(inner)} (reaching {host})."


def explain_login(error: BaseException, api_url: str | None, timeout: float) -> StartupFailure:
    if isinstance(error, discord.LoginFailure):
        from bot.ui import texts

        return StartupFailure(texts.BAD_TOKEN)
    return StartupFailure(explain_network("cannot log in to Discord", api_url or DEFAULT_API, error, timeout))


def explain_gateway(
    error: BaseException | None, gateway_url: str | None, timeout: float, *, timed_out: bool = False
) -> StartupFailure:
    """The gateway (websocket) did not get ready: `error` is what ended the connection (or the
    last reconnect's cause when it `timed_out`), None when nothing was heard within `timeout`."""
    url = gateway_url or DEFAULT_GATEWAY
    what = "logged in, but the gateway did not connect"
    if timed_out:
        what += f" within {timeout:g} s"
    if error is None:
        return StartupFailure(
            f"{what} ({_host(url)}). Check that outgoing WebSocket connections (wss, port 443) "
            "are allowed; DISCORD_TIMEOUT sets the wait."
        )
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return StartupFailure(f"{what}: Discord refused the intents ({error}).")
    if isinstance(error, discord.ConnectionClosed):
        if error.code == 4004:
            from bot.ui import texts

            return StartupFailure(texts.BAD_TOKEN)
        return StartupFailure(f"{what}: Discord closed it with code {error.code} ({error.reason}).")
    return StartupFailure(explain_network(what, url, error, timeout))
