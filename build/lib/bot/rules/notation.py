"""Choice codes as values (docs/notation.md): one parser, one printed form.

A `Code` is a choice's notation read once: `Code.parse("r8")` is road space 8,
`Code.parse("+2")` the provost two spaces forward, `Code.parse("=FWS+FSC")` a whole delivery of
two batches, `Code.parse("castle")` a place off the road; any other text (`pass`, `skip`,
`mason`, `F`, `3pp`) is a word of its decision. `str(code)` prints it back exactly as it was
written, which is what the move log, the orders and the buttons keep: stored games keep their
codes. Two codes are equal when their printed forms are (a code never equals a bare string).

Parsing never fails and says nothing of legality (`r29` is a road space off the road, `+9` a
provost move nobody may make): whether a code answers the pending decision is the game's to say
(`Game.apply`, `IllegalChoice`). The model is python-chess's `Move.from_uci` / `uci()`.

`ROAD_CODES` and `SPACE_OF` are the parser's answers for the road, tabled for the engine's hot
paths (placing a worker looks its space up once per choice).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from .tiles import GUILD_STEPS, PROVOST_STEPS, ROAD_LEN, SPECIAL_NAMES

WHOLE_MARK: Final = "="  # a whole purchase or delivery: "=" then what is taken, and nothing more
BATCH_JOIN: Final = "+"  # between the batches of a whole castle delivery
STAY: Final = "0"  # the provost stays where it is
_MAX_DIGITS: Final = 6  # a longer number is no space nor move of this game: the code is a word


class CodeKind(StrEnum):
    """What a code names (a StrEnum: it equals its string)."""

    PLACE = "place"  # a place off the road: gate, trading, guild, joust, stables, inn, castle
    ROAD = "road"  # a road space, `r1` … `r28` (a placement, a Gate move, a residence, a Lawyer's target)
    WHOLE = "whole"  # a whole combination, `=` + cubes or batches joined by `+`
    PROVOST = "provost"  # a provost move, `-3` … `+3`, `0` to stay
    WORD = "word"  # any other code: pass, skip, done, home, a tile id, a cube, a trade, a favour line


def _number(digits: str) -> int:
    """The number `digits` writes in the notation (ASCII digits, no leading zero), else -1."""
    if not digits or len(digits) > _MAX_DIGITS or not digits.isascii() or not digits.isdigit():
        return -1
    if digits[0] == "0" and digits != "0":
        return -1
    return int(digits)


@dataclass(frozen=True, slots=True)
class Code:
    """One choice code, parsed (module docstring). Made by `Code.parse(text)`, or printed from
    its parts by `Code.road(space)`, `Code.provost(steps)` and `Code.whole(parts)`."""

    text: str  # the printed form, as stored
    kind: CodeKind = field(default=CodeKind.WORD, compare=False)
    space: int = field(default=0, compare=False)  # ROAD: the space written (1 … 28 on the road)
    steps: int = field(default=0, compare=False)  # PROVOST: spaces moved, back < 0 < forward
    parts: tuple[str, ...] = field(default=(), compare=False)  # WHOLE: what follows "=", cut at "+"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Code.parse({self.text!r})"

    @property
    def on_road(self) -> bool:
        """A road space of the board (1 … 28)."""
        return self.kind == CodeKind.ROAD and 1 <= self.space <= ROAD_LEN

    @property
    def cubes(self) -> str:
        """The cubes a whole combination names, every batch's together (`=SC` → `SC`)."""
        return "".join(self.parts)

    @staticmethod
    def parse(text: str) -> Code:
        """The code `text` writes (never fails: an unknown text is a word)."""
        known = _KNOWN.get(text)
        if known is not None:
            return known
        return _parse(text)

    @staticmethod
    def road(space: int) -> Code:
        return Code(f"r{space}", CodeKind.ROAD, space=space)

    @staticmethod
    def provost(steps: int) -> Code:
        return Code(f"{steps:+d}" if steps else STAY, CodeKind.PROVOST, steps=steps)

    @staticmethod
    def whole(parts: tuple[str, ...] | list[str]) -> Code:
        """`("FWS", "FSC")` → `=FWS+FSC`; `("SC",)` → `=SC`."""
        return Code(WHOLE_MARK + BATCH_JOIN.join(parts), CodeKind.WHOLE, parts=tuple(parts))


def is_whole(code: str) -> bool:
    """Whether `code` is a whole combination (`=…`), read without parsing the rest (the
    engine's hot paths; `Code.parse(code).kind` says the same)."""
    return len(code) > 1 and code[0] == WHOLE_MARK


def _parse(text: str) -> Code:
    head, rest = text[:1], text[1:]
    if head == "r":
        space = _number(rest)
        if space >= 0:
            return Code(text, CodeKind.ROAD, space=space)
    elif head in ("+", "-"):
        steps = _number(rest)
        if steps > 0:
            return Code(text, CodeKind.PROVOST, steps=steps if head == "+" else -steps)
    elif is_whole(text):
        return Code(text, CodeKind.WHOLE, parts=tuple(rest.split(BATCH_JOIN)))
    if text == STAY:
        return Code(text, CodeKind.PROVOST)
    if text in SPECIAL_NAMES:
        return Code(text, CodeKind.PLACE)
    return Code(text)


# The codes every game reads again and again, parsed once.
_MOST_STEPS: Final = max(GUILD_STEPS, PROVOST_STEPS)
ROAD_CODES: Final = tuple(f"r{space}" for space in range(ROAD_LEN + 1))  # "r0" is never a target
_KNOWN: Final[dict[str, Code]] = {
    c.text: c
    for c in (
        *(_parse(code) for code in ROAD_CODES),
        *(_parse(code) for code in SPECIAL_NAMES),
        *(Code.provost(k) for k in range(-_MOST_STEPS, _MOST_STEPS + 1)),
    )
}
SPACE_OF: Final = {code: _KNOWN[code].space for code in ROAD_CODES[1:]}  # "r12" -> 12
