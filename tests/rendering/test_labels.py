"""Every label of the board image fits its box with the shipped fonts, with room to spare for a
translation (issue 12: ru, pt-BR, ca): each is drawn into a box of its own width
(`fonts.draw_fitted`), and measured here against it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rendering import board, fonts, render_image, tilefaces
from rendering.fonts import Fitted, text_width
from rendering.labels import LABELS
from rendering.players import display_name

from .cases import CASES, load

# A translation may be this much wider than the English label and still be drawn whole (a little
# smaller) rather than cut.
ROOM = 1.25


def _clear_drawing_caches() -> None:
    tilefaces.road_face.cache_clear()
    tilefaces.stock_face.cache_clear()
    board._background.cache_clear()


@pytest.fixture(scope="module")
def labels() -> Iterator[list[Fitted]]:
    """Every label drawn into a box on the reference positions (static parts included), player
    names left out (they are the players' own, cut with an ellipsis when too long)."""
    _clear_drawing_caches()
    fonts.FIT_LOG = []
    names: set[str] = set()
    try:
        for name in sorted(CASES):
            pos = load(name)
            render_image(pos.state, pos.events, pending=pos.pending)
            names |= {display_name(p.name, i) for i, p in enumerate(pos.state.players)}
        drawn = fonts.FIT_LOG
    finally:
        fonts.FIT_LOG = None
        _clear_drawing_caches()
    yield sorted({f for f in drawn if f.text and f.text not in names})


def test_labels_are_measured(labels: list[Fitted]) -> None:
    texts = {f.text for f in labels}
    for fixed in (LABELS.castle, LABELS.bridge, LABELS.stock, LABELS.builders, "Marketplace"):
        assert fixed in texts
    assert len(texts) > 80


def test_every_label_fits_its_box_at_its_own_size(labels: list[Fitted]) -> None:
    too_wide = [
        (f.text, text_width(f.text, f.size, f.bold), f.width)
        for f in labels
        if text_width(f.text, f.size, f.bold) > f.width
    ]
    assert not too_wide, too_wide


def test_every_label_leaves_room_for_a_longer_translation(labels: list[Fitted]) -> None:
    cramped = [
        (f.text, round(f.width / text_width(f.text, f.least, f.bold), 2))
        for f in labels
        if text_width(f.text, f.least, f.bold) * ROOM > f.width
    ]
    assert not cramped, cramped


def test_a_label_too_long_even_when_smaller_is_cut_not_spilled() -> None:
    from PIL import Image

    img = Image.new("RGB", (400, 40), (0, 0, 0))
    long = "Рыночная площадь торговца " * 3
    w = fonts.draw_fitted(img, (0, 20), long, 18, (255, 255, 255), 150, bold=True, min_size=14)
    assert 0 < w <= 150
    assert img.crop((0, 0, 150, 40)).getbbox() is not None
    assert img.crop((152, 0, 400, 40)).getbbox() is None
