"""The /caylus commands: names, descriptions and choices as Discord shows them."""

from __future__ import annotations

GROUP_DESCRIPTION = "Play Caylus in this channel"
GAME_GROUP_DESCRIPTION = "The story of this channel's game: past boards, log, replay, record"
COMMANDS = {
    "new": "Open a Caylus table in this channel",
    "join": "Take a seat at this channel's table",
    "leave": "Give up your seat before the game starts",
    "start": "Start the game (the table's creator or a moderator)",
    "abandon": "End this channel's table without a result (creator or moderator)",
    "place": "Place a worker (phase 2) or move the Gate worker: a code, a building or its start",
    "pass": "Pass in phase 2 (the first to pass takes 1 denier)",
    "provost": "Move the provost (phase 4, or with the Merchants' guild)",
    "board": "Show the board as it stands now (only you see it; public: everyone)",
    "status": "Every player's deniers, cubes, workers, PP and favours; what you can do now",
    "log": "The last events at this table",
    "game_board": "The board as it was after a phase of a round",
    "game_log": "The log of a round, or one player's moves",
    "replay": "The game so far as an animated image",
    "export": "The game's record as a file",
    "rules": "Explain a building, a phase or a favour line",
    "help": "How to play Caylus with this bot",
    "about": "The bot's version, how long it has run, its tables now, and its invite link",
    "undo": "Take back your last choice (while nobody has acted since)",
    "takeback": "Play your seat again after the AI took it over",
    "language": "The language the bot answers you in privately (set, show or clear)",
}
OPTIONS = {
    "seats": "How many seats (2 to 5), you included",
    "ai": "How many of them are AI seats (0 to 4)",
    "jeweller": "Play with the Jeweller (2nd printing)",
    "lawyer_pp": "PP for building the Lawyer: 4 (first printing) or 3 (later printings)",
    "simple_favours": "Beginner variant: every royal favour is 3 PP",
    "ai_level": "How well the AI seats of this table play (normal by default)",
    "deadline": "Time for each decision; then the game moves for the absent player (default: none)",
    "takeover": "With a deadline: missed deadlines in a row before the AI plays the seat (default: 3)",
    "target": "Where: castle, gate, r8, a building's name or its start (carpenter r8, peddler)",
    "move": "-3 to +3 spaces (1 denier a space in phase 4), 0 to leave it",
    "count": "How many events (default 15)",
    "round": "A past round",
    "phase": "A phase of that round (1-7)",
    "player": "Only this player's moves",
    "topic": "A building, a phase or a favour line",
    "thread": "Play in a thread of its own (the channel keeps the table card and the result)",
    "public": "Post it in the channel for everyone (default: only you see it)",
    "language": "The table's language: its card, posts and board (default: the server's)",
    "my_language": "Your language for private answers at every table (empty: show the setting)",
    "clear_language": "Forget your setting: your Discord language, else the table's, again",
}
LAWYER_CHOICES = {4: "4 PP (first printing)", 3: "3 PP (later printings)"}
DEADLINE_CHOICES = {0: "none", 600: "10 minutes", 3600: "1 hour", 43200: "12 hours", 86400: "24 hours", 259200: "72 hours"}
TAKEOVER_CHOICES = {1: "after 1 missed deadline", 2: "after 2 in a row", 3: "after 3 in a row", 4: "after 4 in a row", 5: "after 5 in a row", 0: "never"}
AI_LEVELS = {
    "random": "easy: plays a legal choice at random",
    "greedy": "normal: takes the best-looking choice, one decision ahead",
    "strong": "hard: searches several turns ahead (a few seconds a move)",
}
