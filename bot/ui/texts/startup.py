"""What the operator reads when the bot cannot start (token, settings)."""

from __future__ import annotations

NO_TOKEN = """\
The Discord bot token is missing: set DISCORD_TOKEN in the environment or in a .env file.

To get one: open the Discord Developer Portal (https://discord.com/developers/applications),
choose (or create) your application, open Bot, press Reset Token and copy it. Then put it in a
file named .env next to where you run the bot:

    DISCORD_TOKEN=paste-your-token-here

(See .env.example and docs/operations.md.)"""

def bad_settings(error: object) -> str:
    return f"The settings are not valid (see .env.example):\n{error}"


BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN. Get a fresh one in the Developer Portal "
    "(Applications → your app → Bot → Reset Token) and put it in .env as DISCORD_TOKEN=..."
)
