"""The public API, names from anywhere, whole games of every size, and the module's boundaries."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.rules import new_game
from rendering import HEIGHT, WIDTH, render_board, render_final, render_image, style
from rendering.fonts import FONT_DIR, clean_text, fit, font, text_width
from rendering.players import display_name, player_marks

from .cases import CASES, load
from .imaging import changed_fraction, decode, region

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 600_000


@pytest.mark.parametrize("name", sorted(CASES))
def test_render_board_gives_a_small_png(name: str) -> None:
    pos = load(name)
    png = render_board(pos.state, pos.events, pending=pos.pending)
    assert png.startswith(PNG_MAGIC)
    assert len(png) <= MAX_BYTES
    assert decode(png).size == (WIDTH, HEIGHT)


def test_render_board_needs_only_the_state() -> None:
    game = new_game(["Ann", "Bob", "Cid"], seed=1)
    png = render_board(game.state)
    assert decode(png).size == (WIDTH, HEIGHT)


def test_render_final_uses_the_engines_scores() -> None:
    pos = load("end_4p")
    assert pos.state.over
    from bot.rules import ScoreLine

    plain = decode(render_board(pos.state, pos.events))
    scores = [
        ScoreLine(s, p.name, p.pp, 0, 0, 0, p.pp + (50 if s == 3 else 0))
        for s, p in enumerate(pos.state.players)
    ]
    final = decode(render_final(pos.state, scores, [3], pos.events))
    assert changed_fraction(region(plain, style.FINAL), region(final, style.FINAL), 24) > 0.01
    header = style.Box(600, 0, style.WIDTH - 600, style.HEADER_H)
    assert changed_fraction(region(plain, header), region(final, header), 24) > 0.01


def test_clean_text_keeps_scripts_and_drops_what_no_font_draws() -> None:
    assert clean_text("Zoë 🎲 the Great") == "Zoë the Great"
    assert clean_text("Ярослав Мудрый") == "Ярослав Мудрый"
    assert clean_text("e\u0301lise") == "élise"  # combining accent composed (NFC)
    assert clean_text("Ann\x00\x07\u200b") == "Ann"
    assert clean_text("👩\u200d👩\u200d👧🏽") == ""
    assert clean_text("Łucja Żółć Đorđe Šćekić") == "Łucja Żółć Đorđe Šćekić"
    assert clean_text("  many   spaces\t\n") == "many spaces"


def test_display_name_falls_back_to_the_seat() -> None:
    assert display_name("👾👾", 2) == "Player 3"
    assert display_name("", 0) == "Player 1"
    assert display_name("Ann", 0) == "Ann"
    assert display_name("李小龙", 0) == "李小龙"  # the shipped Droid Sans Fallback draws CJK


def test_marks_are_distinct_even_with_the_same_initials() -> None:
    marks = player_marks(("Ann", "Alex", "Amy", "anton", "Al"))
    assert len(set(marks)) == 5
    assert marks[0] == "A"
    assert player_marks(("👾", "🎲")) == ("1", "2")
    assert player_marks(("Борис", "Ёлка")) == ("Б", "Ё")


def test_long_names_are_shortened_to_fit() -> None:
    name = "Vladislav Konstantinovich Rimsky-Korsakov " * 5
    short = fit(name, 24, True, 200)
    assert short.endswith("…")
    assert text_width(short, 24, True) <= 200


def test_only_shipped_fonts_are_loaded() -> None:
    for size in (12, 24):
        for bold in (False, True):
            path = Path(str(font(size, bold).path))
            assert path.parent == FONT_DIR
    assert (FONT_DIR / "LICENSE-DejaVu.txt").exists()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(max_size=60), min_size=2, max_size=5))
def test_any_names_render(names: list[str]) -> None:
    game = new_game([f"P{i}" for i in range(len(names))], seed=len(names))
    for p, name in zip(game.state.players, names, strict=True):
        p.name = name
    img = render_image(game.state, game.opening_events, pending=game.decision)
    assert img.size == (WIDTH, HEIGHT)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_random_games_render_at_every_phase(players: int) -> None:
    game = new_game(["Ann", "Борис", "Chloë", "Dmitri", "Éloïse"][:players], seed=100 + players)
    rng = random.Random(players)
    events = list(game.opening_events)
    phases = 0
    while game.decision is not None:
        new = game.apply(rng.choice(game.decision.choices).code)
        events += new
        if any(e.kind == "phase_end" for e in new):
            phases += 1
            if phases % 4 == 0:  # every fourth phase keeps the test quick
                render_image(game.state, events, pending=game.decision)
            events = []
    assert game.over
    png = render_board(game.state, events)
    assert len(png) <= MAX_BYTES


FORBIDDEN = ("discord", "aiosqlite", "asyncio", "bot.games", "bot.store", "bot.ui")


def test_rendering_imports_nothing_it_must_not() -> None:
    root = Path(__file__).resolve().parents[2] / "rendering"
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert not any(name == f or name.startswith(f + ".") for f in FORBIDDEN), (
                    path,
                    name,
                )
    code = (
        "import sys, rendering, rendering.demo, rendering.__main__; "
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root.parent)


def test_renders_from_several_threads_at_once() -> None:
    """The bot renders in an executor: concurrent calls give the same images as one by one."""
    from concurrent.futures import ThreadPoolExecutor

    positions = [load(name) for name in sorted(CASES)]
    alone = [render_image(p.state, p.events, pending=p.pending).tobytes() for p in positions]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(
            pool.map(
                lambda p: render_image(p.state, p.events, pending=p.pending).tobytes(),
                positions * 3,
            )
        )
    assert together == alone * 3


def _clear_font_caches() -> None:
    from rendering import fonts

    for fn in (fonts._chain, fonts.font, fonts.text_width, fonts.text_mask, fonts._metrics):
        fn.cache_clear()


def test_an_extra_font_in_the_folder_is_a_fallback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A font dropped into rendering/fonts/ (e.g. a CJK one) draws what DejaVu lacks."""
    import shutil

    from rendering import fonts

    extra = Path("/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf")  # test-only stand-in
    if not extra.exists():
        pytest.skip("no second font on this machine to stand in for a fallback font")
    for f in (fonts.REGULAR, fonts.BOLD, extra):
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path)
    monkeypatch.setattr(fonts, "REGULAR", tmp_path / fonts.REGULAR.name)
    monkeypatch.setattr(fonts, "BOLD", tmp_path / fonts.BOLD.name)
    _clear_font_caches()
    try:
        assert clean_text("Ann 𝔄𝔫𝔫") == "Ann 𝔄𝔫𝔫"
        assert fonts.text_mask("𝔄𝔫𝔫", 20, True).getbbox() is not None
    finally:
        monkeypatch.undo()
        _clear_font_caches()
    assert clean_text("Ann 𝔄𝔫𝔫") == "Ann"


def test_the_view_is_typed_and_finds_the_pending_decision_itself() -> None:
    """The renderer reads one typed view; without the engine's Decision it asks the rules core
    (on a copy: the caller's state does not change)."""
    from bot.rules import new_game
    from rendering import PendingView, board_view

    game = new_game(["Ann", "Bob", "Cid"], seed=4)
    decision = game.decision
    assert decision is not None
    before = game.to_json()
    view = board_view(game.state, game.opening_events)
    assert view.pending == PendingView(decision.player, decision.kind, decision.prompt)
    assert game.to_json() == before
    assert board_view(game.state, pending=decision).pending == view.pending
    assert view.finals is None and view.winners == frozenset()


def test_every_building_is_described_from_one_reading_of_its_tile() -> None:
    """The tile faces' icons and the chooser's words both come from `effect_of`."""
    from bot.rules import TILES, effect_of, effect_words
    from rendering.tilefaces import effect_tokens

    for tile in TILES.values():
        effect = effect_of(tile)
        assert effect_tokens(tile), tile.id
        worker_effect = tile.kind not in ("residence", "prestige")
        assert bool(effect_words(tile.id)) == worker_effect, tile.id
        assert effect.kind == (tile.effect if worker_effect else effect.kind)
