"""A restart of the bot (a new client on the same database) in the middle of a game and of a
lobby: the buttons posted before it still work, and the game goes on to its end."""

from __future__ import annotations

import random

from .conftest import World
from .helpers import (
    card,
    current_turn,
    edited,
    open_chooser,
    open_table,
    pick,
    press,
    seated_table,
    turn_messages,
    whose,
)
from .sim import Table, offers, turn_of
from .test_games import check_finished_game, kind_lookup


async def test_restart_in_the_middle_of_a_game(world: World) -> None:
    people = [world.ann, world.bob, world.cid]
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob, world.cid])
        sim = Table(world.fake, world.channel, people, random.Random(5))
        for _ in range(12):
            assert await sim.play_turn()
        turn = await current_turn(world, sim.last_seq)
        player = whose(turn, world)
        old_chooser = await open_chooser(world, turn, player)  # opened before the restart
        [table] = run.bot.manager.tables()
        before = [m.code for m in await run.bot.manager.store.moves(table.id)]
        identifies = len(world.fake.identifies)

    async with world.bot() as run:
        assert len(world.fake.identifies) == identifies + 1
        assert run.bot.manager.table_by_id(table.id) is not None
        # the turn message of the previous process still opens the chooser ...
        fresh = await open_chooser(world, turn, player)
        assert [o.code for o in offers(fresh)] == [o.code for o in offers(old_chooser)]
        # ... and the chooser opened before the restart still answers
        offer = offers(old_chooser)[0]
        revisions = len(old_chooser.revisions)
        if offer.is_select:
            click = await pick(world, old_chooser, offer.code, player)
        else:
            click = await world.fake.click(old_chooser, offer.custom_id, user=player)
        assert (await click.response()).type == 6
        await edited(world, old_chooser, revisions)
        assert old_chooser.content.startswith("✅")
        after = [m.code for m in await run.bot.manager.store.moves(table.id)]
        assert after == [*before, offer.code]
        # the fresh chooser is stale now: nothing is applied twice
        if offer.is_select:
            again = await pick(world, fresh, offer.code, player)
        else:
            again = await world.fake.click(fresh, offer.custom_id, user=player)
        [refusal] = await again.followups(1)
        assert refusal.content.startswith("Already done")  # their own choice was applied (issue 11)
        await run.bot.publisher.idle()
        # the old process's turn message is gone once this one posts its own
        assert len(turn_messages(world)) <= 1
        assert all(turn_of(m)[1] > offer.seq for m in turn_messages(world))  # type: ignore[index]

        sim.last_seq = offer.seq  # the game goes on from the turn messages of the new process
        sim.kind_of = kind_lookup(run)  # type: ignore[assignment]
        await sim.play()
        await run.bot.publisher.idle()
        await check_finished_game(world, run, table.id, humans=3)


async def test_restart_with_an_open_table(world: World) -> None:
    async with world.bot():
        message = await open_table(world, world.ann, seats=3)
    async with world.bot() as run:
        before = len(message.revisions)
        await press(world, message, "join", world.bob)
        await edited(world, message, before)
        assert "**Bob**" in message.content and card(world) is message
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.names == ["Ann", "Bob"]
