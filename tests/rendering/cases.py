"""Frozen game positions for the rendering tests, made once by the rules core.

The positions are stored as JSON (`positions/*.json`: state, events of the last phase, pending
decision) so that the reference images depend on the renderer only, not on how the engine's
random games happen to unfold today. To rebuild them from the engine:

    .venv/bin/python -m tests.rendering.cases

then regenerate the reference images (see README.md in this folder) and look at them.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any, NamedTuple

from bot.rules import Decision, Event, State, state_from_json
from rendering.demo import play

CASES_DIR = Path(__file__).with_name("positions")


class Case(NamedTuple):
    players: int
    seed: int
    phases: int | None  # play until this many phases have ended (None: to the end)
    names: list[str]


CASES: dict[str, Case] = {
    # The first image of a game: income done, the first player places.
    "start_3p": Case(3, 8, 1, ["Aurélie", "Борис", "Chloë"]),
    # Two players (no Stables), after a worker placement phase.
    "mid_2p": Case(2, 5, 30, ["Ann", "Vladislav Konstantinovich Rimsky-Korsakov"]),
    # Four players with long Cyrillic names, after the road was activated.
    "mid_4p_cyrillic": Case(
        4, 2, 40, ["Александра Вишневецкая", "Ярослав Мудрый-Долгорукий", "Ёлка", "Щукин Фёдор"]
    ),
    # Five players: CJK (drawn with the shipped Droid Sans Fallback), emoji, accents.
    "mid_5p_names": Case(
        5, 11, 66, ["李小龙", "Zoë 🎲 the Great", "👾👾", "Đorđe Šćekić", "Łucja Żółć"]
    ),
    # Five players with long Cyrillic names: the narrowest cards.
    "mid_5p_cyrillic": Case(
        5,
        21,
        50,
        [
            "Константин Константинопольский",
            "Екатерина Великая",
            "Добрыня Никитич",
            "Жанна",
            "Святослав Всеволодович",
        ],
    ),
    # Five players late in the game.
    "late_5p": Case(5, 3, 90, ["Aurélie", "Борис", "Chloë", "Dmitri", "Éloïse"]),
    # Finished games with the final scores.
    "end_4p": Case(4, 7, None, ["Ann", "Bob", "Cid", "Dee"]),
    "end_2p": Case(2, 4, None, ["Mårten", "Renée"]),
}


class Position(NamedTuple):
    state: State
    events: list[Event]
    pending: Decision | None


def freeze(name: str, case: Case) -> dict[str, Any]:
    snap = play(case.players, case.seed, phases=case.phases, names=case.names)
    pending = snap.pending
    return {
        "case": case._asdict(),
        "state": asdict(snap.game.state),
        "events": [
            {
                "kind": e.kind,
                "text": e.text,
                "player": e.player,
                "round": e.round,
                "phase": e.phase,
                "data": e.data,
            }
            for e in snap.events
        ],
        "pending": None
        if pending is None
        else {
            "player": pending.player,
            "kind": pending.kind,
            "prompt": pending.prompt,
            "seq": pending.seq,
        },
    }


def load(name: str) -> Position:
    data = json.loads((CASES_DIR / f"{name}.json").read_text(encoding="utf-8"))
    state = state_from_json(json.dumps(data["state"]))
    events = [Event(**e) for e in data["events"]]
    p = data["pending"]
    pending = None if p is None else Decision(p["player"], p["kind"], p["prompt"], [], p["seq"])
    return Position(state, events, pending)


def main() -> None:
    CASES_DIR.mkdir(exist_ok=True)
    for name, case in CASES.items():
        data = freeze(name, case)
        path = CASES_DIR / f"{name}.json"
        path.write_text(
            json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
        )
        s = data["state"]
        print(f"{path}: round {s['round']}, phase {s['phase']}")


if __name__ == "__main__":
    main()
