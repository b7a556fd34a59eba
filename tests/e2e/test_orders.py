"""Standing orders, the placement queue and the provost declared ahead, through the fake Discord
as people use them (issue 10 items 3 to 6): `/caylus orders`, `/caylus queue`, `/caylus declare`
and their buttons; every answer private, the channel told what a queue or a declaration played."""

from __future__ import annotations

from typing import Any

from bot.games.orders import SeatOrders
from bot.rules import Game
from bot.store import DECLARED, ORDER, QUEUE
from tests.fake_discord import FakeMember, StoredMessage
from tests.games.helpers import pending_at

from .conftest import World
from .helpers import ann_and_bob, answer, current_turn, seated_table, slash, turn_messages, whose


async def order_text(world: World, user: FakeMember, sub: str, **options: object) -> str:
    handle = await slash(world, user, sub, **options)
    text = await answer(handle)
    assert (await handle.response()).ephemeral
    return text


def history(run: object, world: World) -> list[str]:
    t = run.bot.manager.table(int(world.channel.id))  # type: ignore[attr-defined]
    assert t is not None and t.game is not None
    return list(t.game.state.history)


def pinged(world: World, user: FakeMember) -> bool:
    return any(user.id in m.mentions() for m in world.fake.channel_messages(world.channel))


async def test_a_queued_placement_is_played_on_turn_without_a_ping(world: World) -> None:
    """`/caylus queue add:` is the round plan now (issue 22): "castle, pass" means the castle,
    and passing when nothing in the plan fits."""
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        assert not pinged(world, other)
        text = await order_text(world, other, "queue", add="castle, pass")
        assert "1. Castle — next" in text and "**Passing:** when nothing fits, pass" in text
        assert (await answer(await slash(world, player, "place", target="gate"))).startswith("✅")
        await world.fake.wait_for_message(world.channel, lambda m: "(planned)" in m.content)
        await run.bot.publisher.idle()
        assert history(run, world) == ["gate", "castle"]
        assert not pinged(world, other)  # the planned move needed nobody
        manager = run.bot.manager
        table = manager.table(int(world.channel.id))
        assert table is not None
        log = await manager.store.move_log(table.id)
        assert [m.who for m in log] == ["player", QUEUE]
        plan = manager.orders(int(world.channel.id), int(other.id)).plan
        assert plan is not None and plan.places == ("castle",) and plan.passing.kind == "pass"  # nothing used up
        assert table.seats[log[1].seat].missed_in_row == 0
        # the plan, shown privately: the castle holds their worker now, so the next placement passes
        text = await order_text(world, other, "queue")
        assert "1. Castle — your worker is there" in text and "Nothing in it fits now: when nothing fits, pass." in text


async def test_a_queued_target_taken_by_someone_else_is_skipped(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        await order_text(world, other, "queue", add="gate, castle")
        assert (await answer(await slash(world, player, "place", target="gate"))).startswith("✅")
        await world.fake.wait_for_message(world.channel, lambda m: "(planned)" in m.content)
        await run.bot.publisher.idle()
        assert history(run, world) == ["gate", "castle"]  # the Gate was taken: the castle instead
        plan = run.bot.manager.orders(int(world.channel.id), int(other.id)).plan
        assert plan is not None and plan.places == ("gate", "castle")  # "the Gate, else the castle"
        text = await order_text(world, other, "plan")
        assert f"1. Gate — taken by {table_name(run, world, player)}" in text


def table_name(run: Any, world: World, person: FakeMember) -> str:
    table = run.bot.manager.table(int(world.channel.id))
    seat = table.seat_of(int(person.id))
    return str(seat.name)


async def test_an_undo_keeps_the_plans(world: World) -> None:
    """An undo empties an old queue (planned for what is undone) but keeps a round plan: the plan
    did not change, it answers again when the game comes back to its seat."""
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob, world.cid])
        turn = await current_turn(world)
        first = whose(turn, world)
        channel_id = int(world.channel.id)
        table = run.bot.manager.table(channel_id)
        assert table is not None and table.game is not None
        order = table.game.state.turn_order
        third = next(p for p in (world.ann, world.bob, world.cid) if table.seat_of(int(p.id)).seat == order[2])  # type: ignore[union-attr]
        await order_text(world, third, "queue", add="castle")
        assert (await answer(await slash(world, first, "place", target="gate"))).startswith("✅")
        assert (await answer(await slash(world, first, "undo"))).startswith("↩️")
        plan = run.bot.manager.orders(channel_id, int(third.id)).plan
        assert plan is not None and plan.places == ("castle",)
        assert "1. Castle — next" in await order_text(world, third, "queue")
        seat = table.seat_of(int(third.id))
        assert seat is not None
        [stored] = [s for s in await run.bot.manager.store.seats(table.id) if s.seat == seat.seat]
        assert SeatOrders.from_json(stored.orders).plan == plan


async def test_standing_orders_are_private_switched_off_by_one_click_and_survive_a_restart(world: World) -> None:
    async with world.bot():
        await seated_table(world, world.ann, [world.bob])
        text = await order_text(world, world.ann, "orders", provost="stay", castle=True, production="n_forest.W")
        assert "never move it" in text and "deliver every batch" in text and "Forest → 1 wood" in text
        assert "never move it" not in "".join(m.content for m in world.fake.channel_messages(world.channel))
    async with world.bot() as run:  # a restart: the orders come back from the store
        handle = await slash(world, world.ann, "orders")
        text = await answer(handle)
        assert "never move it" in text and "deliver every batch" in text and "Forest → 1 wood" in text
        view = await handle.original()
        off = next(c for c in view.buttons() if c.get("label") == "Castle: ask me")
        click = await world.fake.click(view, off["custom_id"], user=world.ann)
        assert (await click.response()).type == 6  # edited in place
        await world.fake.state.changed.wait_for(lambda: "deliver every batch" not in view.content, 5.0, lambda: view.content)
        assert "never move it" in view.content
        orders = run.bot.manager.orders(int(world.channel.id), int(world.ann.id))
        assert orders == SeatOrders(provost="stay").with_production("n_forest", "W")
        assert run.bot.manager.orders(int(world.channel.id), int(world.bob.id)).empty


async def two_seats(world: World, run: Any) -> tuple[StoredMessage, FakeMember, FakeMember, Any]:
    """Ann's 2-seat table, started: its first turn message, the first and second to place, and
    the table (its game begun)."""
    await seated_table(world, world.ann, [world.bob])
    turn = await current_turn(world)
    first = whose(turn, world)
    table = run.bot.manager.table(int(world.channel.id))
    assert table is not None and table.game is not None
    return turn, first, world.bob if first is world.ann else world.ann, table


async def test_a_declared_provost_move_is_applied_or_the_player_asked(world: World) -> None:
    world.table_seed(5)
    async with world.bot() as run:
        turn, first, second, table = await two_seats(world, run)
        channel_id = int(world.channel.id)
        provost = table.game.state.provost
        # first to pass, first in phase 4 (§2 phase 4): one space back
        assert "declared" in (await order_text(world, first, "declare", target=f"r{provost - 1}")).lower()
        # three spaces forward: legal now, four once the provost stands one space back
        assert f"road {provost + 3}" in await order_text(world, second, "declare", target=str(provost + 3))
        assert f"road {provost + 3}" not in "".join(m.content for m in world.fake.channel_messages(world.channel))
        assert (await answer(await slash(world, first, "pass"))).startswith("✅")
        nxt = await current_turn(world, after_seq=turn_of_seq(turn))
        assert whose(nxt, world) is second
        assert (await answer(await slash(world, second, "pass"))).startswith("✅")
        await world.fake.wait_for_message(world.channel, lambda m: "(declared ahead)" in m.content)
        await run.bot.publisher.idle()
        p = pending_at(run.bot.manager, channel_id)
        assert p is not None and p.decision.kind == "provost" and p.user_id == int(second.id)
        assert table.game.state.provost == provost - 1
        asked = turn_messages(world)[-1]
        assert second.id in asked.mentions()  # the declaration no longer fits: asked, pinged
        log = await run.bot.manager.store.move_log(table.id)
        assert [m.who for m in log][-1] == DECLARED and log[-1].code == "-1"
        assert run.bot.manager.orders(channel_id, int(first.id)).declared is None


async def test_an_undo_declares_the_provost_move_again_in_the_players_words(world: World) -> None:
    """A declared `road N` played as "0" (the person before moved the provost to N) comes back
    after their undo as `road N`, not `stay` (§2 phase 4)."""
    world.table_seed(5)
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob, world.cid])
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        table = manager.table(channel_id)
        assert table is not None and table.game is not None
        people = {int(p.id): p for p in (world.ann, world.bob, world.cid)}
        while (p := pending_at(manager, channel_id)) is not None and p.decision.kind != "provost":
            assert p.user_id is not None  # everyone passes: phase 4 comes with nothing on the road
            assert (await answer(await slash(world, people[p.user_id], "pass"))).startswith("✅")
        assert p is not None and p.user_id is not None and not table.since_snapshot
        first, there = people[p.user_id], f"r{table.game.state.provost + 1}"
        after = table.game.clone()
        after.apply("+1")
        assert after.decision is not None and after.decision.kind == "provost"
        second = people[table.seats[after.decision.player].user_id or 0]
        assert f"road {there[1:]}" in await order_text(world, second, "declare", target=there)
        assert (await answer(await slash(world, first, "provost", move="+1"))).startswith("✅")
        await run.bot.publisher.idle()
        assert [(m.who, m.code) for m in await manager.store.moves(table.id)][-2:] == [("player", "+1"), (DECLARED, "0")]
        assert (await answer(await slash(world, first, "undo"))).startswith("↩️")
        assert run.bot.manager.orders(channel_id, int(second.id)).declared == there
        view = await order_text(world, second, "declare")  # the private view: the player's own words
        assert f"road {there[1:]}" in view and "stay" not in view.lower()
        # the first player stays this time: `road N` is now a move of one space
        assert (await answer(await slash(world, first, "provost", move="0"))).startswith("✅")
        await run.bot.publisher.idle()
        assert [(m.who, m.code) for m in await manager.store.moves(table.id)][-2:] == [("player", "0"), (DECLARED, "+1")]


def turn_of_seq(message: StoredMessage) -> int:
    from .sim import turn_of

    found = turn_of(message)
    assert found is not None
    return found[1]


async def test_orders_play_for_a_seat_the_ai_took_over(world: World) -> None:
    now = [1_800_000_000.0]
    world.table_seed(3)
    async with world.bot(clock=lambda: now[0]) as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        turn = await ann_and_bob(world, manager, deadline=600, takeover_after=1, ai_level="random")
        late = whose(turn, world)
        present = world.bob if late is world.ann else world.ann
        await order_text(world, late, "orders", provost="stay")
        now[0] += 601
        await manager.run_due_timers()  # the AI takes the seat over
        await world.fake.wait_for_message(world.channel, lambda m: m.content.startswith("🤖"))
        table = manager.table(channel_id)
        assert table is not None and table.game is not None
        seat = table.seat_of(int(late.id))
        assert seat is not None and seat.ai_takeover
        # the present player passes for three rounds; the AI plays the other seat
        while table.game.state.round <= 3:
            p = pending_at(manager, channel_id)
            assert p is not None and p.user_id == int(present.id)
            code = "pass" if "pass" in [c.code for c in p.decision.choices] else p.decision.choices[0].code
            await manager.act(channel_id, int(present.id), p.number, code)
        # which decisions the seat's moves answered: replayed from the log
        s = table.game.state
        game = Game.replay([p.name for p in s.players], s.seed, s.options, [])
        provost, other = [], []
        for m in await manager.store.moves(table.id):
            d = game.decision
            assert d is not None
            if d.player == seat.seat and m.seq > 0:
                (provost if d.kind == "provost" else other).append((m.who, m.code))
            game.apply(m.code)
        assert provost and all(x == (ORDER, "0") for x in provost), provost  # the order, not the AI
        assert other and {who for who, _ in other} == {"takeover"}  # the AI elsewhere


def test_what_people_type_for_the_queue_and_the_declaration() -> None:
    import pytest

    from bot.rules import new_game
    from bot.ui.orders import BadOrder, parse_places, parse_target

    game = new_game(["Ann", "Bob", "Cid"], 7)  # docs/notation.md: Peddler on road 7, Carpenters on 3 and 8
    typed = "peddler, r8, pass, castle, trading post, Peddler R7, gold mine"
    assert parse_places(game, typed) == ["r7", "r8", "pass", "castle", "trading", "r7", "r16"]
    with pytest.raises(BadOrder, match=r"Carpenter \(road 3\), Carpenter \(road 8\)"):
        parse_places(game, "carpenter")  # two of them: the refusal lists both
    assert parse_places(game, "carpenter r3") == ["r3"]
    # the same reader as `/caylus place` (bot.ui.choice_labels.find): numbers, "road N", any of our
    # languages, an empty space by its code (a building may stand there by the next phase 2)
    assert parse_places(game, "8; road 12, Mascate, Коробейник r7, fuster r3, r20, merch") == [
        "r8", "r12", "r7", "r7", "r3", "r20", "guild"
    ]
    with pytest.raises(BadOrder, match="not a place to queue"):
        parse_places(game, "xyz")
    assert [parse_target(x) for x in ("9", "road 12", "r3", "stay", "off")] == ["r9", "r12", "r3", "stay", None]
    with pytest.raises(BadOrder, match="not a provost target"):
        parse_target("r40")


async def test_the_queue_panel_and_the_choosers_buttons(world: World) -> None:
    from .helpers import open_chooser

    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        other = world.bob if player is world.ann else world.ann
        handle = await slash(world, other, "queue")
        assert "No places yet" in await answer(handle)
        panel = await handle.original()
        [select, rules, *_] = panel.selects()
        assert {"castle", "gate"} <= {o["value"] for o in select["options"]}
        assert {"ask.0", "pass.0", "after.3"} <= {o["value"] for o in rules["options"]}
        pick = await world.fake.select(panel, select["custom_id"], ["castle"], user=other)
        assert (await pick.response()).type == 6
        await world.fake.state.changed.wait_for(lambda: "1. Castle" in panel.content, 5.0, lambda: panel.content)
        plan = run.bot.manager.orders(int(world.channel.id), int(other.id)).plan
        assert plan is not None and plan.places == ("castle",)
        # the player on turn: Plan… on the chooser of a placement opens the same panel
        chooser = await open_chooser(world, turn, player)
        assert "Plan…" in chooser.button_labels()
        plan_button = next(c for c in chooser.buttons() if c.get("label") == "Plan…")
        opened = await world.fake.click(chooser, plan_button["custom_id"], user=player)
        assert "No places yet" in await answer(opened)


def test_always_makes_the_decision_a_standing_order() -> None:
    from bot.games.orders import answer as orders_answer
    from bot.ui.orders import always_choices, set_order, switch_off
    from tests.games.test_orders import until

    for kind in ("produce", "favour", "provost", "castle"):
        game = until(kind)
        d = game.decision
        assert d is not None
        keys = always_choices(game, d)
        if kind == "castle" and not keys:
            continue  # no batch possible: nothing to make a standing order of
        assert keys, kind
        orders = set_order(keys[0])(SeatOrders())
        got = orders_answer(game, orders)
        assert got is not None and got.code in game.legal_codes(), (kind, keys)
        off = keys[0].rsplit(".", 1)[0] if kind == "produce" else keys[0].split(".")[0]
        assert switch_off(off)(orders).empty, (kind, off)


async def test_undo_takes_back_the_queued_placement_that_followed_without_a_ghost_ping(world: World) -> None:
    """Issue 10: Ann places, Bob's planned placement is played at once; Ann's Undo (on the turn
    message) takes back both; Bob's worker and deniers are back, his plan is kept (issue 22), and
    nobody was pinged by a message that then disappeared."""
    from .helpers import pick
    from .sim import turn_of
    from .test_turn_message import pinged as pings

    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob, world.cid])
        turn = await current_turn(world)
        first = whose(turn, world)
        channel_id = int(world.channel.id)
        manager = run.bot.manager
        table = manager.table(channel_id)
        assert table is not None and table.game is not None
        order = table.game.state.turn_order
        people = (world.ann, world.bob, world.cid)
        second, third = (next(p for p in people if table.seat_of(int(p.id)).seat == s) for s in order[1:3])  # type: ignore[union-attr]
        start = table.game.to_json()
        await order_text(world, second, "queue", add="castle, pass")
        await (await pick(world, turn, "gate", first)).response()
        nxt = await current_turn(world, turn_of(turn)[1])  # type: ignore[index]
        assert whose(nxt, world) is third and "(planned)" in nxt.content
        assert history(run, world) == ["gate", "castle"]
        assert not pings(world, second.id)  # the queued move needed nobody
        assert [m.id for m in pings(world, third.id)] == [nxt.id]

        undo_id = next(c for c in nxt.custom_ids() if c.startswith("cyu:"))
        refusal = await world.fake.click(nxt, undo_id, user=second)  # not Bob's choice to take back
        assert "only undo your own last choice" in (await answer(refusal)).lower()
        await (await world.fake.click(nxt, undo_id, user=first)).response()
        back = await current_turn(world, turn_of(nxt)[1])  # type: ignore[index]
        await run.bot.publisher.idle()
        assert whose(back, world) is first and history(run, world) == []
        assert table.game.to_json() == start  # Bob's worker and deniers are back
        plan = manager.orders(channel_id, int(second.id)).plan
        assert plan is not None and plan.places == ("castle",)  # kept
        log = await manager.store.move_log(table.id)
        assert [(m.who, m.code) for m in log] == [
            ("player", "gate"), (QUEUE, "castle"), ("undo", "castle"), ("undo", "gate")
        ]
        line = await world.fake.wait_for_message(world.channel, lambda m: "took back their last choice" in m.content)
        # the line says Bob's queued move went with it (else Bob wonders where his queue went)
        assert f"Taken back with it, as they were played at once after it: **{table.seat_of(int(second.id)).name}**: Castle" in line.content  # type: ignore[union-attr]
        assert "Castle — 1 denier; plans are kept." in line.content
        # no ghost ping: the only message removed after pinging someone is the one Ann answered
        assert all(m.id == turn.id or not m.deleted for m in pings(world, first.id))
        assert not pings(world, second.id)
        [kept] = pings(world, third.id)
        assert kept.components == [] and "Not your turn after all" in kept.content
        assert turn_messages(world) == [back]
        # Ann places again: Bob's plan (kept) plays again at once, without a ping; Cid is asked
        await (await pick(world, back, "trading", first)).response()
        asked = await current_turn(world, turn_of(back)[1])  # type: ignore[index]
        assert whose(asked, world) is third and history(run, world) == ["trading", "castle"]
        assert not pings(world, second.id)


def test_the_orders_view_says_what_the_provost_order_does_at_the_merchants_guild() -> None:
    from bot.i18n import translator
    from bot.ui.texts.orders import orders_view_text

    def view(provost: str, lang: str = "en") -> str:
        return orders_view_text(translator(lang), None, provost, (), False, None, (), None)

    assert "• Merchants' guild: the same" in view("cuts")
    assert "• Merchants' guild: ask me (a worker goes there to move the provost)" in view("stay")
    assert "guild" not in view("ask")
    assert "рабочего, чтобы передвинуть судью" in view("stay", "ru")


async def test_after_passing_the_queue_panel_declares_the_provost_move_in_one_click(world: World) -> None:
    """Issue 10 item 5: a player who has passed has nothing to queue; their Queue… panel offers
    the provost moves they may declare instead (stay, or a space within 3), one click each."""
    world.table_seed(5)
    async with world.bot() as run:
        turn, first, second, table = await two_seats(world, run)
        channel_id = int(world.channel.id)
        before = await slash(world, first, "queue")
        await answer(before)
        assert (await before.original()).selects()  # not passed yet: the plan's selects
        assert (await answer(await slash(world, first, "pass"))).startswith("✅")
        handle = await slash(world, first, "queue")
        assert "declare your provost move now" in await answer(handle)
        panel = await handle.original()
        assert not panel.selects()
        provost = table.game.state.provost
        labels = [str(b.get("label")) for b in panel.buttons()]
        assert labels[:2] == ["Provost: stay where it is", f"Provost: to road {provost - 3}"]
        assert f"Provost: to road {provost + 3}" in labels and f"Provost: to road {provost}" not in labels
        again = await slash(world, first, "queue")  # a second panel, kept for a late click below
        await answer(again)
        stay = next(b for b in panel.buttons() if b.get("label") == "Provost: stay where it is")
        await world.fake.click(panel, str(stay["custom_id"]), user=first)
        await world.fake.state.changed.wait_for(
            lambda: run.bot.manager.orders(channel_id, int(first.id)).declared == "stay", 5.0, lambda: panel.content
        )
        assert not any("stay where it is" in m.content for m in world.fake.channel_messages(world.channel))
        assert (await answer(await slash(world, second, "pass"))).startswith("✅")
        await run.bot.publisher.idle()
        log = await run.bot.manager.store.move_log(table.id)
        declared = [m for m in log if m.who == DECLARED]
        assert [(m.seat, m.code) for m in declared] == [(table.seat_of(int(first.id)).seat, "0")]  # type: ignore[union-attr]
        # in phase 5 and later a button from that panel no longer declares anything
        p = pending_at(run.bot.manager, channel_id)
        assert p is not None and p.decision.kind == "provost" and p.user_id == int(second.id)
        table.game.state.phase = 5  # (as a phase 5 would be; nothing is applied from here)
        late = await world.fake.click(await again.original(), str(stay["custom_id"]), user=first)
        assert "phases 2 to 4" in await answer(late)
        assert run.bot.manager.orders(channel_id, int(first.id)).declared is None
