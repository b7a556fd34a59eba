"""The custom_id formats of every button and select the bot posts (each ≤ 100 characters).

A component carries its whole meaning in its custom_id, so a button posted before a restart still
works after it (a click finds its `discord.ui.DynamicItem` by its custom_id: bot/ui/clicks.py):

    cy:<table>:<seq>:<code>    a choice button: answer decision number <seq> with <code>
    cy:<table>:<seq>:open      the "Choose…" button of a turn message: open the chooser
    cys:<table>:<seq>:<group>  a select of the chooser (its values are choice codes)
    cyl:<table>:<action>       a lobby button: join, leave, ai, start; abandon (confirmation)
    cyu:<table>:<seq>          "Undo": take back one's last choice, if decision <seq> is still
                               the pending one (nobody has acted since)
    cyo:<table>:<action>[:<arg>]  standing orders (bot/ui/orders.py): show, queue, always:<seq>
                               (panels; Always… names its decision, none on older buttons);
                               off:<key> switches one off, set:<key> makes one (`castle.all`)
    cyq:<table>:<group>        a select adding a placement to one's queue (its values: codes)
    cyb:<table>                "Board": the table's board as it stands, shown only to the asker
    cyp:<table>:<index>        Previous / Next on a private board: the board of the table's phase
                               report number <index> (0: the first), as it was posted
    cyc:<table>:<action>[:<n>]  the community (bot/ui/community.py): rematch (a final message),
                               resign / keep (a resignation's confirmation); page:<n> turns a
                               leaderboard (<table> is then the scope: a guild id, 0 everywhere)
    cyp:<table>:<action>[:<arg>]  the round plan (bot/ui/plan.py): show, clear, regular,
                               invite:on|off, then:<round>.<code> (the next placement, one click),
                               castle:<round>.on|off|order (this round's castle answer),
                               provost:<round>.stay|order (this round's provost, declared)
    cyx:<table>:<what>         a select of the plan's view: add (a place), rule (the pass rule),
                               at (an answer ahead); its values carry the rest

The templates are mutually exclusive: discord.py dispatches a click to every template that
matches, so no custom_id may match two of them. Choice codes never contain ':' and no code is
"open" (docs/notation.md). Any other custom_id that reaches the bot is a component of an older
version: it is answered (`OLDER_TEMPLATE`), privately, with where to look now.
"""

from __future__ import annotations

import re

CHOICE_TEMPLATE = r"cy:(?P<table>[0-9]+):(?P<seq>[0-9]+):(?P<code>(?!open$)[^:]+)"
OPEN_TEMPLATE = r"cy:(?P<table>[0-9]+):(?P<seq>[0-9]+):open"
SELECT_TEMPLATE = r"cys:(?P<table>[0-9]+):(?P<seq>[0-9]+):(?P<group>[0-9]+)"
LOBBY_ACTIONS = ("join", "leave", "ai", "start", "abandon")
LOBBY_TEMPLATE = r"cyl:(?P<table>[0-9]+):(?P<action>" + "|".join(LOBBY_ACTIONS) + ")"

UNDO_TEMPLATE = r"cyu:(?P<table>[0-9]+):(?P<seq>[0-9]+)"
ORDERS_ACTIONS = ("show", "queue", "always", "off", "set")
ORDERS_TEMPLATE = r"cyo:(?P<table>[0-9]+):(?P<action>" + "|".join(ORDERS_ACTIONS) + r")(?::(?P<arg>[A-Za-z0-9_.+-]+))?"
QUEUE_TEMPLATE = r"cyq:(?P<table>[0-9]+):(?P<group>[0-9]+)"
BOARD_TEMPLATE = r"cyb:(?P<table>[0-9]+)"
PAST_TEMPLATE = r"cyp:(?P<table>[0-9]+):(?P<index>[0-9]+)"
COMMUNITY_ACTIONS = ("rematch", "resign", "keep", "page")
COMMUNITY_TEMPLATE = r"cyc:(?P<table>[0-9]+):(?P<action>" + "|".join(COMMUNITY_ACTIONS) + r")(?::(?P<arg>[0-9]+))?"
PLAN_ACTIONS = ("show", "clear", "regular", "invite", "then", "castle", "provost")
PLAN_TEMPLATE = r"cyp:(?P<table>[0-9]+):(?P<action>" + "|".join(PLAN_ACTIONS) + r")(?::(?P<arg>[A-Za-z0-9_.+-]+))?"
PLAN_SELECTS = ("add", "rule", "at")
PLAN_SELECT_TEMPLATE = r"cyx:(?P<table>[0-9]+):(?P<what>" + "|".join(PLAN_SELECTS) + ")"

CURRENT_TEMPLATES = (
    CHOICE_TEMPLATE,
    OPEN_TEMPLATE,
    SELECT_TEMPLATE,
    LOBBY_TEMPLATE,
    UNDO_TEMPLATE,
    ORDERS_TEMPLATE,
    QUEUE_TEMPLATE,
    BOARD_TEMPLATE,
    PAST_TEMPLATE,
    COMMUNITY_TEMPLATE,
    PLAN_TEMPLATE,
    PLAN_SELECT_TEMPLATE,
)


def _unnamed(template: str) -> str:
    return re.sub(r"\(\?P<[a-z]+>", "(?:", template)


# Any other custom_id: a component of an older version of the bot (interactions only reach the
# application that posted the message). Its own template, exclusive of the current ones, so that
# such a click is answered instead of failing.
OLDER_TEMPLATE = r"(?!(?:" + "|".join(_unnamed(t) for t in CURRENT_TEMPLATES) + r")\Z)[\s\S]+"

MAX_CUSTOM_ID = 100


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id longer than {MAX_CUSTOM_ID} characters: {custom_id!r}")
    return custom_id


def choice_id(table_id: int, seq: int, code: str) -> str:
    if ":" in code or code == "open":
        raise ValueError(f"{code!r} cannot be carried in a custom_id")
    return _checked(f"cy:{table_id}:{seq}:{code}")


def open_id(table_id: int, seq: int) -> str:
    return _checked(f"cy:{table_id}:{seq}:open")


def select_id(table_id: int, seq: int, group: int) -> str:
    return _checked(f"cys:{table_id}:{seq}:{group}")


def lobby_id(table_id: int, action: str) -> str:
    if action not in LOBBY_ACTIONS:
        raise ValueError(f"unknown lobby action {action!r}")
    return _checked(f"cyl:{table_id}:{action}")


def undo_id(table_id: int, seq: int) -> str:
    return _checked(f"cyu:{table_id}:{seq}")


def orders_id(table_id: int, action: str, arg: str | None = None) -> str:
    if action not in ORDERS_ACTIONS:
        raise ValueError(f"unknown orders action {action!r}")
    return _checked(f"cyo:{table_id}:{action}" + (f":{arg}" if arg else ""))


def queue_id(table_id: int, group: int = 0) -> str:
    return _checked(f"cyq:{table_id}:{group}")


def board_id(table_id: int) -> str:
    return _checked(f"cyb:{table_id}")


def past_id(table_id: int, index: int) -> str:
    return _checked(f"cyp:{table_id}:{index}")


def community_id(table_id: int, action: str, arg: int | None = None) -> str:
    if action not in COMMUNITY_ACTIONS:
        raise ValueError(f"unknown community action {action!r}")
    return _checked(f"cyc:{table_id}:{action}" + (f":{arg}" if arg is not None else ""))


def plan_id(table_id: int, action: str, arg: str | None = None) -> str:
    if action not in PLAN_ACTIONS:
        raise ValueError(f"unknown plan action {action!r}")
    return _checked(f"cyp:{table_id}:{action}" + (f":{arg}" if arg else ""))


def plan_select_id(table_id: int, what: str) -> str:
    if what not in PLAN_SELECTS:
        raise ValueError(f"unknown plan select {what!r}")
    return _checked(f"cyx:{table_id}:{what}")
