"""`/caylus help` is one Discord message in every language and names every command of the live
tree: each /caylus subcommand (help itself aside) and each command of its own beside the group
(`/caylus-stats`, `/caylus-notify`, … of issue 25) and each subcommand of a group beside it
(`/caylus-game replay`, issue 24), as the reader's Discord names it; the round
plan's line is in it (tests/e2e/test_plans.py: the first turn message's lines)."""

from __future__ import annotations

import re

import discord
import pytest

from bot.i18n import LANGUAGES, translator
from bot.i18n.catalogue import DISCORD_COMMAND_LANGUAGES
from bot.i18n.commands import slash
from bot.ui import texts
from bot.ui.commands import command_tree
from bot.ui.texts import plan as plan_texts

MAX_CONTENT = 2000  # Discord's characters per message
READERS = ("en", *DISCORD_COMMAND_LANGUAGES)  # the command names a reader's Discord can show


def live_commands() -> list[str]:
    """Every command a person can type, as `slash` takes it: "new", "caylus-stats" …"""
    tree = command_tree(discord.Client(intents=discord.Intents.none()))
    out = []
    for command in tree.get_commands():
        sub = getattr(command, "commands", None)
        if sub is None:
            out.append(command.name)
        elif command.name == "caylus":
            out += [c.name for c in sub if c.name != "help"]
        else:  # a group beside /caylus: /caylus-game board …
            out += [f"{command.name} {c.name}" for c in sub]
    return out


def test_the_tree_has_the_commands_beside_the_group() -> None:
    names = live_commands()
    assert {"new", "plan", "declare", "caylus-stats", "caylus-notify", "caylus-setup"} <= set(names)
    assert sum(n.startswith("caylus-") for n in names) >= 9 and "caylus-game replay" in names


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("reader", READERS)
def test_the_help_names_every_command_in_one_message(lang: str, reader: str) -> None:
    tr = translator(lang).for_reader(reader)
    text = texts.help_text(tr)
    assert len(text) <= MAX_CONTENT, (lang, reader, len(text))
    # `/caylus place target:` names place; `/caylus pass` must not pass for `/caylus passar`
    missing = [c for c in live_commands() if not re.search(re.escape(slash(tr, c).rstrip("`")) + "[` ]", text)]
    assert missing == [], (lang, reader)
    assert plan_texts.how_to_plan(tr) in text  # the round plan's line, as the first turn says it
    assert "{" not in text and "}" not in text


def test_the_english_help_says_what_each_community_command_is_for() -> None:
    text = texts.help_text(translator("en"))
    assert "`/caylus-notify` — where pings go, quiet hours" in text
    assert "`/caylus-resign` — give up (a loss)" in text and "`/caylus-game replay` — the game as a GIF" in text
    assert "**Plan…** or `/caylus plan` places your workers ahead" in text
    ru = texts.help_text(translator("ru"))
    assert "`/caylus-уведомления` — куда приходят пинги" in ru and "`/caylus план`" in ru
