"""What a building does, read once from its tile data (§3), for every place that describes it.

`SPECIAL_EFFECTS` describes the special buildings and the castle the same way, in both lengths
(`special_words`, `special_hint`: in a reader's language, the numbers from the rules' constants).
`effect_of` is the one reading of a tile's effect and parameters; the tile faces draw it as icons
(`rendering/tilefaces.py`), `effect_words` says it in a few words (the chooser's select
descriptions) and the `/caylus rules` glossary writes it out in full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .speech import ENGLISH, Speech
from .tiles import (
    GUILD_STEPS,
    JOUST_CLOTH,
    JOUST_DENIERS,
    LOW_PLACEMENT_COST,
    TILES,
    TRADES,
    TRADING_POST_DENIERS,
    Tile,
)
from .words import N_, NP_, counted, cube_list, trade_text, up_to


class SpecialEffect(NamedTuple):
    """What a special building (or the castle) does: in words, and as the board's short hint.
    Both are catalogue sentences whose numbers are placeholders filled by `numbers` from the
    rules' constants: `special_words` and `special_hint` say them in a reader's language."""

    words: str  # the chooser's description of a placement there (marked with N_)
    hint: str  # the few words printed on the board, context "board hint" ("" for the castle: it has its own panel)
    numbers: Callable[[Speech], dict[str, object]] = lambda tr: {}


SPECIAL_EFFECTS: dict[str, SpecialEffect] = {
    "gate": SpecialEffect(N_("move this worker later to any free place"), NP_("board hint", "move the worker, free")),
    "trading": SpecialEffect(
        N_("take {deniers}"), NP_("board hint", "+{deniers}"),
        lambda tr: {"deniers": counted(tr, "denier", TRADING_POST_DENIERS)},
    ),
    "guild": SpecialEffect(
        N_("move the provost {spaces}, free"), NP_("board hint", "provost ±1–{n}, free"),
        lambda tr: {"spaces": up_to(tr, "space", GUILD_STEPS), "n": GUILD_STEPS},
    ),
    "joust": SpecialEffect(
        N_("pay {deniers} + {cloth} for a royal favour"), NP_("board hint", "{d}d + {cloth} → favour"),
        lambda tr: {
            "deniers": counted(tr, "denier", JOUST_DENIERS), "cloth": counted(tr, "cloth", JOUST_CLOTH), "d": JOUST_DENIERS,
        },
    ),
    "stables": SpecialEffect(N_("play earlier in the next turn order"), NP_("board hint", "lead the turn order")),
    "inn": SpecialEffect(
        N_("from next turn, every placement costs you {deniers}"), NP_("board hint", "place workers for {n} d"),
        lambda tr: {"deniers": counted(tr, "denier", LOW_PLACEMENT_COST), "n": LOW_PLACEMENT_COST},
    ),
    "castle": SpecialEffect(N_("deliver batches for houses in phase 6"), ""),
}  # fmt: skip


def special_words(code: str, tr: Speech = ENGLISH) -> str:
    """What a placement on a special building (or the castle) does, in `tr`'s language."""
    effect = SPECIAL_EFFECTS[code]
    return tr.gettext(effect.words).format(**effect.numbers(tr))


def special_hint(code: str, tr: Speech = ENGLISH) -> str:
    """A special building's few words on the board, in `tr`'s language ("" for the castle)."""
    effect = SPECIAL_EFFECTS[code]
    return tr.pgettext("board hint", effect.hint).format(**effect.numbers(tr)) if effect.hint else ""


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
