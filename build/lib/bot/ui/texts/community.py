"""The community's texts (issue 25): stats, the leaderboard, a person's tables, notification
settings, watching, resigning, the rematch, server defaults, the weekly challenge, and the DMs
and silent mentions that carry call backs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games import LEVELS, ServerDefaults, Table, deadline_label
from bot.i18n import N_, NAMES, Translation, words
from bot.i18n.commands import slash
from bot.rules import SPECIAL_NAMES, TILES
from bot.store import ChallengeEntry, PlayerStats, PrefsRecord, RatingRecord, UserTable
from bot.store.ratings import shown

from .commands import DEADLINE_CHOICES
from .lobby import ai_level
from .pieces import clip, mention, name, timestamp

FAVOURITES = 3  # buildings named in the stats
REMATCH_BUTTON = N_("Rematch")
RESIGN_BUTTON = N_("Resign for good")
KEEP_PLAYING = N_("Keep playing")
RESIGNED_DONE = N_("You resigned: the AI plays your seat to the end. Thank you for the game!")
REMATCH_OPENED_YOU = N_("You opened the rematch. Start it from its card once the others have joined.")


def jump(guild_id: int, channel_id: int, message_id: int | None = None) -> str:
    """A link that opens the channel (or a message in it) in Discord."""
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


def duration(tr: Translation, seconds: float) -> str:
    """42 s · 17 min · 3 h 05 min · 2 d 4 h."""
    s = int(round(seconds))
    if s < 60:
        return tr.gettext("{n} s").format(n=s)
    if s < 3600:
        return tr.gettext("{n} min").format(n=s // 60)
    if s < 86_400:
        return tr.gettext("{h} h {m:02d} min").format(h=s // 3600, m=s % 3600 // 60)
    return tr.gettext("{d} d {h} h").format(d=s // 86_400, h=s % 86_400 // 3600)


def building(tr: Translation, key: str) -> str:
    """A building or place as `bot.games.outcome` counts it (a tile id, `gate`, `castle`, ...)."""
    tile = TILES.get(key)
    return words.building(tr, tile.name if tile is not None else SPECIAL_NAMES.get(key, key))


def rating(tr: Translation, r: RatingRecord) -> str:
    return tr.ngettext("**{rating}** after {n} rated game", "**{rating}** after {n} rated games", r.games).format(
        rating=shown(r.mu, r.sigma), n=r.games
    )


def player(tr: Translation, r: RatingRecord, names: Mapping[int, str]) -> str:
    """A rated player: a person's name (or mention), or an AI level."""
    if r.ai_level is not None:
        return tr.gettext("🤖 AI, {level}").format(level=ai_level(tr, r.ai_level))
    uid = r.user_id or 0
    return name(names[uid]) if uid in names else mention(uid)


def stats_text(
    tr: Translation, who: str, stats: PlayerStats, *, everywhere: bool, levels: Mapping[str, RatingRecord]
) -> str:
    """`/caylus stats`: a person's figures (`who`: their name, escaped already)."""
    where = tr.gettext("on every server") if everywhere else tr.gettext("on this server")
    if stats.games == 0:
        return tr.gettext("**{who}** has not finished a game of Caylus {where} yet.").format(who=who, where=where)
    assert stats.mean_score is not None and stats.best_score is not None
    lines = [
        tr.gettext("📊 **{who}**, {where}").format(who=who, where=where),
        tr.ngettext(
            "{n} game · {wins} won ({share} %)", "{n} games · {wins} won ({share} %)", stats.games
        ).format(n=stats.games, wins=stats.wins, share=round(100 * stats.wins / stats.games)),
        tr.gettext("Score: {mean} on average, {best} at best").format(
            mean=f"{stats.mean_score:.1f}", best=stats.best_score
        ),
    ]
    if stats.resigned:
        lines[1] += " · " + tr.ngettext("{n} resigned", "{n} resigned", stats.resigned).format(n=stats.resigned)
    if stats.rating is not None:
        line = tr.gettext("Rating: {rating}").format(rating=rating(tr, stats.rating))
        known = [(lvl, levels[f"ai:{lvl}"]) for lvl in LEVELS if f"ai:{lvl}" in levels]
        if known:
            line += " · " + tr.gettext("the AI: {levels}").format(
                levels=", ".join(f"{ai_level(tr, lvl)} {shown(r.mu, r.sigma)}" for lvl, r in known)
            )
        lines.append(line)
    else:
        lines.append(tr.gettext("Rating: none yet (games with at least two people are rated)"))
    if stats.buildings:
        top = list(stats.buildings.items())[:FAVOURITES]
        lines.append(
            tr.gettext("Favourite buildings: {buildings}").format(
                buildings=", ".join(f"{building(tr, k)} ({n})" for k, n in top)
            )
        )
    if stats.mean_answer is not None:
        lines.append(tr.gettext("Answers a call back in {time} on average").format(time=duration(tr, stats.mean_answer)))
    return clip("\n".join(lines))


def chart_title(tr: Translation, who: str, *, everywhere: bool) -> str:
    """The rating chart's title (drawn: not escaped)."""
    if everywhere:
        return tr.gettext("{who} · rating on every server").format(who=who)
    return tr.gettext("{who} · rating on this server").format(who=who)


def chart_note(tr: Translation, n: int) -> str:
    return tr.ngettext("the last {n} game", "the last {n} games", n).format(n=n)


def leaderboard_text(
    tr: Translation, rows: Sequence[RatingRecord], names: Mapping[int, str], *, page: int, per_page: int,
    total: int, min_games: int, everywhere: bool,
) -> str:  # fmt: skip
    title = tr.gettext("🏆 The best players on every server") if everywhere else tr.gettext("🏆 The best players on this server")
    if not rows:
        return tr.ngettext(
            "{title}\nNobody has {n} rated game yet.", "{title}\nNobody has {n} rated games yet.", min_games
        ).format(title=title, n=min_games)
    lines = [title]
    for k, r in enumerate(rows, start=1 + page * per_page):
        lines.append(
            tr.ngettext("{place}. {player}: **{rating}** ({n} game)", "{place}. {player}: **{rating}** ({n} games)", r.games).format(
                place=k, player=player(tr, r, names), rating=shown(r.mu, r.sigma), n=r.games
            )
        )
    pages = max(1, -(-total // per_page))
    lines.append(
        tr.ngettext(
            "Page {page} of {pages} · players with at least {n} rated game",
            "Page {page} of {pages} · players with at least {n} rated games",
            min_games,
        ).format(page=page + 1, pages=pages, n=min_games)
    )
    return clip("\n".join(lines))


def mygames_text(tr: Translation, tables: Sequence[UserTable], user_id: int) -> str:
    """`/caylus mygames`: the person's tables, those waiting for them first."""
    if not tables:
        return tr.gettext("You have no seat at a Caylus table now. {new} opens one.").format(new=slash(tr, "new"))
    lines = [tr.ngettext("🎲 Your {n} table:", "🎲 Your {n} tables:", len(tables)).format(n=len(tables))]
    go = tr.gettext("go")
    for u in tables:
        where = f"<#{u.channel_id}> · [{go}]({jump(u.guild_id, u.channel_id)})"
        if u.status == "open":
            what = tr.gettext("open, {seated} seated").format(seated=u.seats)
        elif u.turn_user == user_id:
            what = tr.gettext("**your decision**")
            if u.deadline_at is not None:
                what += " · " + tr.gettext("deadline {when}").format(when=timestamp(u.deadline_at))
        elif u.turn_name is not None:
            what = tr.gettext("waiting for {player}").format(player=name(u.turn_name))
        else:
            what = tr.gettext("in play")
        lines.append(f"• {where} — {what}")
    return clip("\n".join(lines))


def notify_text(tr: Translation, prefs: PrefsRecord) -> str:
    """What `/caylus notify` has set."""
    where = {
        "channel": tr.gettext("a ping in the table's channel"),
        "dm": tr.gettext("a direct message"),
        "both": tr.gettext("a ping in the channel and a direct message"),
    }[prefs.notify]
    lines = [tr.gettext("🔔 Your call backs: {where}.").format(where=where)]
    if prefs.quiet_from is not None and prefs.quiet_to is not None and prefs.time_zone:
        lines.append(
            tr.gettext("Quiet hours: {start} to {end} ({zone}); call backs then wait for their end. Deadlines do not move.").format(
                start=f"{prefs.quiet_from // 60:02d}:{prefs.quiet_from % 60:02d}",
                end=f"{prefs.quiet_to // 60:02d}:{prefs.quiet_to % 60:02d}", zone=prefs.time_zone,
            )
        )  # fmt: skip
    else:
        lines.append(tr.gettext("No quiet hours."))
    return "\n".join(lines)


def dm_refused(tr: Translation, user_id: int) -> str:
    """Said once in the channel, with the ping that replaces the refused DM."""
    return tr.gettext(
        "{user}, Discord would not let me send you a direct message (your DMs are closed), so your call backs come "
        "here as pings. {notify} changes that."
    ).format(user=mention(user_id), notify=slash(tr, "caylus-notify"))


def turn_dm(tr: Translation, table_name: str, guild_id: int, channel_id: int, prompt: str, deadline_at: float | None) -> str:
    """A call back by DM: whose table, what to decide, where to go."""
    text = tr.gettext("🎲 Your turn at Caylus in {table}: {prompt}").format(table=table_name, prompt=prompt)
    if deadline_at is not None:
        text += "\n" + tr.gettext("Deadline {when}.").format(when=timestamp(deadline_at))
    return clip(text + "\n" + jump(guild_id, channel_id))


def reminder_dm(tr: Translation, table_name: str, guild_id: int, channel_id: int, deadline_at: float) -> str:
    return clip(
        tr.gettext("⏰ Your decision at Caylus in {table} is still waiting; its deadline is {when}.").format(
            table=table_name, when=timestamp(deadline_at)
        )
        + "\n"
        + jump(guild_id, channel_id)
    )


def watch_news(tr: Translation, table_name: str, guild_id: int, channel_id: int, what: str) -> str:
    """What a watcher gets by DM: a round's end or the game's end (`what`, said already)."""
    return clip(tr.gettext("👀 {table}: {what}").format(table=table_name, what=what) + "\n" + jump(guild_id, channel_id))


def round_over(tr: Translation, rnd: int) -> str:
    return tr.gettext("round {n} is over.").format(n=rnd)


def game_over_news(tr: Translation, winners: Sequence[str]) -> str:
    return tr.ngettext("the game is over; {names} won.", "the game is over; {names} won.", len(winners)).format(
        names=", ".join(winners)
    )


def watchers_line(tr: Translation, user_ids: Sequence[int], what: str) -> str:
    """The silent mention of watchers in the channel (no push notification)."""
    return clip(tr.gettext("👀 {watchers}: {what}").format(watchers=" ".join(mention(u) for u in user_ids), what=what))


def watching(tr: Translation, new: bool) -> str:
    if new:
        return tr.gettext(
            "👀 You watch this table: you hear of each round's end and the game's end (as your {notify} says), never of a turn."
        ).format(notify=slash(tr, "caylus-notify"))
    return tr.gettext("You watch this table already.")


def unwatched(tr: Translation, was: bool) -> str:
    return tr.gettext("You no longer watch this table.") if was else tr.gettext("You were not watching this table.")


def resign_question(tr: Translation) -> str:
    return tr.gettext(
        "Resign from this game? The AI plays your seat to the end, for good (no take-back), and the game counts "
        "as a loss in your stats."
    )


def resigned_public(tr: Translation, who: str) -> str:
    return tr.gettext("🏳️ {player} resigned: the AI plays their seat to the end.").format(player=name(who))


def resign_kept(tr: Translation) -> str:
    return tr.gettext("You keep your seat.")


def rematch_opened(tr: Translation, who: str) -> str:
    return tr.gettext("🔁 {player} opened a rematch: the same seats and options, a new setup. Press **Rematch** to join.").format(
        player=name(who)
    )


def rematch_joined(tr: Translation) -> str:
    return tr.gettext("You joined the rematch.")


def setup_text(tr: Translation, d: ServerDefaults) -> str:
    """The server's defaults, as `/caylus setup` shows them."""
    unset = tr.gettext("the bot's default")
    known = DEADLINE_CHOICES.get(d.deadline) if d.deadline is not None else None
    # the deadline's words are those of the command's choices (bot/ui/translator.py)
    deadline = unset if d.deadline is None else tr.pgettext("command choice", known) if known else deadline_label(d.deadline)
    thread = unset if d.thread is None else (tr.gettext("yes") if d.thread else tr.gettext("no"))
    lines = [
        tr.gettext("⚙️ This server's defaults for {new}:").format(new=slash(tr, "new")),
        tr.gettext("• deadline: {value}").format(value=deadline),
        tr.gettext("• language: {value}").format(value=NAMES.get(d.language, unset) if d.language else unset),
        tr.gettext("• AI level: {value}").format(value=ai_level(tr, d.ai_level) if d.ai_level else unset),
        tr.gettext("• a thread per table: {value}").format(value=thread),
        tr.gettext("• new tables go to: {value}").format(
            value=f"<#{d.channel}>" if d.channel else tr.gettext("the channel where {new} is used").format(new=slash(tr, "new"))
        ),
    ]
    return "\n".join(lines)


def elsewhere(tr: Translation, channel_id: int) -> str:
    return tr.gettext("This server's tables are opened in <#{channel}>: use {new} there.").format(
        channel=channel_id, new=slash(tr, "new")
    )


def challenge_started(tr: Translation, who: str, week: str) -> str:
    return tr.gettext(
        "🗓️ {player} takes on the weekly challenge {week}: three hard AI seats, the same setup for everyone. Good luck!"
    ).format(player=name(who), week=week)


def challenge_thread(tr: Translation, week: str, who: str) -> str:
    """The thread's name (at most 100 characters)."""
    return tr.gettext("Challenge {week} · {player}").format(week=week, player=who)[:100]


def challenge_board(tr: Translation, week: str, entries: Sequence[ChallengeEntry], *, everywhere: bool) -> str:
    title = (
        tr.gettext("🗓️ Weekly challenge {week}, every server").format(week=week)
        if everywhere
        else tr.gettext("🗓️ Weekly challenge {week}, this server").format(week=week)
    )
    if not entries:
        return title + "\n" + tr.gettext("Nobody has finished it yet. {challenge} takes it on.").format(
            challenge=slash(tr, "caylus-challenge")
        )
    lines = [title]
    for k, e in enumerate(entries, start=1):
        beat = tr.gettext("beat the AI") if e.place == 1 else tr.gettext("place {n} of 4").format(n=e.place)
        lines.append(tr.gettext("{k}. {player}: **{score}** ({beat})").format(k=k, player=name(e.name), score=e.score, beat=beat))
    return clip("\n".join(lines))


def table_name(table: Table) -> str:
    """How a DM names a table: its channel."""
    return f"<#{table.channel_id}>"
