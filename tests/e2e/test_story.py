"""The story of a game on Discord (issue 24): round messages that never cut a report, even in the
longest rounds of five players (many activations, castle deliveries); a round that outgrows
Discord's limits for one message goes on in a second one."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.games import render_board_png
from bot.games.past import past_boards
from bot.rules import Code, CodeKind, final_scores, read_record, replay_record
from bot.ui import texts
from bot.ui.lang import post_tr
from bot.ui.roundpost import board_key
from bot.ui.texts import channel as channel_texts

from .conftest import World
from .helpers import ann_and_bob, answer, private_answer, slash
from .sim import Table


def busy_pick(codes: list[str], rng: random.Random) -> str:
    """Long rounds: a worker on the road or in the castle rather than a pass, the provost as far
    forward as it goes (everything on the road is used), the biggest castle delivery."""
    parsed = [Code.parse(c) for c in codes]
    road = [c.text for c in parsed if c.kind == CodeKind.ROAD]
    if road or "castle" in codes:
        return rng.choice(road + ["castle"] * ("castle" in codes))
    forward = [c for c in parsed if c.kind == CodeKind.PROVOST and c.steps > 0]
    if forward:
        return max(forward, key=lambda c: c.steps).text
    deliveries = [c for c in parsed if c.kind == CodeKind.WHOLE and c.cubes.isupper()]
    if deliveries:
        return max(deliveries, key=lambda c: len(c.parts)).text
    return rng.choice([c for c in codes if c not in ("skip", "done", "home")] or codes)


def provost_stays(codes: list[str], rng: random.Random) -> str:
    """Any choice, but the provost is never moved."""
    if any(Code.parse(c).kind == CodeKind.PROVOST for c in codes):
        return "0"
    return rng.choice(codes)


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
        assert run.bot.manager.tables() == []  # over and shown: out of memory (issue 28)
        t = await run.bot.manager.last_table(int(world.channel.id))
        assert t is not None and t.is_finished
        shown = "\n".join(round_messages(world))
        # every line of every phase report the game stored is in the channel, once
        tr = post_tr(t)
        lines = 0
        past = await run.bot.manager.past(t.channel_id)  # the posted ones rebuilt from the log
        assert past is not None
        for report in past.phase_reports():
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
        # the game is over: its replay and its record are still there (issue 24 item 5)
        reports = len(past.phase_reports())  # every report of the game, posted or not
        # drawn in the render pool: a while on a loaded machine (render_bench times it alone)
        [replay] = await (await game(world, world.ann, "replay")).followups(1, timeout=120)
        movie = Image.open(io.BytesIO(replay.attachments[0].data))
        assert movie.n_frames == reports and len(replay.attachments[0].data) < 10 * 2**20
        [exported] = await (await game(world, world.ann, "export")).followups(1, timeout=30)
        text = exported.attachments[0].data.decode()
        assert text.splitlines()[-1] == "final: " + " ".join(str(s.total) for s in final_scores(t.game.state))
        assert replay_record(read_record(text)).to_json() == t.game.to_json()


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
        rounds = {snap.seq: snap.round for snap in await run.bot.manager.store.snapshots(t.id)}
        past = await run.bot.manager.past(t.channel_id)  # the posted reports rebuilt from the log
        assert past is not None
        for report in past.phase_reports():
            if rounds[report.seq] >= 4:
                continue
            for chunk in texts.report_chunks(tr, report):
                for line in chunk.split("\n"):
                    assert line in shown, line


async def game(world: World, user: Any, sub: str, **options: Any) -> Any:
    """`/caylus-game <sub>`: the story of the channel's game."""
    return await world.fake.slash("caylus-game", subcommand=sub, user=user, channel=world.channel, options=options or None)


ROUND_MESSAGE_ROUTES = ("POST /channels/{channel_id}/messages", "PATCH /channels/{channel_id}/messages/{message_id}")


def uploads(world: World) -> list[tuple[str, bytes]]:
    """Every board image the bot posted or edited into a round message (Discord took it), in
    order: (file name, PNG)."""
    return [
        (upload.filename, upload.data)
        for call in world.fake.calls
        if call.status == 200 and call.route in ROUND_MESSAGE_ROUTES
        for upload in call.files.values()
        if upload.filename.startswith("s") and "-r" in upload.filename
    ]


def posted_boards(world: World) -> dict[str, bytes]:
    """Every board image the bot posted or edited into a round message, by file name."""
    return dict(uploads(world))


async def play_to_round(world: World, run: Any, people: list[Any], rng: random.Random, pick: Any, until: int) -> Any:
    """`people` (Ann first, who starts it) at a table of their number play through the fake,
    each decision as `pick` chooses, until round `until` begins; the bot has posted everything
    then. Returns the manager's table."""
    table = Table(world.fake, world.channel, people, rng, pick=pick)
    card = await table.seat_everyone(world.ann, seats=len(people))
    await table.start(card, world.ann)
    assert await table.play_turn()
    t = run.bot.manager.table(int(world.channel.id))
    assert t is not None and t.game is not None
    while t.game.state.round < until:
        assert await table.play_turn()
    await run.bot.publisher.idle()
    return t


async def test_a_phase_that_changed_nothing_on_the_board_uploads_no_image(world: World) -> None:
    """Issue 24 item 6: a round message's image is replaced only by a board that differs from
    the one it shows (a phase 4 in which the provost stayed is text only); every board that
    differs is uploaded, each once."""
    world.table_seed(5)
    async with world.bot() as run:
        t = await play_to_round(world, run, [world.ann, world.bob], random.Random(2), provost_stays, 4)
        past = await run.bot.manager.past(t.channel_id)
        assert past is not None
        # what a round message should upload: the first board of its round, then each that differs
        expected: list[str] = []
        shown: tuple[int, tuple[str, ...] | None] | None = None
        for r in past_boards(past):
            key = board_key(r.state)
            if shown is None or shown[0] != r.round or shown[1] != key:
                expected.append(r.filename)
                shown = (r.round, key)
        uploaded = [name for name, _ in uploads(world)]
        assert uploaded == expected
        # the provost stayed every round: each phase 4 report edited the text alone
        fours = [r.filename for r in past.phase_reports() if r.phase == 4]
        assert fours and not set(fours) & set(uploaded)
        assert len(uploaded) < len(past.phase_reports())


async def test_past_boards_previous_next_log_replay_and_export(world: World) -> None:
    """Issue 24 items 3 and 5, with the real renderer: every past board is the image the round
    message showed, pixel for pixel; Previous / Next step through them; the log of a round and
    of a player; the replay has a frame per phase report; the export replays to the game as it
    stands."""
    world.table_seed(12)
    world.render = render_board_png
    async with world.bot() as run:
        t = await play_to_round(world, run, [world.ann, world.bob], random.Random(5), busy_pick, 3)
        past = await run.bot.manager.past(t.channel_id)
        assert past is not None
        reports = past.phase_reports()
        boards = posted_boards(world)
        assert len(boards) >= 4
        # /caylus-game board round:N phase:P: the image the round message showed then
        compared = 0
        for r in reports[:6]:
            if r.filename not in boards:
                continue  # a phase whose board changed nothing was not uploaded again
            compared += 1
            handle = await game(world, world.bob, "board", round=r.round, phase=r.phase)
            message = await private_answer(handle)
            [image] = message.attachments
            assert image.data == boards[r.filename], r.filename
            assert f"**{r.title}**" in message.content
        assert compared >= 3
        # Previous / Next on it
        index = next(i for i, r in enumerate(reports) if r.filename in boards and i > 0)
        r = reports[index]
        message = await private_answer(await game(world, world.bob, "board", round=r.round, phase=r.phase))
        previous = next(c for c in message.custom_ids() if c == f"cyp:{t.id}:{index - 1}")
        before = len(message.revisions)
        click = await world.fake.click(message, previous, user=world.bob)
        await click.response()
        await world.fake.state.changed.wait_for(lambda: len(message.revisions) > before, 10.0, lambda: "not stepped")
        assert f"({index} of {len(reports)})" in message.content
        assert f"cyp:{t.id}:{index}" in message.custom_ids()  # Next
        # the current private board offers Previous: the last phase report
        now = await private_answer(await slash(world, world.bob, "board"))
        assert f"cyp:{t.id}:{len(reports) - 1}" in now.custom_ids()

        # /caylus-game log round:1, and player:Ann
        handle = await game(world, world.bob, "log", round=1)
        [logged] = await handle.followups(1)
        text = logged.text
        assert "**Round 1 · Phase 2: Placing workers**" in text and "Round 2" not in text
        handle = await game(world, world.bob, "log", round=1, player="Ann")
        [mine] = await handle.followups(1)
        bullets = [line for line in mine.text.split("\n") if line.startswith("• ")]
        assert bullets and all("Ann" in line for line in bullets) and not any(line.startswith("• Bob") for line in bullets)
        handle = await game(world, world.bob, "log", round=9)
        assert "has not reached round 9" in (await answer(handle))

        # /caylus-game replay: one frame per phase report
        handle = await game(world, world.bob, "replay")
        [replay] = await handle.followups(1, timeout=60)
        [gif] = replay.attachments
        movie = Image.open(io.BytesIO(gif.data))
        assert gif.filename.endswith(".gif") and movie.n_frames == len(reports)
        assert replay.ephemeral

        # /caylus-game export: the record replays to the game as it stands
        handle = await game(world, world.bob, "export")
        [exported] = await handle.followups(1)
        [record] = exported.attachments
        replayed = replay_record(read_record(record.data.decode()))
        assert replayed.to_json() == t.game.to_json()


async def test_previous_of_an_earlier_table_is_refused_and_shows_nothing_of_the_next(world: World) -> None:
    """A stale button (issue 24 item 3): Previous on a board of a table abandoned since, pressed
    once another table plays in the channel, says that table is over and leaves the message as
    it was (the new table's boards are not shown under the old one's name)."""
    world.table_seed(12)
    async with world.bot() as run:
        t = await play_to_round(world, run, [world.ann, world.bob], random.Random(5), busy_pick, 2)
        message = await private_answer(await game(world, world.bob, "board", round=1))
        previous = next(c for c in message.custom_ids() if c.startswith(f"cyp:{t.id}:"))
        await run.bot.manager.abandon(t.channel_id, int(world.ann.id))
        await ann_and_bob(world, run.bot.manager, seed=3)
        new = run.bot.manager.table(int(world.channel.id))
        assert new is not None and new.id != t.id
        before = (message.content, len(message.revisions), [a.data for a in message.attachments])
        click = await world.fake.click(message, previous, user=world.bob)
        [said] = await click.followups(1, timeout=10)
        assert said.ephemeral and "That table is over or was abandoned" in said.text
        assert (message.content, len(message.revisions), [a.data for a in message.attachments]) == before


async def test_a_turn_message_opens_with_what_its_player_missed(world: World) -> None:
    """Issue 24 item 2: the turn message that calls a player starts with what happened since
    their last move, in at most five lines (the provost's move, what was built...)."""
    world.table_seed(3)
    async with world.bot() as run:
        await play_to_round(world, run, [world.ann, world.bob, world.cid], random.Random(1), busy_pick, 3)
    # every turn message posted (the older ones are deleted once replaced): those calling a
    # player in round 2 open with what they missed
    posted = [str((c.json or {}).get("content") or "") for c in world.fake.requests("POST", f"/channels/{world.channel.id}/messages")]
    posted += [
        str(((c.json or {}).get("data") or {}).get("content") or "") for c in world.fake.requests("POST", "/interactions/*/callback")
    ]
    calls = [text for text in posted if "**Round 2 ·" in text and "your turn" in text]
    opened = [text for text in calls if text.startswith("-# Since your last move:")]
    assert len(opened) >= 3, calls
    for text in opened:
        lines = text.split("\n")
        told = lines[1 : next(i for i, x in enumerate(lines) if "your turn" in x)]
        assert 1 <= len(told) <= 5 and all(x.startswith("• ") for x in told), told
    assert any("Provost road" in text or "The provost stays" in text for text in opened)
