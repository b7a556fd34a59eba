"""Every word the board image draws, in the table's language: `labels(lang)`.

The words that are not names from the rules core are catalogue entries of the context "board"
here; the rules' names (buildings, phases, castle sections) come from the glossary
(`bot.i18n.words`), a special building's hint from the rules (`special_hint`: its numbers are the
rules' constants), and a decision's header verb from the table VERBS below, checked against the
rules by a test.

Each label is drawn into a box of its own width (see `fonts.draw_fitted`): a longer translation
shrinks a little, then is cut with an ellipsis, and never runs into its neighbour.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from bot.i18n import NP_, Lazy, Translation, translator
from bot.i18n import words as glossary
from bot.rules import LOW_PLACEMENT_COST, PHASE_NAMES, SECTIONS, SIMPLE_FAVOUR_PP, special_hint

# What the pending player is doing, after their name in the header (`kind_facts(kind).verb`).
VERBS = {
    w.msgid: w
    for w in (
        NP_("board verb", "to place a worker or pass"),
        NP_("board verb", "to move the Gate worker"),
        NP_("board verb", "to move the provost (guild)"),
        NP_("board verb", "to joust for a favour?"),
        NP_("board verb", "to stay in the Inn?"),
        NP_("board verb", "to move the provost"),
        NP_("board verb", "to choose a production"),
        NP_("board verb", "to take an owner's cube"),
        NP_("board verb", "to sell a cube"),
        NP_("board verb", "to buy cubes"),
        NP_("board verb", "to build"),
        NP_("board verb", "to pick a residence"),
        NP_("board verb", "to use the Lawyer"),
        NP_("board verb", "to decide"),
        NP_("board verb", "to trade"),
        NP_("board verb", "to pay cubes"),
        NP_("board verb", "to build the castle"),
        NP_("board verb", "to take a royal favour"),
        NP_("board verb", "to take a favour cube"),
        NP_("board verb", "to give a cube"),
        NP_("board verb", "to take cubes"),
        NP_("board verb", "to build (favour)"),
    )
}


def _rules_word(table: dict[str, Lazy], tr: Translation, english: str) -> str:
    entry = table.get(english)
    return tr(entry) if entry is not None else english


class Labels(NamedTuple):
    lang: str
    round: str  # "Round {round}"
    phase: str  # "phase {phase}"
    phases: str  # "phases {phases}"
    done: str
    phase_done: str  # "{phase} — done"
    game_begins: str
    game_over: str
    to_decide: str
    win: str  # "{names} wins with {pp} PP"
    win_many: str
    pp: str
    passed: str  # "passed {n}."
    in_inn: str
    favours_simple: str
    castle: str
    builders: str
    favour_columns: str  # "favour columns open: 1–{n}"
    bridge: str
    passing_order: str
    next_worker: str
    own_building: str
    game_is_over: str
    provost: str  # "provost {space}"
    bailiff: str  # "bailiff {space}"
    not_with_2: str
    mark: str  # "{section} mark"
    next_building: str
    new: str
    stock: str
    stock_hint: str
    stock_rows: tuple[str, str, str]
    built: str
    final_scores: str
    final_columns: tuple[str, str, str, str, str]
    winner: str
    player: str  # "Player {n}": a name with nothing drawable left
    inn_slots: tuple[str, str]  # the Inn's two places: entering, staying
    tokens: tuple[str, str]  # the letters on the provost's and the bailiff's pieces
    # a building's effect line on its road tile
    produce_or: str
    builds: dict[str, str]  # a Carpenter's or Mason's line, by the kind it builds
    to_residence: str
    each_turn: str
    income: str  # "+{n}d/turn"
    favour: str

    @property
    def tr(self) -> Translation:
        return translator(self.lang)

    def building(self, name: str) -> str:
        """A tile's or special building's English name (`Tile.name`, SPECIAL_NAMES)."""
        return glossary.building(self.tr, name)

    def phase_name(self, phase: int) -> str:
        return glossary.phase(self.tr, PHASE_NAMES[phase])

    def section(self, sec: int) -> str:
        return glossary.castle_part(self.tr, SECTIONS[sec])

    def hint(self, special: str) -> str:
        """A special building's few words (`special`: its code, `gate` ...), numbers from the rules."""
        return special_hint(special, self.tr)

    def verb(self, english: str) -> str:
        return _rules_word(VERBS, self.tr, english)

    def favours(self, n: int) -> str:
        return self.tr.npgettext("board", "{n} favour", "{n} favours", n).format(n=n)


@cache
def labels(lang: str = "en") -> Labels:
    """The board's words in `lang` (English for a language without a catalogue)."""
    tr = translator(lang)
    return Labels(
        lang=tr.lang,
        round=tr.pgettext("board", "Round {round}"),
        phase=tr.pgettext("board", "phase {phase}"),
        phases=tr.pgettext("board", "phases {phases}"),
        done=tr.pgettext("board", "done"),
        phase_done=tr.pgettext("board", "{phase} — done"),
        game_begins=tr.pgettext("board", "the game begins"),
        game_over=tr.pgettext("board", "Game over · final scores"),
        to_decide=tr.pgettext("board", "to decide"),
        win=tr.pgettext("board", "{names} wins with {pp} PP"),
        win_many=tr.pgettext("board", "{names} win with {pp} PP"),
        pp=tr.pgettext("board", "PP"),
        passed=tr.pgettext("board", "passed {n}."),
        in_inn=tr.pgettext("board", "in the Inn"),
        favours_simple=tr.pgettext("board", "favour = {pp} PP").format(pp=SIMPLE_FAVOUR_PP),
        castle=tr.pgettext("board", "CASTLE"),
        builders=tr.pgettext("board", "builders, in order"),
        favour_columns=tr.pgettext("board", "favour columns open: 1–{n}"),
        bridge=tr.pgettext("board", "BRIDGE"),
        passing_order=tr.pgettext("board", "passing order"),
        next_worker=tr.pgettext("board", "next worker"),
        own_building=tr.pgettext("board", "own building or Inn: {n}").format(n=LOW_PLACEMENT_COST),
        game_is_over=tr.pgettext("board", "the game is over"),
        provost=tr.pgettext("board", "provost {space}"),
        bailiff=tr.pgettext("board", "bailiff {space}"),
        not_with_2=tr.pgettext("board", "not used with 2 players"),
        mark=tr.pgettext("board", "{section} mark"),
        next_building=tr.pgettext("board", "next building"),
        new=tr.pgettext("board", "NEW"),
        stock=tr.pgettext("board", "STOCK"),
        stock_hint=tr.pgettext("board", "buildings still to build: cost and prestige"),
        stock_rows=(
            tr.pgettext("board", "Wood"),
            tr.pgettext("board", "Stone"),
            tr.pgettext("board", "Prestige"),
        ),
        built=tr.pgettext("board", "built"),
        final_scores=tr.pgettext("board", "FINAL SCORES"),
        final_columns=(
            tr.pgettext("board", "played"),
            tr.pgettext("board", "gold"),
            tr.pgettext("board", "cubes"),
            tr.pgettext("board", "deniers"),
            tr.pgettext("board", "total"),
        ),
        winner=tr.pgettext("board", "winner"),
        player=tr.pgettext("board", "Player {n}"),
        inn_slots=(tr.pgettext("Inn place", "in"), tr.pgettext("Inn place", "stay")),
        # the initials of the provost's and the bailiff's names, as the words beside them say
        tokens=(tr.pgettext("board token", "P"), tr.pgettext("board token", "B")),
        produce_or=tr.pgettext("board", "or"),
        builds={
            "wood": tr.pgettext("board", "build wood"),
            "stone": tr.pgettext("board", "build stone"),
            "prestige": tr.pgettext("board", "build prestige"),
        },
        to_residence=tr.pgettext("board", "→ residence"),
        each_turn=tr.pgettext("board", "each turn"),
        income=tr.pgettext("board", "+{n}d/turn"),
        favour=tr.pgettext("board", "favour"),
    )


LABELS = labels("en")


class SummaryLabels(NamedTuple):
    """The words of the end-of-game summary image (rendering/summary.py)."""

    lang: str
    title: str  # "{names} wins with {pp} PP"
    title_many: str
    chart: str
    round_axis: str  # "round"
    final: str  # the chart's last step: the final score
    sources_title: str
    sources: dict[str, str]  # buildings, castle, favours, gold, cubes, deniers, lost
    moments: str
    moment: str  # "Round {round}"
    lead: str  # "{player} takes the lead with {pp} PP"

    @property
    def tr(self) -> Translation:
        return translator(self.lang)

    def section(self, sec: int) -> str:
        return glossary.castle_part(self.tr, SECTIONS[sec])

    def subtitle(self, rounds: int, players: int) -> str:
        """"15 rounds · 4 players"."""
        tr = self.tr
        return " · ".join((
            tr.npgettext("summary", "{n} round", "{n} rounds", rounds).format(n=rounds),
            tr.npgettext("summary", "{n} player", "{n} players", players).format(n=players),
        ))  # fmt: skip

    def castle(self, player: str, houses: int, pp: int) -> str:
        """A round's castle deliveries of one player, as a key moment."""
        return self.tr.npgettext(
            "summary",
            "{player} builds {n} house in the castle: +{pp} PP",
            "{player} builds {n} houses in the castle: +{pp} PP",
            houses,
        ).format(player=player, n=houses, pp=pp)


@cache
def summary_labels(lang: str = "en") -> SummaryLabels:
    """The summary image's words in `lang` (English for a language without a catalogue)."""
    tr = translator(lang)
    return SummaryLabels(
        lang=tr.lang,
        title=tr.pgettext("summary", "{names} wins with {pp} PP"),
        title_many=tr.pgettext("summary", "{names} win with {pp} PP"),
        chart=tr.pgettext("summary", "Prestige after each round"),
        round_axis=tr.pgettext("summary", "round"),
        final=tr.pgettext("summary", "final"),
        sources_title=tr.pgettext("summary", "Where the points came from"),
        sources={
            "buildings": tr.pgettext("summary", "buildings"),
            "castle": tr.pgettext("summary", "castle"),
            "favours": tr.pgettext("summary", "favours"),
            "gold": tr.pgettext("summary", "gold"),
            "cubes": tr.pgettext("summary", "cubes"),
            "deniers": tr.pgettext("summary", "deniers"),
            "lost": tr.pgettext("summary", "lost"),
        },
        moments=tr.pgettext("summary", "Key moments"),
        moment=tr.pgettext("summary", "Round {round}"),
        lead=tr.pgettext("summary", "{player} takes the lead with {pp} PP"),
    )
