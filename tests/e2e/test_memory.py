"""Memory that does not grow with the tables played (issue 28, item 1): once a table is over
(finished, abandoned, its lobby expired; in its channel or in a thread of its own) nothing of it
stays in the bot's maps. Every dict and set of the bot's own objects is measured (tests/e2e/
kept.py, the same as benchmarks/soak.py): after each table none holds more entries than there
are tables alive, and after the last one every map is empty but the people's own settings."""

from __future__ import annotations

import asyncio
import random

from bot.ui.app import CaylusBot
from tests.fake_discord import FakeChannel, FakeMember

from .conftest import World
from .helpers import answer, card, open_table, press, slash
from .kept import kept, per_table
from .sim import Table

DAY = 86_400.0


def threads_of(world: World) -> list[FakeChannel]:
    return [c for c in world.fake.state.channels.values() if c.parent_id == world.channel.id and c.is_thread]


def too_big(bot: object, alive: int) -> dict[str, int]:
    return {k: v for k, v in per_table(kept(bot)).items() if v > alive}  # type: ignore[arg-type]


async def test_nothing_stays_of_tables_that_are_over(world: World) -> None:
    now = [1_800_000_000.0]
    async with world.bot(clock=lambda: now[0]) as run:
        bot = run.bot

        async def settled(alive: int, what: str) -> None:
            """Once the bot is done with what was asked (its posts, its clicks' last steps)."""
            await bot.publisher.idle()
            await bot.manager.idle()
            deadline = asyncio.get_running_loop().time() + 5.0
            while too_big(bot, alive) and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.01)  # the bot's own maps: no change of the fake's to wait on
            big = too_big(bot, alive)
            assert big == {}, f"{what}: {big}"

        def new_channel() -> None:  # each table in a channel of its own (a channel's past stays)
            world.channel = world.fake.add_channel(world.guild, f"table-{len(world.fake.state.channels)}")

        for round_ in range(3):
            # a game played to its end: Ann and an AI seat
            new_channel()
            message = await open_table(world, world.ann, seats=2, ai=1)
            await press(world, message, "start", world.ann)
            await Table(world.fake, world.channel, [world.ann], random.Random(round_)).play()
            await settled(0, "a finished game")

            # a lobby abandoned by its creator
            new_channel()
            await open_table(world, world.bob, seats=3)
            await press_abandon(world, world.bob, bot)
            await settled(0, "an abandoned lobby")

            # a lobby nobody started: it expires
            new_channel()
            await open_table(world, world.cid, seats=3)
            await settled(1, "an open lobby")
            now[0] += 8 * DAY
            await bot.manager.run_due_timers()
            await settled(0, "an expired lobby")

            # a game abandoned half-way
            new_channel()
            message = await open_table(world, world.dee, seats=2, ai=1)
            await press(world, message, "start", world.dee)
            sim = Table(world.fake, world.channel, [world.dee], random.Random(10 + round_))
            for _ in range(4):
                assert await sim.play_turn()
            await settled(1, "a game in play")
            await press_abandon(world, world.dee, bot)
            await settled(0, "an abandoned game")

            # a game in a thread of its own, to its end
            new_channel()
            before = set(c.id for c in threads_of(world))
            await answer(await slash(world, world.ann, "new", seats=2, ai=1, thread=True))
            [thread] = [c for c in threads_of(world) if c.id not in before]
            await press(world, card(world), "start", world.ann)
            await Table(world.fake, thread, [world.ann], random.Random(20 + round_)).play()
            await settled(0, "a finished game in a thread")

        sizes = kept(bot)
        assert sizes["bot.languages"] == 0 and sum(per_table(sizes).values()) == 0, sizes


async def press_abandon(world: World, user: FakeMember, bot: CaylusBot) -> None:
    """`/caylus abandon`, then its confirmation's button; back once the table is gone."""
    reply = await (await slash(world, user, "abandon")).response()
    assert reply.message is not None, reply
    await press(world, reply.message, "abandon", user)
    channel = int(world.channel.id)
    await world.fake.state.changed.wait_for(
        lambda: bot.manager.table(channel) is None, 5.0, lambda: "the table was not abandoned"
    )
