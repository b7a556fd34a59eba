"""What a building does, read once from its tile data (§3), for every place that describes it.

`SPECIAL_EFFECTS` describes the special buildings and the castle the same way, in both lengths.
`effect_of` is the one reading of a tile's effect and parameters; the tile faces draw it as icons
(`rendering/tilefaces.py`), `effect_words` says it in a few words (the chooser's select
descriptions) and the `/caylus rules` glossary writes it out in full.
"""

from __future__ import annotations

from typing import NamedTuple

from .tiles import TILES, TRADES, Tile
from .words import cube_list, trade_text


class SpecialEffect(NamedTuple):
    """What a special building (or the castle) does: in words, and as the board's short hint."""

    words: str  # the chooser's description of a placement there
    hint: str  # the few words printed on the board ("" for the castle: it has its own panel)


SPECIAL_EFFECTS: dict[str, SpecialEffect] = {
    "gate": SpecialEffect("move this worker later to any free place", "move the worker, free"),
    "trading": SpecialEffect("take 3 deniers", "+3 deniers"),
    "guild": SpecialEffect("move the provost up to 3 spaces, free", "provost ±1–3, free"),
    "joust": SpecialEffect("pay 1 denier + 1 cloth for a royal favour", "1d + 1 cloth → favour"),
    "stables": SpecialEffect("play earlier in the next turn order", "lead the turn order"),
    "inn": SpecialEffect(
        "from next turn, every placement costs you 1 denier", "place workers for 1 d"
    ),
    "castle": SpecialEffect("deliver batches for houses in phase 6", ""),
}


class Effect(NamedTuple):
    """A building's effect with named parts (only those of its kind are set)."""

    kind: str  # produce, sell, peddler, build, lawyer, trade, residence, or "" (prestige)
    outputs: tuple[str, ...] = ()  # produce: the alternatives, each a cube string ("FF", "C")
    price: int = 0  # sell: deniers gained; peddler: deniers per cube
    most: int = 0  # peddler: cubes bought at most
    builds: str = ""  # build: wood, stone or prestige
    trades: tuple[str, ...] = ()  # trade: the option codes of the building's trade table


def effect_of(tile: Tile) -> Effect:
    """The effect of `tile`, its parameters named."""
    e, p = tile.effect, tile.params
    if e == "produce":
        return Effect(e, outputs=tuple(p))
    if e == "sell":
        return Effect(e, price=int(p[0]))
    if e == "peddler":
        return Effect(e, price=int(p[0]), most=int(p[1]))
    if e == "build":
        return Effect(e, builds=p[0])
    if e == "lawyer":
        return Effect(e)
    if e == "trade":
        return Effect(e, trades=tuple(TRADES[tile.id]))
    if tile.kind == "residence":
        return Effect("residence")
    return Effect("")


def effect_words(tile_id: str) -> str:
    """What a building on the road does, in a few words ("" when it has no worker effect)."""
    effect = effect_of(TILES[tile_id])
    if effect.kind == "produce":
        return " or ".join(cube_list(alt) for alt in effect.outputs)
    if effect.kind == "sell":
        return f"sell 1 cube for {effect.price} deniers"
    if effect.kind == "peddler":
        if effect.most == 1:
            return f"buy 1 cube for {effect.price} deniers"
        return f"buy up to {effect.most} cubes at {effect.price} denier each"
    if effect.kind == "build":
        return f"build a {effect.builds} building"
    if effect.kind == "lawyer":
        return "turn a building into a residence"
    if effect.kind == "trade":
        return " or ".join(trade_text(tile_id, o, short=True) for o in effect.trades)
    return ""
