"""The story of a game on Discord (issue 24): round messages that never cut a report, even in the
longest rounds of five players (many activations, castle deliveries); a round that outgrows
Discord's limits for one message goes on in a second one."""

from __future__ import annotations

import random

import pytest

from bot.games import PhaseReport
from bot.ui import texts
from bot.ui.lang import post_tr
from bot.ui.texts import channel as channel_texts

from .conftest import World
from .sim import Table


def busy_pick(codes: list[str], rng: random.Random) -> str:
    """Long rounds: a worker on the road or in the castle rather than a pass, the provost as far
    forward as it goes (everything on the road is used), the biggest castle delivery."""
    road = [c for c in codes if c.startswith("r") and c[1:].isdigit()]
    if road or "castle" in codes:
        return rng.choice(road + ["castle"] * ("castle" in codes))
    forward = [c for c in codes if c in ("+3", "+2", "+1")]
    if forward:
        return max(forward)
    deliveries = [c for c in codes if c.startswith("=") and c[1:4].isupper()]
    if deliveries:
        return max(deliveries, key=lambda c: c.count("+"))
    return rng.choice([c for c in codes if c not in ("skip", "done", "home")] or codes)


def round_messages(world: World) -> list[str]:
    return [m.text for m in world.fake.channel_messages(world.channel) if m.content.startswith("📜 ")]


async def test_a_five_player_game_of_long_rounds_drops_nothing(world: World) -> None:
    world.table_seed(31)
    async with world.bot() as run:
        people = [world.ann, world.bob]
        table = Table(world.fake, world.channel, people, random.Random(4), pick=busy_pick)
        card = await table.seat_everyone(world.ann, seats=5, ai=3)
        await table.start(card, world.ann)
        await table.play()
        await run.bot.publisher.idle()
        [t] = run.bot.manager.tables()
        assert t.is_finished
        shown = "\n".join(round_messages(world))
        # every line of every phase report the game stored is in the channel, once
        tr = post_tr(t)
        lines = 0
        for snap in await run.bot.manager.store.snapshots(t.id):
            if snap.report is None:
                continue
            report = PhaseReport.from_json(snap.report, table_id=t.id, channel_id=t.channel_id, seq=snap.seq)
            for chunk in texts.report_chunks(tr, report):
                for line in chunk.split("\n"):
                    if line.startswith("• "):
                        assert line in shown, line
                        lines += 1
        assert lines > 250
        assert not any(line.startswith("-# ") for line in shown.split("\n"))  # no "N earlier reports" note
        assert "earlier report" not in shown and "more line" not in shown
        messages = [m for m in world.fake.channel_messages(world.channel) if m.content.startswith("📜 ")]
        for m in messages:
            assert len(m.embeds) <= texts.MESSAGE_EMBEDS
            assert sum(len(e.get("description") or "") for e in m.embeds) <= texts.EMBEDS_TEXT
        longest = max(sum(len(e.get("description") or "") for e in m.embeds) for m in messages)
        print(f"{t.game.state.round} rounds, {len(messages)} round messages, {lines} report lines, longest {longest} chars")


async def test_a_round_that_outgrows_its_message_goes_on_in_a_second_one(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With room for 900 characters of embeds in a message (Discord's is 6,000), every round of
    three players needs more than one message: the round goes on in "Round N · continued",
    later reports edit that one, and every line of every report is still in the channel."""
    monkeypatch.setattr(channel_texts, "EMBEDS_TEXT", 900)
    world.table_seed(7)
    async with world.bot() as run:
        people = [world.ann, world.bob, world.cid]
        table = Table(world.fake, world.channel, people, random.Random(9), pick=busy_pick)
        card = await table.seat_everyone(world.ann, seats=3)
        await table.start(card, world.ann)
        assert await table.play_turn()
        t = run.bot.manager.table(int(world.channel.id))
        assert t is not None and t.game is not None
        while t.game.state.round < 4:
            assert await table.play_turn()
        await run.bot.publisher.idle()
        messages = [m for m in world.fake.channel_messages(world.channel) if m.content.startswith("📜 ")]
        titles = [m.content for m in messages]
        assert titles[0] == "📜 **Round 1**" and "📜 **Round 1** · continued" in titles
        assert titles.index("📜 **Round 2**") > titles.index("📜 **Round 1** · continued")
        for m in messages:
            assert sum(len(e.get("description") or "") for e in m.embeds) <= 900
        continued = next(m for m in messages if m.content == "📜 **Round 1** · continued")
        assert continued.attachments  # the board goes on in the message the round goes on in
        shown = "\n".join(m.text for m in messages)
        tr = post_tr(t)
        for snap in await run.bot.manager.store.snapshots(t.id):
            if snap.report is None or snap.round >= 4:
                continue
            report = PhaseReport.from_json(snap.report, table_id=t.id, channel_id=t.channel_id, seq=snap.seq)
            for chunk in texts.report_chunks(tr, report):
                for line in chunk.split("\n"):
                    assert line in shown, line
