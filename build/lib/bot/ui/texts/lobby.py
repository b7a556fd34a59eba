"""The lobby: the table card in the channel (the table's language) and the replies to joining,
leaving and starting (the reader's language)."""

from __future__ import annotations

from bot.games import Table
from bot.i18n import N_, NP_, Translation, words
from bot.i18n.commands import slash
from bot.rules import SIMPLE_FAVOUR_PP

from .commands import DEADLINE_CHOICES
from .pieces import clip, name

# What people call the levels (bot.games.ai.LEVEL_WORDS, in English)
AI_LEVEL_WORDS = {
    "random": NP_("AI level", "easy"),
    "greedy": NP_("AI level", "normal"),
    "strong": NP_("AI level", "hard"),
}


def ai_level(tr: Translation, level: str) -> str:
    entry = AI_LEVEL_WORDS.get(level)
    return tr(entry) if entry is not None else level


def options_text(tr: Translation, table: Table) -> str:
    o = table.options
    favours = tr.gettext("simple favours ({pp} PP each)").format(pp=SIMPLE_FAVOUR_PP) if o.simple_favors else tr.gettext("full royal favours")
    jeweller = tr.gettext("with the Jeweller") if o.jeweller else tr.gettext("no Jeweller")
    return tr.gettext("{favours} · {lawyer} {pp} PP · {jeweller} · AI seats play {level}").format(
        favours=favours,
        lawyer=words.building(tr, "Lawyer"),
        pp=o.lawyer_pp,
        jeweller=jeweller,
        level=ai_level(tr, table.settings.ai_level),
    )


def deadline_text(tr: Translation, table: Table) -> str:
    st = table.settings
    deadline = st.deadline or 0
    known = DEADLINE_CHOICES.get(deadline)
    # the deadline's words are those of the command's choices (bot/ui/translator.py)
    when = tr.pgettext("command choice", known) if known else tr.gettext("{n} s").format(n=deadline)
    if st.takeover_after:
        return tr.ngettext(
            "Deadline: {when} per decision, then the game moves for the absent player; after "
            "{n} missed deadline in a row the AI plays the seat.",
            "Deadline: {when} per decision, then the game moves for the absent player; after "
            "{n} missed deadlines in a row the AI plays the seat.",
            st.takeover_after,
        ).format(when=when, n=st.takeover_after)
    return tr.gettext("Deadline: {when} per decision, then the game moves for the absent player.").format(
        when=when
    )


def seat_lines(tr: Translation, table: Table) -> list[str]:
    out = []
    for s in table.seats:
        tags = []
        if s.is_ai:
            tags.append(tr.pgettext("seat tag", "AI"))  # its name says its level
        else:
            if s.user_id == table.creator_id:
                tags.append(tr.gettext("creator"))
            if s.ai_takeover:
                tags.append(tr.gettext("played by the AI for now"))
        tag = f" ({', '.join(tags)})" if tags else ""
        out.append(f"{s.seat + 1}. **{name(s.name)}**{tag}")
    return out


def lobby_card(tr: Translation, table: Table) -> str:
    seated = len(table.seats)
    if table.is_open:
        head = tr.gettext("🏰 **Caylus** — a table is open here ({seated}/{seats} seats)").format(
            seated=seated, seats=table.max_seats
        )
        if table.max_seats == 2:
            foot = tr.gettext(
                "Press **Join** to take a seat. The creator (<@{creator}>) or a moderator "
                "presses **Start** with 2 players seated."
            )
        else:
            foot = tr.gettext(
                "Press **Join** to take a seat. The creator (<@{creator}>) or a moderator "
                "presses **Start** with 2 to {seats} players seated."
            )
        foot = foot.format(creator=table.creator_id, seats=table.max_seats)
    elif table.is_finished:
        head = tr.ngettext(
            "🏰 **Caylus** — the game is over ({n} player)", "🏰 **Caylus** — the game is over ({n} players)", seated
        ).format(n=seated)
        foot = tr.gettext("The final scores are posted below.")
    elif table.is_started:
        head = tr.ngettext(
            "🏰 **Caylus** — the game has started with {n} player",
            "🏰 **Caylus** — the game has started with {n} players",
            seated,
        ).format(n=seated)
        foot = tr.gettext("Follow the turn messages and phase reports below.")
        if table.settings.home_channel is not None:
            foot = tr.gettext("It is played in <#{channel}>.").format(channel=table.channel_id)
    else:
        head = tr.gettext("🏰 **Caylus** — this table was abandoned")
        foot = tr.gettext("Start a new one with {new}.").format(new=slash(tr, "new"))
    lines = [head, tr.gettext("Options: {options}").format(options=options_text(tr, table))]
    if table.settings.home_channel is not None and table.is_open:
        lines.append(tr.gettext("The game is played in its thread, <#{channel}>.").format(channel=table.channel_id))
    if table.settings.deadline:
        lines.append(deadline_text(tr, table))
    lines += [tr.gettext("Seated:"), *seat_lines(tr, table), foot]
    return clip("\n".join(lines))


def table_opened(tr: Translation, jump_url: str | None, *, thread: int | None = None) -> str:
    if jump_url:
        text = tr.gettext(
            "Your table is open ({link}). Others press **Join** on the table card; "
            "press **Start** when everyone is seated."
        ).format(link=jump_url)
    else:
        text = tr.gettext(
            "Your table is open. Others press **Join** on the table card; "
            "press **Start** when everyone is seated."
        )
    if thread is not None:
        text += " " + tr.gettext("The game is played in its thread, <#{thread}>: the commands work there.").format(
            thread=thread
        )
    return text


THREAD_NOT_HERE = N_(
    "A table can have a thread of its own only when it is opened in a text channel, not inside a thread."
)
THREAD_NOT_OPENED = N_(
    "I could not open a thread here (I need **Create Public Threads** and **Send Messages in "
    "Threads**). Open the table without `thread`, or ask a moderator for these permissions."
)


def thread_name(tr: Translation, creator: str) -> str:
    return clip(tr.gettext("Caylus — {name}'s table").format(name=creator), 100)


def thread_greeting(tr: Translation, table: Table, card_link: str) -> str:
    return tr.gettext(
        "🏰 This thread is the Caylus table's ({link}). Press **Join** on the table card in "
        "the channel; once the game starts, the turn messages, phase reports and every `/caylus` "
        "command of this table are here. The final result goes to the channel too."
    ).format(link=card_link)


def thread_result(tr: Translation, result: str, thread_id: int) -> str:
    """A thread table's final result as the home channel shows it."""
    return clip(result + "\n" + tr.gettext("(Played in <#{thread}>.)").format(thread=thread_id))


def card_not_posted(tr: Translation) -> str:
    return tr.gettext(
        "Your table is open, but I could not post its card here. Others can still use "
        "{join}; start with {start}."
    ).format(join=slash(tr, "join"), start=slash(tr, "start"))


def joined(tr: Translation, table: Table, user_id: int) -> str:
    seat = table.seat_of(user_id)
    number = seat.seat + 1 if seat is not None else len(table.seats)
    return tr.gettext("You sit at seat {seat} of {seats}. The creator starts the game.").format(
        seat=number, seats=table.max_seats
    )


def left(tr: Translation) -> str:
    return tr.gettext("You left the table.")


def ai_added(tr: Translation, table: Table) -> str:
    return tr.gettext("An AI seat joined the table ({seated}/{seats} seats).").format(
        seated=len(table.seats), seats=table.max_seats
    )


def started(tr: Translation) -> str:
    return tr.gettext("The game has started: follow the turn messages in the channel.")


def abandon_confirm(tr: Translation) -> str:
    return tr.gettext(
        "Abandon this table? The game ends without a result for everybody "
        "(it stays in the records). This cannot be undone."
    )


ABANDON_BUTTON = N_("Abandon the table")
ABANDON_NOT_ALLOWED = N_("Only the table's creator or someone with Manage Channels can abandon it.")


def abandoned(tr: Translation, by_user_id: int) -> str:
    return tr.gettext("🏳️ The Caylus table in this channel was abandoned by <@{user}>.").format(user=by_user_id)


def abandoned_ephemeral(tr: Translation) -> str:
    return tr.gettext("The table is abandoned. Start a new one with {new}.").format(new=slash(tr, "new"))


JOIN, LEAVE, ADD_AI, START = N_("Join"), N_("Leave"), N_("Add AI"), N_("Start")
