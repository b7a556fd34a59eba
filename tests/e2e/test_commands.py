"""The /caylus commands besides the lobby: moves, autocomplete, board, status, log, rules, help."""

from __future__ import annotations

from .conftest import TINY_PNG, World
from .helpers import answer, current_turn, seated_table, slash, whose
from .sim import turn_of

COMMUNITY = ("mygames", "stats", "notify", "watch", "unwatch", "resign", "leaderboard", "challenge", "setup")


async def test_synced_commands_and_no_privileged_intents(world: World) -> None:
    async with world.bot():
        commands = {c["name"]: c for c in world.fake.commands()}
        # issue 25's beside it, the story of a game (issue 24) and the bot's own (issue 28)
        assert set(commands) == {"caylus", "caylus-game", "caylus-about", *(f"caylus-{n}" for n in COMMUNITY)}
        assert {o["name"] for o in commands["caylus-game"]["options"]} == {"board", "log", "replay", "export"}
        assert int(commands["caylus-setup"]["default_member_permissions"]) == 32  # Manage Server
        command = commands["caylus"]
        names = {o["name"] for o in command["options"]}
        assert names == {
            "new", "join", "leave", "start", "abandon", "place", "pass", "provost",
            "board", "status", "log", "rules", "help", "undo", "takeback",
            "orders", "queue", "plan", "declare", "language",
        }  # fmt: skip
        intents = int(world.fake.identifies[-1]["intents"])
        privileged = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content
        assert intents & privileged == 0 and intents & 1  # guilds only
        text = await answer(await slash(world, world.ann, "help"))
        assert "/caylus new" in text and "More…" in text and "Board" in text
        # plan, queue and orders named in one line (issue 22 item 5)
        assert "`/caylus plan" in text and "`/caylus queue`" in text and "`/caylus orders`" in text
        # the community's commands beside /caylus, in the same one message (issue 26)
        assert "`/caylus-stats` — your games, rating" in text and "`/caylus-setup`" in text


async def test_rules_with_autocomplete(world: World) -> None:
    async with world.bot():
        handle = await world.fake.autocomplete(
            "caylus", subcommand="rules", user=world.ann, channel=world.channel, focused="topic", value="carp"
        )
        choices = (await handle.response()).choices
        assert choices and all("Carpenter" in c["name"] for c in choices)
        text = await answer(await slash(world, world.ann, "rules", topic=choices[0]["value"]))
        assert "Carpenter" in text and "wood building" in text
        # the road has two Carpenters: the answer is about both (issue 24)
        text = await answer(await slash(world, world.ann, "rules", topic="carpenter"))
        assert "**Carpenter** — Neutral building." in text and "**Carpenter** — Printed building." in text
        for topic, says in (("bailiff", "18 turns"), ("scoring", "Walls: 0 → −3 PP"), ("end", "tied players"),
                            ("turn_order", "passing order"), ("board", "The board image")):  # fmt: skip
            assert says in await answer(await slash(world, world.ann, "rules", topic=topic)), topic
        text = await answer(await slash(world, world.ann, "rules", topic="phase4"))
        assert "Provost" in text
        text = await answer(await slash(world, world.ann, "rules", topic="zeppelin"))
        assert "No rules entry matches" in text


async def test_moves_by_command_with_autocomplete(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        first = whose(turn, world)
        other = world.bob if first is world.ann else world.ann
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None

        # the player in turn sees the legal places with their costs; the other is told why not
        handle = await world.fake.autocomplete(
            "caylus", subcommand="place", user=first, channel=world.channel, focused="target", value=""
        )
        choices = (await handle.response()).choices
        legal = {c.code for c in table.decision.choices} - {"pass"}  # type: ignore[union-attr]
        assert {c["value"] for c in choices} <= legal and len(choices) == min(25, len(legal))
        assert any("denier" in c["name"] for c in choices)
        handle = await world.fake.autocomplete(
            "caylus", subcommand="place", user=other, channel=world.channel, focused="target", value=""
        )
        [why] = (await handle.response()).choices
        assert "not your turn" in why["name"]
        text = await answer(await slash(world, other, "place", target=why["value"]))
        assert "It is not your turn" in text

        text = await answer(await slash(world, first, "place", target="castle"))
        assert text.startswith("✅ Castle")
        text = await answer(await slash(world, first, "place", target="castle"))
        assert "It is not your turn" in text
        text = await answer(await slash(world, other, "place", target="r99"))
        assert "is none of your choices now" in text and "Gate" in text and "r99" in text
        text = await answer(await slash(world, other, "pass"))
        assert text.startswith("✅ Pass")
        text = await answer(await slash(world, first, "pass"))
        assert text.startswith("✅ Pass")
        # phase 3 had nothing to do; phase 4: the provost, in passing order
        moves = await run.bot.manager.store.moves(table.id)
        assert [m.code for m in moves] == ["castle", "pass", "pass"]
        assert table.decision is not None and table.decision.kind == "provost"
        p = table.pending
        assert p is not None
        mover = world.ann if p.user_id == int(world.ann.id) else world.bob
        handle = await world.fake.autocomplete(
            "caylus", subcommand="provost", user=mover, channel=world.channel, focused="move", value="forward"
        )
        choices = (await handle.response()).choices
        assert choices and all(c["value"].startswith("+") and " → r" in c["name"] for c in choices)
        text = await answer(await slash(world, mover, "provost", move="1"))
        assert text.startswith("✅ 1 forward to road 7")
        moves = await run.bot.manager.store.moves(table.id)
        assert moves[-1].code == "+1"


async def test_status_log_and_board(world: World) -> None:
    async with world.bot() as run:
        text = await answer(await slash(world, world.ann, "status"))
        assert "no Caylus table" in text
        await seated_table(world, world.ann, [world.bob, world.cid])
        turn = await current_turn(world)
        first = whose(turn, world)

        reply = await (await slash(world, first, "status")).response()
        assert reply.ephemeral and reply.message is not None
        assert "**Your decision now**: Place a worker or pass" in (reply.content or "")
        assert "deniers" in (reply.content or "") and "Favour markers" in (reply.content or "")
        assert any(c.startswith(("cy:", "cys:")) for c in reply.message.custom_ids())  # the chooser, too
        other = next(p for p in (world.ann, world.bob, world.cid) if p is not first)
        reply = await (await slash(world, other, "status")).response()
        assert "Waiting for" in (reply.content or "") and reply.message is not None
        assert reply.message.custom_ids() == []
        text = await answer(await slash(world, world.stranger, "status"))
        assert "You are not a player at this table" in text

        text = await answer(await slash(world, world.stranger, "log"))
        assert "takes 2 deniers" in text

        handle = await slash(world, world.stranger, "board")  # only the asker sees it
        assert (await handle.response()).type == 5
        board = await handle.original()
        assert board.ephemeral and board.attachments[0].data == TINY_PNG
        assert "Round 1" in board.content
        handle = await slash(world, world.stranger, "board", public=True)  # everyone sees it
        assert (await handle.response()).type == 5
        board = await handle.original()
        assert not board.ephemeral and board.attachments[0].data == TINY_PNG
        assert turn_of(turn) is not None
        await run.bot.publisher.idle()
