"""The lobby: the table card in the channel and the replies to joining, leaving and starting."""

from __future__ import annotations

from bot.games import Table
from bot.games.ai import LEVEL_WORDS
from bot.rules import plural

from .commands import DEADLINE_CHOICES
from .common import clip, name


def options_text(table: Table) -> str:
    o = table.options
    favours = "simple favours (3 PP each)" if o.simple_favors else "full royal favours"
    jeweller = "with the Jeweller" if o.jeweller else "no Jeweller"
    return f"{favours} · Lawyer {o.lawyer_pp} PP · {jeweller} · AI seats play {LEVEL_WORDS[table.settings.ai_level]}"


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
            tags.append("AI")  # its name says its level
        else:
            if s.user_id == table.creator_id:
                tags.append("creator")
            if s.ai_takeover:
                tags.append("played by the AI for now")
        tag = f" ({', '.join(tags)})" if tags else ""
        out.append(f"{s.seat + 1}. **{name(s.name)}**{tag}")
    return out


def lobby_card(table: Table) -> str:
    seated = len(table.seats)
    if table.is_open:
        head = f"🏰 **Caylus** — a table is open here ({seated}/{table.max_seats} seats)"
        count = "2 players" if table.max_seats == 2 else f"2 to {table.max_seats} players"
        foot = (
            f"Press **Join** to take a seat. The creator (<@{table.creator_id}>) or a moderator "
            f"presses **Start** with {count} seated."
        )
    elif table.is_finished:
        head = f"🏰 **Caylus** — the game is over ({plural(seated, 'player')})"
        foot = "The final scores are posted below."
    elif table.is_started:
        head = f"🏰 **Caylus** — the game has started with {plural(seated, 'player')}"
        foot = "Follow the turn messages and phase reports below."
        if table.settings.home_channel is not None:
            foot = f"It is played in <#{table.channel_id}>."
    else:
        head = "🏰 **Caylus** — this table was abandoned"
        foot = "Start a new one with `/caylus new`."
    lines = [head, f"Options: {options_text(table)}"]
    if table.settings.home_channel is not None and table.is_open:
        lines.append(f"The game is played in its thread, <#{table.channel_id}>.")
    if table.settings.deadline:
        lines.append(deadline_text(table))
    lines += ["Seated:", *seat_lines(table), foot]
    return clip("\n".join(lines))


def table_opened(jump_url: str | None, *, thread: int | None = None) -> str:
    where = f" ({jump_url})" if jump_url else ""
    text = (
        f"Your table is open{where}. Others press **Join** on the table card; "
        "press **Start** when everyone is seated."
    )
    if thread is not None:
        text += f" The game is played in its thread, <#{thread}>: the commands work there."
    return text


THREAD_NOT_HERE = "A table can have a thread of its own only when it is opened in a text channel, not inside a thread."
THREAD_NOT_OPENED = (
    "I could not open a thread here (I need **Create Public Threads** and **Send Messages in "
    "Threads**). Open the table without `thread`, or ask a moderator for these permissions."
)


def thread_name(creator: str) -> str:
    return clip(f"Caylus — {creator}'s table", 100)


def thread_greeting(table: Table, card_link: str) -> str:
    return (
        f"🏰 This thread is the Caylus table's ({card_link}). Press **Join** on the table card in "
        "the channel; once the game starts, the turn messages, phase reports and every `/caylus` "
        "command of this table are here. The final result goes to the channel too."
    )


def thread_result(result: str, thread_id: int) -> str:
    """A thread table's final result as the home channel shows it."""
    return clip(f"{result}\n(Played in <#{thread_id}>.)")


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
ABANDON_NOT_ALLOWED = "Only the table's creator or someone with Manage Channels can abandon it."


def abandoned(by_user_id: int) -> str:
    return f"🏳️ The Caylus table in this channel was abandoned by <@{by_user_id}>."


def abandoned_ephemeral() -> str:
    return "The table is abandoned. Start a new one with `/caylus new`."


JOIN, LEAVE, ADD_AI, START = "Join", "Leave", "Add AI", "Start"
