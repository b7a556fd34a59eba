"""The round message's composition (bot/ui/texts/channel.py), from the phase reports of a real
game: its title, its reports in order, read back after a restart, and Discord's 2,000
characters kept (issue 23: ui unit tests without the fake)."""

from __future__ import annotations

import random

from bot.games import Chronicle, PhaseReport
from bot.i18n import translator
from bot.rules import new_game
from bot.ui import texts
from bot.ui.texts.channel import ROUND_PART
from bot.ui.texts.pieces import MAX_CONTENT

EN, RU = translator("en"), translator("ru")


def reports(players: int = 3, seed: int = 4) -> list[PhaseReport]:
    """The phase reports of a random game, cut as the games layer cuts them."""
    game = new_game([f"P{i}" for i in range(players)], seed)
    chronicle, out, rng = Chronicle(), [], random.Random(seed)
    chronicle.feed(game.opening_events)
    while (d := game.decision) is not None:
        cut = chronicle.feed(game.apply(rng.choice(d.choices).code))
        if cut.sections:
            out.append(PhaseReport(1, 2, len(game.state.history), cut.sections, cut.game_over))
    return out


def round_of(all_reports: list[PhaseReport], rnd: int) -> list[PhaseReport]:
    return [r for r in all_reports if r.sections[0].round == rnd]


def test_a_round_message_is_its_title_then_its_reports_in_order() -> None:
    first = round_of(reports(), 1)[:3]
    assert len(first) == 3
    parts = [texts.round_part(EN, r) for r in first]
    assert sum(map(len, parts)) < MAX_CONTENT - 100
    message = texts.round_message(EN, 1, parts)
    assert message.startswith(texts.round_title(EN, 1)) and "**Round 1**" in message
    positions = [message.index(p) for p in parts]
    assert positions == sorted(positions)
    assert texts.round_parts(message) == parts  # what a restart reads back


def test_the_round_message_is_in_the_tables_language() -> None:
    first = round_of(reports(), 1)[:3]
    message = texts.round_message(RU, 1, [texts.round_part(RU, r) for r in first])
    assert message.startswith("📜 **Тур 1**") and "Round" not in message and "Phase" not in message


def test_a_round_too_long_for_one_message_drops_its_oldest_reports_with_a_note() -> None:
    part = "\n".join(["**Phase 2**", *["• a long line of what happened"] * 30])
    parts = [part.replace("2", str(i)) for i in range(8)]
    assert sum(map(len, parts)) > MAX_CONTENT
    message = texts.round_message(EN, 3, parts)
    assert len(message) <= MAX_CONTENT
    kept = texts.round_parts(message)
    assert kept == parts[-len(kept):] and 1 <= len(kept) < len(parts)  # the newest kept, in order
    dropped = len(parts) - len(kept)
    assert f"{dropped} earlier reports of this round: see `/caylus log`." in message


def test_one_report_alone_is_cut_to_its_share_not_the_message() -> None:
    """A report's part leaves room for the title and a note (`ROUND_PART`)."""
    everything = reports(4, 9)
    longest = max(everything, key=lambda r: len(r.text(10**6)))
    part = texts.round_part(EN, longest)
    assert len(part) <= ROUND_PART
    assert len(texts.round_message(EN, 9, [part])) <= MAX_CONTENT
