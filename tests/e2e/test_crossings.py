"""A component acts only on the table of the channel it was pressed in (with the authority of that
channel), and a component of an older version of the bot is answered, not left to fail."""

from __future__ import annotations

from typing import Any

from tests.fake_discord import FakeChannel, Perm, StoredMessage

from .conftest import World
from .helpers import answer, current_turn, open_chooser, private_answer, seated_table, slash, whose
from .sim import offers, turn_of


def planted(world: World, channel: FakeChannel, *custom_ids: str, select: list[str] | None = None) -> StoredMessage:
    """A message of the bot (as an older process or another table might have left it) in
    `channel`, carrying buttons with these custom_ids (or one select with these values)."""
    if select is not None:
        [custom_id] = custom_ids
        options = [{"label": v, "value": v} for v in select]
        row: list[dict[str, Any]] = [{"type": 3, "custom_id": custom_id, "options": options}]
    else:
        row = [{"type": 2, "style": 2, "label": c[:80], "custom_id": c} for c in custom_ids]
    return world.fake.add_message(
        channel, "a message of the bot", author=world.fake.bot_user, components=[{"type": 1, "components": row}]
    )


async def test_a_choice_pressed_in_another_channel_is_refused(world: World) -> None:
    elsewhere = world.fake.add_channel(world.guild, "elsewhere")
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        chooser = await open_chooser(world, turn, player)
        offer = next(o for o in offers(chooser) if not o.is_select)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None

        # the same custom_ids on a message in another channel: they act on nothing there
        stray = planted(world, elsewhere, offer.custom_id)
        click = await world.fake.click(stray, offer.custom_id, user=player)
        refusal = await private_answer(click)
        assert "another channel" in refusal.content
        assert await run.bot.manager.store.moves(table.id) == []

        found = turn_of(turn)
        assert found is not None
        stray_open = planted(world, elsewhere, found[2])
        reply = await (await world.fake.click(stray_open, found[2], user=player)).response()
        assert reply.ephemeral and "another channel" in (reply.content or "")
        assert reply.message is None or not offers(reply.message)

        # in the table's own channel the same choice is applied
        click = await world.fake.click(chooser, offer.custom_id, user=player)
        await click.response()
        await world.fake.state.changed.wait_for(lambda: chooser.content.startswith("✅"), 5.0, lambda: "not applied")
        assert [m.code for m in await run.bot.manager.store.moves(table.id)] == [offer.code]
        # and its Undo pressed elsewhere takes nothing back
        undo_id = next(c for c in chooser.custom_ids() if c.startswith("cyu:"))
        stray_undo = planted(world, elsewhere, undo_id)
        click = await world.fake.click(stray_undo, undo_id, user=player)
        [refusal] = await click.followups(1)
        assert "another channel" in refusal.content
        assert [m.code for m in await run.bot.manager.store.moves(table.id)] == [offer.code]


async def test_lobby_authority_is_the_tables_channel(world: World) -> None:
    """A moderator of another channel (Manage Channels there, not at the table) cannot abandon
    or start the table from a button pressed in their channel."""
    elsewhere = world.fake.add_channel(world.guild, "elsewhere")
    world.fake.deny(world.channel, Perm.MANAGE_CHANNELS, target=world.mod)
    async with world.bot() as run:
        text = await answer(await slash(world, world.ann, "new", seats=3))
        assert "Your table is open" in text
        await answer(await slash(world, world.bob, "join"))
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None
        for action in ("start", "abandon", "join"):
            custom_id = f"cyl:{table.id}:{action}"
            stray = planted(world, elsewhere, custom_id)
            click = await world.fake.click(stray, custom_id, user=world.mod)
            [refusal] = await click.followups(1)
            assert "another channel" in refusal.content, refusal.content
        assert table.is_open and table.is_active and table.names == ["Ann", "Bob"]
        # at the table, the same moderator has no authority either (no Manage Channels there)
        await answer(await slash(world, world.mod, "abandon"))
        assert table.is_active


async def test_a_component_of_an_older_version_is_answered(world: World) -> None:
    async with world.bot():
        await seated_table(world, world.ann, [world.bob])
        old = planted(world, world.channel, "caylus:1:7:place:r8", "cy:1:open")
        for custom_id in ("caylus:1:7:place:r8", "cy:1:open"):
            reply = await (await world.fake.click(old, custom_id, user=world.ann)).response()
            assert reply.type == 4 and reply.ephemeral
            assert "older version" in (reply.content or "") and "/caylus status" in (reply.content or "")
        old_select = planted(world, world.channel, "cysel:1:7", select=["r8", "r9"])
        reply = await (await world.fake.select(old_select, "cysel:1:7", ["r8"], user=world.bob)).response()
        assert reply.ephemeral and "older version" in (reply.content or "")
