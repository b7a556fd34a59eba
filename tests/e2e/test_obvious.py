"""An obvious choice through the fake Discord (issue 10 item 1): Bob moves the provost in phase 4;
Cid, last in passing order, could only pay to move it where it changes nothing for anyone, so
the rules keep it where it is without asking Cid: no ping for Cid, the move log says `rule`, and
the channel's report says what was done and why."""

from __future__ import annotations

from tests.games.helpers import pending_at

from .conftest import World
from .sim import offers

# Seed 0, 3 players (Ann, Bob, Cid), Jeweller: these placements lead to phase 4 with Bob to move
# the provost; after his "+2", Cid's stay is obvious and ends phase 4; Ann sells next.
SEED = 0
HISTORY = ["r5", "r7", "pass", "joust", "r2", "r1", "castle", "stables", "r4"]


async def test_obvious_provost_stay_is_applied_with_no_ping(world: World) -> None:
    async with world.bot() as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        await manager.create_table(int(world.guild.id), channel_id, int(world.ann.id), "Ann", 3, {"jeweller": True}, seed=SEED)
        for person, name in ((world.bob, "Bob"), (world.cid, "Cid")):
            await manager.join(channel_id, int(person.id), name)
        await manager.start(channel_id, int(world.ann.id))
        t = manager.table(channel_id)
        assert t is not None and t.game is not None
        while len(t.game.state.history) < len(HISTORY):
            p = pending_at(manager, channel_id)
            assert p is not None and p.user_id is not None
            await manager.act(channel_id, p.user_id, p.number, HISTORY[len(t.game.state.history)])
        await run.bot.publisher.idle()
        pending = pending_at(manager, channel_id)
        assert pending is not None and pending.decision.kind == "provost" and pending.user_id == int(world.bob.id)
        posts_before = len(world.fake.requests("POST", f"/channels/{world.channel.id}/messages"))

        # Bob moves the provost 2 forward through his chooser
        handle = await world.fake.slash("caylus", subcommand="status", user=world.bob, channel=world.channel)
        chooser = (await handle.response()).message
        assert chooser is not None
        offer = next(o for o in offers(chooser) if o.code == "+2")
        if offer.is_select:
            click = await world.fake.select(chooser, offer.custom_id, ["+2"], user=world.bob)
        else:
            click = await world.fake.click(chooser, offer.custom_id, user=world.bob)
        assert (await click.response()).type == 6
        await world.fake.state.changed.wait_for(
            lambda: (p := pending_at(manager, channel_id)) is not None and p.decision.kind == "sell", 5.0,
            lambda: "the obvious stay was not applied",
        )
        await run.bot.publisher.idle()

        moves = await manager.store.moves(t.id)
        bob_move, cid_move = moves[len(HISTORY)], moves[len(HISTORY) + 1]
        assert (bob_move.code, bob_move.who, bob_move.user_id) == ("+2", "player", int(world.bob.id))
        assert (cid_move.seat, cid_move.code, cid_move.who, cid_move.user_id) == (2, "0", "rule", None)

        posts = world.fake.requests("POST", f"/channels/{world.channel.id}/messages")[posts_before:]
        pinged = [u for call in posts for u in ((call.json or {}).get("allowed_mentions") or {}).get("users") or []]
        assert str(world.cid.id) not in [str(u) for u in pinged]  # Cid was never called back
        assert [str(u) for u in pinged] == [str(world.ann.id)]  # Ann, to sell at the Marketplace
        # the phase report is in the round's message, edited after every phase (issue 11)
        reports = [m.text for m in world.fake.channel_messages(world.channel) if "provost" in m.text.lower()]
        assert any("not asked (no move would change anything): Cid" in text for text in reports), reports
        assert any("Provost road 6 → road 8: Bob +2" in text for text in reports)
