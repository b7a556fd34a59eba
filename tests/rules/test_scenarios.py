"""Scenario tests: a few whole turns from a constructed position, every player's deniers, cubes,
prestige and favour markers checked afterwards. The expected numbers are worked out by hand from
the rules reference in the comments (sections cited there)."""

from __future__ import annotations

from bot.rules import Game, State

from .helpers import build, cubes, hold, table


def answer(g: Game, *steps: tuple[int, str, str]) -> None:
    """Apply (seat, decision kind, code) steps, checking who is asked what."""
    for seat, kind, code in steps:
        d = g.decision
        assert d is not None, f"game over before {seat} {kind} {code}"
        assert (d.player, d.kind) == (seat, kind), f"expected {seat} {kind}, got {d.player} {d.kind} ({g.legal_codes()})"
        g.apply(code)


def summary(s: State, seat: int) -> tuple[int, str, int, list[int], int]:
    p = s.players[seat]
    return (p.deniers, cubes(s, seat), p.pp, p.favours, p.workers)


ANN, BOB, CID, DEE = 0, 1, 2, 3


def test_three_players_two_turns() -> None:
    """§2 phases 1–7 over two turns with three players (turn order Ann, Bob, Cid)."""
    s = table(3)
    build(s, 9, "farm_food", owner=ANN)
    build(s, 10, "park", owner=BOB)
    build(s, 11, "residence", owner=CID)
    hold(s, ANN, "FFW", deniers=5)
    hold(s, BOB, "FFW", deniers=6)
    hold(s, CID, "FFWC", deniers=6)
    g = Game.resume(s)  # phase 1: income 2 d, Cid +1 for his residence → 7, 8, 9
    assert [p.deniers for p in s.players] == [7, 8, 9]
    answer(
        g,
        # phase 2 (§2 phase 2 Cost: 1 d, 2 d after one pass, own building 1 d)
        (ANN, "place", "r10"),  # Bob's Park: 1 d, Bob +1 PP
        (BOB, "place", "castle"),  # 1 d
        (CID, "place", "joust"),  # 1 d
        (ANN, "place", "r9"),  # her own Farm: 1 d
        (BOB, "place", "pass"),  # first to pass: +1 d
        (CID, "place", "r6"),  # neutral Carpenter: 2 d
        (ANN, "place", "castle"),  # 2 d
        (CID, "place", "pass"),
        (ANN, "place", "pass"),
        # phase 3: Joust field, Cid pays 1 d + 1 C; resources line column 1 → 1 F (by itself)
        (CID, "joust", "favour"),
        (CID, "favour", "resources"),
        # phase 4 in passing order Bob, Cid, Ann
        (BOB, "provost", "+1"),  # 7, 1 d
        (CID, "provost", "+3"),  # 10, 3 d
        (ANN, "provost", "0"),
        # phase 5: road 6 Carpenter (Cid), 9 Farm (Ann), 10 Park (Ann, owner Bob)
        (CID, "build", "mason"),  # W + F, on road 12 (9–11 taken), 4 PP
        (ANN, "produce", "C"),
        (BOB, "bonus", "F"),  # Park used by Ann: Bob takes W or F (§2 phase 5)
        # phase 6: Bob (F F F W) has no batch: −2 PP, floored at 0 (he had 1)
        # Ann delivers F W C into the Dungeon: 5 PP, then best builder: deniers column 1, 3 d
        (ANN, "castle", "FWC"),
        (ANN, "favour", "deniers"),
        # phase 7: provost 10 > bailiff 6 → bailiff 8; turn 2 income (Cid +1)
    )
    assert (s.round, s.phase, s.bailiff, s.provost) == (2, 2, 8, 8)
    assert s.castle == [[ANN], [], []]
    assert (s.road_tile[12], s.road_owner[12], s.stock["mason"]) == ("mason", CID, 0)
    assert summary(s, ANN) == (8, "FFWW", 5, [0, 1, 0, 0], 6)
    assert summary(s, BOB) == (9, "FFFW", 0, [0, 0, 0, 0], 6)
    assert summary(s, CID) == (5, "FF", 4, [0, 0, 1, 0], 6)

    answer(
        g,
        (ANN, "place", "r12"),  # Cid's Mason: 1 d, Cid +1 PP
        (BOB, "place", "stables"),  # 1 d
        (CID, "place", "r16"),  # Gold mine: 1 d
        (ANN, "place", "pass"),  # first: +1 d
        (BOB, "place", "r1"),  # Farm: 2 d
        (CID, "place", "trading"),  # 2 d
        (BOB, "place", "castle"),  # 2 d
        (CID, "place", "pass"),
        (BOB, "place", "pass"),
        # phase 3: Trading post +3 d to Cid; Stables: Bob first → order Bob, Ann, Cid
        # phase 4 in passing order Ann, Cid, Bob
        (ANN, "provost", "+3"),  # 11
        (CID, "provost", "+3"),  # 14
        (BOB, "provost", "+2"),  # 16: the Gold mine is reached
        # phase 5: Farm (Bob), Mason (Ann has no stone: nothing), Gold mine (Cid, by itself)
        (BOB, "produce", "C"),
        # phase 6: Bob delivers F W C: 5 PP, best builder: prestige column 1, 1 PP
        (BOB, "castle", "FWC"),
        (BOB, "favour", "prestige"),
        # phase 7: provost 16 > bailiff 8 → 10; turn 3 income
    )
    assert (s.round, s.phase, s.bailiff, s.provost) == (3, 2, 10, 10)
    assert s.turn_order == [BOB, ANN, CID]
    assert g.decision is not None and (g.decision.player, g.decision.kind) == (BOB, "place")
    assert s.castle == [[ANN, BOB], [], []]
    assert summary(s, ANN) == (7, "FFWW", 5, [0, 1, 0, 0], 6)
    assert summary(s, BOB) == (4, "FF", 6, [1, 0, 0, 0], 6)
    assert summary(s, CID) == (5, "FFG", 5, [0, 0, 1, 0], 6)


def test_four_players_gate_inn_lawyer_church_and_dungeon_scoring() -> None:
    """A turn with four players around the Dungeon mark: Inn occupant paying 1 d (§2 phase 2),
    Gate to the Inn (§2 phase 3), delayed Lawyer transformation (§3.3, §6 #13), Church favour,
    stone owner bonus, best builder and the Dungeon scoring at road 12 (§1.4, §2 phase 7)."""
    s = table(4)
    s.bailiff = s.provost = 10
    s.castle[0] = [BOB, BOB, CID]
    build(s, 9, "lawyer", owner=DEE)
    build(s, 10, "mason", owner=ANN)
    build(s, 11, "bank", owner=BOB)
    build(s, 12, "quarry", owner=CID)
    build(s, 13, "workshop", owner=DEE)
    build(s, 14, "residence", owner=ANN)
    s.inn_right = BOB
    s.players[BOB].workers = 5
    hold(s, ANN, "FSC", deniers=4, pp=10)
    hold(s, BOB, "FWS", deniers=3, pp=8)
    hold(s, CID, "FFWC", deniers=5, pp=6)
    hold(s, DEE, "CSF", deniers=2, pp=7)
    s.players[DEE].favours = [1, 0, 0, 0]
    g = Game.resume(s)  # income: Ann 2 + 1 residence
    assert [p.deniers for p in s.players] == [7, 5, 7, 4]
    answer(
        g,
        (ANN, "place", "r9"),  # Dee's Lawyer: 1 d, Dee +1 PP
        (BOB, "place", "r13"),  # Dee's Workshop: Bob is in the Inn, 1 d; Dee +1 PP
        (CID, "place", "gate"),  # 1 d
        (DEE, "place", "r10"),  # Ann's Mason: 1 d, Ann +1 PP
        (ANN, "place", "pass"),  # first: +1 d
        (BOB, "place", "castle"),  # Inn: 1 d
        (CID, "place", "guild"),  # 2 d
        (DEE, "place", "pass"),
        (BOB, "place", "r11"),  # his own Bank: 1 d
        (CID, "place", "pass"),
        (BOB, "place", "pass"),
        # phase 3: Gate → Inn's left circle; Guild +3 → 13; Inn: Bob goes home, Cid stays right
        (CID, "gate", "inn"),
        (CID, "guild", "+3"),
        # phase 4 in passing order Ann, Dee, Cid, Bob
        (ANN, "provost", "0"),
        (DEE, "provost", "-1"),  # 12, 1 d
        (CID, "provost", "+1"),  # 13, 1 d
        (BOB, "provost", "0"),
        # phase 5: Lawyer (Ann) on her own Mason, which Dee still has to use: pay now
        (ANN, "lawyer", "r10"),
        (DEE, "build", "church"),  # S + C, on road 15, 3 PP + 1 favour
        (DEE, "favour", "prestige"),  # marker 1 → 2: 2 PP
        # then the Mason becomes Ann's residence (+2 PP) and returns to the stock
        (BOB, "trade", "1G"),  # his Bank: 2 d → 1 G
        # Workshop (Bob): S S C; Dee (owner) takes S or C
        (DEE, "bonus", "C"),
        # phase 6: Bob delivers F S G (5 PP), best builder: deniers column 1 (3 d)
        (BOB, "castle", "FSG"),
        (BOB, "favour", "deniers"),
        # phase 7: provost 13 > bailiff 10 → 12: Dungeon scored in turn order:
        # Ann 0 houses −2, Bob 3 houses → 1 favour, Cid 1 → nothing, Dee 0 → −2
        (BOB, "favour", "deniers"),  # new phase: deniers again, column 2 (4 d)
        # turn 2 income: Ann 2 + 2 residences
    )
    assert (s.round, s.phase, s.bailiff, s.provost) == (2, 2, 12, 12)
    assert (s.section, s.scored, s.favour_columns) == (1, [True, False, False], 4)
    assert s.castle == [[BOB, BOB, CID, BOB], [], []]
    assert (s.road_tile[10], s.road_owner[10], s.stock["mason"]) == ("residence", ANN, 1)
    assert (s.road_tile[15], s.road_owner[15]) == ("church", DEE)
    assert (s.inn_left, s.inn_right) == (-1, CID)
    assert summary(s, ANN) == (10, "FS", 11, [0, 0, 0, 0], 6)
    assert summary(s, BOB) == (9, "WSSC", 13, [0, 2, 0, 0], 6)
    assert summary(s, CID) == (5, "FFWC", 6, [0, 0, 0, 0], 5)
    assert summary(s, DEE) == (4, "FC", 12, [2, 0, 0, 0], 6)
    assert g.decision is not None and (g.decision.player, g.decision.kind) == (ANN, "place")


def test_two_players_last_turn_and_final_scoring() -> None:
    """Two players (§5) in the last turn: 3 d placements after the opponent passed, a forced pass,
    Towers batches, best builder, the Towers scoring at road 24 with favours from column 5
    (§4.2), end of the game and the final bonus (§2.8)."""
    s = table(2)
    s.section = 2
    s.scored = [True, True, False]
    s.castle = [[ANN, ANN, BOB, BOB, ANN, BOB], [ANN, BOB] * 5, [ANN, BOB, ANN, BOB, ANN]]
    s.bailiff = s.provost = 22
    build(s, 9, "farm_food", owner=BOB)
    build(s, 10, "residence", owner=ANN)
    build(s, 11, "hotel", owner=BOB)
    hold(s, ANN, "FFWSS", deniers=3, pp=40)
    hold(s, BOB, "FWSCG", deniers=1, pp=42)
    s.players[ANN].favours = [2, 3, 1, 0]
    s.players[BOB].favours = [1, 1, 4, 2]
    g = Game.resume(s)  # income: Ann 2 + 1 residence, Bob 2 + 2 Hotel
    assert [p.deniers for p in s.players] == [6, 5]
    answer(
        g,
        (ANN, "place", "castle"),  # 1 d (nobody passed yet, §5)
        (BOB, "place", "castle"),  # 1 d
        (ANN, "place", "r9"),  # Bob's Farm: 1 d, Bob +1 PP
        (BOB, "place", "pass"),  # first: +1 d
        (ANN, "place", "r16"),  # 3 d now that Bob has passed; then 1 d left: forced pass
        (BOB, "provost", "+3"),  # 25
        (ANN, "provost", "0"),
        (ANN, "produce", "C"),  # Bob's Farm (food): 2 F or 1 C; the Gold mine gives 1 G
        (ANN, "castle", "FWS"),  # Towers: 3 PP each
        (ANN, "castle", "FSC"),  # no food left: she stops by herself
        (BOB, "castle", "FCG"),
        (ANN, "favour", "prestige"),  # best builder (2 houses): marker 2 → 3, 3 PP
        # phase 7: provost 25 > bailiff 22 → 24: Towers scored. Ann 5 houses → 2 favours,
        # Bob 3 houses → 1 favour; all columns open
        (ANN, "favour", "prestige"),  # 3 → 4: 4 PP
        (ANN, "favour", "deniers"),  # 3 → 4: 6 d
        (BOB, "favour", "resources"),  # 4 → 5
        (BOB, "favour_resources", "G"),
    )
    assert g.over and s.phase == 8 and g.decision is None
    assert s.castle[2] == [ANN, BOB, ANN, BOB, ANN, ANN, ANN, BOB]
    assert s.scored == [True, True, True]
    assert summary(s, ANN) == (7, "G", 40 + 3 + 3 + 3 + 4, [4, 4, 1, 0], 6)
    assert summary(s, BOB) == (2, "WSG", 42 + 1 + 3, [1, 1, 5, 2], 6)
    scores = [(x.pp_play, x.gold_pp, x.cubes_pp, x.deniers_pp, x.total) for x in g.final_scores()]
    assert scores == [(53, 3, 0, 1, 57), (46, 3, 0, 0, 49)]
    assert g.winners() == [ANN]
