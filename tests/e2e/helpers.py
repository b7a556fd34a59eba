"""Small steps shared by the e2e tests: commands, clicks and what the channel shows."""

from __future__ import annotations

from typing import Any

from tests.fake_discord import FakeMember, InteractionHandle, StoredMessage

from .conftest import World
from .sim import LOBBY_ID, card_of, offers, turn_of


async def slash(world: World, user: FakeMember, sub: str, **options: Any) -> InteractionHandle:
    return await world.fake.slash(
        "caylus", subcommand=sub, user=user, channel=world.channel, options=options or None
    )


async def answer(handle: InteractionHandle) -> str:
    """The text the person finally sees: the response, or (after a defer) the first followup."""
    reply = await handle.response()
    if reply.type in (5, 6):
        if reply.type == 5:
            message = await handle.original()
            return message.content
        [followup] = await handle.followups(1)
        return followup.content
    return reply.content or ""


async def private_answer(handle: InteractionHandle) -> StoredMessage:
    """The private message a click got: its response, or (after a silent acknowledgement) its
    first followup; a click on the turn message that is refused is answered at once."""
    reply = await handle.response()
    if reply.type == 4:
        assert reply.message is not None
        message = reply.message
    else:
        [message] = await handle.followups(1)
    assert message.ephemeral, message.content
    return message


def card(world: World) -> StoredMessage:
    found = card_of(world.fake.channel_messages(world.channel))
    assert found is not None, "no table card in the channel"
    return found


async def open_table(world: World, creator: FakeMember, **options: Any) -> StoredMessage:
    text = await answer(await slash(world, creator, "new", **options))
    assert "Your table is open" in text, text
    return card(world)


async def press(world: World, message: StoredMessage, action: str, user: FakeMember) -> InteractionHandle:
    custom_id = next(c for c in message.custom_ids() if LOBBY_ID.fullmatch(c) and c.endswith(":" + action))
    handle = await world.fake.click(message, custom_id, user=user)
    assert (await handle.response()).type == 6
    return handle


async def edited(world: World, message: StoredMessage, before: int) -> None:
    await world.fake.state.changed.wait_for(
        lambda: len(message.revisions) > before, 5.0, lambda: f"message {message.id} not edited"
    )


async def seated_table(world: World, creator: FakeMember, others: list[FakeMember], **options: Any) -> StoredMessage:
    """A table with everyone seated, started by its creator; returns the card."""
    message = await open_table(world, creator, seats=len(others) + 1 + int(options.pop("ai", 0)), **options)
    for person in others:
        before = len(message.revisions)
        await press(world, message, "join", person)
        await edited(world, message, before)
    before = len(message.revisions)
    await press(world, message, "start", creator)
    await edited(world, message, before)
    return message


async def ann_and_bob(world: World, manager: Any, seed: int | None = None, **settings: Any) -> StoredMessage:
    """A 2-seat table Ann opens (with `settings`, e.g. a deadline; `seed`: the game's, else
    drawn) in the world's channel, Bob joins and Ann starts it, all through the manager; returns
    the first turn message."""
    channel_id = int(world.channel.id)
    await manager.create_table(int(world.guild.id), channel_id, int(world.ann.id), "Ann", 2, seed=seed, settings=settings)
    await manager.join(channel_id, int(world.bob.id), "Bob")
    await manager.start(channel_id, int(world.ann.id))  # published through the listener
    return await current_turn(world)


def turn_messages(world: World) -> list[StoredMessage]:
    return [m for m in world.fake.channel_messages(world.channel) if turn_of(m)]


async def current_turn(world: World, after_seq: int = -1) -> StoredMessage:
    """The turn message for a decision after `after_seq` (waits for it)."""

    def find() -> StoredMessage | None:
        for m in turn_messages(world):
            turn = turn_of(m)
            if turn is not None and turn[1] > after_seq:
                return m
        return None

    found: StoredMessage = await world.fake.state.changed.wait_for(
        find, 5.0, lambda: f"no turn message after {after_seq}: {[m.content for m in world.fake.channel_messages(world.channel)]}"
    )
    return found


async def open_chooser(world: World, turn: StoredMessage, user: FakeMember) -> StoredMessage:
    found = turn_of(turn)
    assert found is not None
    handle = await world.fake.click(turn, found[2], user=user)
    reply = await handle.response()
    assert reply.type == 4 and reply.ephemeral and reply.message is not None, reply
    assert offers(reply.message), reply.content
    return reply.message


def whose(turn: StoredMessage, world: World) -> FakeMember:
    """The player a turn message is for: its first mention (an invitation's line mentions others
    after it, bot.games.invites)."""
    user_id = turn.mentions()[0]
    return next(p for p in world.people.values() if p.id == user_id)


async def pick(world: World, message: StoredMessage, code: str, user: FakeMember) -> InteractionHandle:
    """Answer with `code` through the component of `message` that offers it: its button, or its
    option in a select."""
    offer = next(o for o in offers(message) if o.code == code)
    if offer.is_select:
        return await world.fake.select(message, offer.custom_id, [offer.code], user=user)
    return await world.fake.click(message, offer.custom_id, user=user)
