"""The compiled rules core (bot/rules/native.py): the same games as the Python source, decision by
decision, and a build that does not match the source is never used."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import warnings
from pathlib import Path

import pytest

from bot.rules import COMPILED, native

from .native_trace import traces

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not COMPILED, reason=f"the compiled rules core is not running: {native.why_not() or 'CAYLUS_RULES=pure'}")
def test_compiled_core_plays_the_games_of_the_source() -> None:
    """Seeded random games with every player count and option, plain and quiet: the state, the
    decision and the events after every move are those of the Python source (run apart); and
    the AI's greedy choices and searches give the same codes, visits and values."""
    env = {**os.environ, "CAYLUS_RULES": "pure"}
    pure = subprocess.run(
        [sys.executable, "-m", "tests.rules.native_trace"], cwd=ROOT, env=env, capture_output=True, text=True,
        check=True, timeout=600,
    )  # fmt: skip
    expected: dict[str, list[str]] = json.loads(pure.stdout)
    for game, steps in traces().items():
        assert len(steps) == len(expected[game]), game
        first = next((i for i, (a, b) in enumerate(zip(steps, expected[game], strict=True)) if a != b), None)
        assert first is None, f"{game}: decision {first} differs from the Python source's"


@pytest.mark.skipif(not COMPILED, reason="the suite runs on the Python source already")
def test_the_rules_tests_pass_on_the_python_source_too() -> None:
    """Every test of tests/rules again on the source, as plain Python (issue 27: the whole rules
    suite passes on both). One test of the compiled suite, so that it runs beside the others'
    waits instead of after them."""
    env = {**os.environ, "CAYLUS_RULES": "pure"}
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "tests/rules"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]
    assert " passed" in run.stdout.splitlines()[-1], run.stdout[-2000:]


def test_the_core_says_which_it_is() -> None:
    import bot.games.search  # noqa: F401 (compiled with the rules core, or not, with it)

    for module in ("bot.rules.engine", "bot.games.search"):
        path = sys.modules[module].__file__ or ""
        assert path.endswith(str(sysconfig.get_config_var("EXT_SUFFIX")) if COMPILED else ".py"), module
    assert os.environ.get(native.ENV) != "compiled" or COMPILED
    assert os.environ.get(native.ENV) != "pure" or not COMPILED


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh fake build in a scratch directory: every shim, the shared library, the manifest."""
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    monkeypatch.setattr(native, "BUILT", tmp_path)
    monkeypatch.setattr(native, "MANIFEST", tmp_path / "MANIFEST.json")
    for path in native.built_files():
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"")
    manifest = {"ext_suffix": suffix, "python": "3", "sources": native.source_hashes()}
    (tmp_path / "MANIFEST.json").write_text(json.dumps(manifest))
    monkeypatch.delenv(native.ENV, raising=False)
    return tmp_path


def test_a_fresh_build_goes_first_on_the_path(build: Path) -> None:
    path = ["source"]
    assert native.why_not() == ""
    assert native.use_compiled(path) is True
    assert path == [str(build / "rules"), "source"]


def test_an_edited_source_leaves_the_build_unused(build: Path) -> None:
    manifest = json.loads((build / "MANIFEST.json").read_text())
    manifest["sources"]["rules.engine"] = "0" * 64  # engine.py changed since the build
    (build / "MANIFEST.json").write_text(json.dumps(manifest))
    path = ["source"]
    with pytest.warns(RuntimeWarning, match=r"bot/rules/engine\.py changed since it was built"):
        assert native.use_compiled(path) is False
    assert path == ["source"]


def test_a_build_for_another_python_or_with_a_part_missing_is_unused(build: Path) -> None:
    (build / "rules" / f"road{sysconfig.get_config_var('EXT_SUFFIX')}").unlink()
    assert "rules.road is missing" in native.why_not()
    manifest = json.loads((build / "MANIFEST.json").read_text())
    manifest["ext_suffix"] = ".cpython-399-x86_64-linux-gnu.so"
    (build / "MANIFEST.json").write_text(json.dumps(manifest))
    assert "built for .cpython-399" in native.why_not()


def test_no_build_is_no_warning(build: Path) -> None:
    """Where no C compiler is, there is no build: the source runs without a word."""
    (build / "MANIFEST.json").unlink()
    assert native.why_not() == "it is not built"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert native.use_compiled([]) is False


def test_pure_and_compiled_are_asked_for(build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.ENV, "pure")
    path: list[str] = []
    assert native.use_compiled(path) is False and path == []
    monkeypatch.setenv(native.ENV, "compiled")
    (build / "MANIFEST.json").unlink()
    with pytest.raises(native.StaleBuild, match="not built"):
        native.use_compiled(path)
