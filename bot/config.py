"""Configuration from the environment and `.env` (pydantic-settings).

| Variable        | Default                | Meaning                                             |
|-----------------|------------------------|-----------------------------------------------------|
| DISCORD_TOKEN   | "" (empty)             | the bot token; only the Discord layer needs it      |
| DATABASE_PATH   | data/caylus.sqlite3    | the SQLite file, created with its folder on first use |
| LOG_LEVEL       | INFO                   | level for the `logging` root logger                 |
| DEV_GUILD_ID    | unset                  | a guild to sync slash commands to instantly (development) |

Names are case-insensitive; variables in the process environment win over `.env`.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_PATH = Path("data/caylus.sqlite3")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = ""
    database_path: Path = DEFAULT_DATABASE_PATH
    log_level: str = "INFO"
    dev_guild_id: int | None = None

    @field_validator("log_level")
    @classmethod
    def _upper_level(cls, value: str) -> str:
        return value.strip().upper() or "INFO"

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _empty_guild_is_none(cls, value: object) -> object:
        return None if value == "" else value


def load_settings(**overrides: object) -> Settings:
    """Read the settings from the environment and `.env`; keyword overrides win."""
    return Settings(**overrides)  # type: ignore[arg-type]
