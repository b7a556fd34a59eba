"""A lobby nobody starts in time closes itself (issue 15 item 13): its card in the channel says
the table was abandoned and loses its buttons; a started table is not touched."""

from __future__ import annotations

from .conftest import World
from .helpers import edited, open_table

DAY = 86_400.0


async def test_an_expired_lobby_card_says_so_and_loses_its_buttons(world: World) -> None:
    now = [1_800_000_000.0]
    async with world.bot(clock=lambda: now[0]) as run:
        posted = await open_table(world, world.ann)
        assert posted.custom_ids()  # Join, Leave, Add AI, Start
        before = len(posted.revisions)

        now[0] += 6 * DAY  # not yet
        await run.bot.manager.run_due_timers()
        assert run.bot.manager.table(int(world.channel.id)) is not None
        assert len(posted.revisions) == before

        now[0] += 2 * DAY
        await run.bot.manager.run_due_timers()
        await edited(world, posted, before)
        assert "abandoned" in posted.content and posted.custom_ids() == []
        assert run.bot.manager.table(int(world.channel.id)) is None
