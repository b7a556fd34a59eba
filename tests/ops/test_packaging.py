"""The lock files match pyproject.toml and pin everything with hashes; the image installs them
before copying the source, runs as 10001:10001 and has a healthcheck; the licences ship."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from bot.rules import built_files

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


def test_discord_reads_its_json_with_orjson() -> None:
    """orjson is a dependency for discord.py's sake (issue 27): every gateway event and every
    answer of the API is parsed by it and every request written by it, when it is installed."""
    import discord.utils

    assert discord.utils.HAS_ORJSON


def test_licence_and_console_script() -> None:
    project = pyproject()["project"]
    assert project["license"] == "Apache-2.0"
    assert "Apache License" in (ROOT / "LICENSE").read_text(encoding="utf-8")[:200]
    assert project["scripts"]["caylus-bot"] == "bot.__main__:main"
    fonts = ROOT / "rendering" / "fonts"
    families = [p.stem.removeprefix("LICENSE-") for p in fonts.glob("LICENSE-*.txt")]
    for font in fonts.glob("*.ttf"):
        assert any(font.stem.startswith(f) for f in families), f"{font.name} has no licence beside it"


def stages(dockerfile: str) -> list[list[str]]:
    """The Dockerfile's stages, each a list of its instructions (continuation lines joined)."""
    joined = re.sub(r"\\\n\s*", " ", dockerfile)
    out: list[list[str]] = []
    for line in joined.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("FROM "):
            out.append([])
        out[-1].append(line)
    return out


def test_the_image() -> None:
    whole = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    # the stages: the compiled rules core's, the base (the locked dependencies), the build (the
    # project installed), then the image
    built = stages(whole)
    names = [s[0].split()[-1] if " AS " in s[0] else "" for s in built]
    assert names == ["rules", "base", "build", ""], names
    base, build, final = ("\n".join(s) for s in built[1:])
    assert base.index("COPY requirements/main.lock") < base.index("--require-hashes")
    assert "COPY bot ./bot" in build and "COPY --from=rules /app/bot/rules/compiled ./bot/rules/compiled" in build
    assert built[3][0] == "FROM base"
    assert "CAYLUS_RULES=compiled python -m bot.rules core" in final  # the build fails without it
    assert "\nUSER 10001:10001\n" in final + "\n"
    assert "HEALTHCHECK" in final and "caylus-bot\", \"health\"" in final
    compose = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    assert "caylus-data:/data" in compose and "DATABASE_PATH" not in compose
    # compose's volume has the name `docker run -v caylus-data:/data` uses (docs/operations.md)
    assert re.search(r"\n  caylus-data:\n(?:    #.*\n)*    name: caylus-data\n", compose), compose
    docs = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    assert "-v caylus-data:/data caylus-bot" in docs
    # The image knows it is one: the missing-token message then says --env-file
    assert any(i.startswith("ENV ") and "CAYLUS_IN_DOCKER=1" in i for i in built[3])


def test_the_image_holds_the_source_once(tmp_path: Path) -> None:
    """The last stage copies the source nowhere: only what the build stage installed under
    /install (site-packages and the console script). The build stage's own steps, run here
    with this Python, install the whole bot there: code, catalogues, fonts, palette."""
    built = stages((ROOT / "Dockerfile").read_text(encoding="utf-8"))
    final, build = built[-1], next(s for s in built if s[0].endswith(" AS build"))
    assert [i for i in final if i.startswith("COPY")] == ["COPY --from=build /install/ /"]
    src = tmp_path / "src"
    src.mkdir()
    compiled = [path.relative_to(ROOT) for path in built_files()]
    for instruction in build:
        if instruction == "COPY --from=rules /app/bot/rules/compiled ./bot/rules/compiled":
            for name in compiled:  # what the rules stage built (a stand-in of each file)
                (src / name).parent.mkdir(parents=True, exist_ok=True)
                (src / name).write_bytes(b"")
        elif instruction.startswith("COPY "):
            *sources, _ = instruction.split()[1:]
            for name in sources:
                path = ROOT / name
                if path.is_dir():  # as .dockerignore leaves it
                    shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "compiled"))
                else:
                    shutil.copy(path, src / name)
    [pip] = [i for i in build if i.startswith("RUN pip install")]
    args = pip.removeprefix("RUN pip install ").replace("--root /install", f"--root {tmp_path / 'install'}").split()
    subprocess.run(  # --ignore-installed: this environment's own install of the bot stays
        [sys.executable, "-m", "pip", "install", "--quiet", "--ignore-installed", *args], cwd=src, check=True,
        capture_output=True, timeout=300,
    )  # fmt: skip
    installed = tmp_path / "install"
    site = [p for p in installed.rglob("site-packages") if p.is_dir()]
    assert len(site) == 1
    [packages] = site
    assert {p.name for p in packages.iterdir() if not p.name.endswith(".dist-info")} == {"bot", "rendering"}
    assert (packages / "bot" / "locale" / "ru" / "LC_MESSAGES" / "caylus.po").is_file()
    # the compiled core, whole: without it the image's `python -m bot.rules core` step fails
    assert [name for name in compiled if not (packages / name).is_file()] == []
    assert (packages / "rendering" / "palette.rgb").is_file() and list((packages / "rendering" / "fonts").glob("*.ttf"))
    assert [p.name for p in installed.rglob("bin/*")] == ["caylus-bot"]
    # nothing else: no copy of the source tree beside site-packages
    assert not any(p.name == "pyproject.toml" for p in installed.rglob("*"))
