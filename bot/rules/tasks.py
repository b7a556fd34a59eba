"""Decision tasks: for each kind, its legal choices, how a choice applies, and the words for it.

A task is a list `[kind, seat, *context]` on top of `state.tasks`. A handler whose `choices` is
empty is an automatic step. Codes are the notation of docs/notation.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tiles import (
    CUBE_NAMES,
    CUBES,
    FAVOUR_DENIERS,
    FAVOUR_LINES,
    PLAIN,
    ROAD_LEN,
    SECTION_PP,
    SECTION_SIZE,
    SECTIONS,
    SPECIAL_NAMES,
    TILES,
    TRADES,
    C,
    S,
    W,
)

if TYPE_CHECKING:
    from .engine import Game

Task = list[Any]
SPECIAL_SLOTS = ("gate", "trading", "guild", "joust")
WORKER_KINDS = ("neutral", "fixed", "wood", "stone")  # buildings a worker may stand on (§2 phase 2)
PROVOST_MOVES = ("0", "+1", "+2", "+3", "-1", "-2", "-3")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cube_list(spec: str) -> str:
    return " + ".join(CUBE_NAMES[CUBES.index(ch)] for ch in spec)


def gain(g: Game, seat: int, spec: str) -> None:
    cubes = g.state.players[seat].cubes
    for ch in spec:
        cubes[CUBES.index(ch)] += 1


def lose_pp(g: Game, seat: int, amount: int) -> int:
    """Prestige never goes below 0 (rules header); returns what was really lost."""
    p = g.state.players[seat]
    lost = min(p.pp, amount)
    p.pp -= lost
    return lost


def missing_cube(g: Game, seat: int, code: str) -> str:
    """"you have no gold" when `code` names one cube the player lacks; "" otherwise."""
    if len(code) == 1 and code in CUBES and not g.state.players[seat].cubes[CUBES.index(code)]:
        return f"you have no {CUBE_NAMES[CUBES.index(code)]}"
    return ""


def place_name(target: str) -> str:
    if target[0] == "r":
        return f"road {target[1:]}"
    return SPECIAL_NAMES[target]


def building_name(g: Game, space: int) -> str:
    return f"{TILES[g.state.road_tile[space]].name} (road {space})"  # type: ignore[index]


def free_road_space(g: Game) -> int:
    """Lowest free road space for a new building, 0 when the road is full (§6 #15)."""
    tiles = g.state.road_tile
    for space in range(1, ROAD_LEN + 1):
        if tiles[space] is None:
            return space
    return 0


class Handler:
    kind = ""
    prompt_text = ""

    def choices(self, g: Game, t: Task) -> list[str]:
        return []

    def apply(self, g: Game, t: Task, code: str) -> None:
        raise NotImplementedError

    def prompt(self, g: Game, t: Task) -> str:
        return self.prompt_text

    def label(self, g: Game, t: Task, code: str) -> str:
        return {"skip": "Do nothing", "done": "Done", "0": "Do not move it"}.get(code, code)

    def explain(self, g: Game, t: Task, code: str) -> str:
        options = ", ".join(g.legal_codes())
        return f"'{code}' is not a choice now ({self.prompt(g, t)}); the choices are: {options}"


# ----- phase 2: placing workers and the Gate -------------------------------------------------------


def targets(g: Game, seat: int) -> list[str]:
    """Where a worker of `seat` may go now, cost aside (§2 phase 2 "Legal targets")."""
    s = g.state
    out = [name for name in SPECIAL_SLOTS if getattr(s, name) < 0]
    if s.n > 2 and len(s.stables) < 3 and seat not in s.stables:
        out.append("stables")
    if s.inn_left < 0:
        out.append("inn")
    if len(s.castle_workers) < 5 and seat not in s.castle_workers:
        out.append("castle")
    tiles, workers = s.road_tile, s.road_worker
    for space in range(1, ROAD_LEN + 1):
        tid = tiles[space]
        if tid is not None and workers[space] < 0 and TILES[tid].kind in WORKER_KINDS:
            out.append(f"r{space}")
    return out


def placement_cost(g: Game, seat: int, target: str) -> int:
    """§2 phase 2 "Cost" and §5: own building 1, Inn occupant 1, else the bridge price."""
    s = g.state
    if s.inn_right == seat:
        return 1
    if target[0] == "r" and s.road_owner[int(target[1:])] == seat:
        return 1
    if s.n == 2:
        return 3 if s.passing else 1
    return len(s.passing) + 1


def put_worker(g: Game, seat: int, target: str) -> None:
    """Stand a worker on `target`; another player's building gives its owner 1 PP."""
    s = g.state
    if target[0] == "r":
        space = int(target[1:])
        s.road_worker[space] = seat
        owner = s.road_owner[space]
        if owner >= 0 and owner != seat:
            s.players[owner].pp += 1
            g.event("owner_bonus", owner, f"{g.name(owner)} gains 1 PP: {g.name(seat)} uses their {building_name(g, space)}", pp=1, space=space)
    elif target == "stables":
        s.stables.append(seat)
    elif target == "castle":
        s.castle_workers.append(seat)
    elif target == "inn":
        s.inn_left = seat
    else:
        setattr(s, target, seat)


class Place(Handler):
    kind = "place"
    prompt_text = "Place a worker or pass"

    def choices(self, g: Game, t: Task) -> list[str]:
        seat = t[1]
        p = g.state.players[seat]
        if p.workers == 0:
            return ["pass"]
        money = p.deniers
        return ["pass"] + [x for x in targets(g, seat) if placement_cost(g, seat, x) <= money]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        seat = t[1]
        p = s.players[seat]
        g.state.tasks.pop()
        s.cursor = (s.turn_order.index(seat) + 1) % s.n
        if code == "pass":
            p.passed = True
            first = not s.passing
            s.passing.append(seat)
            if first:
                p.deniers += 1
            bonus = " and takes 1 denier as the first to pass" if first else ""
            g.event("pass", seat, f"{g.name(seat)} passes ({len(s.passing)}.){bonus}", position=len(s.passing))
            return
        cost = placement_cost(g, seat, code)
        p.deniers -= cost
        p.workers -= 1
        put_worker(g, seat, code)
        g.event("place", seat, f"{g.name(seat)} places a worker on {self.where(g, code)} for {plural(cost, 'denier')}", target=code, cost=cost)

    def where(self, g: Game, code: str) -> str:
        return building_name(g, int(code[1:])) if code[0] == "r" else SPECIAL_NAMES[code]

    def prompt(self, g: Game, t: Task) -> str:
        p = g.state.players[t[1]]
        return f"Place a worker or pass ({plural(p.workers, 'worker')} and {plural(p.deniers, 'denier')} left)"

    def label(self, g: Game, t: Task, code: str) -> str:
        if code == "pass":
            return "Pass" + ("" if g.state.passing else " (first to pass: +1 denier)")
        cost = placement_cost(g, t[1], code)
        owner = g.state.road_owner[int(code[1:])] if code[0] == "r" else -1
        whose = f", {g.name(owner)}'s" if owner >= 0 and owner != t[1] else ""
        return f"{self.where(g, code)}{whose} — {plural(cost, 'denier')}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        s = g.state
        seat = t[1]
        p = s.players[seat]
        if code == "stables" and s.n == 2:
            return "the Stables are not used with two players"
        if code in SPECIAL_SLOTS or code in ("stables", "inn", "castle") or (code[:1] == "r" and code[1:].isdigit()):
            if code[0] == "r" and not 1 <= int(code[1:]) <= ROAD_LEN:
                return f"the road has spaces 1 to {ROAD_LEN}"
            if p.workers == 0:
                return "you have no worker left: you can only pass"
            if code in targets(g, seat):
                cost = placement_cost(g, seat, code)
                where = place_name(code) if code[0] == "r" else f"the {place_name(code)}"
                return f"you have {plural(p.deniers, 'denier')}; {where} costs {cost}"
            return self.why_not_target(g, seat, code)
        return super().explain(g, t, code)

    def why_not_target(self, g: Game, seat: int, code: str) -> str:
        s = g.state
        if code == "castle":
            if seat in s.castle_workers:
                return "you already have a worker in the castle"
            return "the castle track is full (5 workers)"
        if code == "stables":
            return "you already have a worker in the Stables" if seat in s.stables else "the Stables are full"
        if code == "inn":
            return "the Inn's left circle is taken this turn"
        if code in SPECIAL_SLOTS:
            return f"the {SPECIAL_NAMES[code]} already has a worker"
        space = int(code[1:])
        tid = s.road_tile[space]
        if tid is None:
            return f"road {space} is empty: workers go on buildings"
        kind = TILES[tid].kind
        if kind in ("residence", "prestige"):
            return f"no worker may be placed on a {'residence' if kind == 'residence' else 'prestige building'}"
        return f"{building_name(g, space)} already has {g.name(s.road_worker[space])}'s worker"


class Gate(Handler):
    kind = "gate"

    def choices(self, g: Game, t: Task) -> list[str]:
        return ["home"] + [x for x in targets(g, t[1]) if x != "gate"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        seat = t[1]
        s.tasks.pop()
        s.gate = -1
        if code == "home":
            s.players[seat].workers += 1
            g.event("gate", seat, f"{g.name(seat)}'s worker goes home from the Gate")
            return
        put_worker(g, seat, code)
        g.event("gate", seat, f"{g.name(seat)} moves the Gate worker to {place_name(code)}", target=code)

    def prompt(self, g: Game, t: Task) -> str:
        return "Gate: move your worker, free, to any free place (or take it home)"

    def label(self, g: Game, t: Task, code: str) -> str:
        if code == "home":
            return "Take the worker home"
        return Place().where(g, code)

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code == "stables" and g.state.n == 2:
            return "the Stables are not used with two players"
        if code == "gate":
            return "your worker is on the Gate already: move it elsewhere or take it home"
        if code in SPECIAL_SLOTS or code in ("stables", "inn", "castle"):
            return Place().why_not_target(g, t[1], code)
        if code[:1] == "r" and code[1:].isdigit():
            if not 1 <= int(code[1:]) <= ROAD_LEN:
                return f"the road has spaces 1 to {ROAD_LEN}"
            return Place().why_not_target(g, t[1], code)
        return super().explain(g, t, code)


# ----- phase 3 and 4: Guild, Joust field, Inn, provost ------------------------------------------


def provost_moves(g: Game, max_steps: int) -> list[str]:
    provost = g.state.provost
    return [m for m in PROVOST_MOVES if abs(int(m)) <= max_steps and 1 <= provost + int(m) <= ROAD_LEN]


class Guild(Handler):
    kind = "guild"

    def choices(self, g: Game, t: Task) -> list[str]:
        return provost_moves(g, 3)

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        s.guild = -1
        s.players[t[1]].workers += 1
        move_provost(g, t[1], int(code), "with the Merchants' guild")

    def prompt(self, g: Game, t: Task) -> str:
        return f"Merchants' guild: move the provost (now on road {g.state.provost}) up to 3 spaces, free"

    def label(self, g: Game, t: Task, code: str) -> str:
        return provost_label(g, code, free=True)

    def explain(self, g: Game, t: Task, code: str) -> str:
        return why_not_move(g, code, None) or super().explain(g, t, code)


def move_provost(g: Game, seat: int, k: int, how: str) -> None:
    s = g.state
    if k == 0:
        g.event("provost", seat, f"{g.name(seat)} leaves the provost on road {s.provost}", move=0)
        return
    s.provost += k
    g.event("provost", seat, f"{g.name(seat)} moves the provost {k:+d} to road {s.provost} {how}", move=k)


def provost_label(g: Game, code: str, free: bool) -> str:
    k = int(code)
    if k == 0:
        return "Do not move it"
    cost = "free" if free else plural(abs(k), "denier")
    direction = "forward" if k > 0 else "back"
    return f"{abs(k)} {direction} to road {g.state.provost + k} — {cost}"


def why_not_move(g: Game, code: str, deniers: int | None) -> str:
    """Why a provost move is refused (§2 phase 4, §6 #7, #8); "" when the code is no move."""
    if code not in PROVOST_MOVES:
        return "the provost moves 1 to 3 spaces forward (+1, +2, +3) or back (-1, -2, -3), or 0"
    k, provost = int(code), g.state.provost
    if not 1 <= provost + k <= ROAD_LEN:
        return f"the provost is on road {provost}: it stays between space 1 and road {ROAD_LEN}"
    if deniers is not None and abs(k) > deniers:
        return f"you have {plural(deniers, 'denier')}; moving the provost {plural(abs(k), 'space')} costs {abs(k)}"
    return ""


class Provost(Handler):
    kind = "provost"

    def choices(self, g: Game, t: Task) -> list[str]:
        return provost_moves(g, min(3, g.state.players[t[1]].deniers))

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        k = int(code)
        g.state.players[t[1]].deniers -= abs(k)
        move_provost(g, t[1], k, f"for {plural(abs(k), 'denier')}")

    def prompt(self, g: Game, t: Task) -> str:
        return f"Move the provost (now on road {g.state.provost}): 1 denier per space, up to 3"

    def label(self, g: Game, t: Task, code: str) -> str:
        return provost_label(g, code, free=False)

    def explain(self, g: Game, t: Task, code: str) -> str:
        return why_not_move(g, code, g.state.players[t[1]].deniers) or super().explain(g, t, code)


class Joust(Handler):
    kind = "joust"

    def choices(self, g: Game, t: Task) -> list[str]:
        p = g.state.players[t[1]]
        return ["favour", "skip"] if p.deniers >= 1 and p.cubes[C] >= 1 else ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        seat = t[1]
        s.tasks.pop()
        s.joust = -1
        p = s.players[seat]
        p.workers += 1
        if code == "favour":
            p.deniers -= 1
            p.cubes[C] -= 1
            g.event("joust", seat, f"{g.name(seat)} pays 1 denier and 1 cloth at the Joust field for a royal favour")
            g.push(["favour", seat])

    def prompt(self, g: Game, t: Task) -> str:
        return "Joust field: pay 1 denier + 1 cloth for a royal favour?"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Pay 1 denier + 1 cloth: royal favour" if code == "favour" else "Do nothing"


class Inn(Handler):
    kind = "inn"

    def choices(self, g: Game, t: Task) -> list[str]:
        return ["stay", "leave"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        if code == "leave":
            s.inn_right = -1
            s.players[t[1]].workers += 1
            g.event("inn_leave", t[1], f"{g.name(t[1])} takes their worker back from the Inn")

    def prompt(self, g: Game, t: Task) -> str:
        return "Inn: keep your worker there for next turn (every placement costs you 1 denier)?"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Stay in the Inn" if code == "stay" else "Take the worker back"


# ----- phase 5: the buildings of the road ----------------------------------------------------------


def activate(g: Game, seat: int, space: int) -> list[Task]:
    """Resolve the building on `space` for `seat`; return the decisions it still needs (§3)."""
    s = g.state
    tid: str = s.road_tile[space]  # type: ignore[assignment]
    tile = TILES[tid]
    g.event("activate", seat, f"{g.name(seat)} uses the {building_name(g, space)}", space=space, tile=tid)
    effect = tile.effect
    if effect == "produce":
        if len(tile.params) > 1:
            return [["produce", seat, space]]
        out = tile.params[0]
        gain(g, seat, out)
        g.event("produce", seat, f"{g.name(seat)} takes {cube_list(out)}", cubes=out)
        owner = s.road_owner[space]
        if tile.owner_bonus and owner >= 0 and owner != seat:
            return [["bonus", owner, tid]]  # stone production owner bonus (§2 phase 5)
        return []
    if effect == "sell":
        return [["sell", seat, int(tile.params[0])]]
    if effect == "peddler":
        return [["peddler", seat, int(tile.params[0]), int(tile.params[1]), 0]]
    if effect == "build":
        return [["build", seat, tile.params[0], -1, space]]
    if effect == "lawyer":
        return [["lawyer", seat, 1]]
    return [["trade", seat, tid]]


class Produce(Handler):
    kind = "produce"

    def choices(self, g: Game, t: Task) -> list[str]:
        return list(TILES[g.state.road_tile[t[2]]].params)  # type: ignore[index]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        gain(g, t[1], code)
        g.event("produce", t[1], f"{g.name(t[1])} takes {cube_list(code)}", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return f"{building_name(g, t[2])}: choose the production"

    def label(self, g: Game, t: Task, code: str) -> str:
        return cube_list(code)


class Bonus(Handler):
    kind = "bonus"

    def choices(self, g: Game, t: Task) -> list[str]:
        return list(TILES[t[2]].owner_bonus)

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        gain(g, t[1], code)
        g.event("produce", t[1], f"{g.name(t[1])} takes 1 {cube_list(code)} as owner of the {TILES[t[2]].name}", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return f"Your {TILES[t[2]].name} was used: take one cube"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"1 {cube_list(code)}"


class Sell(Handler):
    kind = "sell"

    def choices(self, g: Game, t: Task) -> list[str]:
        cubes = g.state.players[t[1]].cubes
        return [CUBES[i] for i in range(5) if cubes[i]] + ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        if code == "skip":
            return
        p = g.state.players[t[1]]
        p.cubes[CUBES.index(code)] -= 1
        p.deniers += t[2]
        g.event("sell", t[1], f"{g.name(t[1])} sells 1 {cube_list(code)} for {t[2]} deniers", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return f"Marketplace: sell one cube for {t[2]} deniers"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Do nothing" if code == "skip" else f"Sell 1 {cube_list(code)} → {t[2]} deniers"

    def explain(self, g: Game, t: Task, code: str) -> str:
        return missing_cube(g, t[1], code) or super().explain(g, t, code)


class Peddler(Handler):
    """[peddler, seat, price per cube, cubes still allowed, cubes bought] — one pick at a time."""

    kind = "peddler"

    def choices(self, g: Game, t: Task) -> list[str]:
        stop = "done" if t[4] else "skip"
        if g.state.players[t[1]].deniers < t[2]:
            return [stop]
        return ["F", "W", "S", "C", stop]

    def apply(self, g: Game, t: Task, code: str) -> None:
        if code in ("skip", "done"):
            g.state.tasks.pop()
            return
        g.state.players[t[1]].deniers -= t[2]
        gain(g, t[1], code)
        g.event("buy", t[1], f"{g.name(t[1])} buys 1 {cube_list(code)} for {plural(t[2], 'denier')}", cubes=code)
        t[3] -= 1
        t[4] += 1
        if t[3] == 0:
            g.state.tasks.pop()

    def prompt(self, g: Game, t: Task) -> str:
        return f"Peddler: buy a cube for {plural(t[2], 'denier')}" + (" (one more allowed)" if t[4] else "")

    def label(self, g: Game, t: Task, code: str) -> str:
        if code in ("skip", "done"):
            return "Buy nothing" if code == "skip" else "Buy no more"
        return f"1 {cube_list(code)} — {plural(t[2], 'denier')}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code == "G":
            return "the Peddler sells food, wood, stone or cloth, never gold"
        return super().explain(g, t, code)


# ----- construction -------------------------------------------------------------------------------


def build_cost(tid: str, discount: int) -> list[int]:
    """The tile's cube cost, less one cube of type `discount` for building favours (§4.2 d)."""
    cost = list(TILES[tid].cost)
    if discount >= 0 and cost[discount]:
        cost[discount] -= 1
    return cost


def residences(g: Game, seat: int) -> list[int]:
    s = g.state
    return [sp for sp in range(1, ROAD_LEN + 1) if s.road_owner[sp] == seat and s.road_tile[sp] == "residence"]


def build_codes(g: Game, seat: int, category: str, discount: int) -> list[str]:
    """Tiles of `category` the player can build now; `tile+X` names the any-cube payment."""
    s = g.state
    if category == "prestige":
        if not residences(g, seat):
            return []
    elif not free_road_space(g):
        return []
    cubes = s.players[seat].cubes
    out: list[str] = []
    for tid, left in s.stock.items():
        tile = TILES[tid]
        if not left or tile.kind != category:
            continue
        cost = build_cost(tid, discount)
        if any(cubes[i] < cost[i] for i in range(5)):
            continue
        if tile.any_cubes:
            out.extend(f"{tid}+{CUBES[i]}" for i in range(5) if cubes[i] > cost[i])
        else:
            out.append(tid)
    return out


def tile_pp(g: Game, tid: str) -> int:
    """PP for building a tile; the Lawyer's depends on the printing (§3.3, option lawyer_pp)."""
    return g.state.options.lawyer_pp if tid == "lawyer" else TILES[tid].pp


def pay(g: Game, seat: int, cost: list[int]) -> None:
    cubes = g.state.players[seat].cubes
    for i in range(5):
        cubes[i] -= cost[i]


def construct(g: Game, seat: int, code: str, discount: int, space: int) -> None:
    """Pay for and place a wood/stone tile on the lowest free space, or a prestige tile on
    residence `space`; the builder gains the tile's PP and favours at once (§2 phase 5)."""
    s = g.state
    tid, _, extra = code.partition("+")
    tile = TILES[tid]
    cost = build_cost(tid, discount)
    if extra:
        cost[CUBES.index(extra)] += 1
    pay(g, seat, cost)
    s.stock[tid] -= 1
    if tile.kind != "prestige":
        space = free_road_space(g)
    s.road_tile[space] = tid
    s.road_owner[space] = seat
    pp = tile_pp(g, tid)
    s.players[seat].pp += pp
    paid = " + ".join(f"{n} {CUBE_NAMES[i]}" for i, n in enumerate(cost) if n) or "nothing"
    g.event("build", seat, f"{g.name(seat)} builds the {tile.name} on road {space} (paid {paid}): +{pp} PP", tile=tid, space=space, pp=pp)
    g.push(*(["favour", seat] for _ in range(tile.favours)))


class Build(Handler):
    """[build, seat, category, discount cube or -1, space of the building used (0: favour)]."""

    kind = "build"

    def choices(self, g: Game, t: Task) -> list[str]:
        return build_codes(g, t[1], t[2], t[3]) + ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        if code == "skip":
            return
        if t[2] == "prestige":
            g.push(["residence", t[1], code])
        else:
            construct(g, t[1], code, t[3], 0)

    def prompt(self, g: Game, t: Task) -> str:
        what = {"wood": "a wood building", "stone": "a stone building", "prestige": "a prestige building on one of your residences"}[t[2]]
        less = f", paying 1 {CUBE_NAMES[t[3]]} less" if t[3] >= 0 else ""
        return f"Build {what}{less}"

    def label(self, g: Game, t: Task, code: str) -> str:
        if code == "skip":
            return "Build nothing"
        tid, _, extra = code.partition("+")
        tile = TILES[tid]
        cost = build_cost(tid, t[3])
        if extra:
            cost[CUBES.index(extra)] += 1
        paid = " + ".join(f"{n} {CUBE_NAMES[i]}" for i, n in enumerate(cost) if n) or "free"
        favours = f" + {plural(tile.favours, 'favour')}" if tile.favours else ""
        return f"{tile.name} — {paid} → {tile_pp(g, tid)} PP{favours}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        """Why a tile cannot be built (§2 phase 5 Constructing, §6 #15)."""
        s = g.state
        tid, plus, extra = code.partition("+")
        tile = TILES.get(tid)
        if tile is None or tile.kind not in ("wood", "stone", "prestige"):
            return super().explain(g, t, code)
        if tile.kind != t[2]:
            return f"the {tile.name} is not a {t[2]} building"
        if not s.stock.get(tid):
            return f"the {tile.name} has already been built (it is not in the stock)"
        if tile.kind == "prestige" and not residences(g, t[1]):
            return "a prestige building replaces one of your residences, and you have none"
        if tile.kind != "prestige" and not free_road_space(g):
            return "the road is full: there is no free space for a new building"
        if tile.any_cubes and extra not in tuple(CUBES):
            return f"say which cube pays the 'any cube' part, e.g. {tid}+F"
        if not tile.any_cubes and plus:
            return super().explain(g, t, code)
        cost = build_cost(tid, t[3])
        if extra:
            cost[CUBES.index(extra)] += 1
        have = s.players[t[1]].cubes
        price = " + ".join(f"{n} {CUBE_NAMES[i]}" for i, n in enumerate(cost) if n)
        short = ", ".join(f"{have[i]} {CUBE_NAMES[i]}" for i in range(5) if have[i] < cost[i])
        if not short:
            return super().explain(g, t, code)
        return f"the {tile.name} costs {price} and you have {short}"


class Residence(Handler):
    """[residence, seat, prestige tile code]: which residence the prestige building replaces (§6 #37)."""

    kind = "residence"

    def choices(self, g: Game, t: Task) -> list[str]:
        return [f"r{sp}" for sp in residences(g, t[1])]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        construct(g, t[1], t[2], -1, int(code[1:]))

    def prompt(self, g: Game, t: Task) -> str:
        return f"Which residence does the {TILES[t[2]].name} replace?"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"Residence on road {code[1:]}"


def lawyer_targets(g: Game, seat: int) -> list[int]:
    """Neutral tiles and the player's own wood/stone tiles, never a Lawyer (§3.3, §6 #11)."""
    s = g.state
    pending = {lp[0] for lp in s.lawyer_pending}
    out: list[int] = []
    for space in range(1, ROAD_LEN + 1):
        tid = s.road_tile[space]
        if tid is None or space in pending:
            continue
        kind = TILES[tid].kind
        if kind == "neutral" or (kind in ("wood", "stone") and s.road_owner[space] == seat and tid != "lawyer"):
            out.append(space)
    return out


class Lawyer(Handler):
    """[lawyer, seat, deniers to pay]: 1 at the Lawyer, 0 with the building favour column 4."""

    kind = "lawyer"

    def choices(self, g: Game, t: Task) -> list[str]:
        p = g.state.players[t[1]]
        if p.cubes[C] < 1 or p.deniers < t[2]:
            return ["skip"]
        return [f"r{sp}" for sp in lawyer_targets(g, t[1])] + ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        if code == "skip":
            return
        seat, space = t[1], int(code[1:])
        p = s.players[seat]
        p.cubes[C] -= 1
        p.deniers -= t[2]
        if s.road_worker[space] >= 0:
            # The target still carries a worker: pay now, transform after its activation (§6 #13).
            s.lawyer_pending.append([space, seat])
            g.event("lawyer", seat, f"{g.name(seat)} pays for a residence on road {space}, made after that building is used", space=space)
        else:
            finish_lawyer(g, [space, seat])

    def prompt(self, g: Game, t: Task) -> str:
        cost = "1 cloth + 1 denier" if t[2] else "1 cloth"
        return f"Lawyer: turn a neutral building or one of your own into a residence for {cost} (+2 PP)"

    def label(self, g: Game, t: Task, code: str) -> str:
        if code == "skip":
            return "Do nothing"
        return f"{building_name(g, int(code[1:]))} → residence"

    def explain(self, g: Game, t: Task, code: str) -> str:
        """Why a building cannot become a residence (§3.3, §6 #11)."""
        s = g.state
        if not (code[:1] == "r" and code[1:].isdigit()):
            return super().explain(g, t, code)
        space = int(code[1:])
        if not 1 <= space <= ROAD_LEN:
            return f"the road has spaces 1 to {ROAD_LEN}"
        tid = s.road_tile[space]
        if tid is None:
            return f"road {space} is empty"
        tile, owner = TILES[tid], s.road_owner[space]
        if any(lp[0] == space for lp in s.lawyer_pending):
            return f"the {building_name(g, space)} is already being turned into a residence"
        if tile.kind == "fixed":
            return f"the {building_name(g, space)} is printed on the board and cannot be transformed"
        if tile.kind == "residence":
            return f"road {space} is already a residence"
        if tile.kind == "prestige":
            return "prestige buildings cannot be transformed"
        if tid == "lawyer":
            return "a Lawyer cannot be transformed"
        if owner != t[1]:
            return f"the {building_name(g, space)} belongs to {g.name(owner)}: only neutral buildings and your own can be transformed"
        return super().explain(g, t, code)


def finish_lawyer(g: Game, pending: list[int]) -> None:
    """Replace the target by a residence of the Lawyer's user (§3.3)."""
    s = g.state
    space, seat = pending
    if pending in s.lawyer_pending:
        s.lawyer_pending.remove(pending)
    old = s.road_tile[space]
    assert old is not None
    if TILES[old].kind in ("wood", "stone"):
        s.stock[old] += 1  # a player's tile returns to the stock
    name = building_name(g, space)
    s.road_tile[space] = "residence"
    s.road_owner[space] = seat
    pp = TILES["residence"].pp
    s.players[seat].pp += pp
    g.event("residence", seat, f"{g.name(seat)} turns the {name} into a residence: +{pp} PP", space=space, pp=pp)


class LawyerDone(Handler):
    kind = "lawyer_done"

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        finish_lawyer(g, [t[2], t[1]])


# ----- trades: Church, Tailor, Bank, Alchemist, Jeweller (§3.4) -----------------------------------


def trade_possible(g: Game, seat: int, tid: str, option: str) -> bool:
    p = g.state.players[seat]
    deniers, cubes, plain, _, _ = TRADES[tid][option]
    if p.deniers < deniers or any(p.cubes[i] < cubes[i] for i in range(5)):
        return False
    return sum(p.cubes[i] for i in PLAIN) >= plain


class Trade(Handler):
    kind = "trade"

    def choices(self, g: Game, t: Task) -> list[str]:
        return [o for o in TRADES[t[2]] if trade_possible(g, t[1], t[2], o)] + ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        if code == "skip":
            return
        seat = t[1]
        p = s.players[seat]
        deniers, cubes, plain, pp, gold = TRADES[t[2]][code]
        p.deniers -= deniers
        pay(g, seat, list(cubes))
        p.pp += pp
        p.cubes[4] += gold
        g.event("trade", seat, f"{g.name(seat)} trades at the {TILES[t[2]].name}: {self.label(g, t, code)}", tile=t[2], option=code)
        if plain:
            g.push(["pay_plain", seat, plain])

    def prompt(self, g: Game, t: Task) -> str:
        return f"{TILES[t[2]].name}: choose a trade"

    def label(self, g: Game, t: Task, code: str) -> str:
        if code == "skip":
            return "Do nothing"
        deniers, cubes, plain, pp, gold = TRADES[t[2]][code]
        paid = [plural(deniers, "denier")] if deniers else []
        paid += [f"{n} {CUBE_NAMES[i]}" for i, n in enumerate(cubes) if n]
        if plain:
            paid.append(f"{plain} cubes (food/wood/stone/cloth)")
        got = f"{pp} PP" if pp else f"{gold} gold"
        return f"Pay {' + '.join(paid)} → {got}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code not in TRADES[t[2]]:
            return super().explain(g, t, code)
        p = g.state.players[t[1]]
        price = self.label(g, t, code).removeprefix("Pay ").partition(" → ")[0]
        held = ", ".join(f"{n} {CUBE_NAMES[i]}" for i, n in enumerate(p.cubes) if n) or "no cubes"
        return f"you have {plural(p.deniers, 'denier')} and {held}; this trade costs {price}"


class PayPlain(Handler):
    """[pay_plain, seat, cubes still to give]: the Alchemist's cubes, one pick at a time."""

    kind = "pay_plain"

    def choices(self, g: Game, t: Task) -> list[str]:
        cubes = g.state.players[t[1]].cubes
        return [CUBES[i] for i in PLAIN if cubes[i]]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.players[t[1]].cubes[CUBES.index(code)] -= 1
        t[2] -= 1
        if t[2] == 0:
            g.state.tasks.pop()

    def prompt(self, g: Game, t: Task) -> str:
        return f"Alchemist: give a cube ({t[2]} more to give)"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"Give 1 {cube_list(code)}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code == "G":
            return "the Alchemist takes food, wood, stone or cloth, not gold"
        return missing_cube(g, t[1], code) or super().explain(g, t, code)


# ----- the castle (§2 phase 6) ---------------------------------------------------------------------

BATCHES = ("FWS", "FWC", "FWG", "FSC", "FSG", "FCG")  # 3 different cubes, exactly one food (§6 #21)


def castle_section(g: Game) -> int:
    """Section a new house goes into: the one under construction, or the next open (§6 #24)."""
    s = g.state
    sec = s.section
    while sec < 3 and len(s.castle[sec]) >= SECTION_SIZE[sec]:
        sec += 1
    return sec


class Castle(Handler):
    """[castle, seat, batches delivered this turn]."""

    kind = "castle"

    def choices(self, g: Game, t: Task) -> list[str]:
        if castle_section(g) == 3:
            return ["done"]
        cubes = g.state.players[t[1]].cubes
        return [b for b in BATCHES if all(cubes[CUBES.index(ch)] for ch in b)] + ["done"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        seat = t[1]
        p = s.players[seat]
        if code == "done":
            s.tasks.pop()
            if t[2] == 0:
                if castle_section(g) == 3:
                    g.event("castle", seat, f"{g.name(seat)} cannot build: the Towers are full (no penalty)")
                else:
                    lost = lose_pp(g, seat, 2)
                    g.event("castle_penalty", seat, f"{g.name(seat)} builds nothing in the castle: -{lost} PP", pp=-lost)
            return
        sec = castle_section(g)
        for ch in code:
            p.cubes[CUBES.index(ch)] -= 1
        s.castle[sec].append(seat)
        p.pp += SECTION_PP[sec]
        p.houses_this_turn += 1
        t[2] += 1
        if len(s.castle[sec]) == SECTION_SIZE[sec]:
            s.completed_this_turn[sec] = True
        g.event("castle", seat, f"{g.name(seat)} delivers {cube_list(code)}: a house in the {SECTIONS[sec]}, +{SECTION_PP[sec]} PP", section=sec, pp=SECTION_PP[sec], batch=code)

    def prompt(self, g: Game, t: Task) -> str:
        sec = castle_section(g)
        where = f"the {SECTIONS[sec]} ({SECTION_PP[sec]} PP a batch)" if sec < 3 else "nowhere"
        done = f" ({plural(t[2], 'batch')} so far)" if t[2] else " (none yet: building nothing costs 2 PP)"
        return f"Castle: deliver a batch (1 food + 2 other different cubes) into {where}{done}"

    def label(self, g: Game, t: Task, code: str) -> str:
        if code == "done":
            return "Stop building" if t[2] else "Build nothing (-2 PP)"
        sec = castle_section(g)
        return f"{cube_list(code)} → +{SECTION_PP[sec]} PP"

    def explain(self, g: Game, t: Task, code: str) -> str:
        """Why a batch cannot be delivered (§2 phase 6, §6 #21)."""
        if castle_section(g) == 3:
            return "the Towers are full: no more batches can be delivered"
        same = [b for b in BATCHES if sorted(b) == sorted(code)]
        if code not in BATCHES:
            if same:
                return f"write this batch as {same[0]}"
            return "a batch is 1 food and 2 other different cubes (wood, stone, cloth or gold), e.g. FWS"
        cubes = g.state.players[t[1]].cubes
        lacking = [CUBE_NAMES[CUBES.index(ch)] for ch in code if not cubes[CUBES.index(ch)]]
        return f"you have no {' and no '.join(lacking)} for this batch"


class BestBuilder(Handler):
    kind = "best_builder"

    def apply(self, g: Game, t: Task, code: str) -> None:
        """Most houses this turn (at least 1) gets a favour; ties go to the earlier castle worker."""
        s = g.state
        s.tasks.pop()
        best, most = -1, 0
        for seat in s.castle_workers:
            if s.players[seat].houses_this_turn > most:
                best, most = seat, s.players[seat].houses_this_turn
        if best >= 0:
            g.event("best_builder", best, f"{g.name(best)} placed the most houses ({most}): 1 royal favour")
            g.push(["favour", best])


class CloseSection(Handler):
    kind = "close_section"

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        s.tasks.pop()
        sec = t[2]
        s.scored[sec] = True
        s.section = sec + 1
        unlock = {0: " Favour columns 3 and 4 are open.", 1: " Favour column 5 is open."}.get(sec, "")
        g.event("section_scored", -1, f"The {SECTIONS[sec]} is scored and closed.{unlock}", section=sec)


# ----- royal favours (§4) -----------------------------------------------------------------------


class Favour(Handler):
    kind = "favour"

    def choices(self, g: Game, t: Task) -> list[str]:
        s = g.state
        if s.options.simple_favors:
            return []
        used = s.players[t[1]].lines_used
        return [line for i, line in enumerate(FAVOUR_LINES) if not used & (1 << i)]

    def apply(self, g: Game, t: Task, code: str) -> None:
        s = g.state
        seat = t[1]
        p = s.players[seat]
        s.tasks.pop()
        if s.options.simple_favors:
            p.pp += 3  # beginner variant: every favour is 3 PP (§4.4)
            g.event("favour", seat, f"{g.name(seat)} takes a royal favour: +3 PP", pp=3)
            return
        if not code:
            g.event("favour_lost", seat, f"{g.name(seat)} has used all four favour lines this phase: the favour is lost")
            return
        line = FAVOUR_LINES.index(code)
        p.lines_used |= 1 << line
        if p.favours[line] < s.favour_columns:
            p.favours[line] += 1  # the marker must advance when it can (§4.3)
        col = p.favours[line]
        if line == 0:
            p.pp += col
            g.event("favour", seat, f"{g.name(seat)} takes a royal favour: +{col} PP", pp=col, line=code)
        elif line == 1:
            p.deniers += FAVOUR_DENIERS[col - 1]
            g.event("favour", seat, f"{g.name(seat)} takes a royal favour: +{FAVOUR_DENIERS[col - 1]} deniers", line=code)
        else:
            g.event("favour", seat, f"{g.name(seat)} takes a royal favour on the {code} line (column {col})", line=code)
            g.push([f"favour_{code}", seat, col])

    def prompt(self, g: Game, t: Task) -> str:
        return "Royal favour: choose a line (one favour per line this phase)"

    def label(self, g: Game, t: Task, code: str) -> str:
        s = g.state
        line = FAVOUR_LINES.index(code)
        col = min(s.players[t[1]].favours[line] + 1, s.favour_columns)
        what = {
            0: f"+{col} PP",
            1: f"+{FAVOUR_DENIERS[col - 1]} deniers",
            2: RESOURCE_TEXT[col - 1],
            3: BUILDING_TEXT[col - 1],
        }[line]
        return f"{code.capitalize()} (column {col}): {what}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code in FAVOUR_LINES:
            return f"you already took a favour on the {code} line this phase: each favour of a phase goes on a different line"
        return super().explain(g, t, code)


RESOURCE_TEXT = ("1 food", "1 wood or 1 stone", "up to 1 cloth", "up to: 1 cube → 2 cubes", "up to 1 gold")
BUILDING_TEXT = ("nothing", "wood building, 1 wood less", "up to a stone building, 1 stone less", "up to a residence for 1 cloth", "up to a prestige building")


class FavourResources(Handler):
    """[favour_resources, seat, column]: any effect of the line up to the marker (§4.3)."""

    kind = "favour_resources"

    def choices(self, g: Game, t: Task) -> list[str]:
        col = t[2]
        out = ["F"]
        if col >= 2:
            out += ["W", "S"]
        if col >= 3:
            out.append("C")
        if col >= 4 and any(g.state.players[t[1]].cubes):
            out.append("swap")
        if col >= 5:
            out.append("G")
        return out

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        if code == "swap":
            g.push(["swap_give", t[1]], ["swap_take", t[1], 2])
            return
        gain(g, t[1], code)
        g.event("produce", t[1], f"{g.name(t[1])} takes 1 {cube_list(code)}", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return "Favour, resources line: take"

    def label(self, g: Game, t: Task, code: str) -> str:
        return "Give 1 cube, take 2 cubes" if code == "swap" else f"1 {cube_list(code)}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        column = {"F": 1, "W": 2, "S": 2, "C": 3, "swap": 4, "G": 5}.get(code, 0)
        if column > t[2]:
            return f"that is column {column} of the resources line; your marker is on column {t[2]}"
        if code == "swap":
            return "you have no cube to give"
        return super().explain(g, t, code)


class SwapGive(Handler):
    kind = "swap_give"

    def choices(self, g: Game, t: Task) -> list[str]:
        cubes = g.state.players[t[1]].cubes
        return [CUBES[i] for i in range(5) if cubes[i]]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        g.state.players[t[1]].cubes[CUBES.index(code)] -= 1
        g.event("give", t[1], f"{g.name(t[1])} gives 1 {cube_list(code)}", cubes=code)

    def prompt(self, g: Game, t: Task) -> str:
        return "Favour: give one cube (gold allowed)"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"Give 1 {cube_list(code)}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        return missing_cube(g, t[1], code) or super().explain(g, t, code)


class SwapTake(Handler):
    kind = "swap_take"

    def choices(self, g: Game, t: Task) -> list[str]:
        return ["F", "W", "S", "C"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        gain(g, t[1], code)
        g.event("produce", t[1], f"{g.name(t[1])} takes 1 {cube_list(code)}", cubes=code)
        t[2] -= 1
        if t[2] == 0:
            g.state.tasks.pop()

    def prompt(self, g: Game, t: Task) -> str:
        return f"Favour: take a cube ({t[2]} to take)"

    def label(self, g: Game, t: Task, code: str) -> str:
        return f"Take 1 {cube_list(code)}"

    def explain(self, g: Game, t: Task, code: str) -> str:
        if code == "G":
            return "the two cubes taken are food, wood, stone or cloth, not gold"
        return super().explain(g, t, code)


class FavourBuildings(Handler):
    kind = "favour_buildings"

    def choices(self, g: Game, t: Task) -> list[str]:
        col, seat = t[2], t[1]
        out = []
        if col >= 2 and build_codes(g, seat, "wood", W):
            out.append("wood")
        if col >= 3 and build_codes(g, seat, "stone", S):
            out.append("stone")
        if col >= 4 and g.state.players[seat].cubes[C] and lawyer_targets(g, seat):
            out.append("residence")
        if col >= 5 and build_codes(g, seat, "prestige", -1):
            out.append("prestige")
        return out + ["skip"]

    def apply(self, g: Game, t: Task, code: str) -> None:
        g.state.tasks.pop()
        seat = t[1]
        if code == "wood":
            g.push(["build", seat, "wood", W, 0])
        elif code == "stone":
            g.push(["build", seat, "stone", S, 0])
        elif code == "residence":
            g.push(["lawyer", seat, 0])
        elif code == "prestige":
            g.push(["build", seat, "prestige", -1, 0])

    def prompt(self, g: Game, t: Task) -> str:
        return "Favour, buildings line: build"

    def label(self, g: Game, t: Task, code: str) -> str:
        return {
            "wood": "A wood building, paying 1 wood less",
            "stone": "A stone building, paying 1 stone less",
            "residence": "A residence (Lawyer effect) for 1 cloth",
            "prestige": "A prestige building at full cost",
            "skip": "Nothing",
        }[code]

    def explain(self, g: Game, t: Task, code: str) -> str:
        column = {"wood": 2, "stone": 3, "residence": 4, "prestige": 5}.get(code, 0)
        if not column:
            return super().explain(g, t, code)
        if column > t[2]:
            return f"that is column {column} of the buildings line; your marker is on column {t[2]}"
        if code == "residence":
            return "a residence needs 1 cloth and a neutral building or one of your own wood/stone buildings"
        if code == "prestige" and not residences(g, t[1]):
            return "a prestige building replaces one of your residences, and you have none"
        return f"you cannot build any {code} building now (its cost in cubes, the stock or a free road space)"


HANDLERS: dict[str, Handler] = {
    h.kind: h
    for h in (
        Place(), Gate(), Guild(), Joust(), Inn(), Provost(), Produce(), Bonus(), Sell(), Peddler(),
        Build(), Residence(), Lawyer(), LawyerDone(), Trade(), PayPlain(), Castle(), BestBuilder(),
        CloseSection(), Favour(), FavourResources(), SwapGive(), SwapTake(), FavourBuildings(),
    )
}
