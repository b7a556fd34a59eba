"""The story of a game in words (issue 24): a past board's caption and buttons, the log of a
round or of a player, the replay, the export, and what a person missed since their last move."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import PhaseReport
from bot.i18n import N_, Translation
from bot.rules import Event, EventKind, report_items, report_lines

from .choice_words import whole_label
from .pieces import clip, name

PREVIOUS_BUTTON = N_("◀ Previous")
NEXT_BUTTON = N_("Next ▶")
NOW_BUTTON = N_("Now")
LOG_NOTHING = N_("Nothing of that is in the log.")
LOG_NO_ROUND = N_("The game has not reached round {round}.")
LOG_NO_PLAYER = N_("Nobody at this table is called {player}.")
REPLAY_NONE = N_("The game has no phase to replay yet.")
REPLAY_TOO_BIG = N_("The replay came to {mb} MB, more than Discord takes ({limit} MB).")
DRAWING_FAILED = N_("The image could not be drawn; try again in a while.")
SINCE_TITLE = N_("Since your last move:")


def past_caption(tr: Translation, report: PhaseReport, index: int, total: int) -> str:
    """A past board's caption: which phases it shows, and where it stands among them."""
    return tr.gettext("🗺️ **{title}** — the board as it was then ({n} of {total})").format(
        title=report.title_in(tr), n=index + 1, total=total
    )


def replay_caption(tr: Translation, rounds: int, frames: int) -> str:
    return tr.ngettext(
        "🎞️ The game so far: {rounds} round, {frames} boards.",
        "🎞️ The game so far: {rounds} rounds, {frames} boards.",
        rounds,
    ).format(rounds=rounds, frames=frames)


def export_caption(tr: Translation) -> str:
    return tr.gettext(
        "📄 The game's record: its seed, options and every choice, round by round. "
        "Replay it with `python -m bot.rules replay FILE`."
    )


def round_log(tr: Translation, reports: Sequence[PhaseReport], seat: int | None) -> list[str]:
    """The log of some phase reports (one round's), in compact lines under their phases'
    headings; with `seat`, only what that player did."""
    out: list[str] = []
    label = lambda text: whole_label(tr, text)  # noqa: E731
    for report in reports:
        for section in report.sections:
            events = [e for e in section.events if seat is None or e.player == seat]
            lines = report_lines(events, name, tr, label)
            if lines:
                out.append(f"**{section.heading_in(tr)}**")
                out += [f"• {line}" for line in lines]
    return out


def player_log(tr: Translation, events: Sequence[Event], seat: int) -> list[str]:
    """What one player did among recent events, compactly, newest last."""
    label = lambda text: whole_label(tr, text)  # noqa: E731
    return [f"• {line}" for line in report_lines([e for e in events if e.player == seat], name, tr, label)]


# What matters most in "since your last move" (issue 24), by the words of a line's events: the
# provost's move and whom it cut, what was built, the castle, favours and scorings first; the
# placements of the others in one line; productions and income last. Lines about the reader
# come before the others'.
DIGEST_LINES = 5
DIGEST_LINE = 160  # characters of a line at most
WEIGHTS = {
    "not_activated": 9, "provost_paid": 8, "provost_stay": 6, "build": 8, "residence": 7, "castle": 7,
    "section_scored": 8, "scoring_loss": 7, "scoring_favours": 7, "best_builder": 6, "favour_pp": 5,
    "favour_deniers": 5, "favour_line": 5, "castle_penalty": 6, "owner_bonus": 4, "owner_cube": 4,
    "provost_guild": 6, "stables": 4, "trade": 3, "game_over": 9, "bailiff": 3,
}  # fmt: skip
PLACED = N_("Placed: {placements}")


def since_lines(tr: Translation, events: Sequence[Event], seat: int) -> list[str]:
    """The turn message's opening for the player it calls: a heading and `since_last`'s lines
    (nothing when nothing that matters happened)."""
    lines = since_last(tr, events, seat)
    return ["-# " + tr(SINCE_TITLE), *lines] if lines else []


def since_last(tr: Translation, events: Sequence[Event], seat: int) -> list[str]:
    """At most DIGEST_LINES short lines of what happened since `seat`'s last move that matter
    to them, in the order it happened (each with its round, when they span several)."""
    label = lambda text: whole_label(tr, text)  # noqa: E731
    rounds = sorted({e.round for e in events if e.kind != EventKind.PHASE_END})
    scored: list[tuple[float, float, str]] = []
    order = 0.0
    for rnd in rounds:
        now = [e for e in events if e.round == rnd]
        placed = [e for e in now if e.words == "place" and e.player != seat]
        others = [e for e in now if e not in placed]
        told: list[tuple[float, float, str]] = []
        items = report_items(others, name, tr, label)
        for i, line in enumerate(items):
            weight = max((WEIGHTS.get(w, 0) for w in line.words), default=0)
            if weight:  # productions, income, passes: the round message tells them
                told.append((weight + (3 if seat in line.seats else 0), order + i, line.text))
        if placed:
            where = ", ".join(
                line.text.split(",")[0] for line in report_items(placed, name, tr, label) if line.key == "place"
            )
            first = now.index(placed[0])  # told where the placements began among the other lines
            before = len(report_items([e for e in now[:first] if e in others], name, tr, label))
            told.append((5, order + before - 0.5, tr(PLACED).format(placements=where)))
        if len(rounds) > 1:
            told = [(w, o, tr.gettext("Round {round}: {line}").format(round=rnd, line=text)) for w, o, text in told]
        scored += told
        order += len(items) + 1
    kept = sorted(scored, key=lambda x: (-x[0], x[1]))[:DIGEST_LINES]
    return [clip(text, DIGEST_LINE) for _, _, text in sorted(kept, key=lambda x: x[1])]
