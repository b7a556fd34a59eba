"""A table in a thread of its own (issue 11 item 3): `/caylus new thread:true` opens a public
thread keyed as the table's channel; the channel keeps only the table card and the final result;
the card's buttons work from the channel, the commands and every turn in the thread."""

from __future__ import annotations

import random

from tests.fake_discord import FakeChannel

from .conftest import World
from .helpers import answer, press, slash
from .sim import LOBBY_ID, Table


def threads_of(world: World) -> list[FakeChannel]:
    return [c for c in world.fake.state.channels.values() if c.parent_id == world.channel.id and c.is_thread]


async def test_a_whole_game_in_a_thread(world: World) -> None:
    world.table_seed(7)
    async with world.bot() as run:
        text = await answer(await slash(world, world.ann, "new", seats=2, thread=True))
        [thread] = threads_of(world)
        assert "Your table is open" in text and f"<#{thread.id}>" in text
        assert thread.type == 11 and thread.name == "Caylus — Ann's table"
        [card] = [m for m in world.fake.channel_messages(world.channel) if any(LOBBY_ID.fullmatch(c) for c in m.custom_ids())]
        assert f"<#{thread.id}>" in card.content
        [greeting] = world.fake.channel_messages(thread)
        assert "This thread is the Caylus table's" in greeting.content
        table = run.bot.manager.table(int(thread.id))
        assert table is not None and table.settings.home_channel == int(world.channel.id)
        assert run.bot.manager.table(int(world.channel.id)) is None  # keyed by the thread

        # the card's buttons work from the channel; commands in the thread
        await press(world, card, "join", world.bob)
        await world.fake.state.changed.wait_for(lambda: "**Bob**" in card.content, 5.0, lambda: card.content)
        text = await answer(await world.fake.slash("caylus", subcommand="status", user=world.bob, channel=thread))
        assert "The table is open: 2/2 seats" in text
        text = await answer(await slash(world, world.bob, "status"))
        assert "no Caylus table" in text  # not in the channel: the table is the thread's
        # another thread table can be opened in the same channel meanwhile
        text = await answer(await slash(world, world.cid, "new", seats=2, thread=True))
        assert "Your table is open" in text and len(threads_of(world)) == 2
        await press(world, card, "start", world.ann)

        # the whole game is played in the thread
        sim = Table(world.fake, thread, [world.ann, world.bob], random.Random(5))
        stats = await sim.play()
        await run.bot.publisher.idle()
        await world.fake.state.changed.wait_for(lambda: "the game is over" in card.content, 5.0, lambda: card.content)
        # every choice was a click, or an obvious one the rules applied (issue 10)
        obvious = sum(m.who == "rule" for m in await run.bot.manager.store.moves(table.id))
        assert table.is_finished and stats.decisions + obvious == len(table.game.state.history)  # type: ignore[union-attr]

    posted = world.fake.channel_messages(world.channel)
    cards = [m for m in posted if m.content.startswith("🏰 **Caylus**")]
    results = [m for m in posted if "Game over" in m.content]
    assert len(cards) == 2 and len(results) == 1 and len(posted) == 3  # two cards, one result
    [result] = results
    assert f"(Played in <#{thread.id}>.)" in result.content
    [call] = [
        c for c in world.fake.requests("POST", f"/channels/{world.channel.id}/messages")
        if "Played in" in (c.json or {}).get("content", "")
    ]
    allowed = call.json.get("allowed_mentions") or {}
    assert not allowed.get("users") and not allowed.get("parse")  # no ping here: the thread pinged
    in_thread = world.fake.channel_messages(thread)
    assert stats.decisions > 0  # every turn message was found in the thread, and answered there
    assert any("Game over" in m.content for m in in_thread)
    assert any(m.attachments for m in in_thread)  # the phase reports with their boards


async def test_no_thread_inside_a_thread(world: World) -> None:
    async with world.bot():
        await answer(await slash(world, world.ann, "new", seats=2, thread=True))
        [thread] = threads_of(world)
        text = await answer(await world.fake.slash(
            "caylus", subcommand="new", user=world.bob, channel=thread, options={"thread": True}
        ))
        assert "only when it is opened in a text channel" in text
        assert len(threads_of(world)) == 1


async def test_without_the_thread_permission_nothing_opens(world: World) -> None:
    from tests.fake_discord import Perm

    world.channel.deny[world.fake.state.bot_user.id] = Perm.CREATE_PUBLIC_THREADS
    async with world.bot() as run:
        text = await answer(await slash(world, world.ann, "new", seats=2, thread=True))
        assert "I could not open a thread here" in text and "Create Public Threads" in text
        assert threads_of(world) == [] and run.bot.manager.tables() == []
        assert world.fake.channel_messages(world.channel) == []
