"""The trace of seeded random games, one digest per decision: the state's JSON, the pending
decision (prompt, choices and their labels) and the events of the move that led there; and the
AI's choices in a few positions (greedy, and searches of a fixed number of iterations), which are
compiled with the rules core.

`python -m tests.rules.native_trace` prints the traces of `GAMES` as one JSON object: the test
of the compiled core (test_native.py) runs it with `CAYLUS_RULES=pure` and compares it with the
traces the compiled core makes of the same games.
"""

from __future__ import annotations

import hashlib
import json
import random

from bot.rules import Event, Game, Options, new_game

# (players, seed, options, quiet): every player count, each option, plain and quiet games.
GAMES = [
    *((n, seed, Options(), False) for n in (2, 3, 4, 5) for seed in range(8)),
    *((4, 100 + seed, Options(jeweller=True, lawyer_pp=3), False) for seed in range(4)),
    *((3, 200 + seed, Options(simple_favors=True), False) for seed in range(4)),
    *((n, 300 + seed, Options(), True) for n in (2, 5) for seed in range(4)),
]


def digest(game: Game, events: list[Event]) -> str:
    said = [(e.kind, e.player, e.round, e.phase, e.text, sorted(e.data.items())) for e in events]
    text = json.dumps([game.to_json(), repr(game.decision), repr(said), game.prompt()])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def trace(players: int, seed: int, options: Options, quiet: bool) -> list[str]:
    game = new_game([f"P{i + 1}" for i in range(players)], seed, options, quiet=quiet)
    draw = random.Random(seed).random
    out = [digest(game, game.opening_events)]
    while not game.over:
        codes = game.legal_codes()
        out.append(digest(game, game.apply(codes[int(draw() * len(codes))])))
    return out


def ai_trace(players: int, seed: int) -> list[str]:
    """Greedy seats play a game; at every 30th decision a search of 25 iterations is asked too
    (the searches are nine tenths of the trace's time on the Python source)."""
    from bot.games.ai import choose
    from bot.games.search import SearchSettings, search

    game = new_game([f"P{i + 1}" for i in range(players)], seed, quiet=True)
    rng = random.Random(seed)
    out: list[str] = []
    while not game.over:
        if len(game.state.history) % 30 == 0 and len(game.choice_codes()) > 1:
            found = search(game, SearchSettings(iterations=25, seed=len(out)))
            values = {code: round(v, 9) for code, v in found.values.items()}
            out.append(f"{found.code} {found.visits} {values} {found.nodes}")
        code = choose(game, "greedy", rng)
        out.append(code)
        game.apply(code)
    return out


def traces() -> dict[str, list[str]]:
    out = {f"{n}p seed {seed} {options} quiet={quiet}": trace(n, seed, options, quiet) for n, seed, options, quiet in GAMES}
    out |= {f"AI {n}p seed {seed}": ai_trace(n, seed) for n, seed in ((2, 1), (4, 2), (5, 3))}
    return out


if __name__ == "__main__":
    print(json.dumps(traces()))
