"""The click's confirmation never waits for a board image: the games layer draws off the event
loop, and only the post that carries the image waits for it."""

from __future__ import annotations

import asyncio
import threading

from bot.rules import Decision, Event, State

from .conftest import TINY_PNG, World
from .helpers import answer, current_turn, seated_table, slash, whose
from .sim import turn_of

GATE = threading.Event()  # the renderer draws only while it is set
DRAWING = threading.Event()  # set once the renderer was asked to draw


def held_render(state: State, events: list[Event], pending: Decision | None) -> bytes:
    DRAWING.set()
    GATE.wait(30)
    return TINY_PNG


async def test_confirmation_does_not_wait_for_the_board(world: World) -> None:
    world.render = held_render
    GATE.set()
    try:
        async with world.bot() as run:
            await seated_table(world, world.ann, [world.bob])
            turn = await current_turn(world)
            first = whose(turn, world)
            assert (await answer(await slash(world, first, "pass"))).startswith("✅ Pass")
            nxt = await current_turn(world, after_seq=turn_of(turn)[1])  # type: ignore[index]
            second = whose(nxt, world)
            assert second is not first
            await run.bot.publisher.idle()
            posts_before = len(world.fake.channel_messages(world.channel))

            GATE.clear()
            DRAWING.clear()
            # The second pass ends phase 2: a phase report whose board is held back.
            text = await asyncio.wait_for(answer(await slash(world, second, "pass")), 5.0)
            assert text.startswith("✅ Pass")
            # The board was asked for and is held: it cannot have been drawn before the answer.
            assert await asyncio.to_thread(DRAWING.wait, 5.0), "the phase's board was not drawn"
            new = world.fake.channel_messages(world.channel)[posts_before:]
            assert not any(m.attachments for m in new), "the report went out before its board was drawn"

            GATE.set()
            report = await world.fake.wait_for_message(
                world.channel, lambda m: bool(m.attachments) and "Phase 2" in m.text
            )
            assert report.attachments[0].data == TINY_PNG
            await run.bot.publisher.idle()
    finally:
        GATE.set()
