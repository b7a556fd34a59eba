"""The health status file: the running bot writes, every `INTERVAL` seconds, when the gateway
was last seen connected and ready; `python -m bot health` (the image's HEALTHCHECK) exits 0 when
that is recent (HEALTH_MAX_AGE) and 1 otherwise, with one line saying why."""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

INTERVAL = 30.0


@dataclass
class Status:
    pid: int
    started_at: float
    state: str  # "starting", "ready", "disconnected", "stopping"
    ok_at: float | None = None  # the last time the gateway was connected and ready
    guilds: int = 0
    latency_ms: float | None = None


def write(path: Path, status: Status) -> None:
    """Replace the file atomically (a reader never sees half of it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(asdict(status)), encoding="utf-8")
    os.replace(tmp, path)


def read(path: Path) -> Status:
    data = json.loads(path.read_text(encoding="utf-8"))
    return Status(**data)


def check(path: Path, max_age: float, now: float | None = None) -> tuple[bool, str]:
    """(healthy, one line) for the status file at `path`."""
    now = time.time() if now is None else now
    try:
        status = read(path)
    except FileNotFoundError:
        return False, f"unhealthy: no status file at {path} (is the bot running?)"
    except (OSError, ValueError, TypeError) as e:
        return False, f"unhealthy: cannot read {path}: {e}"
    if status.state == "stopped":
        return False, f"unhealthy: the bot stopped (pid {status.pid})"
    if status.ok_at is None:
        since = now - status.started_at
        return False, f"unhealthy: {status.state}, never connected to Discord ({since:.0f} s since start)"
    age = now - status.ok_at
    if age > max_age:
        return False, (
            f"unhealthy: {status.state}; the gateway was last connected {age:.0f} s ago "
            f"(more than {max_age:.0f} s)"
        )
    return True, f"healthy: {status.state}, connected {age:.0f} s ago, {servers(status.guilds or 0)}"


def servers(n: int) -> str:
    """`1 server`, `3 servers` (the operator reads English)."""
    return f"{n} server" if n == 1 else f"{n} servers"
