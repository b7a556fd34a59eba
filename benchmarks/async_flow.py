"""The asynchronous flow of a 3-player table: how often people are asked, pinged and made to click.

    python benchmarks/async_flow.py [--seed 1] [--seeds N] [--rounds N] [--no-orders] [--render real]
                                    [--think S] [--queue-depth K] [--mean-hours H]

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

Calendar time (issue 22; tests/e2e/timeline.py, the model benchmarks/ping_replay.py shares): every
call back is answered after an exponential delay of mean `--mean-hours` (4 h), capped at the
table's 24 h deadline; people called at the same time answer in parallel; a person's consecutive
decisions cost one wait. Kinds of people: `plain` (no orders), `orders_queue` (the standing
orders and the queue above), `regular_plan` (the standing orders and a round plan set when
invited, tests/e2e/planner.py). With `--seeds N`, seeds S..S+N-1, and the calendar figures are
means with their range.

The last line is one JSON object with those keys, "with_orders" (the same keys; null when the
bot has no `/caylus orders` and `/caylus queue`, or with --no-orders) and "calendar":
{"plain": {"days_per_game", "waits_per_round", "pings_per_player_round", ...}, "orders_queue": ...,
"regular_plan": ...} (null for a kind not played).
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
    mean_hours: float = 4.0,
    planning: bool = False,
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
                flow = Flow(
                    run.bot, fake, channel, list(people.values()), orders=orders, think=think,
                    queue_depth=queue_depth, mean_hours=mean_hours, planning=planning,
                )
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
    print(f"  invitations              {f.pings.invites} pings beside the turn messages'")
    cal = f.calendar_line()
    if cal is not None:
        print(
            f"  calendar                 {cal['days_per_game']} days, {cal['waits_per_round']} waits a round,"
            f" {cal['pings_per_player_round']} pings per player per round"
        )


def calendar_summary(lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The calendar keys over several games: means, with the range of days."""
    keys = ("days_per_game", "waits_per_round", "pings_per_player_round")
    out = {k: round(sum(x[k] for x in lines) / len(lines), 2) for k in keys}
    days = [x["days_per_game"] for x in lines]
    return {**out, "min": min(days), "max": max(days), "games": len(lines)}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from tests.e2e.flow_orders import OrdersUnavailable

    seeds = range(args.seed, args.seed + args.seeds)
    out: dict[str, Any] = {"with_orders": None}
    calendar: dict[str, Any] = {"plain": None, "orders_queue": None, "regular_plan": None}
    kinds = [("plain", False, False)]
    if not args.no_orders:
        kinds += [("orders_queue", True, False), ("regular_plan", True, True)]
    kinds = [k for k in kinds if k[0] in args.people.split(",")]
    for kind, orders, planning in kinds:
        lines = []
        for seed in seeds:
            began = time.perf_counter()
            try:
                figures = await one_game(
                    seed, args.rounds, orders, args.render, args.spec_check, args.think, args.queue_depth,
                    args.mean_hours, planning,
                )  # fmt: skip
            except OrdersUnavailable as why:
                print(f"{kind}: not measured ({why})")
                break
            show(f"{kind}, seed {seed}", figures, time.perf_counter() - began)
            if seed == args.seed:
                if kind == "orders_queue":
                    out["with_orders"] = figures.line() | getattr(figures, "story", {})
                elif kind == "plain":
                    out = {**figures.line(), **getattr(figures, "story", {}), **out}
                else:
                    out["with_plans"] = figures.line() | getattr(figures, "story", {})
            lines.append(figures.calendar_line())
        if lines:
            calendar[kind] = calendar_summary(lines)
    out["calendar"] = calendar
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the table's setup and the people's tie-breaks")
    parser.add_argument("--seeds", type=int, default=1, help="games of each kind, seeds --seed and up")
    parser.add_argument("--mean-hours", type=float, default=4.0, help="mean delay of a call back (calendar time)")
    parser.add_argument(
        "--people", default="plain,orders_queue,regular_plan", help="kinds of people to play (comma-separated)"
    )
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
