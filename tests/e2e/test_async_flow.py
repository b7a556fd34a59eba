"""The game loop of benchmarks/async_flow.py (tests/e2e/flow.py) over two rounds: three people
choosing as the greedy AI would, each choice made through the bot's own messages, and counts
that agree with the store, the rules core and each other. Figures are the benchmark's job."""

from __future__ import annotations

from benchmarks.ping_replay import replay
from tests.e2e.flow import SELECT_CLICKS, Flow, pinged

from .conftest import World


async def test_two_rounds_counted_consistently(world: World) -> None:
    world.table_seed(3)
    people = [world.ann, world.bob, world.cid]
    async with world.bot() as run:
        flow = Flow(run.bot, world.fake, world.channel, people)
        figures = await flow.play(rounds=2)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None and table.game is not None
        history = len(table.game.state.history)
    assert figures.rounds == 2
    # Every move in the log is one the rules core applied, and each is counted once.
    assert figures.decisions == history > 0
    assert figures.prompts + figures.queued_applied + figures.auto_applied == figures.decisions
    # Without orders nothing is queued; the prompts are the moves the log says a person made.
    assert figures.queued_applied == 0
    assert figures.actors.get("player", 0) == figures.prompts > 0
    # Every ping called back the person who decided then, and only when the decider changed.
    pings = figures.pings
    assert pings.misdirected == 0 and pings.repeated == 0
    assert 0 < pings.to_deciders <= figures.prompts + 1  # + the pending one of round 3
    assert pings.at_end == 0  # the game is not over
    # At least one click per decision, and no more than the opener, a select and a button each.
    clicks = figures.clicks
    assert figures.prompts <= clicks.total <= (2 + SELECT_CLICKS) * figures.prompts
    assert clicks.openers <= figures.prompts
    assert figures.requests >= figures.prompts  # at least the answer to each click
    assert 1 <= figures.lasting_messages and 1 <= figures.images
    line = figures.line()
    assert line["prompts_per_player_round"] == round(figures.prompts / 6, 2)
    # benchmarks/ping_replay.py, the same people on the rules core alone, counts the same pings.
    assert sum(replay(3, orders=False, rounds=2).pings.values()) == pings.to_deciders


def test_a_ping_is_a_mention_the_message_lets_through() -> None:
    body = {"content": "<@1> and <@2>, then <@!3>", "allowed_mentions": {"parse": [], "users": ["2"]}}
    assert pinged(body) == ["2"]
    assert pinged({**body, "allowed_mentions": {"parse": ["users"]}}) == ["1", "2", "3"]
    assert pinged({"content": "<@4>"}) == ["4"]
    assert pinged({"content": "<@4>", "allowed_mentions": {"parse": []}}) == []


async def test_the_offline_replay_counts_the_pings_of_a_table_with_orders_and_queues(world: World) -> None:
    """benchmarks/ping_replay.py averages pings over many seeds without Discord: its people
    (standing orders, a queued placement) must be the ones the fake Discord sees."""
    world.table_seed(5)
    async with world.bot() as run:
        flow = Flow(run.bot, world.fake, world.channel, [world.ann, world.bob, world.cid], orders=True)
        figures = await flow.play(rounds=3)
    assert figures.queued_applied > 0 and figures.auto_applied > 0
    offline = replay(5, orders=True, rounds=3)
    assert sum(offline.pings.values()) == figures.pings.to_deciders
    assert offline.pings == figures.pings.by_kind


async def test_the_offline_replay_counts_the_pings_and_invitations_of_a_table_of_regulars(world: World) -> None:
    """The regulars of benchmarks/ping_replay.py (standing orders and a round plan, invited at
    each round's start and to declare in phase 4) are the ones the fake Discord sees: the same
    turn pings by kind, the same invitations, the same calendar."""
    world.table_seed(5)
    async with world.bot() as run:
        flow = Flow(run.bot, world.fake, world.channel, [world.ann, world.bob, world.cid], orders=True, planning=True)
        figures = await flow.play(rounds=3)
        table = run.bot.manager.table(int(world.channel.id))
        assert table is not None
        log = [(m.who, m.seat, m.code) for m in await run.bot.manager.store.move_log(table.id) if m.who != "undo" and not m.undone]
    assert figures.queued_applied > 0
    assert figures.pings.misdirected == 0 and figures.pings.invites > 0
    trace: list[tuple[str, int, str]] = []
    offline = replay(5, orders=True, rounds=3, people="regular_plan", trace=trace)
    assert log == trace[: len(log)]  # the same game, move for move
    assert offline.pings == figures.pings.by_kind
    assert offline.calendar.pings["invite"] == figures.pings.invites
