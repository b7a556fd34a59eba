"""The round plan through the fake Discord, as people use it (issue 22): `/caylus plan` and its
view, a ranked fallback, a price cap, the pass rules, a plan made useless by others, "then:" on
the turn message, the invitations, **Use a regular's orders**, a restart, an old queue, and
issue 28 items 2 (undo of a move a plan played at once) and 3 (the "(declared ahead)" note)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from bot.games import StaleDecision
from bot.store import AI, DECLARED, QUEUE
from tests.fake_discord import FakeMember, StoredMessage

from .conftest import World
from .helpers import answer, current_turn, pick, reproducible_hard_ai, seated_table, slash, whose
from .sim import Table, turn_of
from .test_turn_message import pinged as pings


async def first_and_others(world: World, run: Any, people: int = 2) -> tuple[StoredMessage, FakeMember, list[FakeMember], Any]:
    """Ann's table of `people`, started: its first turn message, who places first, the others in
    turn order, and the table."""
    await seated_table(world, world.ann, [world.bob, world.cid][: people - 1])
    turn = await current_turn(world)
    first = whose(turn, world)
    table = run.bot.manager.table(int(world.channel.id))
    assert table is not None and table.game is not None
    order = table.game.state.turn_order
    everyone = (world.ann, world.bob, world.cid)[:people]
    by_seat = {table.seat_of(int(p.id)).seat: p for p in everyone}
    return turn, first, [by_seat[s] for s in order[1:]], table


def history(table: Any) -> list[str]:
    return list(table.game.state.history)


async def test_a_ranked_fallback_and_a_price_cap(world: World) -> None:
    """"trading<=1, castle": the Trading post at most 1 denier, else the castle. Bob's pass
    makes every placement cost 2 (§2 phase 2: 1 + the players passed), over the cap."""
    async with world.bot() as run:
        turn, first, [second, third], table = await first_and_others(world, run, 3)
        # a new player's first turn message names plan, queue and orders in one line (item 5)
        assert "Fewer pings: **Plan…** or `/caylus plan`" in turn.content and "`/caylus orders`" in turn.content
        # and where pings go and where every command is (issue 26: the community's commands)
        assert "`/caylus-notify` — where your pings go, quiet hours · `/caylus help` — every command" in turn.content
        text = await answer(await slash(world, third, "plan", add="trading<=1, castle"))
        assert "1. Trading post (at most 1 denier) — next, 1 denier" in text and "2. Castle — then, 1 denier" in text
        assert (await answer(await slash(world, first, "pass"))).startswith("✅")  # the price is 2 now
        assert (await answer(await slash(world, second, "place", target="gate"))).startswith("✅")
        await run.bot.publisher.idle()
        assert history(table) == ["pass", "gate", "castle"]  # over the cap: the next entry
        log = await run.bot.manager.store.move_log(table.id)
        assert log[-1].who == QUEUE and not pings(world, third.id)


async def test_a_plan_made_useless_by_others_asks_its_player(world: World) -> None:
    """Every entry taken by others: the default rule asks (a ping), as a queue would not have
    said; the view flags each entry with who took it."""
    async with world.bot() as run:
        turn, first, [second], table = await first_and_others(world, run)
        await answer(await slash(world, second, "plan", add="gate"))
        assert (await answer(await slash(world, first, "place", target="gate"))).startswith("✅")
        nxt = await current_turn(world, turn_of(turn)[1])  # type: ignore[index]
        assert whose(nxt, world) is second and [m.id for m in pings(world, second.id)] == [nxt.id]
        view = await answer(await slash(world, second, "plan"))
        assert f"1. Gate — taken by {table.seat_of(int(first.id)).name}" in view
        assert "Nothing in it fits now: when nothing fits, ask me." in view
        # the pass rule set from the command's list passes instead
        await answer(await slash(world, second, "plan", passing="pass.0"))
        await run.bot.publisher.idle()
        assert history(table) == ["gate", "pass"]  # played at once: it was their turn


async def test_pass_after_n_workers_from_the_plan_view(world: World) -> None:
    """The view's select sets "pass after 2 workers": two places, then the plan passes."""
    async with world.bot() as run:
        turn, first, [second], table = await first_and_others(world, run)
        handle = await slash(world, second, "plan", add="castle, trading, guild, joust")
        await answer(handle)
        panel = await handle.original()
        rules = next(s for s in panel.selects() if any(o["value"] == "after.2" for o in s["options"]))
        await (await world.fake.select(panel, rules["custom_id"], ["after.2"], user=second)).response()
        await world.fake.state.changed.wait_for(lambda: "pass after 2 workers" in panel.content, 5.0, lambda: panel.content)
        mine = table.seat_of(int(second.id)).seat
        others = ["gate", "inn", *(f"r{x}" for x in range(1, 9))]  # never one of the plan's places
        while not table.game.state.players[mine].passed:
            p = table.pending
            assert p is not None and p.user_id == int(first.id), "the plan asked its player"
            code = next(c for c in others if c in table.game.legal_codes())
            await answer(await slash(world, first, "place", target=code))
            await run.bot.publisher.idle()
        log = await run.bot.manager.store.move_log(table.id)
        assert [(m.who, m.code) for m in log if m.seat == mine] == [(QUEUE, "castle"), (QUEUE, "trading"), (QUEUE, "pass")]


async def test_then_buttons_after_a_placement_and_the_regulars_orders(world: World) -> None:
    """Right after placing, the next turn message carries "then: [A] [B] [pass]" for the one who
    placed: one click puts A first in their plan. **Use a regular's orders** sets the provost
    and the castle orders in one click and says what it set."""
    async with world.bot() as run:
        turn, first, [second], table = await first_and_others(world, run)
        await (await pick(world, turn, "castle", first)).response()
        nxt = await current_turn(world, turn_of(turn)[1])  # type: ignore[index]
        name = table.seat_of(int(first.id)).name
        then = [b for b in nxt.buttons() if str(b.get("label", "")).startswith(f"{name}, then: ")]
        assert len(then) == 3 and then[-1]["label"] == f"{name}, then: Pass"
        click = await world.fake.click(nxt, str(then[0]["custom_id"]), user=first)
        text = await answer(click)
        plan = run.bot.manager.orders(int(world.channel.id), int(first.id)).plan
        assert plan is not None and len(plan.entries) == 1 and "1. " in text and "— next" in text
        assert run.bot.manager.orders(int(world.channel.id), int(second.id)).plan is None  # only theirs
        handle = await slash(world, first, "orders")
        await answer(handle)
        view = await handle.original()
        regular = next(b for b in view.buttons() if b.get("label") == "Use a regular's orders")
        await (await world.fake.click(view, str(regular["custom_id"]), user=first)).response()
        await world.fake.state.changed.wait_for(lambda: "every castle batch you can" in view.content, 5.0, lambda: view.content)
        assert "the bailiff's pace is not weighed" in view.content
        orders = run.bot.manager.orders(int(world.channel.id), int(first.id))
        assert orders.provost == "cuts" and orders.castle and orders.invite  # a table without a deadline
        assert "Use a regular's orders" not in view.button_labels()  # set: not offered again


async def test_a_plan_set_on_ones_turn_plays_at_once_and_undo_takes_it_back(world: World) -> None:
    """Issue 28 item 2: `/caylus queue add:` on one's own turn plays at once; `/caylus undo` takes
    that move back (it used to say "You have made no choice…"), the plan kept, the decision one's own."""
    async with world.bot() as run:
        turn, first, [second], table = await first_and_others(world, run)
        text = await answer(await slash(world, first, "queue", add="castle"))
        assert "Castle" in text
        await run.bot.publisher.idle()
        assert history(table) == ["castle"]
        undone = await answer(await slash(world, first, "undo"))
        assert undone.startswith("↩️"), undone
        await run.bot.publisher.idle()
        assert history(table) == []
        pending = table.pending
        assert pending is not None and pending.user_id == int(first.id)  # not played again by the plan
        assert run.bot.manager.orders(int(world.channel.id), int(first.id)).plan is not None


async def test_the_round_invites_every_planner_and_phase_4_those_it_would_ask(world: World) -> None:
    """A seat whose invitation is on (its first plan at a table without a deadline switches it
    on) is mentioned, with a ping, on the round's first turn message, beside its player."""
    async with world.bot() as run:
        turn, first, [second, third], table = await first_and_others(world, run, 3)
        await answer(await slash(world, second, "plan", add="castle"))
        await answer(await slash(world, third, "plan", passing="pass.0"))
        channel = int(world.channel.id)
        assert run.bot.manager.orders(channel, int(second.id)).invite and run.bot.manager.orders(channel, int(third.id)).invite
        await through_round_one(run, table, [second, third])
        await run.bot.publisher.idle()
        newest = await current_turn(world)
        decider = int(whose(newest, world).id)
        invited = {int(second.id), int(third.id)} - {decider}
        assert invited and "plan your round now" in newest.content
        for user in invited:
            assert f"<@{user}>" in newest.content and any(m.id == newest.id for m in pings(world, str(user)))


async def test_a_declared_provost_move_followed_by_an_ai_seat_is_announced(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28 item 3: a declared move played right before a hard AI seat's decision lost its
    "(declared ahead)" note (the result it came in was handed over before the AI's search, with
    no turn message to carry the note); the next turn message says it now."""
    monkeypatch.setenv("AI_PROCESSES", "0")
    world.table_seed(3)
    async with world.bot() as run:
        reproducible_hard_ai(run.bot)
        table_ = Table(world.fake, world.channel, [world.ann, world.bob], random.Random(5))
        card = await table_.seat_everyone(world.ann, seats=3, ai=1, ai_level="strong")
        await table_.start(card, world.ann)
        await current_turn(world)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        channel = int(world.channel.id)
        for person in (world.ann, world.bob):
            await answer(await slash(world, person, "declare", target="stay"))
        while table.game.state.phase < 5 and table.game.state.round == 1:
            await run.bot.manager.idle()
            p = table.pending
            assert p is not None
            if p.user_id is None:
                await asyncio.sleep(0.01)  # the hard AI thinks (off the event loop)
                continue
            code = "pass" if p.decision.kind == "place" else p.decision.choices[-1].code
            try:
                await run.bot.manager.act(channel, p.user_id, p.number, code)
            except StaleDecision:  # their declaration answered it first (after the AI's move)
                assert p.decision.kind == "provost"
        await run.bot.manager.idle()
        await run.bot.publisher.idle()
        log = await run.bot.manager.store.move_log(table.id)
        declared = [m for m in log if m.who == DECLARED]
        assert len(declared) == 2
        # the case of the issue: a declared move right before the hard AI seat's decision
        assert any(a.who == DECLARED and b.who == AI for a, b in zip(log, log[1:], strict=False)), log

        def said() -> list[str]:
            here = [m for m in world.fake.state.messages.values() if m.channel_id == world.channel.id]
            seen = [m.text for m in here]  # a turn message's content or a round message's embeds
            seen += [str(r.get("content", "")) for m in here for r in m.revisions]
            seen += [str(e.get("description", "")) for m in here for r in m.revisions for e in r.get("embeds") or ()]
            return [line for text in seen for line in text.splitlines() if "(declared ahead)" in line]

        def announced() -> bool:
            names = [table.seats[m.seat].name for m in declared]
            return all(any(f"{n}: Do not move it (declared ahead)" in line for line in said()) for n in names)

        # the turn message that says it may follow the AI seat's move, still being searched
        await world.fake.state.changed.wait_for(announced, 10.0, lambda: str(said()))


async def test_plans_survive_a_restart_and_an_old_queue_loads_and_plays(world: World) -> None:
    """A plan is stored with the seat; an old stored queue (as an older version kept it) loads
    and plays as it always did: the first legal entry, the ones before it dropped."""
    async with world.bot() as run:
        turn, first, [second], table = await first_and_others(world, run)
        await answer(await slash(world, second, "plan", add="trading, castle"))
        seat = table.seat_of(int(first.id)).seat
        # the first player's orders as an older version stored them: a queue
        await run.bot.manager.store.set_orders(table.id, seat, json.dumps({"queue": ["gate", "inn"]}), now=0.0)
    async with world.bot() as run:  # the restart plays what the stored orders answer
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        await world.fake.state.changed.wait_for(lambda: len(table.game.state.history) >= 4, 10.0, lambda: str(table.game.state.history))
        await run.bot.publisher.idle()
        log = await run.bot.manager.store.move_log(table.id)
        assert [(m.who, m.code) for m in log] == [(QUEUE, "gate"), (QUEUE, "trading"), (QUEUE, "inn"), (QUEUE, "castle")]
        assert run.bot.manager.orders(int(world.channel.id), int(first.id)).queue == ()  # used up, as a queue is
        plan = run.bot.manager.orders(int(world.channel.id), int(second.id)).plan
        assert plan is not None and plan.places == ("trading", "castle")


async def test_a_deadline_move_and_the_ai_that_took_the_seat_follow_the_plan(world: World) -> None:
    """At a 24-hour table that hands a seat to the AI at the first missed deadline: Bob plans,
    then misses his deadline; the move made for him is his plan's (not the AI's own choice),
    and so are the moves of his seat while the AI plays it."""
    from .helpers import ann_and_bob
    from .test_deadline_race import without_scheduler

    now = [1_800_000_000.0]
    async with world.bot(clock=lambda: now[0]) as run:
        manager = run.bot.manager
        channel = int(world.channel.id)
        turn = await ann_and_bob(world, manager, seed=1, deadline=86_400, takeover_after=1)  # a seed whose AI does not pass at once
        first = whose(turn, world)
        other = world.bob if first is world.ann else world.ann
        await without_scheduler(manager)
        await answer(await slash(world, first, "place", target="gate"))
        await run.bot.publisher.idle()
        table = manager.table(channel)
        seat = table.seat_of(int(other.id)).seat
        # the plan is set while it is the other's turn... and its "ask" rule leaves the turn to them
        await manager.set_orders(channel, int(other.id), lambda o: o)  # nothing yet: asked
        p = table.pending
        assert p is not None and p.user_id == int(other.id)
        await answer(await slash(world, other, "plan", add="inn, trading, castle"))
        await run.bot.publisher.idle()
        log = await manager.store.move_log(table.id)
        assert [(m.who, m.code) for m in log if m.seat == seat] == [(QUEUE, "inn")]  # played at once
        # the first player now misses the deadline: the AI plays their seat; the other's plan goes on
        now[0] += 86_401
        await manager.run_due_timers()
        await manager.idle()
        await run.bot.publisher.idle()
        log = await manager.store.move_log(table.id)
        mine = [(m.who, m.code) for m in log if m.seat == seat]
        assert mine[:3] == [(QUEUE, "inn"), (QUEUE, "trading"), (QUEUE, "castle")]
        assert table.seats[table.seat_of(int(first.id)).seat].ai_takeover
        # the seat taken over plans too: its player's plan is followed before the AI's choice
        await answer(await slash(world, first, "plan", add="joust, guild", passing="pass.0"))
        p = table.pending
        assert p is not None and p.user_id == int(other.id)  # their plan ran dry: asked
        await answer(await slash(world, other, "pass"))
        await manager.idle()
        await run.bot.publisher.idle()
        log = await manager.store.move_log(table.id)
        theirs = [(m.who, m.code) for m in log if m.seat != seat]
        assert any(w == "auto" for w, _ in theirs)  # the missed deadline's own move
        passed = next(i for i, m in enumerate(log) if m.seat == seat and m.code == "pass")
        after = [(m.who, m.code) for m in log[passed + 1 :] if m.seat != seat and m.code in ("joust", "guild", "pass") or m.who == QUEUE]
        assert after and after[0] == (QUEUE, "joust") and all(w == QUEUE for w, _ in after)  # the plan, not the AI


async def through_round_one(run: Any, table: Any, watching: list[FakeMember]) -> None:
    """Everyone plays through round 1 (passing, the last choice elsewhere), each move once the
    last turn message is posted; `watching` look at the table after every move (as if they had
    the channel open: no invitation awaits them)."""
    channel = table.channel_id
    while table.game.state.round == 1:  # the round goes by; their plans place and pass for them
        p = table.pending
        assert p is not None and p.user_id is not None
        code = "pass" if p.decision.kind == "place" else p.decision.choices[-1].code
        await run.bot.manager.act(channel, p.user_id, p.number, code)
        await run.bot.publisher.idle()  # each turn message is posted before anyone answers it
        for person in watching:
            run.bot.manager.orders(channel, int(person.id))


async def round_two_invitation(world: World, run: Any) -> tuple[Any, FakeMember, list[FakeMember]]:
    """Ann's table of three; the two who do not place first plan in round 1 (their invitation
    comes on), everyone passes through round 1: the table, round 2's first placer, and the
    people its first turn message invited."""
    turn, first, [second, third], table = await first_and_others(world, run, 3)
    await answer(await slash(world, second, "plan", add="castle"))
    await answer(await slash(world, third, "plan", passing="pass.0"))
    await through_round_one(run, table, [second, third])
    await run.bot.publisher.idle()
    newest = await current_turn(world)
    decider = whose(newest, world)
    invited = [p for p in (second, third) if p.id != decider.id]
    assert invited and "plan your round now" in newest.content
    for person in invited:
        assert any(m.id == newest.id for m in pings(world, str(person.id)))
    return table, decider, invited


async def test_an_invitation_is_remembered_across_a_restart(world: World) -> None:
    """The invitation's ping is stored with the seat: after a restart, the invited person's turn
    message does not ping them again (they were called less than 12 hours ago and have not come);
    their own move then clears it."""
    async with world.bot() as run:
        table, decider, invited = await round_two_invitation(world, run)
        channel = int(world.channel.id)
        for person in invited:
            assert run.bot.manager.orders(channel, int(person.id)).invited is not None
        loaded = await run.bot.manager.store.load_table(table.id)
        assert loaded is not None
        stored = {s.seat: s.orders for s in loaded.table.seats}
        assert all('"invited":' in (stored[table.seat_of(int(p.id)).seat] or "") for p in invited)
    async with world.bot() as run:  # restarted: nothing in memory but what was stored
        table = run.bot.manager.table(channel)
        assert table is not None and table.game is not None
        await run.bot.publisher.idle()
        before = {p.id: len(pings(world, str(p.id))) for p in invited}
        while (p := table.pending) is not None and p.user_id == int(decider.id):  # the first placer places
            await run.bot.manager.act(channel, p.user_id, p.number, "pass" if p.decision.kind == "place" else p.decision.choices[-1].code)
        await run.bot.publisher.idle()
        p = table.pending
        assert p is not None and p.decision.kind == "place"
        asked = next(x for x in invited if int(x.id) == p.user_id)
        turn = await current_turn(world, p.number - 1)
        assert whose(turn, world).id == asked.id
        assert len(pings(world, str(asked.id))) == before[asked.id], "pinged again after the restart"
        await run.bot.manager.act(channel, p.user_id, p.number, "pass")
        assert run.bot.manager.orders(channel, int(asked.id)).invited is None  # came: nothing awaited


async def test_an_invitation_does_not_ping_again_someone_an_earlier_one_called(world: World) -> None:
    """Phase 4 of round 1 invites (pings) a planner to declare; they do not come; round 2's
    invitation names them again without a second ping (an invitation less than 12 hours old
    called them already)."""
    async with world.bot() as run:
        turn, first, [second, third], table = await first_and_others(world, run, 3)
        await answer(await slash(world, second, "plan", add="castle"))
        await answer(await slash(world, third, "plan", passing="pass.0"))
        await through_round_one(run, table, [])
        await run.bot.publisher.idle()
        newest = await current_turn(world)
        invited = [p for p in (second, third) if p.id != whose(newest, world).id]
        assert all(f"<@{p.id}>" in newest.content for p in invited) and "plan your round now" in newest.content
        channel = int(world.channel.id)
        named = [p for p in invited if not any(m.id == newest.id for m in pings(world, str(p.id)))]
        assert named, "everyone invited was pinged again"
        for person in named:
            earlier = [m for m in pings(world, str(person.id)) if "📣" in m.content and m.id != newest.id]
            assert earlier, "named without a ping, and never called"
            assert (run.bot.manager.table(channel).orders[table.seat_of(int(person.id)).seat].invited or 0) > 0


async def test_the_castle_answer_for_this_round_from_the_plan_view(world: World) -> None:
    """The plan's private view sets this round's castle answer in one click ("deliver" over a
    standing "ask", "ask me" over a standing "deliver", back to the standing order); a button of
    an earlier round is answered, not applied."""

    async def click(panel: StoredMessage, label: str, user: FakeMember) -> tuple[str, StoredMessage]:
        button = next(b for b in panel.buttons() if b.get("label") == label)
        handle = await world.fake.click(panel, str(button["custom_id"]), user=user)
        return await answer(handle), await handle.original()

    async with world.bot() as run:
        turn, first, [second], table = await first_and_others(world, run)
        channel = int(world.channel.id)
        handle = await slash(world, second, "plan")
        assert "**Castle this round:** as your standing orders (ask you)" in await answer(handle)
        panel = await handle.original()
        assert {"Castle this round: deliver", "Castle this round: ask me"} <= set(panel.button_labels())
        assert "Castle: as my orders" not in panel.button_labels()  # that is what it does now
        text, panel = await click(panel, "Castle this round: deliver", second)
        assert "**Castle this round:** deliver every batch you can" in text
        plan = run.bot.manager.orders(channel, int(second.id)).plan
        assert plan is not None and plan.round == 1 and plan.castle is True
        text, panel = await click(panel, "Castle: as my orders", second)
        assert "as your standing orders (ask you)" in text
        assert run.bot.manager.orders(channel, int(second.id)).plan.castle is None
        handle = await slash(world, first, "orders")  # a regular's orders deliver every batch...
        await answer(handle)
        view = await handle.original()
        regular = next(b for b in view.buttons() if b.get("label") == "Use a regular's orders")
        await (await world.fake.click(view, str(regular["custom_id"]), user=first)).response()
        await world.fake.state.changed.wait_for(lambda: "every castle batch you can" in view.content, 5.0, lambda: view.content)
        handle = await slash(world, first, "plan")
        assert "as your standing orders (deliver every batch you can)" in await answer(handle)
        panel = await handle.original()
        text, _ = await click(panel, "Castle this round: ask me", first)
        assert "**Castle this round:** ask you" in text
        orders = run.bot.manager.orders(channel, int(first.id))
        assert orders.castle and orders.plan is not None and orders.plan.castle is False  # ...but not this round
        await through_round_one(run, table, [])
        text, _ = await click(panel, "Castle this round: deliver", first)  # round 1's button, in round 2
        assert "That button was for round 1; this is round 2" in text
        assert run.bot.manager.orders(channel, int(first.id)).plan is None  # round 1's plan went with it


async def test_the_provost_for_this_round_from_the_plan_view(world: World) -> None:
    """Before phase 4 the plan's view declares "never move it" for this round in one click (and
    takes it back to the standing order); phase 4 then plays it without asking (§2 phase 4)."""
    async with world.bot() as run:
        turn, first, [second], table = await first_and_others(world, run)
        channel = int(world.channel.id)

        async def click(panel: StoredMessage, label: str) -> tuple[str, StoredMessage]:
            button = next(b for b in panel.buttons() if b.get("label") == label)
            handle = await world.fake.click(panel, str(button["custom_id"]), user=second)
            return await answer(handle), await handle.original()

        handle = await slash(world, second, "plan")
        await answer(handle)
        text, panel = await click(await handle.original(), "Provost this round: never move it")
        assert "**Provost this round:** stay where it is" in text and run.bot.manager.orders(channel, int(second.id)).declared == "stay"
        text, panel = await click(panel, "Provost: as my orders")
        assert "**Provost this round:**" not in text and run.bot.manager.orders(channel, int(second.id)).declared is None
        text, panel = await click(panel, "Provost this round: never move it")
        mine = table.seat_of(int(second.id)).seat
        while table.game.state.phase < 5 and table.game.state.round == 1:
            p = table.pending
            assert p is not None and p.user_id is not None
            assert not (p.decision.kind == "provost" and p.seat == mine), "asked although declared"
            legal = table.game.legal_codes()
            road = [c for c in ("r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8") if c in legal]  # workers to cut
            code = (road[-1] if road else "pass") if p.decision.kind == "place" else p.decision.choices[-1].code
            await run.bot.manager.act(channel, p.user_id, p.number, code)
        log = await run.bot.manager.store.move_log(table.id)
        assert [(m.who, m.code) for m in log if m.seat == mine and m.who == DECLARED] == [(DECLARED, "0")]
