"""The game's words in every language: the glossary of docs/translations.md as catalogue entries.

The rules core (bot/rules) speaks English and knows nothing of languages; the edges (games, ui,
rendering) translate its words here: `building(tr, tile.name)`, `phase(tr, PHASE_NAMES[n])`,
`resource(tr, CUBE_NAMES[i])`, `count(tr, "denier", n)`. Each word carries a context (msgctxt),
so that "gold" the resource, "deniers" the favour track and "Bank" the building can differ in
a language. A test checks that every name in bot/rules has its entry here.
"""

from __future__ import annotations

from collections.abc import Callable

from .catalogue import NP_, Lazy, Translation

BUILDINGS = {
    w.msgid: w
    for w in (
        # the neutral, fixed, wood, stone, residence and prestige tiles (bot/rules/tiles.py)
        NP_("building", "Farm"),
        NP_("building", "Forest"),
        NP_("building", "Sawmill"),
        NP_("building", "Quarry"),
        NP_("building", "Marketplace"),
        NP_("building", "Carpenter"),
        NP_("building", "Peddler"),
        NP_("building", "Gold mine"),
        NP_("building", "Farm (food)"),
        NP_("building", "Farm (cloth)"),
        NP_("building", "Mason"),
        NP_("building", "Lawyer"),
        NP_("building", "Stone farm"),
        NP_("building", "Park"),
        NP_("building", "Workshop"),
        NP_("building", "Church"),
        NP_("building", "Tailor"),
        NP_("building", "Bank"),
        NP_("building", "Alchemist"),
        NP_("building", "Architect"),
        NP_("building", "Jeweller"),
        NP_("building", "Residence"),
        NP_("building", "Statue"),
        NP_("building", "Granary"),
        NP_("building", "Library"),
        NP_("building", "Weaver"),
        NP_("building", "Theater"),
        NP_("building", "College"),
        NP_("building", "Monument"),
        NP_("building", "Hotel"),
        NP_("building", "Cathedral"),
        # the special buildings and the castle (SPECIAL_NAMES)
        NP_("building", "Gate"),
        NP_("building", "Trading post"),
        NP_("building", "Merchants' guild"),
        NP_("building", "Joust field"),
        NP_("building", "Stables"),
        NP_("building", "Inn"),
        NP_("building", "Castle"),
    )
}
PHASES = {
    w.msgid: w
    for w in (
        NP_("phase", "Income"),
        NP_("phase", "Placing workers"),
        NP_("phase", "Special buildings"),
        NP_("phase", "The provost's move"),
        NP_("phase", "Activating the road"),
        NP_("phase", "Building the castle"),
        NP_("phase", "End of turn"),
    )
}
RESOURCES = {
    w.msgid: w
    for w in (
        NP_("resource", "food"),
        NP_("resource", "wood"),
        NP_("resource", "stone"),
        NP_("resource", "cloth"),
        NP_("resource", "gold"),
    )
}
CASTLE_PARTS = {
    w.msgid: w
    for w in (NP_("castle part", "Dungeon"), NP_("castle part", "Walls"), NP_("castle part", "Towers"))
}
FAVOUR_TRACKS = {
    w.msgid: w
    for w in (
        NP_("favour track", "prestige"),
        NP_("favour track", "deniers"),
        NP_("favour track", "resources"),
        NP_("favour track", "buildings"),
    )
}
COLOURS = {
    w.msgid: w
    for w in (
        NP_("colour", "blue"),
        NP_("colour", "red"),
        NP_("colour", "green"),
        NP_("colour", "orange"),
        NP_("colour", "black"),
    )
}
# The tile kinds of bot/rules/tiles.py (`Tile.kind`), and "special", as players name them.
KINDS = {
    "neutral": NP_("kind", "neutral building"),
    "fixed": NP_("kind", "fixed building"),
    "wood": NP_("kind", "wood building"),
    "stone": NP_("kind", "stone building"),
    "residence": NP_("kind", "residential building"),
    "prestige": NP_("kind", "prestige building"),
    "special": NP_("kind", "special building"),
}
TERMS = {
    w.msgid: w
    for w in (
        NP_("term", "provost"),
        NP_("term", "bailiff"),
        NP_("term", "worker"),
        NP_("term", "batch"),
        NP_("term", "house"),
        NP_("term", "road"),
        NP_("term", "bridge"),
        NP_("term", "round"),
        NP_("term", "phase"),
        NP_("term", "royal favour"),
        NP_("term", "prestige points"),
        NP_("term", "denier"),
        NP_("term", "cube"),
    )
}

# Counted words, with the plural forms of each language (Russian has three: 1, 2-4, 5-20).
COUNTS: dict[str, Callable[[Translation, int], str]] = {
    "denier": lambda tr, n: tr.npgettext("count", "{n} denier", "{n} deniers", n),
    "PP": lambda tr, n: tr.npgettext("count", "{n} PP", "{n} PP", n),
    "prestige point": lambda tr, n: tr.npgettext(
        "count", "{n} prestige point", "{n} prestige points", n
    ),
    "royal favour": lambda tr, n: tr.npgettext("count", "{n} royal favour", "{n} royal favours", n),
    "worker": lambda tr, n: tr.npgettext("count", "{n} worker", "{n} workers", n),
    "batch": lambda tr, n: tr.npgettext("count", "{n} batch", "{n} batches", n),
    "house": lambda tr, n: tr.npgettext("count", "{n} house", "{n} houses", n),
    "cube": lambda tr, n: tr.npgettext("count", "{n} cube", "{n} cubes", n),
    "space": lambda tr, n: tr.npgettext("count", "{n} space", "{n} spaces", n),
    "round": lambda tr, n: tr.npgettext("count", "{n} round", "{n} rounds", n),
    "food": lambda tr, n: tr.npgettext("count", "{n} food", "{n} food", n),
    "wood": lambda tr, n: tr.npgettext("count", "{n} wood", "{n} wood", n),
    "stone": lambda tr, n: tr.npgettext("count", "{n} stone", "{n} stone", n),
    "cloth": lambda tr, n: tr.npgettext("count", "{n} cloth", "{n} cloth", n),
    "gold": lambda tr, n: tr.npgettext("count", "{n} gold", "{n} gold", n),
}


def _word(table: dict[str, Lazy], tr: Translation, english: str) -> str:
    """A word of the rules in `tr`'s language; a word the glossary lacks stays English."""
    entry = table.get(english)
    return tr(entry) if entry is not None else english


def building(tr: Translation, name: str) -> str:
    """A tile's or special building's name (`Tile.name`, SPECIAL_NAMES)."""
    return _word(BUILDINGS, tr, name)


def phase(tr: Translation, name: str) -> str:
    """A phase's name (PHASE_NAMES)."""
    return _word(PHASES, tr, name)


def resource(tr: Translation, name: str) -> str:
    """A cube's name (CUBE_NAMES)."""
    return _word(RESOURCES, tr, name)


def castle_part(tr: Translation, name: str) -> str:
    """Dungeon, Walls or Towers (SECTIONS)."""
    return _word(CASTLE_PARTS, tr, name)


def favour_track(tr: Translation, name: str) -> str:
    """A royal favour track (FAVOUR_LINES)."""
    return _word(FAVOUR_TRACKS, tr, name)


def colour(tr: Translation, name: str) -> str:
    """A player's colour (COLOURS)."""
    return _word(COLOURS, tr, name)


def kind(tr: Translation, name: str) -> str:
    """A tile kind (`Tile.kind`) or "special", as "wood building"."""
    entry = KINDS.get(name)
    return tr(entry) if entry is not None else name


def term(tr: Translation, name: str) -> str:
    """One of the game's nouns: provost, bailiff, worker, batch, royal favour..."""
    return _word(TERMS, tr, name)


def count(tr: Translation, word: str, n: int) -> str:
    """`count(tr, "denier", 5)` -> "5 deniers" / "5 денье" (a key of COUNTS)."""
    return COUNTS[word](tr, n).format(n=n)
