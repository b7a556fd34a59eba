"""The asynchronous flow of a 3-player table: how often people are asked, pinged and made to click.

    python benchmarks/async_flow.py [--seed 1] [--rounds N] [--no-orders] [--render real] [--think S]
                                    [--queue-depth K]

Plays a complete game (or its first `--rounds` rounds) through the fake Discord with the real
bot (discord.py, the manager, SQLite) in this process, three scripted people choosing as the
greedy AI would and making each choice through the UI (tests/e2e/flow.py says how): once as
today's defaults leave them, and once with the standing orders a regular player sets (provost:
ask only where a move would cut someone; a default production at each choose-one production
building; deliver every batch) and, when not on turn, a queued placement. Issues 10 and 11
define the figures:

- decisions: every applied move; prompts: those a person made when asked; auto_applied: those
  the game applied by itself (orders, obvious choices); queued_applied: placements from a queue;
- pings: channel messages that call a person back for the decision pending then (the final
  scores aside), per player per round;
- clicks_per_decision: buttons + commands + 2 per select pick (open it, pick), per decision a
  person made (asked, or queued);
- lasting_messages_per_round: channel messages still there at the end; images_per_round: board
  images posted or edited into channel messages; requests_per_decision: REST requests the bot
  made from the start to the end of the game.
- reports_dropped, round_message_chars_max (issue 24, `story_figures`): phase reports stored
  whose lines are not all in the channel's round messages (must be 0), and the most characters
  a round message carries (its title and embeds).

The last line is one JSON object with those keys and "with_orders" (the same keys; null when the
bot has no `/caylus orders` and `/caylus queue`, or with --no-orders).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


async def one_game(
    seed: int,
    rounds: int | None,
    orders: bool,
    render: str,
    spec_check: bool,
    think: float = 0.0,
    queue_depth: int = 1,
) -> Any:
    """Play one game in a fresh fake and database; its `Figures`."""
    import pytest

    from bot.games import render_board_png
    from tests.e2e.conftest import World, tiny_render
    from tests.e2e.flow import Flow
    from tests.fake_discord import FakeDiscord

    fake = FakeDiscord(timeout=15.0, spec_check=spec_check)
    guild = fake.add_guild("Caylus Club")
    channel = fake.add_channel(guild, "caylus")
    people = {name: fake.add_player(guild, name, global_name=name.title()) for name in ("ann", "bob", "cid")}
    monkeypatch = pytest.MonkeyPatch()
    await fake.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "db" / "flow.sqlite3"
            world = World(fake, guild, channel, people, db, monkeypatch)
            world.render = render_board_png if render == "real" else tiny_render
            world.table_seed(seed)
            async with world.bot() as run:
                flow = Flow(run.bot, fake, channel, list(people.values()), orders=orders, think=think, queue_depth=queue_depth)
                figures = await flow.play(rounds=rounds)
                figures.story = await story_figures(run.bot, fake, channel)
                return figures
    finally:
        monkeypatch.undo()
        await fake.stop()


async def story_figures(bot: Any, fake: Any, channel: Any) -> dict[str, int]:
    """Issue 24: reports stored but not shown whole in the round messages, and the longest
    round message (characters of its title and embeds)."""
    from bot.games import PhaseReport
    from bot.ui import texts
    from bot.ui.lang import post_tr

    rounds = [m for m in fake.channel_messages(channel) if m.content.startswith("📜 ")]
    shown = "\n".join(m.text for m in rounds)
    dropped = 0
    for table in bot.manager.tables():
        for snap in await bot.manager.store.snapshots(table.id):
            if snap.report is None:
                continue
            report = PhaseReport.from_json(snap.report, table_id=table.id, channel_id=table.channel_id, seq=snap.seq)
            lines = [x for c in texts.report_chunks(post_tr(table), report) for x in c.split("\n")]
            dropped += any(line not in shown for line in lines)
    longest = max((len(m.content) + sum(len(e.get("description") or "") for e in m.embeds) for m in rounds), default=0)
    return {"reports_dropped": dropped, "round_message_chars_max": longest}


def show(title: str, figures: Any, seconds: float) -> None:
    f = figures
    line = f.line()
    p = f.pings
    c = f.clicks
    print(f"{title}: {f.rounds} rounds, {f.decisions} decisions ({seconds:.0f} s)")
    print(f"  moves by actor           {dict(sorted(f.actors.items()))}")
    print(f"  prompts                  {f.prompts} ({line['prompts_per_player_round']} per player per round)")
    print(
        f"  pings                    {p.to_deciders} ({line['pings_per_player_round']} per player per round);"
        f" at the end {p.at_end}, misdirected {p.misdirected}, repeated {p.repeated}"
    )
    rounds = f.players * f.rounds
    kinds = ", ".join(f"{k} {n / rounds:.2f}" for k, n in sorted(p.by_kind.items(), key=lambda kv: -kv[1]))
    print(f"  pings by decision kind   {kinds} (per player per round)")
    print(f"  auto / queued applied    {f.auto_applied} / {f.queued_applied}")
    print(
        f"  clicks                   {c.total} = {c.presses} presses ({c.openers} openers)"
        f" + {c.selects} select picks x2 + {c.commands} commands: {line['clicks_per_decision']} per decision"
    )
    print(f"  lasting messages         {f.lasting_messages} ({line['lasting_messages_per_round']} per round)")
    print(f"  images                   {f.images} ({line['images_per_round']} per round)")
    print(f"  requests                 {f.requests} ({line['requests_per_decision']} per decision)")
    story = getattr(f, "story", {})
    print(f"  reports dropped          {story.get('reports_dropped')}; longest round message {story.get('round_message_chars_max')} characters")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from tests.e2e.flow_orders import OrdersUnavailable

    began = time.perf_counter()
    plain = await one_game(args.seed, args.rounds, False, args.render, args.spec_check, args.think)
    show("Without orders", plain, time.perf_counter() - began)
    out: dict[str, Any] = plain.line() | getattr(plain, "story", {})
    out["with_orders"] = None
    if args.no_orders:
        print("With orders: not played (--no-orders)")
        return out
    began = time.perf_counter()
    try:
        ordered = await one_game(
            args.seed, args.rounds, True, args.render, args.spec_check, args.think, args.queue_depth
        )
    except OrdersUnavailable as why:
        print(f"With orders: not measured ({why})")
        return out
    show("With orders and the queue", ordered, time.perf_counter() - began)
    out["with_orders"] = ordered.line() | getattr(ordered, "story", {})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the table's setup and the people's tie-breaks")
    parser.add_argument("--rounds", type=int, default=None, help="stop after this round (default: the whole game)")
    parser.add_argument("--no-orders", action="store_true", help="play only today's defaults")
    parser.add_argument(
        "--render", choices=("tiny", "real"), default="tiny", help="tiny: a 4x4 PNG (images are counted alike)"
    )
    parser.add_argument(
        "--spec-check", action="store_true", help="let the fake validate every request against the OpenAPI spec"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds each person waits before a decision once the bot is quiet (set it above any "
        "delay the bot puts before a ping, or people answer before they are pinged)",
    )
    parser.add_argument(
        "--queue-depth",
        type=int,
        default=1,
        help="placements a person queues at once with orders: 1 (the issue's measure: the one they "
        "would choose now) or more (that one, then the next best as fallbacks: \"X, else Y\")",
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    print(json.dumps(asyncio.run(run(args))))


if __name__ == "__main__":
    main()
