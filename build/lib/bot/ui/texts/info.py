"""Answers to the information commands: status, log, board, rules, help and about."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import Table
from bot.i18n import N_, Translation, words
from bot.i18n.commands import shown_name, slash
from bot.rules import (
    FAVOUR_LINES,
    PHASE_NAMES,
    SECTIONS,
    TILES,
    Event,
    EventKind,
    Topic,
    rule_topic_title,
    topic_text,
)

from .choice_words import whole_label
from .community_commands import COMMANDS as COMMUNITY
from .lobby import seat_lines
from .pieces import MAX_CONTENT, clip, name, player_line, prompt_of, round_and_phase, where_in_game
from .plan import how_to_plan


def status(tr: Translation, table: Table, user_id: int) -> str:
    game = table.game
    seat = table.seat_of(user_id)
    if table.is_open:
        where = (
            tr.gettext("You sit at seat {seat}.").format(seat=seat.seat + 1)
            if seat is not None
            else tr.gettext("You are not seated yet.")
        )
        return clip(
            tr.gettext("The table is open: {seated}/{seats} seats. {where}").format(
                seated=len(table.seats), seats=table.max_seats, where=where
            )
            + "\n"
            + "\n".join(seat_lines(tr, table))
        )
    assert game is not None
    s = game.state
    lines = [
        tr.gettext("**{where}** · provost on road {provost} · bailiff on road {bailiff}").format(
            where=where_in_game(game, tr), provost=s.provost, bailiff=s.bailiff
        )
    ]
    for i, p in enumerate(s.players):  # every player: what the board image shows, in words
        favours = ", ".join(
            f"{words.favour_track(tr, line)} {col}" for line, col in zip(FAVOUR_LINES, p.favours, strict=True)
        )
        built = sum(1 for sec in s.castle for o in sec if o == i)
        mine = seat is not None and seat.seat == i
        line = (
            tr.gettext("**{name}** (you), {colour}: {means} · {houses} · favours: {favours}")
            if mine
            else tr.gettext("**{name}**, {colour}: {means} · {houses} · favours: {favours}")
        )
        lines.append(
            line.format(
                name=name(p.name),
                colour=words.colour(tr, p.colour),
                means=player_line(game, i, tr),
                houses=words.count(tr, "house", built),
                favours=favours,
            )
        )
    if seat is not None:
        houses = [sum(1 for o in sec if o == seat.seat) for sec in s.castle]
        castle = " · ".join(f"{words.castle_part(tr, SECTIONS[i])} {n}" for i, n in enumerate(houses))
        lines.append(
            tr.gettext("Favour markers (column) open up to column {column}. Your houses: {castle}").format(
                column=s.favour_columns, castle=castle
            )
        )
        owned = [
            tr.gettext("{building} (road {space})").format(
                building=words.building(tr, TILES[s.road_tile[sp]].name),  # type: ignore[index]
                space=sp,
            )
            for sp in range(1, len(s.road_owner))
            if s.road_owner[sp] == seat.seat
        ]
        lines.append(
            tr.gettext("Your buildings: {buildings}").format(buildings=", ".join(owned))
            if owned
            else tr.gettext("Your buildings: none")
        )
    else:
        lines.append(tr.gettext("You are not a player at this table."))
    pending = table.pending
    if table.is_finished:
        lines.append(tr.gettext("The game is over."))
    elif pending is not None:
        prompt = prompt_of(tr, table, pending)
        if seat is not None and pending.seat == seat.seat:
            lines.append(tr.gettext("**Your decision now**: {prompt}").format(prompt=prompt))
        else:
            lines.append(
                tr.gettext("Waiting for **{name}**: {prompt}").format(
                    name=name(pending.name), prompt=prompt
                )
            )
    return clip("\n".join(lines))


def log(tr: Translation, events: Sequence[Event]) -> str:
    nothing = tr.gettext("Nothing has happened at this table yet.")
    if not events:
        return nothing
    lines: list[str] = []
    last: tuple[int, int] | None = None
    for e in events:
        if e.kind == EventKind.PHASE_END:
            continue
        if (e.round, e.phase) != last and e.phase in PHASE_NAMES:
            lines.append(f"**{round_and_phase(e.round, e.phase, tr)}**")
            last = (e.round, e.phase)
        lines.append(f"• {e.text_with(name, tr, lambda label: whole_label(tr, label))}")
    text = "\n".join(lines) or nothing
    while len(text) > MAX_CONTENT and "\n" in text:
        text = text.split("\n", 1)[1]  # keep the most recent lines
    return text


NO_IMAGE = N_("(The board image is not available.)")


def board_caption(tr: Translation, table: Table) -> str:
    game = table.game
    if game is None:
        return tr.gettext("The game has not started yet.")
    if game.over:
        return tr.gettext("🏁 The final board.")
    pending = table.pending
    if pending is None:
        return f"🗺️ **{where_in_game(game, tr)}**"
    return tr.gettext("🗺️ **{where}** — waiting for **{name}**").format(
        where=where_in_game(game, tr), name=name(pending.name)
    )


# the special buildings' topics (bot/rules/glossary.py), by key
SPECIAL_TOPIC_NAMES = {
    "gate": "Gate",
    "trading": "Trading post",
    "guild": "Merchants' guild",
    "joust": "Joust field",
    "stables": "Stables",
    "inn": "Inn",
    "castle": "Castle",
}


def topic_title(tr: Translation, topic: Topic) -> str:
    """A rules topic's title in `tr`'s language (a building, a phase, a favour line), for the
    autocomplete of `/caylus rules` and the heading of its answer."""
    key = topic.key
    tile = TILES.get(key)
    if tile is not None and tile.kind == "residence":
        return words.building(tr, tile.name)
    if tile is not None:
        return tr.gettext("{name} ({kind})").format(name=words.building(tr, tile.name), kind=words.kind(tr, tile.kind))
    if key in SPECIAL_TOPIC_NAMES:
        return words.building(tr, SPECIAL_TOPIC_NAMES[key])
    if key.startswith("phase") and key[5:].isdigit():
        n = int(key[5:])
        return tr.gettext("Phase {n} — {phase}").format(n=n, phase=words.phase(tr, PHASE_NAMES[n]))
    if key.startswith("favour_"):
        return tr.gettext("Favour line — {line}").format(line=words.favour_track(tr, key[len("favour_"):]))
    if key == "favours":
        return tr.gettext("Royal favours")
    return rule_topic_title(key, tr) or topic.title


def rules_topic(tr: Translation, topic: Topic) -> str:
    # the explanation is the rules core's (bot/rules/glossary.py), said in `tr`'s language
    return clip(f"## {topic_title(tr, topic)}\n{topic_text(topic.key, tr)}")


def rules_topics(tr: Translation, topics: Sequence[Topic]) -> str:
    """Several topics in one answer (buildings of the same name), cut to one message."""
    return clip("\n\n".join(f"## {topic_title(tr, t)}\n{topic_text(t.key, tr)}" for t in topics))


def rules_not_found(tr: Translation, text: str) -> str:
    return tr.gettext(
        "No rules entry matches “{text}”. Try a building (Carpenter, Bank), a phase "
        "(phase4), a special building (Gate, Inn) or a favour line (favour_resources)."
    ).format(text=clip(text, 50))


HELP = N_("""\
## Caylus on Discord
**A table**
{new} — open a table here (seats, AI, deadlines and variants are its options); then **Join**, **Leave**, **Add AI**, **Start** on its card, or {join} · {leave} · {start}. {abandon} ends it unscored.
**Playing**
Your turn: one ping, and buttons only you can use; **More…** shows your choices with their costs, **Board** the board.
{place} (`carpenter`, `peddler r7`) · {pass} · {provost} — with autocomplete.
**Undo** or {undo} — take back your last choice if nobody has played since · {takeback} — your seat back from the AI.
{plan_line}
**Looking around**
{board} — the board ({public} for everyone) · {status} — everyone's resources, what you can do now · {log} — the last events · {rules} — any rule explained · {language} — your language for private answers.
{game_board} · {game_log} — a past board, a round's log · {game_replay} — the game as a GIF · {game_export} — its record.
**Beyond the game**
{mygames} — your tables · {stats} — your games, rating · {leaderboard} — the server's best · {challenge} — this week's challenge · {notify} — where pings go, quiet hours · {watch} · {unwatch} — follow a table, no pings · {resign} — give up (a loss) · {setup} — the server's defaults · {about} — the bot's version, its invite link.""")


# /caylus language: the reply is in the reader's (new) language
LANGUAGE_SET = N_(
    "Your language is now **{language}**: the bot answers you privately in it, at every table. "
    "Channel posts stay in each table's language."
)
LANGUAGE_SHOWN = N_("Your language: **{language}** (your own setting; {clear} forgets it).")
LANGUAGE_NONE = N_(
    "You have no language setting: private answers are in your Discord language when the bot "
    "has it, else in the table's language. Choose one with {choose}."
)


# What the help names: {field: (command, option)}
HELP_COMMANDS: dict[str, tuple[str, str | None]] = {
    **{c: (c, None) for c in ("new", "join", "leave", "start", "abandon", "pass", "undo", "takeback")},
    **{c: (c, None) for c in ("board", "status", "log", "language")},
    "place": ("place", "target"),
    "provost": ("provost", "move"),
    "rules": ("rules", "topic"),
    # the community's commands, each its own beside /caylus (bot/ui/community_commands.py)
    **{c: (f"caylus-{c}", None) for c in COMMUNITY},
    "about": ("caylus-about", None),
    # a game's story, a group beside /caylus (bot/ui/story.py)
    **{f"game_{c}": (f"caylus-game {c}", None) for c in ("board", "log", "replay", "export")},
}


def help_text(tr: Translation) -> str:
    """`/caylus help`, one message (tests/i18n/test_help.py), naming each command as the
    reader's Discord shows it; the round plan's line is the first turn message's (HOW_TO_PLAN)."""
    return tr(HELP).format(
        plan_line=how_to_plan(tr),
        **{key: slash(tr, command, option) for key, (command, option) in HELP_COMMANDS.items()},
        public=f"`{shown_name(tr.commands, 'public')}:true`",
    )


def language_shown(tr: Translation, language: str) -> str:
    return tr(LANGUAGE_SHOWN).format(language=language, clear=slash(tr, "language", "clear", "True"))


def language_none(tr: Translation) -> str:
    return tr(LANGUAGE_NONE).format(choose=slash(tr, "language", "language"))
LANGUAGE_CLEARED = N_(
    "Your language setting is forgotten: private answers are in your Discord language when the "
    "bot has it, else in the table's language."
)


def about(
    tr: Translation, *, version: str, uptime_s: float, servers: int, playing: int, waiting: int, invite: str
) -> str:
    """`/caylus-about`: the version, how long it has run, where, the tables now, the invite."""
    where = tr.ngettext("{n} server", "{n} servers", servers).format(n=servers)
    lines = [
        tr.gettext("🏰 **Caylus on Discord**, version {version}").format(version=version),
        tr.gettext("Running for {uptime}, in {servers}.").format(uptime=uptime(tr, uptime_s), servers=where),
        tr.gettext("Tables now: {playing} in play, {open} waiting for players.").format(
            playing=playing, open=waiting
        ),
        tr.gettext("Add the bot to another server: {link}").format(link=invite),
        tr.gettext("{help} says how to play.").format(help=slash(tr, "help")),
    ]
    return "\n".join(lines)


def uptime(tr: Translation, seconds: float) -> str:
    """"3 days 4 hours", "5 hours 12 minutes", "7 minutes": the two largest units (a second
    that is 0 left out)."""
    minutes = int(seconds // 60)
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    units = [
        (days, tr.ngettext("{n} day", "{n} days", days)),
        (hours, tr.ngettext("{n} hour", "{n} hours", hours)),
        (mins, tr.ngettext("{n} minute", "{n} minutes", mins)),
    ]
    first = next((i for i, (n, _) in enumerate(units) if n), 2)
    shown = [first] + [i for i in (first + 1,) if i < 3 and units[i][0]]
    return " ".join(units[i][1].format(n=units[i][0]) for i in shown)
