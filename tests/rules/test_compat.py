"""Stored games stay valid: replays and old snapshots give the same games as when the fixtures
were recorded (tests/rules/make_fixtures.py, from the code before decision tasks became typed
records), and the English words said on the way are those recorded.

Two kinds of failure, told apart: a test of **what stored games replay to** (moves, positions,
events' facts, scores) failing means a stored game would become another game: fix the code.
`test_the_english_wording_is_as_recorded` failing means only the words changed (a prompt, a
label, an event's sentence; stored games keep codes, not words): if that change is meant,
`make fixtures` records the new words (it refuses while a fact differs)."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from bot.rules import Game
from bot.rules.tasks import TASK_TYPES

from .make_fixtures import continuation, random_game

FIXTURES = Path(__file__).with_name("fixtures")
REPLAYS = json.loads(gzip.decompress((FIXTURES / "replays.json.gz").read_bytes()))
SNAPSHOTS = json.loads((FIXTURES / "snapshots.json").read_text(encoding="utf-8"))


def test_fixtures_cover_every_player_count_and_many_seeds() -> None:
    assert {g["players"] for g in REPLAYS} == {2, 3, 4, 5}
    assert len(REPLAYS) == 200


NEW_WORDS = "only the English words changed; if meant: make fixtures"


@pytest.fixture(scope="module")
def replayed() -> list[dict[str, Any]]:
    return [random_game(old["players"], old["seed"]) for old in REPLAYS]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_replay_identically(players: int, replayed: list[dict[str, Any]]) -> None:
    """Histories, who decided what among which codes, every event's facts, the scores and the
    final states (50 seeds)."""
    for old, new in zip(REPLAYS, replayed, strict=True):
        if old["players"] != players:
            continue
        assert new["history"] == old["history"], old["seed"]
        assert new["scores"] == old["scores"], old["seed"]
        assert new["decisions"] == old["decisions"], old["seed"]
        assert new["events"] == old["events"], old["seed"]
        assert new["state"] == old["state"], old["seed"]


def test_the_english_wording_is_as_recorded(replayed: list[dict[str, Any]]) -> None:
    """Every prompt, choice label and event text of the 200 games and the old snapshots."""
    changed = [f"{old['players']} players, seed {old['seed']}" for old, new in zip(REPLAYS, replayed, strict=True) if new["words"] != old["words"]]
    for snap in SNAPSHOTS:
        now = continuation(Game.from_json(json.dumps(snap["state"])), snap["moves"], snap.get("opening", False))
        if now["words"] != snap["words"]:
            changed.append(f"the snapshot of seed {snap['seed']}")
    assert not changed, f"{NEW_WORDS} ({len(changed)}: {', '.join(changed[:5])}…)"


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
    now = continuation(g, snap["moves"], snap.get("opening", False))
    assert g.over
    assert now["events"] == snap["events"]
    assert now["scores"] == snap["scores"]
    assert now["final"] == snap["final"]
