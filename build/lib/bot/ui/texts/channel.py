"""Channel posts: turn messages, reminders, phase reports, take-overs, take-backs, the end.

Every function takes the table's language first (`bot.ui.lang.post_tr(table)`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from bot.games import GameResult, Pending, PhaseReport, Table
from bot.i18n import N_, Translation
from bot.i18n import words as glossary
from bot.i18n.commands import slash
from bot.rules import CUBES_PER_PP, DENIERS_PER_PP, GOLD_PP, Event, EventKind

from . import plan as plan_words
from .choice_words import whole_label
from .pieces import MAX_CONTENT, clip, mention, name, plain, timestamp, where_in_game

# a new player's first turn message: after the plan's line, where pings go and where the rest is
MORE_COMMANDS = N_("{notify} — where your pings go, quiet hours · {help} — every command")


def _label(tr: Translation) -> Callable[[str], str]:
    """How an event says a choice's label (the rules' English) in `tr`'s words."""
    return lambda label: whole_label(tr, label)


def undone_public(tr: Translation, player: str, label: str, with_: Sequence[tuple[str, str]] = ()) -> str:
    """`with_`: (player, choice) of the moves other seats' queues or orders played at once after
    it, taken back with it."""
    text = tr.gettext("↩️ **{player}** took back their last choice ({choice}).").format(
        player=name(player), choice=plain(label)
    )
    if not with_:
        return text
    moves = "; ".join(f"**{name(who)}**: {plain(what)}" for who, what in with_)
    more = tr.gettext("Taken back with it, as they were played at once after it: {moves}; plans are kept.")
    return f"{text} {more.format(moves=moves)}"


def taken_back_turn(tr: Translation, note: str, pinged: str) -> str:
    """A turn message whose decision an undo took back: kept (it pinged someone; deleting it
    would leave a ghost ping), its buttons gone."""
    more = tr.gettext("Not your turn after all, **{player}**: the game waits on them again.")
    return f"{note}\n{more.format(player=name(pinged))}"


def just_happened(tr: Translation, events: Iterable[Event], limit: int = 8) -> list[str]:
    """The lines of what happened since the last phase end (older ones are in the reports),
    player names escaped."""
    lines: list[Event] = []
    for e in events:
        if e.kind == EventKind.PHASE_END:
            lines = []
        else:
            lines.append(e)
    return [e.text_with(name, tr, _label(tr)) for e in lines[-limit:]]


def turn_message(
    tr: Translation,
    table: Table,
    pending: Pending,
    happened: Sequence[str],
    *,
    reminder: bool = False,
    choices_here: bool = False,
) -> str:
    game = table.game
    assert game is not None and pending.user_id is not None
    lines = [line if line.startswith("-# ") else f"• {line}" for line in happened]  # "-# ": a heading
    who = mention(pending.user_id)
    if reminder:
        lines.append(tr.gettext("⏰ {player}, a reminder: the game waits for you.").format(player=who))
    else:
        lines.append(
            tr.gettext("🎲 **{where}** — {player}, your turn.").format(where=where_in_game(game, tr), player=who)
        )
    lines.append(f"> {game.prompt(tr, pending.decision)}")
    if choices_here:
        lines.append(
            "-# " + tr.gettext("Everyone sees the choices; only {player} can pick one.").format(player=name(pending.name))
        )
    p = game.state.players[pending.seat]
    if pending.decision.kind == "place" and game.state.round == 1 and p.workers == 6 and not p.passed:
        lines.append("-# " + plan_words.how_to_plan(tr))  # a new player's first turn message at the table
        lines.append("-# " + tr(MORE_COMMANDS).format(notify=slash(tr, "caylus-notify"), help=slash(tr, "help")))
    deadline = pending.deadline_at
    if deadline:
        lines.append(
            tr.gettext("Decide {when} ({date}); after that the game chooses for you.").format(
                when=timestamp(deadline), date=timestamp(deadline, "f")
            )
        )
    return clip("\n".join(lines))


def taken_over(tr: Translation, table: Table, seat_name: str) -> str:
    return tr.gettext(
        "🤖 **{player}** missed too many deadlines: the AI plays that seat for now. "
        "Its player gets it back with {takeback}."
    ).format(player=name(seat_name), takeback=slash(tr, "takeback"))


# The round message (bot/ui/roundpost.py): a title line, then one embed per phase report (more
# than one for a report longer than an embed holds). Discord's limits: an embed's description
# holds 4,096 characters, a message 10 embeds and 6,000 characters of embeds in all; a round
# that outgrows its message goes on in a second one.
EMBED_TEXT = 4096
MESSAGE_EMBEDS = 10
EMBEDS_TEXT = 6000
ROUND_COLOUR = 0x8C6A3C  # the board's wood brown
PART_GAP = "\n\n"  # between the reports of a round message of the older form (content only)
DROPPED_MARK = "-# "  # a dropped-reports note (older form) starts so; no report line does


def report_chunks(tr: Translation, report: PhaseReport) -> list[str]:
    """A phase report's text in pieces of at most an embed's length, cut between lines: never
    a line left out (issue 24)."""
    text = report.text(10**9, name=name, tr=tr, label=_label(tr))
    chunks: list[str] = []
    for line in text.split("\n"):
        line = clip(line, EMBED_TEXT)
        if chunks and len(chunks[-1]) + 1 + len(line) <= EMBED_TEXT:
            chunks[-1] += "\n" + line
        else:
            chunks.append(line)
    return chunks


def report_message(tr: Translation, report: PhaseReport) -> str:
    """A report posted alone (one that came late): its text, cut to one message."""
    return report.text(MAX_CONTENT - 10, name=name, tr=tr, label=_label(tr))


def fits_one_message(chunks: Sequence[str]) -> bool:
    """Whether these embeds' texts go in one message."""
    return len(chunks) <= MESSAGE_EMBEDS and sum(len(c) for c in chunks) <= EMBEDS_TEXT


def message_pages(chunks: Sequence[str]) -> list[list[str]]:
    """Embeds' texts in messages, in order, as many in each as fit (`fits_one_message`)."""
    pages: list[list[str]] = [[]]
    for chunk in chunks:
        if pages[-1] and not fits_one_message([*pages[-1], chunk]):
            pages.append([])
        pages[-1].append(chunk)
    return pages


def dropped_note(tr: Translation, dropped: int) -> str:
    return DROPPED_MARK + tr.ngettext(
        "{n} earlier report of this round: see {log}.",
        "{n} earlier reports of this round: see {log}.",
        dropped,
    ).format(n=dropped, log=slash(tr, "log"))


def round_title(tr: Translation, rnd: int, continued: bool = False) -> str:
    """The round message's first line; `continued`: of the message a round goes on in."""
    title = "📜 " + tr.gettext("**Round {round}**").format(round=rnd)
    return tr.gettext("{title} · continued").format(title=title) if continued else title


def round_parts(content: str) -> list[str]:
    """The reports a round message of the older form shows in its text (read back after a
    restart; a round message now carries them in its embeds)."""
    parts = content.split(PART_GAP)[1:]
    return [p for p in parts if not p.startswith(DROPPED_MARK)]


GAME_OVER_MARK = "🏁 "  # the final scores post starts so, in every language
GAME_OVER_TITLE = N_("**Game over**")

# The columns of the final scores table (kept short: they line up in a code block).
SCORE_COLUMNS = (N_("Player"), N_("Game"), N_("Gold"), N_("Cubes"), N_("Deniers"), N_("Total"))


def game_over(tr: Translation, result: GameResult) -> str:
    scores = result.scores
    cols = [tr(c) for c in SCORE_COLUMNS]
    width = min(16, max(6, len(cols[0]), *(len(s.name) for s in scores)))
    widths = [width, *(max(4, len(c)) for c in cols[1:])]
    header = "  ".join(f"{c:<{w}}" if i == 0 else f"{c:>{w}}" for i, (c, w) in enumerate(zip(cols, widths, strict=True)))
    rows = [
        "  ".join(
            [f"{s.name[:width].replace('`', chr(39)):<{width}}"]
            + [f"{v:>{w}}" for v, w in zip((s.pp_play, s.gold_pp, s.cubes_pp, s.deniers_pp, s.total), widths[1:], strict=True)]
        )
        for s in sorted(scores, key=lambda s: -s.total)
    ]
    best = max(s.total for s in scores)
    winners = [name(n) for n in result.winner_names]
    if len(winners) == 1:
        verdict = tr.gettext("🏆 **{player}** wins with {n} PP.").format(player=winners[0], n=best)
    else:
        verdict = tr.gettext("🏆 Shared victory: **{players}**, {n} PP each.").format(
            players=tr.gettext(" and ").join(winners), n=best
        )
    humans = [mention(s.user_id) for s in result.seats if s.user_id is not None and not s.is_ai]
    lines = [
        GAME_OVER_MARK + tr.gettext("{title} — the Towers are scored.").format(title=tr(GAME_OVER_TITLE)),
        verdict,
        "```",
        header,
        *rows,
        "```",
        tr.gettext(
            "Game: PP earned during the game · Gold: {gold} PP per gold · Cubes: 1 PP per {cubes} · "
            "Deniers: 1 PP per {deniers}."
        ).format(
            gold=GOLD_PP, deniers=glossary.count(tr, "denier", DENIERS_PER_PP),
            cubes=tr.ngettext("{n} other cube", "{n} other cubes", CUBES_PER_PP).format(n=CUBES_PER_PP),
        ),  # the final scoring (§2.8)
    ]
    if humans:
        lines.append(
            tr.gettext("Well played, {players}! Start another table with {new}.").format(
                players=", ".join(humans), new=slash(tr, "new")
            )
        )
    return clip("\n".join(lines))
