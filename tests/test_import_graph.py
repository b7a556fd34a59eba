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
