"""The fixtures of test_compat.py, and the one command that brings their wording up to date:

    make fixtures        (that is: .venv/bin/python -m tests.rules.make_fixtures)

Each fixture keeps two kinds of digest apart:

- **what stored games replay to** (`history`, `scores`, `state`, and the `decisions` and
  `events` digests: each decision's seat, kind, codes and number, each event's kind, seat,
  round, phase and data). These never change: a difference means a stored game would replay
  to another game. The command refuses to write while one differs.
- **the English wording** (`words`: every prompt, choice label and event text on the way).
  Stored games keep codes, not words, so a wording change replays nothing differently; the
  command records the new words (run it after a wording change is meant, and look at the diff
  of the texts it prints the count of).

- `fixtures/replays.json.gz`: for 50 seeds and 2–5 players, the random game of
  `play_random` (its move history) with its decisions, events and final scores.
- `fixtures/snapshots.json`: mid-game snapshots (`Game.to_json()`) whose task stacks hold every
  decision kind, each with the rest of its game's moves and what they lead to.

They were made from commit 35ad814, when decision tasks were positional lists
(`[kind, seat, *context]`): the snapshots keep that stored form, which must still load, and the
command keeps them as they are (`--from-scratch` records new ones from the current code: only
for a new stored form, with the old kept beside it).

Wording refreshed so far: issue 9 item 11 (the castle's "Build nothing" label, prompt and event show the
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
    """What happened (no words): kind, seat, round, phase, data."""
    return [[e.kind, e.player, e.round, e.phase, e.data] for e in events]


def event_words(events: list[Any]) -> list[str]:
    return [e.text for e in events]


def digest(rows: Any) -> str:
    return hashlib.sha256(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()


def decision_row(g: Game) -> list[Any]:
    """Who decides what (no words): seat, kind, the codes offered, the decision's number."""
    d = g.decision
    assert d is not None
    return [d.player, d.kind, [c.code for c in d.choices], d.seq]


def decision_words(g: Game) -> list[Any]:
    d = g.decision
    assert d is not None
    return [d.prompt, [c.label for c in d.choices]]


def step_codes(g: Game) -> list[str]:
    """The legal codes less the whole combinations of issue 10 (`=...`): the choices as they
    were offered when the fixtures were recorded, so the random games stay the same games."""
    return [c for c in g.legal_codes() if c[0] != "="]


def random_game(players: int, seed: int) -> dict[str, Any]:
    """The game of `play_random(players, seed)`, with everything it said on the way."""
    g = new_game([f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    events = event_rows(g.opening_events)
    words: list[Any] = event_words(g.opening_events)
    decisions = []
    while not g.over:
        decisions.append(decision_row(g))
        words.append(decision_words(g))
        codes = step_codes(g)
        happened = g.apply(codes[int(rng.random() * len(codes))])
        events += event_rows(happened)
        words += event_words(happened)
    return {
        "players": players,
        "seed": seed,
        "history": g.state.history,
        "scores": [list(s) for s in g.final_scores()],
        "decisions": digest(decisions),
        "events": digest(events),
        "state": hashlib.sha256(g.to_json().encode()).hexdigest(),
        "words": digest(words),
    }


def continuation(h: Game, moves: list[str], opening: bool = False) -> dict[str, Any]:
    """What a stored position's remaining `moves` lead to: the events (and, with `opening`,
    those of its resumption), the words said on the way, the scores and the final state."""
    events = event_rows(h.opening_events) if opening else []
    words: list[Any] = event_words(h.opening_events) if opening else []
    for code in moves:
        words.append(decision_words(h))
        happened = h.apply(code)
        events += event_rows(happened)
        words += event_words(happened)
    return {
        "events": digest(events),
        "scores": [list(s) for s in h.final_scores()],
        "final": hashlib.sha256(h.to_json().encode()).hexdigest(),
        "words": digest(words),
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
            state = json.loads(snap)
            rest = [code for _, code in moves[i:]]
            out.append({
                "seed": seed,
                "players": players,
                "kinds": sorted({t["kind"] if isinstance(t, dict) else t[0] for t in state["tasks"]}),
                "state": state,
                "moves": rest,
                **continuation(Game.from_json(snap), rest),
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
        moves = []
        while not h.over:
            codes = h.legal_codes()
            moves.append(codes[int(rng.random() * len(codes))])
            h.apply(moves[-1])
        out.append({
            "seed": -1 - n,
            "players": len(state["players"]),
            "kinds": sorted({t[0] for t in state["tasks"]}),
            "state": state,
            "moves": moves,
            "opening": True,
            **continuation(Game.from_json(json.dumps(state)), moves, opening=True),
        })
    return out


FACTS = ("history", "scores", "decisions", "events", "state", "final")  # what stored games replay to


def refreshed(old: list[dict[str, Any]], new: list[dict[str, Any]], name: str) -> tuple[list[dict[str, Any]], int]:
    """`old` with the words of `new`; exits if any fact differs (a stored game would replay to
    another game: that is a bug to fix, not a fixture to refresh)."""
    moved = [
        f"{name} #{i} (seed {o['seed']}, {o['players']} players): {key}"
        for i, (o, n) in enumerate(zip(old, new, strict=True)) for key in FACTS if key in o and key in n and o[key] != n[key]
    ]  # fmt: skip
    if moved:
        sys.exit("Not written: stored games would replay differently:\n  " + "\n  ".join(moved[:20]))
    changed = sum(o.get("words") != n["words"] for o, n in zip(old, new, strict=True))
    return [{**o, "words": n["words"]} for o, n in zip(old, new, strict=True)], changed


def main() -> None:
    HERE.mkdir(exist_ok=True)
    replays, path = HERE / "replays.json.gz", HERE / "snapshots.json"
    games = [random_game(p, seed) for p in PLAYERS for seed in SEEDS]
    if "--from-scratch" in sys.argv:
        snaps = snapshots()
    else:
        old_games = json.loads(gzip.decompress(replays.read_bytes()))
        games, changed_games = refreshed(old_games, games, "replay")
        old_snaps = json.loads(path.read_text(encoding="utf-8"))
        new = [
            continuation(Game.from_json(json.dumps(snap["state"])), snap["moves"], snap.get("opening", False))
            for snap in old_snaps
        ]
        snaps, changed_snaps = refreshed(old_snaps, new, "snapshot")
        print(f"wording: {changed_games} of {len(games)} games and {changed_snaps} of {len(snaps)} snapshots say something else now")
    text = json.dumps(games, separators=(",", ":")).encode()
    replays.write_bytes(gzip.compress(text, mtime=0))  # the same games, the same bytes
    path.write_text(json.dumps(snaps, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
