"""Standing orders and the provost declared ahead, on Discord.

`/caylus orders` (no option: the private view, with a button to switch each order off, the
invitation's switch and **Use a regular's orders**; with options: set them), `/caylus declare
target:r9|stay|off`; the chooser's Orders / Always buttons (`chooser_items`). The placement queue
became the round plan (bot/ui/plan.py: `/caylus plan`, `/caylus queue`, **Plan…**); an older
queue's buttons and selects still work, and add to the plan. Everything is answered privately: nobody else sees a player's orders, queue or
declaration (the board image shows none of them). The orders themselves, and what they answer,
are `bot.games.orders`; a change that answers the pending decision at once (a queued placement
on one's turn) is played and posted like any move.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import discord

from bot.games import Refusal, Table
from bot.games import orders as o
from bot.games.invites import regular_orders, with_first_plan
from bot.games.planning import add_places, planned
from bot.i18n import LANGUAGES, Translation, translator
from bot.rules import FAVOUR_LINES, PROVOST_STEPS, ROAD_LEN, TILES, Choice, Code, Decision, Game

from . import choice_labels as labels
from . import ids, replies, texts
from .components import OpenButton, static_view
from .host import Host, host
from .lang import reply_tr
from .played import played_note
from .texts import orders as words
from .texts.pieces import plain, prompt_of

ENGLISH = translator("en")

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
ROW_WIDTH = 5
TARGET = re.compile(r"(?:r|\D*?\s*)(\d{1,2})")  # r9, 9, road 9, дорога 9, camí 9
# "Pass" as every language of the bot says it (the queue's select shows it so)
PASS_WORDS = frozenset({"pass", *(labels.fold(translator(lang).pgettext("choice", "Pass")) for lang in LANGUAGES)})
SPECIALS = ("gate", "trading", "guild", "joust", "stables", "inn", "castle")


class BadOrder(Refusal):
    """An order that cannot be set as typed (the message says what to type instead)."""


# ----- what a player may queue, declare and always do ----------------------------------------------


def queue_candidates(game: Game) -> list[str]:
    """The places a worker could go now (free special places and buildings, the castle), road
    order; a queued entry is checked again when it is played."""
    s = game.state
    free = {
        "gate": s.gate < 0, "trading": s.trading < 0, "guild": s.guild < 0, "joust": s.joust < 0,
        "stables": len(s.stables) < 3 and s.n > 2, "inn": s.inn_left < 0, "castle": True,
    }  # fmt: skip
    out = [c for c in SPECIALS if free[c]]
    for space in range(1, len(s.road_tile)):
        tile = s.road_tile[space]
        if tile and TILES[tile].kind not in ("residence", "prestige") and s.road_worker[space] < 0:
            out.append(Code.road(space).text)
    return out


def parse_places(game: Game, text: str, tr: Translation = ENGLISH) -> list[str]:
    """"carpenter, peddler r7, pass" -> ["r8", "r7", "pass"]: each item read by `labels.find`
    among every place (codes, `8`, special places, building names in any of our languages, a
    unique prefix, a name and its space); a name on several spaces means the free ones.
    `BadOrder` names the first item it cannot read (and the places it may mean, in `tr`'s
    words)."""
    spaces = [Code.road(i).text for i in range(1, len(game.state.road_tile))]
    places = [Choice(c, words.place_words(ENGLISH, game, c)) for c in ("pass", *SPECIALS, *spaces)]
    free = set(queue_candidates(game)) | {"pass"}
    out = []
    for item in [x.strip() for x in re.split(r"[,;]+", text) if x.strip()]:
        if labels.fold(item) in PASS_WORDS:  # "пас", "passar": as the queue's select words it
            out.append("pass")
            continue
        found = [c.code for c in labels.find(game, places, item)]
        found = [c for c in found if c in free] or found
        if len(found) != 1:
            options = [words.place_words(tr, game, c) for c in found]
            if options:
                raise BadOrder(words.UNKNOWN_PLACE_HINT.msgid, text=plain(item), options=", ".join(options[:6]))
            raise BadOrder(words.UNKNOWN_PLACE.msgid, text=plain(item))
        out.append(found[0])
    return out


def parse_target(text: str) -> str | None:
    """`r9`, `9`, `road 9` (or the road in any of our languages: `дорога 9`, `casella 9`) ->
    "r9"; `stay`/`0` -> "stay"; `off` -> None; `BadOrder` otherwise."""
    t = text.strip().lower()
    if t in ("off", "cancel", "none"):
        return None
    if t in ("stay", "0"):
        return o.STAY
    if t == o.CUTS:  # this round: ask only where a move cuts someone
        return o.CUTS
    m = TARGET.fullmatch(t)
    code = Code.road(int(m[1])).text if m else ""
    if code == "r0":
        return o.STAY
    if not o.is_declaration(code):
        raise BadOrder(words.BAD_TARGET.msgid, text=plain(text))
    return code


def read_production(text: str, tr: Translation = ENGLISH) -> str:
    """`/caylus orders production:` as sent: the value of an autocomplete entry (`n_forest.W`,
    `n_forest.off`), or its label typed in full, in the reader's words or in English
    (`Forest: 1 wood`); `BadOrder` otherwise."""
    tile, _, code = text.partition(".")
    if tile in o.production_tiles() and (code == "off" or code in o.production_tiles()[tile]):
        return text
    typed = labels.fold(text)
    found = {value for label, value in production_options("", tr) + production_options("") if labels.fold(label) == typed}
    if len(found) == 1:
        return found.pop()
    raise BadOrder(words.BAD_PRODUCTION.msgid, text=plain(text))


def always_choices(game: Game, decision: Decision, orders: o.SeatOrders | None = None) -> list[str]:
    """The standing orders the current decision can become (keys of `set_order`), leaving out
    those `orders` already hold. At the Merchants' guild only `provost.cuts` applies ("never
    move it" does not: bot.games.orders.answer), and it holds in phase 4 too."""
    kind = decision.kind
    keys: list[str] = []
    if kind == "provost":
        keys = ["provost.stay", "provost.cuts", "provost.pace"]
    elif kind == "guild":
        keys = ["provost.cuts"]
    elif kind == "castle" and any(c.code != "done" for c in decision.choices):
        keys = ["castle.all"]
    elif kind == "favour":
        keys = [f"favour.{c.code}" for c in decision.choices if c.code in FAVOUR_LINES]
    elif kind == "produce":
        tile = game.state.road_tile[getattr(game.state.tasks[-1], "space", 0)] if game.state.tasks else None
        if tile in o.production_tiles():
            keys = [f"p.{tile}.{c.code}" for c in decision.choices]
    if orders is not None:
        keys = [k for k in keys if set_order(k)(orders) != orders]
    return keys


# ----- changes (pure: SeatOrders -> SeatOrders) ------------------------------------------------------


def set_order(key: str) -> Callable[[o.SeatOrders], o.SeatOrders]:
    """`provost.stay`, `castle.all`, `favour.buildings`, `p.n_forest.W`, `declared.r9`."""
    what, _, value = key.partition(".")
    if what == "provost" and value in o.PROVOST_ORDERS:
        return lambda x: replace(x, provost=value)
    if what == "castle":
        return lambda x: replace(x, castle=True)
    if what == "favour" and value in FAVOUR_LINES:
        return lambda x: replace(x, favour=value)
    if what == "declared" and o.is_declaration(value):
        return lambda x: replace(x, declared=value)
    if what == "invite" and value in ("on", "off"):
        return lambda x: replace(x, invite=value == "on")
    if what == "p":
        tile, _, code = value.partition(".")
        if code in o.production_tiles().get(tile, ()):
            return lambda x: x.with_production(tile, code)
    raise BadOrder(words.NOTHING_ALWAYS.msgid)


def switch_off(key: str) -> Callable[[o.SeatOrders], o.SeatOrders]:
    """`provost`, `castle`, `favour`, `queue`, `declared`, `p.<tile>`."""
    if key.startswith("p."):
        return lambda x: x.with_production(key[2:], None)
    fields: dict[str, Any] = {"provost": "ask", "castle": False, "favour": None, "queue": (), "declared": None}
    if key not in fields:
        raise BadOrder(words.NOTHING_ALWAYS.msgid)
    return lambda x: replace(x, **{key: fields[key]})


# ----- the private view ------------------------------------------------------------------------------


def view_text(table: Table, orders: o.SeatOrders, note: str = "", tr: Translation = ENGLISH) -> str:
    text = words.orders_view_text(
        tr,
        table.game, orders.provost, orders.produce, orders.castle, orders.favour, orders.queue, orders.declared
    )
    plan = orders.plan_for(table.game) if table.game is not None else None
    text += "\n" + words.plan_line(tr, len(plan.entries) if plan is not None else 0, bool(orders.invite))
    return f"{note}\n{text}" if note else text


def off_keys(orders: o.SeatOrders) -> list[str]:
    keys = ["provost"] if orders.provost != "ask" else []
    keys += [f"p.{tile}" for tile, _ in orders.produce]
    keys += [k for k, on in (("castle", orders.castle), ("favour", orders.favour), ("queue", orders.queue),
                             ("declared", orders.declared)) if on]  # fmt: skip
    return keys


def declare_targets(game: Game) -> list[str]:
    """The provost moves a player who has passed may declare with one click: stay, or a road
    space within a move's reach of where the provost stands now (§2 phase 4; any other space
    with `/caylus declare`)."""
    p = game.state.provost
    reach = PROVOST_STEPS
    return ["stay", *(Code.road(x).text for x in range(p - reach, p + reach + 1) if x != p and 1 <= x <= ROAD_LEN)]


def declaring_phase(table: Table) -> bool:
    """A provost move may be declared now: phases 2 to 4 (it is used in phase 4)."""
    return table.game is not None and table.game.state.phase in (2, 3, 4)


def may_declare(table: Table, user_id: int) -> bool:
    """The person's seat has passed and the provost's phase is still to come: their Queue…
    panel offers the provost moves to declare instead of places to queue."""
    seat = table.seat_of(user_id)
    if seat is None or table.game is None or not declaring_phase(table):
        return False
    return table.game.state.players[seat.seat].passed


def orders_view(
    table: Table, orders: o.SeatOrders, *, declare: bool = False, tr: Translation = ENGLISH,
    opener: discord.ui.Item[Any] | None = None,
) -> discord.ui.View:  # fmt: skip
    """One button per order that is on (it switches that one off), **Use a regular's orders**
    while they are not all on, the invitation's switch; with `declare` (the person has passed),
    a button per provost move they may declare ahead; `opener` last (its own row)."""
    items: list[discord.ui.Item[Any]] = []
    row = 0
    if declare and table.game is not None:
        targets = [t for t in declare_targets(table.game) if t != orders.declared]
        for i, target in enumerate(targets):
            label = words.declare_label(tr, target)
            items.append(OrdersButton(table.id, "set", f"declared.{target}", label=label, row=i // ROW_WIDTH))
        row = -(-len(targets) // ROW_WIDTH)
    keys = off_keys(orders)[: ROW_WIDTH * (3 - row)]  # then the row of the regular's orders; the last: Choose…
    for i, key in enumerate(keys):
        items.append(OrdersButton(table.id, "off", key, label=words.off_label(tr, key), row=row + i // ROW_WIDTH))
    row += -(-len(keys) // ROW_WIDTH)
    if regular_orders(orders) != orders:
        items.append(OrdersButton(table.id, "set", "regular", label=tr(words.REGULAR_BUTTON), row=row))
    on = bool(orders.invite)
    label = tr(words.INVITE_ON if on else words.INVITE_OFF)
    items.append(OrdersButton(table.id, "set", "invite.off" if on else "invite.on", label=label, row=row))
    return static_view(*items, *([opener] if opener is not None else []))


def chooser_items(
    table_id: int, decision: Decision | None, game: Game | None, row: int, tr: Translation = ENGLISH,
    orders: o.SeatOrders | None = None,
) -> list[discord.ui.Item[Any]]:  # fmt: skip
    """The chooser's buttons for orders (called by bot.ui.chooser): none for a placement (it has
    Plan…, bot/ui/plan.py), Always… where the decision can become a standing order that the decider's `orders` do not
    hold yet (its custom_id names the decision), Orders… otherwise."""
    if decision is not None and decision.kind == "place":
        return []  # the chooser's Plan… (bot/ui/plan.py)
    if decision is not None and game is not None and always_choices(game, decision, orders):
        return [OrdersButton(table_id, "always", str(decision.seq), label=tr(words.ALWAYS_BUTTON), row=row)]
    return [OrdersButton(table_id, "show", label=tr(words.ORDERS_BUTTON), row=row)]


# ----- the flows ---------------------------------------------------------------------------------------


Shower = Callable[..., Awaitable[None]]


async def change(
    bot: Host, interaction: Interaction, channel_id: int, fn: Callable[[o.SeatOrders], o.SeatOrders],
    *, decision: int | None = None, show_with: Shower | None = None, note: str = "",
) -> None:  # fmt: skip
    """Apply a change of the person's orders and show them the result, privately (`show_with`:
    the view to show, bot/ui/plan.py's for a plan; `note`: said first). `decision`: the number
    of the decision an Always… panel was for; if the new orders leave it to the person, the
    note says so."""
    table = bot.manager.table(channel_id)
    tr = reply_tr(interaction, table)
    try:
        before = bot.manager.orders(channel_id, interaction.user.id)
        orders, result = await bot.manager.set_orders(channel_id, interaction.user.id, fn)
    except Refusal as r:
        await replies.refuse(interaction, r, table=table)
        return
    said = played_note(result, standing=True, tr=tr)  # what the new orders played at once
    pending = table.pending if table is not None else None
    mine = pending is not None and pending.user_id == interaction.user.id
    if said:
        pass
    elif orders == before:
        said = tr(words.UNCHANGED)  # e.g. the button of a panel shown before the last change
    elif mine and pending is not None and pending.decision.seq == decision:
        said = tr(words.STILL_YOURS)
    elif not note:
        said = tr(words.SAVED)
    note = "\n".join(x for x in (note, said) if x)
    opener = None
    if table is not None and pending is not None and mine and result is not None and result.moves:
        # what the orders played led to a decision of the person's: say which, one click away
        # (the turn message is theirs already, so it pinged nobody)
        now = tr.gettext("**Your decision now**: {prompt}").format(prompt=plain(prompt_of(tr, table, pending)))
        note, opener = f"{note}\n{now}", pending.number
    if show_with is not None and opener is None:
        await show_with(bot, interaction, channel_id, orders, note=note)
        return
    await show(bot, interaction, channel_id, orders, note=note, opener=opener)


async def own_orders(
    bot: Host, interaction: Interaction, channel_id: int, orders: o.SeatOrders | None = None
) -> tuple[Table, o.SeatOrders] | None:
    """The channel's table and the person's orders (`orders` if given), for a private view of
    them; None once a refusal has answered them (no table, not seated)."""
    table = bot.manager.table(channel_id)
    try:
        if orders is None:
            orders = bot.manager.orders(channel_id, interaction.user.id)
    except Refusal as r:
        await replies.refuse(interaction, r, table=table)
        return None
    assert table is not None
    return table, orders


async def show(
    bot: Host, interaction: Interaction, channel_id: int, orders: o.SeatOrders | None = None, *,
    note: str = "", declare: bool = False, opener: int | None = None,
) -> None:  # fmt: skip
    """The person's orders, privately (`note` above them); with `declare`, the provost moves they
    may declare ahead once they have passed; `opener`: the number of their pending decision,
    whose chooser a Choose… button opens (when their orders just played the one before)."""
    seen = await own_orders(bot, interaction, channel_id, orders)
    if seen is None:
        return
    table, orders = seen
    tr = reply_tr(interaction, table)
    declare = declare and may_declare(table, interaction.user.id)
    if declare:
        note = f"{note}\n{tr(words.DECLARE_NOW)}" if note else tr(words.DECLARE_NOW)
    choose = OpenButton(table.id, opener, label=tr(texts.CHOOSE_BUTTON), row=4) if opener is not None else None
    view = orders_view(table, orders, declare=declare, tr=tr, opener=choose)
    await replies.show(interaction, view_text(table, orders, note, tr), view=view)


async def orders_command(
    interaction: Interaction, provost: str | None, production: str | None, castle: bool | None, favour: str | None,
    invite: bool | None = None,
) -> None:
    """`/caylus orders`: with no option the private view; otherwise set what was given."""
    bot = host(interaction)
    if not await replies.defer(interaction, thinking=True):
        return
    channel_id = interaction.channel_id or 0
    fns: list[Callable[[o.SeatOrders], o.SeatOrders]] = []
    try:
        if provost is not None:
            fns.append(set_order(f"provost.{provost}"))
        if production:
            tile, _, code = read_production(production, reply_tr(interaction, bot.manager.table(channel_id))).partition(".")
            fns.append(switch_off(f"p.{tile}") if code == "off" else set_order(f"p.{tile}.{code}"))
        if castle is not None:
            fns.append(set_order("castle.all") if castle else switch_off("castle"))
        if favour is not None:
            fns.append(switch_off("favour") if favour == "off" else set_order(f"favour.{favour}"))
        if invite is not None:
            fns.append(set_order("invite.on" if invite else "invite.off"))
    except Refusal as r:
        await replies.refuse(interaction, r, table=bot.manager.table(channel_id))
        return
    if not fns:
        await show(bot, interaction, channel_id)
        return

    await change(bot, interaction, channel_id, o.all_of(fns))


def production_options(current: str, tr: Translation = ENGLISH) -> list[tuple[str, str]]:
    """Autocomplete of `/caylus orders production:` — (label, value) pairs, labelled in `tr`'s
    words; what was typed may be in those or in English."""
    out = []
    typed = current.lower()
    for tile, codes in o.production_tiles().items():
        for code in (*codes, "off"):
            said = [
                words.off_label(t, f"p.{tile}") if code == "off" else words.production_choice_label(tile, code, t)
                for t in (tr, ENGLISH)
            ]
            if any(typed in label.lower() for label in said):
                out.append((said[0][:100], f"{tile}.{code}"))
    return out[:25]


async def declare_command(interaction: Interaction, target: str | None) -> None:
    """`/caylus declare target:` a road space, stay, or off (no target: the view)."""
    bot = host(interaction)
    if not await replies.defer(interaction, thinking=True):
        return
    channel_id = interaction.channel_id or 0
    if target is None:
        await show(bot, interaction, channel_id)
        return
    table = bot.manager.table(channel_id)
    try:
        code = parse_target(target)
        if code is not None and (table is None or not declaring_phase(table)):
            raise BadOrder(words.DECLARE_PHASES.msgid)
    except Refusal as r:
        await replies.refuse(interaction, r, table=table)
        return
    if code is not None and table is not None:
        code = o.stay_here(table.game, code) if table.game is not None else code
    await change(bot, interaction, channel_id, lambda x: replace(x, declared=code))


async def press(interaction: Interaction, table_id: int, action: str, arg: str | None) -> None:
    """An orders button: show, queue, always (panels); off:<key>, set:<key> (changes)."""
    bot = host(interaction)
    table = bot.manager.table_by_id(table_id)
    if table is None or table.channel_id != interaction.channel_id:
        await replies.say(interaction, reply_tr(interaction, table)(words.NOT_NOW))
        return
    if not await replies.defer(interaction, thinking=action in ("show", "queue", "always")):
        return
    channel_id = table.channel_id
    try:
        if action == "off" and arg:
            await change(bot, interaction, channel_id, switch_off(arg))
        elif action == "set" and arg == "regular":
            regular = lambda x: with_first_plan(regular_orders(x), table.settings)  # noqa: E731
            await change(bot, interaction, channel_id, regular, note=reply_tr(interaction, table)(words.REGULAR_SET))
        elif action == "set" and arg and arg.startswith("declared.") and not declaring_phase(table):
            raise BadOrder(words.DECLARE_PHASES.msgid)
        elif action == "set" and arg and arg.startswith("declared.") and table.game is not None:
            target = o.stay_here(table.game, arg.partition(".")[2])
            await change(bot, interaction, channel_id, lambda x: replace(x, declared=target))
        elif action == "set" and arg:
            # "ask me only where a move cuts someone" set from the provost's (or the guild's) own
            # chooser leaves that decision to the person when a move there cuts: say so
            pending = table.pending
            cuts = arg == "provost.cuts" and pending is not None and pending.decision.kind in ("provost", "guild")
            await change(bot, interaction, channel_id, set_order(arg), decision=pending.decision.seq if cuts and pending else None)
        elif action == "queue":  # an older Queue… button: one's plan is Plan… now
            await show(bot, interaction, channel_id, note=words.queue_is_plan(reply_tr(interaction, table)), declare=True)
        elif action == "always":
            await _always(bot, interaction, table, arg)
        else:
            await show(bot, interaction, channel_id)
    except Refusal as r:
        await replies.refuse(interaction, r, table=table)


async def _always(bot: Host, interaction: Interaction, table: Table, seq: str | None) -> None:
    """The Always… panel of the decision `seq` (None: a button of an older version, for the
    decision pending now); one's orders, with a word why, when that decision is gone."""
    pending = table.pending
    tr = reply_tr(interaction, table)
    current = (
        pending is not None and pending.user_id == interaction.user.id and table.game is not None
        and (seq is None or seq == str(pending.decision.seq))
    )  # fmt: skip
    if not current or pending is None or table.game is None:
        await show(bot, interaction, table.channel_id, note=tr(words.ALWAYS_GONE))
        return
    orders = bot.manager.orders(table.channel_id, interaction.user.id)
    keys = always_choices(table.game, pending.decision, orders)
    if not keys:
        await show(bot, interaction, table.channel_id, orders, note=tr(words.ALWAYS_HELD))
        return
    kind = pending.decision.kind
    items = [
        OrdersButton(table.id, "set", k, label=words.always_label(tr, kind, k.partition(".")[2]), row=i // ROW_WIDTH)
        for i, k in enumerate(keys)
    ]
    await replies.show(interaction, words.always_text(tr, prompt_of(tr, table, pending)), view=static_view(*items))


# ----- the components (registered in setup_hook: ITEMS) -------------------------------------------------


class OrdersButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.ORDERS_TEMPLATE):
    """Show one's orders or queue, switch an order off, make the decision a standing order."""

    def __init__(self, table_id: int, action: str, arg: str | None = None, *, label: str = "", row: int | None = None) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or action, style=discord.ButtonStyle.secondary,
            custom_id=ids.orders_id(table_id, action, arg), row=row,
        )  # fmt: skip
        super().__init__(button)
        self.table_id, self.action, self.arg = table_id, action, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OrdersButton:
        return cls(int(match["table"]), match["action"], match["arg"])

    async def callback(self, interaction: Interaction) -> None:
        await press(interaction, self.table_id, self.action, self.arg)


class QueueSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.QUEUE_TEMPLATE):
    """An older version's select adding a placement to one's queue: the place picked goes to the
    end of one's round plan."""

    def __init__(
        self, table_id: int, group: int = 0, *, options: list[discord.SelectOption] | None = None, row: int | None = None
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.queue_id(table_id, group), placeholder=str(words.ADD_TO_QUEUE),
            options=options or [discord.SelectOption(label="…", value="…")], row=row,
        )  # fmt: skip
        super().__init__(select)
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> QueueSelect:
        return cls(int(match["table"]), int(match["group"]))

    async def callback(self, interaction: Interaction) -> None:
        bot = host(interaction)
        data: dict[str, Any] = dict(interaction.data or {})
        code = str((data.get("values") or [""])[0])
        table = bot.manager.table_by_id(self.table_id)
        if table is None or table.channel_id != interaction.channel_id or not o.is_place_code(code):
            await replies.say(interaction, reply_tr(interaction, table)(words.NOT_NOW))
            return
        if not await replies.defer(interaction) or table.game is None:
            return
        await change(bot, interaction, table.channel_id, planned(table.game, table.settings, add_places([code])))


ITEMS = (OrdersButton, QueueSelect)
