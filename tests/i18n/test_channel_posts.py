"""Issue 12: the channel posts' own texts in the table's language (the whole games are in
tests/e2e/test_table_language.py)."""

from __future__ import annotations

from bot.games import GameResult
from bot.games.results import MissedDeadline
from bot.games.table import Seat
from bot.i18n import translator
from bot.rules import final_scores, new_game, winners
from bot.ui import texts
from bot.ui.texts.orders import queued_note


def test_a_missed_deadline_in_russian_and_english() -> None:
    missed = MissedDeadline("Аня", "Пас", 2, 2, True)
    assert missed.text() == (
        "Аня missed the deadline: the game played Пас for them. Аня has missed 2 deadlines in a row, "
        "so the AI plays their seat from now on, until they take it back."
    )
    assert missed.text(tr=translator("ru")) == (
        "Аня не успевает к сроку: игра выбирает за игрока — Пас. Аня пропускает 2 срока подряд, "
        "поэтому теперь за это место играет ИИ, пока игрок его не вернёт."
    )


def test_queued_moves_in_catalan() -> None:
    note = queued_note([("queue", "Bob", "Farm (road 9)"), ("declared", "Ann", "Stay")], translator("ca"))
    assert note == "📋 Bob: Farm (road 9) (planificat); Ann: Stay (declarat abans)."


def test_the_final_scores_line_up_in_every_language() -> None:
    game = new_game(["Ann", "Bob"], 3)
    scores = final_scores(game.state)
    seats = [Seat(i, n, None, True) for i, n in enumerate(("Ann", "Bob"))]
    result = GameResult(scores, winners(scores), seats)
    english = texts.game_over(translator("en"), result)
    assert english.startswith("🏁 **Game over** — the Towers are scored.")
    assert "Player  Game  Gold  Cubes  Deniers  Total" in english
    for lang in ("ru", "pt-BR", "ca"):
        text = texts.game_over(translator(lang), result)
        assert text.startswith(texts.GAME_OVER_MARK) and "Game over" not in text
        table = text.split("```")[1].strip("\n").split("\n")
        assert len({len(row) for row in table}) == 1, table  # the columns line up
