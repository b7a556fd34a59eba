"""Answers to the information commands: status, log, board, rules and help."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import Table
from bot.i18n import N_, Translation
from bot.rules import FAVOUR_LINES, PHASE_NAMES, SECTIONS, TILES, Event, EventKind, Topic, plural

from .common import MAX_CONTENT, clip, name, player_line, round_and_phase, where_in_game
from .lobby import seat_lines


def status(tr: Translation, table: Table, user_id: int) -> str:
    game = table.game
    seat = table.seat_of(user_id)
    if table.is_open:
        where = (
            f"You sit at seat {seat.seat + 1}." if seat is not None else "You are not seated yet."
        )
        return clip(
            f"The table is open: {len(table.seats)}/{table.max_seats} seats. {where}\n"
            + "\n".join(seat_lines(tr, table))
        )
    assert game is not None
    s = game.state
    lines = [f"**{where_in_game(game)}** · provost on road {s.provost} · bailiff on road {s.bailiff}"]
    for i, p in enumerate(s.players):  # every player: what the board image shows, in words
        you = " (you)" if seat is not None and seat.seat == i else ""
        favours = ", ".join(f"{line} {col}" for line, col in zip(FAVOUR_LINES, p.favours, strict=True))
        built = sum(1 for sec in s.castle for o in sec if o == i)
        lines.append(
            f"**{name(p.name)}**{you}, {p.colour}: {player_line(game, i)} · "
            f"{plural(built, 'house')} · favours: {favours}"
        )
    if seat is not None:
        houses = [sum(1 for o in sec if o == seat.seat) for sec in s.castle]
        castle = " · ".join(f"{SECTIONS[i]} {n}" for i, n in enumerate(houses))
        lines.append(f"Favour markers (column) open up to column {s.favour_columns}. Your houses: {castle}")
        owned = [
            f"{TILES[s.road_tile[sp]].name} (road {sp})"  # type: ignore[index]
            for sp in range(1, len(s.road_owner))
            if s.road_owner[sp] == seat.seat
        ]
        lines.append("Your buildings: " + (", ".join(owned) if owned else "none"))
    else:
        lines.append("You are not a player at this table.")
    pending = table.pending
    if table.is_finished:
        lines.append("The game is over.")
    elif pending is not None:
        if seat is not None and pending.seat == seat.seat:
            lines.append(f"**Your decision now**: {pending.decision.prompt}")
        else:
            lines.append(f"Waiting for **{name(pending.name)}**: {pending.decision.prompt}")
    return clip("\n".join(lines))


def log(events: Sequence[Event]) -> str:
    if not events:
        return "Nothing has happened at this table yet."
    lines: list[str] = []
    last: tuple[int, int] | None = None
    for e in events:
        if e.kind == EventKind.PHASE_END:
            continue
        if (e.round, e.phase) != last and e.phase in PHASE_NAMES:
            lines.append(f"**{round_and_phase(e.round, e.phase)}**")
            last = (e.round, e.phase)
        lines.append(f"• {e.text_with(name)}")
    text = "\n".join(lines) or "Nothing has happened at this table yet."
    while len(text) > MAX_CONTENT and "\n" in text:
        text = text.split("\n", 1)[1]  # keep the most recent lines
    return text


NO_IMAGE = "(The board image is not available.)"


def board_caption(table: Table) -> str:
    game = table.game
    if game is None:
        return "The game has not started yet."
    if game.over:
        return "🏁 The final board."
    pending = table.pending
    whose = f" — waiting for **{name(pending.name)}**" if pending is not None else ""
    return f"🗺️ **{where_in_game(game)}**{whose}"


def rules_topic(topic: Topic) -> str:
    return clip(f"## {topic.title}\n{topic.text}")


def rules_not_found(text: str) -> str:
    return (
        f"No rules entry matches “{clip(text, 50)}”. Try a building (Carpenter, Bank), a phase "
        "(phase4), a special building (Gate, Inn) or a favour line (favour_resources)."
    )


HELP = """\
## Caylus on Discord
**A table**
`/caylus new` — open a table here (seats 2–5, `ai` seats and their `ai_level`, a `deadline` per decision and the `takeover` after missed deadlines, options: jeweller, lawyer_pp, simple_favours); the table card has **Join**, **Leave**, **Add AI** and **Start** buttons.
`/caylus join` · `/caylus leave` · `/caylus start` — the same without the card.
`/caylus abandon` — end the table without a result (its creator, or anyone with Manage Channels).
**Playing**
When it is your turn the bot pings you once in a turn message that carries your choices: one click decides (only you can use them). **More…** shows them privately with their costs; **Board** shows the board as it stands, only to you. Several decisions in a row (a favour's line, then its effect) follow on the same message.
`/caylus place target:` (a code, a building's name or its start: `carpenter`, `peddler r7`) · `/caylus pass` · `/caylus provost move:` — the frequent moves, with autocomplete.
**Undo** (after a choice) or `/caylus undo` — take back your last choice while nobody has acted since (not once its phase report is out). `/caylus takeback` — play your seat again after missed deadlines handed it to the AI.
**Looking around**
`/caylus board` — the board now, only for you (`public:true` posts it) · `/caylus status` — every player's deniers, cubes, workers, PP and favours, your buildings and what you can do now (only you see it) · `/caylus log` — the last events · `/caylus rules topic:` — any building, phase or favour line explained.
Each round has one message, edited after every phase with its report and board image; the final scores, with their breakdown, at the end."""


# /caylus language: the reply is in the reader's (new) language
LANGUAGE_SET = N_(
    "Your language is now **{language}**: the bot answers you privately in it, at every table. "
    "Channel posts stay in each table's language."
)
LANGUAGE_SHOWN = N_(
    "Your language: **{language}** (your own setting; `/caylus language clear:True` forgets it)."
)
LANGUAGE_NONE = N_(
    "You have no language setting: private answers are in your Discord language when the bot "
    "has it, else in the table's language. Choose one with `/caylus language language:`."
)
LANGUAGE_CLEARED = N_(
    "Your language setting is forgotten: private answers are in your Discord language when the "
    "bot has it, else in the table's language."
)
