"""The chooser: one function turns any pending `Decision` into buttons and selects.

Every decision kind of the rules core (docs/notation.md) goes through `layout`:

- the provost (phase 4 and the Merchants' guild): three rows of buttons, back / stay / forward;
- placements (phase 2, the Gate): one layout through the round, whatever the number of places
  left: selects grouped special buildings and the castle / road 1–14 / road 15–28 (each option
  with its cost and what it does), Pass (or Take the worker home) as a button;
- up to 5 choices (or up to 10 short ones): buttons, "do nothing" choices last and grey;
- otherwise one select with the choices (cost and effect in each option's description) and the
  "do nothing" choices (Pass, Do nothing, Done, Take the worker home …) as buttons below;
- more than 25 choices: several selects, grouped — special buildings and the castle / road 1–14 /
  road 15–28 for placements, the Gate and the Lawyer; runs of 25 otherwise.

A chooser shows only legal choices (the decision's own list) and fits Discord's limits: at most
5 rows, 5 buttons a row, 25 options a select, labels of 80 (buttons) and 100 (options).

The same layout goes on the turn message itself (`turn_view`), with a row of tools below it
(More…, Board, Undo) when it leaves room for them; otherwise the turn message shows only
Choose… and Board, and the choices are in the private chooser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.games.orders import SeatOrders
from bot.i18n import Translation
from bot.rules import Choice, Code, Decision, Game, kind_facts

from . import choice_labels, texts
from .components import BoardButton, ChoiceButton, ChoiceSelect, OpenButton, UndoButton, static_view
from .orders import chooser_items as orders_items
from .plan import plan_button

MAX_ROWS = 5
ROW_WIDTH = 5
MAX_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100
SHORT_LABEL = 25


@dataclass(frozen=True, slots=True)
class Group:
    """The choices of one select; `title` is an English msgid of the catalogue (with `low` and
    `high` for the numbered ones), translated when shown."""

    title: str
    choices: tuple[Choice, ...]
    low: int = 0
    high: int = 0

    def text(self, tr: Translation) -> str:
        return texts.select_title(tr, self.title).format(low=self.low, high=self.high)


@dataclass(frozen=True, slots=True)
class Layout:
    selects: tuple[Group, ...]
    button_rows: tuple[tuple[Choice, ...], ...]

    @property
    def rows(self) -> int:
        return len(self.selects) + len(self.button_rows)


def _road_space(code: str) -> int:
    return Code.parse(code).space


def _provost_rows(choices: list[Choice]) -> tuple[tuple[Choice, ...], ...]:
    steps = {c.code: Code.parse(c.code).steps for c in choices}
    back = sorted((c for c in choices if steps[c.code] < 0), key=lambda c: steps[c.code])
    stay = [c for c in choices if c.code == Code.provost(0).text]
    forward = sorted((c for c in choices if steps[c.code] > 0), key=lambda c: steps[c.code])
    return tuple(tuple(row) for row in (back, stay, forward) if row)


def _rows_of(choices: list[Choice]) -> tuple[tuple[Choice, ...], ...]:
    return tuple(tuple(choices[i : i + ROW_WIDTH]) for i in range(0, len(choices), ROW_WIDTH))


def _chunks(title: str, choices: list[Choice]) -> list[Group]:
    if len(choices) <= MAX_OPTIONS:
        return [Group(title, tuple(choices))] if choices else []
    out = []
    for i in range(0, len(choices), MAX_OPTIONS):
        part = choices[i : i + MAX_OPTIONS]
        out.append(Group(texts.GROUP_PART.msgid, tuple(part), i + 1, i + len(part)))
    return out


def _groups(kind: str, choices: list[Choice]) -> list[Group]:
    title = kind_facts(kind).title or texts.GROUP_ANY.msgid
    if len(choices) <= MAX_OPTIONS and kind_facts(kind).group != "place":
        return _chunks(title, choices)
    spaces = [(c, _road_space(c.code)) for c in choices]
    other = [c for c, space in spaces if not space]
    if len(other) == len(choices):
        return _chunks(title, choices)
    groups = _chunks((texts.GROUP_SPECIALS if kind_facts(kind).group == "place" else texts.GROUP_ANY).msgid, other)
    for low, high in ((1, 14), (15, 28)):
        part = [c for c, space in spaces if low <= space <= high]
        groups += [replace(g, low=low, high=high) for g in _chunks(texts.GROUP_ROAD.msgid, part)]
    return groups


def layout(decision: Decision) -> Layout:
    """Where each legal choice of `decision` goes: selects first, then rows of buttons."""
    choices = list(decision.choices)
    facts = kind_facts(decision.kind)
    if facts.group == "provost" and len(choices) <= 3 * ROW_WIDTH:
        return Layout((), _provost_rows(choices))
    stops = [c for c in choices if c.code in facts.stop_codes]
    others = [c for c in choices if c.code not in facts.stop_codes]
    if facts.group == "place" and others:  # one layout through the round (module docstring)
        return Layout(tuple(_groups(decision.kind, others)), _rows_of(stops))
    if len(choices) <= ROW_WIDTH and all(len(c.label) <= MAX_BUTTON_LABEL for c in choices):
        return Layout((), (tuple(others + stops),))
    if len(choices) <= 2 * ROW_WIDTH and all(len(c.label) <= SHORT_LABEL for c in choices):
        return Layout((), _rows_of(others + stops))
    selects = tuple(_groups(decision.kind, others))
    result = Layout(selects, _rows_of(stops))
    if result.rows > MAX_ROWS:
        raise ValueError(f"{len(choices)} choices of a {decision.kind} decision do not fit")
    return result


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def option(game: Game | None, kind: str, choice: Choice, tr: Translation = choice_labels.ENGLISH) -> discord.SelectOption:
    """A select option: the label's head as the label, its cost (and effect) as description."""
    label = choice_labels.describe(game, kind, choice, tr=tr)  # what the choice does (bot/ui/choice_labels.py)
    details = list(label.details)
    effect = ""
    if game is not None and kind_facts(kind).group == "place":
        effect = texts.place_effect(tr, game, choice.code)
    elif kind == "build":
        effect = texts.build_effect(tr, choice.code)
    description = _description(details, effect) or None
    return discord.SelectOption(
        label=label.fitted_head(MAX_OPTION_TEXT),
        value=choice.code,
        description=description,
    )


def _description(details: list[str], effect: str) -> str:
    """An option's description: its cost and warnings whole, then what the place does (cut
    there if it must be: issue 26, a price or a warning is never what is cut)."""
    text = choice_labels.SEP.join(details)
    if not effect:
        return _cut(text, MAX_OPTION_TEXT)
    if not text:
        return _cut(effect, MAX_OPTION_TEXT)
    room = MAX_OPTION_TEXT - len(text) - len(choice_labels.SEP)
    return text + choice_labels.SEP + _cut(effect, room) if room >= 8 else _cut(text, MAX_OPTION_TEXT)


def chooser_view(
    table_id: int,
    decision: Decision | None,
    game: Game | None = None,
    *,
    undo_seq: int | None = None,
    board: bool = True,
    tr: Translation = choice_labels.ENGLISH,
    orders: SeatOrders | None = None,
) -> discord.ui.View:
    """The components answering `decision` (custom_ids carry the table and the decision); with
    `undo_seq`, an Undo button too, and (`board`) the Board button, on a free row or the last
    row of buttons with room (left out if there is none). `orders`: the decider's standing
    orders (Always… offers only what they do not hold yet)."""
    items: list[discord.ui.Item[Any]] = []
    row = 0
    if decision is not None:
        row = _choice_items(items, table_id, decision, game, tr)
    extras: list[discord.ui.Item[Any]] = []
    if undo_seq is not None:
        extras.append(UndoButton(table_id, undo_seq, label=tr(texts.UNDO_BUTTON)))
    if board and game is not None:
        extras.append(BoardButton(table_id, label=tr(texts.BOARD_BUTTON)))
    if decision is not None and decision.kind == "place":  # one's round plan (bot/ui/plan.py)
        extras.append(plan_button(table_id, tr=tr))
    elif decision is not None:  # Always… or Orders… (bot/ui/orders.py)
        extras.extend(orders_items(table_id, decision, game, 0, tr, orders))
    at = _extras_row(decision, row, len(extras))
    if at is None and len(extras) > 1:  # no room for both: Undo before Board
        extras = extras[:1]
        at = _extras_row(decision, row, 1)
    if at is not None:
        for item in extras:
            item.row = at
            items.append(item)
    return static_view(*items)


def _extras_row(decision: Decision | None, rows: int, count: int) -> int | None:
    """The row where `count` more buttons go after a decision's `rows` rows: a new row, else the
    last row of buttons if it has room; None: nowhere."""
    if count == 0:
        return None
    if rows < MAX_ROWS:
        return rows
    button_rows = layout(decision).button_rows if decision is not None else ()
    if button_rows and len(button_rows[-1]) + count <= ROW_WIDTH:
        return rows - 1
    return None


def turn_view(
    table_id: int,
    number: int,
    decision: Decision,
    game: Game | None,
    *,
    undo_seq: int | None = None,
    then: Sequence[discord.ui.Item[Any]] = (),
    tr: Translation = choice_labels.ENGLISH,
) -> tuple[discord.ui.View, bool]:
    """The turn message's components, and whether they hold the decision's choices: the choices
    when they fit with the tools (More…, the private chooser; Board; Undo for the person who just
    chose; Plan… at a placement, for everyone's own plan) on a row of their own or beside the
    last row of buttons, otherwise only the tools (Choose… opens the private chooser). `then`:
    the "then:" buttons of the person who just placed (bot/ui/plan.py), on a row of their own
    when there is one left."""
    items: list[discord.ui.Item[Any]] = []
    tools = 2 + (undo_seq is not None) + (decision.kind == "place")
    shape = layout(decision)
    rows = shape.rows
    at = _extras_row(decision, rows, tools)
    if then and shape.button_rows and len(shape.button_rows[-1]) + tools <= ROW_WIDTH:
        at = rows - 1  # beside Pass: a row left for "then:"
    here = at is not None
    if here:
        _choice_items(items, table_id, decision, game, tr, shape)
    row = at if at is not None else 0
    label, style = (
        (texts.MORE_BUTTON, discord.ButtonStyle.secondary) if here else (texts.CHOOSE_BUTTON, discord.ButtonStyle.primary)
    )
    items.append(OpenButton(table_id, number, label=tr(label), style=style, row=row))
    items.append(BoardButton(table_id, label=tr(texts.BOARD_BUTTON), row=row))
    if undo_seq is not None:
        items.append(UndoButton(table_id, undo_seq, label=tr(texts.UNDO_BUTTON), row=row))
    if decision.kind == "place":  # for everyone: their own round plan
        items.append(plan_button(table_id, row=row, tr=tr))
    used = max(rows if here else 0, row + 1)
    if then and used < MAX_ROWS:
        for item in then[:ROW_WIDTH]:
            item.row = used
            items.append(item)
    return static_view(*items), here


def _choice_items(
    items: list[discord.ui.Item[Any]], table_id: int, decision: Decision, game: Game | None, tr: Translation,
    plan: Layout | None = None,
) -> int:
    """Add the selects and buttons of `decision` (laid out as `plan`, if given) to `items`;
    return the number of rows used."""
    plan = plan or layout(decision)
    row = 0
    for number, group in enumerate(plan.selects):
        options = [option(game, decision.kind, c, tr) for c in group.choices]
        title = _cut(group.text(tr), MAX_OPTION_TEXT)
        items.append(
            ChoiceSelect(table_id, decision.seq, number, placeholder=title, options=options, row=row)
        )
        row += 1
    for button_row in plan.button_rows:
        for choice in button_row:
            style = (
                discord.ButtonStyle.secondary
                if choice.code in kind_facts(decision.kind).stop_codes
                else discord.ButtonStyle.primary
            )
            items.append(
                ChoiceButton(
                    table_id,
                    decision.seq,
                    choice.code,
                    label=_cut(_button_text(game, decision, choice, tr), MAX_BUTTON_LABEL),
                    style=style,
                    row=row,
                )
            )
        row += 1
    return row


def _button_text(game: Game | None, decision: Decision, choice: Choice, tr: Translation) -> str:
    """A button's text: the choice's label, and what it does where that matters (the provost,
    placements: bot/ui/choice_labels.py), in `tr`'s words."""
    text = choice.label
    rebuilt = game is not None and kind_facts(decision.kind).group in ("provost", "place")
    if tr is not choice_labels.ENGLISH or rebuilt or len(text) > MAX_BUTTON_LABEL:
        text = choice_labels.describe(game, decision.kind, choice, decision.player, tr).line(MAX_BUTTON_LABEL)
    return text[:1].upper() + text[1:]

