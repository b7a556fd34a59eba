"""The texts of the round plan (bot/ui/plan.py): its private view (only its player sees it), its
buttons and selects, the invitations on the turn message, the one line that names plan, queue
and orders (help, a new player's first turn message), and the commands' descriptions."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Translation
from bot.i18n import words as glossary
from bot.i18n.commands import slash

from . import choice_words
from .orders import place_words
from .pieces import mention, name, plain

COMMAND = "Plan your round: places, best first, without pings"
OPTIONS = {
    "add": "Places, best first (\"carpenter, castle<=2\")",
    "passing": "When it passes",
    "at": "An answer ahead at a building",
    "clear": "Drop the plan",
}
PASS_CHOICES = {  # `passing:`'s autocomplete (choices would weigh on Discord's size of /caylus)
    "ask": 0,
    "pass": 0,
    "after": (1, 2, 3, 4, 5),
    "over": (1, 2, 3, 4),
    "keep": (1, 2, 3, 4, 5, 6),
}

PLAN_BUTTON = N_("Plan…")
CLEAR_PLAN = N_("Clear the plan")
ADD_PLACE = N_("Add a place to your plan")
PICK_RULE = N_("When does your plan pass?")
PICK_ANSWER = N_("Answer ahead at a building of your plan")
NO_PLAN_NOW = N_("A plan is for the placements of this round: it can be set from the start of a round to the end of phase 2 (answers at your buildings until phase 5).")
# Refusals with fields (bot/games Refusal(msgid, **fields): translated when shown)
BAD_RULE = N_("“{text}” is not a pass rule: pick one in the list as you type.")
BAD_ANSWER = N_("“{text}” is not an answer to give ahead: pick one in the list as you type.")
CASTLE_BUTTONS = {  # this round's castle answer (the plan's private view): value -> label
    "on": N_("Castle this round: deliver"),
    "off": N_("Castle this round: ask me"),
    "order": N_("Castle: as my orders"),
}
PROVOST_STAY = N_("Provost this round: never move it")  # declared ahead, in the plan's view
PROVOST_ORDER = N_("Provost: as my orders")
OLD_ROUND = N_("That button was for round {round}; this is round {now}. Your plan:")

# one line naming plan, queue and orders: /caylus help and a new player's first turn message
HOW_TO_PLAN = N_(
    "Fewer pings: **Plan…** or {plan} places your workers ahead, best first; "
    "{queue} adds to it; {orders} · {declare} answer ahead (provost, productions, castle)."
)


def how_to_plan(tr: Translation) -> str:
    """HOW_TO_PLAN with the commands as the reader's Discord names them."""
    return tr(HOW_TO_PLAN).format(
        plan=slash(tr, "plan"), queue=slash(tr, "queue"), orders=slash(tr, "orders"), declare=slash(tr, "declare")
    )

STATE_WORDS = {
    "next": N_("next, {cost}"),
    "then": N_("then, {cost}"),
    "taken": N_("taken by {player}"),
    "mine": N_("your worker is there"),
    "full": N_("full"),
    "over_cap": N_("costs {cost} now, over your cap"),
    "keep": N_("costs {cost}: you would keep fewer deniers than your pass rule says"),
    "unpaid": N_("costs {cost}: you cannot pay it"),
    "closed": N_("no building a worker may use"),
}


def rule_words(tr: Translation, kind: str, n: int) -> str:
    """A pass rule as its player reads it."""
    if kind == "pass":
        return tr.gettext("when nothing fits, pass")
    if kind == "after":
        return tr.ngettext("pass after {n} worker", "pass after {n} workers", n).format(n=n)
    if kind == "over":
        return tr.ngettext(
            "pass when the next place costs more than {n} denier", "pass when the next place costs more than {n} deniers", n
        ).format(n=n)
    if kind == "keep":
        return tr.ngettext("keep at least {n} denier", "keep at least {n} deniers", n).format(n=n)
    return tr.gettext("when nothing fits, ask me")


def entry_words(tr: Translation, game: object, place: str, cap: int | None) -> str:
    head = place_words(tr, game, place)  # type: ignore[arg-type]
    if cap is None:
        return head
    return tr.ngettext("{place} (at most {n} denier)", "{place} (at most {n} deniers)", cap).format(place=head, n=cap)


def entry_state(tr: Translation, state: str, cost: int, by: str) -> str:
    return tr(STATE_WORDS[state]).format(cost=choice_words.cost(tr, cost), player=name(by))


def castle_line(tr: Translation, planned: bool | None, standing: bool) -> str:
    """The plan's castle answer for this round, as its player reads it."""
    if planned is None:
        deliver = tr.gettext("deliver every batch you can") if standing else tr.gettext("ask you")
        return tr.gettext("**Castle this round:** as your standing orders ({what})").format(what=deliver)
    if planned:
        return tr.gettext("**Castle this round:** deliver every batch you can")
    return tr.gettext("**Castle this round:** ask you")


def plan_text(
    tr: Translation,
    round_: int,
    lines: Sequence[tuple[str, str]],
    nxt: str,
    then: Sequence[str],
    rule: str,
    answers: Sequence[str],
    provost: str,
    phase_over: bool,
) -> str:
    """The private view of one player's plan: `lines` (entry, its state now), what it places next
    (`nxt`, "" for nothing), the entries after it, the pass rule, the answers ahead, the provost."""
    out = [tr.gettext("**Your plan for round {round}** (only you see it; it places for you without a ping)").format(round=round_)]
    if phase_over:
        out.append(tr.gettext("Phase 2 is over: the places below are used again next round only if you plan them again."))
    elif nxt:
        text = tr.gettext("Next: {place}").format(place=nxt)
        if then:
            text += "; " + tr.gettext("then: {places}").format(places=", ".join(then))
        out.append(text)
    elif lines:
        out.append(tr.gettext("Nothing in it fits now: {rule}.").format(rule=rule))
    for i, (entry, state) in enumerate(lines, 1):
        out.append(f"{i}. {entry} — {state}")
    if not lines:
        out.append(
            tr.gettext("No places yet: add them below or with {add}.").format(
                add=slash(tr, "plan", "add", f"{glossary.building(tr, 'Carpenter').casefold()}, castle")
            )
        )
    out.append(tr.gettext("**Passing:** {rule}").format(rule=rule))
    if answers:
        out.append(tr.gettext("**Answers ahead:** {answers}").format(answers="; ".join(answers)))
    if provost:
        out.append(tr.gettext("**Provost this round:** {provost}").format(provost=provost))
    return "\n".join(out)


def invite_line(tr: Translation, kind: str, users: Sequence[int]) -> str:
    """The turn message's line calling several people at once (`kind`: plan, provost)."""
    who = ", ".join(mention(u) for u in users)
    if kind == "provost":
        return tr.gettext("📣 {players}: declare your provost move now (**Plan…**), and phase 4 does not wait for you.").format(players=who)
    return tr.gettext("📣 {players}: plan your round now (**Plan…**): your placements are then made without a ping.").format(players=who)


def then_label(tr: Translation, player: str, place: str) -> str:
    """A "then:" button on the turn message, for the player who just placed: their next entry."""
    return tr.gettext("{player}, then: {place}").format(player=plain(player), place=place)
