"""Private replies to a player deciding: the chooser, what each place does, what was chosen."""

from __future__ import annotations

from bot.games import Pending, Table
from bot.rules import SPECIAL_EFFECTS, TILES, Decision, Game, effect_words

from .common import clip, name, plain, player_line, sentence, where_in_game

# ----- what a place does (descriptions in the chooser) --------------------------------------


def tile_effect(tile_id: str) -> str:
    """What a building on the road does, in a few words (for select descriptions)."""
    return effect_words(tile_id)


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
        return SPECIAL_EFFECTS[code].words
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
    return f"✅ {plain(label)}"


def undone(label: str) -> str:
    return f"↩️ Taken back: {plain(label)}"


def seat_back() -> str:
    return "Your seat is yours again: the AI no longer plays it."


def after_choice(table: Table, done: str, pending: Pending | None, next_header: str | None) -> str:
    """The chooser after a choice: what was done, then the next decision (or whose it is)."""
    lines = [done]
    if next_header is not None:
        lines += ["", next_header]
    elif pending is not None:
        lines.append(sentence(f"Now **{name(pending.name)}** decides: {pending.decision.prompt}"))
    elif table.is_finished:
        lines.append("The game is over: the final scores are in the channel.")
    return clip("\n".join(lines))


CHOOSE_BUTTON = "Choose…"
MORE_BUTTON = "More…"  # the private chooser, when the choices are on the turn message itself
UNDO_BUTTON = "Undo"
BOARD_BUTTON = "Board"
UNDO_TOO_LATE = "The game has moved on since that choice, so it can no longer be undone."
MOVED_ON = "The game has moved on since that message; here is your current decision."
GROUP_SPECIALS = "Special buildings and the castle"
GROUP_ROAD = "Road {low}–{high}"
GROUP_ANY = "Choose…"
GROUP_PART = "Choices {low}–{high}"
