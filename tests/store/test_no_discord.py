"""The store knows nothing of Discord: it never imports discord (ids are plain ints)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

STORE = Path(__file__).resolve().parents[2] / "bot" / "store"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_store_sources_do_not_import_discord_or_the_ui() -> None:
    sources = sorted(STORE.rglob("*.py"))
    assert sources
    for path in sources:
        for name in imported_modules(path):
            top = name.split(".")[0]
            assert top != "discord", f"{path.name} imports {name}"
            assert not name.startswith(("bot.ui", "bot.games", "rendering")), f"{path.name} imports {name}"


def test_importing_and_using_the_store_loads_no_discord_module() -> None:
    code = (
        "import asyncio, sys, tempfile, pathlib\n"
        "import bot.store\n"
        "async def main():\n"
        "    d = tempfile.mkdtemp()\n"
        "    s = await bot.store.Store.open(pathlib.Path(d) / 'x.sqlite3')\n"
        "    await s.load_active(); await s.close()\n"
        "asyncio.run(main())\n"
        "bad = sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.'))\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr
