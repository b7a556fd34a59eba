"""The round plan on Discord (issue 22): `/caylus plan`, its private view, the **Plan…** button,
the "then:" buttons on the turn message, and **Use a regular's orders**.

The plan itself, and what it plays, are `bot.games.plans` and `bot.games.orders`; who is invited
to plan is `bot.games.invites`. Everything here is answered privately: nobody else sees a
player's plan. A change that answers the pending decision at once (a plan set on one's own turn)
is played and posted like any move (`bot.ui.orders.change`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.games import Refusal, Table
from bot.games import orders as o
from bot.games.ai import ranked_choices
from bot.games.invites import as_if, regular_orders, with_first_plan
from bot.games.planning import (
    add_places,
    clear_plan,
    pass_next,
    plan_of,
    planned,
    set_answer,
    set_castle,
    set_rule,
)
from bot.games.plans import preview
from bot.i18n import Translation, translator
from bot.rules import ROAD_LEN, Choice, Code, Game, use_now

from . import choice_labels, ids, replies
from .components import static_view
from .host import Host, host
from .lang import post_tr, reply_tr
from .orders import BadOrder, change, may_declare, own_orders, parse_places, queue_candidates
from .orders import show as orders_show
from .texts import choice_words
from .texts import orders as order_words
from .texts import plan as words
from .texts.pieces import plain

ENGLISH = translator("en")
Interaction = discord.Interaction[Any]
THEN_PLACES = 2  # "then: [A] [B] [pass]"
JOUST_FAVOUR = "Pay 1 denier + 1 cloth: royal favour"  # the rules' label of the Joust field's choice
MAX_OPTIONS = 25


# ----- what a plan may hold now -----------------------------------------------------------------


def planning_phase(game: Game | None, *, answers: bool = False) -> bool:
    """Places and the pass rule are planned up to the end of phase 2; answers ahead at the
    buildings up to phase 5, where they are used (§2)."""
    return game is not None and not game.over and game.state.phase <= (5 if answers else 2)


def castle_phase(game: Game | None) -> bool:
    """This round's castle answer may be given until the castle is built (§2 phase 6)."""
    return game is not None and not game.over and game.state.phase <= 6


def provost_phase(game: Game) -> bool:
    """This round's provost may be declared from the plan's view before phase 4 (§2 phase 4; in
    phase 4 a "stay" holds only where the provost stands: `/caylus declare`, the invitation)."""
    return not game.over and game.state.phase in (2, 3)


def castle_value(deliver: bool | None) -> str:
    return "order" if deliver is None else "on" if deliver else "off"


def answer_options(
    game: Game, seat: int, orders: o.SeatOrders, tr: Translation = ENGLISH, *, everywhere: bool = False
) -> list[tuple[str, str]]:
    """The answers `seat` may give ahead at the road buildings of their plan and those their
    workers stand on (`everywhere`: at every road building, as a typed answer is read): (label,
    value `r8.build.mason`), what each would ask now (`use_now`)."""
    s = game.state
    plan = plan_of(game, orders)
    spaces = {x for x in range(1, ROAD_LEN + 1) if s.road_worker[x] == seat or everywhere}
    spaces |= {c.space for e in plan.entries if (c := Code.parse(e.place)).on_road}
    out = []
    for space in sorted(spaces):
        trial = use_now(game, seat, space)
        d = trial.decision if trial is not None else None
        if trial is None or d is None:
            continue
        place = order_words.place_words(tr, game, f"r{space}")
        for choice in d.choices:
            label = choice_labels.describe(trial, d.kind, choice, seat, tr).line(80)
            out.append((f"{place}: {label}", f"r{space}.{d.kind}.{choice.code}"))
    if s.phase <= 3 and (s.joust == seat or "joust" in plan.places or everywhere):  # the Joust field's favour (§2 phase 3)
        place = order_words.place_words(tr, game, "joust")
        favour = Choice("favour", JOUST_FAVOUR)
        out.append((f"{place}: {choice_labels.describe(None, 'joust', favour, seat, tr).head}", "joust.joust.favour"))
    return out


def read_answer(game: Game, seat: int, orders: o.SeatOrders, text: str, tr: Translation = ENGLISH) -> tuple[str, str, str]:
    """`/caylus plan at:` as sent (an autocomplete value, or a label typed in full) -> (place,
    kind, code); `BadOrder` otherwise."""
    options = answer_options(game, seat, orders, tr, everywhere=True) + answer_options(game, seat, orders, everywhere=True)
    values = {v for _, v in options}
    if text not in values:
        typed = choice_labels.fold(text)
        found = {v for label, v in options if choice_labels.fold(label) == typed}
        if len(found) != 1:
            raise BadOrder(words.BAD_ANSWER.msgid, text=plain(text))
        text = found.pop()
    place, kind, code = text.split(".", 2)
    return place, kind, code


# ----- the private view -------------------------------------------------------------------------------


def view_text(table: Table, seat: int, orders: o.SeatOrders, note: str = "", tr: Translation = ENGLISH) -> str:
    game = table.game
    assert game is not None
    plan = plan_of(game, orders)
    names = table.names
    now = preview(game, plan, seat)
    lines = [
        (words.entry_words(tr, game, e.entry.place, e.entry.cap), words.entry_state(tr, e.state, e.cost, names[e.by] if e.by >= 0 else ""))
        for e in now
    ]
    nxt = next((f"{order_words.place_words(tr, game, e.entry.place)} · {choice_words.cost(tr, e.cost)}" for e in now if e.state == "next"), "")
    then = [order_words.place_words(tr, game, e.entry.place) for e in now if e.state == "then"][:3]
    rule = words.rule_words(tr, plan.passing.kind, plan.passing.n)
    answers = [f"{order_words.place_words(tr, game, p)}: {code}" for p, _, code in plan.answers]
    labelled = {v: label for label, v in answer_options(game, seat, orders, tr)}
    answers = [labelled.get(f"{p}.{k}.{c}", a) for (p, k, c), a in zip(plan.answers, answers, strict=True)]
    provost = order_words.provost_words(tr, orders.declared) if orders.declared else ""
    text = words.plan_text(tr, game.state.round, lines, nxt, then, rule, answers, provost, game.state.phase > 2)
    if castle_phase(game):
        text += "\n" + words.castle_line(tr, plan.castle, orders.castle)
    if orders.queue:  # stored before the round plan: played as it always was
        entries = " · ".join(order_words.place_words(tr, game, c) for c in orders.queue)
        text += "\n" + tr.gettext("**Your older queue** (played first, in order): {entries}").format(entries=entries)
    return f"{note}\n{text}" if note else text


def plan_view(table: Table, seat: int, orders: o.SeatOrders, tr: Translation = ENGLISH) -> discord.ui.View:
    """The private view's components: a select adding a place, one picking the pass rule, one
    giving an answer ahead; Clear the plan, Use a regular's orders, the invitation's switch; this
    round's castle answer (the two it is not) and provost ("never move it" declared, or back to
    the standing order)."""
    game = table.game
    assert game is not None
    items: list[discord.ui.Item[Any]] = []
    row = 0
    if planning_phase(game):
        plan = plan_of(game, orders)
        codes = [c for c in queue_candidates(game) if c not in plan.places][:MAX_OPTIONS]
        if codes:
            options = [discord.SelectOption(label=order_words.place_words(tr, game, c)[:100], value=c) for c in codes]
            items.append(PlanSelect(table.id, "add", placeholder=tr(words.ADD_PLACE), options=options, row=row))
            row += 1
        now = f"{plan.passing.kind}.{plan.passing.n}"
        options = [
            discord.SelectOption(label=label[:100], value=v, default=v == now) for label, v in rule_options(tr)
        ][:MAX_OPTIONS]
        items.append(PlanSelect(table.id, "rule", placeholder=tr(words.PICK_RULE), options=options, row=row))
        row += 1
    if planning_phase(game, answers=True):
        answers = answer_options(game, seat, orders, tr)[:MAX_OPTIONS]
        if answers:
            options = [discord.SelectOption(label=label[:100], value=value[:100]) for label, value in answers]
            items.append(PlanSelect(table.id, "at", placeholder=tr(words.PICK_ANSWER), options=options, row=row))
            row += 1
    buttons: list[discord.ui.Item[Any]] = []
    if orders.plan is not None or orders.queue:
        buttons.append(PlanButton(table.id, "clear", label=tr(words.CLEAR_PLAN), row=row))
    if regular_orders(orders) != orders:
        buttons.append(PlanButton(table.id, "regular", label=tr(order_words.REGULAR_BUTTON), row=row))
    on = bool(orders.invite)
    buttons.append(PlanButton(table.id, "invite", "off" if on else "on", label=tr(order_words.INVITE_ON if on else order_words.INVITE_OFF), row=row))
    r = game.state.round
    if castle_phase(game):  # the other two castle answers for this round
        now = castle_value(plan_of(game, orders).castle)
        for value, label in words.CASTLE_BUTTONS.items():
            if value != now:
                buttons.append(PlanButton(table.id, "castle", f"{r}.{value}", label=tr(label), row=row + 1))
    if provost_phase(game) and orders.declared is not None:
        buttons.append(PlanButton(table.id, "provost", f"{r}.order", label=tr(words.PROVOST_ORDER), row=row + 1))
    elif provost_phase(game) and orders.provost != o.STAY:
        buttons.append(PlanButton(table.id, "provost", f"{r}.stay", label=tr(words.PROVOST_STAY), row=row + 1))
    return static_view(*items, *buttons)


async def show(bot: Host, interaction: Interaction, channel_id: int, orders: o.SeatOrders | None = None, *, note: str = "") -> None:
    """The person's plan, privately (`note` above it)."""
    seen = await own_orders(bot, interaction, channel_id, orders)
    if seen is None:
        return
    table, orders = seen
    assert table.game is not None
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    tr = reply_tr(interaction, table)
    await replies.show(interaction, view_text(table, seat.seat, orders, note, tr), view=plan_view(table, seat.seat, orders, tr))


async def changed(bot: Host, interaction: Interaction, channel_id: int, fn: Callable[[o.SeatOrders], o.SeatOrders], note: str = "") -> None:
    """Apply a change of the person's plan (or orders) and show their plan."""
    await change(bot, interaction, channel_id, fn, show_with=show, note=note)


# ----- the command ---------------------------------------------------------------------------------------


CAP = re.compile(r"\s*(?:<=|≤|\bmax\.?|\bмакс\.?|\bmáx\.?|\bmàx\.?)\s*(\d+)\s*(?:d|д)?\.?\s*$", re.IGNORECASE)


def read_places(game: Game, text: str, tr: Translation = ENGLISH) -> list[tuple[str, int | None]]:
    """`/caylus plan add:` as typed: "carpenter, castle<=2, peddler r7 max 1, pass" -> the places
    in order, each with its cap (`<=N`, `≤N`, `max N`, in any of our languages: at most N
    deniers); `BadOrder` names an item it cannot read."""
    out: list[tuple[str, int | None]] = []
    for item in [x.strip() for x in re.split(r"[,;]+", text) if x.strip()]:
        cap = CAP.search(item)
        place = item[: cap.start()] if cap else item
        [code] = parse_places(game, place, tr)
        out.append((code, int(cap[1]) if cap else None))
    return out


def rule_options(tr: Translation = ENGLISH) -> list[tuple[str, str]]:
    """The pass rules one may pick: (label, value `after.3`)."""
    out = []
    for kind, numbers in words.PASS_CHOICES.items():
        for n in numbers if isinstance(numbers, tuple) else (numbers,):
            out.append((words.rule_words(tr, kind, n), f"{kind}.{n}"))
    return out


def read_rule(text: str, tr: Translation = ENGLISH) -> tuple[str, int]:
    """`passing:` as sent: an autocomplete value (`after.3`), or a label typed in full."""
    values = {v for _, v in rule_options()}
    if text not in values:
        typed = choice_labels.fold(text)
        found = {v for label, v in rule_options(tr) + rule_options() if choice_labels.fold(label) == typed}
        if len(found) != 1:
            raise BadOrder(words.BAD_RULE.msgid, text=plain(text))
        text = found.pop()
    kind, _, n = text.partition(".")
    return kind, int(n or 0)


async def plan_command(
    interaction: Interaction, add: str | None, passing: str | None, at: str | None, clear: bool, *, invite: bool = True
) -> None:
    """`/caylus plan`: add places (best first, each with a cap), set the pass rule, give an
    answer ahead, or clear it; with no option, the private view. `invite`: a first plan switches
    the invitation on (not from `/caylus queue`: `planning.planned`)."""
    bot = host(interaction)
    if not await replies.defer(interaction, thinking=True):
        return
    channel_id = interaction.channel_id or 0
    table = bot.manager.table(channel_id)
    tr = reply_tr(interaction, table)
    fns: list[Callable[[o.SeatOrders], o.SeatOrders]] = []
    try:
        orders = bot.manager.orders(channel_id, interaction.user.id)
        assert table is not None and table.game is not None
        game = table.game
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        if clear:
            fns.append(clear_plan)
        if (add or passing) and not planning_phase(game):
            raise BadOrder(words.NO_PLAN_NOW.msgid)
        if add:
            for code, cap in read_places(game, add, tr):
                fns.append(planned(game, table.settings, add_places([code], cap), invite=invite))
        if passing:
            fns.append(planned(game, table.settings, set_rule(*read_rule(passing, tr))))
        if at:
            if not planning_phase(game, answers=True):
                raise BadOrder(words.NO_PLAN_NOW.msgid)
            fns.append(planned(game, table.settings, set_answer(*read_answer(game, seat.seat, orders, at, tr))))
    except Refusal as r:
        await replies.refuse(interaction, r, table=table)
        return
    if not fns and may_declare(table, interaction.user.id):  # passed: the provost to declare instead
        await orders_show(bot, interaction, channel_id, declare=True)
        return
    if not fns:
        await show(bot, interaction, channel_id)
        return

    await changed(bot, interaction, channel_id, o.all_of(fns))


def rule_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of `passing:` — the pass rules in the reader's words."""
    tr = reply_tr(interaction, host(interaction).manager.table(interaction.channel_id or 0))
    typed = choice_labels.fold(current)
    return [app_commands.Choice(name=label[:100], value=v) for label, v in rule_options(tr) if typed in choice_labels.fold(label)][
        :MAX_OPTIONS
    ]


async def queue_command(interaction: Interaction, add: str | None, clear: bool) -> None:
    """`/caylus queue`: the round plan as the queue's command says it (`add:"farm, quarry"`
    means "the Farm, else the Quarry"; `pass` at the end: when nothing fits, pass), clear it, or
    see it."""
    await plan_command(interaction, add, None, None, clear, invite=False)


def place_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of `add:` — the last item typed completed among the free places now."""
    table = host(interaction).manager.table(interaction.channel_id or 0)
    if table is None or table.game is None:
        return []
    tr = reply_tr(interaction, table)
    head, _, last = current.rpartition(",")
    prefix = f"{head}, " if head else ""
    typed = choice_labels.fold(last)
    out = []
    for code in queue_candidates(table.game):
        label = order_words.place_words(tr, table.game, code)
        if typed in choice_labels.fold(label) or typed == code:
            out.append(app_commands.Choice(name=(prefix + label)[:100], value=(prefix + code)[:100]))
    return out[:MAX_OPTIONS]


def answer_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of `at:` — the answers one may give ahead now, in the reader's words."""
    table = host(interaction).manager.table(interaction.channel_id or 0)
    seat = table.seat_of(interaction.user.id) if table is not None else None
    if table is None or table.game is None or seat is None:
        return []
    tr = reply_tr(interaction, table)
    orders = table.orders.get(seat.seat, o.SeatOrders())
    typed = choice_labels.fold(current)
    return [
        app_commands.Choice(name=label[:100], value=value[:100])
        for label, value in answer_options(table.game, seat.seat, orders, tr)
        if typed in choice_labels.fold(label)
    ][:MAX_OPTIONS]


# ----- the turn message's "then:" buttons --------------------------------------------------------------


def then_items(table: Table, user_id: int, row: int) -> list[discord.ui.Item[Any]]:
    """For the person who just placed (the turn message is the next player's): their next
    placement in one click, "then: [A] [B] [pass]", A and B the free places the normal AI ranks
    highest for them now; none once they have nothing left to place this round."""
    game = table.game
    seat = table.seat_of(user_id)
    if game is None or seat is None:
        return []
    trial = as_if(game, seat.seat)
    if trial is None:
        return []
    tr = post_tr(table)
    codes = [c for c in ranked_choices(trial, seat.seat) if c != "pass"][:THEN_PLACES] + ["pass"]
    r = game.state.round
    return [
        PlanButton(table.id, "then", f"{r}.{c}", label=words.then_label(tr, seat.name, order_words.place_words(tr, game, c))[:80], row=row)
        for c in codes
    ]


def plan_button(table_id: int, *, row: int | None = None, tr: Translation = ENGLISH) -> discord.ui.Item[Any]:
    """The Plan… button of any message of the table: the presser's own plan, privately."""
    return PlanButton(table_id, "show", label=tr(words.PLAN_BUTTON), row=row)


# ----- the components (registered in setup_hook: ITEMS) ---------------------------------------------------


async def press(interaction: Interaction, table_id: int, action: str, arg: str | None) -> None:
    bot = host(interaction)
    table = bot.manager.table_by_id(table_id)
    tr = reply_tr(interaction, table)
    if table is None or table.channel_id != interaction.channel_id or table.game is None:
        await replies.say(interaction, tr(order_words.NOT_NOW))
        return
    if not await replies.defer(interaction, thinking=True):
        return
    channel_id, game = table.channel_id, table.game
    try:
        if action == "clear":
            await changed(bot, interaction, channel_id, clear_plan)
        elif action == "regular":
            await changed(bot, interaction, channel_id, lambda x: with_first_plan(regular_orders(x), table.settings), tr(order_words.REGULAR_SET))
        elif action == "invite":
            await changed(bot, interaction, channel_id, lambda x: replace(x, invite=arg == "on"))
        elif action == "castle" and arg:
            when, _, value = arg.partition(".")
            if int(when) != game.state.round or not castle_phase(game) or value not in words.CASTLE_BUTTONS:
                await show(bot, interaction, channel_id, note=tr(words.OLD_ROUND).format(round=when, now=game.state.round))
                return
            deliver = None if value == "order" else value == "on"
            await changed(bot, interaction, channel_id, planned(game, table.settings, set_castle(deliver)))
        elif action == "provost" and arg:
            when, _, value = arg.partition(".")
            if int(when) != game.state.round or not provost_phase(game) or value not in ("stay", "order"):
                await show(bot, interaction, channel_id, note=tr(words.OLD_ROUND).format(round=when, now=game.state.round))
                return
            declared = o.STAY if value == "stay" else None
            await changed(bot, interaction, channel_id, lambda x: replace(x, declared=declared, spent=None))
        elif action == "then" and arg:
            when, _, code = arg.partition(".")
            if int(when) != game.state.round or not planning_phase(game):
                await show(bot, interaction, channel_id, note=tr(words.OLD_ROUND).format(round=when, now=game.state.round))
                return
            seat = table.seat_of(interaction.user.id)
            fn = pass_next(game, seat.seat) if code == "pass" and seat is not None else add_places([code], first=True)
            await changed(bot, interaction, channel_id, planned(game, table.settings, fn))
        elif may_declare(table, interaction.user.id):  # passed: nothing left to place, the provost to declare
            await orders_show(bot, interaction, channel_id, declare=True)
        else:
            await show(bot, interaction, channel_id)
    except Refusal as r:
        await replies.refuse(interaction, r, table=table)


class PlanButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PLAN_TEMPLATE):
    """Show one's plan, clear it, the regular's orders, the invitation's switch, "then:", this
    round's castle answer and provost."""

    def __init__(self, table_id: int, action: str, arg: str | None = None, *, label: str = "", row: int | None = None) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or action, style=discord.ButtonStyle.secondary, custom_id=ids.plan_id(table_id, action, arg), row=row
        )
        super().__init__(button)
        self.table_id, self.action, self.arg = table_id, action, arg

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /) -> PlanButton:
        return cls(int(match["table"]), match["action"], match["arg"])

    async def callback(self, interaction: Interaction) -> None:
        await press(interaction, self.table_id, self.action, self.arg)


class PlanSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.PLAN_SELECT_TEMPLATE):
    """Add a place to one's plan, pick its pass rule, or give an answer ahead."""

    def __init__(
        self, table_id: int, what: str, *, placeholder: str = "", options: list[discord.SelectOption] | None = None,
        row: int | None = None,
    ) -> None:  # fmt: skip
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.plan_select_id(table_id, what), placeholder=placeholder or None,
            options=options or [discord.SelectOption(label="…", value="…")], row=row,
        )  # fmt: skip
        super().__init__(select)
        self.table_id, self.what = table_id, what

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /) -> PlanSelect:
        return cls(int(match["table"]), match["what"])

    async def callback(self, interaction: Interaction) -> None:
        bot = host(interaction)
        data: dict[str, Any] = dict(interaction.data or {})
        value = str((data.get("values") or [""])[0])
        table = bot.manager.table_by_id(self.table_id)
        tr = reply_tr(interaction, table)
        if table is None or table.channel_id != interaction.channel_id or table.game is None:
            await replies.say(interaction, tr(order_words.NOT_NOW))
            return
        if not await replies.defer(interaction):
            return
        game = table.game
        try:
            if self.what == "add" and o.is_place_code(value) and planning_phase(game):
                fn = add_places([value])
            elif self.what == "rule" and planning_phase(game):
                kind, _, n = value.partition(".")
                fn = set_rule(kind, int(n or 0))
            elif self.what == "at" and planning_phase(game, answers=True) and value.count(".") >= 2:
                place, kind, code = value.split(".", 2)
                fn = set_answer(place, kind, code)
            else:
                raise BadOrder(words.NO_PLAN_NOW.msgid)
            await changed(bot, interaction, table.channel_id, planned(game, table.settings, fn))
        except (Refusal, ValueError) as e:
            refusal = e if isinstance(e, Refusal) else BadOrder(words.NO_PLAN_NOW.msgid)
            await replies.refuse(interaction, refusal, table=table)


ITEMS = (PlanButton, PlanSelect)
