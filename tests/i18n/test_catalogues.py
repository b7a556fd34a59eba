"""The catalogues (bot/locale): complete, placeholders kept, Russian plurals, the game's words
for every name of the rules core, and `python -m bot i18n`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from bot.__main__ import main
from bot.i18n import report, translator
from bot.i18n.catalogue import compile_po
from bot.i18n.words import (
    BUILDINGS,
    CASTLE_PARTS,
    COLOURS,
    COUNTS,
    FAVOUR_TRACKS,
    KINDS,
    PHASES,
    RESOURCES,
    building,
    count,
    phase,
    resource,
)
from bot.rules import (
    CUBE_NAMES,
    FAVOUR_LINES,
    PHASE_NAMES,
    SECTIONS,
    SPECIAL_NAMES,
    TILES,
    cube_count,
    new_game,
)

LANGS = ("ru", "pt-BR", "ca")


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_is_complete_with_matching_placeholders(lang: str) -> None:
    result = report.check_language(lang, report.read_catalogue(report.TEMPLATE))
    assert result.messages >= 150
    assert (result.missing, result.fuzzy, result.placeholder_errors) == ([], [], [])


def test_the_placeholder_check_finds_a_lost_or_renamed_field() -> None:
    plural = Message(("{n} denier", "{n} deniers"), context="count")
    good = Message(plural.id, ("{n} денье",) * 3, context="count")
    lost = Message(plural.id, ("{n} денье", "денье", "{n} денье"), context="count")
    renamed = Message("Hello {name}", "Привет, {player}")
    assert report.placeholder_error(plural, good) is None
    assert "{n}" in (report.placeholder_error(plural, lost) or "")
    assert "player" in (report.placeholder_error(Message("Hello {name}"), renamed) or "")
    percent = Message("%s places a worker", flags=["python-format"])
    assert report.placeholder_error(percent, Message(percent.id, "рабочий поставлен")) is not None
    assert report.placeholder_error(percent, Message(percent.id, "%s ставит рабочего")) is None


@pytest.mark.parametrize(
    ("word", "forms"),
    [
        ("royal favour", ("1 королевская милость", "2 королевские милости",
                          "5 королевских милостей", "21 королевская милость")),
        ("worker", ("1 рабочий", "2 рабочих", "5 рабочих", "21 рабочий")),
        ("prestige point", ("1 знак отличия", "2 знака отличия", "5 знаков отличия",
                            "21 знак отличия")),
        ("cube", ("1 кубик", "2 кубика", "5 кубиков", "21 кубик")),
        ("denier", ("1 денье", "2 денье", "5 денье", "21 денье")),  # денье does not decline
    ],
)  # fmt: skip
def test_russian_plurals_for_1_2_5_and_21(word: str, forms: tuple[str, ...]) -> None:
    ru = translator("ru")
    assert tuple(count(ru, word, n) for n in (1, 2, 5, 21)) == forms
    assert count(ru, word, 11) == count(ru, word, 5).replace("5", "11")  # 11 is "many", not "one"
    assert count(ru, word, 12) == count(ru, word, 5).replace("5", "12")


def test_other_languages_count_too() -> None:
    assert count(translator("pt-BR"), "denier", 1) == "1 denário"
    assert count(translator("pt-BR"), "denier", 3) == "3 denários"
    assert count(translator("ca"), "house", 2) == "2 cases"
    assert count(translator("en"), "batch", 2) == "2 batches"


def test_portuguese_cube_counts_take_the_plural() -> None:
    """"2 tecidos", not "2 tecido": Portuguese counts cubes as the rule text does ("2 cubos")."""
    pt = translator("pt-BR")
    assert cube_count("FFC", pt) == "2 comidas + 1 tecido"
    assert cube_count("WWSSCCGG", pt) == "2 madeiras + 2 pedras + 2 tecidos + 2 ouros"
    assert cube_count("G", pt) == "1 ouro"


def test_the_glossary_has_every_name_of_the_rules_core() -> None:
    """When bot/rules gains a name, it must get its entry (and translations) in bot/i18n/words."""
    assert {t.name for t in TILES.values()} | set(SPECIAL_NAMES.values()) == set(BUILDINGS)
    assert set(PHASE_NAMES.values()) == set(PHASES)
    assert set(CUBE_NAMES) == set(RESOURCES)
    assert set(SECTIONS) == set(CASTLE_PARTS)
    assert set(FAVOUR_LINES) == set(FAVOUR_TRACKS)
    five = new_game(["a", "b", "c", "d", "e"], seed=1)
    assert {p.colour for p in five.state.players} == set(COLOURS)
    assert {t.kind for t in TILES.values()} | {"special"} == set(KINDS)
    assert set(CUBE_NAMES) <= set(COUNTS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_words_are_translated_and_tell_buildings_apart(lang: str) -> None:
    tr = translator(lang)
    names = {english: building(tr, english) for english in BUILDINGS}
    # the Russian seed calls the Trading post "банк": it must not read as the stone Bank
    assert len(set(names.values())) == len(names)
    assert all(resource(tr, c) != c for c in CUBE_NAMES)
    assert phase(tr, PHASE_NAMES[4]) != PHASE_NAMES[4]


def test_seed_words() -> None:
    """A few names exactly as the seed rule texts give them (docs/translations.md)."""
    ru, pt, ca = translator("ru"), translator("pt-BR"), translator("ca")
    assert building(ru, "Joust field") == "Турнир" and building(ru, "Inn") == "Постоялый двор"
    assert phase(ru, "The provost's move") == "Передвижение судьи"
    assert building(pt, "Trading post") == "Feitoria" and building(pt, "Lawyer") == "Advogado"
    assert building(ca, "Lawyer") == "Notari" and resource(ca, "wood") == "fusta"


def test_fuzzy_entries_are_not_used(tmp_path: Path) -> None:
    po = tmp_path / "caylus.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        '#, fuzzy\nmsgid "Bank"\nmsgstr "Банк"\n\nmsgid "Gate"\nmsgstr "Ворота"\n',
        encoding="utf-8",
    )
    compiled = compile_po(po, "ru")
    assert compiled.gettext("Bank") == "Bank" and compiled.gettext("Gate") == "Ворота"


def test_the_i18n_command_ends_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["i18n"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("ru: ") and "0 missing" in lines[0]
    result = json.loads(lines[-1])
    assert set(result["languages"]) == set(LANGS)
    for counts in result["languages"].values():
        assert counts["messages"] >= 150
        assert counts["missing"] == counts["fuzzy"] == counts["placeholder_errors"] == 0
        # issue 26: what a native reader would trip on, counted in a source checkout
        assert counts["untranslated_literals"] == counts["labels_over_limit"] == counts["glossary_deviations"] == 0
    assert result["en"] == {"untranslated_literals": 0, "labels_over_limit": 0}
    assert set(result["template"]) == {"new", "gone"}
