"""The `/caylus` command group: each command hands over to the lobby, play or info flows.
(Descriptions are in texts.py, with every other text.)"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from . import texts
from .components import host
from .play import provost_code

Interaction = discord.Interaction[Any]
LAWYER_PP: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=n, value=v) for v, n in texts.LAWYER_CHOICES.items()
]
AI_LEVELS: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=n, value=v) for v, n in texts.AI_LEVELS.items()
]
DEADLINES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=n, value=v) for v, n in texts.DEADLINE_CHOICES.items()
]
TAKEOVERS: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=n, value=v) for v, n in texts.TAKEOVER_CHOICES.items()
]
DESCRIBE = texts.COMMANDS
OPTION = texts.OPTIONS


class CaylusCommands(
    app_commands.Group, name="caylus", description=texts.GROUP_DESCRIPTION, guild_only=True
):
    # ----- the table ---------------------------------------------------------------------------

    @app_commands.command(description=DESCRIBE["new"])
    @app_commands.describe(
        seats=OPTION["seats"],
        ai=OPTION["ai"],
        jeweller=OPTION["jeweller"],
        lawyer_pp=OPTION["lawyer_pp"],
        simple_favours=OPTION["simple_favours"],
        ai_level=OPTION["ai_level"],
        deadline=OPTION["deadline"],
        takeover=OPTION["takeover"],
    )
    @app_commands.choices(lawyer_pp=LAWYER_PP, ai_level=AI_LEVELS, deadline=DEADLINES, takeover=TAKEOVERS)  # type: ignore[misc]
    async def new(
        self,
        interaction: Interaction,
        seats: app_commands.Range[int, 2, 5] = 4,
        ai: app_commands.Range[int, 0, 4] = 0,
        jeweller: bool = False,
        lawyer_pp: int = 4,
        simple_favours: bool = False,
        ai_level: str = "greedy",
        deadline: int = 0,
        takeover: int = 3,
    ) -> None:
        await host(interaction).lobby.new(
            interaction,
            seats=seats,
            ai=ai,
            jeweller=jeweller,
            lawyer_pp=lawyer_pp,
            simple_favours=simple_favours,
            ai_level=ai_level,
            deadline=deadline or None,
            takeover_after=takeover or None,
        )

    @app_commands.command(description=DESCRIBE["join"])
    async def join(self, interaction: Interaction) -> None:
        await host(interaction).lobby.command(interaction, "join")

    @app_commands.command(description=DESCRIBE["leave"])
    async def leave(self, interaction: Interaction) -> None:
        await host(interaction).lobby.command(interaction, "leave")

    @app_commands.command(description=DESCRIBE["start"])
    async def start(self, interaction: Interaction) -> None:
        await host(interaction).lobby.command(interaction, "start")

    @app_commands.command(description=DESCRIBE["abandon"])
    async def abandon(self, interaction: Interaction) -> None:
        await host(interaction).lobby.ask_abandon(interaction)

    # ----- playing -------------------------------------------------------------------------------

    @app_commands.command(description=DESCRIBE["place"])
    @app_commands.describe(target=OPTION["target"])
    async def place(self, interaction: Interaction, target: str) -> None:
        await host(interaction).play.command(interaction, target.strip())

    @place.autocomplete("target")
    async def _place_targets(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return host(interaction).play.autocomplete(interaction, current, "place", skip=("pass",))

    @app_commands.command(name="pass", description=DESCRIBE["pass"])
    async def pass_(self, interaction: Interaction) -> None:
        await host(interaction).play.command(interaction, "pass")

    @app_commands.command(description=DESCRIBE["provost"])
    @app_commands.describe(move=OPTION["move"])
    async def provost(self, interaction: Interaction, move: str) -> None:
        await host(interaction).play.command(interaction, provost_code(move))

    @provost.autocomplete("move")
    async def _provost_moves(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return host(interaction).play.autocomplete(interaction, current, "provost")

    # ----- looking around ----------------------------------------------------------------------

    @app_commands.command(description=DESCRIBE["board"])
    @app_commands.describe(public=OPTION["public"])
    async def board(self, interaction: Interaction, public: bool = False) -> None:
        await host(interaction).info.board(interaction, public=public)

    @app_commands.command(description=DESCRIBE["status"])
    async def status(self, interaction: Interaction) -> None:
        await host(interaction).info.status(interaction)

    @app_commands.command(description=DESCRIBE["log"])
    @app_commands.describe(count=OPTION["count"])
    async def log(self, interaction: Interaction, count: app_commands.Range[int, 1, 60] = 15) -> None:
        await host(interaction).info.log(interaction, count)

    @app_commands.command(description=DESCRIBE["rules"])
    @app_commands.describe(topic=OPTION["topic"])
    async def rules(self, interaction: Interaction, topic: str) -> None:
        await host(interaction).info.rules(interaction, topic)

    @rules.autocomplete("topic")
    async def _rules_topics(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return host(interaction).info.rules_choices(current)

    @app_commands.command(description=DESCRIBE["undo"])
    async def undo(self, interaction: Interaction) -> None:
        await host(interaction).play.undo(interaction, None, None)

    @app_commands.command(description=DESCRIBE["takeback"])
    async def takeback(self, interaction: Interaction) -> None:
        await host(interaction).play.take_back(interaction)

    @app_commands.command(description=DESCRIBE["help"])
    async def help(self, interaction: Interaction) -> None:
        await host(interaction).info.help(interaction)
