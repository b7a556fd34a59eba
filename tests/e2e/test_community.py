"""The community through the fake Discord (issue 25): call backs by DM and a refused DM's
fallback, quiet hours, watchers, the server's defaults, resigning, the Rematch button, stats with
the rating chart, people's tables and the weekly challenge."""

from __future__ import annotations

import io
import random
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from openskill.models import PlackettLuce
from PIL import Image

from bot.games import Manager
from bot.games.challenge import challenge_seed, iso_week
from bot.store.ratings import shown
from tests.fake_discord import FakeMember, Perm, StoredMessage

from .conftest import World
from .flow import pinged, posted_body
from .helpers import ann_and_bob, answer, private_answer
from .sim import GAME_OVER

SILENT = 1 << 12  # SUPPRESS_NOTIFICATIONS: Discord's @silent
LISBON = ZoneInfo("Europe/Lisbon")


async def command(world: World, name: str, user: FakeMember, **options: Any) -> str:
    handle = await world.fake.slash(f"caylus-{name}", user=user, channel=world.channel, options=options or None)
    return await answer(handle)


def channel_pings(world: World, user: FakeMember) -> list[dict[str, Any]]:
    """Every message posted in the channel that notifies `user` (its body)."""
    out = []
    for call in world.fake.state.calls:
        body = posted_body(world.fake, call, world.channel.id)
        if body is not None and user.id in pinged(body):
            out.append(body)
    return out


async def play(manager: Manager, channel_id: int, rng: random.Random, moves: int | None = None) -> int:
    """People's decisions answered at random (through the manager) until the game ends."""
    done = 0
    while moves is None or done < moves:
        t = manager.table(channel_id)
        p = t.pending if t is not None else None
        if p is None:
            break
        assert p.user_id is not None
        await manager.act(channel_id, p.user_id, p.number, rng.choice(p.decision.choices).code)
        done += 1
    await manager.idle()
    return done


async def test_dm_call_backs_and_a_refused_dm_that_falls_back_once(world: World) -> None:
    async with world.bot() as run:
        manager = run.bot.manager
        assert "direct message" in await command(world, "notify", world.ann, where="dm")
        await command(world, "notify", world.bob, where="dm")
        world.bob.user.dms_closed = True  # Discord opens the DM channel, then refuses (50007)
        await ann_and_bob(world, manager)
        rng = random.Random(3)
        for _ in range(14):  # each turn message out before the next move, as people play
            await play(manager, int(world.channel.id), rng, moves=1)
            await run.bot.publisher.idle()
        # Ann: every call back by DM, never a ping in the channel
        dms = [m.content for m in world.fake.dm_messages(world.ann)]
        assert dms and all("Your turn at Caylus" in c and world.channel.id in c for c in dms)
        assert channel_pings(world, world.ann) == []
        # Bob: Discord refused once; from then on pings in the channel, told why once
        refused = [c for c in world.fake.calls if c.status == 403 and c.path.endswith("/messages")]
        assert len(refused) == 1
        bob = channel_pings(world, world.bob)
        assert len(bob) >= 2 and world.fake.dm_messages(world.bob) == []
        told = [b for b in bob if "would not let me send you a direct message" in b["content"]]
        assert len(told) == 1 and told[0] is bob[0]


async def test_quiet_hours_hold_the_turn_ping_and_send_it_at_their_end(world: World) -> None:
    now = [datetime(2026, 12, 2, 23, 0, tzinfo=LISBON).timestamp()]
    async with world.bot(clock=lambda: now[0]) as run:
        manager = run.bot.manager
        for who in (world.ann, world.bob):
            text = await command(world, "notify", who, time_zone="Europe/Lisbon", quiet_from="22:00", quiet_to="07:00")
            assert "22:00 to 07:00 (Europe/Lisbon)" in text
        await ann_and_bob(world, manager)
        table = manager.table(int(world.channel.id))
        assert table is not None and table.pending is not None
        rng, actor = random.Random(2), int(world.ann.id)  # Ann started the game: her turn needs no ping
        while table.pending.user_id == actor:  # until someone else's turn would ping them
            p = table.pending
            await manager.act(table.channel_id, actor, p.number, rng.choice(p.decision.choices).code)
            actor = p.user_id
        await run.bot.publisher.idle()
        sleeper = world.ann if table.pending.user_id == int(world.ann.id) else world.bob
        assert channel_pings(world, sleeper) == []  # the turn message names them, without a ping
        held = await manager.store.timers_for(table.id, "held")
        assert [t.due_at for t in held] == [datetime(2026, 12, 3, 7, 0, tzinfo=LISBON).timestamp()]
        now[0] = held[0].due_at - 60
        assert await manager.run_due_timers() == []
        now[0] = held[0].due_at
        fired = await manager.run_due_timers()
        assert [f.outcome for f in fired] == ["sent"]
        await run.bot.publisher.idle()
        assert len(channel_pings(world, sleeper)) == 1  # the call back, at the end of the night


async def test_a_watcher_gets_round_ends_and_never_a_turn_ping(world: World) -> None:
    async with world.bot() as run:
        manager = run.bot.manager
        await ann_and_bob(world, manager)
        assert "You watch this table" in await command(world, "watch", world.stranger)
        assert "already" in await command(world, "watch", world.stranger)
        assert "You play at this table" in await command(world, "watch", world.ann)
        await command(world, "notify", world.dee, where="dm")
        await command(world, "watch", world.dee)
        table = manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        rng = random.Random(7)
        while table.game.state.round < 3:
            await play(manager, table.channel_id, rng, moves=1)
        await run.bot.publisher.idle()
        bodies = channel_pings(world, world.stranger)
        assert [b["content"].split(": ", 1)[1] for b in bodies] == ["round 1 is over.", "round 2 is over."]
        assert all(int(b.get("flags") or 0) & SILENT for b in bodies)  # a silent mention: no push
        assert all("cy:" not in str(b.get("components")) for b in bodies)  # never a turn message
        dee = [m.content for m in world.fake.dm_messages(world.dee)]
        assert len(dee) == 2 and "round 1 is over." in dee[0] and channel_pings(world, world.dee) == []
        assert "no longer watch" in await command(world, "unwatch", world.stranger)


async def test_setup_is_refused_without_manage_server_and_new_starts_from_it(world: World) -> None:
    admin = world.fake.add_player(world.guild, "admin", global_name="Admin", permissions=Perm.EVERYONE | Perm.MANAGE_GUILD)
    async with world.bot() as run:
        refused = await command(world, "setup", world.bob, deadline=3600)
        assert "Only members who may manage this server" in refused
        refused = await command(world, "setup", world.mod, deadline=3600)  # Manage Channels is not enough
        assert "Only members who may manage this server" in refused
        assert await run.bot.manager.community.server_defaults(int(world.guild.id)) == type(
            await run.bot.manager.community.server_defaults(0)
        )()
        shown = await command(world, "setup", admin, deadline=3600, language="pt-BR", ai_level="strong")
        assert "deadline: 1 hour" in shown and "Português (Brasil)" in shown
        await answer(await world.fake.slash("caylus", subcommand="new", user=world.ann, channel=world.channel))
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None
        assert (table.settings.deadline, table.settings.language, table.settings.ai_level) == (3600, "pt-BR", "strong")
        await run.bot.manager.abandon(table.channel_id, int(world.ann.id))
        await answer(await world.fake.slash("caylus", subcommand="new", user=world.ann, channel=world.channel, options={"deadline": 0}))
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.settings.deadline is None  # its own option wins


def final_message(world: World) -> StoredMessage:
    return next(m for m in world.fake.channel_messages(world.channel) if m.content.startswith(GAME_OVER))


async def test_ratings_rematch_with_one_person_not_joining_and_the_stats_chart(world: World, tmp_path: Path) -> None:
    async with world.bot() as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        people = [world.ann, world.bob, world.cid]
        await manager.create_table(int(world.guild.id), channel_id, int(world.ann.id), "Ann", 3)
        for p in people[1:]:
            await manager.join(channel_id, int(p.id), p.user.global_name or p.user.username)
        await manager.start(channel_id, int(world.ann.id))
        await play(manager, channel_id, random.Random(11))
        await run.bot.publisher.idle()
        assert manager.table(channel_id) is None  # over and shown: out of memory (issue 28)
        old = await manager.last_table(channel_id)
        assert old is not None and old.result is not None
        # the ratings after a 3-player game are openskill's own for the same places (ties shared, §2.8)
        totals = [s.total for s in old.result.scores]
        model = PlackettLuce()
        expected = model.rate([[model.rating()] for _ in people], ranks=[1 + sum(o > t for o in totals) for t in totals])
        for p, team in zip(people, expected, strict=True):
            text = await command(world, "stats", p)
            assert f"Rating: **{shown(team[0].mu, team[0].sigma)}** after 1 rated game" in text, text
        final = final_message(world)
        [rematch] = [c for c in final.custom_ids() if c.endswith(":rematch")]
        refused = await private_answer(await world.fake.click(final, rematch, user=world.stranger))
        assert "Only the players of that game" in refused.content
        handle = await world.fake.click(final, rematch, user=world.bob)
        assert "You opened the rematch" in await answer(handle)
        await run.bot.publisher.idle()
        new = manager.table(int(world.channel.id))
        assert new is not None and new.is_open and [s.user_id for s in new.seats] == [int(world.bob.id)]
        call = next(m for m in world.fake.channel_messages(world.channel) if "opened a rematch" in m.content)
        assert world.ann.id in call.mentions()  # the other player is called, once
        assert "You joined the rematch" in await answer(await world.fake.click(final, rematch, user=world.ann))
        assert [s.user_id for s in new.seats] == [int(world.bob.id), int(world.ann.id)]
        assert new.seed != old.seed and new.max_seats == 3 and new.options == old.options
        # Cid never presses: Bob starts with the two who joined
        result = await manager.start(channel_id, int(world.bob.id))
        assert result.table.is_started and int(world.cid.id) not in [s.user_id for s in result.table.seats]
        await manager.abandon(channel_id, int(world.bob.id))

        # the stats of a finished game, with the rating chart (a real PNG)
        handle = await world.fake.slash("caylus-stats", user=world.ann, channel=world.channel)
        await handle.response()
        [reply] = await handle.followups(1)
        assert reply.ephemeral and "1 game" in reply.content and "Rating: **" in reply.content
        png = reply.attachment("rating.png").data
        (tmp_path / "rating.png").write_bytes(png)
        assert Image.open(io.BytesIO(png)).size == (600, 240)
        board = await command(world, "leaderboard", world.ann)
        assert "Nobody has 3 rated games yet" in board  # one game each: not on the board yet
        mine = await command(world, "mygames", world.ann)
        assert "no seat at a Caylus table" in mine  # the rematch was abandoned


async def test_resign_asks_then_hands_the_seat_to_the_ai(world: World) -> None:
    async with world.bot() as run:
        manager = run.bot.manager
        await ann_and_bob(world, manager)
        table = manager.table(int(world.channel.id))
        assert table is not None and table.pending is not None
        leaver = world.ann if table.pending.user_id == int(world.ann.id) else world.bob
        other = world.bob if leaver is world.ann else world.ann
        mine = await command(world, "mygames", leaver)
        assert "**your decision**" in mine and f"<#{world.channel.id}>" in mine and "discord.com/channels/" in mine
        assert "waiting for" in await command(world, "mygames", other)
        handle = await world.fake.slash("caylus-resign", user=leaver, channel=world.channel)
        ask = await private_answer(handle)
        assert "Resign from this game?" in ask.content
        keep = next(c for c in ask.custom_ids() if c.endswith(":keep"))
        assert (await (await world.fake.click(ask, keep, user=leaver)).response()).type == 7
        assert not table.seats[table.pending.seat].resigned
        ask = await private_answer(await world.fake.slash("caylus-resign", user=leaver, channel=world.channel))
        go = next(c for c in ask.custom_ids() if c.endswith(":resign"))
        done = await world.fake.click(ask, go, user=leaver)
        assert (await done.response()).type == 6
        await world.fake.state.changed.wait_for(
            lambda: "You resigned: the AI plays your seat" in ask.content, 5.0, lambda: ask.content
        )
        await manager.idle()
        await run.bot.publisher.idle()
        seat = table.seat_of(int(leaver.id))
        assert seat is not None and seat.resigned
        assert any("resigned: the AI plays their seat" in m.content for m in world.fake.channel_messages(world.channel))
        assert table.pending is None or table.pending.user_id != int(leaver.id)  # their decision was made
        text = await command(world, "resign", leaver)
        assert "You resigned from this game" in text


async def test_the_weekly_challenge_opens_in_a_thread(world: World) -> None:
    now = [datetime(2026, 12, 2, 12, 0, tzinfo=LISBON).timestamp()]
    async with world.bot(clock=lambda: now[0]) as run:
        text = await command(world, "challenge", world.ann)
        week = iso_week(now[0])
        assert f"weekly challenge {week}" in text
        [thread] = [c for c in world.fake.state.channels.values() if c.parent_id == world.channel.id]
        table = run.bot.manager.table(int(thread.id))
        assert table is not None and table.seed == challenge_seed(week) and table.challenge == week
        assert [s.ai_level for s in table.seats] == [None, "strong", "strong", "strong"]
        again = await command(world, "challenge", world.ann)
        assert "You have played this week's challenge" in again
        board = await command(world, "challenge", world.ann, results=True)
        assert "Nobody has finished it yet" in board
