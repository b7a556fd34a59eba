"""The texts of standing orders, the placement queue and the provost declared ahead: the private
view (only its player sees it), the buttons that switch each off, the commands' descriptions and
what the channel is told when a queued placement or a declared provost move is played."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Translation, translator
from bot.i18n import words as glossary
from bot.i18n.commands import slash
from bot.rules import (
    CUBE_NAMES,
    CUBES,
    SPECIAL_NAMES,
    TILES,
    Code,
    CodeKind,
    Game,
    Speech,
    cube_count,
)

from . import choice_words
from .pieces import name, plain

ENGLISH = translator("en")
MAX_PROVOST_MOVE = 3  # spaces, 1 denier each (§2 phase 4)

COMMANDS = {
    "orders": "Your standing orders: see them (only you), or set one",
    "queue": "Add places to your round plan, best first; see or clear it",
    "declare": "Declare your provost move ahead (phases 2 to 4): a road space, or stay",
}
OPTIONS = {
    "provost": "Your provost in phase 4: ask me, never move it, or ask only where a move cuts someone",
    "production": "A default production for a building that lets you choose",
    "castle": "Deliver every batch you can at the castle, without asking",
    "favour": "Take the royal favour on this line whenever you may",
    "add": "Places, best first (\"farm, quarry\": the Farm, else the Quarry)",
    "clear": "Drop your plan",
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
    "ask": N_("ask me"),
    "stay": N_("never move it"),
    "cuts": N_(
        "ask me only where a move would cut another player's worker (or save one of mine), not for the bailiff's pace; "
        "otherwise leave it"
    ),
    "pace": N_(
        "ask me where a move would cut another player's worker, save one of mine, or change how far the bailiff "
        "walks in phase 7; otherwise leave it"
    ),
}
ALWAYS_PROVOST = {
    "ask": N_("Always: ask me"),
    "stay": N_("Always: never move it"),
    "cuts": N_("Always: ask me only where a move cuts someone (not for the bailiff's pace)"),
    "pace": N_("Always: ask me where a move cuts someone or changes the bailiff's pace"),
}

ORDERS_BUTTON = N_("Orders…")
REGULAR_BUTTON = N_("Use a regular's orders")
INVITE_ON = N_("Invite me to plan: on")
INVITE_OFF = N_("Invite me to plan: off")
REGULAR_SET = N_(
    "Done: your provost is moved only where a move would cut someone (or save one of your workers; "
    "the bailiff's pace is not weighed), and every castle batch you can is delivered. Switch each "
    "off below."
)
QUEUE_IS_PLAN = N_("The queue is now your round plan: **Plan…** on the turn message, or {plan}.")


def queue_is_plan(tr: Translation) -> str:
    return tr(QUEUE_IS_PLAN).format(plan=slash(tr, "plan"))
QUEUE_BUTTON = N_("Queue…")
ALWAYS_BUTTON = N_("Always…")
CLEAR_QUEUE = N_("Clear the queue")
ADD_TO_QUEUE = N_("Add a placement to your queue")
NOT_NOW = N_("Orders are for a game in progress, at your own seat.")
NOTHING_ALWAYS = N_("There is no standing order for this decision; answer it in the chooser.")
SAVED = N_("Saved.")
UNCHANGED = N_("Nothing to change: it was so already.")
STILL_YOURS = N_("Saved. A move here cuts someone, so this decision is still yours: choose in the chooser.")
ALWAYS_GONE = N_("That decision is no longer waiting for you. Your orders:")
ALWAYS_HELD = N_("Your standing orders already hold what this decision could become. Your orders:")
# At the Merchants' guild only "ask me only where a move cuts someone" applies (bot.games.orders)
ALWAYS_GUILD = N_("Always, here and in phase 4: ask me only where a move cuts someone")
DECLARE_PHASES = N_("You can declare your provost move in phases 2 to 4 only (it is used in phase 4).")
DECLARE_NOW = N_(
    "You have passed: declare your provost move now and phase 4 does not wait for you (it is played "
    "if it is still possible from where the provost then stands; nobody else sees it)."
)
# Refusals with fields (bot/games Refusal(msgid, **fields): translated when shown)
UNKNOWN_PLACE = N_(
    "“{text}” is not a place to queue: use a code (`r8`, `castle`, `pass`) or a building name."
)
UNKNOWN_PLACE_HINT = N_(
    "“{text}” is not a place to queue: use a code (`r8`, `castle`, `pass`) or a building name. "
    "Did you mean: {options}?"
)
QUEUE_FULL = N_("A queue holds at most {limit} placements (you have 6 workers).")
BAD_PRODUCTION = N_(
    "“{text}” is not a production to choose: pick one in the list as you type (`Forest: 1 wood`, `Forest: ask me`…)."
)
BAD_TARGET = N_("“{text}” is not a provost target: give a road space (`r9` or `9`), `stay`, or `off`.")


def place_words(tr: Translation, game: Game | None, code: str) -> str:
    """A queued place as a player reads it: "Carpenter (road 8)", "Castle", "Pass"."""
    if code == "pass":
        return tr.pgettext("choice", "Pass")
    c = Code.parse(code)
    if c.kind == CodeKind.ROAD:
        tile = game.state.road_tile[c.space] if game is not None else None
        if tile:
            return choice_words.on_road(tr, glossary.building(tr, TILES[tile].name), c.space)
        return tr.gettext("road {space}").format(space=c.space)
    return glossary.building(tr, SPECIAL_NAMES[code]) if code in SPECIAL_NAMES else code


def target_words(tr: Translation, target: str) -> str:
    if target == "stay":
        return tr.gettext("stay where it is")
    return tr.gettext("to road {space}").format(space=Code.parse(target).space)


def provost_words(tr: Translation, declared: str) -> str:
    """A declaration as the plan shows it: `cuts`, `stay`, `r9`, with `@N` (made from road N)."""
    target, _, at = declared.partition("@")
    if target == "cuts":
        return tr.gettext("ask me only where a move cuts someone")
    said = target_words(tr, target)
    if at:
        said = tr.gettext("{target}, while it stands on road {space} (else ask me)").format(target=said, space=at)
    return said


def declare_label(tr: Translation, target: str) -> str:
    return tr.gettext("Provost: {target}").format(target=target_words(tr, target))


def production_words(tr: Translation, tile: str, code: str) -> str:
    return f"{glossary.building(tr, TILES[tile].name)} → {choice_words.amounts(tr, cube_count(code))}"


def cubes_words(tr: Translation, code: str) -> str:
    """Cubes by their letters (`FWS`): "1 food + 1 wood + 1 stone"."""
    return choice_words.amounts(tr, cube_count(code))


def production_choice_label(tile: str, code: str, tr: Translation = ENGLISH) -> str:
    return f"{glossary.building(tr, TILES[tile].name)}: {choice_words.amounts(tr, cube_count(code))}"


def orders_view_text(tr: Translation, game: Game | None, provost: str, productions: Sequence[tuple[str, str]],
                     castle: bool, favour: str | None, queue: Sequence[str], declared: str | None) -> str:  # fmt: skip
    """The private view of one player's orders, queue and declaration."""
    lines = [tr.gettext("**Your standing orders** (only you see them; they act only where you would be asked)")]
    said = tr(PROVOST_WORDS[provost]) if provost in PROVOST_WORDS else provost
    lines.append(tr.gettext("• Provost in phase 4: {order}").format(order=said))
    guild = glossary.building(tr, SPECIAL_NAMES["guild"])
    if provost == "cuts":  # bot.games.orders.answer: it answers the guild's move too
        lines.append(tr.gettext("• {guild}: the same").format(guild=guild))
    elif provost == "stay":  # not the guild's: one places a worker there to move the provost
        lines.append(tr.gettext("• {guild}: ask me (a worker goes there to move the provost)").format(guild=guild))
    if productions:
        made = "; ".join(production_words(tr, t, c) for t, c in productions)
        lines.append(tr.gettext("• Productions: {productions}").format(productions=made))
    if castle:
        lines.append(tr.gettext("• Castle: deliver every batch I can"))
    if favour:
        lines.append(
            tr.gettext("• Royal favours: take the {line} line when I can").format(line=glossary.favour_track(tr, favour))
        )
    if not (productions or castle or favour) and provost == "ask":
        lines.append(tr.gettext("• none: you are asked every time"))
    if queue:
        entries = " · ".join(f"{i}. {place_words(tr, game, c)}" for i, c in enumerate(queue, 1))
        lines.append(tr.gettext("**Your placement queue:** {entries}").format(entries=entries))
    else:
        lines.append(tr.gettext("**Your placement queue:** empty ({queue}…)").format(queue=slash(tr, "queue", "add")))
    if declared:
        target = provost_words(tr, declared)
        if game is not None and Code.parse(declared.partition("@")[0]).kind == CodeKind.ROAD:  # where the provost is: a target out of reach is seen at once
            now = game.state.provost
            if abs(Code.parse(declared.partition("@")[0]).space - now) > MAX_PROVOST_MOVE:
                target = tr.gettext(
                    "{target} (the provost is on road {space} now: more than 3 spaces away, so you are asked "
                    "unless it is moved closer first)"
                ).format(target=target, space=now)
            else:
                target = tr.gettext("{target} (the provost is on road {space} now)").format(target=target, space=now)
        lines.append(tr.gettext("**Your provost move, declared:** {target}").format(target=target))
    return "\n".join(lines)


def plan_line(tr: Translation, places: int, invited: bool) -> str:
    """The orders view's line about the round plan (bot/ui/plan.py has its own view)."""
    text = tr.ngettext(
        "**Your round plan:** {n} place (**Plan…**, {plan})", "**Your round plan:** {n} places (**Plan…**, {plan})", places
    ).format(n=places, plan=slash(tr, "plan"))
    more = tr.gettext("invited to plan at each round's start") if invited else tr.gettext("not invited to plan")
    return f"{text} · {more}"


def off_label(tr: Translation, key: str) -> str:
    """The button that switches one order off."""
    if key == "provost":
        return tr.gettext("Provost: ask me again")
    if key == "castle":
        return tr.gettext("Castle: ask me")
    if key == "favour":
        return tr.gettext("Favours: ask me")
    if key == "queue":
        return tr(CLEAR_QUEUE)
    if key == "declared":
        return tr.gettext("Cancel the declared provost move")
    if key.startswith("p."):
        return tr.gettext("{building}: ask me").format(building=glossary.building(tr, TILES[key[2:]].name))
    return key


def always_label(tr: Translation, kind: str, value: str) -> str:
    """An "always do this" button of the current decision."""
    if kind == "provost":
        return tr(ALWAYS_PROVOST[value])
    if kind == "guild":
        return tr(ALWAYS_GUILD)
    if kind == "castle":
        return tr.gettext("Always deliver every batch I can")
    if kind == "favour":
        return tr.gettext("Always take the {line} line").format(line=glossary.favour_track(tr, value))
    tile, _, code = value.partition(".")
    return tr.gettext("Always: {production}").format(production=production_choice_label(tile, code, tr))


def always_text(tr: Translation, prompt: str) -> str:
    return tr.gettext("Make it a standing order? ({prompt})").format(prompt=plain(prompt))


def queued_note(moves: Sequence[tuple[str, str, str]], tr: Speech = ENGLISH) -> str:
    """The channel's line for moves played from a plan (or an older queue) or a declaration:
    (source, player, label),
    in the table's language `tr`."""
    parts = []
    for source, player, label in moves:
        if source == "queue":
            text = tr.gettext("{player}: {choice} (planned)")
        elif source == "declared":
            text = tr.gettext("{player}: {choice} (declared ahead)")
        else:
            text = tr.gettext("{player}: {choice} (standing order)")
        parts.append(text.format(player=name(player), choice=plain(label)))
    return "📋 " + "; ".join(parts) + "."


def cube_word(ch: str) -> str:
    return CUBE_NAMES[CUBES.index(ch)]
