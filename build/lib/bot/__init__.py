"""Caylus on Discord: the bot (`caylus-bot`, `python -m bot`)."""

from __future__ import annotations

DISTRIBUTION = "caylus-discord"  # the name in pyproject.toml


def version() -> str:
    """The installed version (pyproject.toml's), e.g. `0.1.0`."""
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"
