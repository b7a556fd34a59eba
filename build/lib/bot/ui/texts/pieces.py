"""Small pieces every text uses: names as plain text, mentions, clipping, where the game is, a
player's means, times."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from discord.utils import escape_markdown, escape_mentions

from bot.games import Pending, Table
from bot.i18n import Translation, translator, words
from bot.rules import CUBE_NAMES, PHASE_NAMES, Game

MAX_CONTENT = 2000  # Discord's limit for a message's text


@lru_cache(maxsize=4096)  # the same names and labels, again and again: the escapes are regexes
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


def prompt_of(tr: Translation, table: Table, pending: Pending) -> str:
    """The pending decision's prompt in `tr`'s language (the rules' English if it is stale)."""
    return pending.decision.prompt if table.game is None else table.game.prompt(tr, pending.decision)


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def sentence(text: str) -> str:
    """`text` ended with a full stop, unless it already ends with one (or `?`, `!`, `…`)."""
    return text if text.endswith((".", "?", "!", "…")) else f"{text}."


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def _tr(tr: Translation | None) -> Translation:
    return tr if tr is not None else translator("en")


def where_in_game(game: Game, tr: Translation | None = None) -> str:
    return round_and_phase(game.state.round, game.state.phase, tr)


def round_and_phase(rnd: int, phase: int, tr: Translation | None = None) -> str:
    """`Round 3 · Provost` (after phase 7: `Game over`), in `tr`'s language (default English)."""
    tr = _tr(tr)
    if phase not in PHASE_NAMES:
        return tr.gettext("Round {round} · Game over").format(round=rnd)
    return tr.gettext("Round {round} · {phase}").format(round=rnd, phase=words.phase(tr, PHASE_NAMES[phase]))


def cubes_text(cubes: Sequence[int], tr: Translation | None = None) -> str:
    tr = _tr(tr)
    parts = [words.count(tr, CUBE_NAMES[i], n) for i, n in enumerate(cubes) if n]
    return ", ".join(parts) or tr.gettext("no cubes")


def player_line(game: Game, seat: int, tr: Translation | None = None) -> str:
    """`7 deniers · 2 food, 1 wood · 4 workers in hand · 10 PP`."""
    tr = _tr(tr)
    p = game.state.players[seat]
    return tr.gettext("{deniers} · {cubes} · {workers} in hand · {pp}").format(
        deniers=words.count(tr, "denier", p.deniers),
        cubes=cubes_text(p.cubes, tr),
        workers=words.count(tr, "worker", p.workers),
        pp=words.count(tr, "PP", p.pp),
    )


def timestamp(at: float, style: str = "R") -> str:
    """A time every reader sees in their own zone (`R`: "in 3 hours")."""
    return f"<t:{int(at)}:{style}>"
