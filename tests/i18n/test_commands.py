"""The /caylus commands in Russian and Brazilian Portuguese (issue 12 item 4): the Translator,
and through the fake Discord, the synced payload."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.i18n import NAMES
from bot.i18n.report import TEMPLATE, read_catalogue
from bot.ui.commands import CaylusCommands
from bot.ui.translator import (
    CHOICE,
    DESCRIPTION,
    NAME,
    CatalogueTranslator,
    command_strings,
    command_text,
    valid_name,
)
from tests.e2e.conftest import World

TEMPLATE_TEXTS = {(m.context, m.id) for m in read_catalogue(TEMPLATE) if m.id}
SUBCOMMANDS = tuple(c.name for c in CaylusCommands().commands)  # the tree itself, its one home


def test_discords_name_rule() -> None:
    assert valid_name("новая") and valid_name("nível_ia") and valid_name("situação")
    assert not valid_name("Nova") and not valid_name("two words") and not valid_name("x" * 33)
    assert not valid_name("") and not valid_name("ход!")


def test_the_extractor_reads_the_command_tree() -> None:
    # (whether the template is up to date with the tree is `python -m bot i18n`'s "template")
    strings = command_strings()
    assert (NAME, "new") in strings and (NAME, "seats") in strings
    assert (DESCRIPTION, "Play Caylus in this channel") in strings
    assert (CHOICE, "never") in strings
    assert {(NAME, s) for s in SUBCOMMANDS} <= TEMPLATE_TEXTS


@pytest.mark.parametrize("lang", ["ru", "pt-BR"])
def test_every_localized_name_passes_discords_rules(lang: str) -> None:
    names = [text for context, text in TEMPLATE_TEXTS if context == NAME]
    assert len(names) >= len(SUBCOMMANDS)
    localized = {english: command_text(lang, NAME, english) for english in names}
    # every name is translated but the game's own, and the Brazilian seed's English "provost";
    # each is one Discord accepts
    same = {"ru": ["caylus"], "pt-BR": ["caylus", "provost"]}[lang]
    assert sorted(e for e, text in localized.items() if text is None) == same
    assert all(valid_name(text) for text in localized.values() if text)
    for context in (DESCRIPTION, CHOICE):
        for english in (text for c, text in TEMPLATE_TEXTS if c == context):
            if context == CHOICE and english in NAMES.values():
                continue  # a language is shown by its own name in every locale
            text = command_text(lang, context, english)
            assert text and len(text) <= 100, (english, text)


class _Context:
    def __init__(self, location: app_commands.TranslationContextLocation) -> None:
        self.location = location
        self.data: Any = None


async def test_the_translator_answers_for_ru_and_pt_br_only() -> None:
    translator = CatalogueTranslator()
    where = app_commands.TranslationContextLocation
    name, desc = _Context(where.command_name), _Context(where.command_description)
    new = app_commands.locale_str("new")
    assert await translator.translate(new, discord.Locale.russian, name) == "создать"  # type: ignore[arg-type]
    assert await translator.translate(new, discord.Locale.brazil_portuguese, name) == "nova"  # type: ignore[arg-type]
    for locale in (discord.Locale.american_english, discord.Locale.french, discord.Locale.spain_spanish):
        assert await translator.translate(new, locale, name) is None  # type: ignore[arg-type]
    unknown = app_commands.locale_str("A description nobody wrote")
    assert await translator.translate(unknown, discord.Locale.russian, desc) is None  # type: ignore[arg-type]


def test_a_name_discord_would_refuse_is_never_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.i18n import commands as module

    class Broken:
        def pgettext(self, context: str, text: str) -> str:
            return "Новая Игра"

    monkeypatch.setattr(module, "translator", lambda lang: Broken())
    assert command_text("ru", NAME, "new") is None
    assert command_text("ru", DESCRIPTION, "Open a table") == "Новая Игра"


def _expected(context: str, english: str) -> dict[str, str]:
    texts = {lang: command_text(lang, context, english) for lang in ("ru", "pt-BR")}
    return {lang: text for lang, text in texts.items() if text is not None}


def _nodes(command: dict[str, Any]) -> list[dict[str, Any]]:
    found = [command]
    for option in command.get("options", []):
        found += _nodes(option)
    return found


async def test_synced_commands_carry_russian_and_portuguese_localizations(world: World) -> None:
    """Through the fake (which checks every payload against Discord's spec and name rules)."""
    async with world.bot():
        synced = world.fake.commands()
    [group] = [c for c in synced if c["name"] == "caylus"]
    assert group["name"] == "caylus" and not group.get("name_localizations")
    # the community's commands beside it (issue 25), each with its own names
    community = {c["name"]: c for c in synced if c["name"] != "caylus"}
    assert community["caylus-stats"]["name_localizations"] == {"ru": "caylus-статистика", "pt-BR": "caylus-estatísticas"}
    for command in community.values():
        for node in _nodes(command):
            for key, context in (("name", NAME), ("description", DESCRIPTION)):
                assert (node.get(f"{key}_localizations") or {}) == _expected(context, node[key]), node[key]
    assert group["description_localizations"]["ru"] == "Играть в Caylus в этом канале"
    subcommands = {o["name"]: o for o in group["options"]}
    assert subcommands["new"]["name_localizations"] == {"ru": "создать", "pt-BR": "nova"}
    assert subcommands["new"]["description_localizations"]["pt-BR"] == "Abrir uma mesa de Caylus neste canal"
    checked = 0
    for node in _nodes(group):
        for key, context in (("name", NAME), ("description", DESCRIPTION)):
            if node is group and key == "name":
                continue
            if (context, node.get(key)) in TEMPLATE_TEXTS:
                assert (node.get(f"{key}_localizations") or {}) == _expected(context, node[key])
                checked += 1
        for choice in node.get("choices") or []:
            if (CHOICE, choice["name"]) in TEMPLATE_TEXTS:
                localized = choice.get("name_localizations") or {}
                assert localized == _expected(CHOICE, choice["name"])
                # a language is shown by its own name (`/caylus language`, `/caylus new language:`)
                assert set(localized) == (set() if choice["name"] in NAMES.values() else {"ru", "pt-BR"})
                checked += 1
    assert checked >= 2 * len(SUBCOMMANDS)
    assert {s for s in SUBCOMMANDS if subcommands[s].get("name_localizations")} == set(SUBCOMMANDS)
