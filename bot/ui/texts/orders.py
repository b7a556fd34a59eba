"""The texts of standing orders, the placement queue and the provost declared ahead: the private
view (only its player sees it), the buttons that switch each off, the commands' descriptions and
what the channel is told when a queued placement or a declared provost move is played."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_
from bot.rules import CUBE_NAMES, CUBES, SPECIAL_NAMES, TILES, Game, cube_count

from .common import name, plain

COMMANDS = {
    "orders": "Your standing orders: see them (only you), or set one",
    "queue": "Queue your next placements, in order; see or clear your queue",
    "declare": "Declare your provost move ahead (phases 2 to 4): a road space, or stay",
}
OPTIONS = {
    "provost": "Your provost in phase 4: ask me, never move it, or ask only where a move cuts someone",
    "production": "A default production for a building that lets you choose",
    "castle": "Deliver every batch you can at the castle, without asking",
    "favour": "Take the royal favour on this line whenever you may",
    "add": "Places to queue, in order: codes or names (\"carpenter, r7, pass\")",
    "clear": "Empty your queue",
    "target": "The road space the provost should end on (r9), stay, or off to cancel",
}
PROVOST_CHOICES = {
    "ask": "Ask me",
    "stay": "Never move it",
    "cuts": "Ask me only where a move cuts someone",
}
FAVOUR_CHOICES = {
    "prestige": "Prestige points",
    "deniers": "Deniers",
    "resources": "Resources",
    "buildings": "Buildings",
    "off": "Off: ask me",
}
PROVOST_WORDS = {
    "ask": "ask me",
    "stay": "never move it",
    "cuts": "ask me only where a move would cut (or save) someone's worker on the road; otherwise leave it",
}

ORDERS_BUTTON = N_("Orders…")
QUEUE_BUTTON = N_("Queue…")
ALWAYS_BUTTON = N_("Always…")
CLEAR_QUEUE = "Clear the queue"
ADD_TO_QUEUE = "Add a placement to your queue"
PASS_ENTRY = "Pass"
NOT_NOW = "Orders are for a game in progress, at your own seat."
NOTHING_ALWAYS = "There is no standing order for this decision; answer it in the chooser."
SAVED = "Saved."
DECLARE_PHASES = "You can declare your provost move in phases 2 to 4 only (it is used in phase 4)."


def place_words(game: Game | None, code: str) -> str:
    """A queued place as a player reads it: "Carpenter (road 8)", "Castle", "Pass"."""
    if code == "pass":
        return PASS_ENTRY
    if code[:1] == "r" and code[1:].isdigit():
        tile = game.state.road_tile[int(code[1:])] if game is not None else None
        return f"{TILES[tile].name} (road {code[1:]})" if tile else f"road {code[1:]}"
    return SPECIAL_NAMES.get(code, code)


def target_words(target: str) -> str:
    return "stay where it is" if target == "stay" else f"to road {target[1:]}"


def production_words(tile: str, code: str) -> str:
    return f"{TILES[tile].name} → {cube_count(code)}"


def production_choice_label(tile: str, code: str) -> str:
    return f"{TILES[tile].name}: {cube_count(code)}"


def orders_view_text(game: Game | None, provost: str, productions: Sequence[tuple[str, str]], castle: bool,
                     favour: str | None, queue: Sequence[str], declared: str | None) -> str:  # fmt: skip
    """The private view of one player's orders, queue and declaration."""
    lines = ["**Your standing orders** (only you see them; they act only where you would be asked)"]
    lines.append(f"• Provost in phase 4: {PROVOST_WORDS.get(provost, provost)}")
    if productions:
        lines.append("• Productions: " + "; ".join(production_words(t, c) for t, c in productions))
    if castle:
        lines.append("• Castle: deliver every batch I can")
    if favour:
        lines.append(f"• Royal favours: take the {favour} line when I can")
    if not (productions or castle or favour) and provost == "ask":
        lines.append("• none: you are asked every time")
    if queue:
        entries = " · ".join(f"{i}. {place_words(game, c)}" for i, c in enumerate(queue, 1))
        lines.append(f"**Your placement queue:** {entries}")
    else:
        lines.append("**Your placement queue:** empty (`/caylus queue add:…`)")
    if declared:
        lines.append(f"**Your provost move, declared:** {target_words(declared)}")
    return "\n".join(lines)


def off_label(key: str) -> str:
    """The button that switches one order off."""
    if key == "provost":
        return "Provost: ask me again"
    if key == "castle":
        return "Castle: ask me"
    if key == "favour":
        return "Favours: ask me"
    if key == "queue":
        return CLEAR_QUEUE
    if key == "declared":
        return "Cancel the declared provost move"
    if key.startswith("p."):
        return f"{TILES[key[2:]].name}: ask me"
    return key


def always_label(kind: str, value: str) -> str:
    """An "always do this" button of the current decision."""
    if kind == "provost":
        return "Always: " + PROVOST_CHOICES[value].lower()
    if kind == "castle":
        return "Always deliver every batch I can"
    if kind == "favour":
        return f"Always take the {value} line"
    tile, _, code = value.partition(".")
    return f"Always: {production_choice_label(tile, code)}"


def always_text(prompt: str) -> str:
    return f"Make it a standing order? ({plain(prompt)})"


def queued_note(moves: Sequence[tuple[str, str, str]]) -> str:
    """The channel's line for moves played from a queue or a declaration: (source, player, label)."""
    parts = []
    for source, player, label in moves:
        how = {"queue": "queued", "declared": "declared ahead"}.get(source, "standing order")
        parts.append(f"{name(player)}: {plain(label)} ({how})")
    return "📋 " + "; ".join(parts) + "."


def unknown_place(text: str, options: Sequence[str]) -> str:
    hint = f" Did you mean: {', '.join(options[:6])}?" if options else ""
    return f"“{plain(text)}” is not a place to queue: use a code (`r8`, `castle`, `pass`) or a building name.{hint}"


def queue_full(limit: int) -> str:
    return f"A queue holds at most {limit} placements (you have 6 workers)."


def bad_target(text: str) -> str:
    return f"“{plain(text)}” is not a provost target: give a road space (`r9` or `9`), `stay`, or `off`."


def cube_word(ch: str) -> str:
    return CUBE_NAMES[CUBES.index(ch)]
