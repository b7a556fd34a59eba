"""Every text the bot shows, in the game's own words (provost, bailiff, favour, batch, deniers, PP).

Functions take plain game objects (tables, decisions, reports) and return Discord markdown. They
never talk to Discord; the other modules of `bot.ui` decide where a text goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from discord.utils import escape_markdown, escape_mentions

from bot.games import (
    GameOver,
    GameResult,
    NoTable,
    NotAPlayer,
    NotYourTurn,
    Pending,
    PhaseReport,
    Refusal,
    StaleDecision,
    Table,
)
from bot.rules import (
    FAVOUR_LINES,
    PHASE_NAMES,
    SECTIONS,
    TILES,
    TRADES,
    Decision,
    Event,
    Game,
    Topic,
    cost_parts,
    cube_list,
    plural,
    trade_text,
)

MAX_CONTENT = 2000  # Discord's limit for a message's text
QUIET_EVENTS = frozenset({"phase_end", "phase_start"})

# ----- names and small pieces ---------------------------------------------------------------


def name(text: str) -> str:
    """A player name as plain text inside markdown (no formatting, no mention)."""
    return escape_mentions(escape_markdown(text))


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def where_in_game(game: Game) -> str:
    s = game.state
    phase = PHASE_NAMES.get(s.phase, "Game over")
    return f"Round {s.round} · {phase}"


def cubes_text(cubes: Sequence[int]) -> str:
    return ", ".join(cost_parts(cubes)) or "no cubes"


def player_line(game: Game, seat: int) -> str:
    """`7 deniers · 2 food, 1 wood · 4 workers in hand · 10 PP`."""
    p = game.state.players[seat]
    return (
        f"{plural(p.deniers, 'denier')} · {cubes_text(p.cubes)} · "
        f"{plural(p.workers, 'worker')} in hand · {p.pp} PP"
    )


# ----- what a place does (descriptions in the chooser) --------------------------------------

SPECIAL_EFFECTS = {
    "gate": "move this worker later to any free place",
    "trading": "take 3 deniers",
    "guild": "move the provost up to 3 spaces, free",
    "joust": "pay 1 denier + 1 cloth for a royal favour",
    "stables": "play earlier in the next turn order",
    "inn": "from next turn, every placement costs you 1 denier",
    "castle": "deliver batches for houses in phase 6",
}


def tile_effect(tile_id: str) -> str:
    """What a building on the road does, in a few words (for select descriptions)."""
    tile = TILES[tile_id]
    p = tile.params
    if tile.effect == "produce":
        return " or ".join(cube_list(alt) for alt in p)
    if tile.effect == "sell":
        return f"sell 1 cube for {p[0]} deniers"
    if tile.effect == "peddler":
        if p[1] == "1":
            return f"buy 1 cube for {p[0]} deniers"
        return f"buy up to {p[1]} cubes at {p[0]} denier each"
    if tile.effect == "build":
        return f"build a {p[0]} building"
    if tile.effect == "lawyer":
        return "turn a building into a residence"
    if tile.effect == "trade":
        options = [trade_text(tile_id, o, short=True) for o in TRADES[tile_id]]
        return " or ".join(options)
    return ""


def build_effect(code: str) -> str:
    """What a building to be built does (`market+G` → the Marketplace's effect)."""
    tile = TILES.get(code.partition("+")[0])
    if tile is None:
        return ""
    extra = []
    if tile.income:
        extra.append(f"+{tile.income} denier income")
    return " · ".join([e for e in (tile_effect(tile.id), *extra) if e])


def place_effect(game: Game, code: str) -> str:
    """What placing (or moving) a worker on `code` brings, with the provost's reach."""
    if code in SPECIAL_EFFECTS:
        return SPECIAL_EFFECTS[code]
    if code.startswith("r") and code[1:].isdigit():
        space = int(code[1:])
        tile_id = game.state.road_tile[space]
        if tile_id is None:
            return ""
        effect = tile_effect(tile_id)
        if space > game.state.provost:
            effect += f" · beyond the provost (road {game.state.provost})"
        return effect
    return ""


# ----- the chooser -------------------------------------------------------------------------


def chooser_header(table: Table, decision: Decision, *, note: str = "") -> str:
    game = table.game
    assert game is not None
    lines = [note] if note else []
    lines += [
        f"**{where_in_game(game)}** — your decision",
        f"> {decision.prompt}",
        f"You have {player_line(game, decision.player)}.",
    ]
    return clip("\n".join(lines))


def chosen(label: str) -> str:
    return f"✅ {label}"


def undone(label: str) -> str:
    return f"↩️ Taken back: {label}"


def undone_public(player: str, label: str) -> str:
    return f"↩️ **{name(player)}** took back their last choice ({label})."


def seat_back() -> str:
    return "Your seat is yours again: the AI no longer plays it."


def after_choice(table: Table, done: str, pending: Pending | None, next_header: str | None) -> str:
    """The chooser after a choice: what was done, then the next decision (or whose it is)."""
    lines = [done]
    if next_header is not None:
        lines += ["", next_header]
    elif pending is not None:
        lines.append(f"Now **{name(pending.name)}** decides: {pending.decision.prompt}.")
    elif table.is_finished:
        lines.append("The game is over: the final scores are in the channel.")
    return clip("\n".join(lines))


CHOOSE_BUTTON = "Choose…"
UNDO_BUTTON = "Undo"
UNDO_TOO_LATE = "The game has moved on since that choice, so it can no longer be undone."
MOVED_ON = "The game has moved on since that message; here is your current decision."
GROUP_SPECIALS = "Special buildings and the castle"
GROUP_ROAD = "Road {low}–{high}"
GROUP_ANY = "Choose…"
GROUP_PART = "Choices {low}–{high}"


# ----- the channel: turn messages, reports, the end ---------------------------------------


def just_happened(events: Iterable[Event], limit: int = 8) -> list[str]:
    """The lines of what happened since the last phase end (older ones are in the reports)."""
    lines: list[str] = []
    for e in events:
        if e.kind == "phase_end":
            lines = []
        elif e.kind not in QUIET_EVENTS:
            lines.append(e.text)
    return lines[-limit:]


def timestamp(at: float, style: str = "R") -> str:
    """A time every reader sees in their own zone (`R`: "in 3 hours")."""
    return f"<t:{int(at)}:{style}>"


def turn_message(table: Table, pending: Pending, happened: Sequence[str], *, reminder: bool = False) -> str:
    game = table.game
    assert game is not None and pending.user_id is not None
    lines = [f"• {line}" for line in happened]
    if reminder:
        lines.append(f"⏰ {mention(pending.user_id)}, a reminder: the game waits for you.")
    else:
        lines.append(f"🎲 **{where_in_game(game)}** — {mention(pending.user_id)}, your turn.")
    lines.append(f"> {pending.decision.prompt}")
    deadline = getattr(pending, "deadline_at", None)
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
    return report.text(MAX_CONTENT - 10)


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
        "🏁 **Game over** — the Towers are scored.",
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


# ----- the lobby -----------------------------------------------------------------------------


def options_text(table: Table) -> str:
    o = table.options
    favours = "simple favours (3 PP each)" if o.simple_favors else "full royal favours"
    jeweller = "with the Jeweller" if o.jeweller else "no Jeweller"
    return f"{favours} · Lawyer {o.lawyer_pp} PP · {jeweller} · AI seats play {table.settings.ai_level}"


def deadline_text(table: Table) -> str:
    st = table.settings
    text = f"Deadline: {DEADLINE_CHOICES.get(st.deadline or 0, f'{st.deadline} s')} per decision, then the game moves for the absent player"
    if st.takeover_after:
        text += f"; after {plural(st.takeover_after, 'missed deadline')} in a row the AI plays the seat"
    return text + "."


def seat_lines(table: Table) -> list[str]:
    out = []
    for s in table.seats:
        tags = []
        if s.is_ai:
            tags.append(f"AI, {s.ai_level or table.settings.ai_level}")
        else:
            if s.user_id == table.creator_id:
                tags.append("creator")
            if getattr(s, "ai_takeover", False):
                tags.append("played by the AI for now")
        tag = f" ({', '.join(tags)})" if tags else ""
        out.append(f"{s.seat + 1}. **{name(s.name)}**{tag}")
    return out


def lobby_card(table: Table) -> str:
    seated = len(table.seats)
    if table.is_open:
        head = f"🏰 **Caylus** — a table is open here ({seated}/{table.max_seats} seats)"
        foot = (
            f"Press **Join** to take a seat. The creator (<@{table.creator_id}>) or a moderator "
            f"presses **Start** with 2 to {table.max_seats} players seated."
        )
    elif table.is_started or table.is_finished:
        head = f"🏰 **Caylus** — the game has started with {plural(seated, 'player')}"
        foot = "Follow the turn messages and phase reports below."
    else:
        head = "🏰 **Caylus** — this table was abandoned"
        foot = "Start a new one with `/caylus new`."
    lines = [head, f"Options: {options_text(table)}"]
    if table.settings.deadline:
        lines.append(deadline_text(table))
    lines += ["Seated:", *seat_lines(table), foot]
    return clip("\n".join(lines))


def table_opened(jump_url: str | None) -> str:
    where = f" ({jump_url})" if jump_url else ""
    return (
        f"Your table is open{where}. Others press **Join** on the table card; "
        "press **Start** when everyone is seated."
    )


def card_not_posted() -> str:
    return (
        "Your table is open, but I could not post its card here. Others can still use "
        "`/caylus join`; start with `/caylus start`."
    )


def joined(table: Table, user_id: int) -> str:
    seat = table.seat_of(user_id)
    number = seat.seat + 1 if seat is not None else len(table.seats)
    return f"You sit at seat {number} of {table.max_seats}. The creator starts the game."


def left() -> str:
    return "You left the table."


def ai_added(table: Table) -> str:
    return f"An AI seat joined the table ({len(table.seats)}/{table.max_seats} seats)."


def started() -> str:
    return "The game has started: follow the turn messages in the channel."


def abandon_confirm() -> str:
    return (
        "Abandon this table? The game ends without a result for everybody "
        "(it stays in the records). This cannot be undone."
    )


ABANDON_BUTTON = "Abandon the table"


def abandoned(by_user_id: int) -> str:
    return f"🏳️ The Caylus table in this channel was abandoned by <@{by_user_id}>."


def abandoned_ephemeral() -> str:
    return "The table is abandoned. Start a new one with `/caylus new`."


JOIN, LEAVE, ADD_AI, START = "Join", "Leave", "Add AI", "Start"


# ----- information commands --------------------------------------------------------------


def status(table: Table, user_id: int) -> str:
    game = table.game
    seat = table.seat_of(user_id)
    if table.is_open:
        where = (
            f"You sit at seat {seat.seat + 1}." if seat is not None else "You are not seated yet."
        )
        return clip(
            f"The table is open: {len(table.seats)}/{table.max_seats} seats. {where}\n"
            + "\n".join(seat_lines(table))
        )
    assert game is not None
    s = game.state
    lines = [f"**{where_in_game(game)}** · provost on road {s.provost} · bailiff on road {s.bailiff}"]
    if seat is not None:
        p = s.players[seat.seat]
        lines.append(f"**You ({name(seat.name)}, {p.colour})**: {player_line(game, seat.seat)}")
        favours = " · ".join(f"{line} {col}" for line, col in zip(FAVOUR_LINES, p.favours, strict=True))
        lines.append(f"Favour markers (column): {favours} — columns open up to {s.favour_columns}")
        houses = [sum(1 for o in sec if o == seat.seat) for sec in s.castle]
        castle = " · ".join(f"{SECTIONS[i]} {n}" for i, n in enumerate(houses))
        lines.append(f"Houses in the castle: {castle}")
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
        if e.kind in QUIET_EVENTS:
            continue
        if (e.round, e.phase) != last and e.phase in PHASE_NAMES:
            lines.append(f"**Round {e.round} · {PHASE_NAMES[e.phase]}**")
            last = (e.round, e.phase)
        lines.append(f"• {e.text}")
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
When it is your turn the bot pings you once in a turn message: press **Choose…** to see your legal choices with their costs (only you see them). Several decisions in a row (a favour's line, then its effect) follow in the same chooser.
`/caylus place target:` · `/caylus pass` · `/caylus provost move:` — the frequent moves, with autocomplete.
**Undo** (after a choice) or `/caylus undo` — take back your last choice while nobody has acted since (not once its phase report is out). `/caylus takeback` — play your seat again after missed deadlines handed it to the AI.
**Looking around**
`/caylus board` — post the current board image · `/caylus status` — your deniers, cubes, workers, favours and what you can do now (only you see it) · `/caylus log` — the last events · `/caylus rules topic:` — any building, phase or favour line explained.
A board image is posted after every phase; the final scores, with their breakdown, at the end."""


# ----- refusals and errors ---------------------------------------------------------------


def refusal(r: Refusal, *, with_chooser: bool = False) -> str:
    """One answer for every refusal: the manager's reason, then what to do instead."""
    text = r.message
    if isinstance(r, StaleDecision):
        text += " Here is your current decision:" if with_chooser else ""
    elif isinstance(r, NotYourTurn):
        text += " You will be pinged when it is your turn."
    elif isinstance(r, NotAPlayer):
        text += " You can follow the game here: `/caylus board` shows the board."
    elif isinstance(r, NoTable):
        text += " Use `/caylus new`."
    elif isinstance(r, GameOver):
        text += " Start another table with `/caylus new`."
    return clip(text)


def table_gone() -> str:
    return "That table is over or was abandoned. Start a new one with `/caylus new`."


def not_here() -> str:
    return "Caylus tables live in server channels; use this command in a server."


PERMISSION_NAMES = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "attach_files": "Attach Files",
}


def missing_permissions(names: Sequence[str]) -> str:
    listed = ", ".join(f"**{n}**" for n in names)
    return (
        f"I cannot post the game in this channel: I am missing {listed} here. Ask a moderator to "
        "give the Caylus bot these permissions in this channel (or play in another channel), "
        "then try again."
    )


NO_TABLE_HERE = "There is no Caylus table in this channel"


def not_now(prompt: str) -> str:
    return clip(f"Not now: {prompt}", 100)


def internal_error() -> str:
    return "Something went wrong on my side; nothing was changed. Please try again."


NO_TOKEN = """\
The Discord bot token is missing: set DISCORD_TOKEN in the environment or in a .env file.

To get one: open the Discord Developer Portal (https://discord.com/developers/applications),
choose (or create) your application, open Bot, press Reset Token and copy it. Then put it in a
file named .env next to where you run the bot:

    DISCORD_TOKEN=paste-your-token-here

(See .env.example and docs/operations.md.)"""

def bad_settings(error: object) -> str:
    return f"The settings are not valid (see .env.example):\n{error}"


BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN. Get a fresh one in the Developer Portal "
    "(Applications → your app → Bot → Reset Token) and put it in .env as DISCORD_TOKEN=..."
)


# ----- the /caylus commands (names and descriptions as Discord shows them) --------------------

GROUP_DESCRIPTION = "Play Caylus in this channel"
COMMANDS = {
    "new": "Open a Caylus table in this channel",
    "join": "Take a seat at this channel's table",
    "leave": "Give up your seat before the game starts",
    "start": "Start the game (the table's creator or a moderator)",
    "abandon": "End this channel's table without a result (creator or moderator)",
    "place": "Place a worker (phase 2) or move the Gate worker",
    "pass": "Pass in phase 2 (the first to pass takes 1 denier)",
    "provost": "Move the provost (phase 4, or with the Merchants' guild)",
    "board": "Post the current board image",
    "status": "Your deniers, cubes, workers, favours and what you can do now",
    "log": "The last events at this table",
    "rules": "Explain a building, a phase or a favour line",
    "help": "How to play Caylus with this bot",
    "undo": "Take back your last choice (while nobody has acted since)",
    "takeback": "Play your seat again after the AI took it over",
}
OPTIONS = {
    "seats": "How many seats (2 to 5), you included",
    "ai": "How many of them are AI seats (0 to 4)",
    "jeweller": "Play with the Jeweller (2nd printing)",
    "lawyer_pp": "PP for building the Lawyer: 4 (first printing) or 3 (later printings)",
    "simple_favours": "Beginner variant: every royal favour is 3 PP",
    "ai_level": "How the AI seats of this table play (greedy by default)",
    "deadline": "Time for each decision; then the game moves for the absent player (default: none)",
    "takeover": "With a deadline: missed deadlines in a row before the AI plays the seat (default: 3)",
    "target": "Where: a special building, the castle or a road building",
    "move": "-3 to +3 spaces (1 denier a space in phase 4), 0 to leave it",
    "count": "How many events (default 15)",
    "topic": "A building, a phase or a favour line",
}
LAWYER_CHOICES = {4: "4 PP (first printing)", 3: "3 PP (later printings)"}
DEADLINE_CHOICES = {0: "none", 600: "10 minutes", 3600: "1 hour", 43200: "12 hours", 86400: "24 hours", 259200: "72 hours"}
TAKEOVER_CHOICES = {1: "after 1 missed deadline", 2: "after 2 in a row", 3: "after 3 in a row", 4: "after 4 in a row", 5: "after 5 in a row", 0: "never"}
AI_LEVELS = {"greedy": "greedy (looks one decision ahead)", "random": "random (a legal choice at random)"}
