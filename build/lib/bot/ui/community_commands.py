"""The community's commands (issue 25), beside `/caylus`:

    /caylus-mygames                                  (also in DMs)
    /caylus-stats [player] [everywhere] [public]     (also in DMs)
    /caylus-notify [where] [time_zone] [quiet_from] [quiet_to] [no_quiet]   (also in DMs)
    /caylus-watch · /caylus-unwatch · /caylus-resign
    /caylus-leaderboard [page] [everywhere] [public]
    /caylus-challenge [results] [everywhere]
    /caylus-setup [deadline] [language] [ai_level] [thread] [channel] [reset]   (Manage Server)

Commands of their own, not subcommands of `/caylus`: Discord caps a command at 25
subcommands and at 4,000 characters of names, descriptions and choices (its longest
localization counted), and `/caylus` is near both with the game's own. Typing "/caylus" in
Discord lists them all together. Each hands over to the community flow (bot/ui/community.py).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from .commands import AI_LEVELS, DEADLINES, LANGUAGES
from .host import host
from .texts import community_commands as say

Interaction = discord.Interaction[Any]
WHERE: list[app_commands.Choice[str]] = [app_commands.Choice(name=n, value=v) for v, n in say.WHERE.items()]
DESCRIBE, OPTION = say.COMMANDS, say.OPTIONS


def _command(name: str, **kw: Any) -> Any:
    """A top-level command of the community, `/caylus-<name>` (on servers only unless `dm`)."""
    dm = kw.pop("dm", False)
    deco = app_commands.command(name=f"caylus-{name}", description=DESCRIBE[name], **kw)

    def wrap(fn: Any) -> Any:
        cmd: Any = deco(fn)
        if not dm:
            cmd.guild_only = True
        return cmd

    return wrap


@_command("mygames", dm=True)
async def mygames(interaction: Interaction) -> None:
    await host(interaction).community.mygames(interaction)


@_command("stats", dm=True)
@app_commands.describe(player=OPTION["player"], everywhere=OPTION["everywhere"], public=OPTION["public"])
async def stats(
    interaction: Interaction, player: discord.User | None = None, everywhere: bool = False, public: bool = False
) -> None:
    await host(interaction).community.stats(
        interaction, player, everywhere=everywhere or interaction.guild_id is None, public=public
    )


@_command("notify", dm=True)
@app_commands.describe(
    where=OPTION["where"], time_zone=OPTION["time_zone"], quiet_from=OPTION["quiet_from"],
    quiet_to=OPTION["quiet_to"], no_quiet=OPTION["no_quiet"],
)  # fmt: skip
@app_commands.choices(where=WHERE)
async def notify(
    interaction: Interaction, where: str | None = None, time_zone: str | None = None,
    quiet_from: str | None = None, quiet_to: str | None = None, no_quiet: bool = False,
) -> None:  # fmt: skip
    await host(interaction).community.notify(
        interaction, where=where, time_zone=time_zone, quiet_from=quiet_from, quiet_to=quiet_to, no_quiet=no_quiet
    )


@notify.autocomplete("time_zone")
async def _zones(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    return host(interaction).community.zones(current)


@_command("watch")
async def watch(interaction: Interaction) -> None:
    await host(interaction).community.watch(interaction)


@_command("unwatch")
async def unwatch(interaction: Interaction) -> None:
    await host(interaction).community.watch(interaction, stop=True)


@_command("resign")
async def resign(interaction: Interaction) -> None:
    await host(interaction).community.ask_resign(interaction)


@_command("leaderboard")
@app_commands.describe(page=OPTION["page"], everywhere=OPTION["everywhere"], public=OPTION["public"])
async def leaderboard(
    interaction: Interaction, page: app_commands.Range[int, 1, 1000] = 1, everywhere: bool = False,
    public: bool = False,
) -> None:  # fmt: skip
    await host(interaction).community.leaderboard(interaction, page=page - 1, everywhere=everywhere, public=public)


@_command("challenge")
@app_commands.describe(results=OPTION["results"], everywhere=OPTION["everywhere"])
async def challenge(interaction: Interaction, results: bool = False, everywhere: bool = False) -> None:
    await host(interaction).community.challenge(interaction, results=results, everywhere=everywhere)


@_command("setup")
@app_commands.default_permissions(manage_guild=True)
@app_commands.describe(
    deadline=OPTION["deadline"], language=OPTION["language"], ai_level=OPTION["ai_level"],
    thread=OPTION["thread"], channel=OPTION["channel"], reset=OPTION["reset"],
)  # fmt: skip
@app_commands.choices(deadline=DEADLINES, language=LANGUAGES, ai_level=AI_LEVELS)  # type: ignore[misc]
async def setup(
    interaction: Interaction, deadline: int | None = None, language: str | None = None,
    ai_level: str | None = None, thread: bool | None = None, channel: discord.TextChannel | None = None,
    reset: bool = False,
) -> None:  # fmt: skip
    await host(interaction).community.setup(
        interaction, reset=reset, deadline=deadline, language=language, ai_level=ai_level, thread=thread,
        channel=channel.id if channel is not None else None,
    )  # fmt: skip


COMMANDS = (mygames, stats, notify, watch, unwatch, resign, leaderboard, challenge, setup)


def add_to(tree: app_commands.CommandTree[Any]) -> None:
    """The community's commands, beside `/caylus`."""
    for command in COMMANDS:
        tree.add_command(command)
