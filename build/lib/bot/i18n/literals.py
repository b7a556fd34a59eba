"""English that would reach players without the catalogue: the string literals of the code that
read as words (two words at least) and go neither through gettext nor to a place no player
reads (issue 26). `python -m bot i18n` counts them as `untranslated_literals`;
tests/i18n/test_literals.py fails on any.

A literal passes when it is:

- marked for the catalogue (`N_`, `NP_`, `gettext`, `ngettext`, `pgettext`, `npgettext`), or a
  plain string that is a catalogue msgid: it is looked up by its English text (the commands'
  descriptions, the rules' fixed labels), or a glossary word (`words.building`). An f-string
  never is: it is filled before anything could look it up;
- a docstring, a log line, an `assert`, the message of an exception that is not a `Refusal`
  (the code's own errors: a refusal is what players read), a pattern (`re`), a text compared or
  matched (`==`, `in`, `startswith`, `split`...), a dictionary key, a command-line `help=`, or
  what a `__repr__` says;
- in a module for the operator (OPERATOR: start-up, the store, the service, the CLIs), or in the
  rules core (bot/rules speaks through its `Speech`, and its English choice labels are read back
  at the edges: tests/i18n/test_choices.py reads every one of random games);
- on a line that says `# i18n: not for players` (and why).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

SCANNED = ("bot", "rendering")
# Texts for whoever runs the bot, not for players (English, like the logs)
OPERATOR = (
    "bot/rules/",  # see the module docstring
    "bot/service/",
    "bot/store/",
    "bot/config.py",
    "bot/__main__.py",
    "bot/games/demo.py",
    "bot/i18n/report.py",
    "bot/i18n/literals.py",
    "bot/i18n/limits.py",
    "bot/i18n/terms.py",
    "bot/ui/label_limits.py",
    "bot/ui/texts/startup.py",
    "rendering/__main__.py",
)
PRAGMA = "# i18n: not for players"
GETTEXT = frozenset({"gettext", "ngettext", "pgettext", "npgettext", "N_", "NP_"})
LOGGING = frozenset({"debug", "info", "warning", "error", "exception", "critical", "warn"})
REFUSAL = "Refusal"  # bot/games/refusals.py: the exceptions whose message players read
MATCHING = frozenset(
    {"startswith", "endswith", "split", "rsplit", "partition", "rpartition", "replace", "find",
     "rfind", "index", "count", "strip", "lstrip", "rstrip", "removeprefix", "removesuffix",
     "compile", "match", "fullmatch", "search", "sub", "subn", "findall", "finditer", "escape",
     "add_argument", "add_parser", "ArgumentParser", "getLogger", "get", "pop", "setdefault"}
)  # fmt: skip
WORDS = re.compile(r"[A-Za-z]{2,}[,;:.'’)]*\s+[(*“\"']*[A-Za-z]{2,}")
HOLE = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class Literal:
    path: str
    line: int
    text: str
    formatted: bool = False  # an f-string: filled before any lookup could translate it

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text[:100]!r}"


def normal(text: str) -> str:
    """A text with its `{fields}` (or f-string holes) as `{}`: how literals and msgids compare."""
    return HOLE.sub("{}", text)


def _name(call: ast.Call) -> str:
    f = call.func
    if isinstance(f, ast.Attribute):
        return f.attr
    return f.id if isinstance(f, ast.Name) else ""


def _receiver(call: ast.Call) -> str:
    f = call.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
        return f.value.id
    return ""


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _is_docstring(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    expr = parents.get(node)
    owner = parents.get(expr) if isinstance(expr, ast.Expr) else None
    if not isinstance(owner, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    return bool(owner.body) and owner.body[0] is expr


def refusal_classes(trees: Iterable[ast.AST]) -> frozenset[str]:
    """The names of `Refusal` and of every class that derives from it, in these modules."""
    bases: dict[str, set[str]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                bases.setdefault(node.name, set()).update(names)
    found = {REFUSAL}
    while grown := {c for c, b in bases.items() if c not in found and b & found}:
        found |= grown
    return frozenset(found)


def _not_shown(node: ast.AST, parents: dict[ast.AST, ast.AST], refusals: frozenset[str]) -> bool:
    """Whether the literal `node` stands where no player reads it (see the module docstring)."""
    child, p = node, parents.get(node)
    while p is not None:
        if isinstance(p, ast.Call):
            name = _name(p)
            if name in GETTEXT or name in MATCHING or p.func is child:
                return True
            if name in LOGGING and _receiver(p) in ("log", "logger", "logging", "warnings"):
                return True
            if any(k.arg == "help" and k.value is child for k in p.keywords):
                return True
        if isinstance(p, ast.Raise):
            exc = p.exc
            return not (isinstance(exc, ast.Call) and _name(exc) in refusals)
        if isinstance(p, ast.Assert | ast.Compare | ast.Subscript):
            return True
        if isinstance(p, ast.Dict) and any(k is child for k in p.keys):
            return True
        if isinstance(p, ast.FunctionDef | ast.AsyncFunctionDef):
            return p.name == "__repr__"
        if isinstance(p, ast.ClassDef | ast.Module | ast.Lambda):
            return False
        child, p = p, parents.get(p)
    return False


def module_literals(relative: str, source: str, tree: ast.AST, refusals: frozenset[str]) -> Iterator[Literal]:
    """The literals of one module that read as English words and stand where players read."""
    lines = source.splitlines()
    parents = _parents(tree)
    for node in ast.walk(tree):
        text = _text(node)
        if text is None or isinstance(parents.get(node), ast.JoinedStr):
            continue
        if not WORDS.search(HOLE.sub(" ", text)) or _is_docstring(node, parents):
            continue
        if _not_shown(node, parents, refusals):
            continue
        first = getattr(node, "lineno", 1)
        last = getattr(node, "end_lineno", first) or first
        if any(PRAGMA in lines[i - 1] for i in range(first, last + 1) if i - 1 < len(lines)):
            continue
        yield Literal(relative, first, text, isinstance(node, ast.JoinedStr))


def python_files(root: Path) -> Iterator[tuple[str, str, ast.AST]]:
    """(path, source, tree) of every module of SCANNED, the operator's too."""
    for package in SCANNED:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            source = path.read_text(encoding="utf-8")
            yield relative, source, ast.parse(source, filename=relative)


def untranslated(root: Path, known: Iterable[str]) -> list[Literal]:
    """Every literal of the scanned code that would reach a player in English: not a catalogue
    msgid nor a glossary word (`known`, English texts; their fields in any form)."""
    msgids = {normal(k) for k in known}
    modules = list(python_files(root))
    refusals = refusal_classes(tree for _, _, tree in modules)
    return [
        lit
        for relative, source, tree in modules
        if not relative.startswith(OPERATOR)
        for lit in module_literals(relative, source, tree, refusals)
        if lit.formatted or normal(lit.text) not in msgids  # an f-string is never looked up
    ]
