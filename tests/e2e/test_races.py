"""Clicks that race, come twice, come late, or come from the wrong person: nothing is applied
twice and every one gets a short answer saying why."""

from __future__ import annotations

import asyncio

from .conftest import World
from .helpers import answer, current_turn, open_chooser, pick, seated_table, slash, whose
from .sim import offers, turn_of


async def moves(run: object, world: World) -> list[str]:
    manager = run.bot.manager  # type: ignore[attr-defined]
    table = manager.table(int(world.channel.id))
    return [m.code for m in await manager.store.moves(table.id)]


async def test_double_click_applies_once(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob, world.cid])
        turn = await current_turn(world)
        player = whose(turn, world)
        chooser = await open_chooser(world, turn, player)
        first, second = await asyncio.gather(
            pick(world, chooser, "castle", player),
            pick(world, chooser, "castle", player),
        )
        assert (await first.response()).type == 6 and (await second.response()).type == 6
        refusals = await world.fake.state.changed.wait_for(
            lambda: [m for h in (first, second) for m in h.record.followup_ids], 5.0, lambda: "no refusal"
        )
        [refusal] = [world.fake.message(i) for i in refusals]
        assert refusal.ephemeral and refusal.content.startswith("Already done")  # issue 11 item 10
        await run.bot.publisher.idle()
        assert await moves(run, world) == ["castle"]
        assert chooser.content.startswith("✅ Castle")


async def test_two_players_at_once(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        mine, theirs = await asyncio.gather(slash(world, player, "pass"), slash(world, other, "pass"))
        texts = [await answer(mine), await answer(theirs)]
        assert texts[0].startswith("✅ Pass")
        assert "It is not your turn" in texts[1] or "no longer current" in texts[1]
        await run.bot.publisher.idle()
        assert await moves(run, world) == ["pass"]


async def test_stranger_and_out_of_turn(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        open_button = turn_of(turn)[2]  # type: ignore[index]

        reply = await (await world.fake.click(turn, open_button, user=world.stranger)).response()
        assert reply.ephemeral and "You are not a player at this table" in (reply.content or "")
        text = await answer(await slash(world, world.stranger, "pass"))
        assert "You are not a player at this table" in text

        reply = await (await world.fake.click(turn, open_button, user=other)).response()
        assert reply.ephemeral and (reply.content or "").startswith("It is not your turn")
        assert player.user.global_name in (reply.content or "")
        assert "You will be pinged" in (reply.content or "")
        assert reply.message is not None and reply.message.custom_ids() == []
        assert await moves(run, world) == []


async def test_stale_chooser(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        old = await open_chooser(world, turn, player)
        fresh = await open_chooser(world, turn, player)
        pass_offer = next(o for o in offers(fresh) if o.code == "pass")
        await (await world.fake.click(fresh, pass_offer.custom_id, user=player)).response()
        await world.fake.state.changed.wait_for(lambda: fresh.revisions, 5.0, lambda: "not edited")

        # the other chooser still shows decision 0: it is stale now
        assert any(o.code == "castle" for o in offers(old))
        click = await pick(world, old, "castle", player)
        [refusal] = await click.followups(1)
        assert refusal.content.startswith("Already done")  # they answered decision 0 (issue 11)
        await run.bot.publisher.idle()
        assert await moves(run, world) == ["pass"]

        # the next player's stale-free chooser works; its buttons carry the new decision number
        nxt = await current_turn(world, after_seq=0)
        assert turn_of(nxt)[1] == 1  # type: ignore[index]
        follower = whose(nxt, world)
        assert follower is not player
        chooser = await open_chooser(world, nxt, follower)
        assert {o.seq for o in offers(chooser)} == {1}


async def test_stale_chooser_of_the_player_in_turn_shows_the_current_one(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        old = await open_chooser(world, turn, player)
        assert (await answer(await slash(world, player, "place", target="castle"))).startswith("✅")
        assert (await answer(await slash(world, other, "place", target="gate"))).startswith("✅")
        # back to the first player: their old chooser answers decision 0, the game is at 2
        pick = next(o for o in offers(old) if o.code == "pass")
        click = await world.fake.click(old, pick.custom_id, user=player)
        [refusal] = await click.followups(1)
        assert refusal.content.startswith("Already done") and "Here is your current decision" in refusal.content
        assert {o.seq for o in offers(refusal)} == {2}
        await run.bot.publisher.idle()
        assert await moves(run, world) == ["castle", "gate"]


async def test_publishing_the_same_decision_twice_posts_one_turn_message(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None
        posts = len(world.fake.requests("POST", f"/channels/{world.channel.id}/messages"))
        await run.bot.publisher.show_turn(table)
        await run.bot.publisher.show_turn(table)
        assert len(world.fake.requests("POST", f"/channels/{world.channel.id}/messages")) == posts
        assert [m.id for m in world.fake.channel_messages(world.channel) if turn_of(m)] == [turn.id]
