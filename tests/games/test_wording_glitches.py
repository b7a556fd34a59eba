"""The wording glitches of issue 11 item 10: what the events, the table card, undo and a second
click say."""

from __future__ import annotations

import random

import pytest

from bot.games import CannotUndo, Manager, NothingToUndo, PhaseOver, StaleDecision
from bot.i18n import translator
from bot.rules import EVENT_WORDS, EventKind, new_game
from bot.ui import texts

from .helpers import pending_at, started_table

EN = translator("en")

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def said(key: str, *args: object) -> str:
    return EVENT_WORDS[key](NAMES.__getitem__, *args)


def test_no_minus_zero_and_real_plurals() -> None:
    # §4.3.5: a player with no house in a scored section loses PP, never below 0
    assert said("scoring_loss", 1, 0, 0) == "Bob has no house in the Dungeon: no loss"
    assert said("scoring_loss", 1, 0, 2) == "Bob has no house in the Dungeon: -2 PP"
    assert said("scoring_favours", 0, 1, 2, 1).endswith("in the Walls: 1 royal favour")
    assert said("scoring_favours", 0, 2, 4, 2).endswith("in the Towers: 2 royal favours")


def test_sections_agree_and_the_towers_are_scored_once() -> None:
    assert said("section_scored", 0).startswith("The Dungeon is scored and closed.")
    assert said("section_scored", 1).startswith("The Walls are scored and closed.")
    assert said("section_scored", 2) == "The Towers are scored and closed."
    assert "Towers" not in said("game_over")


def test_a_cut_worker_names_its_building() -> None:
    text = said("not_activated", 1, 8, "carpenter_fixed")
    assert "Carpenter (road 8)" in text and "provost" in text
    assert "road 8" in said("not_activated", 1, 8)  # events stored before the tile was kept


def test_every_event_of_random_games_reads_well() -> None:
    """No "-0 PP", "(s)", "Towers is" or "?." in 40 random games; a declined Joust, the cubes
    given to the Alchemist and every worker cut by the provost are logged with their place."""
    declined = alchemist = cut = 0
    for seed in range(40):
        game = new_game([f"P{i}" for i in range(2 + seed % 4)], seed)
        rng = random.Random(seed)
        events = list(game.opening_events)
        while not game.over:
            events += game.apply(rng.choice(game.legal_codes()))
        for e in events:
            text = e.text
            for glitch in ("-0 PP", "(s)", "Towers is", "?.", "Towers are scored: "):
                assert glitch not in text, text
            if e.words == "joust_declined":
                declined += 1
                assert e.kind == EventKind.JOUST and "Joust field" in text
            if e.words == "alchemist_cube":
                alchemist += 1
                assert "to the Alchemist" in text
            if e.kind == EventKind.NOT_ACTIVATED:
                cut += 1
                assert " (road " in text, text
    assert declined and alchemist and cut


def test_the_card_of_two_seats_and_of_a_finished_game() -> None:
    class Seatless:
        is_open, is_started, is_finished = True, False, False
        max_seats, seats, creator_id = 2, [], 1

    class Options:
        simple_favors, jeweller, lawyer_pp = False, False, 4

    class Settings:
        ai_level, deadline, takeover_after, home_channel = "greedy", None, 3, None

    table = Seatless()
    table.options, table.settings = Options(), Settings()  # type: ignore[attr-defined]
    assert "with 2 players seated" in texts.lobby_card(EN, table)  # type: ignore[arg-type]
    table.max_seats = 3
    assert "with 2 to 3 players seated" in texts.lobby_card(EN, table)  # type: ignore[arg-type]
    table.is_open, table.is_finished = False, True
    card = texts.lobby_card(EN, table)  # type: ignore[arg-type]
    assert "the game is over" in card and "has started" not in card


async def test_a_second_click_on_ones_own_choice_is_already_done(manager: Manager) -> None:
    users, result = await started_table(manager, 1, humans=2, seed=5)
    p = result.pending
    assert p is not None and p.user_id is not None
    code = p.decision.choices[0].code
    await manager.act(1, p.user_id, p.number, code)
    with pytest.raises(StaleDecision) as again:
        await manager.act(1, p.user_id, p.number, code)
    assert again.value.done and again.value.message.startswith("Already done")
    other = next(u for u in users if u != p.user_id)
    with pytest.raises(StaleDecision) as stale:  # not their choice: the prompt is out of date
        await manager.act(1, other, p.number, code)
    assert not stale.value.done and "no longer current" in stale.value.message


async def test_undo_answers_about_your_own_choice(manager: Manager) -> None:
    users, result = await started_table(manager, 1, humans=2, seed=5)
    with pytest.raises(NothingToUndo) as nothing:
        await manager.undo(1, users[1])
    assert "you have made no choice" in nothing.value.message
    p = pending_at(manager, 1)
    assert p is not None and p.user_id is not None
    await manager.act(1, p.user_id, p.number, p.decision.choices[0].code)
    nxt = pending_at(manager, 1)
    assert nxt is not None
    other = next(u for u in users if u != p.user_id)
    with pytest.raises(CannotUndo) as refused:
        await manager.undo(1, other)
    message = refused.value.message
    assert "You have made no choice in this phase" in message
    assert f"U{p.user_id}" not in message  # not about the table's last move
    t = manager.table(1)
    assert t is not None
    while t.since_snapshot:  # play on to the end of the phase
        q = pending_at(manager, 1)
        assert q is not None and q.user_id is not None
        await manager.act(1, q.user_id, q.number, q.decision.choices[-1].code)
    with pytest.raises(PhaseOver) as over:
        await manager.undo(1, other)
    assert over.value.message.startswith("You have no choice to undo in this phase")


async def test_a_click_on_a_choice_taken_back_is_not_already_done(manager: Manager) -> None:
    users, result = await started_table(manager, 1, humans=2, seed=5)
    p = result.pending
    assert p is not None and p.user_id is not None
    await manager.act(1, p.user_id, p.number, p.decision.choices[0].code)
    await manager.undo(1, p.user_id)
    with pytest.raises(StaleDecision) as stale:
        await manager.act(1, p.user_id, p.number, p.decision.choices[0].code)
    assert not stale.value.done
