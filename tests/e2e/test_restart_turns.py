"""After a restart every started table waiting on a person shows that person's current turn
message: posted (with its one ping) when the channel's latest one is for an earlier decision,
kept as it is (no second post, no second ping) when it is already current."""

from __future__ import annotations

from .conftest import World
from .helpers import current_turn, open_chooser, seated_table, turn_messages, whose
from .sim import offers, turn_of


def channel_path(world: World) -> str:
    return f"/channels/{world.channel.id}/messages"


async def caught_up(world: World, run: object) -> None:
    """The restarted bot looked at the channel for its turn message and posted what it must."""
    await world.fake.state.changed.wait_for(
        lambda: any(c.method == "GET" for c in world.fake.requests("GET", channel_path(world))),
        5.0,
        lambda: "the channel was never looked at after the restart",
    )
    await run.bot.publisher.idle()  # type: ignore[attr-defined]


async def test_a_turn_message_lost_to_a_503_is_posted_after_a_restart(world: World) -> None:
    path = channel_path(world)
    async with world.bot(drain=False) as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        found = turn_of(turn)
        assert found is not None
        player = whose(turn, world)
        chooser = await open_chooser(world, turn, player)
        offer = next(o for o in offers(chooser) if not o.is_select)
        world.fake.fail_next("POST", path, status=503, times=10**6)
        click = await world.fake.click(chooser, offer.custom_id, user=player)
        await click.response()
        await world.fake.state.changed.wait_for(
            lambda: any(c.status == 503 for c in world.fake.requests("POST", path)), 5.0, lambda: "no 503"
        )
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.pending is not None
        waiting = table.pending
        assert waiting.number > found[1] and waiting.user_id != int(player.id)
        # the channel still shows the turn message of the decision already made
        assert [turn_of(m)[1] for m in turn_messages(world)] == [found[1]]  # type: ignore[index]
    world.fake.rest.failures.clear()

    async with world.bot() as run:
        nxt = await current_turn(world, after_seq=found[1])
        assert turn_of(nxt)[1] == waiting.number  # type: ignore[index]
        assert nxt.mentions() == [str(waiting.user_id)]
        await run.bot.publisher.idle()
        assert turn_messages(world) == [nxt]  # the stale one is gone


async def test_a_current_turn_message_is_kept_across_a_restart(world: World) -> None:
    path = channel_path(world)
    async with world.bot():
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
    posts = len(world.fake.requests("POST", path))
    revisions = len(turn.revisions)

    async with world.bot() as run:
        await caught_up(world, run)
        assert len(world.fake.requests("POST", path)) == posts  # no second turn message, no ping
        assert turn_messages(world) == [turn] and len(turn.revisions) == revisions
        # the kept message is the table's turn message: the next move replaces it
        found = turn_of(turn)
        assert found is not None
        player = whose(turn, world)
        chooser = await open_chooser(world, turn, player)
        offer = next(o for o in offers(chooser) if not o.is_select)
        await (await world.fake.click(chooser, offer.custom_id, user=player)).response()
        nxt = await current_turn(world, after_seq=found[1])
        await run.bot.publisher.idle()
        assert turn_messages(world) == [nxt]


async def test_every_waiting_table_gets_its_turn_message(world: World) -> None:
    """Two tables in two channels, both with their turn message lost: both are posted."""
    other = world.fake.add_channel(world.guild, "caylus-2")
    async with world.bot(drain=False) as run:
        await seated_table(world, world.ann, [world.bob])
        first = await current_turn(world)
        world.channel, home = other, world.channel
        await seated_table(world, world.cid, [world.dee])
        second = await current_turn(world)
        world.channel = home
        await run.bot.publisher.idle()
    # both turn messages were lost (deleted by hand, as a moderator might)
    for m in (first, second):
        world.fake.state.delete_message(m)

    async with world.bot() as run:
        again = await current_turn(world)
        assert again.mentions() == first.mentions()
        world.channel = other
        again2 = await current_turn(world)
        assert again2.mentions() == second.mentions()
        world.channel = home
