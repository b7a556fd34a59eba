"""The "strong" AI level: Monte-Carlo tree search over the rules core (see docs/ai.md).

Caylus has no hidden information and no chance once the neutral tiles are laid (§1.2), so the
search walks the real game: every tree node holds a copy of the game at a pending decision.

By default (issue 13) only the searcher's own decisions are tree nodes: the other seats are
modelled as the greedy level and play its choice in between (`opponents = "greedy"`). A node's
children are made one at a time, best one-step value first (progressive widening), and each new
position is played on greedily by every seat to the start of the next turn, where the greedy
level's position value values it (`horizon = "turn"`): every leaf at the same point of a round.
The settings `opponents = "search"`, `widening = 0`, `horizon = ""` give the search before it:
max-n UCT over every seat's decisions, every child made and valued at a node's first visit.

A seat's value is a logistic squash of its gain in position value since the root, so values are
in (0, 1) whatever the phase. Budgets: a think time (wall clock, default 2 s) or a fixed number
of iterations (reproducible: with the same seed the same iterations give the same choice). The
first iteration always runs: a single iteration plays the greedy level's choice.
"""

from __future__ import annotations

import gc
import math
import random
import time
from dataclasses import dataclass

from bot.rules import Game

from .ai import evaluate, evaluate_seats

DEFAULT_THINK_S = 2.0


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How the search is run; the defaults are the measured best (docs/ai.md)."""

    think_s: float = DEFAULT_THINK_S  # wall-clock budget per decision
    iterations: int | None = None  # a fixed budget instead of the clock (reproducible)
    exploration: float = 0.05  # UCT constant c in Q + c * sqrt(ln N / n), Q in (0, 1)
    scale: float = 8.0  # PP of gain over the root position that moves a value from 0.5 to 0.73
    rivalry: float = 0.0  # weight of the other seats' mean value in a seat's own (0: ignore them)
    rollout: int = 0  # random moves played before a leaf is valued (0: value it at once)
    # "search": every seat's decisions are tree nodes (max-n UCT); "greedy": the other seats are
    # assumed to play the greedy level's choice, applied between the searcher's own decisions,
    # which alone are tree nodes (an opponent model: the iterations go into one's own plans).
    opponents: str = "greedy"
    # 0: a node's children are all created at its first visit; w > 0: they are created one at a
    # time, best one-step value (the greedy level's order) first, while a node with n visits
    # holds fewer than w * sqrt(n) of them (progressive widening).
    widening: float = 2.0
    # "": value a leaf as it stands; "turn": every seat plays the greedy level's choice from the
    # leaf to the start of the next turn's placement phase (or the end), where it is valued, so
    # all leaves are valued at the same point of a round; "placement": to the end of the
    # placement phase under way, or else of the next one.
    horizon: str = "turn"
    turns: int = 1  # "turn": the number of turn starts the leaf's greedy play goes on to
    seed: int = 0  # draws the rollouts and breaks exact ties
    # "wall": `think_s` is wall-clock time (a table's AI); "cpu": the searching thread's CPU time
    # (the arena on a shared machine: the same search whatever else runs beside it)
    clock: str = "wall"


@dataclass(frozen=True, slots=True)
class SearchResult:
    code: str
    iterations: int  # expansions done
    nodes: int  # positions valued
    seconds: float
    visits: dict[str, int]  # per root choice
    values: dict[str, float]  # the mover's mean value per root choice


class Node:
    """A position at a pending decision with its statistics (values summed per seat)."""

    __slots__ = ("game", "seat", "codes", "children", "visits", "total", "order")

    def __init__(self, game: Game, value: list[float]) -> None:
        self.game: Game | None = game
        self.seat = game.to_move
        self.codes: list[str] = [] if game.over else game.choice_codes()
        self.children: list[Node] | None = None
        self.visits = 1
        self.total = value
        self.order: list[str] | None = None  # widening: the codes, best one-step value first


class Search:
    """One search from one position; `run` returns the choice."""

    def __init__(self, game: Game, settings: SearchSettings) -> None:
        self.settings = settings
        self.rng = random.Random(settings.seed)
        self.players = len(game.state.players)
        self.seats = range(self.players)
        self.nodes = 0
        self.origin = [0.0] * self.players
        self.origin = self.leads(game)
        self.me = game.to_move
        self.model = settings.opponents == "greedy"
        if settings.opponents not in ("search", "greedy"):
            raise ValueError(f"opponents: 'search' or 'greedy', not {settings.opponents!r}")
        if settings.horizon not in ("", "turn", "placement"):
            raise ValueError(f"horizon: '', 'turn' or 'placement', not {settings.horizon!r}")
        if settings.clock not in ("wall", "cpu"):
            raise ValueError(f"clock: 'wall' or 'cpu', not {settings.clock!r}")
        self.now = time.perf_counter if settings.clock == "wall" else time.thread_time
        self.root = Node(game.clone(quiet=True), self.values(game))

    def leads(self, game: Game) -> list[float]:
        """Each seat's position value less `rivalry` times the other seats' mean."""
        raw = evaluate_seats(game, self.seats)
        total, others, rivalry = sum(raw), self.players - 1, self.settings.rivalry
        return [mine - rivalry * (total - mine) / others for mine in raw]

    def values(self, game: Game) -> list[float]:
        """Each seat's value of a position: its gain in `leads` since the root, squashed."""
        self.nodes += 1
        scale = self.settings.scale
        out = []
        for lead, origin in zip(self.leads(game), self.origin, strict=True):
            x = (lead - origin) / scale
            out.append(1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x)))))
        return out

    def greedy_move(self, game: Game) -> None:
        """Play the greedy level's choice at `game`'s decision (tie noise from the search's seed)."""
        seat, rng = game.to_move, self.rng
        codes = game.choice_codes()
        best_code, best_value = codes[0], -math.inf
        if len(codes) > 1:
            for code in codes:
                trial = game.clone(quiet=True)
                trial.apply(code)
                value = evaluate(trial, seat) + rng.random() * 1e-3  # as the greedy level
                if value > best_value:
                    best_code, best_value = code, value
        game.apply(best_code)

    def to_horizon(self, game: Game, deadline: float) -> bool:
        """Play every seat's greedy choice on `game` up to the settings' horizon; False if the
        clock passes `deadline` first."""
        turn = self.settings.horizon == "turn"
        turns = self.settings.turns
        phase = game.state.phase
        later = phase > 2  # "turn": the turn's placement phase is behind
        placing = phase == 2  # "placement": a placement phase is under way
        now = self.now
        while not game.over:
            if turn and later and phase <= 2:
                turns -= 1
                if turns <= 0:
                    break
                later = False  # on to the start of the turn after this one
            elif not turn and placing and phase > 2:
                break
            if now() > deadline:
                return False
            self.greedy_move(game)
            phase = game.state.phase
            later = later or phase > 2
            placing = placing or phase == 2
        return True

    def leaf_value(self, game: Game) -> list[float]:
        if self.settings.rollout and not game.over:
            game = game.clone(quiet=True)
            rng = self.rng
            for _ in range(self.settings.rollout):
                if game.over:
                    break
                codes = game.choice_codes()
                game.apply(codes[int(rng.random() * len(codes))])
        return self.values(game)

    def reply(self, game: Game, deadline: float) -> bool:
        """With the greedy opponent model: play the other seats' greedy choices on `game` up to
        the searcher's next decision (or the end); False if the clock passes `deadline` first."""
        me = self.me
        now = self.now
        while not game.over and game.to_move != me:
            if now() > deadline:
                return False
            self.greedy_move(game)
        return True

    def expand(self, node: Node, deadline: float) -> list[float] | None:
        """Create every child of `node`, value each, and return the value its mover prefers;
        None, leaving `node` as it was, if the clock passes `deadline` first."""
        children = []
        best: list[float] | None = None
        for code in node.codes:
            child = self.child(node, code, deadline)
            if child is None:
                return None
            child.total[node.seat] += self.rng.random() * 1e-6  # exact ties are common: break them fairly
            children.append(child)
            if best is None or child.total[node.seat] > best[node.seat]:
                best = child.total
        node.children = children
        node.game = None  # the children hold what is needed from here on
        assert best is not None
        return list(best)

    def select(self, node: Node) -> Node:
        assert node.children is not None
        seat, log_n, c = node.seat, math.log(node.visits), self.settings.exploration
        best, best_score = node.children[0], -1.0
        for child in node.children:
            score = child.total[seat] / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def child(self, node: Node, code: str, deadline: float) -> Node | None:
        """The position after `code` at `node` (and the greedy replies, with the opponent model),
        valued; None if the clock passes `deadline` first."""
        assert node.game is not None
        if self.now() > deadline:
            return None
        game = node.game.clone(quiet=True)
        game.apply(code)
        if self.model and not self.reply(game, deadline):
            return None
        if self.settings.horizon and not game.over:
            ahead = game.clone(quiet=True)
            if not self.to_horizon(ahead, deadline):
                return None
            return Node(game, self.leaf_value(ahead))
        return Node(game, self.leaf_value(game))

    def rank(self, node: Node, deadline: float) -> list[str] | None:
        """`node`'s codes, the mover's best one-step value first (the greedy level's look-ahead
        and tie noise); None if the clock passes `deadline` first."""
        game, seat, rng = node.game, node.seat, self.rng
        assert game is not None
        ranked = []
        for code in node.codes:
            if self.now() > deadline:
                return None
            trial = game.clone(quiet=True)
            trial.apply(code)
            ranked.append((evaluate(trial, seat) + rng.random() * 1e-3, code))
        ranked.sort(key=lambda pair: -pair[0])
        return [code for _, code in ranked]

    def iterate_widening(self, deadline: float) -> bool:
        """One descent to a node that may take one more child, that child's creation and
        valuation, and the backup; False if the deadline came first."""
        path = [self.root]
        node = self.root
        width = self.settings.widening
        while True:
            if not node.codes:  # the game is over here: its value is exact
                value = [v / node.visits for v in node.total]
                break
            if node.order is None:
                order = self.rank(node, deadline)
                if order is None:
                    return False
                node.order, node.children = order, []
            children = node.children
            assert children is not None
            if len(children) < len(node.order) and len(children) < width * math.sqrt(node.visits):
                new = self.child(node, node.order[len(children)], deadline)
                if new is None:
                    return False
                children.append(new)
                if len(children) == len(node.order):
                    node.game = None  # the children hold what is needed from here on
                value = list(new.total)
                break
            node = self.select(node)
            path.append(node)
        self.back_up(path, value)
        return True

    def back_up(self, path: list[Node], value: list[float]) -> None:
        """Add one visit and `value` to every node on `path`."""
        for n in path:
            n.visits += 1
            total = n.total
            for seat in range(self.players):
                total[seat] += value[seat]

    def iterate(self, deadline: float) -> bool:
        """One descent, expansion and backup; False if the deadline came first."""
        if self.settings.widening:
            return self.iterate_widening(deadline)
        path = [self.root]
        node = self.root
        while node.children is not None:
            node = self.select(node)
            path.append(node)
        if node.codes:
            found = self.expand(node, deadline)
            if found is None:
                return False
            value = found
        else:  # the game is over here: its value is exact
            value = [v / node.visits for v in node.total]
        self.back_up(path, value)
        return True

    def run(self) -> SearchResult:
        settings = self.settings
        start = time.perf_counter()
        budget = settings.iterations
        deadline = math.inf if budget is not None else self.now() + settings.think_s
        root = self.root
        if settings.widening:
            # The root's choices are ranked whatever the clock says (the greedy level's look-ahead,
            # milliseconds): past the deadline the search plays the first of them.
            root.order, root.children = self.rank(root, math.inf), []
            iterations = 0
        else:
            self.iterate(math.inf)  # the root is always expanded: a tiny budget still plays greedy
            iterations = 1
        while iterations < budget if budget is not None else self.now() < deadline:
            if not self.iterate(deadline):
                break
            iterations += 1
        assert root.children is not None
        if not root.children:  # the deadline came before the first child was valued
            assert root.order is not None
            code = root.order[0]
            return SearchResult(code, 0, self.nodes, time.perf_counter() - start, {code: 0}, {})
        seat = root.seat
        children = root.children
        codes = root.codes if root.order is None else root.order[: len(children)]
        # The most visited choice; its mean value breaks ties (e.g. after one expansion only).
        best = max(range(len(children)), key=lambda i: (children[i].visits, children[i].total[seat] / children[i].visits))
        return SearchResult(
            code=codes[best],
            iterations=iterations,
            nodes=self.nodes,
            seconds=time.perf_counter() - start,
            visits={code: ch.visits for code, ch in zip(codes, children, strict=True)},
            values={code: ch.total[seat] / ch.visits for code, ch in zip(codes, children, strict=True)},
        )


def search(game: Game, settings: SearchSettings | None = None) -> SearchResult:
    """Search the pending decision of `game` (not changed). A forced move returns at once."""
    if game.over:
        raise ValueError("the game is over")
    settings = settings or SearchSettings()
    codes = game.choice_codes()
    if len(codes) == 1:
        return SearchResult(codes[0], 0, 0, 0.0, {codes[0]: 0}, {})
    # The tree makes no reference cycles; the cyclic collector would only rescan it, again and
    # again as it grows (about 20 % of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return Search(game, settings).run()
    finally:
        if collecting:
            gc.enable()


def strong_choice(
    state_json: str, think_ms: int = int(DEFAULT_THINK_S * 1000), seed: int = 0,
    iterations: int | None = None,
) -> str:
    """The strong level's choice for a game given as `Game.to_json()` text.

    A plain module-level function of picklable arguments, for a process pool
    (`loop.run_in_executor(pool, strong_choice, game.to_json(), think_ms, seed)`).
    """
    game = Game.from_json(state_json)
    return search(game, SearchSettings(think_s=think_ms / 1000, iterations=iterations, seed=seed)).code
