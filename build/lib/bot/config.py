"""Configuration from the environment and `.env` (pydantic-settings).

| Variable            | Default                | Meaning                                                 |
|---------------------|------------------------|---------------------------------------------------------|
| DISCORD_TOKEN       | "" (empty)             | the bot token; only the Discord layer needs it          |
| DATABASE_PATH       | data/caylus.sqlite3    | the SQLite file, created with its folder on first use   |
| DATABASE_URL        | unset                  | `postgresql://…`: use PostgreSQL instead of the SQLite file (docs/scaling.md) |
| DATABASE_POOL_MIN / _MAX | 1 / 10            | PostgreSQL connection pool sizes                        |
| SHARD_COUNT         | 1                      | Discord shards of the whole bot (several processes: PostgreSQL) |
| SHARD_IDS           | all                    | this process's shards, e.g. `0-3` or `0,2`: it loads, acts on and fires timers only for their guilds' tables |
| LOG_LEVEL           | INFO                   | level for the `logging` root logger                     |
| LOG_FORMAT          | plain                  | `plain` (colours only on a terminal) or `json` (one object a line) |
| DEV_GUILD_ID        | unset                  | a guild to sync slash commands to instantly (development) |
| DISCORD_TIMEOUT     | 25                     | seconds to wait for Discord at start-up: for the login (REST), then again for the gateway |
| HEALTH_FILE         | DATABASE_PATH + ".health" | the status file `python -m bot health` reads          |
| HEALTH_MAX_AGE      | 180                    | seconds: older news from the gateway is "unhealthy"     |
| DISCORD_API_URL     | unset (discord.com)    | another REST base, e.g. a rate-limit proxy (or the tests' fake) |
| DISCORD_GATEWAY_URL | unset (gateway.discord.gg) | another gateway URL (tests' fake)                    |
| LOBBY_EXPIRY_DAYS   | 7                      | a table not started within this many days of its creation closes itself; 0: never |
| AI_PROCESSES        | 1                      | worker processes for the hard (strong) AI's searches, shared by all tables; 0: one thread of the bot's process (tests) |
| AI_THINK_MS         | 2000                   | the hard AI's think time per decision, in milliseconds |

Names are case-insensitive; variables in the process environment win over `.env`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_PATH = Path("data/caylus.sqlite3")
HEALTH_SUFFIX = ".health"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = SecretStr("")  # shown as '**********' in reprs and logs
    database_path: Path = DEFAULT_DATABASE_PATH
    database_url: str | None = None
    database_pool_min: int = 1
    database_pool_max: int = 10
    shard_count: int = 1
    shard_ids: str | None = None
    log_level: str = "INFO"
    log_format: Literal["plain", "json"] = "plain"
    dev_guild_id: int | None = None
    discord_timeout: float = 25.0
    health_file: Path | None = None
    health_max_age: float = 180.0
    discord_api_url: str | None = None
    discord_gateway_url: str | None = None
    lobby_expiry_days: float = 7.0
    ai_processes: int = 1
    ai_think_ms: int = 2000

    @field_validator("log_level")
    @classmethod
    def _upper_level(cls, value: str) -> str:
        return value.strip().upper() or "INFO"

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_format(cls, value: object) -> object:
        return value.strip().lower() or "plain" if isinstance(value, str) else value

    @field_validator(
        "dev_guild_id",
        "health_file",
        "discord_api_url",
        "discord_gateway_url",
        "database_url",
        "shard_ids",
        mode="before",
    )
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("discord_timeout", "health_max_age")
    @classmethod
    def _positive(cls, value: float) -> float:
        if value <= 0:
            raise ValueError("must be a number of seconds above 0")
        return value

    @field_validator("lobby_expiry_days")
    @classmethod
    def _not_negative(cls, value: float) -> float:
        if value < 0:
            raise ValueError("must be a number of days, 0 or more (0: lobbies never expire)")
        return value

    @field_validator("ai_processes")
    @classmethod
    def _processes(cls, value: int) -> int:
        if value < 0:
            raise ValueError("must be 0 or more (0: one thread of the bot's process)")
        return value

    @field_validator("shard_count", "database_pool_min", "database_pool_max", "ai_think_ms")
    @classmethod
    def _at_least_one(cls, value: int) -> int:
        if value < 1:
            raise ValueError("must be 1 or more")
        return value

    @property
    def token(self) -> str:
        """The bot token itself (stripped), for the one place that logs in."""
        return self.discord_token.get_secret_value().strip()

    @property
    def database(self) -> str | Path:
        """Where the games are stored: DATABASE_URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def uses_sqlite(self) -> bool:
        return self.database_url is None

    @property
    def health_path(self) -> Path:
        """Where the running bot writes its status (see bot.service.health)."""
        if self.health_file is not None:
            return self.health_file
        return self.database_path.with_name(self.database_path.name + HEALTH_SUFFIX)


def load_settings(**overrides: object) -> Settings:
    """Read the settings from the environment and `.env`; keyword overrides win."""
    return Settings(**overrides)  # type: ignore[arg-type]
