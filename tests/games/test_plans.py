"""The round plan (bot/games/plans.py) and what it answers through the seat's orders
(bot/games/orders.py), on real positions of the rules core (§2 phase 2 for placements and their
prices, §2 phase 4 for the provost, §3 for the buildings' uses)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.games.orders import (
    DECLARED,
    ORDER,
    QUEUE,
    SeatOrders,
    after_move,
    answer,
    cutting_moves,
    declared_move,
    pace_moves,
)
from bot.games.planning import set_castle
from bot.games.plans import (
    Entry,
    PassRule,
    RoundPlan,
    placed_this_round,
    plan_move,
    planned_answer,
    preview,
)
from bot.rules import TILES, Game, bridge_price, new_game, placement_cost, use_now

from .test_orders import until


def opening() -> Game:
    """Seed 7 (docs/notation.md's history): Bob places first, then Cid, then Ann."""
    return new_game(["Ann", "Bob", "Cid"], 7)


def plan_of(game: Game, *places: str, rule: PassRule | None = None, caps: dict[str, int] | None = None) -> SeatOrders:
    caps = caps or {}
    entries = tuple(Entry(p, caps.get(p)) for p in places)
    return SeatOrders(plan=RoundPlan(game.state.round, entries, rule or PassRule()))


def test_the_highest_ranked_legal_entry_is_placed_and_nothing_is_used_up() -> None:
    game = opening()
    game.apply("r1")  # Bob takes the Marketplace (road 1)
    game.apply("r4")  # Cid the Quarry
    orders = plan_of(game, "r1", "r4", "r3", "r7")
    got = answer(game, orders)
    # "r1 else r4 else r3": the first two were taken by others, so the Carpenter (road 3)
    assert got is not None and got == (QUEUE, "r3", orders)
    game.apply("r3")
    game.apply("r8")  # Bob
    game.apply("r2")  # Cid
    # The same plan next time: road 3 holds Ann's worker now, so the Peddler (road 7)
    assert answer(game, orders) == (QUEUE, "r7", orders)


def test_a_price_cap_skips_an_entry_that_costs_more() -> None:
    game = opening()
    game.apply("pass")  # Bob passes: every placement now costs 2 (§2 phase 2, 1 + players passed)
    assert bridge_price(game.state) == 2
    game.apply("r4")  # Cid
    assert placement_cost(game, game.to_move, "castle") == 2
    orders = plan_of(game, "castle", "r3", caps={"castle": 1})
    got = answer(game, orders)
    assert got is not None and got.code == "r3"  # the castle costs 2, over its cap of 1
    assert answer(game, plan_of(game, "castle", caps={"castle": 2})) == (QUEUE, "castle", plan_of(game, "castle", caps={"castle": 2}))
    # Nothing within its cap, default rule: the player is asked.
    assert answer(game, plan_of(game, "castle", "r3", caps={"castle": 1, "r3": 1})) is None


def test_each_pass_rule() -> None:
    game = opening()
    game.apply("r1")
    game.apply("r4")
    seat = game.to_move
    assert placed_this_round(game, seat) == 0
    taken = ("r1", "r4")  # both taken: nothing in these plans fits
    assert answer(game, plan_of(game, *taken)) is None  # ask (the default)
    assert answer(game, plan_of(game, *taken, rule=PassRule("pass"))).code == "pass"  # type: ignore[union-attr]
    assert answer(game, plan_of(game, *taken, rule=PassRule("keep", 3))).code == "pass"  # type: ignore[union-attr]
    assert answer(game, plan_of(game, *taken, rule=PassRule("over", 4))).code == "pass"  # type: ignore[union-attr]
    assert answer(game, plan_of(game, *taken, rule=PassRule("after", 2))) is None  # none placed yet: ask
    # after N: pass once N of the seat's workers stand on the board this round.
    game.apply("r3")
    game.apply("r8")
    game.apply("r2")
    assert placed_this_round(game, seat) == 1
    assert answer(game, plan_of(game, "r7", rule=PassRule("after", 2))).code == "r7"  # type: ignore[union-attr]
    assert answer(game, plan_of(game, "r7", rule=PassRule("after", 1))).code == "pass"  # type: ignore[union-attr]
    # over X: the best entry left costs 1 (nobody passed, §2 phase 2): over 0 passes, over 1 places.
    assert placement_cost(game, seat, "r7") == 1
    assert answer(game, plan_of(game, "r7", rule=PassRule("over", 0))).code == "pass"  # type: ignore[union-attr]
    assert answer(game, plan_of(game, "r7", rule=PassRule("over", 1))).code == "r7"  # type: ignore[union-attr]
    # keep K: an entry fits only if K deniers are left after paying for it.
    deniers = game.state.players[seat].deniers
    assert answer(game, plan_of(game, "r7", rule=PassRule("keep", deniers - 1))).code == "r7"  # type: ignore[union-attr]
    assert answer(game, plan_of(game, "r7", rule=PassRule("keep", deniers))).code == "pass"  # type: ignore[union-attr]


def test_a_plan_of_another_round_answers_nothing_and_goes_at_the_round_end() -> None:
    game = opening()
    old = SeatOrders(plan=RoundPlan(0, (Entry("r3"),)))
    assert answer(game, old) is None
    before = until("favour", seed=3, phase=7)
    plan = SeatOrders(castle=True, plan=RoundPlan(before.state.round, (Entry("r3"),)))
    after = before.clone()
    while after.state.round == before.state.round:
        after.apply(after.decision.choices[0].code)  # type: ignore[union-attr]
    assert after_move({0: plan}, before, after, None, 1) == {0: SeatOrders(castle=True)}


def test_the_preview_says_what_the_plan_does_now() -> None:
    game = opening()
    game.apply("r1")  # Bob on the Marketplace
    seat = game.to_move  # Cid
    game.state.players[seat].deniers = 1
    plan = RoundPlan(1, (Entry("r1"), Entry("r8", cap=0), Entry("r3"), Entry("r7"), Entry("r12"), Entry("castle")))
    got = {e.entry.place: (e.state, e.by, e.cost) for e in preview(game, plan, seat)}
    assert got["r1"] == ("taken", game.state.road_worker[1], 1)
    assert got["r8"][0] == "over_cap"  # 1 denier, over a cap of 0
    assert got["r3"][0] == "next" and got["r7"][0] == "then" and got["castle"][0] == "then"
    assert got["r12"][0] == "closed"  # an empty road space
    game.state.players[seat].deniers = 0
    assert {e.state for e in preview(game, plan, seat) if e.entry.place in ("r3", "r7")} == {"unpaid"}


def test_stored_plans_round_trip_and_old_queues_load_and_play_as_before() -> None:
    plan = RoundPlan(
        3, (Entry("r8", 2), Entry("castle")), PassRule("keep", 2), produce=(("n_farm", "C"),), castle=False,
        answers=(("r8", "build", "mason"),),
    )
    orders = SeatOrders(provost="cuts", plan=plan, declared="stay@6", hold=40)
    assert SeatOrders.from_json(orders.to_json()) == orders
    # A seat's orders stored before the round plan: the queue is played as it always was.
    old = SeatOrders.from_json('{"queue":["r1","r4","r3","pass"]}')
    game = opening()
    game.apply("r1")
    game.apply("r4")
    got = answer(game, old)
    assert got is not None and got.code == "r3" and got.after.queue == ("pass",)


def test_a_held_decision_is_left_to_the_player_until_the_next_move() -> None:
    game = opening()
    orders = replace(plan_of(game, "r3"), hold=len(game.state.history))
    assert answer(game, orders) is None
    after = game.clone()
    after.apply("r1")
    changed = after_move({1: orders}, game, after, None, 1)
    assert changed[1].hold is None and answer(game, changed[1]) is not None


def test_answers_at_a_building_are_played_where_legal() -> None:
    game = until("build", phase=5)
    d = game.decision
    assert d is not None
    place = f"r{game.state.cursor - 1}"
    assert TILES[game.state.road_tile[int(place[1:])]].effect == "build"  # type: ignore[index]
    code = next(c.code for c in d.choices if c.code != "skip")
    plan = RoundPlan(game.state.round).with_answer(place, "build", code)
    assert planned_answer(game, plan) == code
    assert answer(game, SeatOrders(plan=plan)) == (ORDER, code, SeatOrders(plan=plan))
    assert planned_answer(game, RoundPlan(game.state.round).with_answer(place, "build", "cathedral")) is None
    assert planned_answer(game, RoundPlan(game.state.round).with_answer("r1" if place != "r1" else "r2", "build", code)) is None


def test_use_now_is_what_the_building_would_ask() -> None:
    game = opening()  # seed 7: road 1 holds the Marketplace (docs/notation.md)
    trial = use_now(game, 0, 1)
    assert trial is not None and trial.decision is not None and trial.decision.kind == "sell"
    assert {c.code for c in trial.decision.choices} == {"F", "W", "skip"}  # 2 food + 1 wood (§1.2)
    assert use_now(game, 0, 12) is None  # an empty road space
    assert game.decision is not None and game.decision.kind == "place"  # the game itself untouched


def test_a_declaration_made_from_a_position_holds_only_there() -> None:
    game = until("provost")
    p = game.state.provost
    assert declared_move(game, f"stay@{p}") == "0"
    assert declared_move(game, f"stay@{p + 1}") == ""
    assert answer(game, SeatOrders(declared=f"stay@{p + 1}")) is None
    got = answer(game, SeatOrders(declared=f"stay@{p}"))
    assert got is not None and got.source == DECLARED and got.code == "0"


def test_a_stay_declared_where_the_provost_no_longer_stands_falls_to_the_standing_order() -> None:
    """"Stay while it stands here" (declared while another spoke, §2 phase 4), then someone moved
    it: the standing order "ask only where a move cuts someone" answers (stay where no move cuts,
    else asked); with no standing provost order the player is asked."""
    for seed in range(1, 60):
        game = until("provost", seed)
        legal = game.legal_codes()
        if "0" in legal and not cutting_moves(game, legal):
            break
    else:
        raise AssertionError("no provost decision without a cutting move")
    moved = f"stay@{game.state.provost + 1}"
    got = answer(game, SeatOrders(provost="cuts", declared=moved))
    assert got is not None and got.source == ORDER and got.code == "0"
    assert answer(game, SeatOrders(declared=moved)) is None
    for seed in range(1, 60):
        game = until("provost", seed)
        if cutting_moves(game, game.legal_codes()):
            break
    assert answer(game, SeatOrders(provost="cuts", declared=f"stay@{game.state.provost + 1}")) is None  # a cut: asked


def test_the_plans_castle_answer_comes_before_the_standing_order() -> None:
    """This round's castle answer (set from the plan's view): True delivers the batches one can
    (§2 phase 6), False asks even where the standing order would deliver, None is the order's."""
    for seed in range(1, 60):
        game = until("castle", seed)
        batches = [c for c in game.legal_codes() if c != "done"]
        if batches:
            break
    else:
        raise AssertionError("no castle decision with a batch")
    r = game.state.round
    deliver = answer(game, SeatOrders(plan=set_castle(True)(RoundPlan(r))))
    assert deliver is not None and deliver.source == ORDER and deliver.code in batches
    assert answer(game, SeatOrders(castle=True, plan=set_castle(False)(RoundPlan(r)))) is None
    standing = answer(game, SeatOrders(castle=True, plan=set_castle(None)(RoundPlan(r))))
    assert standing is not None and standing.code == deliver.code
    assert answer(game, SeatOrders(plan=RoundPlan(r - 1, castle=True))) is None  # an earlier round's


def test_the_pace_order_weighs_the_bailiffs_pace() -> None:
    game = until("provost")
    s = game.state
    legal = game.legal_codes()
    # Phase 7 moves the bailiff 2 spaces when the provost stands beyond it, else 1 (§2 phase 7).
    crossing = [c for c in legal if (s.provost + int(c) > s.bailiff) != (s.provost > s.bailiff)]
    assert pace_moves(game, legal) == crossing or s.bailiff + 1 >= 24


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_move_a_plan_makes_is_legal_and_the_one_it_says(seed: int) -> None:
    """Random plans for every seat, renewed each round: each placement they answer is legal,
    is the plan's own answer (`plan_move`), and the history replays to the same game."""
    rng = random.Random(seed)
    game = new_game(["Ann", "Bob", "Cid"], seed)
    places = ["gate", "trading", "guild", "joust", "stables", "inn", "castle", *(f"r{x}" for x in range(1, 29))]
    rules = [PassRule(), PassRule("pass"), PassRule("after", 2), PassRule("over", 3), PassRule("keep", 2)]
    plans: dict[int, RoundPlan] = {}
    played = 0
    while (d := game.decision) is not None:
        r = game.state.round
        if plans.get(d.player) is None or plans[d.player].round != r:
            entries = [Entry(p, rng.choice([None, 1, 2, 3])) for p in rng.sample(places, 6)]
            plans[d.player] = RoundPlan(r, tuple(entries), rng.choice(rules))
        got = answer(game, SeatOrders(plan=plans[d.player]))
        if got is not None and d.kind == "place":
            move = plan_move(game, plans[d.player])
            assert move is not None and got.code == move.code and got.code in game.legal_codes()
            if move.entry >= 0:
                entry = plans[d.player].entries[move.entry]
                assert entry.place == got.code
                assert entry.cap is None or placement_cost(game, d.player, got.code) <= entry.cap
                assert all(  # every entry ranked above it did not fit
                    e.place not in game.legal_codes() or (e.cap is not None and placement_cost(game, d.player, e.place) > e.cap)
                    for e in plans[d.player].entries[: move.entry]
                )
            game.apply(got.code)
            played += 1
        else:
            game.apply(rng.choice(d.choices).code)
    assert played > 20
    replayed = Game.replay(["Ann", "Bob", "Cid"], seed, game.state.options, game.state.history)
    assert replayed.to_json() == game.to_json()
