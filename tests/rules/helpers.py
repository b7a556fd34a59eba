"""Build positions for the rules tests so that they read like the rules reference.

A position is a `State` made by `table()`: seats sit in turn order 0, 1, 2, ..., nobody has money
or cubes, and the six neutral tiles lie in a known order on road spaces 1–6 (see `NEUTRAL_ROAD`).
Tests then hand out money and cubes (`hold`), put tiles (`build`) and workers (`put`) on the board,
and start the engine either on a phase (`conftest.play`) or on decision tasks (`decide`).

Both stop the engine at a phase boundary (`Game.resume(..., stop_at=phase)`, the engine's public
way), so a test can look at the exact state after the step it exercises without the rest of the
turn running on: `halted(g)` says the engine stands there.
"""

from __future__ import annotations

from bot.rules import Game, Options, State, new_game
from bot.rules.tasks import Task
from bot.rules.tiles import CUBES

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
# Road spaces 1..6 in every `table()` position (§1.2 item 2 puts them there in random order).
NEUTRAL_ROAD = ("n_farm", "n_forest", "n_sawmill", "n_quarry", "n_market", "n_carpenter")
FARM, FOREST, SAWMILL, QUARRY, MARKET, CARPENTER = 1, 2, 3, 4, 5, 6
PEDDLER, CARPENTER_FIXED, GOLD_MINE = 7, 8, 16  # §1.3 printed buildings


def table(n: int = 3, options: Options | None = None) -> State:
    """A clean position at the start of turn 1, before phase 1 (§1.2 with all money and cubes
    removed): turn order 0, 1, ..., n-1; provost and bailiff on road 6; nobody has anything."""
    s = new_game(NAMES[:n], seed=0, options=options).state
    s.tasks.clear()
    s.history.clear()
    s.turn_order = list(range(n))
    for p in s.players:
        p.deniers = 0
        p.cubes = [0, 0, 0, 0, 0]
    s.road_tile[1:7] = list(NEUTRAL_ROAD)
    s.phase, s.step, s.cursor = 1, 0, 0
    return s


def hold(s: State, seat: int, cubes: str = "", deniers: int = 0, pp: int = 0) -> None:
    """Give a player exactly these cubes (e.g. "FFWG"), deniers and prestige."""
    p = s.players[seat]
    p.cubes = [cubes.count(ch) for ch in CUBES]
    p.deniers = deniers
    p.pp = pp


def cubes(s: State, seat: int) -> str:
    """A player's cubes as a string in F W S C G order, e.g. "FFWG"."""
    return "".join(ch * n for ch, n in zip(CUBES, s.players[seat].cubes, strict=True))


def build(s: State, space: int, tile: str, owner: int = -1) -> None:
    """A tile on a road space (taken from the stock when it comes from there)."""
    assert s.road_tile[space] is None or space <= 6, f"road {space} is not free"
    s.road_tile[space] = tile
    s.road_owner[space] = owner
    if tile in s.stock:
        assert s.stock[tile] > 0
        s.stock[tile] -= 1


def put(s: State, seat: int, *targets: str) -> None:
    """Workers of `seat` standing on targets (no cost, no owner bonus): "r12", "gate",
    "trading", "guild", "joust", "stables", "castle", "inn" (left circle), "inn_right"."""
    for target in targets:
        if target[0] == "r":
            s.road_worker[int(target[1:])] = seat
        elif target == "stables":
            s.stables.append(seat)
        elif target == "castle":
            s.castle_workers.append(seat)
        elif target == "inn":
            s.inn_left = seat
        elif target == "inn_right":
            s.inn_right = seat
        else:
            setattr(s, target, seat)
        s.players[seat].workers -= 1


def decide(s: State, *tasks: Task) -> Game:
    """Start the engine on decision tasks (the first given is resolved first) in a position at
    the start of a phase (`table()`'s); the game stops when they are done, before the phase."""
    assert s.step == 0 and s.cursor == 0, "decide() starts from the start of a phase"
    s.tasks = list(reversed(tasks))
    return Game.resume(s, stop_at=s.phase)


def halted(g: Game) -> bool:
    """True when every decision of the step under test is answered: the engine stands at the
    phase boundary it was told to stop at."""
    return g.stopped and not g.state.tasks and g.decision is None


def fresh(n: int, seed: int = 0, options: Options | None = None) -> Game:
    """A real new game (§1.2) with the first n names."""
    return new_game(NAMES[:n], seed, options)
