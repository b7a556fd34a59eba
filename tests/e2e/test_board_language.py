"""The board image through Discord in the table's language (issue 12): a Russian table's phase
report carries the Russian board, drawn by the real renderer."""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.games import render_board_png
from bot.rules import Decision, Event, State

from .conftest import World
from .helpers import answer, current_turn, seated_table, slash, whose
from .sim import turn_of

ENGLISH: dict[bytes, bytes] = {}  # each board drawn -> the same board drawn in English
DRAWN: list[tuple[str, bytes]] = []


def recording_render(
    state: State, events: list[Event], pending: Decision | None, **kw: Any
) -> bytes | None:
    png = render_board_png(state, events, pending, **kw)
    assert png is not None
    DRAWN.append((kw.get("lang", "en"), png))
    ENGLISH[png] = render_board_png(state, events, pending) or b""
    return png


async def test_a_russian_table_gets_the_russian_board(world: World) -> None:
    DRAWN.clear()
    world.render = recording_render
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        [t] = run.bot.manager.tables()
        # the table speaks Russian from here on (as its language setting would say)
        t.settings = dataclasses.replace(t.settings, language="ru")
        turn = await current_turn(world)
        first = whose(turn, world)
        await answer(await slash(world, first, "pass"))
        nxt = await current_turn(world, after_seq=turn_of(turn)[1])  # type: ignore[index]
        second = whose(nxt, world)
        await run.bot.publisher.idle()
        drawn_before = len(DRAWN)
        await answer(await slash(world, second, "pass"))  # ends phase 2: a report with its board
        report = await world.fake.wait_for_message(
            world.channel,
            lambda m: any(("ru", a.data) in DRAWN[drawn_before:] for a in m.attachments),
        )
        await run.bot.publisher.idle()
        posted = report.attachments[0].data
        assert {lang for lang, _ in DRAWN[drawn_before:]} == {"ru"}
        # what was posted is the Russian board, not the English one of the same moment
        assert ENGLISH[posted].startswith(b"\x89PNG") and posted != ENGLISH[posted]
