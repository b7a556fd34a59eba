"""A game record (bot/rules/record.py, docs/notation.md "A game record"): written from a game,
read back and replayed to exactly the same final state, by the library and by
`python -m bot.rules replay FILE`; a damaged record is refused with the line or choice at fault."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.rules import (
    Game,
    Options,
    RecordError,
    final_scores,
    new_game,
    read_record,
    replay_record,
    write_record,
)

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann: the first", "Борис", "# not a comment", "Dee"]


def finished(seed: int, options: Options | None = None) -> Game:
    game = new_game(NAMES, seed, options)
    rng = random.Random(seed)
    while game.decision is not None:
        game.apply(rng.choice(game.decision.choices).code)
    return game


def test_a_record_replays_to_the_same_final_state() -> None:
    options = Options(jeweller=True, lawyer_pp=3)
    game = finished(3, options)
    text = write_record(NAMES, 3, options, game.state.history)
    record = read_record(text)
    assert record.names == NAMES and record.seed == 3 and record.options == options
    assert record.history == game.state.history
    assert record.final == [s.total for s in final_scores(game.state)]
    again = replay_record(record)
    assert again.to_json() == game.to_json()
    # one line per round, each with the choices of that round
    rounds = [line for line in text.splitlines() if line.startswith("round ")]
    assert [int(line.split(":")[0][6:]) for line in rounds] == list(range(1, game.state.round + 1))


def test_a_game_under_way_is_recorded_without_a_final_line() -> None:
    game = new_game(NAMES[:2], 8)
    rng = random.Random(8)
    for _ in range(40):
        assert game.decision is not None
        game.apply(rng.choice(game.decision.choices).code)
    text = write_record(NAMES[:2], 8, None, game.state.history)
    assert "final:" not in text
    assert replay_record(read_record(text)).to_json() == game.to_json()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda t: t.replace("\nround 2: ", " ", 1), "is written in round 1, but the game is in round 2"),
        (lambda t: t.replace("round 3:", "round 2:", 1), "round 2 comes after round 2"),
        (lambda t: t.replace("final: ", "final: 1", 1), "ends with the scores"),
        (lambda t: t.replace("seed: 5", "seed: five"), "the seed is a whole number"),
        (lambda t: t.replace("caylus-record: 1", "caylus-record: 9"), "record version '9'"),
        (lambda t: t + "colour: blue\n", "unknown key 'colour'"),
        (lambda t: t.replace("round 1: ", "round 1: r99 ", 1), "choice 1 ('r99') in round 1 is not legal there"),
        (lambda t: t.replace("caylus-record: 1\n", ""), "not a Caylus game record"),
    ],
)
def test_a_damaged_record_is_refused_with_the_reason(change, says: str) -> None:  # type: ignore[no-untyped-def]
    game = finished(5)
    text = change(write_record(NAMES, 5, None, game.state.history))
    with pytest.raises(RecordError) as e:
        replay_record(read_record(text))
    assert says in str(e.value)


def test_the_command_line_replays_a_record(tmp_path: Path) -> None:
    game = finished(9)
    path = tmp_path / "game.txt"
    path.write_text(write_record(NAMES, 9, None, game.state.history), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "bot.rules", "replay", str(path), "--state"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    lines = out.stdout.splitlines()
    assert lines[0] == f"4 players, seed 9, {len(game.state.history)} choices: game over"
    assert lines[1] == "final: " + " ".join(f"{s.name}={s.total}" for s in final_scores(game.state))
    assert json.loads(lines[2]) == json.loads(game.to_json())
    path.write_text("caylus-record: 1\nplayer: Ann\n", encoding="utf-8")
    bad = subprocess.run([sys.executable, "-m", "bot.rules", "replay", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 1 and "2 to 5 players" in bad.stderr
