"""Hostile player names through the fake Discord (issue 16): everything the bot sends (turn
messages, phase reports, the log) shows the names literally, never as markdown nor a mention."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.ui.texts import name

from .conftest import World
from .helpers import answer, slash
from .sim import Table

HOSTILE = ("**__~~||", "<@&1>", "@everyone")
MENTION = re.compile(r"@(everyone|here)|(?<!\\)<@&1>")  # the bot's own <@user> pings are fine


def contents(value: Any) -> list[str]:
    """Every `content` string inside a request body."""
    if isinstance(value, dict):
        found = [v for k, v in value.items() if k == "content" and isinstance(v, str)]
        return found + [c for v in value.values() for c in contents(v)]
    if isinstance(value, list):
        return [c for v in value for c in contents(v)]
    return []


async def test_hostile_names_are_sent_escaped(world: World) -> None:
    evil = [
        world.fake.add_player(world.guild, f"evil{i}", global_name=n) for i, n in enumerate(HOSTILE)
    ]
    world.table_seed(5)
    async with world.bot() as run:
        table = Table(world.fake, world.channel, evil, random.Random(1))
        card = await table.seat_everyone(evil[0], seats=3)
        await table.start(card, evil[0])
        await table.play(max_turns=45)
        await run.bot.publisher.idle()
        log = await answer(await slash(world, evil[1], "log"))
    sent = [c for call in world.fake.requests() for c in contents(call.json)] + [log]
    text = "\n".join(sent)
    for n in HOSTILE:
        assert name(n) in text, n  # shown, escaped
    for line in text.splitlines():
        assert not MENTION.search(line), line
        assert "**__~~||" not in line, line
    reports = [c for c in sent if c.startswith("**Round")]
    assert reports and any(name(HOSTILE[0]) in r for r in reports)
