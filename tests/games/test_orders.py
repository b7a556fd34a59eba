"""What a seat's standing orders, placement queue and declared provost move answer
(bot/games/orders.py), on real positions of the rules core."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.orders import (
    DECLARED,
    ORDER,
    QUEUE,
    SeatOrders,
    after_move,
    answer,
    best_batch,
    cutting_moves,
    declared_again,
    declared_move,
    most_batches,
    without_queues,
)
from bot.rules import TILES, Game, new_game


def until(kind: str, seed: int = 1, players: int = 3, *, phase: int | None = None) -> Game:
    """A random game played up to a decision of `kind` (in `phase`, if given)."""
    for s in range(seed, seed + 200):
        game = new_game([f"P{i}" for i in range(players)], s)
        rng = random.Random(s)
        while (d := game.decision) is not None:
            if d.kind == kind and (phase is None or d.phase == phase):
                return game
            game.apply(rng.choice(d.choices).code)
    raise AssertionError(f"no {kind} decision found")


def test_nothing_set_answers_nothing() -> None:
    game = until("provost")
    assert answer(game, None) is None
    assert answer(game, SeatOrders()) is None


def test_queue_first_legal_entry_skipping_illegal_ones() -> None:
    game = new_game(["Ann", "Bob", "Cid"], 7)  # history of docs/notation.md: Bob places first
    game.apply("r1")  # Bob takes the Marketplace (road 1)
    game.apply("r4")  # Cid the Quarry
    d = game.decision
    assert d is not None and d.kind == "place"
    orders = SeatOrders(queue=("r1", "r4", "r3", "r7", "pass"))  # r1 and r4 were taken by others
    got = answer(game, orders)
    assert got is not None and got.source == QUEUE and got.code == "r3"
    assert got.after.queue == ("r7", "pass")
    # Only entries taken by others: nothing is played, the player is asked.
    assert answer(game, SeatOrders(queue=("r1", "r4"))) is None
    # `pass` is always legal.
    got = answer(game, SeatOrders(queue=("r1", "pass")))
    assert got is not None and got.code == "pass" and got.after.queue == ()


def test_queue_answers_placements_only() -> None:
    game = until("provost")
    assert answer(game, SeatOrders(queue=("pass",))) is None


def test_declared_provost_target_applied_when_legal_and_affordable() -> None:
    game = until("provost")
    s = game.state
    seat = game.decision.player  # type: ignore[union-attr]
    s.players[seat].deniers = 3
    game = Game.resume(s)
    target = f"r{s.provost + 2}"
    got = answer(game, SeatOrders(declared=target, provost="stay"))
    assert got is not None and (got.source, got.code) == (DECLARED, "+2") and got.after.declared is None
    assert got.after.spent == target  # its words, for an undo of the move (bot/games/undo.py)
    assert got.after.provost == "stay"  # the standing order stays
    got = answer(game, SeatOrders(declared="stay"))
    assert got is not None and got.code == "0"
    # More than 3 spaces from where the provost stands: the player is asked (the order to stay
    # is not used instead: the declaration says what they want this time).
    assert declared_move(game, f"r{s.provost + 4}") == ""
    assert answer(game, SeatOrders(declared=f"r{s.provost + 4}", provost="stay")) is None


def test_declared_move_not_affordable_is_asked() -> None:
    game = until("provost")
    s = game.state
    seat = game.decision.player  # type: ignore[union-attr]
    s.players[seat].deniers = 1  # 1 denier per space (§2 phase 4)
    game = Game.resume(s)
    assert answer(game, SeatOrders(declared=f"r{s.provost + 1}")) is not None
    assert answer(game, SeatOrders(declared=f"r{s.provost + 2}")) is None


def test_provost_stay_and_cuts() -> None:
    game = until("provost")
    assert answer(game, SeatOrders(provost="stay")) == (ORDER, "0", SeatOrders(provost="stay"))
    s = game.state
    legal = game.legal_codes()
    # Empty the road around the provost: no move changes who is activated (§2 phase 5).
    s.road_worker = [-1] * len(s.road_worker)
    quiet = Game.resume(s)
    assert cutting_moves(quiet, legal) == []
    got = answer(quiet, SeatOrders(provost="cuts"))
    assert got is not None and got.code == "0"
    # Another player's worker on the provost's own space (activated, §2 phase 5): moving back
    # one space cuts them; then the player is asked.
    me = quiet.to_move
    other = (me + 1) % 3
    s.road_worker[s.provost] = other
    cut = Game.resume(s)
    assert "-1" in cutting_moves(cut, cut.legal_codes())
    assert answer(cut, SeatOrders(provost="cuts")) is None
    assert answer(cut, SeatOrders()) is None  # "ask me" by default


def test_cuts_weighs_only_others_losses_and_own_gains() -> None:
    """§2 phase 5 and §3 (owner's bonus): the `cuts` order asks where a move cuts another player
    or saves one of the mover's workers, not where it only cuts the mover or only helps others."""
    game = until("provost")
    s = game.state
    me = game.to_move
    other = (me + 1) % 3
    p = s.provost
    bonus = next(k for k, t in TILES.items() if t.owner_bonus)  # a stone production building
    s.road_worker = [-1] * len(s.road_worker)
    s.road_owner = [-1] * len(s.road_owner)
    back = {c for c in game.legal_codes() if c.startswith("-")}
    assert back, "the mover can afford a move back"

    def asked(space: int, worker: int, owner: int = -1) -> set[str]:
        t = s.copy()
        t.road_worker[p + space] = worker
        if owner >= 0:
            t.road_tile[p + space], t.road_owner[p + space] = bonus, owner
        g = Game.resume(t)
        return set(cutting_moves(g, g.legal_codes()))

    assert asked(0, other) == back  # another player's worker on the provost's space: cut by any move back
    assert asked(0, me) == set()  # only the mover's own worker: self-harm, not asked
    assert asked(0, me, owner=other) == back  # ... but on another's building, its owner loses a share
    assert asked(1, other) == set()  # moving forward only helps another player
    assert asked(1, me) == {c for c in game.legal_codes() if c.startswith("+")}  # it saves the mover's worker
    assert asked(1, other, owner=me) == {c for c in game.legal_codes() if c.startswith("+")}  # or the mover's share


def test_the_merchants_guild_follows_cuts_but_not_never() -> None:
    """The guild (§2 phase 3) is a placement made to move the provost: "never move it" asks
    there as usual; "ask only where a move cuts someone" stays when no move of up to 3 spaces
    changes whose road workers are activated, and asks otherwise; a declaration waits for
    phase 4."""
    game = until("guild")
    s = game.state
    s.road_worker = [-1] * len(s.road_worker)
    s.provost = 10
    quiet = Game.resume(s)
    legal = quiet.legal_codes()
    assert {"-3", "0", "+3"} <= set(legal)
    assert answer(quiet, SeatOrders(provost="stay")) is None  # asked: one went there to move it
    assert answer(quiet, SeatOrders(provost="cuts")) == (ORDER, "0", SeatOrders(provost="cuts"))
    assert answer(quiet, SeatOrders(declared="r12")) is None  # the declaration is for phase 4
    assert answer(quiet, SeatOrders()) is None
    me = quiet.to_move
    other = (me + 1) % len(s.players)
    # in reach: 7..13; forward it saves the mover's own worker, back it cuts another's
    for space, cut in ((13, True), (8, True), (14, False), (6, False)):
        s.road_worker = [-1] * len(s.road_worker)
        s.road_worker[space] = me if space > 10 else other
        g = Game.resume(s)
        assert bool(cutting_moves(g, g.legal_codes())) is cut, space
        assert (answer(g, SeatOrders(provost="cuts")) is None) is cut, space


def test_default_production() -> None:
    game = until("produce")
    s = game.state
    tile = s.road_tile[s.tasks[-1].space]  # type: ignore[attr-defined]
    codes = game.legal_codes()
    other = codes[-1]
    got = answer(game, SeatOrders().with_production(tile, other))
    assert got is not None and (got.source, got.code) == (ORDER, other)
    # An order for another building does not answer this one.
    elsewhere = next(t for t in ("n_farm", "n_forest", "farm_food", "farm_cloth") if t != tile)
    assert answer(game, SeatOrders().with_production(elsewhere, "F")) is None


def test_castle_delivers_every_batch_it_can() -> None:
    game = until("castle")
    batches = [c for c in game.legal_codes() if c != "done"]
    got = answer(game, SeatOrders(castle=True))
    if batches:
        assert got is not None and got.code in batches
    else:
        assert got is None
    assert answer(game, SeatOrders()) is None


def test_best_batch_keeps_the_most_batches_and_gold() -> None:
    # F W S C G: 2 food, 2 wood, 1 stone, 1 cloth: FWS then FWC, never FSC first (§2 phase 6).
    assert most_batches((2, 2, 1, 1, 0)) == 2
    assert best_batch([2, 2, 1, 1, 0], ["FWS", "FWC", "FSC"]) in ("FWS", "FWC")
    assert most_batches((1, 0, 0, 0, 0)) == 0
    # Gold is spent last: with wood, stone and gold, not the gold.
    assert best_batch([1, 1, 1, 0, 1], ["FWS", "FWG", "FSG"]) == "FWS"
    assert best_batch([1, 0, 0, 0, 0], []) == ""
    assert best_batch([1, 1, 1, 0, 0], ["done", "FWS"]) == "FWS"  # codes other than one batch are left


def test_favour_line() -> None:
    game = until("favour")
    line = game.legal_codes()[0]
    got = answer(game, SeatOrders(favour=line))
    assert got is not None and got.code == line
    missing = next((x for x in ("prestige", "deniers", "resources", "buildings") if x not in game.legal_codes()), None)
    if missing is not None:
        assert answer(game, SeatOrders(favour=missing)) is None


def test_queues_empty_at_the_end_of_phase_2_and_declarations_at_the_end_of_phase_4() -> None:
    game = until("place")
    orders = {0: SeatOrders(queue=("r8",), declared="r9", castle=True), 1: SeatOrders(queue=("pass",))}
    after = game.clone()
    rng = random.Random(3)
    while after.state.phase == 2:
        d = after.decision
        assert d is not None
        after.apply(rng.choice(d.choices).code)
    changed = after_move(orders, game, after, None, 0)
    assert changed[0].queue == () and changed[1].queue == ()
    assert changed[0].declared == ("r9" if after.state.phase <= 4 else None)
    assert changed[0].castle  # standing orders stay
    mid = until("provost")
    later = mid.clone()
    while later.state.phase == 4:
        d = later.decision
        assert d is not None
        later.apply("0")
    changed = after_move({2: SeatOrders(declared="r9"), 1: SeatOrders(spent="r8")}, mid, later, None, 2)
    assert changed[2].declared is None and changed[2].empty and changed[1].empty
    # Within a phase nothing changes but the answer used.
    assert after_move(orders, game, game.clone(), None, 0) == {}


def test_an_undone_declared_move_is_declared_again_in_its_own_words() -> None:
    """`r9` played as "0" (the provost already stood there) is `r9` again, not `stay`: from
    another space it moves the provost (§2 phase 4)."""
    game = until("provost")
    here = f"r{game.state.provost}"
    got = answer(game, SeatOrders(declared=here))
    assert got is not None and got.code == "0" and got.after == SeatOrders(spent=here)
    assert declared_again(got.after, game, "0") == SeatOrders(declared=here)
    assert declared_again(SeatOrders(declared="r12", spent=here), game, "0") == SeatOrders(declared="r12")  # since
    assert declared_again(SeatOrders(), game, "0") == SeatOrders(declared="stay")  # spent before words were kept
    assert declared_again(SeatOrders(castle=True), game, "+1") == SeatOrders(castle=True, declared=f"r{game.state.provost + 1}")


def test_undo_empties_every_queue_only() -> None:
    orders = {0: SeatOrders(queue=("r8",), castle=True), 1: SeatOrders(favour="deniers")}
    assert without_queues(orders) == {0: SeatOrders(castle=True)}


def test_stored_form_round_trip() -> None:
    o = SeatOrders(
        provost="cuts", castle=True, favour="buildings", queue=("r8", "pass"), declared="stay", spent="r9",
        invite=True, invited=1796178481.25,
    )  # fmt: skip
    o = o.with_production("n_forest", "W")
    assert SeatOrders.from_json(o.to_json()) == o
    assert SeatOrders().to_json() is None and SeatOrders.from_json(None) == SeatOrders()
    # A key written by a later version is kept, not lost.
    later = SeatOrders.from_json('{"castle": true, "future": 1}')
    assert later.castle and '"future":1' in (later.to_json() or "")
    assert replace(o, queue=()).queue == ()
