"""Issue 26: the glossary of docs/translations.md is data (bot/i18n/terms.py) and every catalogue
says what it says: the game's words, one word per thing, no form that guesses an agreement."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import report, terms

LANGS = ("ru", "pt-BR", "ca")


@pytest.fixture(scope="module")
def glossary() -> terms.Glossary:
    return terms.read()


def test_the_docs_tables_are_read(glossary: terms.Glossary) -> None:
    contexts = {e.context for e in glossary.entries}
    assert {"building", "phase", "resource", "castle part", "favour track", "colour", "kind", "term", "count"} <= contexts
    carpenter = next(e for e in glossary.entries if e.context == "building" and e.english == ("Carpenter",))
    assert carpenter.said == {"ru": ("Плотницкая стройка",), "pt-BR": ("Carpinteiro",), "ca": ("Fuster",)}
    houses = next(e for e in glossary.entries if e.context == "count" and e.english[0] == "{n} house")
    assert houses.said["ru"] == ("{n} домик", "{n} домика", "{n} домиков")
    assert any(s.english.search("the provost moves") for s in glossary.stems)
    assert {a.lang for a in glossary.avoid} == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_follows_the_glossary(glossary: terms.Glossary, lang: str) -> None:
    found = terms.deviations(glossary, lang, report.language_catalogue(lang))
    assert found == [], "docs/translations.md, the glossary: " + "; ".join(found[:10])


def test_a_word_table_entry_that_differs_is_found(glossary: terms.Glossary) -> None:
    catalogue = Catalog(locale="ru")
    catalogue.add("Carpenter", "Плотник", context="building")
    found = terms.deviations(glossary, "ru", catalogue)
    assert any("building|Carpenter" in f and "Плотницкая стройка" in f for f in found)


@pytest.mark.parametrize(
    ("lang", "english", "said", "why"),
    [
        # a road space is «клетка» / «espaço» / «casella», the road itself «дорога» / «estrada» / «camí»
        ("ru", "{player} leaves the provost on road {space}", "{player} оставляет судью на дороге {space}", "клетка {space}"),
        ("pt-BR", "{place} (road {space})", "{place} (estrada {space})", "espaço {space}"),
        ("ca", "{place} (road {space})", "{place} (camí {space})", "casella {space}"),
        # a name slotted where an article or a gender would have to agree with it
        ("pt-BR", "{who} at the {building} (r{space})", "{who} em {building} (r{space})", "{building}: …"),
        ("ca", "{who} at the {building} (r{space})", "{who} a {building} (r{space})", "{building}: …"),
        ("ru", "{name} has acted since your last choice.", "После вашего выбора походил(а) {name}.", "gender-free"),
        ("ru", "{player} resigned.", "{player} сдался.", "the present"),
        # one word per thing, and the right word
        ("ca", "free", "gratis", "de franc"),
        ("ca", "Inn: keep your worker there for next turn?", "Posada: mantenir-hi el treballador el torn vinent?", "la ronda vinent"),
        ("ru", "Inn: keep your worker there for next turn?", "Оставить рабочего на следующий ход?", "следующий тур"),
        ("pt-BR", "Alchemist: give a cube ({n} more to give)", "Alquimista: dê um cubo (faltam dar {n})", "falta dar"),
        # the Catalan register and elision
        ("ca", "Build a wood building", "Construïu un edifici de fusta", "construeix"),
        ("ca", "Trading post of Eve", "Factoria de Eva", "d'…"),
        # a command named as the English tree names it
        ("pt-BR", "Use `/caylus new`.", "Use `/caylus new`.", "slash(tr"),
        ("ru", "One {term}", "Один Келюс", "say Caylus"),
    ],
)
def test_a_word_to_avoid_is_found(glossary: terms.Glossary, lang: str, english: str, said: str, why: str) -> None:
    catalogue = Catalog(locale=lang.replace("-", "_"))
    catalogue.add(english, said)
    found = [f for f in terms.deviations(glossary, lang, catalogue) if "the glossary says" not in f]
    assert any(why in f for f in found), found


def test_a_text_that_drops_the_glossary_word_is_found(glossary: terms.Glossary) -> None:
    catalogue = Catalog(locale="ca")
    catalogue.add("the bailiff moves {n} spaces", "l'agutzil avança {n} caselles")
    catalogue.add("{player}'s worker goes home", "el treballador de {player} torna a casa")
    found = terms.deviations(glossary, "ca", catalogue)
    assert [f for f in found if "bailiff" in f] and not [f for f in found if "worker goes" in f]
