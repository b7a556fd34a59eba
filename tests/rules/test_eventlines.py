"""The compact lines of a phase report (bot/rules/eventlines.py, issue 24): one line per
activation of the road (§2 phase 5), the provost's whole move in one line (§2 phase 4), one
line for the income (§2 phase 1), and nothing an event said left out."""

from __future__ import annotations

import random

import pytest

from bot.i18n import translator
from bot.rules import Event, EventKind, new_game, report_lines

NAMES = ("Ann", "Bob", "Cid")


def ev(kind: EventKind, words: str, *args: object, player: int = -1, phase: int = 5) -> Event:
    return Event(kind, None, player, 3, phase, words=words, args=tuple(args), names=NAMES)


def test_an_activation_is_one_line_with_what_it_gave_and_the_owners_cube() -> None:
    events = [
        ev(EventKind.ACTIVATE, "activate", 0, "n_farm", 1, player=0),
        ev(EventKind.PRODUCE, "produce", 0, "FF", player=0),
        ev(EventKind.ACTIVATE, "activate", 1, "stone_farm", 9, player=1),
        ev(EventKind.PRODUCE, "produce", 1, "F", player=1),
        ev(EventKind.PRODUCE, "owner_cube", 2, "C", "stone_farm", player=2),
        ev(EventKind.ACTIVATE, "activate", 2, "n_carpenter", 4, player=2),
        ev(EventKind.BUILD, "build", 2, "market", 10, "1 wood + 1 stone", 4, player=2),
        ev(EventKind.ACTIVATE, "activate", 0, "peddler", 7, player=0),
    ]
    lines = report_lines(events)
    assert lines[0].startswith("Ann · ") and lines[0].endswith("(road 1): +2 food")
    assert lines[1] == "Bob · Stone farm (road 9): +1 food; Cid +1 cloth as owner"
    assert lines[2] == "Cid · Carpenter (road 4): builds the Marketplace on road 10 for 1 wood + 1 stone, +4 PP"
    assert lines[3] == "Ann · Peddler (road 7): nothing"
    assert len(lines) == 4


def test_the_provosts_whole_move_is_one_line_in_passing_order() -> None:
    """§2 phase 4: each player once, in passing order; the line says where it went from and to."""
    events = [
        ev(EventKind.PROVOST, "provost_stay", 2, 6, player=2, phase=4),
        ev(EventKind.PROVOST, "provost_paid", 0, 3, 9, player=0, phase=4),
        ev(EventKind.OBVIOUS, "obvious", 1, "provost", "Stay", player=1, phase=4),
        ev(EventKind.PROVOST, "provost_stay", 1, 9, player=1, phase=4),
    ]
    assert report_lines(events) == [
        "Provost road 6 → road 9: Cid 0, Ann +3, Bob 0 · not asked (no move would change anything): Bob"
    ]
    stays = [ev(EventKind.PROVOST, "provost_stay", s, 12, player=s, phase=4) for s in (1, 2, 0)]
    assert report_lines(stays) == ["The provost stays on road 12: nobody moves it"]
    # the Merchants' guild (phase 3) keeps its own sentence
    guild = ev(EventKind.PROVOST, "provost_guild", 1, -2, 4, player=1, phase=3)
    assert report_lines([guild]) == ["Bob moves the provost -2 to road 4 with the Merchants' guild"]


def test_income_unused_workers_and_the_castle_are_grouped() -> None:
    income = [ev(EventKind.INCOME, "income", s, 2 + s, player=s, phase=1) for s in (2, 0, 1)]
    assert report_lines(income) == ["Income in deniers: Cid +4, Ann +2, Bob +3"]
    unused = [
        ev(EventKind.NOT_ACTIVATED, "not_activated", 1, 16, "gold_mine", player=1),
        ev(EventKind.NOT_ACTIVATED, "not_activated", 0, 14, player=0),
    ]
    assert report_lines(unused) == ["Beyond the provost, unused: Bob's Gold mine (road 16), Ann's road 14"]
    castle = [
        ev(EventKind.CASTLE, "castle", 0, "FWS", 0, player=0, phase=6),
        ev(EventKind.CASTLE, "castle", 0, "FSC", 1, player=0, phase=6),
        ev(EventKind.CASTLE_PENALTY, "castle_penalty", 1, 2, player=1, phase=6),
        ev(EventKind.CASTLE_PENALTY, "castle_penalty", 2, 0, player=2, phase=6),
    ]
    assert report_lines(castle) == [
        "Ann builds in the castle: Dungeon (food + wood + stone) +5 PP; Walls (food + stone + cloth) +4 PP",
        "Nothing built in the castle: Bob (-2 PP), Cid (no loss)",
    ]


def test_an_owners_bonus_told_before_the_placement_joins_it() -> None:
    """§1.3: a worker on another player's building gives its owner 1 PP; the engine tells the
    bonus first, the line tells the placement first."""
    events = [
        ev(EventKind.PLACE, "place", 0, "r3", "n_quarry", 1, player=0, phase=2),
        ev(EventKind.OWNER_BONUS, "owner_bonus", 2, 1, "mason", 9, player=2, phase=2),
        ev(EventKind.PLACE, "place", 1, "r9", "mason", 1, player=1, phase=2),
        ev(EventKind.OWNER_BONUS, "owner_bonus", 2, 0, "mason", 9, player=2, phase=3),
        ev(EventKind.GATE, "gate_move", 0, "r9", player=0, phase=3),
    ]
    assert report_lines(events) == [
        "Ann → Quarry (road 3), 1 denier",
        "Bob → Mason (road 9), 1 denier: Cid +1 PP as owner",
        "Cid gains 1 PP: Ann uses their Mason (road 9)",
        "Ann moves the Gate worker to road 9",
    ]


def test_a_favour_follows_what_brought_it() -> None:
    events = [
        ev(EventKind.JOUST, "joust", 1, player=1, phase=3),
        ev(EventKind.FAVOUR, "favour_line", 1, "prestige", 1, player=1, phase=3),
        ev(EventKind.FAVOUR, "favour_pp", 1, 1, player=1, phase=3),
    ]
    assert report_lines(events) == [
        "Bob pays 1 denier and 1 cloth at the Joust field for a royal favour"
        " → royal favour: prestige line, column 1; +1 PP"
    ]


def _random_game_events(players: int, seed: int) -> list[Event]:
    game = new_game(["Аня", "Bob", "Cid", "Dee", "Eve"][:players], seed)
    rng = random.Random(seed)
    events = list(game.opening_events)
    while game.decision is not None:
        events += game.apply(rng.choice(game.decision.choices).code)
    return events


@pytest.mark.parametrize("lang", ["en", "ru", "pt-BR", "ca"])
def test_whole_games_keep_every_player_and_number_in_fewer_lines(lang: str) -> None:
    """Over whole games, phase by phase: fewer lines than events, none empty, and every player
    an event names is in the lines (but those who leave the provost where it is)."""
    tr = translator(lang)
    for seed in range(6):
        events = _random_game_events(5, seed)
        phase: list[Event] = []
        for e in events:
            if e.kind != EventKind.PHASE_END:
                phase.append(e)
                continue
            lines = report_lines(phase, tr=tr)
            assert len(lines) <= len(phase)
            assert all(lines)
            text = "\n".join(lines)
            for x in phase:
                if x.player >= 0 and x.words != "provost_stay":  # "nobody moves it" names nobody
                    assert x.names[x.player] in text, (x, lines)
            if e.data["phase"] == 5:
                assert len(lines) == sum(1 for x in phase if x.kind == EventKind.ACTIVATE) + any(
                    x.kind == EventKind.NOT_ACTIVATED for x in phase
                )
            if e.data["phase"] == 4 and phase:
                assert len(lines) == 1
            phase = []
