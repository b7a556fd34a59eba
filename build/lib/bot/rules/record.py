"""A game's record as a text file: its players, seed, options and every choice, by round
(docs/notation.md, "A game record"). `/caylus-game export` writes one; `python -m bot.rules replay
FILE` reads it back and plays it again.

    # Caylus game record (docs/notation.md); replay it with: python -m bot.rules replay FILE
    caylus-record: 1
    player: Ann
    player: Bob
    player: Cid
    seed: 7
    options: jeweller=no lawyer_pp=4 simple_favors=no
    round 1: r1 r4 r3 guild castle r7 r5 r16 gate pass r8 inn r2 trading joust -2 ...
    round 2: ...
    final: 52 48 40

A line is `key: value`; `#` starts a comment line. The players are in seat order (a name is
the rest of its line, as it is). `round N` lines hold the codes chosen in that round, in
order (the engine's forced moves are not choices: they are not written). `final` is the final
score of each seat (§2.8), a check: reading a record whose replay ends elsewhere fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .engine import Game, final_scores, new_game
from .state import Options

VERSION = 1
HEADER = "# Caylus game record (docs/notation.md); replay it with: python -m bot.rules replay FILE"


class RecordError(ValueError):
    """A record that cannot be read or does not replay: the message says where and why."""


@dataclass(frozen=True, slots=True)
class Record:
    names: list[str]
    seed: int
    options: Options
    rounds: list[tuple[int, list[str]]]  # (round, its codes), in order
    final: list[int] | None = None  # the final score of each seat, when the game is over

    @property
    def history(self) -> list[str]:
        return [code for _rnd, codes in self.rounds for code in codes]


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def write_record(names: Sequence[str], seed: int, options: Options | None, history: Sequence[str]) -> str:
    """The record of the game `history` plays (a quiet replay says each choice's round)."""
    opts = options or Options()
    game = new_game(list(names), seed, opts, quiet=True)
    rounds: list[tuple[int, list[str]]] = []
    for code in history:
        rnd = game.state.round
        if not rounds or rounds[-1][0] != rnd:
            rounds.append((rnd, []))
        rounds[-1][1].append(code)
        game.apply(code)
    lines = [HEADER, f"caylus-record: {VERSION}"]
    lines += [f"player: {name}" for name in names]
    lines.append(f"seed: {seed}")
    lines.append(f"options: jeweller={_yes(opts.jeweller)} lawyer_pp={opts.lawyer_pp} simple_favors={_yes(opts.simple_favors)}")
    lines += [f"round {rnd}: {' '.join(codes)}" for rnd, codes in rounds]
    if game.over:
        lines.append("final: " + " ".join(str(s.total) for s in final_scores(game.state)))
    return "\n".join(lines) + "\n"


def _options(text: str, at: int) -> Options:
    values: dict[str, str] = {}
    for part in text.split():
        key, sep, value = part.partition("=")
        if not sep:
            raise RecordError(f"line {at}: options are key=value, not {part!r}")
        values[key] = value
    unknown = set(values) - {"jeweller", "lawyer_pp", "simple_favors"}
    if unknown:
        raise RecordError(f"line {at}: unknown option {sorted(unknown)[0]!r}")
    flags = {"yes": True, "no": False}
    try:
        return Options(
            jeweller=flags[values.get("jeweller", "no")],
            lawyer_pp=int(values.get("lawyer_pp", "4")),
            simple_favors=flags[values.get("simple_favors", "no")],
        )
    except (KeyError, ValueError):
        raise RecordError(f"line {at}: options {text!r} are not yes/no flags and a number") from None


def read_record(text: str) -> Record:
    """A record from its text (`RecordError` says the line that is wrong)."""
    names: list[str] = []
    seed: int | None = None
    options = Options()
    rounds: list[tuple[int, list[str]]] = []
    final: list[int] | None = None
    version = None
    for at, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(": ")
        if not sep:
            raise RecordError(f"line {at}: expected 'key: value', got {line[:40]!r}")
        if key == "caylus-record":
            version = value.strip()
            if version != str(VERSION):
                raise RecordError(f"line {at}: record version {version!r}; this program reads version {VERSION}")
        elif key == "player":
            names.append(value)
        elif key == "seed":
            try:
                seed = int(value)
            except ValueError:
                raise RecordError(f"line {at}: the seed is a whole number, not {value!r}") from None
        elif key == "options":
            options = _options(value, at)
        elif key.startswith("round "):
            try:
                rnd = int(key[6:])
            except ValueError:
                raise RecordError(f"line {at}: {key!r} is not 'round N'") from None
            if rounds and rnd <= rounds[-1][0]:
                raise RecordError(f"line {at}: round {rnd} comes after round {rounds[-1][0]}")
            rounds.append((rnd, value.split()))
        elif key == "final":
            try:
                final = [int(v) for v in value.split()]
            except ValueError:
                raise RecordError(f"line {at}: the final scores are numbers, not {value!r}") from None
        else:
            raise RecordError(f"line {at}: unknown key {key!r}")
    if version is None:
        raise RecordError("not a Caylus game record (no 'caylus-record:' line)")
    if not 2 <= len(names) <= 5:
        raise RecordError(f"a game has 2 to 5 players; this record names {len(names)}")
    if seed is None:
        raise RecordError("the record has no 'seed:' line")
    if final is not None and len(final) != len(names):
        raise RecordError(f"the final scores name {len(final)} seats for {len(names)} players")
    return Record(names, seed, options, rounds, final)


def replay_record(record: Record) -> Game:
    """Play the record again; `RecordError` if a choice is illegal where it stands, falls in
    another round than the record says, or the final scores differ."""
    game = new_game(record.names, record.seed, record.options, quiet=True)
    n = 0
    for rnd, codes in record.rounds:
        for code in codes:
            n += 1
            if game.decision is None:
                raise RecordError(f"choice {n} ({code!r}): the game is already over")
            if game.state.round != rnd:
                raise RecordError(f"choice {n} ({code!r}) is written in round {rnd}, but the game is in round {game.state.round}")
            if code not in game.legal_codes():
                raise RecordError(f"choice {n} ({code!r}) in round {rnd} is not legal there")
            game.apply(code)
    if record.final is not None:
        got = [s.total for s in final_scores(game.state)]
        if not game.over or got != record.final:
            raise RecordError(f"the record ends with the scores {record.final}, its replay with {got}")
    return game
