"""What a person missed since their last move (issue 24, bot/games/timeline.py and its words in
bot/ui/texts/story.py): the events after their last own choice, two phases or two rounds back,
told in at most five short lines that matter to them; the same after a rebuild from the log."""

from __future__ import annotations

import random

from bot.games.timeline import Timeline
from bot.i18n import translator
from bot.rules import EventKind, Game, new_game
from bot.ui.texts.story import DIGEST_LINES, since_lines

NAMES = ["Ann", "Bob", "Cid"]


def played(seed: int, until_round: int, others_for: int = -1) -> tuple[Game, Timeline, list[int]]:
    """A random game up to `until_round`, fed to a timeline move by move; the moves of seat
    `others_for` are played for it (an order, the AI) from round 2 on. Returns the game, the
    timeline and the seat of every move."""
    game = new_game(NAMES, seed)
    timeline = Timeline()
    timeline.started(game.opening_events)
    rng = random.Random(seed)
    seats = []
    while game.decision is not None and game.state.round < until_round:
        d = game.decision
        code = rng.choice(d.choices).code
        chosen = not (d.player == others_for and game.state.round >= 2)
        timeline.add(len(game.state.history), d.player, game.apply(code), chosen=chosen)
        seats.append(d.player)
    return game, timeline, seats


def test_since_the_last_move_two_phases_back() -> None:
    game, timeline, seats = played(5, 3)
    seat = seats[-1]
    # their last move: nothing after it but what it ran on into
    mine = timeline.since_last(seat)
    assert all(e.kind != EventKind.PLACE or e.player != seat for e in mine)
    other = next(s for s in range(3) if s != seat)
    missed = timeline.since_last(other)
    last = max(i for i, s in enumerate(seats) if s == other)
    # every event of the moves after the other player's last one is there, in order
    after = [e for index, s, _, events in timeline.moves if index > last for e in events]
    assert missed[len(missed) - len(after):] == after
    lines = since_lines(translator("en"), missed, other)
    assert len(lines) <= DIGEST_LINES + 1  # the heading and five lines at most
    assert all(len(line) <= 160 for line in lines)


def test_since_the_last_own_choice_two_rounds_back() -> None:
    """Seat 0's moves of rounds 2 and 3 were played for it (a standing order, the AI): it is
    told what happened since its own last choice, in round 1, in five lines: the provost's
    moves, what was built, the castle first."""
    game, timeline, _ = played(8, 4, others_for=0)
    assert game.state.round == 4
    missed = timeline.since_last(0)
    rounds = {e.round for e in missed}
    assert {2, 3} <= rounds
    for lang in ("en", "ru", "pt-BR", "ca"):
        lines = since_lines(translator(lang), missed, 0)
        assert 2 <= len(lines) <= DIGEST_LINES + 1, lines
        assert lines[0].startswith("-# ")
    en = since_lines(translator("en"), missed, 0)
    assert en[0] == "-# Since your last move:"
    assert any(line.startswith(("Round 2: Provost road", "Round 2: The provost stays")) for line in en), en
    assert any(line.startswith("Round 3: ") for line in en), en  # each line says its round


def test_a_rebuilt_timeline_tells_the_same() -> None:
    game, timeline, _ = played(8, 4, others_for=0)
    chosen = [c for _, _, c, _ in timeline.moves]
    again = Timeline()
    again.rebuild(NAMES, 8, None, game.state.history, chosen)
    for seat in range(3):
        assert [e.text for e in again.since_last(seat)] == [e.text for e in timeline.since_last(seat)]
    again.truncate(len(game.state.history) - 3)  # an undo of three moves
    assert max(i for i, *_ in again.moves) == len(game.state.history) - 4
