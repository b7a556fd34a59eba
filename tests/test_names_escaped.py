"""Player names are shown literally wherever the bot posts them (issue 16): hostile names
(markdown, a role mention, @everyone, a backtick) go through the texts that build phase
reports, turn-message lines, `/caylus log` and choice labels escaped, never as formatting nor a
mention; the board image keeps the raw names (Pillow draws them, no backslashes)."""

from __future__ import annotations

import json
import random
import re

from bot.games import PhaseReport
from bot.games.reports import Chronicle, event_from_dict, event_to_dict
from bot.i18n import translator
from bot.rules import Event, Game, new_game
from bot.ui import texts

EN = translator("en")

HOSTILE = ["**__~~||", "<@&1>", "@everyone", "`"]
MARKDOWN = "*_~|`"
MENTION = re.compile(r"@(everyone|here)|(?<!\\)<[@#][!&]?\d+>")


def played(seed: int = 3, moves: int = 400) -> tuple[Game, list[Event]]:
    """A game between the hostile names, played at random, with every event it recorded."""
    g = new_game(HOSTILE, seed)
    events = list(g.opening_events)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.over:
            break
        codes = g.legal_codes()
        events += g.apply(codes[int(rng.random() * len(codes))])
    return g, events


def assert_plain(line: str) -> None:
    """Every markdown character of `line` is escaped, and it holds no mention."""
    for i, ch in enumerate(line):
        if ch in MARKDOWN:
            assert i > 0 and line[i - 1] == "\\", (line, i)
    assert not MENTION.search(line), line


def shown(raw: str) -> str:
    return texts.name(raw)


def test_turn_message_lines_escape_names() -> None:
    _, events = played()
    seen = set()
    for cut in range(1, len(events), 7):  # the lines since the last phase end, at many moments
        for line in texts.just_happened(EN, events[:cut], limit=50):
            assert_plain(line)
            seen |= {n for n in HOSTILE if shown(n) in line}
    assert seen == set(HOSTILE)


def test_log_escapes_names() -> None:
    _, events = played()
    log = texts.log(translator("en"), events[-60:])
    bullets = [line[2:] for line in log.splitlines() if line.startswith("• ")]
    assert bullets
    for line in bullets:
        assert_plain(line)
    assert any(shown(n) in log for n in HOSTILE)


def test_phase_reports_escape_names_and_survive_storage() -> None:
    _, events = played()
    chronicle = Chronicle()
    reports = 0
    for start in range(0, len(events), 5):
        cut = chronicle.feed(events[start : start + 5])
        if not cut.sections:
            continue
        # as the table stores it between restarts, and back
        sections = [type(s).from_dict(json.loads(json.dumps(s.to_dict()))) for s in cut.sections]
        for secs in (cut.sections, sections):
            report = PhaseReport(table_id=1, channel_id=2, seq=start, sections=list(secs))
            text = texts.report_message(EN, report)
            bullets = [line[2:] for line in text.splitlines() if line.startswith("• ")]
            for line in bullets:
                assert_plain(line)
            assert not MENTION.search(text)
        reports += 1
    assert reports > 5


def test_choice_labels_are_escaped_where_posted() -> None:
    g, _ = played(moves=0)
    # a label naming another player's building ("…, `'s — 2 deniers") as the channel shows it
    for n in HOSTILE:
        label = f"Farm (road 9), {n}'s — 2 deniers"
        for text in (texts.undone_public(EN, HOSTILE[0], label), texts.chosen(label), texts.undone(EN, label)):
            assert shown(n) in text and not MENTION.search(text)


def test_event_words_round_trip_and_old_events_still_load() -> None:
    _, events = played(moves=50)
    for e in events:
        back = event_from_dict(json.loads(json.dumps(event_to_dict(e))))
        assert back == e and back.text == e.text and back.text_with(shown) == e.text_with(shown)
    old = {"kind": "income", "text": "Ann takes 2 deniers", "player": 0, "round": 1, "phase": 1, "data": {}}
    e = event_from_dict(old)
    assert e.text == e.text_with(shown) == "Ann takes 2 deniers" and e.data == {}


def test_the_missed_deadline_note_escapes_the_name_and_the_label() -> None:
    """§ issue 16: the channel's note when the game moved for an absent player."""
    from bot.games.results import MissedDeadline

    for hostile in HOSTILE:
        missed = MissedDeadline(hostile, f"Farm (road 9), {hostile}'s", 3, 2, False)
        raw, posted = missed.text(), missed.text(texts.plain)
        assert hostile in raw and "One more missed deadline" in raw
        assert_plain(posted)
        taken = MissedDeadline(hostile, "Pass", 3, 3, True).text(texts.plain)
        assert_plain(taken)
        assert "3 deadlines in a row" in taken


def test_refusals_name_players_escaped() -> None:
    """A refusal shown privately names players too (whose turn it is, who acted since, the rules'
    reason): the Discord layer escapes those names, the games layer keeps them raw."""
    from bot.games import ActedSince, Illegal

    hostile = HOSTILE[0]
    for refusal in (ActedSince(hostile), Illegal(f"road 9 has {hostile}'s worker")):
        assert hostile in refusal.message  # raw in the games layer (logs, tests)
        shown = texts.refusal(translator("en"), refusal)
        assert_plain(shown)
        assert hostile not in shown
