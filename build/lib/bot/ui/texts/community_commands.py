"""What Discord shows of the community's commands (bot/ui/community_commands.py): descriptions
(at most 100 characters), option descriptions, choices. Translated through the command tree
(bot/ui/translator.py), like texts/commands.py."""

from __future__ import annotations

COMMANDS = {
    "mygames": "Every table you sit at, on every server, those waiting for you first",
    "stats": "Games, wins, scores, rating and its chart, favourite buildings (only you see it)",
    "notify": "Where your call backs go (channel, DM or both) and your quiet hours",
    "watch": "Follow this channel's table: each round's end and the game's end, no turn pings",
    "unwatch": "Stop following this channel's table",
    "resign": "Give up your seat for good: the AI plays it to the end (counts as a loss)",
    "leaderboard": "The best rated players of this server (or of every server)",
    "challenge": "This week's challenge: you against three hard AI seats, the same setup for all",
    "setup": "This server's defaults for new tables (Manage Server only)",
}
OPTIONS = {
    "player": "Whose stats (default: yours)",
    "everywhere": "Over every server (default: this server)",
    "public": "Post it in the channel for everyone (default: only you see it)",
    "where": "Where your call backs go",
    "time_zone": "Your time zone for quiet hours, e.g. Europe/Lisbon",
    "quiet_from": "Quiet hours start, e.g. 22:00 (your time)",
    "quiet_to": "Quiet hours end, e.g. 07:30 (your time)",
    "no_quiet": "No quiet hours any more",
    "page": "Which page (10 players a page)",
    "results": "Show this week's results instead of playing",
    "deadline": "Default move deadline of new tables",
    "language": "Default language of new tables",
    "ai_level": "Default AI level of new tables",
    "thread": "New tables open a thread of their own",
    "channel": "The channel where new tables go",
    "reset": "Back to the bot's defaults",
}
WHERE = {
    "channel": "a ping in the table's channel",
    "dm": "a direct message instead",
    "both": "a ping and a direct message",
}
