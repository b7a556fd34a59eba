"""Channel posts: turn messages, reminders, phase reports, take-overs, take-backs, the end."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games import GameResult, Pending, PhaseReport, Table
from bot.rules import Event, EventKind

from .common import MAX_CONTENT, clip, mention, name, plain, timestamp, where_in_game


def undone_public(player: str, label: str) -> str:
    return f"↩️ **{name(player)}** took back their last choice ({plain(label)})."


def taken_back_turn(note: str, pinged: str) -> str:
    """A turn message whose decision an undo took back: kept (it pinged someone; deleting it
    would leave a ghost ping), its buttons gone."""
    return f"{note}\nNot your turn after all, **{name(pinged)}**: the game waits on them again."


def just_happened(events: Iterable[Event], limit: int = 8) -> list[str]:
    """The lines of what happened since the last phase end (older ones are in the reports),
    player names escaped."""
    lines: list[Event] = []
    for e in events:
        if e.kind == EventKind.PHASE_END:
            lines = []
        else:
            lines.append(e)
    return [e.text_with(name) for e in lines[-limit:]]


def turn_message(
    table: Table,
    pending: Pending,
    happened: Sequence[str],
    *,
    reminder: bool = False,
    choices_here: bool = False,
) -> str:
    game = table.game
    assert game is not None and pending.user_id is not None
    lines = [f"• {line}" for line in happened]
    if reminder:
        lines.append(f"⏰ {mention(pending.user_id)}, a reminder: the game waits for you.")
    else:
        lines.append(f"🎲 **{where_in_game(game)}** — {mention(pending.user_id)}, your turn.")
    lines.append(f"> {pending.decision.prompt}")
    if choices_here:
        lines.append(f"-# Everyone sees the choices; only {name(pending.name)} can pick one.")
    deadline = pending.deadline_at
    if deadline:
        lines.append(
            f"Decide {timestamp(deadline)} ({timestamp(deadline, 'f')}); after that the game "
            "chooses for you."
        )
    return clip("\n".join(lines))


def taken_over(table: Table, seat_name: str) -> str:
    return (
        f"🤖 **{name(seat_name)}** missed too many deadlines: the AI plays that seat for now. "
        "Its player gets it back with `/caylus takeback`."
    )


def report_message(report: PhaseReport) -> str:
    return report.text(MAX_CONTENT - 10, name=name)


ROUND_PART = MAX_CONTENT - 200  # one report's share at most: room for the title and a note


def round_part(report: PhaseReport) -> str:
    """One report's text inside a round message."""
    return report.text(ROUND_PART, name=name)


PART_GAP = "\n\n"  # between the reports of a round message (a report has no empty line)
DROPPED_NOTE = "-# {dropped} earlier report(s) of this round: see `/caylus log`."


def round_title(rnd: int) -> str:
    return f"📜 **Round {rnd}**"


def round_parts(content: str) -> list[str]:
    """The reports a round message shows (read back after a restart)."""
    parts = content.split(PART_GAP)[1:]
    return [p for p in parts if not p.startswith(DROPPED_NOTE.split("{", 1)[0])]


def round_message(rnd: int, parts: Sequence[str]) -> str:
    """The round's lasting message: its phase reports so far, oldest first; older ones are left
    out (with a note) when all of them would not fit in Discord's 2,000 characters."""
    title = round_title(rnd)
    kept = list(parts)
    dropped = 0

    def text() -> str:
        note = [DROPPED_NOTE.format(dropped=dropped)] if dropped else []
        return PART_GAP.join([title, *note, *kept])

    while len(kept) > 1 and len(text()) > MAX_CONTENT:
        kept.pop(0)
        dropped += 1
    return clip(text())


GAME_OVER_TITLE = "🏁 **Game over**"


def game_over(result: GameResult) -> str:
    scores = result.scores
    width = min(16, max(6, *(len(s.name) for s in scores)))
    header = f"{'Player':<{width}}  Game  Gold  Cubes  Deniers  Total"
    rows = [
        f"{s.name[:width].replace('`', chr(39)):<{width}}  {s.pp_play:>4}  {s.gold_pp:>4}  {s.cubes_pp:>5}  "
        f"{s.deniers_pp:>7}  {s.total:>5}"
        for s in sorted(scores, key=lambda s: -s.total)
    ]
    best = max(s.total for s in scores)
    winners = [name(n) for n in result.winner_names]
    if len(winners) == 1:
        verdict = f"🏆 **{winners[0]}** wins with {best} PP."
    else:
        verdict = f"🏆 Shared victory: **{' and '.join(winners)}**, {best} PP each."
    humans = [mention(s.user_id) for s in result.seats if s.user_id is not None and not s.is_ai]
    lines = [
        f"{GAME_OVER_TITLE} — the Towers are scored.",
        verdict,
        "```",
        header,
        *rows,
        "```",
        "Game: PP earned during the game · Gold: 3 PP per gold · Cubes: 1 PP per 3 other cubes · "
        "Deniers: 1 PP per 4 deniers.",
    ]
    if humans:
        lines.append(f"Well played, {', '.join(humans)}! Start another table with `/caylus new`.")
    return clip("\n".join(lines))
