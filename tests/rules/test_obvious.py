"""Choices applied without asking (issue 10 item 1, bot/rules/obvious.py): each rule where it
must and must not apply, and random games whose every obvious choice is checked against all
the others by brute force."""

from __future__ import annotations

import json
import random

import pytest

from bot.rules import Game, new_game, obvious_choice
from bot.rules.specials import movers_after
from bot.rules.tasks import Guild, PayPlain

from .conftest import Play
from .helpers import SAWMILL, cubes, decide, hold, put, table

# ----- the provost (§2 phases 4, 5, 7) ------------------------------------------------------------


def _provost_phase(play: Play, provost: int, bailiff: int, deniers: list[int], passing: list[int]) -> Game:
    s = table(len(deniers))
    s.provost, s.bailiff = provost, bailiff
    s.passing = passing
    for seat, d in enumerate(deniers):
        hold(s, seat, deniers=d)
    return play(s, 4, until=5)


def test_provost_stays_when_no_move_changes_anything(play: Play) -> None:
    """The bailiff ahead (provost 12, bailiff 20), no worker within reach, nobody after: any
    move only costs deniers (§2 phase 4), so staying is applied."""
    g = _provost_phase(play, 12, 20, [5, 0, 0], [0])
    ob = obvious_choice(g)
    assert ob is not None and (ob.code, ob.seat, ob.reason) == ("0", 0, "provost")
    assert ob.event(g).text == "Ann's provost stays (no move would change anything)"


def test_provost_on_the_bailiff_is_a_real_choice(play: Play) -> None:
    """§2 phase 7: the bailiff moves 2 spaces when the provost is beyond it, else 1. With the
    provost on the bailiff's space (every phase 4 that the guild left alone) a move forward
    speeds the bailiff up: asked, even with no worker on the road."""
    g = _provost_phase(play, 6, 6, [5, 0, 0], [0])
    assert obvious_choice(g) is None


def test_provost_at_the_last_bailiff_step_changes_nothing(play: Play) -> None:
    """Bailiff on road 23: 1 step or 2 both reach the Towers' mark (24), the Towers are scored
    and the game ends (§2 phase 7, §2.8): the pace no longer matters."""
    assert obvious_choice(_provost_phase(play, 23, 23, [3, 0, 0], [0])) is not None
    assert obvious_choice(_provost_phase(play, 22, 22, [3, 0, 0], [0])) is None


def test_provost_beyond_the_bailiff_stays_beyond(play: Play) -> None:
    """Provost 20 after a guild move, bailiff 12: every reachable position (17–23) is beyond
    the bailiff and no worker stands there."""
    g = _provost_phase(play, 20, 12, [3, 0, 0], [0])
    assert obvious_choice(g) is not None


def test_the_players_after_in_passing_order_count_and_the_mover_once(play: Play) -> None:
    """§2 phase 4: each player moves the provost once, in passing order. A worker 5 spaces ahead
    (road 17): the first mover's 2 deniers and the next one's 3 reach it, so the first mover is
    asked; the second mover's 3, with nobody after who holds a denier, do not: staying is
    applied (counting the second mover twice, as a cursor one step behind would, reaches it)."""
    s = table(3)
    s.provost, s.bailiff, s.passing = 12, 20, [0, 1, 2]
    for seat, deniers in enumerate((2, 3, 0)):
        hold(s, seat, deniers=deniers)
    put(s, 2, "r17")
    g = play(s, 4, until=5)
    assert (g.to_move, obvious_choice(g)) == (0, None)
    g.apply("0")
    ob = obvious_choice(g)
    assert g.to_move == 1 and ob is not None and (ob.code, ob.reason) == ("0", "provost")


def test_a_worker_within_reach_makes_it_a_choice(play: Play) -> None:
    """A worker 3 spaces ahead: moving there activates it (§2 phase 5)."""
    s = table(3)
    s.provost, s.bailiff, s.passing = 12, 20, [0]
    hold(s, 0, deniers=3)
    put(s, 1, "r15")
    assert obvious_choice(play(s, 4, until=5)) is None
    s = table(3)
    s.provost, s.bailiff, s.passing = 12, 20, [0]
    hold(s, 0, deniers=2)  # 2 deniers: road 15 is out of reach
    put(s, 1, "r15")
    assert obvious_choice(play(s, 4, until=5)) is not None


def test_a_worker_on_the_provosts_own_space_counts(play: Play) -> None:
    """The provost's own space is activated (§2 phase 5): moving back 1 cuts that worker."""
    s = table(3)
    s.provost, s.bailiff, s.passing = 12, 20, [0]
    hold(s, 0, deniers=1)
    put(s, 2, "r12")
    assert obvious_choice(play(s, 4, until=5)) is None


def test_later_players_reach_counts(play: Play) -> None:
    """Ann moves first; Bob, after her, moves from wherever she leaves the provost. A worker on
    road 17 is out of Ann's reach (12 + 3) but Ann's +3 puts it in Bob's (15 + 2): her move
    changes Bob's options, so she is asked. Bob, with 2 deniers, only reaches road 14 from 12."""
    s = table(3)
    s.provost, s.bailiff, s.passing = 12, 24, [0, 1]
    hold(s, 0, deniers=3)
    hold(s, 1, deniers=2)
    put(s, 2, "r17")
    g = play(s, 4, until=5)
    assert g.decision is not None and g.decision.player == 0
    assert obvious_choice(g) is None  # 12 ± (3 + 2) reaches road 17
    g.apply("0")
    ob = obvious_choice(g)
    assert ob is not None and ob.seat == 1 and ob.code == "0"  # 12 ± 2: nothing to change


def test_the_later_provost_movers_are_those_after_the_decider_in_passing_order() -> None:
    """§2 phase 4: each player once, in passing order. At every provost decision of random
    games, the players still to move it are exactly those after the decider: one too many
    would ask a player whose move is obvious, one too few would hide a real choice."""
    asked = 0
    for seed, players in ((11, 3), (12, 4), (13, 5), (14, 2)):
        game = new_game([f"P{i}" for i in range(players)], seed)
        draw = random.Random(seed)
        while (d := game.decision) is not None:
            if d.kind == "provost":
                s = game.state
                assert movers_after(s) == s.passing[s.passing.index(d.player) + 1 :]
                asked += 1
            game.apply(draw.choice(game.legal_codes()))
    assert asked > 20


def test_later_players_without_money_do_not_count(play: Play) -> None:
    """Later players with no deniers cannot move the provost (their turn is forced)."""
    s = table(3)
    s.provost, s.bailiff, s.passing = 12, 24, [0, 1, 2]
    hold(s, 0, deniers=3)
    put(s, 2, "r17")
    assert obvious_choice(play(s, 4, until=5)) is not None


def test_guild_counts_every_player_of_phase_4(play: Play) -> None:
    """The Merchants' guild (phase 3) is free, and every player moves the provost in phase 4,
    each taken as able to pay 3: here 3 + 3 × 3 = 12 spaces each way from road 12."""
    s = table(3)
    s.provost, s.bailiff, s.passing = 12, 26, [0, 1, 2]
    g = decide(s, Guild(0))
    assert obvious_choice(g) is not None  # no worker anywhere, bailiff beyond road 24
    s = table(3)
    s.provost, s.bailiff, s.passing = 12, 26, [0, 1, 2]
    put(s, 1, "r24")
    assert obvious_choice(decide(s, Guild(0))) is None


# ----- one way only, and whole choices ---------------------------------------------------------


def test_alchemist_cubes_allow_one_way_only() -> None:
    """§3.4 Alchemist, 4 cubes to give, holding exactly F F W W (+ gold, which does not count):
    the only whole set is applied; one at a time it was two questions."""
    s = table(3)
    hold(s, 0, "FFWWG")
    g = decide(s, PayPlain(0, 4))
    assert g.choice_codes() == ["=FFWW"] and g.legal_codes() == ["F", "W", "=FFWW"]
    ob = obvious_choice(g)
    assert ob is not None and (ob.code, ob.reason) == ("=FFWW", "one_way")
    assert ob.event(g).text == "Ann was not asked: Give 2 food + 2 wood (only one way is possible)"
    g.apply(ob.code)
    assert cubes(s, 0) == "G"


def test_alchemist_with_a_real_choice_is_asked() -> None:
    s = table(3)
    hold(s, 0, "FFWWS")
    g = decide(s, PayPlain(0, 4))
    assert g.choice_codes() == ["=FFWW", "=FFWS", "=FWWS"]
    assert obvious_choice(g) is None


def test_alchemist_one_kind_is_forced_as_before() -> None:
    """One kind of cube: the engine gives them by itself, as it always did (no history)."""
    s = table(3)
    hold(s, 0, "SSSS")
    g = decide(s, PayPlain(0, 2))
    assert g.decision is None and cubes(s, 0) == "SS" and s.history == []


def test_old_step_codes_give_what_the_whole_code_gives() -> None:
    """Stored games gave the Alchemist's cubes one by one: those codes stay legal and reach the
    same position as the whole choice."""
    def after(codes: list[str]) -> str:
        s = table(3)
        hold(s, 0, "FFWSC")
        g = decide(s, PayPlain(0, 4))
        for code in codes:
            g.apply(code)
        return cubes(s, 0)

    assert after(["=FWSC"]) == after(["C", "W", "F", "S"]) == after(["F", "=WSC"]) == "F"


# ----- random games: every obvious choice checked by brute force -------------------------------


def _position(g: Game) -> str:
    state = json.loads(g.to_json())
    state["history"] = []
    return json.dumps(state, sort_keys=True)


def _provost_class(g: Game) -> tuple[tuple[int, ...], bool]:
    """What the final provost position decides: the workers phase 5 activates, and whether the
    bailiff moves 2 spaces in phase 7 (§2 phases 5, 7)."""
    s = g.state
    workers = tuple(space for space in range(1, s.provost + 1) if s.road_worker[space] >= 0)
    # from road 23 on, 1 step or 2 both reach the Towers' mark (24): the game ends this turn
    return workers, s.provost > s.bailiff and s.bailiff < 23


def _finals(g: Game, rng: random.Random) -> set[tuple[tuple[int, ...], bool]]:
    """Every class the provost can end phase 4 in from `g`: provost decisions explored fully,
    the other decisions on the way (phase 3 after a guild) sampled."""
    if g.stopped:
        return {_provost_class(g)}
    assert g.decision is not None
    codes = g.legal_codes()
    if g.decision.kind not in ("provost", "guild"):
        codes = [codes[int(rng.random() * len(codes))]]
    out: set[tuple[tuple[int, ...], bool]] = set()
    for code in codes:
        trial = g.clone(quiet=True)
        trial.apply(code)
        out |= _finals(trial, rng)
    return out


def _check(g: Game, ob_code: str, reason: str, rng: random.Random) -> None:
    codes = g.legal_codes()
    assert ob_code in codes and ob_code in g.choice_codes()
    if reason == "provost":
        probe = g.clone(quiet=True)
        probe.run_to(5)
        finals = set()
        for _ in range(2 if g.decision is not None and g.decision.kind == "guild" else 1):
            finals |= _finals(probe, rng)
        assert len(finals) == 1, finals
    elif reason == "one_way":
        assert len(g.choice_codes()) == 1
        whole = g.clone(quiet=True)
        whole.apply(ob_code)
        seat = g.to_move
        for code in codes:  # a first step of the old kind leads to the same place
            step = g.clone(quiet=True)
            step.apply(code)
            while step.decision is not None and step.to_move == seat and step.decision.kind == g.decision.kind:  # type: ignore[union-attr]
                step.apply(step.legal_codes()[0])
            assert _position(step) == _position(whole)
    else:
        best = g.clone(quiet=True)
        best.apply(ob_code)
        for code in g.choice_codes():
            other = g.clone(quiet=True)
            other.apply(code)
            a, b = json.loads(_position(best)), json.loads(_position(other))
            pa, pb = a["players"][g.to_move], b["players"][g.to_move]
            assert pa["deniers"] >= pb["deniers"] and pa["pp"] >= pb["pp"]
            assert all(x >= y for x, y in zip(pa["cubes"], pb["cubes"], strict=True))
            for p in (pa, pb):
                p["deniers"] = p["pp"] = 0
                p["cubes"] = []
            assert a == b


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_obvious_choice_of_random_games_is_legal_and_unbeatable(players: int) -> None:
    """Issue 10: "every auto-applied choice was legal and equivalent or dominated; a test
    replays each". 60 random games per player count (240 in all), the obvious choice applied
    wherever there is one, each checked against every alternative."""
    applied = 0
    for seed in range(60):
        g = new_game([f"P{i}" for i in range(players)], 1000 + seed, quiet=True)
        rng = random.Random(seed)
        while not g.over:
            ob = obvious_choice(g)
            if ob is not None:
                _check(g, ob.code, ob.reason, rng)
                g.apply(ob.code)
                applied += 1
                continue
            codes = g.legal_codes()
            g.apply(codes[int(rng.random() * len(codes))])
    assert applied > 0


def test_a_farm_choice_is_never_obvious(play: Play) -> None:
    """Food or cloth at the Farm are different outcomes: asked (what it means to hide nothing)."""
    s = table(3)
    put(s, 0, "r1")  # the Farm: food or cloth
    s.provost = SAWMILL
    g = play(s, 5, until=6)
    assert g.decision is not None and g.decision.kind == "produce"
    assert obvious_choice(g) is None
