"""design.md "Style": small modules with one job each, none over about 600 lines."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 600


def test_no_module_of_bot_or_rendering_is_over_600_lines() -> None:
    sizes = {
        p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
        for package in ("bot", "rendering")
        for p in (ROOT / package).rglob("*.py")
    }
    assert len(sizes) > 40  # the walk found the packages
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}
