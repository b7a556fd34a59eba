"""Standing orders, the queue and the declared provost move as a demanding player meets them,
through the fake Discord, in English and in the players' languages: the Always… button at the
Merchants' guild (§2 phase 3: the guild moves the provost up to 3 spaces, free), a stale
Always… button, a button whose change was made already, and every private answer in the
reader's language (Catalan has no Discord locale: its readers rely on the table's language)."""

from __future__ import annotations

from bot.games.orders import SeatOrders
from bot.rules import Game
from bot.ui.orders import always_choices
from tests.fake_discord import FakeMember, InteractionHandle, StoredMessage
from tests.games.helpers import pending_at

from .conftest import World
from .helpers import answer, current_turn, slash, whose
from .positions import NAMES, load_positions
from .sim import offers, turn_of

LOCALES = {"en": "en-US", "ru": "ru", "pt-BR": "pt-BR", "ca": "es-ES"}  # Discord has no Catalan


def speaking(world: World, lang: str) -> None:
    for person in world.people.values():
        person.user.locale = LOCALES[lang]


async def at_position(world: World, run: object, kind: str, lang: str = "en") -> tuple[FakeMember, StoredMessage]:
    """A 3-player table (in `lang`) brought to the decision of `kind` of positions.json: its
    player and the turn message."""
    position = load_positions()[kind]
    seed, history = int(position["seed"]), list(position["history"])  # type: ignore[call-overload]
    people = [world.ann, world.bob, world.cid]
    manager = run.bot.manager  # type: ignore[attr-defined]
    channel_id = int(world.channel.id)
    await manager.create_table(
        int(world.guild.id), channel_id, int(world.ann.id), NAMES[0], 3, {"jeweller": True}, seed=seed,
        settings={"language": lang},
    )  # fmt: skip
    for person, name in zip(people[1:], NAMES[1:], strict=True):
        await manager.join(channel_id, int(person.id), name)
    await manager.start(channel_id, int(world.ann.id))
    game: Game = manager.table(channel_id).game
    while len(game.state.history) < len(history):  # obvious choices are applied on their own
        p = pending_at(manager, channel_id)
        assert p is not None and p.user_id is not None
        await manager.act(channel_id, p.user_id, p.number, history[len(game.state.history)])
        game = manager.table(channel_id).game
    await run.bot.publisher.idle()  # type: ignore[attr-defined]
    p = pending_at(manager, channel_id)
    assert p is not None and p.decision.kind == kind, "positions.json no longer leads there"
    turn = await current_turn(world)
    return whose(turn, world), turn


async def reply(handle: InteractionHandle) -> StoredMessage:
    """The private message a click or a command got (its response, or its deferred answer)."""
    response = await handle.response()
    if response.type == 5:
        return await handle.original()
    if response.type == 6:
        [followup] = await handle.followups(1)
        return followup
    assert response.message is not None
    return response.message


async def open_more(world: World, turn: StoredMessage, person: FakeMember) -> StoredMessage:
    found = turn_of(turn)
    assert found is not None
    chooser = await reply(await world.fake.click(turn, found[2], user=person))
    assert chooser.ephemeral
    return chooser


def orders_button(message: StoredMessage, action: str) -> dict[str, object] | None:
    return next((c for c in message.buttons() if str(c["custom_id"]).split(":")[2:3] == [action]), None)


async def press(world: World, message: StoredMessage, button: dict[str, object], person: FakeMember) -> StoredMessage:
    """Press an orders button; the message it leads to (the same one, edited, for a change)."""
    before = len(message.revisions)
    handle = await world.fake.click(message, str(button["custom_id"]), user=person)
    response = await handle.response()
    if response.type == 6 and not str(button["custom_id"]).startswith(("cyo:1:show", "cyo:1:queue", "cyo:1:always")):
        await world.fake.state.changed.wait_for(lambda: len(message.revisions) > before, 5.0, lambda: message.content)
        return message
    return await reply(handle)


async def castle_delivered_by_always(
    world: World, run: object
) -> tuple[FakeMember, StoredMessage, dict[str, object], StoredMessage]:
    """At the castle, Always… on the chooser, then "Always deliver every batch I can": it
    delivers at once. The player, their chooser, its Always… button, the reply."""
    person, turn = await at_position(world, run, "castle")
    chooser = await open_more(world, turn, person)
    always = orders_button(chooser, "always")
    assert always is not None
    panel = await press(world, chooser, always, person)
    assert panel.button_labels() == ["Always deliver every batch I can"]
    return person, chooser, always, await press(world, panel, panel.buttons()[0], person)


# ----- 1. Always… at the Merchants' guild ----------------------------------------------------------


async def test_always_at_the_merchants_guild_offers_only_the_cuts_order(world: World) -> None:
    """The guild's move is covered by "ask me only where a move cuts someone" (also in phase 4),
    not by "never move it" (one goes to the guild to move the provost): Always… offers exactly
    the first, says it holds in phase 4 too, and is gone once it is set."""
    async with world.bot() as run:
        person, turn = await at_position(world, run, "guild")
        channel_id = int(world.channel.id)
        await answer(await slash(world, person, "orders", provost="stay"))  # does not apply here
        chooser = await open_more(world, turn, person)
        always = orders_button(chooser, "always")
        assert always is not None and always["label"] == "Always…", chooser.button_labels()
        panel = await press(world, chooser, always, person)
        assert panel.content.startswith("Make it a standing order? (Merchants' guild: move the provost")
        assert panel.button_labels() == ["Always, here and in phase 4: ask me only where a move cuts someone"]
        after = await press(world, panel, panel.buttons()[0], person)
        assert run.bot.manager.orders(channel_id, int(person.id)).provost == "cuts"
        # a move back cuts Cid here, so the order leaves this one to the player: said, not hidden
        assert after.content.startswith("Saved. A move here cuts someone, so this decision is still yours")
        assert "• Merchants' guild: the same" in after.content
        p = pending_at(run.bot.manager, channel_id)
        assert p is not None and p.decision.kind == "guild" and p.user_id == int(person.id)
        # nothing is left to make a standing order of here: Orders…, not an Always… with nothing
        again = await open_more(world, turn, person)
        assert orders_button(again, "always") is None and orders_button(again, "show") is not None


def test_always_choices_leave_out_what_the_orders_hold() -> None:
    from tests.games.test_orders import until

    guild = until("guild")
    assert guild.decision is not None
    assert always_choices(guild, guild.decision) == ["provost.cuts"]
    assert always_choices(guild, guild.decision, SeatOrders(provost="stay")) == ["provost.cuts"]
    assert always_choices(guild, guild.decision, SeatOrders(provost="cuts")) == []
    provost = until("provost")
    assert provost.decision is not None
    assert always_choices(provost, provost.decision, SeatOrders(provost="cuts")) == ["provost.stay", "provost.pace"]
    # the bailiff's pace is a choice of its own (issue 22 item 4), at phase 4 only
    assert always_choices(provost, provost.decision, SeatOrders(provost="pace")) == ["provost.stay", "provost.cuts"]


def test_the_guilds_always_button_in_every_language() -> None:
    from bot.i18n import translator
    from bot.ui.texts.orders import always_label

    said = {lang: always_label(translator(lang), "guild", "cuts") for lang in ("ru", "pt-BR", "ca")}
    assert said == {
        "ru": "Всегда, здесь и в фазе 4: спрашивать, только если ход кого-то отсекает",
        "pt-BR": "Sempre, aqui e na fase 4: pergunte-me só se um movimento cortar alguém",
        "ca": "Sempre, aquí i a la fase 4: pregunta'm només si un moviment exclou algú",
    }


# ----- 2. stale and repeated buttons ---------------------------------------------------------------


async def test_a_stale_always_button_says_so_instead_of_offering_another_decision(world: World) -> None:
    """Always… on the castle's chooser, pressed again once the castle is delivered and the same
    player's royal favour is pending: not the favour's panel under the castle's button."""
    async with world.bot() as run:
        person, chooser, always, _ = await castle_delivered_by_always(world, run)
        await run.bot.publisher.idle()
        p = pending_at(run.bot.manager, int(world.channel.id))
        assert p is not None and p.decision.kind == "favour" and p.user_id == int(person.id)
        stale = await press(world, chooser, always, person)
        assert stale.content.startswith("That decision is no longer waiting for you. Your orders:")
        assert "• Castle: deliver every batch I can" in stale.content
        offers = [str(c["custom_id"]) for c in stale.buttons() if str(c["custom_id"]).startswith("cyo:1:set:")]
        assert all(c in ("cyo:1:set:regular", "cyo:1:set:invite.on") for c in offers)  # not the favour's Always


async def test_a_change_made_already_is_not_called_saved(world: World) -> None:
    async with world.bot() as run:
        await at_position(world, run, "place")
        first = await reply(await slash(world, world.bob, "orders", castle=True))
        second = await reply(await slash(world, world.bob, "orders"))  # a second view of them
        off = orders_button(first, "off")
        assert off is not None and off["label"] == "Castle: ask me"
        assert (await press(world, first, off, world.bob)).content.startswith("Saved.")
        old = orders_button(second, "off")
        assert old is not None
        after = await press(world, second, old, world.bob)  # the older view's button
        assert after.content.startswith("Nothing to change: it was so already.")
        cleared = await reply(await slash(world, world.bob, "queue", clear=True))  # empty already
        assert cleared.content.startswith("Nothing to change: it was so already.")


# ----- 3. every private answer in the reader's language --------------------------------------------


async def test_orders_refusals_and_hints_in_the_readers_language(world: World) -> None:
    """Catalan readers (Discord in Spanish: no Catalan locale) at a Catalan table read the
    refusals of `/caylus queue` and `/caylus declare` in Catalan; a Russian reader's "did you
    mean" names the places in Russian."""
    speaking(world, "ca")
    async with world.bot() as run:
        await at_position(world, run, "place", lang="ca")
        bad = await answer(await slash(world, world.bob, "queue", add="xyz"))
        assert bad.startswith("«xyz» no és un lloc per a la cua"), bad
        target = await answer(await slash(world, world.bob, "declare", target="r40"))
        assert "is not a provost target" not in target and target.startswith("«r40»"), target
        world.bob.user.locale = "ru"
        hint = await answer(await slash(world, world.bob, "queue", add="carpenter"))
        assert "Плотницкая стройка (клетка 8)" in hint and "Carpenter" not in hint, hint


async def test_the_status_chooser_and_the_production_autocomplete_in_the_readers_language(world: World) -> None:
    speaking(world, "pt-BR")
    async with world.bot() as run:
        person, _ = await at_position(world, run, "produce", lang="pt-BR")
        handle = await slash(world, person, "status")
        chooser = await reply(handle)
        labels = chooser.button_labels()
        assert "Tabuleiro" in labels and "Sempre…" in labels and "Board" not in labels, labels
        typed = await world.fake.autocomplete(
            "caylus", subcommand="orders", user=person, channel=world.channel, focused="production", value="flor"
        )
        names = [c["name"] for c in (await typed.response()).choices]
        assert "Floresta: 1 madeira" in names and "Floresta: pergunte-me" in names, names
        english = await world.fake.autocomplete(
            "caylus", subcommand="orders", user=person, channel=world.channel, focused="production", value="forest"
        )
        assert "Floresta: 1 madeira" in [c["name"] for c in (await english.response()).choices]


# ----- 4. what orders played, in words the players read ---------------------------------------------


def following(world: World, run: object) -> FakeMember:
    """The person who places after the one to move now (turn order, §2 phase 2)."""
    table = run.bot.manager.table(int(world.channel.id))  # type: ignore[attr-defined]
    assert table is not None and table.game is not None
    order = table.game.state.turn_order
    seat = order[(order.index(table.game.to_move) + 1) % len(order)]
    return next(x for x in (world.ann, world.bob, world.cid) if table.seat_of(int(x.id)).seat == seat)


async def test_what_a_queue_played_is_said_in_the_tables_language(world: World) -> None:
    """The channel's line for a queued placement at a Russian table is Russian (the rules'
    label is English)."""
    speaking(world, "ru")
    async with world.bot() as run:
        player, _ = await at_position(world, run, "place", lang="ru")
        queued = following(world, run)
        await answer(await slash(world, queued, "queue", add="castle"))
        await answer(await slash(world, player, "pass"))
        line = await world.fake.wait_for_message(world.channel, lambda m: "(по плану)" in m.content)
        said = next(x for x in line.content.splitlines() if "(по плану)" in x)
        assert "Замок" in said and "Castle" not in said and "denier" not in said, said


async def test_a_castle_order_says_the_cubes_it_delivered_not_their_code(world: World) -> None:
    async with world.bot() as run:
        person, _, _, after = await castle_delivered_by_always(world, run)
        first = after.content.splitlines()[0]
        assert first.startswith("📋 ") and "FWS" not in first, first
        assert "1 food + 1 wood + 1 stone (standing order)" in first, first
        # the delivery earned a royal favour: the player's next decision, one click away (the
        # turn message is theirs already and pinged nobody)
        assert "**Your decision now**: Royal favour: choose a line" in after.content, after.content
        choose = next(c for c in after.buttons() if c["label"] == "Choose…")
        favour = await reply(await world.fake.click(after, str(choose["custom_id"]), user=person))
        assert "prestige" in [o.code for o in offers(favour)], favour.content


def test_the_cuts_order_has_one_name_in_russian() -> None:
    """The `/caylus orders provost:` choice, its description and the Always… button name the
    same order with the same verb as the provost's buttons ("отсекает: …")."""
    from bot.i18n import translator
    from bot.ui.texts.orders import ALWAYS_PROVOST
    from bot.ui.translator import CHOICE, DESCRIPTION, command_text

    ru = translator("ru")
    choice = command_text("ru", CHOICE, "Ask me only where a move cuts someone")
    option = command_text("ru", DESCRIPTION, "Your provost in phase 4: ask me, never move it, or ask only where a move cuts someone")
    button = ru(ALWAYS_PROVOST["cuts"])
    assert choice and option and "отсекает" in ru.gettext("cuts {workers}")
    assert all("отсекает" in text for text in (choice, option, button)), (choice, option, button)


async def test_a_declared_target_shows_where_the_provost_is_and_one_out_of_reach_is_flagged(world: World) -> None:
    """A declaration is played only from within 3 spaces (§2 phase 4): road 15 typed for road
    9 is seen at once, not found out in phase 4."""
    world.table_seed(5)
    async with world.bot() as run:
        manager = run.bot.manager
        channel_id = int(world.channel.id)
        await manager.create_table(int(world.guild.id), channel_id, int(world.ann.id), "Ann", 2)
        await manager.join(channel_id, int(world.bob.id), "Bob")
        await manager.start(channel_id, int(world.ann.id))
        table = manager.table(channel_id)
        assert table is not None and table.game is not None
        now = table.game.state.provost
        near = await answer(await slash(world, world.bob, "declare", target=str(now + 3)))
        assert f"**Your provost move, declared:** to road {now + 3} (the provost is on road {now} now)" in near
        far = await answer(await slash(world, world.bob, "declare", target=str(now + 9)))
        assert (
            f"to road {now + 9} (the provost is on road {now} now: more than 3 spaces away, so you are asked "
            "unless it is moved closer first)"
        ) in far
        stay = await answer(await slash(world, world.bob, "declare", target="stay"))
        assert "**Your provost move, declared:** stay where it is\n" in stay + "\n"


async def test_what_a_russian_player_types_for_the_queue_the_declaration_and_a_production(world: World) -> None:
    """The queue's select says «Пас»: typing it works too; `клетка 9` is a road space as `road 9`
    is; a production label typed in full (not picked from the list) is read, and anything else
    is refused with what to do, not with the chooser's "no standing order for this decision"."""
    speaking(world, "ru")
    async with world.bot() as run:
        await at_position(world, run, "place", lang="ru")
        channel_id = int(world.channel.id)
        queued = await answer(await slash(world, world.bob, "queue", add="Замок, пас"))
        assert "1. Замок — " in queued and "**Пас:** когда ничего не подходит — пас" in queued, queued
        plan = run.bot.manager.orders(channel_id, int(world.bob.id)).plan
        assert plan is not None and plan.places == ("castle",) and plan.passing.kind == "pass"
        declared = await answer(await slash(world, world.bob, "declare", target="клетка 9"))
        assert "на клетку 9" in declared, declared
        made = await answer(await slash(world, world.bob, "orders", production="Лес: 1 дерево"))
        assert "Лес → 1 дерево" in made, made
        assert run.bot.manager.orders(channel_id, int(world.bob.id)).production("n_forest") == "W"
        refused = await answer(await slash(world, world.bob, "orders", production="Лес"))
        assert refused.startswith("«Лес» — не производство"), refused


async def test_an_undo_with_a_queued_move_says_both_in_the_tables_language(world: World) -> None:
    """Issue 10's undo with a queue at a Russian table: the line says what was taken back in
    Russian (the rules' labels are English)."""
    from .helpers import pick

    speaking(world, "ru")
    async with world.bot() as run:
        first, turn = await at_position(world, run, "place", lang="ru")
        second = following(world, run)
        await answer(await slash(world, second, "queue", add="castle"))
        await (await pick(world, turn, "gate", first)).response()
        nxt = await current_turn(world, turn_of(turn)[1])  # type: ignore[index]
        assert "(по плану)" in nxt.content
        undo_id = next(c for c in nxt.custom_ids() if c.startswith("cyu:"))
        await (await world.fake.click(nxt, undo_id, user=first)).response()
        line = await world.fake.wait_for_message(world.channel, lambda m: "отменяет свой последний выбор" in m.content)
        said = next(x for x in line.content.splitlines() if "отменяет" in x)
        assert "(Ворота · 1 денье)" in said and ": Замок · 1 денье; планы сохранены." in said, said
        assert "Gate" not in said and "Castle" not in said and "denier" not in said, said
