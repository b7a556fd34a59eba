"""Moves the manager makes by itself (a deadline passed), reminders and seats handed to the AI
reach the channel through the listener, with the same publisher as every other move."""

from __future__ import annotations

from tests.games.helpers import pending_at

from .conftest import World
from .helpers import ann_and_bob, current_turn, turn_messages, whose


async def test_deadline_reminder_and_takeover_reach_the_channel(world: World) -> None:
    now = [1_800_000_000.0]
    async with world.bot(clock=lambda: now[0]) as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        turn = await ann_and_bob(world, manager, deadline=600, takeover_after=1)
        late = whose(turn, world)
        seq = pending_at(manager, channel_id).number  # type: ignore[union-attr]
        assert f"<t:{int(now[0]) + 600}:R>" in turn.content

        now[0] += 301
        await manager.run_due_timers()
        reminder = await world.fake.wait_for_message(world.channel, lambda m: "⏰" in m.content)
        assert late.id in reminder.mentions()
        await run.bot.publisher.idle()
        assert turn.deleted and turn_messages(world) == [reminder]
        posts = world.fake.requests("POST", f"/channels/{world.channel.id}/messages")
        assert [str(u) for u in posts[-1].json["allowed_mentions"]["users"]] == [late.id]

        now[0] += 300
        await manager.run_due_timers()
        await world.fake.wait_for_message(world.channel, lambda m: "missed the deadline" in m.content)
        await world.fake.wait_for_message(world.channel, lambda m: m.content.startswith("🤖"))
        nxt = await current_turn(world, after_seq=seq)
        assert whose(nxt, world) is not late
        await run.bot.publisher.idle()
        assert len(turn_messages(world)) == 1
        table = manager.table(channel_id)
        assert table is not None
        moves = await manager.store.moves(table.id)
        assert moves[0].actor == "auto" and moves[0].user_id is None


async def test_a_deadline_that_fell_due_while_the_bot_was_down_acts_once(world: World) -> None:
    """Issue #6: timers live in the store; one that fell due during a restart fires once at
    start-up (the reminder, whose deadline has passed too, is skipped), never again."""
    now = [1_800_000_000.0]
    async with world.bot(clock=lambda: now[0]) as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        turn = await ann_and_bob(world, manager, deadline=3600, takeover_after=None)
        seq = pending_at(manager, channel_id).number  # type: ignore[union-attr]

    now[0] += 2 * 3600  # the bot is down while the deadline passes
    async with world.bot(clock=lambda: now[0]) as run:
        await world.fake.wait_for_message(world.channel, lambda m: "missed the deadline" in m.content)
        await current_turn(world, after_seq=seq)
        await run.bot.publisher.idle()
        table = run.bot.manager.table(channel_id)
        assert table is not None
        moves = await run.bot.manager.store.moves(table.id)
        assert [m.actor for m in moves if m.seq == seq] == ["auto"]
        automatic = [m for m in moves if m.actor == "auto"]

    async with world.bot(clock=lambda: now[0]) as run:
        await run.bot.publisher.idle()
        moves = await run.bot.manager.store.moves(table.id)
        assert [m for m in moves if m.actor == "auto"] == automatic
    said = [m for m in world.fake.channel_messages(world.channel) if "missed the deadline" in m.content]
    assert len(said) == 1
    assert not any("⏰" in m.content for m in world.fake.channel_messages(world.channel))
    assert turn.deleted


async def test_a_missed_deadline_names_the_choice_in_the_tables_language(world: World) -> None:
    """The line for an absent player's move says the choice as the chooser would have, in the
    table's language (the rules' own label is English)."""
    from bot.i18n import translator
    from bot.rules import TILES

    now = [1_800_000_000.0]
    async with world.bot(clock=lambda: now[0]) as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        await ann_and_bob(world, manager, deadline=600, takeover_after=None, language="ru")
        table = manager.table(channel_id)
        assert table is not None and table.game is not None
        before = table.game.clone(quiet=True)
        now[0] += 601
        await manager.run_due_timers()
        line = await world.fake.wait_for_message(world.channel, lambda m: "не успевает к сроку" in m.content)
        moves = await manager.store.moves(table.id)
    code = moves[0].code
    assert before.decision is not None
    english = next(c.label for c in before.decision.choices if c.code == code)
    assert english not in line.content, line.content
    if code.startswith("r"):  # a placement on the road: the building by its Russian name
        name = TILES[before.state.road_tile[int(code[1:])]].name
        assert translator("ru").pgettext("building", name) in line.content, line.content
