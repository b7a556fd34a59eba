"""The adapter to issue 10's commands for tests/e2e/flow.py: standing orders and the placement
queue as a person types them (`/caylus orders`, `/caylus queue`), one function per order kind, and
the placement a person not on turn would queue.

The option names are read from the command the bot synced (the first of the candidate names it
has), so only this module changes when the commands do; a bot without them raises
`OrdersUnavailable` (the benchmark then reports no figures with orders).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from bot.games.ai import choose, ranked_choices
from bot.games.invites import as_if
from bot.rules import TILES, Game
from tests.fake_discord import FakeChannel, FakeDiscord, FakeMember


class OrdersUnavailable(Exception):
    """The bot has no command for standing orders or the placement queue."""


def default_production(tile: str) -> str:
    """A regular player's standing choice at a choose-one production building: the larger yield,
    else the cube that is not food (§3.1)."""
    return max(TILES[tile].params, key=lambda code: (len(code), code != "F"))


PRODUCTION_TILES = tuple(k for k, t in TILES.items() if t.effect == "produce" and len(t.params) > 1)


class Orders:
    """Standing orders and the queue, set through `/caylus orders` and `/caylus queue` as a
    person types them. One function per order kind; the option names are read from the command
    the bot synced (the first of the candidate names it has), so only this class changes when
    the commands do."""

    def __init__(self, fake: FakeDiscord, channel: FakeChannel, on_command: Callable[[], None]) -> None:
        self.fake = fake
        self.channel = channel
        self.on_command = on_command  # counts the person's command
        self.commands = synced_subcommands(fake)

    def missing(self) -> str | None:
        """Why orders cannot be set in this bot, or None."""
        have = set(self.commands)
        if not {"orders", "queue"} <= {name.split()[0] for name in have}:
            return f"the bot has no /caylus orders and /caylus queue (it has: {', '.join(sorted(have))})"
        return None

    def _option(self, sub: str, *candidates: str) -> str | None:
        names = self.commands.get(sub, [])
        return next((c for c in candidates if c in names), None)

    def _sub(self, *candidates: str) -> str:
        found = next((c for c in candidates if c in self.commands), None)
        if found is None:
            raise OrdersUnavailable(f"no /caylus {' or '.join(candidates)}")
        return found

    async def say(self, person: FakeMember, sub: str, options: dict[str, Any]) -> None:
        """A command as the person types it (counted as one click)."""
        await self._say(person, sub, options)

    async def _say(self, person: FakeMember, sub: str, options: dict[str, Any]) -> None:
        handle = await self.fake.slash("caylus", subcommand=sub, user=person, channel=self.channel, options=options)
        await handle.response()
        self.on_command()

    async def provost(self, person: FakeMember, setting: str = "cuts") -> None:
        """Provost: "ask me" only where a move would cut someone's worker, else stay."""
        sub = self._sub("orders provost", "orders")
        name = self._option(sub, "provost", "setting", "order")
        if name is None:
            raise OrdersUnavailable(f"/caylus {sub} has no provost option")
        await self._say(person, sub, {name: setting})

    async def production(self, person: FakeMember, tile: str, code: str) -> None:
        """The standing production of one choose-one production building."""
        sub = self._sub("orders production", "orders produce", "orders")
        building = self._option(sub, "building", "tile")
        choice = self._option(sub, "production", "produce", "choice")
        if choice is None:
            raise OrdersUnavailable(f"/caylus {sub} has no production option")
        # One option "tile.code" (e.g. n_farm.C), or the building and its production apart.
        options = {building: tile, choice: code} if building else {choice: f"{tile}.{code}"}
        await self._say(person, sub, options)

    async def castle(self, person: FakeMember) -> None:
        """Deliver every batch I can."""
        sub = self._sub("orders castle", "orders")
        name = self._option(sub, "castle", "deliver_all", "batches")
        if name is None:
            raise OrdersUnavailable(f"/caylus {sub} has no castle option")
        await self._say(person, sub, {name: True})

    async def queue(self, person: FakeMember, code: str) -> None:
        """Queue placements, in order ("r8, r7"; the person is not on turn)."""
        sub = self._sub("queue add", "queue")
        name = self._option(sub, "add", "target", "targets", "placement", "entry", "place")
        if name is None:
            raise OrdersUnavailable(f"/caylus {sub} has no option for a placement")
        await self._say(person, sub, {name: code})

    async def standing(self, person: FakeMember) -> None:
        """Everything a regular player sets once at the start."""
        await self.provost(person)
        for tile in PRODUCTION_TILES:
            await self.production(person, tile, default_production(tile))
        await self.castle(person)


def synced_subcommands(fake: FakeDiscord) -> dict[str, list[str]]:
    """`/caylus` subcommands the bot synced ("queue add" for one in a group) -> option names."""
    out: dict[str, list[str]] = {}
    for command in fake.commands():
        if command.get("name") != "caylus":
            continue
        for sub in command.get("options") or []:
            inner = sub.get("options") or []
            if sub.get("type") == 2:
                for leaf in inner:
                    out[f"{sub['name']} {leaf['name']}"] = [o["name"] for o in leaf.get("options") or []]
            elif sub.get("type") == 1:
                out[sub["name"]] = [o["name"] for o in inner]
    return out


def placement_now(game: Game, seat: int, table_seed: int, depth: int = 1) -> list[str]:
    """The placements a person would queue if it were their turn now (a person queueing while
    someone else places): the one the greedy AI would choose, then (`depth` > 1) the next best
    by the greedy value as fallbacks, "X if free, else Y" (never a pass: a person falls back on
    another place, not on giving up the phase); [] when they have nothing to place."""
    d = game.decision
    trial = as_if(game, seat) if d is not None and d.kind == "place" else None
    if trial is None:
        return []
    first = choose(trial, "greedy", random.Random(f"{table_seed}:{len(game.state.history)}:{seat}"))
    if depth == 1:
        return [first]
    rest = [c for c in ranked_choices(trial, seat) if c not in (first, "pass")]
    return [first, *rest[: depth - 1]]


def queues_now(
    game: Game, table_seed: int, seats: Iterable[int], decider: int, queued: dict[int, tuple[int, int, int]], depth: int = 1
) -> dict[int, list[str]]:
    """The placements each of `seats` not on turn queues now, while `decider` places: the ones
    they would choose now (`placement_now`), once per placement of theirs (`queued` remembers
    the round, phase and workers in hand at which each seat queued, and is updated)."""
    s = game.state
    out: dict[int, list[str]] = {}
    for seat in seats:
        workers = s.players[seat].workers
        if seat == decider or queued.get(seat) == (s.round, s.phase, workers):
            continue  # their entry waits
        if codes := placement_now(game, seat, table_seed, depth):
            out[seat] = codes
            queued[seat] = (s.round, s.phase, workers)
    return out
