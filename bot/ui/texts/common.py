"""Small pieces every text uses: names as plain text, mentions, clipping, where the game is, a
player's means, times."""

from __future__ import annotations

from collections.abc import Sequence

from discord.utils import escape_markdown, escape_mentions

from bot.rules import ENGLISH, PHASE_NAMES, Game, Speech, cost_parts, plural

MAX_CONTENT = 2000  # Discord's limit for a message's text


def name(text: str) -> str:
    """A player name as plain text inside markdown: no formatting, no mention. `@everyone` and
    `@here` get a zero-width space; every `<` is escaped, so `<@&1>`, `<#1>`, `<t:0>` or a
    custom emoji show as typed (Discord's own escape_mentions leaves ids shorter than 17 digits)."""
    return escape_mentions(escape_markdown(text)).replace("<", "\\<")


def plain(text: str) -> str:
    """A text of the rules core that may hold player names (a choice's label: "Farm (road 9),
    Bob's — 2 deniers") as plain text: the rules' own words hold no markdown, so all of it is
    escaped like a name."""
    return name(text)


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def sentence(text: str) -> str:
    """`text` ended with a full stop, unless it already ends with one (or `?`, `!`, `…`)."""
    return text if text.endswith((".", "?", "!", "…")) else f"{text}."


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def where_in_game(game: Game, tr: Speech = ENGLISH) -> str:
    return round_and_phase(game.state.round, game.state.phase, tr)


def round_and_phase(rnd: int, phase: int, tr: Speech = ENGLISH) -> str:
    """`Round 3 · Provost` (after phase 7: `Game over`), in `tr`'s language."""
    where = tr.pgettext("phase", PHASE_NAMES[phase]) if phase in PHASE_NAMES else tr.gettext("Game over")
    return tr.gettext("Round {round} · {phase}").format(round=rnd, phase=where)


def cubes_text(cubes: Sequence[int]) -> str:
    return ", ".join(cost_parts(cubes)) or "no cubes"


def player_line(game: Game, seat: int) -> str:
    """`7 deniers · 2 food, 1 wood · 4 workers in hand · 10 PP`."""
    p = game.state.players[seat]
    return (
        f"{plural(p.deniers, 'denier')} · {cubes_text(p.cubes)} · "
        f"{plural(p.workers, 'worker')} in hand · {p.pp} PP"
    )


def timestamp(at: float, style: str = "R") -> str:
    """A time every reader sees in their own zone (`R`: "in 3 hours")."""
    return f"<t:{int(at)}:{style}>"
