"""The words of choice labels: what a choice does (bot/ui/labels.py computes it) and how a typed
choice is refused. Every function takes the reader's `tr` first (bot/i18n)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Translation
from bot.i18n import words as glossary
from bot.rules import PHASE_NAMES, Game

from .common import clip, plain, where_in_game

__all__ = ["where_in_game"]  # the labels' words use it too

YOUR_WORKER = N_("your worker")


def place_head(tr: Translation, place: str, owner: str | None, mine: bool) -> str:
    """`Carpenter`, `Carpenter, yours`, `Carpenter, Bob's` (`place` already translated)."""
    if mine:
        return tr.gettext("{place}, yours").format(place=place)
    if owner is not None:
        return tr.gettext("{place}, {owner}'s").format(place=place, owner=owner)
    return place


def pass_label(tr: Translation, first: bool) -> str:
    """The Pass choice of phase 2 (§2 phase 2: the first to pass gets 1 denier)."""
    return tr.gettext("Pass (first to pass: +1 denier)") if first else tr.pgettext("choice", "Pass")


# The labels the rules word the same every time (bot/rules `label`), translated by their English.
FIXED = {
    w.msgid: w
    for w in (
        N_("Do nothing"),
        N_("Done"),
        N_("Do not move it"),
        N_("Take the worker home"),
        N_("Build nothing"),
        N_("Nothing"),
        N_("Stop building"),
        N_("Give 1 cube, take 2 cubes"),
        N_("A wood building, paying 1 wood less"),
        N_("A stone building, paying 1 stone less"),
        N_("A residence (Lawyer effect) for 1 cloth"),
        N_("A prestige building at full cost"),
    )
}


def fixed_label(tr: Translation, label: str) -> str | None:
    """A fixed label of the rules in `tr`'s words, or None (not one)."""
    entry = FIXED.get(label)
    return tr(entry) if entry is not None else None


def on_road(tr: Translation, place: str, space: int) -> str:
    """`Carpenter (road 8)` (`place` already translated)."""
    return tr.gettext("{place} (road {space})").format(place=place, space=space)


def build_nothing(tr: Translation, penalty: int) -> str:
    """The castle's Build nothing with what it costs (§2 phase 6: 2 PP, or what is left)."""
    if not penalty:
        return tr.gettext("Build nothing (no loss)")
    return tr.gettext("Build nothing (−{pp})").format(pp=glossary.count(tr, "PP", penalty))


def cost(tr: Translation, deniers: int) -> str:
    return glossary.count(tr, "denier", deniers)


def worker_at(tr: Translation, who: str, building: str, space: int) -> str:
    """`Bob at the Carpenter (r8)` (`building` untranslated: a Tile.name)."""
    return tr.gettext("{who} at the {building} (r{space})").format(
        who=who, building=glossary.building(tr, building), space=space
    )


def provost_move(tr: Translation, sign: str, steps: int, space: int, cuts: bool, workers: Sequence[str]) -> str:
    """`−2 → r6: cuts Bob at the Carpenter (r8)`; `+1 → r9: saves nobody`."""
    listed = ", ".join(workers)
    if cuts:
        what = tr.gettext("cuts {workers}").format(workers=listed) if workers else tr.gettext("cuts nobody")
    else:
        what = tr.gettext("saves {workers}").format(workers=listed) if workers else tr.gettext("saves nobody")
    return f"{sign}{steps} → r{space}: {what}"


def provost_stay(tr: Translation, space: int, cut: Sequence[str]) -> str:
    """`0: stays on r8 (Bob at the Farm (r10) stays cut)`."""
    if cut:
        return tr.gettext("0: stays on r{space} ({workers} stay cut)").format(space=space, workers=", ".join(cut))
    return tr.gettext("0: stays on r{space}").format(space=space)


# Newcomer traps, flagged in the choice itself (the player's means now; later phases may change them).
NO_BATCH = N_("⚠ no batch with your cubes now (building nothing costs 2 PP)")
NOTHING_TO_SELL = N_("⚠ you have no cube to sell now")
CANNOT_BUY = N_("⚠ too few deniers to buy a cube now")
NO_TRADE = N_("⚠ you cannot pay for any trade now")
NO_JOUST = N_("⚠ needs 1 denier + 1 cloth")


def no_build(tr: Translation, category: str) -> str:
    return tr.gettext("⚠ you cannot pay for any {kind} now").format(kind=glossary.kind(tr, category))


def unknown_choice(tr: Translation, typed: str, pairs: Sequence[str]) -> str:
    """A typed choice that matches none: the choices as `r8 Carpenter` pairs."""
    return clip(
        tr.gettext("“{typed}” is none of your choices now. You can choose: {choices}.").format(
            typed=plain(clip(typed, 40)), choices=", ".join(pairs)
        )
    )


def ambiguous_choice(tr: Translation, typed: str, pairs: Sequence[str]) -> str:
    return clip(
        tr.gettext(
            "“{typed}” matches several choices: {choices}. Add the road space (for example “peddler r7”)."
        ).format(typed=plain(clip(typed, 40)), choices=", ".join(pairs))
    )


def wanted(tr: Translation, group: str) -> str:
    """When a command of `group` can be used."""
    if group == "place":
        return tr.gettext("phase 2 ({phase}) and the Gate").format(
            phase=glossary.phase(tr, PHASE_NAMES[2]).lower()
        )
    return tr.gettext("phase 4 ({phase}) and the Merchants' guild").format(
        phase=glossary.phase(tr, PHASE_NAMES[4]).lower()
    )


def other_phase(tr: Translation, command: str, group: str, game: Game, prompt: str) -> str:
    """`/caylus place` is for phase 2; now it is …"""
    return clip(
        tr.gettext("`/caylus {command}` is for {wanted}; now it is **{now}**: {prompt}").format(
            command=command, wanted=wanted(tr, group), now=round_phase(tr, game), prompt=plain(prompt)
        )
    )


def round_phase(tr: Translation, game: Game) -> str:
    """`Round 3 · The provost's move`, in `tr`'s words."""
    phase = game.state.phase
    name = glossary.phase(tr, PHASE_NAMES[phase]) if phase in PHASE_NAMES else tr.gettext("Game over")
    return tr.gettext("Round {round} · {phase}").format(round=game.state.round, phase=name)
