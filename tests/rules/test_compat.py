"""Stored games stay valid: replays and old snapshots give the same games as when the fixtures
were recorded (tests/rules/make_fixtures.py, from the code before decision tasks became typed
records). A difference here changes what stored games replay to."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from bot.rules import Game
from bot.rules.tasks import TASK_TYPES

from .make_fixtures import decision_row, digest, event_rows, random_game

FIXTURES = Path(__file__).with_name("fixtures")
REPLAYS = json.loads(gzip.decompress((FIXTURES / "replays.json.gz").read_bytes()))
SNAPSHOTS = json.loads((FIXTURES / "snapshots.json").read_text(encoding="utf-8"))


def test_fixtures_cover_every_player_count_and_many_seeds() -> None:
    assert {g["players"] for g in REPLAYS} == {2, 3, 4, 5}
    assert len(REPLAYS) == 200


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_replay_identically(players: int) -> None:
    """Histories, every decision's prompt and labels, every event and the scores (50 seeds)."""
    for old in (g for g in REPLAYS if g["players"] == players):
        new = random_game(players, old["seed"])
        assert new["history"] == old["history"], old["seed"]
        assert new["scores"] == old["scores"], old["seed"]
        assert new["decisions"] == old["decisions"], old["seed"]
        assert new["events"] == old["events"], old["seed"]
        assert new["state"] == old["state"], old["seed"]


def test_move_history_replays_to_the_same_state() -> None:
    old = REPLAYS[7]
    g = Game.replay([f"P{i + 1}" for i in range(old["players"])], old["seed"], None, old["history"])
    assert hashlib.sha256(g.to_json().encode()).hexdigest() == old["state"]


def test_snapshots_cover_every_decision_kind() -> None:
    covered = {k for snap in SNAPSHOTS for k in snap["kinds"]}
    assert covered == set(TASK_TYPES)


@pytest.mark.parametrize("index", range(len(SNAPSHOTS)))
def test_old_snapshot_loads_and_continues_identically(index: int) -> None:
    """A snapshot stored with tasks as lists `[kind, seat, *context]` loads, and its game goes
    on exactly as it did."""
    snap = SNAPSHOTS[index]
    g = Game.from_json(json.dumps(snap["state"]))
    events: list[Any] = event_rows(g.opening_events) if snap.get("opening") else []
    for code in snap["moves"]:
        decision_row(g)
        events += event_rows(g.apply(code))
    assert g.over
    assert digest(events) == snap["events"]
    assert [list(s) for s in g.final_scores()] == snap["scores"]
    assert hashlib.sha256(g.to_json().encode()).hexdigest() == snap["final"]
