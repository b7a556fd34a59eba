"""The `/caylus` command group and the tree that holds it: each command hands over to the
lobby, play or info flows. (Descriptions are in texts.py, with every other text.)"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.games import Refusal, pending_for
from bot.i18n import NAMES

from . import choice_labels, replies, texts
from . import orders as orders_ui
from . import plan as plan_ui
from .host import host
from .lang import reply_tr
from .play import NOT_NOW, provost_code
from .texts import orders as order_texts
from .texts import plan as plan_texts

log = logging.getLogger(__name__)

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
# each language by its own name (bot.i18n.NAMES), in every locale
LANGUAGES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=n, value=v) for v, n in NAMES.items()
]
DESCRIBE = texts.COMMANDS
OPTION = texts.OPTIONS


async def _typed(interaction: Interaction, typed: str, group: str, command: str) -> str | None:
    """What a person typed for a move command, read as the code of one of their choices now
    (codes, building names, unique prefixes: bot/ui/choice_labels.py); None when they were told why
    not. Without a decision of theirs now, the text goes on as it is: the play path says why."""
    table = host(interaction).manager.table(interaction.channel_id or 0)
    if table is None or table.game is None or typed == NOT_NOW:
        return typed
    try:
        pending = pending_for(table, interaction.user.id)
    except Refusal:
        return typed
    try:
        return choice_labels.typed_code(table.game, pending.decision, typed, group, command, reply_tr(interaction, table))
    except Refusal as r:
        await replies.refuse(interaction, r, table=table)
        return None


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
        thread=OPTION["thread"],
        language=OPTION["language"],
    )
    @app_commands.choices(  # type: ignore[misc]
        lawyer_pp=LAWYER_PP, ai_level=AI_LEVELS, deadline=DEADLINES, takeover=TAKEOVERS, language=LANGUAGES
    )
    async def new(
        self,
        interaction: Interaction,
        seats: app_commands.Range[int, 2, 5] = 4,
        ai: app_commands.Range[int, 0, 4] = 0,
        jeweller: bool = False,
        lawyer_pp: int = 4,
        simple_favours: bool = False,
        ai_level: str | None = None,
        deadline: int | None = None,
        takeover: int = 3,
        thread: bool | None = None,
        language: str | None = None,
    ) -> None:  # what is not given: the server's defaults (/caylus server setup), else the bot's
        await host(interaction).lobby.new(
            interaction,
            seats=seats,
            ai=ai,
            jeweller=jeweller,
            lawyer_pp=lawyer_pp,
            simple_favours=simple_favours,
            ai_level=ai_level,
            deadline=deadline,
            takeover_after=takeover or None,
            thread=thread,
            language=language,
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
        code = await _typed(interaction, target.strip(), "place", "place")
        if code is not None:
            await host(interaction).play.command(interaction, code)

    @place.autocomplete("target")
    async def _place_targets(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return host(interaction).play.autocomplete(interaction, current, "place", skip=("pass",))

    @app_commands.command(name="pass", description=DESCRIBE["pass"])
    async def pass_(self, interaction: Interaction) -> None:
        code = await _typed(interaction, "pass", "place", "pass")
        if code is not None:
            await host(interaction).play.command(interaction, code)

    @app_commands.command(description=DESCRIBE["provost"])
    @app_commands.describe(move=OPTION["move"])
    async def provost(self, interaction: Interaction, move: str) -> None:
        code = await _typed(interaction, provost_code(move), "provost", "provost")
        if code is not None:
            await host(interaction).play.command(interaction, code)

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
        return host(interaction).info.rules_choices(interaction, current)

    @app_commands.command(description=DESCRIBE["undo"])
    async def undo(self, interaction: Interaction) -> None:
        await host(interaction).play.undo(interaction, None, None)

    @app_commands.command(description=DESCRIBE["takeback"])
    async def takeback(self, interaction: Interaction) -> None:
        await host(interaction).play.take_back(interaction)

    @app_commands.command(description=DESCRIBE["language"])
    @app_commands.describe(language=OPTION["my_language"], clear=OPTION["clear_language"])
    @app_commands.choices(language=LANGUAGES)
    async def language(self, interaction: Interaction, language: str | None = None, clear: bool = False) -> None:
        await host(interaction).info.language(interaction, language, clear=clear)

    @app_commands.command(description=DESCRIBE["help"])
    async def help(self, interaction: Interaction) -> None:
        await host(interaction).info.help(interaction)

    # ----- standing orders, the placement queue, the provost declared ahead (bot/ui/orders.py) ------

    @app_commands.command(description=order_texts.COMMANDS["orders"])
    @app_commands.describe(**{k: order_texts.OPTIONS[k] for k in ("provost", "production", "castle", "favour")})
    @app_commands.choices(
        provost=[app_commands.Choice(name=n, value=v) for v, n in order_texts.PROVOST_CHOICES.items()],
        favour=[app_commands.Choice(name=n, value=v) for v, n in order_texts.FAVOUR_CHOICES.items()],
    )
    async def orders(
        self, interaction: Interaction, provost: str | None = None, production: str | None = None,
        castle: bool | None = None, favour: str | None = None,
    ) -> None:  # fmt: skip
        await orders_ui.orders_command(interaction, provost, production, castle, favour)

    @orders.autocomplete("production")
    async def _productions(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        tr = reply_tr(interaction, host(interaction).manager.table(interaction.channel_id or 0))
        return [app_commands.Choice(name=n, value=v) for n, v in orders_ui.production_options(current, tr)]

    @app_commands.command(description=order_texts.COMMANDS["queue"])
    @app_commands.describe(add=order_texts.OPTIONS["add"], clear=order_texts.OPTIONS["clear"])
    async def queue(self, interaction: Interaction, add: str | None = None, clear: bool = False) -> None:
        await plan_ui.queue_command(interaction, add, clear)

    @queue.autocomplete("add")
    async def _queue_places(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return plan_ui.place_choices(interaction, current)

    @app_commands.command(description=plan_texts.COMMAND)
    @app_commands.describe(**plan_texts.OPTIONS)
    async def plan(
        self, interaction: Interaction, add: str | None = None, passing: str | None = None,
        at: str | None = None, clear: bool = False,
    ) -> None:  # fmt: skip
        await plan_ui.plan_command(interaction, add, passing, at, clear)

    @plan.autocomplete("passing")
    async def _plan_rules(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return plan_ui.rule_choices(interaction, current)

    @plan.autocomplete("add")
    async def _plan_places(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return plan_ui.place_choices(interaction, current)

    @plan.autocomplete("at")
    async def _plan_answers(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return plan_ui.answer_choices(interaction, current)

    @app_commands.command(description=order_texts.COMMANDS["declare"])
    @app_commands.describe(target=order_texts.OPTIONS["target"])
    async def declare(self, interaction: Interaction, target: str | None = None) -> None:
        await orders_ui.declare_command(interaction, target)


class GameCommands(app_commands.Group, name="caylus-game", description=texts.GAME_GROUP_DESCRIPTION, guild_only=True):
    """The story of the channel's game (issue 24): its past boards, its log by round or player,
    its replay and its record. A command of its own beside `/caylus`, which is at Discord's
    limit of 4,000 characters (bot/ui/community_commands.py says why)."""

    @app_commands.command(description=DESCRIBE["game_board"])
    @app_commands.describe(round=OPTION["round"], phase=OPTION["phase"], public=OPTION["public"])
    async def board(
        self, interaction: Interaction, round: app_commands.Range[int, 1, 30],
        phase: app_commands.Range[int, 1, 7] | None = None, public: bool = False,
    ) -> None:  # fmt: skip
        await host(interaction).info.board(interaction, public=public, rnd=round, phase=phase)

    @app_commands.command(description=DESCRIBE["game_log"])
    @app_commands.describe(round=OPTION["round"], player=OPTION["player"], count=OPTION["count"])
    async def log(
        self, interaction: Interaction, round: app_commands.Range[int, 1, 30] | None = None,
        player: str | None = None, count: app_commands.Range[int, 1, 60] = 15,
    ) -> None:  # fmt: skip
        if round is None and player is None:
            await host(interaction).info.log(interaction, count)
        else:
            await host(interaction).info.log(interaction, count, round, player)

    @log.autocomplete("player")
    async def _log_players(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = host(interaction).manager.table(interaction.channel_id or 0)
        names = [s.name for s in table.seats] if table is not None else []
        wanted = current.strip().casefold()
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names if wanted in n.casefold()][:25]

    @app_commands.command(description=DESCRIBE["replay"])
    @app_commands.describe(public=OPTION["public"])
    async def replay(self, interaction: Interaction, public: bool = False) -> None:
        await host(interaction).info.replay(interaction, public=public)

    @app_commands.command(description=DESCRIBE["export"])
    async def export(self, interaction: Interaction) -> None:
        await host(interaction).info.export(interaction)


class CaylusTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Every command used in a channel tells the publisher, which resumes posting there if
        it had given the channel up and the permissions are back."""
        if getattr(self.client, "is_set_up", False):  # a CaylusBot past its setup_hook
            host(interaction).publisher.seen(interaction)
        return True

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            await replies.say(interaction, texts.not_here())
            return
        log.error("/%s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=error)
        await replies.say(interaction, texts.internal_error())


# A command of its own, not a subcommand of `/caylus`: that one is at Discord's 4,000 characters
# (its longest translation counted) with the game's own. Also in DMs: it is about the bot.
@app_commands.command(name="caylus-about", description=DESCRIBE["about"])
async def about(interaction: Interaction) -> None:
    await host(interaction).info.about(interaction)


def command_tree(client: discord.Client) -> CaylusTree:
    """The `/caylus` command tree (the bot's, and `python -m bot sync`'s)."""
    from .community_commands import add_to  # the community's commands (issue 25)

    tree = CaylusTree(client)
    tree.add_command(CaylusCommands())
    tree.add_command(about)
    tree.add_command(GameCommands())  # the story of a game (issue 24)
    add_to(tree)
    return tree
