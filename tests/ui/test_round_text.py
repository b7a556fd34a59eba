"""The round message's composition (bot/ui/texts/channel.py), from the phase reports of a real
game: its title, each report in embeds of at most 4,096 characters with every line kept, a
message's 10 embeds and 6,000 characters (issue 24: never cut; issue 23: ui unit tests without
the fake)."""

from __future__ import annotations

import random

from bot.games import Chronicle, PhaseReport
from bot.i18n import translator
from bot.rules import new_game
from bot.ui import texts
from bot.ui.texts.channel import EMBED_TEXT, EMBEDS_TEXT, MESSAGE_EMBEDS, PART_GAP

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


def test_a_reports_embeds_hold_every_line_of_it_in_order() -> None:
    """Cut between lines into pieces of at most an embed's 4,096 characters; nothing left out."""
    for r in reports(5, 3):
        chunks = texts.report_chunks(EN, r)
        assert chunks and all(0 < len(c) <= EMBED_TEXT for c in chunks)
        whole = "\n".join(chunks).split("\n")
        assert whole[0].startswith("**") and len(whole) >= len(r.sections) + 1  # a heading, then lines


def test_a_report_longer_than_an_embed_goes_on_in_the_next_one_not_cut() -> None:
    one = reports(5, 3)[4]
    long = PhaseReport(1, 2, one.seq, one.sections * 40, False)
    chunks = texts.report_chunks(EN, long)
    assert len(chunks) > 1 and all(len(c) <= EMBED_TEXT for c in chunks)
    lines = "\n".join(chunks).split("\n")
    assert lines == "\n".join(texts.report_chunks(EN, one)).split("\n") * 40


def test_a_message_holds_ten_embeds_and_six_thousand_characters_of_them() -> None:
    assert texts.fits_one_message(["x" * 600] * MESSAGE_EMBEDS)
    assert not texts.fits_one_message(["x"] * (MESSAGE_EMBEDS + 1))
    assert texts.fits_one_message(["x" * 3000, "y" * 3000])
    assert not texts.fits_one_message(["x" * 3000, "y" * (EMBEDS_TEXT - 3000 + 1)])


def test_embeds_beyond_one_message_go_on_in_the_next_in_order() -> None:
    """Every message of a round (the round's own, a late report's post, a round's end running
    into the next one's report) is paged so: a 13,000-character report is three messages, never
    one that Discord refuses (MAX_EMBED_SIZE_EXCEEDED), every piece kept in order."""
    one = reports(5, 3)[4]
    chunks = texts.report_chunks(EN, PhaseReport(1, 2, one.seq, one.sections * 60, False))
    assert sum(map(len, chunks)) > 2 * EMBEDS_TEXT
    pages = texts.message_pages(chunks)
    assert len(pages) >= 3 and all(page and texts.fits_one_message(page) for page in pages)
    assert [c for page in pages for c in page] == chunks
    assert texts.message_pages(["x"] * (MESSAGE_EMBEDS + 1)) == [["x"] * MESSAGE_EMBEDS, ["x"]]
    assert texts.message_pages(["short"]) == [["short"]]


def test_a_whole_round_of_a_real_game_fits_in_one_message() -> None:
    """Compact reports (one line per activation, the provost in one line): a 5-player round's
    reports fit in one message, in every phase's order."""
    everything = reports(5, 3)
    for rnd in (1, 2, 3):
        chunks = [c for r in round_of(everything, rnd) for c in texts.report_chunks(EN, r)]
        assert chunks and texts.fits_one_message(chunks), rnd


def test_the_round_title_is_in_the_tables_language() -> None:
    assert texts.round_title(EN, 1) == "📜 **Round 1**"
    title = texts.round_title(RU, 1)
    assert title.startswith("📜 **Тур 1**") and "Round" not in title
    assert texts.round_title(RU, 2, continued=True).startswith("📜 **Тур 2**")
    assert texts.round_title(EN, 2, continued=True) != texts.round_title(EN, 2)
    chunks = texts.report_chunks(RU, reports()[2])
    assert "Phase" not in "".join(chunks) and "Фаза" in "".join(chunks)


def test_a_round_message_of_the_older_form_is_read_back_without_its_dropped_note() -> None:
    """Messages posted before the embeds carried their reports in the text (a restart reads
    them back to edit them on)."""
    parts = ["**Phase 2**\n• Ann → r8", "**Phase 3**\n• Bob → r9"]
    old = PART_GAP.join([texts.round_title(EN, 3), texts.dropped_note(EN, 2), *parts])
    assert texts.round_parts(old) == parts
