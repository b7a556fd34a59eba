"""The words of choice labels: what a choice does (bot/ui/labels.py computes it) and how a typed
choice is refused."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules import PHASE_NAMES

from .common import clip, plain, where_in_game

__all__ = ["where_in_game"]  # the labels' words use it too

YOURS = "yours"
YOUR_WORKER = "your worker"
NOBODY_CUT = "cuts nobody"
NOBODY_SAVED = "saves nobody"
STAY = "stays on r{space}"


def worker_at(who: str, building: str, space: int) -> str:
    """`Bob at the Carpenter (r8)`."""
    return f"{who} at the {building} (r{space})"


def provost_move(sign: str, steps: int, space: int, verb: str, workers: Sequence[str]) -> str:
    """`−2 → r6: cuts Bob at the Carpenter (r8)`; `+1 → r9: saves nobody`."""
    what = f"{verb} {', '.join(workers)}" if workers else (NOBODY_CUT if verb == "cuts" else NOBODY_SAVED)
    return f"{sign}{steps} → r{space}: {what}"


def provost_stay(space: int, cut: Sequence[str]) -> str:
    """`0: stays on r8 (Bob at the Farm (r10) stays cut)`."""
    head = f"0: {STAY.format(space=space)}"
    return f"{head} ({', '.join(cut)} stay cut)" if cut else head


# Newcomer traps, flagged in the choice itself (the player's means now; later phases may change them).
NO_BATCH = "⚠ no batch with your cubes now (building nothing costs 2 PP)"
NOTHING_TO_SELL = "⚠ you have no cube to sell now"
CANNOT_BUY = "⚠ too few deniers to buy a cube now"
NO_TRADE = "⚠ you cannot pay for any trade now"
NO_JOUST = "⚠ needs 1 denier + 1 cloth"


def no_build(category: str) -> str:
    return f"⚠ you cannot pay for any {category} building now"


def unknown_choice(typed: str, pairs: Sequence[str]) -> str:
    """A typed choice that matches none: the choices as `r8 Carpenter` pairs."""
    return clip(f"“{plain(clip(typed, 40))}” is none of your choices now. You can choose: " + ", ".join(pairs) + ".")


def ambiguous_choice(typed: str, pairs: Sequence[str]) -> str:
    return clip(
        f"“{plain(clip(typed, 40))}” matches several choices: " + ", ".join(pairs)
        + ". Add the road space (for example “peddler r7”)."
    )


WANTED = {
    "place": f"phase 2 ({PHASE_NAMES[2].lower()}) and the Gate",
    "provost": f"phase 4 ({PHASE_NAMES[4].lower()}) and the Merchants' guild",
}


def other_phase(command: str, wanted: str, now: str, prompt: str) -> str:
    """`/caylus place` is for phase 2; now it is …"""
    return clip(f"`/caylus {command}` is for {wanted}; now it is **{now}**: {plain(prompt)}")
