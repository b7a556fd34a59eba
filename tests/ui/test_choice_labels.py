"""What a choice says it does (issue 11 item 6) and what a typed choice is read as (item 7):
bot/ui/choice_labels.py, on real games of the rules core."""

from __future__ import annotations

import random

import pytest

from bot.games import BadRequest
from bot.rules import TILES, Choice, Game, new_game
from bot.ui import choice_labels as labels
from bot.ui.chooser import chooser_view, option


def start() -> Game:
    # road at seed 1: r1 Sawmill, r2 Quarry, r3 Carpenter, r4 Farm, r5 Marketplace, r6 Forest,
    # r7 Peddler, r8 Carpenter, r16 Gold mine; every player starts with 2 food + 1 wood (§1.5)
    return new_game(["Ann", "Bob", "Cid"], 1)


def choice(game: Game, code: str) -> Choice:
    d = game.decision
    assert d is not None
    return next(c for c in d.choices if c.code == code)


def provost_decision(kind: str) -> Game:
    """A game waiting on a provost move (`provost`: phase 4; `guild`) with workers on the road."""
    for seed in range(200):
        game = new_game(["Ann", "Bob", "Cid", "Dee"], seed)
        rng = random.Random(seed)
        while not game.over:
            d = game.decision
            assert d is not None
            if d.kind == kind and sum(1 for w in game.state.road_worker if w >= 0) >= 3:
                return game
            game.apply(rng.choice(d.choices).code)
    raise AssertionError(f"no {kind} decision found")


@pytest.mark.parametrize("kind", ["provost", "guild"])
def test_provost_moves_name_the_workers_they_cut_or_save(kind: str) -> None:
    """§2 phase 4: the workers beyond the provost's new space are not activated."""
    game = provost_decision(kind)
    s = game.state
    d = game.decision
    assert d is not None
    for c in d.choices:
        k = int(c.code)
        head = labels.describe(game, d.kind, c).head
        if k == 0:
            assert head.startswith(f"0: stays on r{s.provost}")
            continue
        target = s.provost + k
        assert head.startswith(f"{'−' if k < 0 else '+'}{abs(k)} → r{target}: ")
        spaces = range(target + 1, s.provost + 1) if k < 0 else range(s.provost + 1, target + 1)
        workers = [sp for sp in spaces if s.road_worker[sp] >= 0]
        assert ("cuts" if k < 0 else "saves") in head
        for sp in workers:
            who = "your worker" if s.road_worker[sp] == d.player else s.players[s.road_worker[sp]].name
            assert f"{who} at the {TILES[s.road_tile[sp] or ''].name} (r{sp})" in head, head
        if not workers:
            assert head.endswith("nobody")
        # the chooser's option and the autocomplete say the same
        opt = option(game, d.kind, c)
        assert opt.label == head[:100]
        assert labels.describe(game, d.kind, c, d.player).line().startswith(head[:80])
    # the chooser's buttons (the provost's three rows) say it too
    items = [b.item for b in chooser_view(1, d, game).children]  # type: ignore[attr-defined]
    buttons = {i.custom_id.rsplit(":", 1)[-1]: i.label for i in items}
    for c in d.choices:
        assert buttons[c.code] == labels.describe(game, d.kind, c).line(80), buttons


def test_traps_are_flagged_in_the_choice_itself() -> None:
    game = start()
    seat = game.decision.player  # type: ignore[union-attr]
    p = game.state.players[seat]
    castle = labels.describe(game, "place", choice(game, "castle"))
    assert "⚠ no batch" in " ".join(castle.details)  # food and wood only: no batch (§2 phase 6)
    p.cubes[2] = 1  # a stone: food + wood + stone is a batch
    assert not any("⚠" in x for x in labels.describe(game, "place", choice(game, "castle")).details)
    p.cubes[:] = [0, 0, 0, 0, 0]
    market = labels.describe(game, "place", choice(game, "r5"))
    assert "⚠ no cube to sell now" in market.details
    assert "⚠ needs 1 denier + 1 cloth" in labels.describe(game, "place", choice(game, "joust")).details
    p.deniers = 1  # the Peddler on road 7 sells a cube for 2 deniers
    assert "⚠ too few deniers for a cube" in labels.describe(game, "place", choice(game, "r7")).details
    p.deniers = 3
    assert not labels.describe(game, "place", choice(game, "r7")).details[1:]
    # no cubes: the Carpenter builds nothing (wood buildings cost wood and more, §3.3)
    assert "⚠ nothing you can build now" in labels.describe(game, "place", choice(game, "r8")).details
    p.cubes[:] = [5, 5, 5, 5, 0]
    assert len(labels.describe(game, "place", choice(game, "r8")).details) == 1
    p.cubes[:] = [0, 0, 0, 0, 0]
    # the chooser's select option carries the flag in its description
    assert "⚠ no cube to sell now" in (option(game, "place", choice(game, "r5")).description or "")


def test_your_own_buildings_are_marked() -> None:
    game = start()
    seat = game.decision.player  # type: ignore[union-attr]
    game.state.road_owner[4] = seat
    game.state.road_owner[6] = (seat + 1) % 3
    assert labels.describe(game, "place", choice(game, "r4")).head == "Farm (road 4), yours"
    assert not labels.describe(game, "place", choice(game, "r6")).head.endswith("yours")


@pytest.mark.parametrize(
    ("typed", "code"),
    [("carpenter r8", "r8"), ("peddler", "r7"), ("Peddler r7", "r7"), ("r3", "r3"), ("8", "r8"),
     ("market", "r5"), ("gold", "r16"), ("castle", "castle"), ("merchants", "guild"), ("CASTLE", "castle"),
     ("carpenter 3", "r3"), ("trading post", "trading")],
)
def test_typed_places(typed: str, code: str) -> None:
    game = start()
    d = game.decision
    assert d is not None
    assert labels.typed_code(game, d, typed, "place") == code


def test_typed_places_refused_with_pairs() -> None:
    game = start()
    d = game.decision
    assert d is not None
    with pytest.raises(BadRequest) as several:
        labels.typed_code(game, d, "carpenter", "place")
    assert "r3 Carpenter, r8 Carpenter" in several.value.message
    with pytest.raises(BadRequest) as none:
        labels.typed_code(game, d, "bakery", "place")
    assert "none of your choices" in none.value.message and "r8 Carpenter" in none.value.message
    assert "Castle" in none.value.message and "r7 Peddler" in none.value.message
    with pytest.raises(BadRequest) as phase:
        labels.typed_code(game, d, "+1", "provost", "provost")
    assert "`/caylus provost` is for phase 4" in phase.value.message and "now it is **Round 1 · Placing workers**" in phase.value.message


def test_autocomplete_suggests_what_the_command_reads() -> None:
    game = start()
    d = game.decision
    assert d is not None
    assert [c.code for c in labels.suggest(game, d, "peddler r7")] == ["r7"]
    assert [c.code for c in labels.suggest(game, d, "carp")] == ["r3", "r8"]
    assert [c.code for c in labels.suggest(game, d, "road 1")] == ["r1", "r16"]  # in the labels
    assert len(labels.suggest(game, d, " ")) == len(d.choices)
