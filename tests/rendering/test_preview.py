"""The board read in Discord's chat preview (issue 24): the 1100 px image shown 550 px wide.

Every figure the board draws (cubes, deniers, PP, costs, road spaces, the castle's counts) is
measured: the ink of its digits, scaled to the 550 px preview, stands at least as tall as the
digits of 9 px type (6.5 px), and the image resampled to 550 px still shows 6 px of it; in every
language and every reference position, and so is every figure of the end-of-game summary."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.games.past import past_of
from bot.games.story import summary_view
from rendering import board, fonts, render_image, tilefaces
from rendering.demo import long_game
from rendering.fonts import NUMBER_MIN, Drawn, pieces, text_width
from rendering.summary import draw_summary

from .cases import CASES, load

PREVIEW_W = 550
MIN_DIGITS = 6.5  # px: the digits of 9 px type (DejaVu's figures are 0.72 em high)
MIN_INK = 6  # px: what is left of them in the image resampled to 550 px
LANGS = ("en", "ru", "pt-BR", "ca")
DIGIT = re.compile(r"\d")


def drawn(make: object) -> tuple[Image.Image, list[Drawn]]:
    """An image drawn by `make()` and every text drawn on it (caches cleared: the tiles and the
    static board are drawn again, so their texts are seen too)."""
    tilefaces.road_face.cache_clear()
    tilefaces.stock_face.cache_clear()
    board._background.cache_clear()
    fonts.TEXT_LOG = []
    try:
        img = make()  # type: ignore[operator]
        return img, list(fonts.TEXT_LOG)
    finally:
        fonts.TEXT_LOG = None


def figures(texts: list[Drawn]) -> Iterator[tuple[str, tuple[float, float, float, float], Image.Image]]:
    """Each figure drawn, its box and the image it is on (left to right within its text)."""
    for t in texts:
        if not DIGIT.search(t.text):
            continue
        x = t.box[0]
        for piece, size in pieces(t.text, t.size):
            w = text_width(piece, size, t.bold)
            if DIGIT.search(piece):
                yield piece, (x, t.box[1], x + w, t.box[3]), t.image
            x += w


def ink_height(img: Image.Image, box: tuple[float, float, float, float]) -> int:
    """Rows of `box` holding ink: pixels at least half as far from the box's commonest colour
    (its background) as its inkiest pixel (faint figures are measured as dark ones are)."""
    x0, y0, x1, y1 = (int(box[0]), int(box[1]), int(box[2]) + 1, int(box[3]) + 1)
    crop = img.crop((max(0, x0), max(0, y0), min(img.width, x1), min(img.height, y1))).convert("RGB")
    counts = crop.getcolors(crop.width * crop.height) or []
    bg = max(counts)[1]
    r, g, b = ImageChops.difference(crop, Image.new("RGB", crop.size, bg)).split()
    far = ImageChops.lighter(ImageChops.lighter(r, g), b)  # each pixel's largest channel difference
    peak = far.getextrema()[1]
    if peak < 40:  # no ink at all (or none that stands out)
        return 0
    inked = far.point(lambda v: 255 if v * 2 >= peak else 0).getbbox()
    assert inked is not None
    return inked[3] - inked[1]


def preview_check(img: Image.Image, texts: list[Drawn]) -> list[tuple[str, float, int]]:
    """The figures whose digits stand less tall than those of 9 px type in the 550 px preview:
    measured in the image as drawn and scaled (`MIN_DIGITS`), and in the image resampled to
    550 px (`MIN_INK`: what anti-aliasing leaves of them). A figure on a tile's face, pasted
    whole onto the board, is measured on the face."""
    scale = PREVIEW_W / img.width
    shrunk: dict[int, Image.Image] = {}

    def small(image: Image.Image) -> Image.Image:
        if id(image) not in shrunk:
            size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
            shrunk[id(image)] = image.resize(size, Image.Resampling.LANCZOS)
        return shrunk[id(image)]

    short = []
    for piece, box, image in figures(texts):
        exact = ink_height(image, box) * scale
        seen = ink_height(small(image), tuple(v * scale for v in box))  # type: ignore[arg-type]
        if exact < MIN_DIGITS or seen < MIN_INK:
            short.append((piece, exact, seen))
    return short


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_figure_of_the_board_reads_at_550_px(case: str, lang: str) -> None:
    pos = load(case)
    img, texts = drawn(lambda: render_image(pos.state, pos.events, pending=pos.pending, lang=lang))
    assert img.width == 1100
    assert sum(1 for _ in figures(texts)) > 40  # the road, the cards, the castle, the stock...
    assert preview_check(img, texts) == []


def test_the_measure_sees_small_figures() -> None:
    """The same measure finds figures drawn at 13 px and 15 px (the board's old type) too small
    and those at NUMBER_MIN px large enough."""
    img = Image.new("RGB", (1100, 200), (248, 243, 232))
    d = ImageDraw.Draw(img)
    texts = []
    for i, size in enumerate((13, 15, NUMBER_MIN)):
        x = 20 + i * 200
        f = fonts.font(size, True)
        d.text((x, 80), "2 10", font=f, fill=(44, 36, 30), anchor="ls")
        left, top, right, bottom = f.getbbox("2 10", anchor="ls")
        texts.append(Drawn("2 10", NUMBER_MIN, True, (x + left, 80 + top - 4, x + right, 80 + bottom + 4), img))
    short = preview_check(img, texts)
    assert [p for p, *_ in short] == ["2 10", "2 10"]  # the 13 px and 15 px ones


def test_every_figure_of_the_summary_reads_at_550_px() -> None:
    game = long_game(5, 4)
    past = past_of([p.name for p in game.state.players], 4, None, game.state.history)
    view = summary_view(past.names, past.seed, past.options, past.history)
    img, texts = drawn(lambda: draw_summary(view))
    assert sum(1 for _ in figures(texts)) > 30
    assert preview_check(img, texts) == []
