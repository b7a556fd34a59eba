"""The table card, its buttons and the lobby commands."""

from __future__ import annotations

import asyncio

from bot.store import SeatRecord

from .conftest import World
from .helpers import (
    answer,
    card,
    current_turn,
    edited,
    open_table,
    press,
    slash,
    turn_messages,
    whose,
)


async def test_card_join_leave_start(world: World) -> None:
    async with world.bot() as run:
        message = await open_table(world, world.ann, seats=3)
        assert message.button_labels() == ["Join", "Leave", "Add AI", "Start"]
        assert "1/3 seats" in message.content and "**Ann** (creator)" in message.content
        assert not message.ephemeral

        before = len(message.revisions)
        await press(world, message, "join", world.bob)
        await edited(world, message, before)
        assert "2/3 seats" in message.content and "**Bob**" in message.content

        again = await press(world, message, "join", world.bob)
        [refusal] = await again.followups(1)
        assert refusal.ephemeral and "already have a seat" in refusal.content

        before = len(message.revisions)
        await press(world, message, "leave", world.bob)
        await edited(world, message, before)
        assert "**Bob**" not in message.content

        text = await answer(await slash(world, world.cid, "join"))
        assert "You sit at seat 2 of 3" in text
        assert "**Cid**" in card(world).content

        refused = await press(world, message, "start", world.cid)
        [refusal] = await refused.followups(1)
        assert "Only the table's creator or a moderator can start" in refusal.content

        before = len(message.revisions)
        await press(world, message, "start", world.ann)
        await edited(world, message, before)
        assert "the game has started with 2 players" in message.content
        assert message.custom_ids() == []
        turn = await current_turn(world)
        assert whose(turn, world) in (world.ann, world.cid)
        reports = [m for m in world.fake.channel_messages(world.channel) if m.attachments]
        assert reports and "Round 1 · Phase 1: Income" in reports[0].text
        # the card never pings anyone
        for call in world.fake.requests("PATCH", f"/channels/{world.channel.id}/messages/{message.id}"):
            assert (call.json.get("allowed_mentions") or {}).get("users", []) == []
        assert run.bot.manager.table(int(world.channel.id)).is_started  # type: ignore[union-attr]


async def test_ai_seats_from_new_and_the_button(world: World) -> None:
    async with world.bot() as run:
        message = await open_table(world, world.ann, seats=3, ai=1)
        assert "**AI 1 (normal)** (AI)" in message.content
        refused = await press(world, message, "ai", world.bob)
        [refusal] = await refused.followups(1)
        assert "Only the table's creator or a moderator can add an AI seat" in refusal.content

        before = len(message.revisions)
        await press(world, message, "ai", world.ann)
        await edited(world, message, before)
        assert "**AI 2 (normal)** (AI)" in message.content and "3/3 seats" in message.content

        full = await press(world, message, "join", world.bob)
        [refusal] = await full.followups(1)
        assert "This table is full (3 seats)" in refusal.content

        await press(world, message, "start", world.ann)
        turn = await current_turn(world)
        assert whose(turn, world) is world.ann
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and [s.is_ai for s in table.seats] == [False, True, True]
    # AI seats are never pinged: every ping is Ann's
    for call in world.fake.requests("POST", f"/channels/{world.channel.id}/messages"):
        users = (call.json.get("allowed_mentions") or {}).get("users") or []
        assert [str(u) for u in users] in ([], [world.ann.id])


async def test_one_table_per_channel_and_seat_checks(world: World) -> None:
    async with world.bot():
        await open_table(world, world.ann, seats=2)
        text = await answer(await slash(world, world.bob, "new"))
        assert "already has a Caylus table" in text
        text = await answer(await slash(world, world.bob, "new", seats=2, ai=2))
        assert "already has a Caylus table" in text or "more than 2 seats" in text
        text = await answer(await slash(world, world.stranger, "leave"))
        assert "not a player at this table" in text
        text = await answer(await slash(world, world.ann, "start"))
        assert "at least 2 players" in text


async def test_two_people_take_the_last_seat_at_once(world: World) -> None:
    async with world.bot() as run:
        message = await open_table(world, world.ann, seats=2)
        join = next(c for c in message.custom_ids() if c.endswith(":join"))
        before = len(message.revisions)
        bob, cid = await asyncio.gather(
            world.fake.click(message, join, user=world.bob),
            world.fake.click(message, join, user=world.cid),
        )
        await bob.response()
        await cid.response()
        await world.fake.state.changed.wait_for(
            lambda: bob.record.followup_ids or cid.record.followup_ids, 5.0, lambda: "no refusal"
        )
        await edited(world, message, before)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and len(table.seats) == 2
        loser = cid if table.seats[1].user_id == int(world.bob.id) else bob
        [refusal] = await loser.followups(1)
        assert "This table is full" in refusal.content
        assert table.seats[1].name in card(world).content


async def test_abandon_by_the_creator_or_a_moderator(world: World) -> None:
    async with world.bot() as run:
        await open_table(world, world.ann, seats=2)
        await answer(await slash(world, world.bob, "join"))
        await answer(await slash(world, world.ann, "start"))
        await current_turn(world)

        # a player who is not the creator is refused at once: no confirm button (issue 11)
        reply = await (await slash(world, world.bob, "abandon")).response()
        assert reply.ephemeral and "Only the table's creator or someone with Manage Channels" in (reply.content or "")
        assert reply.message is None or reply.message.custom_ids() == []

        # a moderator can
        reply = await (await slash(world, world.mod, "abandon")).response()
        confirm = reply.message
        assert confirm is not None
        click = await world.fake.click(confirm, confirm.custom_ids()[0], user=world.mod)
        await click.response()
        await world.fake.wait_for_message(world.channel, lambda m: "abandoned by" in m.content)
        await run.bot.publisher.idle()
        assert "table is abandoned" in confirm.content and confirm.custom_ids() == []
        assert turn_messages(world) == []
        assert "this table was abandoned" in card(world).content if any(
            m.custom_ids() for m in world.fake.channel_messages(world.channel)
        ) else True
        assert run.bot.manager.table(int(world.channel.id)) is None
        text = await answer(await slash(world, world.ann, "status"))
        assert "There is no Caylus table in this channel" in text
        # a new table can be opened at once
        await open_table(world, world.bob, seats=2)


async def test_a_table_only_the_store_knew_of_is_shown_with_its_card(world: World) -> None:
    """A table in the store that memory does not hold (a creation whose answer was lost):
    `/caylus new` there says a table exists, takes it into memory and posts its card, on
    which people join as on any card."""
    async with world.bot() as run:
        store = run.bot.manager.store
        await store.create_table(
            guild_id=int(world.guild.id), channel_id=int(world.channel.id), creator_id=int(world.ann.id),
            max_seats=2, options={}, seed=5, seats=[SeatRecord(0, "Ann", int(world.ann.id), False, 0.0)],
        )  # fmt: skip
        assert run.bot.manager.table(int(world.channel.id)) is None
        text = await answer(await slash(world, world.bob, "new"))
        assert "already has a Caylus table" in text
        shown = await world.fake.wait_for_message(world.channel, lambda m: "1/2 seats" in m.content)
        assert "**Ann**" in shown.content and shown.button_labels() == ["Join", "Leave", "Add AI", "Start"]
        before = len(shown.revisions)
        await press(world, shown, "join", world.bob)
        await edited(world, shown, before)
        assert "2/2 seats" in shown.content
        again = await answer(await slash(world, world.cid, "new"))
        assert "already has a Caylus table" in again
        await run.bot.publisher.idle()
        cards = [m for m in world.fake.channel_messages(world.channel) if "seats" in m.content]
        assert cards == [shown]  # known from now on: no second card
