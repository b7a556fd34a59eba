"""Discord failing: missing channel permissions, 5xx answers while a phase report is posted,
a report never posted before the bot stops. Nothing is lost."""

from __future__ import annotations

import asyncio

from tests.fake_discord import Perm
from tests.games.helpers import pending_at

from .conftest import TINY_PNG, World
from .helpers import (
    answer,
    current_turn,
    open_chooser,
    open_table,
    press,
    seated_table,
    slash,
    turn_messages,
    whose,
)
from .sim import offers


def income_reports(world: World) -> list[object]:
    return [m for m in world.fake.channel_messages(world.channel) if "Phase 1: Income" in m.text]


async def test_missing_permissions_are_explained(world: World) -> None:
    async with world.bot() as run:
        world.fake.forbid_sends(world.channel)
        text = await answer(await slash(world, world.ann, "new"))
        assert "I cannot post the game in this channel" in text and "**Send Messages**" in text
        assert run.bot.manager.table(int(world.channel.id)) is None

        world.fake.allow(world.channel)
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        chooser = await open_chooser(world, turn, player)
        world.fake.deny(world.channel, Perm.ATTACH_FILES)
        offer = next(o for o in offers(chooser) if o.code == "pass")
        click = await world.fake.click(chooser, offer.custom_id, user=player)
        [refusal] = await click.followups(1)
        assert "**Attach Files**" in refusal.content and "Ask a moderator" in refusal.content
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and await run.bot.manager.store.moves(table.id) == []

        world.fake.allow(world.channel)
        click = await world.fake.click(chooser, offer.custom_id, user=player)
        await click.response()
        await world.fake.state.changed.wait_for(lambda: chooser.content.startswith("✅"), 5.0, lambda: "not applied")
        assert [m.code for m in await run.bot.manager.store.moves(table.id)] == ["pass"]


async def test_server_errors_while_posting_a_report_are_retried(world: World) -> None:
    async with world.bot() as run:
        message = await open_table(world, world.ann, seats=2)
        await answer(await slash(world, world.bob, "join"))
        path = f"/channels/{world.channel.id}/messages"
        world.fake.fail_next("POST", path, status=503, times=3)
        await press(world, message, "start", world.ann)
        await current_turn(world)
        await run.bot.publisher.idle()
        statuses = [c.status for c in world.fake.requests("POST", path)]
        assert statuses.count(503) == 3
        [report] = income_reports(world)
        assert report.attachments[0].data == TINY_PNG  # type: ignore[attr-defined]
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and await run.bot.manager.store.unreported(table.id) == []
        assert len(turn_messages(world)) == 1


async def test_report_never_posted_comes_back_after_a_restart(world: World) -> None:
    path = f"/channels/{world.channel.id}/messages"
    async with world.bot(drain=False) as run:
        message = await open_table(world, world.ann, seats=2)
        await answer(await slash(world, world.bob, "join"))
        world.fake.fail_next("POST", path, status=503, times=10**6)
        await press(world, message, "start", world.ann)
        await world.fake.state.changed.wait_for(
            lambda: [c.status for c in world.fake.requests("POST", path)].count(503) >= 3,
            5.0,
            lambda: "no retries",
        )
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and len(await run.bot.manager.store.unreported(table.id)) == 1
        assert income_reports(world) == [] and turn_messages(world) == []
    world.fake.rest.failures.clear()

    async with world.bot() as run:
        turn = await current_turn(world)
        [report] = income_reports(world)
        assert report.attachments  # type: ignore[attr-defined]
        assert whose(turn, world) in (world.ann, world.bob)
        await run.bot.publisher.idle()
        assert await run.bot.manager.store.unreported(table.id) == []


async def test_lost_permission_while_posting_from_outside_an_interaction(world: World) -> None:
    """A result made outside any interaction (as a deadline's automatic move is) is posted
    through the manager's listener; a 403 is retried until the permission is back."""
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        world.fake.forbid_sends(world.channel)
        p = pending_at(manager, channel_id)
        assert p is not None
        await manager.act(channel_id, int(player.id), p.number, "pass")
        posted = asyncio.ensure_future(run.bot.publisher.idle())
        await world.fake.state.changed.wait_for(
            lambda: any(c.status == 403 for c in world.fake.requests("POST")), 5.0, lambda: "no 403"
        )
        assert not posted.done()
        world.fake.allow(world.channel)
        await posted
        nxt = await current_turn(world, after_seq=p.number)
        assert whose(nxt, world) is not player
