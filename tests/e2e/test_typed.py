"""Commands that accept what people type (issue 11 item 7) and say what a choice does (item 6),
through the fake Discord: `/caylus place` with names and prefixes, refusals with "r8 Carpenter"
pairs, a command for another phase, `/caylus status` with every player, autocomplete labels."""

from __future__ import annotations

from bot.rules import TILES
from bot.ui import choice_labels as labels

from .conftest import World
from .helpers import answer, current_turn, seated_table, slash, whose


async def test_place_by_name_prefix_and_space(world: World) -> None:
    world.table_seed(1)
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        first = whose(turn, world)
        other = world.bob if first is world.ann else world.ann
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        road = {sp: TILES[t].name for sp, t in enumerate(table.game.state.road_tile) if t}
        twice = sorted({n for n in road.values() if list(road.values()).count(n) > 1})
        assert twice, road  # two buildings of one name: a name alone is ambiguous
        name = twice[0]
        spaces = [sp for sp, n in road.items() if n == name]

        # a command for another phase says which phase it is for, and which it is now
        text = await answer(await slash(world, first, "provost", move="1"))
        assert "`/caylus provost` is for phase 4" in text and "Round 1 · Placing workers" in text
        # a name of two buildings: asked again, with the choices as "r8 Carpenter" pairs
        text = await answer(await slash(world, first, "place", target=name.lower()))
        assert "matches several choices" in text
        assert ", ".join(f"r{sp} {name}" for sp in spaces) in text
        # unknown: every choice listed as a pair
        text = await answer(await slash(world, first, "place", target="bakery"))
        assert "none of your choices now" in text and f"r{spaces[0]} {name}" in text
        assert await run.bot.manager.store.moves(table.id) == []

        # a name and its space, then a unique prefix
        text = await answer(await slash(world, first, "place", target=f"{name} r{spaces[-1]}"))
        assert text.startswith(f"✅ {name} (road {spaces[-1]})"), text
        unique = next(n for n in road.values() if list(road.values()).count(n) == 1)
        sp = next(s for s, n in road.items() if n == unique)
        text = await answer(await slash(world, other, "place", target=unique[:4].lower()))
        assert text.startswith(f"✅ {unique} (road {sp})"), text
        moves = await run.bot.manager.store.moves(table.id)
        assert [m.code for m in moves] == [f"r{spaces[-1]}", f"r{sp}"]


async def test_status_shows_every_player(world: World) -> None:
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob, world.cid])
        await current_turn(world)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        text = await answer(await slash(world, world.stranger, "status"))
        for p in table.game.state.players:
            line = next(x for x in text.splitlines() if x.startswith(f"**{p.name}**"))
            assert f"{p.deniers} deniers" in line and f"{p.pp} PP" in line and "favours: prestige" in line
            assert "workers in hand" in line and "food" in line
        text = await answer(await slash(world, world.bob, "status"))
        assert "**Bob** (you)" in text and "Your buildings" in text


async def test_autocomplete_says_what_the_chooser_says(world: World) -> None:
    world.table_seed(1)
    async with world.bot() as run:
        await seated_table(world, world.ann, [world.bob])
        first = whose(await current_turn(world), world)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None and table.decision is not None
        handle = await world.fake.autocomplete(
            "caylus", subcommand="place", user=first, channel=world.channel, focused="target", value="cast"
        )
        [castle] = (await handle.response()).choices
        c = next(c for c in table.decision.choices if c.code == "castle")
        assert castle["name"] == labels.describe(table.game, "place", c).line()
        assert "⚠ no batch" in castle["name"]  # 2 food + 1 wood at the start: no batch
