"""Issue 11: one click per decision on the turn message itself (only its player can use it), the
board on demand privately, mid-phase included, and an undo that leaves no ghost ping."""

from __future__ import annotations

import pytest

import bot.ui.play
from bot.games import Renderer
from bot.rules import Decision, Event, State
from tests.fake_discord import StoredMessage

from .conftest import TINY_PNG, World
from .helpers import current_turn, pick, private_answer, seated_table, turn_messages, whose
from .sim import offers, turn_of


def recording(states: list[State]) -> Renderer:
    """A renderer that keeps the state of every board it draws."""

    def render(state: State, events: list[Event], pending: Decision | None) -> bytes:
        states.append(state)
        return TINY_PNG

    return render




def pinged(world: World, user_id: str) -> list[StoredMessage]:
    """Every message (deleted ones too) whose post pinged `user_id`."""
    ids: set[str] = set()
    for call in world.fake.requests("POST", f"/channels/{world.channel.id}/messages"):
        if user_id in [str(u) for u in ((call.json or {}).get("allowed_mentions") or {}).get("users") or []]:
            ids.add(str(call.response["id"]))
    for record in world.fake.interactions:
        callback = record.callback
        if callback is None or callback.type != 4 or callback.message is None:
            continue
        users = (callback.data.get("allowed_mentions") or {}).get("users") or []
        if user_id in [str(u) for u in users]:
            ids.add(callback.message.id)
    return [world.fake.state.messages[i] for i in sorted(ids)]


async def test_the_turn_message_carries_the_choices_and_only_its_player_can_use_them(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        codes = {o.code for o in offers(turn)}
        assert {"pass", "castle"} <= codes  # a placement, on the turn message itself (§5)
        assert turn.button_labels()[-3:] == ["More…", "Board", "Plan…"]  # Plan…: everyone's own plan
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None

        # someone else presses it: refused privately, nothing applied, nothing posted
        messages = len(world.fake.channel_messages(world.channel))
        refusal = await private_answer(await pick(world, turn, "castle", other))  # type: ignore[arg-type]
        assert "You will be pinged when it is your turn" in refusal.content
        assert table.game.state.history == []
        assert len(world.fake.channel_messages(world.channel)) == messages

        # its player: one click, answered by the post of the next turn message
        calls = len(world.fake.calls)
        handle = await pick(world, turn, "castle", player)
        reply = await handle.response()  # type: ignore[attr-defined]
        assert reply.type in (4, 7)
        nxt = await current_turn(world, turn_of(turn)[1])  # type: ignore[index]
        await run.bot.publisher.idle()
        assert table.game.state.history == ["castle"]
        assert whose(nxt, world) is other and turn_messages(world) == [nxt]
        assert len(world.fake.calls) - calls <= 3  # the answer (the new post), the old one deleted


async def test_a_click_whose_post_is_late_is_acknowledged_silently_and_the_turn_still_moves_on(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A loaded machine: the next turn message is not out within the click's wait
    (bot/ui/play.py ANSWER_WAIT_S, here none), so the click is acknowledged silently (type 6,
    nothing said to the player) and the next turn message is posted on its own, pinging the
    next player once; the clicked one is taken away."""
    monkeypatch.setattr(bot.ui.play, "ANSWER_WAIT_S", 0.0)
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        handle = await pick(world, turn, "castle", player)
        reply = await handle.response()  # type: ignore[attr-defined]
        assert reply.type == 6 and reply.data == {}  # a deferred update: nothing said, nothing changed
        nxt = await current_turn(world, turn_of(turn)[1])  # type: ignore[index]
        await run.bot.publisher.idle()
        assert table.game.state.history == ["castle"]
        assert whose(nxt, world) is other and turn_messages(world) == [nxt]
        assert [m.id for m in pinged(world, other.id)] == [nxt.id]


async def test_the_board_privately_in_the_middle_of_placement(world: World) -> None:
    drawn: list[State] = []
    world.render = recording(drawn)
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        first = whose(turn, world)
        await (await pick(world, turn, "castle", first)).response()  # type: ignore[attr-defined]
        turn = await current_turn(world, turn_of(turn)[1])  # type: ignore[index]
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None and table.game.state.phase == 2
        await run.bot.publisher.idle()
        posts = [(m.id, m.content, len(m.revisions)) for m in world.fake.channel_messages(world.channel)]

        # anyone (here someone who does not play) presses Board: the board now, for them only
        board_id = next(c for c in turn.custom_ids() if c.startswith("cyb:"))
        drawn.clear()
        handle = await world.fake.click(turn, board_id, user=world.stranger)
        assert (await handle.response()).type == 5
        shown = await handle.original()
        assert shown.ephemeral and shown.attachments[0].data == TINY_PNG
        assert "Round 1" in shown.content
        [state] = drawn
        assert state.history == ["castle"] and state.phase == 2  # mid-placement, not the phase-1 board
        await run.bot.publisher.idle()
        assert [(m.id, m.content, len(m.revisions)) for m in world.fake.channel_messages(world.channel)] == posts


async def test_an_undo_leaves_no_ghost_ping(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        first = whose(turn, world)
        second = world.bob if first is world.ann else world.ann
        await (await pick(world, turn, "castle", first)).response()  # type: ignore[attr-defined]
        theirs = await current_turn(world, turn_of(turn)[1])  # type: ignore[index]
        assert whose(theirs, world) is second
        [ping] = pinged(world, second.id)
        assert ping.id == theirs.id
        # the Undo on the next turn message is for the person who just chose, no one else
        undo_id = next(c for c in theirs.custom_ids() if c.startswith("cyu:"))
        refusal = await private_answer(await world.fake.click(theirs, undo_id, user=second))
        assert "you can only undo your own last choice" in refusal.content.lower()
        await (await world.fake.click(theirs, undo_id, user=first)).response()
        back = await current_turn(world, turn_of(theirs)[1])  # type: ignore[index]
        await run.bot.publisher.idle()
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None and table.game.state.history == []
        assert whose(back, world) is first and turn_messages(world) == [back]
        # the message that pinged the second player stays (no ghost ping), without its buttons,
        # saying the turn went back; the first player is not pinged for their own undo
        [ping] = pinged(world, second.id)
        assert not ping.deleted and ping.components == []
        assert "took back their last choice" in ping.content and "Not your turn after all" in ping.content
        assert back.id not in {m.id for m in pinged(world, first.id)}
        assert "castle" in {o.code for o in offers(back)}


async def test_a_double_click_on_the_turn_message_is_applied_once_and_both_answered(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        offer = next(o for o in offers(turn) if o.code == "pass")
        earlier = len(world.fake.ephemeral_messages(player))
        handles = [await world.fake.click(turn, offer.custom_id, user=player) for _ in range(2)]
        for handle in handles:
            await handle.response()  # both answered (the move itself may come after the answer)
        # the second is refused privately: its handler's last step, so both are done after it
        await world.fake.state.changed.wait_for(
            lambda: world.fake.ephemeral_messages(player)[earlier:], 5.0, lambda: "no refusal"
        )
        await run.bot.publisher.idle()
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None and table.game.state.history == ["pass"]
        [refusal] = world.fake.ephemeral_messages(player)[earlier:]
        assert "Already done" in refusal.content, refusal.content  # issue 11 item 10
        assert len(turn_messages(world)) == 1


async def test_an_answered_click_is_freed_without_the_garbage_collector(world: World) -> None:
    """Issue 27: once a click is answered, its interaction (with the message clicked, parsed
    into some 50 objects) goes at once, by reference counting (`replies.release`), not at the
    collector's next full pass. With the collector off, none is left after six clicks."""
    import gc

    import discord

    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        gc.collect()
        gc.disable()
        try:
            for _ in range(6):
                seq = turn_of(turn)[1]  # type: ignore[index]
                code = next(o.code for o in offers(turn) if o.code != "pass")
                handle = await pick(world, turn, code, whose(turn, world))
                await handle.response()  # type: ignore[attr-defined]
                turn = await current_turn(world, seq)
            await run.bot.publisher.idle()
            left = [o for o in gc.get_objects() if isinstance(o, discord.Interaction)]
        finally:
            gc.enable()
        assert left == []
