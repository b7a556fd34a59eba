"""A deadline that fires while its player clicks: both paths run at once, the table's one lock
(owned by the games layer) lets exactly one apply, the other gets a clear refusal (the click) or
is dropped (the timer), and the channel's posts follow the decision numbers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.fake_discord import StoredMessage
from tests.games.helpers import pending_at

from .conftest import World
from .helpers import ann_and_bob, answer, current_turn, slash, whose
from .sim import turn_of


def all_posts(world: World) -> list[StoredMessage]:
    """Every message the channel ever had (deleted ones too), in the order they were posted."""
    state = world.fake.state
    return [state.messages[i] for i in state.channel_messages[world.channel.id]]


def assert_posts_in_order(world: World) -> None:
    numbers = [t[1] for m in all_posts(world) if (t := turn_of(m)) is not None]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), numbers


class Gate:
    """Holds the first `record_move` (the first path to commit) until released."""

    def __init__(self, real: Callable[..., Any]) -> None:
        self.real = real
        self.entered = asyncio.Event()
        self.release = asyncio.Event()
        self.calls = 0

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        if self.calls == 1:
            self.entered.set()
            await self.release.wait()
        return await self.real(*args, **kwargs)


WAIT_S = 30.0  # a deadline for what the bot does next (generous: a loaded machine)


async def until_waited_on(lock: asyncio.Lock) -> None:
    """Until someone waits for `lock` (the second path has arrived at the table)."""
    give_up = time.monotonic() + WAIT_S
    while not getattr(lock, "_waiters", None):
        if time.monotonic() > give_up:
            raise AssertionError(f"nobody waits for the table's lock after {WAIT_S} s")
        await asyncio.sleep(0.01)


async def until_entered(gate: Gate) -> None:
    try:
        await asyncio.wait_for(gate.entered.wait(), WAIT_S)
    except TimeoutError:
        raise AssertionError(f"no move was committed within {WAIT_S} s") from None


async def without_scheduler(manager: Any) -> None:
    """Stop the bot's own timer task (started once the client is ready): it wakes every 30 s
    and would fire a due timer itself, beside the test's `run_due_timers`, on a slow machine."""
    give_up = time.monotonic() + WAIT_S
    while (scheduler := manager._timers.scheduler) is None or not scheduler.running:
        if time.monotonic() > give_up:
            raise AssertionError(f"the bot's timer task did not start within {WAIT_S} s")
        await asyncio.sleep(0.01)
    await manager.stop_scheduler()


@pytest.mark.parametrize("first", ["deadline", "click"])
async def test_deadline_fires_while_the_player_clicks(world: World, first: str) -> None:
    now = [1_800_000_000.0]
    async with world.bot(clock=lambda: now[0]) as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        turn = await ann_and_bob(world, manager, deadline=600, takeover_after=None)
        late = whose(turn, world)
        pending = pending_at(manager, channel_id)
        assert pending is not None
        number = pending.number
        await run.bot.publisher.idle()

        await without_scheduler(manager)
        gate = Gate(manager.store.record_move)
        world.monkeypatch.setattr(manager.store, "record_move", gate)
        lock = manager._registry.lock(channel_id)
        now[0] += 601  # the deadline (and the reminder) are due
        if first == "deadline":
            timers = asyncio.create_task(manager.run_due_timers())
            await until_entered(gate)  # the automatic move is being committed under the lock
            click = await slash(world, late, "pass")
            await until_waited_on(lock)
        else:
            click = await slash(world, late, "pass")
            await until_entered(gate)  # the player's move is being committed under the lock
            timers = asyncio.create_task(manager.run_due_timers())
            await until_waited_on(lock)
        gate.release.set()
        fired = await timers
        text = await answer(click)
        await run.bot.publisher.idle()

        table = manager.table(channel_id)
        assert table is not None
        log = await manager.store.moves(table.id)
        assert [m.pos for m in log] == [number], log  # exactly one move, for that decision
        outcomes = sorted(f.outcome for f in fired)
        if first == "deadline":
            assert log[0].who == "auto" and outcomes == ["moved", "skipped"]
            assert "no longer current" in text, text
            notes = [m for m in all_posts(world) if "missed the deadline" in m.content]
            assert len(notes) == 1
        else:
            assert log[0].who == "player" and outcomes == ["dropped", "dropped"]
            assert text.startswith("✅ Pass"), text
            assert not any("missed the deadline" in m.content for m in all_posts(world))
        p = pending_at(manager, channel_id)
        assert p is not None and p.number == number + 1
        assert_posts_in_order(world)
        last = await current_turn(world, after_seq=number)
        assert turn_of(last)[1] == p.number  # type: ignore[index]
        if first == "deadline":  # the note comes before the turn message it led to
            posts = all_posts(world)
            assert posts.index(notes[0]) < posts.index(last)


async def test_an_older_result_is_never_posted_after_a_newer_one(world: World) -> None:
    async with world.bot() as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        await manager.create_table(int(world.guild.id), channel_id, int(world.ann.id), "Ann", 2)
        await manager.join(channel_id, int(world.bob.id), "Bob")
        started = await manager.start(channel_id, int(world.ann.id))
        p = pending_at(manager, channel_id)
        assert p is not None and p.user_id is not None
        await manager.act(channel_id, p.user_id, p.number, "pass")
        await run.bot.publisher.idle()
        before = len(all_posts(world))
        assert run.bot.publisher.publish(started) is None  # decision 0, after decision 1's result
        await run.bot.publisher.idle()
        assert len(all_posts(world)) == before
        assert_posts_in_order(world)
