"""The lock files match pyproject.toml and pin everything with hashes; the image installs them
before copying the source, runs as 10001:10001 and has a healthcheck; the licences ship."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;\\]+)")


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lock(path: Path) -> dict[str, str]:
    """name -> version, checking that every requirement carries a hash."""
    pins: dict[str, str] = {}
    blocks = re.split(r"\n(?=\S)", path.read_text(encoding="utf-8"))
    for block in blocks:
        match = PIN.match(block)
        if match:
            assert "--hash=sha256:" in block, f"{path.name}: {match.group(1)} has no hash"
            pins[norm(match.group(1))] = match.group(2)
        else:
            assert block.startswith("#") or not block.strip(), f"{path.name}: unpinned {block[:60]!r}"
    return pins


def pyproject() -> dict:  # type: ignore[type-arg]
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_locks_pin_what_pyproject_pins() -> None:
    project = pyproject()["project"]
    main = lock(ROOT / "requirements" / "main.lock")
    dev = lock(ROOT / "requirements" / "dev.lock")
    for spec in project["dependencies"]:
        name, version = spec.split("==")
        assert main[norm(name)] == version and dev[norm(name)] == version, spec
    for spec in project["optional-dependencies"]["dev"]:
        name, version = spec.split("==")
        assert dev[norm(name)] == version, spec
    for name, version in main.items():  # the image and the tests use the same versions
        assert dev[name] == version, name
    assert "setuptools" in main and "wheel" in main  # --no-build-isolation builds with these


def test_licence_and_console_script() -> None:
    project = pyproject()["project"]
    assert project["license"] == "Apache-2.0"
    assert "Apache License" in (ROOT / "LICENSE").read_text(encoding="utf-8")[:200]
    assert project["scripts"]["caylus-bot"] == "bot.__main__:main"
    fonts = ROOT / "rendering" / "fonts"
    families = [p.stem.removeprefix("LICENSE-") for p in fonts.glob("LICENSE-*.txt")]
    for font in fonts.glob("*.ttf"):
        assert any(font.stem.startswith(f) for f in families), f"{font.name} has no licence beside it"


def test_the_image() -> None:
    whole = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    text = whole[whole.rindex("\nFROM ") :]  # the image's own stage (before it: the compiled rules core's)
    assert text.index("COPY requirements/main.lock") < text.index("--require-hashes") < text.index("COPY bot")
    assert "COPY --from=rules /app/bot/rules/compiled ./bot/rules/compiled" in text
    assert "CAYLUS_RULES=compiled python -m bot.rules core" in text  # the build fails without it
    assert "\nUSER 10001:10001\n" in text
    assert "HEALTHCHECK" in text and "caylus-bot\", \"health\"" in text
    compose = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    assert "caylus-data:/data" in compose and "DATABASE_PATH" not in compose
