"""`/caylus-about` (issue 28 item 7; a command of its own: `/caylus` is at Discord's size limit): the version, how long the bot has run, its servers and
tables now, and the invite link (with what threads need), only for the person, in their
language."""

from __future__ import annotations

import discord

from bot import version
from bot.i18n import translator
from bot.ui import texts
from bot.ui.about import INVITE_PERMISSIONS
from tests.fake_discord import FakeMember

from .conftest import World
from .helpers import answer, open_table, press


async def about(world: World, person: FakeMember, *, dm: bool = False) -> str:
    channel = world.fake.state.dm_channel(person.user) if dm else world.channel
    return await answer(await world.fake.slash("caylus-about", user=person, channel=channel))


async def test_about_in_english_and_in_russian(world: World) -> None:
    async with world.bot():
        said = await about(world, world.ann)
        assert f"version {version()}" in said and version() != "unknown"
        assert "Running for 0 minutes, in 1 server." in said
        assert "Tables now: 0 in play, 0 waiting for players." in said
        assert f"client_id={world.fake.application_id}" in said and f"permissions={INVITE_PERMISSIONS}" in said
        card = await open_table(world, world.ann, seats=2, ai=1)
        assert "0 in play, 1 waiting" in await about(world, world.bob)
        await press(world, card, "start", world.ann)
        await world.fake.state.changed.wait_for(lambda: not card.custom_ids(), 5.0, lambda: "not started")
        world.bob.user.locale = "ru"
        said = await about(world, world.bob)
        assert "Работает 0 минут, на 1 сервере." in said and "Столы сейчас: идут партии — 1, ждут игроков — 0." in said
        assert f"версия {version()}" in said
        said = await about(world, world.ann, dm=True)  # about the bot, not a channel: in a DM too
        assert f"version {version()}" in said and "Tables now: 1 in play, 0 waiting for players." in said


def test_uptime_in_every_language() -> None:
    ru, pt, ca, en = (translator(lang) for lang in ("ru", "pt-BR", "ca", "en"))
    minute, hour, day = 60, 3600, 86400
    assert texts.uptime(en, 59) == "0 minutes" and texts.uptime(en, minute) == "1 minute"
    assert texts.uptime(en, 3 * day + 4 * hour + 5 * minute) == "3 days 4 hours"
    assert texts.uptime(en, hour + 2 * minute) == "1 hour 2 minutes"
    assert [texts.uptime(ru, n * minute) for n in (1, 2, 5, 21)] == ["1 минуту", "2 минуты", "5 минут", "21 минуту"]
    assert texts.uptime(ru, 25 * hour) == "1 день 1 час" and texts.uptime(ru, 2 * day + 11 * hour) == "2 дня 11 часов"
    assert texts.uptime(pt, 2 * day) == "2 dias" and texts.uptime(ca, hour + 3 * minute) == "1 hora 3 minuts"
    assert texts.uptime(en, 3 * day + 5 * minute) == "3 days"  # the second unit is the hours


def test_the_invite_asks_for_what_tables_need() -> None:
    wanted = discord.Permissions(INVITE_PERMISSIONS)
    assert wanted.create_public_threads and wanted.send_messages_in_threads and wanted.attach_files
