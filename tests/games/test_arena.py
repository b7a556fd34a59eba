"""benchmarks/ai_arena.py at every table size: a tiny fixed iteration budget, one game each,
played to the end with a result the summary line reports consistently. Figures (win rates)
are the benchmark's job, not the tests'."""

from __future__ import annotations

import json
import re

import pytest

from benchmarks.ai_arena import main, wilson

GAME_LINE = re.compile(
    r"game (\d+) seed (\d+): (strong|greedy) (-?\d+), (greedy|random) \[([-\d, ]*)\]( win)?"
)


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[list[re.Match[str]], dict]:
    main(argv)
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])  # the script's shape: one JSON line last
    games = [m for line in lines[:-1] if (m := GAME_LINE.match(line))]
    return games, summary


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_strong_arena_game_runs_to_a_legal_result(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    games, summary = run(
        capsys,
        ["--strong", "--iterations", "2", "--games", "1", "--players", str(players), "--seed", "3"],
    )
    assert len(games) == 1
    game = games[0]
    strong = int(game[4])
    greedy = [int(t) for t in game[6].split(",")]
    assert len(greedy) == players - 1  # one strong seat, N-1 greedy seats
    # A shared first place counts as a win (§2.8: no tie-breaker).
    won = strong >= max(greedy)
    assert bool(game[7]) == won
    assert summary["players"] == players and summary["games"] == 1
    assert summary["baseline_win_rate"] == round(1 / players, 3)
    assert summary["strong_win_rate"] == (1.0 if won else 0.0)
    assert summary["strong_win_rate_low"] <= summary["strong_win_rate"]
    assert summary["strong_win_rate"] <= summary["strong_win_rate_high"]
    assert summary["strong_mean_score"] == strong
    assert summary["greedy_mean_score"] == round(sum(greedy) / len(greedy), 1)
    assert summary["iterations_per_decision_mean"] == 2
    assert summary["cpu_ms_per_decision_mean"] > 0


def test_the_greedy_arena_plays_three_player_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    games, summary = run(capsys, ["--games", "3", "--players", "3"])
    assert [int(g[1]) for g in games] == [1, 2, 3]
    assert all(len(g[6].split(",")) == 2 for g in games)
    wins = sum(bool(g[7]) for g in games)
    assert summary["players"] == 3 and summary["games"] == 3
    assert summary["baseline_win_rate"] == 0.333
    assert summary["greedy_win_rate"] == round(wins / 3, 3)


def test_the_default_table_is_still_four_players(capsys: pytest.CaptureFixture[str]) -> None:
    games, summary = run(capsys, ["--games", "1"])
    assert len(games[0][6].split(",")) == 3
    assert summary["players"] == 4 and summary["baseline_win_rate"] == 0.25


def test_wilson_interval_matches_the_published_figures() -> None:
    # docs/benchmarks.md: 73 of 94 games (77.7 %) → 68–85 %; 9 of 12 (75 %) → 47–91 %.
    low, high = wilson(73, 94)
    assert (round(low * 100), round(high * 100)) == (68, 85)
    low, high = wilson(9, 12)
    assert (round(low * 100), round(high * 100)) == (47, 91)
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0
