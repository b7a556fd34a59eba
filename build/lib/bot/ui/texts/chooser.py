"""Private replies to a player deciding: the chooser, what each place does, what was chosen."""

from __future__ import annotations

from bot.games import Pending, Table
from bot.i18n import N_, Translation
from bot.i18n import words as glossary
from bot.rules import (
    CUBE_NAMES,
    SPECIAL_EFFECTS,
    TILES,
    Code,
    CodeKind,
    Decision,
    Game,
    cube_list,
    effect_of,
    effect_words,
    either,
    special_words,
    trade_text,
)

from . import choice_words
from .choice_words import round_phase
from .pieces import clip, name, plain, prompt_of, sentence

# ----- what a place does (descriptions in the chooser) --------------------------------------


def tile_effect(tr: Translation, tile_id: str) -> str:
    """What a building on the road does, in a few words (for select descriptions)."""
    if tr.lang == "en":
        return effect_words(tile_id)
    effect = effect_of(TILES[tile_id])
    deniers = glossary.count(tr, "denier", effect.price)
    if effect.kind == "produce":
        return either(tr, [choice_words.amounts(tr, cube_list(alt)) for alt in effect.outputs])
    if effect.kind == "sell":
        return tr.gettext("sell 1 cube for {deniers}").format(deniers=deniers)
    if effect.kind == "peddler":
        if effect.most == 1:
            return tr.gettext("buy 1 cube for {deniers}").format(deniers=deniers)
        return tr.gettext("buy up to {n} cubes at {deniers} each").format(n=effect.most, deniers=deniers)
    if effect.kind == "build":
        return tr.gettext("build a {kind}").format(kind=glossary.kind(tr, effect.builds))
    if effect.kind == "lawyer":
        return tr.gettext("turn a building into a residence")
    if effect.kind == "trade":
        return either(tr, [choice_words.amounts(tr, trade_text(tile_id, o)) for o in effect.trades])
    return ""


def build_effect(tr: Translation, code: str) -> str:
    """What a building to be built does (`market+G` → the Marketplace's effect)."""
    tile = TILES.get(code.partition("+")[0])
    if tile is None:
        return ""
    extra = []
    if tile.income:
        extra.append(tr.gettext("+{deniers} income").format(deniers=glossary.count(tr, "denier", tile.income)))
    return " · ".join([e for e in (tile_effect(tr, tile.id), *extra) if e])


def place_effect(tr: Translation, game: Game, code: str) -> str:
    """What placing (or moving) a worker on `code` brings, with the provost's reach."""
    if code in SPECIAL_EFFECTS:
        return special_words(code, tr)
    c = Code.parse(code)
    if c.kind == CodeKind.ROAD:
        space = c.space
        tile_id = game.state.road_tile[space]
        if tile_id is None:
            return ""
        effect = tile_effect(tr, tile_id)
        if space > game.state.provost:
            effect += " · " + tr.gettext("beyond the provost (road {space})").format(space=game.state.provost)
        return effect
    return ""


def means(tr: Translation, game: Game, seat: int) -> str:
    """`7 deniers · 2 food, 1 wood · 4 workers in hand · 10 PP`, in `tr`'s words."""
    p = game.state.players[seat]
    cubes = ", ".join(
        glossary.count(tr, CUBE_NAMES[i], n) for i, n in enumerate(p.cubes) if n
    ) or tr.gettext("no cubes")
    return tr.gettext("{deniers} · {cubes} · {workers} in hand · {pp}").format(
        deniers=glossary.count(tr, "denier", p.deniers),
        cubes=cubes,
        workers=glossary.count(tr, "worker", p.workers),
        pp=glossary.count(tr, "PP", p.pp),
    )


def chooser_header(tr: Translation, table: Table, decision: Decision, *, note: str = "") -> str:
    game = table.game
    assert game is not None
    lines = [note] if note else []
    lines += [
        tr.gettext("**{where}** — your decision").format(where=round_phase(tr, game)),
        f"> {game.prompt(tr, decision)}",
        sentence(tr.gettext("You have {means}").format(means=means(tr, game, decision.player))),
    ]
    return clip("\n".join(lines))


def chosen(label: str) -> str:
    return f"✅ {plain(label)}"


def undone(tr: Translation, label: str) -> str:
    return tr.gettext("↩️ Taken back: {choice}").format(choice=plain(label))


def seat_back(tr: Translation) -> str:
    return tr.gettext("Your seat is yours again: the AI no longer plays it.")


def after_choice(
    tr: Translation, table: Table, done: str, pending: Pending | None, next_header: str | None
) -> str:
    """The chooser after a choice: what was done, then the next decision (or whose it is)."""
    lines = [done]
    if next_header is not None:
        lines += ["", next_header]
    elif pending is not None:
        lines.append(
            sentence(
                tr.gettext("Now **{name}** decides: {prompt}").format(
                    name=name(pending.name), prompt=prompt_of(tr, table, pending)
                )
            )
        )
    elif table.is_finished:
        lines.append(tr.gettext("The game is over: the final scores are in the channel."))
    return clip("\n".join(lines))


CHOOSE_BUTTON = N_("Choose…")
MORE_BUTTON = N_("More…")  # the private chooser, when the choices are on the turn message itself
UNDO_BUTTON = N_("Undo")
BOARD_BUTTON = N_("Board")
UNDO_TOO_LATE = N_("The game has moved on since that choice, so it can no longer be undone.")
MOVED_ON = N_("The game has moved on since that message; here is your current decision.")
GROUP_SPECIALS = N_("Special buildings and the castle")
GROUP_ROAD = N_("Road {low}–{high}")
GROUP_ANY = N_("Choose…")
GROUP_PART = N_("Choices {low}–{high}")
# The select titles of the decision kinds (bot/rules `KindFacts.title`), by their English.
TITLES = {
    w.msgid: w
    for w in (
        N_("Which batch?"),
        N_("Which building?"),
        N_("Which residence does it replace?"),
        N_("Which building becomes a residence?"),
        N_("Where does your worker go?"),
        N_("Where does the Gate worker go?"),
    )
}


def select_title(tr: Translation, title: str) -> str:
    """A decision kind's select title in `tr`'s words (its own English if not listed)."""
    entry = TITLES.get(title)
    return tr(entry) if entry is not None else tr.gettext(title)  # the chooser's own (GROUP_*)
