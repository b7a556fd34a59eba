"""The end-of-game summary and the replay (issue 24): the summary in every language, its labels
in their boxes and its figures at 18 px or more (9 px in Discord's 550 px preview); the replay
one frame per phase report, each frame the board of its report pixel for pixel, the whole game
of 18 rounds under Discord's 10 MB."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image, ImageChops

from bot.games.past import Past, past_boards, past_of, replay_gif, summary_png
from bot.games.story import summary_view
from rendering import board_view, fonts
from rendering.demo import long_game
from rendering.replay import MAX_BYTES, frame
from rendering.summary import NUMBER, draw_summary

LANGS = ("en", "ru", "pt-BR", "ca")


@cache
def long_past(lang: str = "en") -> Past:
    game = long_game(5, 2, names=["Аня", "Bob", "Chloë", "Dmitri", "Éloïse"])
    return past_of([p.name for p in game.state.players], 2, None, game.state.history, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_in_every_language(lang: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    past = long_past(lang)
    view = summary_view(past.names, past.seed, past.options, past.history, lang)
    fonts.FIT_LOG = []
    try:
        img = draw_summary(view)
        fitted = list(fonts.FIT_LOG)
    finally:
        fonts.FIT_LOG = None
    assert img.width == 1100
    for f in fitted:  # every label in its box at no less than its smallest size
        size = fonts.fit_size(f.text, f.size, f.bold, f.width, f.least)
        assert fonts.text_width(f.text, size, f.bold) <= f.width or f.text.startswith(past.names), f
    assert NUMBER >= 18  # the figures: 9 px at Discord's 550 px preview
    png = summary_png(past)
    out = tmp_path_factory.mktemp("summary") / f"summary.{lang}.png"
    out.write_bytes(png)  # for a look
    assert Image.open(io.BytesIO(png)).size == img.size


def test_the_replay_has_a_frame_per_phase_report_and_fits_discord() -> None:
    past = long_past()
    reports = past_boards(past)
    assert reports[-1].game_over and reports[-1].round == 18
    gif = replay_gif(past)
    assert len(gif) < MAX_BYTES // 2
    movie = Image.open(io.BytesIO(gif))
    assert movie.n_frames == len(reports)
    assert movie.size == (1100, 1058)
    for i in (0, len(reports) // 3, len(reports) - 1):  # each frame is its report's board
        movie.seek(i)
        r = reports[i]
        assert r.state is not None
        want = frame(board_view(r.state, r.events, pending=r.pending)).convert("RGB")
        assert ImageChops.difference(movie.convert("RGB"), want).getbbox() is None
    assert movie.info.get("loop") == 0
