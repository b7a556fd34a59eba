"""Issue 26 item 7: a text names a /caylus command as the reader's Discord shows it, from the
command tree's own localized names (bot/i18n/commands.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import discord

from bot.i18n import translator
from bot.i18n.commands import slash
from bot.ui import texts
from bot.ui.commands import command_tree
from bot.ui.texts import info as info_texts

ROOT = Path(__file__).resolve().parents[2]


def tree_paths() -> set[tuple[str, str | None]]:
    """(command path below /caylus, option or None) of every command of the live tree."""
    tree = command_tree(discord.Client(intents=discord.Intents.none()))
    [group] = [c for c in tree.get_commands() if c.name == "caylus"]
    out: set[tuple[str, str | None]] = set()
    for command in tree.get_commands():  # the commands beside the group: /caylus-notify ...
        if command.name != "caylus" and not hasattr(command, "commands"):
            out.add((command.name, None))
            out.update((command.name, p.name) for p in command.parameters)
        elif command.name != "caylus":  # a group beside it: /caylus-game replay ...
            walk_from = command.name
            for child in command.commands:  # type: ignore[attr-defined]
                out.add((f"{walk_from} {child.name}", None))
                out.update((f"{walk_from} {child.name}", p.name) for p in child.parameters)

    def walk(node: object, prefix: str) -> None:
        for child in getattr(node, "commands", []):
            path = f"{prefix} {child.name}".strip()
            if hasattr(child, "commands"):
                walk(child, path)
                continue
            out.add((path, None))
            out.update((path, p.name) for p in child.parameters)

    walk(group, "")
    return out


def slash_calls() -> list[tuple[str, int, str, str | None]]:
    """(file, line, command, option) of every `slash(tr, "...", ...)` with literal arguments."""
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "slash":
                args = [a.value if isinstance(a, ast.Constant) else None for a in node.args[1:3]]
                if args and isinstance(args[0], str):
                    option = args[1] if len(args) > 1 else None
                    found.append((str(path.relative_to(ROOT)), node.lineno, args[0], option))
    return found


def test_every_command_a_text_names_is_in_the_tree() -> None:
    paths = tree_paths()
    calls = slash_calls()
    assert len(calls) >= 15
    wrong = [c for c in calls if (c[2], c[3]) not in paths]
    assert wrong == [], wrong
    named = [(c, o) for c, o in info_texts.HELP_COMMANDS.values()]
    named += [("board", "public")]
    assert [n for n in named if n not in paths] == []


def test_the_names_are_those_of_the_readers_discord() -> None:
    ru, pt, ca = translator("ru"), translator("pt-BR"), translator("ca")
    assert slash(ru, "new") == "`/caylus создать`"
    assert slash(pt, "new") == "`/caylus nova`"
    assert slash(ca, "new") == "`/caylus new`"  # Discord has no Catalan
    assert slash(ru, "language", "language") == "`/caylus язык язык:`"
    assert slash(pt, "board", "public", "true") == "`/caylus tabuleiro público:true`"
    # a Russian text read on an English Discord names the English commands
    assert slash(ru.for_reader("en"), "new") == "`/caylus new`"
    assert slash(ca.for_reader("ru"), "queue", "add") == "`/caylus очередь добавить:`"
    assert slash(ru, "caylus-notify") == "`/caylus-уведомления`" and slash(ca, "caylus-notify") == "`/caylus-notify`"
    assert slash(ru, "caylus-game replay") == "`/caylus-партия повтор`"
    assert slash(pt, "caylus-game board", "round", "3") == "`/caylus-partida tabuleiro turno:3`"
    assert ru.for_reader("fr") is ru.for_reader("en") and ru.for_reader("ru") is ru


def test_the_help_names_every_command_in_the_readers_words() -> None:
    ru = texts.help_text(translator("ru"))
    assert "`/caylus создать`" in ru and "`/caylus судья сдвиг:`" in ru and "`всем:true`" in ru
    assert "/caylus new" not in ru and "/caylus board" not in ru
    english = texts.help_text(translator("en"))
    assert "`/caylus new` — open a table here" in english and "(`public:true` for everyone)" in english
