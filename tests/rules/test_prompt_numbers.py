"""The rule numbers of the prompts, event texts and special buildings' words (bot/rules/specials.py,
placing.py, construction.py, eventwords.py, effects.py, favours.py), and of the edges' texts that
say the same numbers (the chooser's Pass and Joust warning, the lobby, the final scores, the
board), come from the constants the engine plays with, as the glossary's do
(tests/rules/test_glossary_numbers.py): a constant given another value changes the text in every
language (no translation keeps a literal)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from types import SimpleNamespace as NS
from typing import Any

import pytest

from bot.i18n import translator
from bot.rules import Game, new_game, tiles
from bot.rules import construction as construction_module
from bot.rules import effects as effects_module
from bot.rules import eventwords as eventwords_module
from bot.rules import favours as favours_module
from bot.rules import placing as placing_module
from bot.rules import specials as specials_module
from bot.rules.construction import Lawyer
from bot.rules.effects import special_hint, special_words
from bot.rules.favours import Favour
from bot.rules.placing import why_not_target
from bot.rules.specials import Guild, Inn, Joust, Provost
from bot.rules.speech import Speech
from bot.rules.state import Options
from bot.ui import choice_labels
from bot.ui.texts import channel as channel_module
from bot.ui.texts import choice_words as label_words
from bot.ui.texts import lobby as lobby_module
from bot.ui.texts.chooser import place_effect
from rendering import labels as board_module
from rendering.labels import labels

LANGUAGES = ("en", "ru", "pt-BR", "ca")
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def test_the_constants_are_the_rulebooks() -> None:
    assert (tiles.TRADING_POST_DENIERS, tiles.GUILD_STEPS) == (3, 3)  # §2 phase 3
    assert (tiles.JOUST_DENIERS, tiles.JOUST_CLOTH) == (1, 1)  # §2 phase 3 (Joust field: 1 d + 1 C)
    assert tiles.LOW_PLACEMENT_COST == 1  # §2 phase 2 "Cost" (the Inn's right circle: 1 d a placement)
    assert tiles.PROVOST_STEPS == 3  # §2 phase 4 (k = 1, 2 or 3)
    assert (tiles.FIRST_PASS_DENIERS, tiles.CASTLE_WORKERS) == (1, 5)  # §2 phase 2 (castle spaces 1–5)
    assert tiles.TILES["residence"].pp == 2  # §3.3 Lawyer (+2 PP), §3.5
    assert tiles.SIMPLE_FAVOUR_PP == 3  # §4.4
    assert (tiles.GOLD_PP, tiles.CUBES_PER_PP, tiles.DENIERS_PER_PP) == (3, 3, 4)  # §2.8
    assert (tiles.OWNER_BONUS_PP, tiles.FAVOUR_COLUMNS_OPEN) == (1, (2, 4, 5))  # §2 phase 2, §4.2


def _game() -> Game:
    g = new_game(NAMES, 7)
    g.state.castle_workers[:] = [1, 2, 3, 4, 1]  # the castle full for seat 0 (the text, not a position)
    return g


def _name(seat: int) -> str:
    return NAMES[seat]


Text = Callable[[Game, Speech], str]
TEXTS: dict[str, Text] = {
    "guild": lambda g, tr: Guild(0).prompt(g, tr),
    "provost": lambda g, tr: Provost(0).prompt(g, tr),
    "joust": lambda g, tr: Joust(0).prompt(g, tr),
    "inn": lambda g, tr: Inn(0).prompt(g, tr),
    "castle_full": lambda g, tr: why_not_target(g, 0, "castle", tr),
    "lawyer": lambda g, tr: Lawyer(0, 1).prompt(g, tr),
    "event_trading": lambda g, tr: eventwords_module.WORDS["trading"](_name, 1, tr=tr),
    "event_pass": lambda g, tr: eventwords_module.WORDS["pass"](_name, 1, 1, tr=tr),
    "event_joust": lambda g, tr: eventwords_module.WORDS["joust"](_name, 1, tr=tr),
    "event_owner_bonus": lambda g, tr: eventwords_module.WORDS["owner_bonus"](_name, 0, 1, "quarry", 12, tr=tr),
    "event_dungeon_scored": lambda g, tr: eventwords_module.WORDS["section_scored"](_name, 0, tr=tr),
    "event_walls_scored": lambda g, tr: eventwords_module.WORDS["section_scored"](_name, 1, tr=tr),
    **{f"words_{code}": (lambda g, tr, code=code: special_words(code, tr)) for code in effects_module.SPECIAL_EFFECTS},
    **{f"hint_{code}": (lambda g, tr, code=code: special_hint(code, tr)) for code in effects_module.SPECIAL_EFFECTS},
    # the chooser's and the board's words are the rules' (no copy of their own with a literal)
    **{f"chooser_{code}": (lambda g, tr, code=code: place_effect(tr, g, code)) for code in ("trading", "guild", "joust", "inn")},
    **{f"board_{code}": (lambda g, tr, code=code: labels(tr.lang).hint(code)) for code in ("trading", "guild", "joust", "inn")},
    "why_not_move": lambda g, tr: specials_module.why_not_move(g, "+9", None, tr),
    # the edges' texts with the same numbers
    "pass_label": lambda g, tr: label_words.pass_label(tr, True),
    "joust_trap": lambda g, tr: label_words.no_joust(tr),
    "castle_trap": lambda g, tr: label_words.no_batch(tr),
    "lobby": lambda g, tr: lobby_module.options_text(tr, SIMPLE_TABLE),  # SIMPLE_TABLE: the fields it reads
    "final_scores": lambda g, tr: channel_module.game_over(tr, RESULT),  # RESULT: the fields it reads
    "board_simple_favours": lambda g, tr: board_module.labels.__wrapped__(tr.lang).favours_simple,
    "board_own_building": lambda g, tr: board_module.labels.__wrapped__(tr.lang).own_building,
}  # fmt: skip
SIMPLE_TABLE = NS(options=NS(simple_favors=True, jeweller=False, lawyer_pp=4), settings=NS(ai_level="greedy"))
RESULT = NS(
    scores=[NS(name="Ann", pp_play=10, gold_pp=3, cubes_pp=1, deniers_pp=2, total=16)], winner_names=["Ann"], seats=[]
)


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("guild", "Merchants' guild: move the provost (now on road 6) up to 3 spaces, free"),
        ("provost", "Move the provost (now on road 6): 1 denier per space, up to 3"),
        ("joust", "Joust field: pay 1 denier + 1 cloth for a royal favour?"),
        ("inn", "Inn: keep your worker there for next turn (every placement costs you 1 denier)?"),
        ("castle_full", "the castle track is full (5 workers)"),
        ("lawyer", "Lawyer: turn a neutral building or one of your own into a residence for 1 cloth + 1 denier (+2 PP)"),
        ("event_trading", "Bob takes 3 deniers at the Trading post"),
        ("event_pass", "Bob passes (1.) and takes 1 denier as the first to pass"),
        ("event_joust", "Bob pays 1 denier and 1 cloth at the Joust field for a royal favour"),
        ("event_owner_bonus", "Ann gains 1 PP: Bob uses their Quarry (road 12)"),
        ("event_dungeon_scored", "The Dungeon is scored and closed. Favour columns 3 and 4 are open."),
        ("event_walls_scored", "The Walls are scored and closed. Favour column 5 is open."),
        ("words_trading", "take 3 deniers"),
        ("words_guild", "move the provost up to 3 spaces, free"),
        ("words_joust", "pay 1 denier + 1 cloth for a royal favour"),
        ("words_inn", "from next turn, every placement costs you 1 denier"),
        ("hint_trading", "+3 deniers"),
        ("hint_guild", "provost ±1–3, free"),
        ("hint_joust", "1d + 1 cloth → favour"),
        ("hint_inn", "place workers for 1 d"),
        ("why_not_move", "the provost moves 1 to 3 spaces forward (+1, +2, +3) or back (-1, -2, -3), or 0"),
        ("pass_label", "Pass (first to pass: +1 denier)"),
        ("joust_trap", "⚠ needs 1 denier + 1 cloth"),
        ("castle_trap", "⚠ no batch now (building nothing: −2 PP)"),
        ("board_simple_favours", "favour = 3 PP"),
        ("board_own_building", "own building or Inn: 1"),
    ],
)  # fmt: skip
def test_the_english_texts_say_the_rulebooks_numbers(key: str, said: str) -> None:
    assert TEXTS[key](_game(), translator("en")) == said


# (module read, constant, the value it is given, the texts that must show it)
CHANGES: list[tuple[ModuleType, str, int, tuple[str, ...]]] = [
    (specials_module, "GUILD_STEPS", 41, ("guild",)),
    (specials_module, "PROVOST_STEPS", 42, ("provost",)),
    (specials_module, "JOUST_DENIERS", 43, ("joust",)),
    (specials_module, "JOUST_CLOTH", 44, ("joust",)),
    (specials_module, "LOW_PLACEMENT_COST", 45, ("inn",)),
    (placing_module, "CASTLE_WORKERS", 46, ("castle_full",)),
    (eventwords_module, "TRADING_POST_DENIERS", 47, ("event_trading",)),
    (eventwords_module, "FIRST_PASS_DENIERS", 48, ("event_pass",)),
    (eventwords_module, "JOUST_DENIERS", 49, ("event_joust",)),
    (eventwords_module, "JOUST_CLOTH", 51, ("event_joust",)),
    (eventwords_module, "OWNER_BONUS_PP", 59, ("event_owner_bonus",)),
    (effects_module, "TRADING_POST_DENIERS", 52, ("words_trading", "hint_trading", "chooser_trading", "board_trading")),
    (effects_module, "GUILD_STEPS", 53, ("words_guild", "hint_guild", "chooser_guild", "board_guild")),
    (effects_module, "JOUST_DENIERS", 54, ("words_joust", "hint_joust", "chooser_joust", "board_joust")),
    (effects_module, "JOUST_CLOTH", 55, ("words_joust", "hint_joust", "chooser_joust", "board_joust")),
    (effects_module, "LOW_PLACEMENT_COST", 56, ("words_inn", "hint_inn", "chooser_inn", "board_inn")),
    (label_words, "FIRST_PASS_DENIERS", 61, ("pass_label",)),
    (label_words, "JOUST_DENIERS", 62, ("joust_trap",)),
    (label_words, "JOUST_CLOTH", 63, ("joust_trap",)),
    (label_words, "CASTLE_PENALTY", 75, ("castle_trap",)),
    (lobby_module, "SIMPLE_FAVOUR_PP", 64, ("lobby",)),
    (channel_module, "GOLD_PP", 65, ("final_scores",)),
    (channel_module, "CUBES_PER_PP", 66, ("final_scores",)),
    (channel_module, "DENIERS_PER_PP", 67, ("final_scores",)),
    (board_module, "SIMPLE_FAVOUR_PP", 68, ("board_simple_favours",)),
    (board_module, "LOW_PLACEMENT_COST", 69, ("board_own_building",)),
]  # fmt: skip


def _said(keys: tuple[str, ...]) -> dict[tuple[str, str], str]:
    g = _game()
    return {(lang, key): TEXTS[key](g, translator(lang)) for lang in LANGUAGES for key in keys}


def _follows(before: dict[tuple[str, str], str], after: dict[tuple[str, str], str], n: int) -> None:
    """The new number shows in every language, and each language shows the English numbers."""
    for (lang, key), text in after.items():
        assert text != before[lang, key], (lang, key)
        found = Counter(re.findall(r"\d+", text))
        assert str(n) not in re.findall(r"\d+", before[lang, key]), (lang, key, n)
        assert found[str(n)] >= 1, (lang, key, n, text)
        assert found == Counter(re.findall(r"\d+", after["en", key])), (lang, key, text)


@pytest.mark.parametrize(
    ("module", "name", "value", "keys"), CHANGES, ids=[f"{m.__name__.rsplit('.', 1)[1]}.{n}" for m, n, _, _ in CHANGES]
)
def test_a_text_follows_its_constant(
    monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str, value: Any, keys: tuple[str, ...]
) -> None:
    before = _said(keys)
    monkeypatch.setattr(module, name, value)
    _follows(before, _said(keys), value)


def test_the_lawyer_prompt_follows_the_residence_pp(monkeypatch: pytest.MonkeyPatch) -> None:
    """The residence's PP (§3.3, §3.5), read from the tile table the Lawyer scores with."""
    before = _said(("lawyer",))
    table = construction_module.TILES
    monkeypatch.setitem(table, "residence", table["residence"]._replace(pp=57))
    _follows(before, _said(("lawyer",)), 57)


def test_a_simple_favour_gives_and_says_its_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The beginner variant's favour (§4.4): the PP gained and the event's text."""
    monkeypatch.setattr(favours_module, "SIMPLE_FAVOUR_PP", 58)
    g = new_game(NAMES[:2], 3, Options(simple_favors=True))
    pp = g.state.players[0].pp
    Favour(0).apply(g, "")
    assert g.state.players[0].pp == pp + 58
    (event,) = g.events
    for lang in LANGUAGES:
        assert re.findall(r"\d+", event.text_with(str, translator(lang))) == ["58"], lang


@pytest.mark.parametrize(
    ("module", "name", "n", "key", "ru"),
    [
        (specials_module, "GUILD_STEPS", 1, "guild", "(сейчас на клетке 6) не больше чем на 1 клетку, бесплатно"),
        (effects_module, "GUILD_STEPS", 2, "words_guild", "передвинуть судью не больше чем на 2 клетки, бесплатно"),
        (placing_module, "CASTLE_WORKERS", 4, "castle_full", "(уже 4 рабочих)"),
        (placing_module, "CASTLE_WORKERS", 21, "castle_full", "(уже 21 рабочий)"),
    ],
)
def test_a_count_takes_the_russian_plural_form(
    monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str, n: int, key: str, ru: str
) -> None:
    monkeypatch.setattr(module, name, n)
    assert ru in TEXTS[key](_game(), translator("ru"))


def test_the_provost_refusal_follows_the_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """The moves a refusal lists are the codes the rules accept (§2 phase 3, phase 4)."""
    before = _said(("why_not_move",))
    monkeypatch.setattr(specials_module, "_MOST", 4)
    monkeypatch.setattr(specials_module, "PROVOST_MOVES", ("0", "+1", "+2", "+3", "+4", "-1", "-2", "-3", "-4"))
    after = _said(("why_not_move",))
    _follows(before, after, 4)
    for lang in LANGUAGES:
        assert "+1, +2, +3, +4" in after[lang, "why_not_move"] and "-1, -2, -3, -4" in after[lang, "why_not_move"], lang


def test_the_pass_label_and_the_joust_trap_follow_their_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules' Pass label (§2 phase 2) and the chooser's Joust warning (§2 phase 3): a player
    with 1 denier and 1 cloth cannot joust when the price is 2 deniers."""
    g = _game()
    assert placing_module.Place(0).label(g, "pass") == "Pass (first to pass: +1 denier)"
    monkeypatch.setattr(placing_module, "FIRST_PASS_DENIERS", 2)
    assert placing_module.Place(0).label(g, "pass") == "Pass (first to pass: +2 deniers)"
    p = g.state.players[0]
    p.deniers, p.cubes[tiles.C] = 1, 1
    assert choice_labels.trap_of(g, "joust", 0) == ""
    monkeypatch.setattr(choice_labels, "JOUST_DENIERS", 2)
    assert choice_labels.trap_of(g, "joust", 0) == "⚠ needs 1 denier + 1 cloth"


def test_the_scoring_events_follow_the_open_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The favour columns a section's scoring opens (§4.2): 3 and 4 after the Dungeon, 5 after the Walls."""
    keys = ("event_dungeon_scored", "event_walls_scored")
    before = _said(keys)
    monkeypatch.setattr(eventwords_module, "FAVOUR_COLUMNS_OPEN", (71, 73, 74))
    after = _said(keys)
    _follows({k: v for k, v in before.items() if k[1] == keys[0]}, {k: v for k, v in after.items() if k[1] == keys[0]}, 72)
    _follows({k: v for k, v in before.items() if k[1] == keys[0]}, {k: v for k, v in after.items() if k[1] == keys[0]}, 73)
    _follows({k: v for k, v in before.items() if k[1] == keys[1]}, {k: v for k, v in after.items() if k[1] == keys[1]}, 74)
