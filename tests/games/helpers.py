"""Helpers shared by the manager and store tests (real SQLite files, no mocks)."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from bot.games import ActResult, BaseListener, Manager, Pending, Seat, Table, TableSettings
from bot.rules import Decision, Event, State

GUILD = 900


async def open_manager(path: Path, **kwargs: Any) -> Manager:
    kwargs.setdefault("render", None)
    kwargs.setdefault("synchronous", "NORMAL")
    manager = await Manager.open(path, **kwargs)
    await manager.load()
    return manager


async def started_table(
    manager: Manager,
    channel: int,
    humans: int = 2,
    ai: int = 0,
    seed: int = 1,
    first_user: int = 101,
    settings: TableSettings | dict[str, Any] | None = None,
    ai_level: str | None = None,
) -> tuple[list[int], ActResult]:
    """A started table with `humans` people (user ids first_user, first_user+1, ...) then AIs
    (at `ai_level`), with the table `settings` (deadline...)."""
    users = [first_user + i for i in range(humans)]
    await manager.create_table(
        GUILD, channel, users[0], f"U{users[0]}", humans + ai, seed=seed, settings=settings
    )
    for uid in users[1:]:
        await manager.join(channel, uid, f"U{uid}")
    for _ in range(ai):
        await manager.add_ai(channel, users[0], level=ai_level)
    result = await manager.start(channel, users[0])
    return users, result


def pending_at(manager: Manager, channel: int) -> Pending | None:
    """The pending decision at the channel's table."""
    t = manager.table(channel)
    return t.pending if t is not None else None


def waiting(manager: Manager, user_id: int | None = None) -> list[Pending]:
    """The tables waiting on a person (on `user_id`, if given), oldest table first."""
    out = []
    for t in sorted(manager.tables(), key=lambda t: t.id):
        p = t.pending
        if p is not None and p.user_id is not None and (user_id is None or p.user_id == user_id):
            out.append(p)
    return out


def random_code(decision: Decision, rng: random.Random) -> str:
    return rng.choice(decision.choices).code


async def play_people(manager: Manager, channel: int, rng: random.Random, max_moves: int | None = None) -> int:
    """Answer the pending decisions of people at random until the game ends (or max_moves)."""
    moves = 0
    while max_moves is None or moves < max_moves:
        p = pending_at(manager, channel)
        if p is None:
            break
        assert not p.is_ai and p.user_id is not None
        await manager.act(channel, p.user_id, p.number, random_code(p.decision, rng))
        moves += 1
    return moves


class FakeRenderer:
    """Records what it was asked to draw and on which thread; returns a tiny fake PNG."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int, int, str]] = []

    def __call__(self, state: State, events: list[Event], pending: Decision | None) -> bytes:
        self.calls.append((state.round, state.phase, len(events), threading.current_thread().name))
        return b"\x89PNG fake " + f"{state.round}:{state.phase}:{len(state.history)}".encode()


class ManualClock:
    """A clock the test moves by hand (Unix seconds); tests never wait for real."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now

    def to(self, when: float) -> float:
        self.now = max(self.now, when)
        return self.now


class Recorder(BaseListener):
    """A listener that records what the manager told it."""

    def __init__(self) -> None:
        self.results: list[ActResult] = []
        self.autos: list[tuple[ActResult, str]] = []  # the results the game made by itself
        self.reminders: list[tuple[Pending, float]] = []
        self.takeovers: list[tuple[Table, Seat]] = []

    async def on_result(self, result: ActResult) -> None:
        self.results.append(result)
        if result.why and result.moves:
            self.autos.append((result, result.why))

    async def on_reminder(self, pending: Pending, deadline_at: float) -> None:
        self.reminders.append((pending, deadline_at))

    async def on_takeover(self, table: Table, seat: Seat) -> None:
        self.takeovers.append((table, seat))
