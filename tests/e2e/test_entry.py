"""`python -m bot` (what `make run` runs) without a token: a clear message, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run_bot(cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )


def test_without_a_token_it_says_how_to_get_one(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "DISCORD_TOKEN" in done.stderr
    assert "Developer Portal" in done.stderr and "Reset Token" in done.stderr
    assert "DISCORD_TOKEN=" in done.stderr and ".env" in done.stderr
    assert not (tmp_path / "data").exists()  # nothing created before the token is there


def test_an_empty_token_in_dot_env_is_missing_too(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\nLOG_LEVEL=debug\n")
    done = run_bot(tmp_path, {})
    assert done.returncode == 2 and "Reset Token" in done.stderr


def test_invalid_settings_are_reported(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nDEV_GUILD_ID=not-a-number\n")
    done = run_bot(tmp_path, {})
    assert done.returncode == 2 and "DEV_GUILD_ID" in done.stderr.upper() and "Traceback" not in done.stderr
