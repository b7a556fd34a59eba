"""Every decision kind of the rules core is answered through the chooser.

For each kind, a table is brought (through the manager) to a position where that decision is
pending (positions.json), then its player opens the chooser with `/caylus status`, the chooser
offers exactly the legal choices, and a pick is applied and stored.
"""

from __future__ import annotations

import random

import pytest

from bot.ui.chooser import layout
from tests.games.helpers import pending_at

from .conftest import World
from .positions import KINDS, NAMES, load_positions
from .sim import offers

POSITIONS = load_positions()


@pytest.mark.parametrize("kind", KINDS)
async def test_decision_kind_through_the_chooser(world: World, kind: str) -> None:
    position = POSITIONS[kind]
    seed, history = int(position["seed"]), list(position["history"])  # type: ignore[call-overload]
    people = [world.ann, world.bob, world.cid]
    async with world.bot() as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        await manager.create_table(int(world.guild.id), channel_id, int(world.ann.id), NAMES[0], 3, {"jeweller": True}, seed=seed)
        for person, name in zip(people[1:], NAMES[1:], strict=True):
            await manager.join(channel_id, int(person.id), name)
        await manager.start(channel_id, int(world.ann.id))
        game = manager.table(channel_id).game  # type: ignore[union-attr]
        while len(game.state.history) < len(history):  # obvious choices are applied on their own
            p = pending_at(manager, channel_id)
            assert p is not None and p.user_id is not None
            await manager.act(channel_id, p.user_id, p.number, history[len(game.state.history)])
            game = manager.table(channel_id).game  # type: ignore[union-attr]
        assert game.state.history == history
        pending = pending_at(manager, channel_id)
        assert pending is not None and pending.decision.kind == kind, (
            "positions.json no longer leads to this decision: run python -m tests.e2e.positions"
        )
        decision = pending.decision
        person = next(p for p in people if int(p.id) == pending.user_id)

        handle = await world.fake.slash("caylus", subcommand="status", user=person, channel=world.channel)
        reply = await handle.response()
        assert reply.ephemeral and "Your decision now" in (reply.content or "")
        chooser = reply.message
        assert chooser is not None
        offered = offers(chooser)
        assert sorted(o.code for o in offered) == sorted(c.code for c in decision.choices)
        assert all(o.seq == decision.seq for o in offered)
        plan = layout(decision)
        assert plan.rows <= 5
        if len(decision.choices) > 25:
            assert len(plan.selects) >= 2

        code = random.Random(kind).choice([o.code for o in offered])
        offer = next(o for o in offered if o.code == code)
        before = len(chooser.revisions)
        if offer.is_select:
            click = await world.fake.select(chooser, offer.custom_id, [code], user=person)
        else:
            click = await world.fake.click(chooser, offer.custom_id, user=person)
        assert (await click.response()).type == 6
        await world.fake.state.changed.wait_for(
            lambda: len(chooser.revisions) > before, 5.0, lambda: "chooser not updated"
        )
        label = next(c.label for c in decision.choices if c.code == code)
        assert chooser.content.startswith(f"✅ {label}")
        moves = await manager.store.moves(manager.table(channel_id).id)  # type: ignore[union-attr]
        assert len(moves) >= len(history) + 1
        assert moves[len(history)].code == code and moves[len(history)].user_id == int(person.id)
