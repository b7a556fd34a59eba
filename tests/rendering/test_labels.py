"""Every label of the board image fits its box with the shipped fonts, in every language (issue
12: en, ru, pt-BR, ca): each is drawn into a box of its own width (`fonts.draw_fitted`), and the
real translations are measured here against it, on every reference position."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rendering import board, fonts, render_image, tilefaces
from rendering.fonts import Fitted, text_width
from rendering.labels import LABELS
from rendering.labels import labels as rendering_labels
from rendering.players import display_name

from .cases import CASES, load

LANGS = ("en", "ru", "pt-BR", "ca")
# The English words of the board (a translation may keep a few: "PP", "total").
ENGLISH = {
    text
    for value in LABELS[1:]
    for text in (
        value.values()
        if isinstance(value, dict)
        else value
        if isinstance(value, tuple)
        else (value,)
    )
}


def _clear_drawing_caches() -> None:
    tilefaces.road_face.cache_clear()
    tilefaces.stock_face.cache_clear()
    board._background.cache_clear()


@pytest.fixture(scope="module", params=LANGS)
def labels(request: pytest.FixtureRequest) -> Iterator[list[Fitted]]:
    """Every label drawn into a box on the reference positions (static parts included) in one
    language, player names left out (they are the players' own, cut with an ellipsis when too
    long)."""
    lang: str = request.param
    _clear_drawing_caches()
    fonts.FIT_LOG = []
    names: set[str] = set()
    try:
        for name in sorted(CASES):
            pos = load(name)
            render_image(pos.state, pos.events, pending=pos.pending, lang=lang)
            names |= {display_name(p.name, i, lang) for i, p in enumerate(pos.state.players)}
        drawn = fonts.FIT_LOG
    finally:
        fonts.FIT_LOG = None
        _clear_drawing_caches()
    yield sorted({f for f in drawn if f.text and f.text not in names})


def test_labels_are_measured_in_their_language(labels: list[Fitted]) -> None:
    texts = {f.text for f in labels}
    lang = next(lang for lang in LANGS if rendering_labels(lang).castle in texts)
    words = rendering_labels(lang)
    for fixed in (words.castle, words.bridge, words.stock, words.builders):
        assert fixed in texts
    assert words.building("Marketplace") in texts
    assert len(texts) > 80
    if lang != "en":  # translated: no English label of the board is left
        assert {f.text for f in labels} & ENGLISH <= {"PP", "total", "or"}  # ca: "or" is gold


def test_every_english_label_fits_its_box_at_its_own_size(labels: list[Fitted]) -> None:
    """English, the source, is drawn at full size (a translation may be drawn a little smaller)."""
    if rendering_labels("en").castle not in {f.text for f in labels}:
        pytest.skip("a translation")
    too_wide = [
        (f.text, text_width(f.text, f.size, f.bold), f.width)
        for f in labels
        if text_width(f.text, f.size, f.bold) > f.width
    ]
    assert not too_wide, too_wide


def test_no_label_is_cut_in_any_language(labels: list[Fitted]) -> None:
    """At its smallest size (or on two lines, for a long building name) every label is whole."""
    cut = [
        (f.text, text_width(f.text, f.least, f.bold), f.width)
        for f in labels
        if text_width(f.text, f.least, f.bold) > f.width
    ]
    assert not cut, cut


def test_a_label_too_long_even_when_smaller_is_cut_not_spilled() -> None:
    from PIL import Image

    img = Image.new("RGB", (400, 40), (0, 0, 0))
    long = "Рыночная площадь торговца " * 3
    w = fonts.draw_fitted(img, (0, 20), long, 18, (255, 255, 255), 150, bold=True, min_size=14)
    assert 0 < w <= 150
    assert img.crop((0, 0, 150, 40)).getbbox() is not None
    assert img.crop((152, 0, 400, 40)).getbbox() is None
