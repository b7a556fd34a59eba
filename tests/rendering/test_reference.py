"""Rendered positions against reviewed reference images (tests/rendering/reference/*.png).

References are half-size copies of reviewed images. Regenerate them after an intended change of
the look with

    UPDATE_REFERENCES=1 .venv/bin/pytest tests/rendering/test_reference.py

and look at every changed file before committing it (see README.md in this folder).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

from rendering import HEIGHT, WIDTH, render_board

from .cases import CASES, load
from .imaging import changed_fraction, decode, half, mean_abs_diff

REFERENCE_DIR = Path(__file__).with_name("reference")
UPDATE = os.environ.get("UPDATE_REFERENCES") == "1"
# Small enough to catch a missing or moved element, loose enough for another FreeType build.
MAX_MEAN_DIFF = 1.0
MAX_CHANGED = 0.003
# The board in each language (issue 12): a frozen position, every word drawn translated
# (reference `<case>.<lang>.png`).
TRANSLATED = {
    "mid_4p_cyrillic.ru": ("mid_4p_cyrillic", "ru"),
    "end_2p.ru": ("end_2p", "ru"),
    "mid_5p_names.pt-BR": ("mid_5p_names", "pt-BR"),
    "late_5p.ca": ("late_5p", "ca"),
    "end_4p.ca": ("end_4p", "ca"),
}
REFERENCES = {name: (name, "en") for name in CASES} | TRANSLATED


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_matches_reference(name: str) -> None:
    case, lang = REFERENCES[name]
    pos = load(case)
    png = render_board(pos.state, pos.events, pending=pos.pending, lang=lang)
    img = decode(png)
    assert img.size == (WIDTH, HEIGHT)
    small = half(img)
    path = REFERENCE_DIR / f"{name}.png"
    if UPDATE or not path.exists():
        REFERENCE_DIR.mkdir(exist_ok=True)
        small.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
            path, optimize=True
        )
        if not UPDATE:
            pytest.fail(f"no reference for {name}: wrote {path}; look at it, then run again")
        return
    ref = Image.open(path).convert("RGB")
    mad = mean_abs_diff(small, ref)
    frac = changed_fraction(small, ref)
    if mad > MAX_MEAN_DIFF or frac > MAX_CHANGED:
        out = Path(os.environ.get("TMPDIR", "/tmp")) / f"render-{name}-actual.png"
        small.save(out)
        pytest.fail(
            f"{name}: differs from its reference (mean diff {mad:.2f}, {frac:.2%} pixels changed); "
            f"actual image written to {out}; if the change is intended, UPDATE_REFERENCES=1"
        )
