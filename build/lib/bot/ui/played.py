"""What standing orders, a queue or a declaration played, and what an undo took back, in the
words of whoever reads it: the rules' labels are English, so each choice is said again from the
game as it stood when it was made (`AppliedMove.before`), as the channel says it (the place or
the provost's move and its cost; not the chooser's "yours" nor its warnings)."""

from __future__ import annotations

import logging

from bot.games import ActResult, AppliedMove
from bot.games import orders as o
from bot.i18n import Translation, translator
from bot.rules import Choice, Decision, Game, IllegalChoice, kind_facts

from . import choice_labels
from .texts import choice_words
from .texts import orders as words

ENGLISH = translator("en")
MAX_NOTE_LABEL = 120

log = logging.getLogger(__name__)


def played_note(result: ActResult | None, *, standing: bool = False, tr: Translation = ENGLISH) -> str:
    """The line saying which moves a queue or a declaration played (with `standing`, also
    those of standing orders: the player's own reply), in `tr`'s words; "" when there were none."""
    if result is None or not result.moves:
        return ""
    sources = (o.QUEUE, o.DECLARED, o.ORDER) if standing else (o.QUEUE, o.DECLARED)
    mine = [m for m in result.moves if m.actor in sources]
    return words.queued_note([(m.actor, m.name, move_words(m, tr)) for m in mine], tr) if mine else ""


def move_words(move: AppliedMove, tr: Translation = ENGLISH) -> str:
    """A move as its player read the choice, in `tr`'s words (the rules' label is English): the
    chooser's label rebuilt from the game as it was; a castle batch a standing order delivered
    (`FWS`, not one of the chooser's whole deliveries) as its cubes."""
    game = move.before
    decision = game.decision if game is not None else None
    if game is None or decision is None:
        return move.label
    choice = next((c for c in decision.choices if c.code == move.code), None)
    if choice is None:
        if decision.kind == "castle" and move.code.isalpha() and set(move.code) <= set("FWSCG"):
            return words.cubes_words(tr, move.code)
        return move.label
    if tr is ENGLISH:
        return move.label
    return _said(game, decision, choice, move.seat, tr)


def missed_words(result: ActResult, tr: Translation = ENGLISH) -> str:
    """The choice the game made at an absent player's deadline (`result.missed`), in `tr`'s
    words: its move is the first of the result's (`Timers` applies it before anything follows)."""
    missed = result.missed
    assert missed is not None
    move = result.moves[0] if result.moves else None
    if move is None or move.name != missed.name or move.label != missed.label:
        return missed.label
    return move_words(move, tr)


def undone_words(result: ActResult, tr: Translation = ENGLISH) -> tuple[str, list[tuple[str, str]]]:
    """The choices an undo took back as their players read them, in `tr`'s words: the person's
    own, and (player, choice) of those played at once after it (`result.undone_with`). The game
    after the undo stands where the person chose: each label is rebuilt from it, replaying the
    moves taken back in order; where the game has moved on since, or a move taken back is not
    listed, the rules' English labels stay."""
    undone = result.undone
    assert undone is not None
    own = undone.label
    followers = [(m.name, m.label) for m in result.undone_with]
    game = result.table.game
    if tr is ENGLISH or game is None or len(game.state.history) != undone.history_index:
        return own, followers
    game = game.clone(quiet=True)
    own = _label_now(game, undone.code, undone.seat, tr) or own
    try:
        game.apply(undone.code)
        for i, m in enumerate(result.undone_with):
            if len(game.state.history) != m.history_index:
                break  # a move of the person's own seat in between (not listed): English from here
            followers[i] = (m.name, _label_now(game, m.code, m.seat, tr) or m.label)
            game.apply(m.code)
    except IllegalChoice:  # a replay that does not fit: the English labels of the rest
        log.warning("table %d: the moves an undo took back did not replay", result.table.id, exc_info=True)
    return own, followers


def _label_now(game: Game, code: str, seat: int, tr: Translation) -> str:
    decision = game.decision
    choice = next((c for c in decision.choices if c.code == code), None) if decision is not None else None
    if decision is None or choice is None:
        return ""
    return _said(game, decision, choice, seat, tr)


def _said(game: Game, decision: Decision, choice: Choice, seat: int, tr: Translation) -> str:
    """A choice as the channel says it in `tr`'s words, as the rules' English label says it: the
    place or the provost's move and its cost (not the chooser's "yours" nor the warnings it gives
    its player)."""
    group = kind_facts(decision.kind).group
    head, _, cost = choice.label.partition(" — ")
    if group == "place" and choice.code != "pass":
        head = words.place_words(tr, game, choice.code)
    elif group == "provost":
        head = choice_words.phrase(tr, head)  # "1 back to road 5", "Do not move it", as in English
    else:
        head = choice_labels.describe(game, decision.kind, choice, seat, tr).head
    text = f"{head} · {choice_words.amounts(tr, cost)}" if cost else head
    return text if len(text) <= MAX_NOTE_LABEL else text[: MAX_NOTE_LABEL - 1] + "…"
