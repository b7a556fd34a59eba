"""The commands in README.md and docs/*.md run as written on a fresh clone: Python is called
through .venv (made by `make install`), no `sqlite3` command-line tool is assumed, and every
`caylus-bot` subcommand they use exists."""

from __future__ import annotations

import re
from pathlib import Path

from bot.__main__ import _parser

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# A command: a line of a ```sh block, or an inline `code` span that starts like one.
INLINE = re.compile(r"`([^`\n]+)`")
SHELL_START = re.compile(r"^(?:\$ )?(python3?|sqlite3|caylus-bot|\.venv/bin/\S+|make|docker)\b")


def commands(path: Path) -> list[str]:
    found: list[str] = []
    in_sh = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_sh = line.strip() in ("```sh", "```bash", "```shell")
            continue
        if in_sh:
            found.append(line.strip())
        else:
            found += [m.group(1) for m in INLINE.finditer(line)]
    return [c for c in found if SHELL_START.match(c)]


def test_docs_have_commands() -> None:
    assert any("make run" in c for c in commands(ROOT / "README.md"))


def test_python_only_through_the_venv() -> None:
    bare = [
        f"{path.name}: {c}"
        for path in DOCS
        for c in commands(path)
        if re.match(r"^(?:\$ )?(python3?|sqlite3)\s", c)
    ]
    assert bare == []


def test_caylus_bot_subcommands_exist() -> None:
    parser = _parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    known = set(sub.choices or {})  # type: ignore[arg-type]
    for path in DOCS:
        for c in commands(path):
            m = re.search(r"caylus-bot (\w[\w-]*)", c)
            if m and not m.group(1).startswith("-"):
                assert m.group(1) in known, f"{path.name}: {c}"
