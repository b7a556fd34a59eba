"""Record the fixtures of test_compat.py (run once, from the code whose behaviour they pin):

    .venv/bin/python -m tests.rules.make_fixtures

- `fixtures/replays.json.gz`: for 50 seeds and 2–5 players, the random game of
  `play_random` (its move history), every decision on the way (seat, kind, prompt, labelled
  choices), every event (kind, text, seat, round, phase, data) and the final scores.
- `fixtures/snapshots.json`: mid-game snapshots (`Game.to_json()`) whose task stacks hold every
  decision kind, each with the rest of its game's moves and what they lead to.

They were made from commit 35ad814, when decision tasks were positional lists
(`[kind, seat, *context]`): the snapshots keep that stored form, which must still load.

When a change is *meant* to alter what games say (a label, an event's words), check first that
nothing else moved, then refresh what the fixtures expect, keeping the stored old-form states:

    .venv/bin/python -m tests.rules.make_fixtures --refresh

Refreshed so far: issue 9 item 11 (the castle's "Build nothing" label, prompt and event show the
real loss; the resources favour's column 2 label names food too); issue 11 item 10 (event wordings:
no "-0 PP", plural favours, the Towers scored once, the building a cut worker leaves, the
Alchemist's cubes and a declined Joust logged); issue 10 item 2 (the Alchemist's cubes, a Peddler
purchase and castle deliveries are offered whole, `=...`: the random games draw from the
step-by-step codes, still legal, so histories, events and states did not move; only the offered
choices and their prompts did); the castle prompt's "batches so far" (was "batchs").
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from bot.rules import Game, new_game

HERE = Path(__file__).with_name("fixtures")
SEEDS = range(50)
PLAYERS = (2, 3, 4, 5)


def event_rows(events: list[Any]) -> list[list[Any]]:
    return [[e.kind, e.text, e.player, e.round, e.phase, e.data] for e in events]


def digest(rows: Any) -> str:
    return hashlib.sha256(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()


def decision_row(g: Game) -> list[Any]:
    d = g.decision
    assert d is not None
    return [d.player, d.kind, d.prompt, [[c.code, c.label] for c in d.choices], d.seq]


def step_codes(g: Game) -> list[str]:
    """The legal codes less the whole combinations of issue 10 (`=...`): the choices as they
    were offered when the fixtures were recorded, so the random games stay the same games."""
    return [c for c in g.legal_codes() if c[0] != "="]


def random_game(players: int, seed: int) -> dict[str, Any]:
    """The game of `play_random(players, seed)`, with everything it said on the way."""
    g = new_game([f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    events = event_rows(g.opening_events)
    decisions = []
    while not g.over:
        decisions.append(decision_row(g))
        codes = step_codes(g)
        events += event_rows(g.apply(codes[int(rng.random() * len(codes))]))
    return {
        "players": players,
        "seed": seed,
        "history": g.state.history,
        "scores": [list(s) for s in g.final_scores()],
        "decisions": digest(decisions),
        "events": digest(events),
        "state": hashlib.sha256(g.to_json().encode()).hexdigest(),
    }


def snapshots() -> list[dict[str, Any]]:
    """Snapshots whose stacks cover every task kind (twice where the games offer it)."""
    seen: dict[str, int] = {}
    out = []
    for seed in range(3000):
        players = PLAYERS[seed % 4]
        rng = random.Random(seed)
        g = new_game([f"P{i + 1}" for i in range(players)], seed)
        moves: list[tuple[str, str]] = []  # (snapshot json or "", code) for every decision
        while not g.over:
            codes = g.legal_codes()
            kinds = {t.kind for t in g.state.tasks}
            wanted = any(seen.get(k, 0) < 2 for k in kinds)
            if wanted:
                for k in kinds:
                    seen[k] = seen.get(k, 0) + 1
            moves.append((g.to_json() if wanted else "", codes[int(rng.random() * len(codes))]))
            g.apply(moves[-1][1])
        for i, (snap, _) in enumerate(moves):
            if not snap:
                continue
            kinds = {t[0] for t in json.loads(snap)["tasks"]}
            h = Game.from_json(snap)
            events = []
            for _, code in moves[i:]:
                events += event_rows(h.apply(code))
            out.append({
                "seed": seed,
                "players": players,
                "kinds": sorted(kinds),
                "state": json.loads(snap),
                "moves": [code for _, code in moves[i:]],
                "events": digest(events),
                "scores": [list(s) for s in h.final_scores()],
                "final": hashlib.sha256(h.to_json().encode()).hexdigest(),
            })
    print("kinds covered:", dict(sorted(seen.items())))
    return out + crafted(out[0]["state"])


def crafted(base: dict[str, Any]) -> list[dict[str, Any]]:
    """Kinds that random games seldom leave pending, pushed by hand on a real snapshot."""
    out = []
    for n, tasks in enumerate((
        [["swap_take", 0, 2], ["swap_give", 0]],
        [["residence", 1, "statue"]],
        [["lawyer_done", 0, 3], ["castle", 1, 1], ["close_section", -1, 0], ["favour", 1]],
    )):
        state = json.loads(json.dumps(base))
        state["tasks"] += tasks
        for p in state["players"]:
            p["cubes"] = [3, 3, 3, 3, 3]
        state["road_tile"][20] = state["road_tile"][21] = "residence"
        state["road_owner"][20] = state["road_owner"][21] = 1
        h = Game.from_json(json.dumps(state))
        rng = random.Random(n)
        moves, events = [], event_rows(h.opening_events)
        while not h.over:
            codes = h.legal_codes()
            moves.append(codes[int(rng.random() * len(codes))])
            events += event_rows(h.apply(moves[-1]))
        out.append({
            "seed": -1 - n,
            "players": len(state["players"]),
            "kinds": sorted({t[0] for t in state["tasks"]}),
            "state": state,
            "moves": moves,
            "opening": True,
            "events": digest(events),
            "scores": [list(s) for s in h.final_scores()],
            "final": hashlib.sha256(h.to_json().encode()).hexdigest(),
        })
    return out


def refresh(snaps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the stored (old-form) snapshots lead to with the current code."""
    for snap in snaps:
        h = Game.from_json(json.dumps(snap["state"]))
        events = event_rows(h.opening_events) if snap.get("opening") else []
        for code in snap["moves"]:
            events += event_rows(h.apply(code))
        snap["events"] = digest(events)
        snap["scores"] = [list(s) for s in h.final_scores()]
        snap["final"] = hashlib.sha256(h.to_json().encode()).hexdigest()
    return snaps


def main() -> None:
    HERE.mkdir(exist_ok=True)
    games = [random_game(p, seed) for p in PLAYERS for seed in SEEDS]
    with gzip.open(HERE / "replays.json.gz", "wt", encoding="utf-8") as f:
        json.dump(games, f, separators=(",", ":"))
    path = HERE / "snapshots.json"
    if "--refresh" in sys.argv:
        snaps = refresh(json.loads(path.read_text(encoding="utf-8")))
    else:
        snaps = snapshots()
    path.write_text(json.dumps(snaps, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
