"""Which rules core runs: the compiled one (this package's source built by mypyc) when it is built
and matches the source, else the source itself, as plain Python.

The compiled modules live in `bot/rules/compiled/` (never beside the source, so an edited module is
never shadowed by an old build): one shim per module and a shared library, with `MANIFEST.json`
naming the SHA-256 of each module's source at build time. On import, `bot/rules/__init__.py` calls
`use_compiled`, which puts that directory first on the package's path only if every module's
source still has the hash of its build and the build is for this Python. A stale build is
therefore never used: it is passed over with a warning (`make` rebuilds it).

The AI's search and position value (bot/games/ai.py, search.py: pure computation over the rules
core, most of a search's time) are compiled in the same build, all or nothing: bot/games puts
`compiled_path("games")` first on its own path when the rules core is the compiled one.

`CAYLUS_RULES=pure` runs the source even where a build exists; `CAYLUS_RULES=compiled` refuses to
start without a fresh build (CI, so that the compiled core is really the one tested).

`python -m bot.rules compile` builds it (mypyc and a C compiler; `make` does it where gcc is).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUILT = HERE / "compiled"
MANIFEST = BUILT / "MANIFEST.json"
BOT = HERE.parent
GROUP = "bot.rules.core"  # the shared library: bot/rules/compiled/rules/core__mypyc.<ext>
# Compiled (package.module under bot/): the engine and everything it calls per decision, and the
# AI's search. Left as Python: this module, the packages' faces, the command line, the JSON
# boundary (pydantic), the events' record (a tuple subclass, which mypyc does not compile) and
# their words, and the glossary's texts.
MODULES = (
    *(f"rules.{name}" for name in (
        "castle", "common", "construction", "effects", "engine", "favours", "notation", "obvious", "placing",
        "road", "roadspaces", "simulate", "specials", "speech", "state", "tasks", "tiles", "words",
    )),
    "games.ai", "games.search",
)  # fmt: skip
BUILT_MODULES = (*MODULES, "rules.core__mypyc")  # and the shared library of them all
ENV = "CAYLUS_RULES"  # "pure", "compiled", or unset/"auto"


class StaleBuild(ImportError):
    """CAYLUS_RULES=compiled, and there is no build that matches the source."""


def _ext_suffix() -> str:
    return str(sysconfig.get_config_var("EXT_SUFFIX"))


def _source(name: str) -> Path:
    return BOT.joinpath(*name.split(".")).with_suffix(".py")


def _built(name: str) -> Path:
    return BUILT.joinpath(*name.split(".")).with_name(name.rsplit(".", 1)[1] + _ext_suffix())


def built_files() -> list[Path]:
    """The files a build makes: every module's shim, the shared library, the manifest. The image
    takes them from its build stage (Dockerfile), so the package's data must name them all
    (pyproject.toml)."""
    return [*(_built(name) for name in BUILT_MODULES), MANIFEST]


def compiled_path(package: str) -> str:
    """Where the compiled modules of bot.`package` are ("rules", "games")."""
    return str(BUILT / package)


def source_hashes() -> dict[str, str]:
    return {name: hashlib.sha256(_source(name).read_bytes()).hexdigest() for name in MODULES}


def why_not() -> str:
    """Why the compiled core cannot be used now ("" when it can)."""
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return "it is not built"
    except (OSError, ValueError) as exc:
        return f"its manifest cannot be read ({exc})"
    if manifest.get("ext_suffix") != _ext_suffix():
        return f"it was built for {manifest.get('ext_suffix')}, this Python loads {_ext_suffix()}"
    built = manifest.get("sources", {})
    changed = [name for name, digest in source_hashes().items() if built.get(name) != digest]
    if changed:
        files = ", ".join(str(_source(name).relative_to(BOT.parent)) for name in changed)
        return f"{files} changed since it was built"
    missing = [name for name in BUILT_MODULES if not _built(name).exists()]
    if missing:
        return f"{', '.join(missing)} is missing from {BUILT}"
    return ""


def use_compiled(path: list[str]) -> bool:
    """Put the compiled core first on the package's `path` when it may run (module docstring);
    True when it will."""
    wanted = os.environ.get(ENV, "auto")
    if wanted == "pure":
        return False
    reason = why_not()
    if reason:
        if wanted == "compiled":
            raise StaleBuild(f"{ENV}=compiled, but the compiled rules core cannot be used: {reason} (make compiled)")
        if reason != "it is not built":
            warnings.warn(
                f"the compiled rules core is not used: {reason}; running the Python source (`make` rebuilds it)",
                RuntimeWarning,
                stacklevel=3,
            )
        return False
    path.insert(0, compiled_path("rules"))
    return True


def build() -> None:
    """Compile MODULES with mypyc into BUILT (its C files and objects in a scratch directory)."""
    import shutil
    import tempfile

    from mypyc.build import mypycify  # only here: the build tools are not needed to run
    from setuptools import Distribution

    root = HERE.parent.parent
    sources = source_hashes()  # before compiling: a file edited meanwhile makes the build stale
    os.chdir(root)  # mypyc reads the project's mypy settings (pyproject.toml) from here
    with tempfile.TemporaryDirectory(prefix="caylus-rules-") as scratch:
        extensions = mypycify(
            [str(_source(name).relative_to(root)) for name in MODULES], group_name=GROUP, opt_level="3",
            target_dir=os.path.join(scratch, "c"),
        )  # fmt: skip
        dist = Distribution({"name": "caylus-rules", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_lib = os.path.join(scratch, "lib")
        command.build_temp = os.path.join(scratch, "tmp")
        command.parallel = os.cpu_count() or 1
        dist.run_command("build_ext")
        shutil.rmtree(BUILT, ignore_errors=True)
        shutil.copytree(Path(scratch) / "lib" / "bot", BUILT)  # rules/, games/
    manifest = {"ext_suffix": _ext_suffix(), "python": sys.version.split()[0], "sources": sources}
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
