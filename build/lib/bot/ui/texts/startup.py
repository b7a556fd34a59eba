"""What the operator reads when the bot cannot start (token, settings)."""

from __future__ import annotations

NO_TOKEN = """\
The Discord bot token is missing: set DISCORD_TOKEN in the environment or in a .env file.

To get one: open the Discord Developer Portal (https://discord.com/developers/applications),
choose (or create) your application, open Bot, press Reset Token and copy it. Then put it in a
file named .env next to where you run the bot:

    DISCORD_TOKEN=paste-your-token-here

(See .env.example and docs/operations.md.)"""

# The same in the Docker image (which sets CAYLUS_IN_DOCKER=1): a .env next to the bot is not
# read there; the container gets its variables from `--env-file` or compose's `env_file`.
NO_TOKEN_IN_DOCKER = """\
The Discord bot token is missing: DISCORD_TOKEN is not set in the container.

To get one: open the Discord Developer Portal (https://discord.com/developers/applications),
choose (or create) your application, open Bot, press Reset Token and copy it. Put it in a file
named .env (copy .env.example) on the machine that runs Docker:

    DISCORD_TOKEN=paste-your-token-here

then give that file to the container: `docker run --env-file .env …`, or with compose run
`docker compose up -d` in the folder that holds .env (compose.yaml reads it: env_file).
(See docs/operations.md, "In Docker".)"""


def no_token(in_docker: bool) -> str:
    return NO_TOKEN_IN_DOCKER if in_docker else NO_TOKEN

def bad_settings(error: object) -> str:
    return f"The settings are not valid (see .env.example):\n{error}"


BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN. Get a fresh one in the Developer Portal "
    "(Applications → your app → Bot → Reset Token) and put it in .env as DISCORD_TOKEN=..."
)
