"""The import graph of design.md "Layout": rules import nothing of the project nor discord,
aiosqlite, PIL or asyncio; rendering imports no discord, aiosqlite, games, store or ui; the store
knows no Discord types. Imports are read with `ast` (every import statement, also inside
functions and `if TYPE_CHECKING:` blocks), relative imports resolved against the file's package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, root: Path = ROOT) -> list[str]:
    """Every module an import statement of `path` names, as an absolute dotted name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                prefix = ".".join(package[: max(0, len(package) - (node.level - 1))])
                if node.module:
                    found.append(f"{prefix}.{node.module}" if prefix else node.module)
                else:
                    found.extend(f"{prefix}.{alias.name}" if prefix else alias.name for alias in node.names)
            elif node.module:
                found.append(node.module)
                found.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def python_files(package: str, root: Path = ROOT) -> list[Path]:
    return sorted((root / package).rglob("*.py"))


def hits(module: str, forbidden: tuple[str, ...]) -> bool:
    return any(module == f or module.startswith(f + ".") for f in forbidden)


def violations(
    package: str, forbidden: tuple[str, ...], allowed: tuple[str, ...] = (), root: Path = ROOT
) -> list[str]:
    out = []
    for path in python_files(package, root):
        for module in imported_modules(path, root):
            if hits(module, forbidden) and not hits(module, allowed):
                out.append(f"{path.relative_to(root)} imports {module}")
    return out


THIRD_PARTY_IO = ("discord", "aiosqlite", "PIL", "asyncio")


def test_rules_files_are_found() -> None:
    files = {p.name for p in python_files("bot/rules")}
    assert {"engine.py", "tasks.py", "tiles.py", "state.py"} <= files


def test_rules_import_nothing_of_the_project_nor_io_packages() -> None:
    """design.md: never `rules` importing anything of the project, discord, aiosqlite, PIL or
    asyncio (its own modules excepted)."""
    forbidden = (*THIRD_PARTY_IO, "bot", "rendering", "tests")
    assert violations("bot/rules", forbidden, allowed=("bot.rules",)) == []


def test_rendering_imports_no_discord_nor_store() -> None:
    """design.md: never `rendering` importing discord or the store (nor the manager or the ui)."""
    if not (ROOT / "rendering").is_dir():
        pytest.skip("no rendering package yet")
    forbidden = ("discord", "aiosqlite", "bot.games", "bot.store", "bot.ui")
    assert violations("rendering", forbidden) == []


def test_store_knows_no_discord_types() -> None:
    """design.md: the store knowing Discord types is forbidden."""
    if not (ROOT / "bot/store").is_dir():
        pytest.skip("no store package yet")
    assert violations("bot/store", ("discord", "bot.ui")) == []


RULES_SUBMODULE_OK = ("bot/rules", "tests/rules")  # the core itself and its white-box tests


def rules_submodule_imports(path: Path, root: Path = ROOT) -> list[str]:
    """The `bot.rules.<submodule>` that `path` imports (names taken from `bot.rules` are fine)."""
    rules = root / "bot" / "rules"
    out = []
    for module in imported_modules(path, root):
        if module.startswith("bot.rules."):
            head = module.split(".")[2]
            if (rules / f"{head}.py").exists() or (rules / head).is_dir():
                out.append(module)
    return out


def test_only_the_public_face_of_the_rules_is_imported() -> None:
    """design.md: nothing outside bot/rules imports a submodule of it, only `bot.rules`."""
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith((".venv", *RULES_SUBMODULE_OK)):
            continue
        bad += [f"{rel} imports {m}" for m in rules_submodule_imports(path)]
    assert bad == []


def test_the_public_face_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "bot" / "rules").mkdir(parents=True)
    (tmp_path / "bot" / "rules" / "tiles.py").write_text("", encoding="utf-8")
    probe = tmp_path / "bot" / "probe.py"
    probe.write_text("from bot.rules.tiles import TILES\nfrom bot.rules import Game\n", encoding="utf-8")
    assert rules_submodule_imports(probe, tmp_path) == ["bot.rules.tiles", "bot.rules.tiles.TILES"]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import discord", ["discord"]),
        ("import discord.ext.commands as c", ["discord.ext.commands"]),
        ("from PIL import Image", ["PIL", "PIL.Image"]),
        ("from ..store import sqlite", ["bot.store"]),
        ("from .. import ui", ["bot.ui"]),
        ("from . import tiles", ["bot.rules.tiles"]),
        ("def f():\n    import asyncio\n", ["asyncio"]),
    ],
)
def test_the_checker_sees_every_kind_of_import(tmp_path: Path, source: str, expected: list[str]) -> None:
    """The tests above can fail: the parser finds absolute, relative and nested imports."""
    package = tmp_path / "bot" / "rules"
    package.mkdir(parents=True)
    path = package / "probe.py"
    path.write_text(source, encoding="utf-8")
    assert imported_modules(path, tmp_path) == expected
    bad = violations("bot/rules", (*THIRD_PARTY_IO, "bot", "rendering"), ("bot.rules",), tmp_path)
    assert bool(bad) == (expected != ["bot.rules.tiles"])


# ----- import circles and floors (issue 23) -----------------------------------------------------


def module_paths(roots: tuple[str, ...] = ("bot", "rendering"), root: Path = ROOT) -> dict[str, Path]:
    """Every module of the product by its dotted name (a package by its __init__)."""
    return {module_name(p, root): p for r in roots for p in python_files(r, root)}


def module_graph(roots: tuple[str, ...] = ("bot", "rendering"), root: Path = ROOT) -> dict[str, set[str]]:
    """module -> the product's modules it imports (also inside functions and `if TYPE_CHECKING:`),
    as ../shared/tools/import_circles.py reads them: `from .x import y` is an import of the
    module `x.y` if there is one, else of `x`; `from . import x` of the module `x`, not of the
    package's __init__."""
    mods = module_paths(roots, root)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        package = m.split(".") if path.name == "__init__.py" else m.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    head = package[: len(package) - node.level + 1]
                    base = ".".join(head + ([base] if base else []))
                names = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            graph[m].update(n for n in names if n in mods and n != m)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than two modules (Tarjan's algorithm), largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 2:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found, key=len, reverse=True)


def test_no_import_circle_of_more_than_two_modules() -> None:
    """design.md "Layout": inside a package, no import circle of more than two modules (a layer
    that needs its host names a Protocol for it, as bot/ui/host.py does)."""
    found = circles(module_graph())
    assert found == []


def test_the_circle_check_can_fail(tmp_path: Path) -> None:
    package = tmp_path / "bot" / "probe"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from . import b\n", encoding="utf-8")
    (package / "b.py").write_text("from .c import thing\n", encoding="utf-8")
    (package / "c.py").write_text("def f():\n    from bot.probe.a import x\n", encoding="utf-8")
    (package / "d.py").write_text("from . import a\n", encoding="utf-8")  # into it, not round it
    assert circles(module_graph(("bot",), tmp_path)) == [["bot.probe.a", "bot.probe.b", "bot.probe.c"]]
    (package / "c.py").write_text("thing = 1\n", encoding="utf-8")
    assert circles(module_graph(("bot",), tmp_path)) == []


# bot/ui by floors, top to bottom: a module imports only modules of its own floor or of floors
# below it (and, by the test above, no circle of more than two on one floor). A new module of
# bot/ui gets a floor here (docs/architecture.md draws them).
UI_FLOORS: tuple[tuple[str, ...], ...] = (
    ("app",),  # the client: it makes and wires everything below
    ("commands", "community_commands", "clicks", "listener", "translator", "label_limits"),  # what comes in: /caylus, clicks, the games layer's hand-over; the labels' check
    ("play", "lobby", "info", "story", "community", "posting", "roundpost", "turnpost", "callbacks"),  # the flows and the publisher
    ("chooser", "plan", "orders", "components"),  # what a message carries: views, buttons, selects
    ("host", "played", "choice_labels", "lang", "replies", "sending", "ids", "command_sync", "about"),
    ("texts",),  # every text, bot/ui/texts/ (importing nothing of bot/ui outside it)
)


def floor_of(module: str, floors: tuple[tuple[str, ...], ...] = UI_FLOORS) -> int | None:
    """The floor of a module of bot/ui (0: the top), by its first name below bot.ui."""
    parts = module.split(".")
    if parts[:2] != ["bot", "ui"] or len(parts) < 3:
        return None
    return next((i for i, names in enumerate(floors) if parts[2] in names), None)


def upward_imports(
    graph: dict[str, set[str]], floors: tuple[tuple[str, ...], ...] = UI_FLOORS
) -> list[str]:
    """Every import of bot/ui that runs back up a floor."""
    out = []
    for m, imported in sorted(graph.items()):
        mine = floor_of(m, floors)
        for n in sorted(imported):
            theirs = floor_of(n, floors)
            if mine is not None and theirs is not None and theirs < mine:
                out.append(f"{m} imports {n}")
    return out


def test_every_module_of_the_ui_has_a_floor() -> None:
    unplaced = [m for m in module_paths(("bot/ui",)) if m != "bot.ui" and floor_of(m) is None]
    assert unplaced == []


def test_no_import_runs_back_up_a_floor_of_the_ui() -> None:
    """Nothing below the app imports the app; a component imports no flow; bot/ui/texts
    imports nothing of bot/ui above it."""
    assert upward_imports(module_graph(("bot",))) == []


def test_the_floor_check_can_fail() -> None:
    graph = {"bot.ui.components": {"bot.ui.app", "bot.ui.ids"}, "bot.ui.texts.lobby": {"bot.ui.lang"}}
    assert upward_imports(graph) == [
        "bot.ui.components imports bot.ui.app",
        "bot.ui.texts.lobby imports bot.ui.lang",
    ]


# Modules of the product that share a file name: allowed where they are one feature's layers
# (the rules, the image, the games layer, the Discord layer and its words).
SAME_NAME_LAYERS = {
    "castle.py", "favours.py", "road.py", "specials.py",  # bot/rules and its panel in rendering
    "chooser.py", "commands.py", "info.py",  # bot/ui and its words in bot/ui/texts
    "lobby.py", "orders.py", "refusals.py",  # bot/games, bot/ui, bot/ui/texts
    "community.py", "community_commands.py",  # issue 25: bot/store, bot/games, bot/ui, bot/ui/texts
    "plan.py",  # the round plan on Discord (bot/ui) and its words (bot/ui/texts); bot/games/plans.py
    "words.py",  # the game's words: English (bot/rules), every language (bot/i18n)
    "story.py",  # the story of a game: rebuilt from the log (bot/games), on Discord (bot/ui), its words
    "demo.py",  # NOT one feature (`python -m bot demo`, rendering's seeded games): its owners
    # rename one of them (issue 23; bot/games and rendering were being changed by others then)
}  # fmt: skip


def test_file_names_say_which_room_they_are() -> None:
    """Two modules of the product share a file name only when they are one feature's layers."""
    by_name: dict[str, list[str]] = {}
    for path in module_paths().values():
        if path.name not in ("__init__.py", "__main__.py"):
            by_name.setdefault(path.name, []).append(path.relative_to(ROOT).as_posix())
    shared = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    assert sorted(set(shared) - SAME_NAME_LAYERS) == [], shared
