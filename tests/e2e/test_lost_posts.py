"""No phase report is lost, and no table stops being posted, whatever Discord answers: a 429
beyond discord.py's own tries is retried; a refused report is kept (unacknowledged, even when a
later one is posted) for a later try or the next start, and the turn message still goes out; a
channel where the bot lost a permission is given up after a few 403s (one log line, a note on the
table's turn message) and posting resumes when someone uses the bot there with it back."""

from __future__ import annotations

import asyncio
import logging
import random

import pytest

from bot.games import Renderer
from bot.rules import Decision, Event, State
from tests.fake_discord import StoredMessage

from .conftest import TINY_PNG, World, tiny_render
from .helpers import (
    answer,
    current_turn,
    open_chooser,
    open_table,
    press,
    slash,
    turn_messages,
    whose,
)
from .sim import Table, offers, turn_of


def reports(world: World) -> list[StoredMessage]:
    return [m for m in world.fake.channel_messages(world.channel) if m.attachments]


def income_reports(world: World) -> list[StoredMessage]:
    return [m for m in reports(world) if "Phase 1: Income" in m.text]


def channel_path(world: World) -> str:
    return f"/channels/{world.channel.id}/messages"


async def two_seated(world: World) -> StoredMessage:
    message = await open_table(world, world.ann, seats=2)
    await answer(await slash(world, world.bob, "join"))
    return message


async def test_a_report_rate_limited_beyond_discord_py_is_retried(world: World) -> None:
    path = channel_path(world)
    async with world.bot() as run:
        message = await two_seated(world)
        world.fake.fail_next("POST", path, status=429, times=5, retry_after=0.01)  # all of discord.py's tries
        await press(world, message, "start", world.ann)
        await current_turn(world)
        await run.bot.publisher.idle()
        assert [c.status for c in world.fake.requests("POST", path)].count(429) == 5
        [report] = income_reports(world)
        assert report.attachments[0].data == TINY_PNG
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and await run.bot.manager.store.unreported(table.id) == []
        assert len(turn_messages(world)) == 1


async def test_a_post_whose_answer_was_lost_is_not_made_twice(world: World) -> None:
    """Discord made the post, its answer never came (503 after the fact): the try again carries
    the same nonce with enforce_nonce, and Discord gives back the first post, not a second."""
    path = channel_path(world)
    async with world.bot() as run:
        message = await two_seated(world)
        world.fake.fail_next("POST", path, status=503, lost=True)
        await press(world, message, "start", world.ann)
        await current_turn(world)
        await run.bot.publisher.idle()
        posts = world.fake.requests("POST", path)
        [lost] = [i for i, p in enumerate(posts) if p.status == 503]
        first, again = posts[lost], posts[lost + 1]
        assert again.status == 200
        assert first.json["nonce"] == again.json["nonce"] and again.json["enforce_nonce"] is True
        assert again.response["id"] in world.fake.state.messages  # the post made by the first try
        assert len(income_reports(world)) == 1 and len(turn_messages(world)) == 1
        assert len({p.json["nonce"] for p in posts}) == len(posts) - 1  # every other post its own


async def test_a_refused_report_is_kept_and_the_turn_message_still_goes_out(world: World) -> None:
    path = channel_path(world)
    async with world.bot(drain=False, retry_delays=(0.05, 0.1, 60.0)) as run:
        message = await two_seated(world)
        world.fake.fail_next("POST", path, status=400, code=50035, message="Invalid Form Body", times=1)
        await press(world, message, "start", world.ann)
        turn = await current_turn(world)  # the turn message is not dropped with the report
        assert whose(turn, world) in (world.ann, world.bob)
        assert income_reports(world) == []
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None
        assert len(await run.bot.manager.store.unreported(table.id)) == 1  # not acknowledged
    world.fake.rest.failures.clear()

    async with world.bot() as run:  # the next start posts it
        await world.fake.state.changed.wait_for(lambda: income_reports(world), 5.0, lambda: "not re-posted")
        await run.bot.publisher.idle()
        assert await run.bot.manager.store.unreported(table.id) == []
        assert len(turn_messages(world)) == 1 and turn_of(turn_messages(world)[0])[1] == turn_of(turn)[1]  # type: ignore[index]


def first_image_too_big(limit: int) -> Renderer:
    """The first board drawn is over the fake's attachment limit (Discord answers 413); the
    others are tiny."""
    drawn = [0]

    def render(state: State, events: list[Event], pending: Decision | None) -> bytes:
        drawn[0] += 1
        return TINY_PNG + b"\0" * (limit + 1) if drawn[0] == 1 else TINY_PNG

    return render


def pass_first(codes: list[str], rng: random.Random) -> str:
    return "pass" if "pass" in codes else rng.choice(codes)


async def test_a_later_report_does_not_acknowledge_an_earlier_lost_one(world: World) -> None:
    world.fake.state.attachment_size_limit = 4096
    world.render = first_image_too_big(4096)
    async with world.bot(drain=False) as run:
        message = await two_seated(world)
        await press(world, message, "start", world.ann)
        await current_turn(world)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None
        [income] = await run.bot.manager.store.unreported(table.id)
        # both pass: the phases after placement are reported (and acknowledged), one by one
        sim = Table(world.fake, world.channel, [world.ann, world.bob], random.Random(1), pick=pass_first)
        while not [m for m in reports(world) if "Phase 1: Income" not in m.text]:
            assert await sim.play_turn()
        await run.bot.publisher.idle()
        assert income_reports(world) == []
        assert [s.seq for s in await run.bot.manager.store.unreported(table.id)] == [income.seq]
        problems = world.fake.take_problems()  # the 413s of the oversized image
        assert problems and all(p.detail == "Request entity too large" for p in problems)
    world.render = tiny_render

    async with world.bot() as run:
        await world.fake.state.changed.wait_for(lambda: income_reports(world), 5.0, lambda: "not re-posted")
        await run.bot.publisher.idle()
        assert await run.bot.manager.store.unreported(table.id) == []


@pytest.mark.parametrize("resumed_by", ["a button", "/caylus status"])
async def test_a_channel_without_permission_is_given_up_then_resumed(
    world: World, caplog: pytest.LogCaptureFixture, resumed_by: str
) -> None:
    path = channel_path(world)
    caplog.set_level(logging.INFO, logger="bot.ui")
    async with world.bot() as run:
        message = await two_seated(world)
        await press(world, message, "start", world.ann)
        turn = await current_turn(world)
        await run.bot.publisher.idle()
        first = turn_of(turn)
        assert first is not None
        player = whose(turn, world)
        chooser = await open_chooser(world, turn, player)
        # the permission is lost after the chooser was opened: the move is made, its posts fail
        offer = next(o for o in offers(chooser) if o.code == "pass")
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        world.fake.forbid_sends(world.channel)
        table = manager.table(channel_id)
        assert table is not None and table.pending is not None
        await manager.act(channel_id, int(player.id), table.pending.number, offer.code)
        await run.bot.publisher.idle()
        forbidden = [c for c in world.fake.requests("POST", path) if c.status == 403]
        assert 1 <= len(forbidden) <= 3  # a few tries, then the channel is given up
        given_up = [r for r in caplog.records if "giving up" in r.getMessage()]
        assert len(given_up) == 1 and given_up[0].levelno == logging.WARNING
        # the note on the table: its turn message says why the game waits (no new message)
        assert "can no longer post in this channel" in turn.content
        assert turn_of(turn)[1] == table.pending.number  # type: ignore[index]  # edited (no ping) to the current decision
        assert turn_messages(world) == [turn]
        # later results are not tried against Discord while the channel is given up
        await asyncio.sleep(0.3)
        assert len([c for c in world.fake.requests("POST", path) if c.status == 403]) == len(forbidden)

        # the permission comes back; the next person using the bot there resumes posting
        world.fake.allow(world.channel)
        nxt_user = table.pending.user_id
        if resumed_by == "a button":
            handle = await world.fake.click(turn, turn_of(turn)[2], user=world.bob)  # type: ignore[index]
        else:  # any command used there resumes posting, not only a move
            handle = await slash(world, world.bob, "status")
        assert (await handle.response()).ephemeral
        nxt: StoredMessage = await world.fake.state.changed.wait_for(
            lambda: next((m for m in turn_messages(world) if m.id != turn.id), None), 5.0, lambda: "not resumed"
        )
        assert nxt.mentions() == [str(nxt_user)] and turn_of(nxt)[1] > first[1]  # type: ignore[index]
        await run.bot.publisher.idle()
        assert turn_messages(world) == [nxt]
        assert "can no longer post" not in nxt.content
