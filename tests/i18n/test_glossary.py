"""Issue 12: the explanations of `/caylus rules` (bot/rules/glossary.py) in the reader's language.
The English ones are what they were; every topic in Russian, Brazilian Portuguese and Catalan
holds no English sentence of the glossary's msgids and the very numbers of the English one (the
tile tables'), counted with the language's plural forms."""

from __future__ import annotations

import re
import string
from collections import Counter

import pytest

from bot.i18n import translator
from bot.i18n.report import TEMPLATE, read_catalogue
from bot.rules import TILES, TOPICS, either, tile_text, topic_text
from bot.ui.texts.chooser import tile_effect

LANGUAGES = ["ru", "pt-BR", "ca"]


def _glossary_sentences() -> set[str]:
    """The literal pieces (between placeholders and markdown) of the glossary's own msgids that
    are sentences of at least three words: none may show in a translated explanation."""
    pieces: set[str] = set()
    msgids = 0
    for message in read_catalogue(TEMPLATE):
        if not any(path.endswith("bot/rules/glossary.py") for path, _ in message.locations):
            continue
        msgids += 1
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            for literal, *_ in string.Formatter().parse(msgid):
                for part in re.split(r"[*()«»;:—]", literal):
                    if len(part.split()) >= 3:
                        pieces.add(part.strip(" .,"))
    assert msgids >= 50, msgids  # the template holds the glossary's texts
    return pieces


SENTENCES = _glossary_sentences()


def test_english_texts_are_the_topics_own() -> None:
    en = translator("en")
    for key, topic in TOPICS.items():
        assert topic_text(key) == topic_text(key, en) == topic.text, key
    assert TOPICS["church"].text == (
        "**Church** — Stone building. Cost: 1 stone + 1 cloth. The builder gains 3 PP and 1 royal favour. "
        "Trade once: pay 2 deniers → 3 PP, or pay 4 deniers → 5 PP. (Some translations say 4 PP for building "
        "it or 2 deniers → 4 PP: the rulebook says 3 PP + 1 favour, and 2 d → 3 PP / 4 d → 5 PP.) Anyone may "
        "place a worker there; the owner gains 1 PP whenever another player does."
    )
    assert TOPICS["peddler"].text == (
        "**Peddler** — Wood building. Cost: 1 wood + 1 any cube. The builder gains 4 PP. Pay 1 denier per cube "
        "for up to 2 cubes of food, wood, stone or cloth. Anyone may place a worker there; the owner gains 1 PP "
        "whenever another player does."
    )
    assert TOPICS["favour_deniers"].text == (
        "**Deniers line** — column 1: 3 deniers, column 2: 4 deniers, column 3: 5 deniers, column 4: 6 deniers, "
        "column 5: 7 deniers."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_topic_is_in_the_language_with_the_english_numbers(lang: str) -> None:
    tr = translator(lang)
    for key, topic in TOPICS.items():
        said = topic_text(key, tr)
        assert said != topic.text, key
        english = sorted(s for s in SENTENCES if s in said)
        assert not english, (key, english, said)
        assert "{" not in said and ".." not in said, (key, said)
        assert Counter(re.findall(r"\d+", said)) == Counter(re.findall(r"\d+", topic.text)), (key, said, topic.text)


def test_the_numbers_come_from_the_tables_in_every_plural_form() -> None:
    """A tile with other numbers is explained with them, each counted word in Russian's form."""
    ru = translator("ru")
    church = TILES["church"]
    text = tile_text(church._replace(cost=(0, 0, 5, 0, 0), pp=2, favours=3), ru)
    assert "Стоимость: 5 камней. Строителю: 2 оч. и 3 королевские милости." in text, text
    text = tile_text(church._replace(cost=(0, 0, 2, 1, 0), favours=0), ru)
    assert "Стоимость: 2 камня + 1 ткань. Строителю: 3 оч. Один обмен" in text, text  # no "оч.."
    statue = next(t for t in TILES.values() if t.kind == "prestige" and t.favours)
    text = tile_text(statue._replace(favours=2, income=5), ru)
    assert "Кроме того: 2 королевские милости при постройке, +5 денье дохода каждый тур." in text, text
    assert "Рабочих на него не ставят." in text
    pt = tile_text(statue._replace(favours=2, income=1), translator("pt-BR"))
    assert "Além disso: 2 favores reais ao construir, +1 denário de renda a cada turno." in pt, pt



def test_one_or_for_the_glossary_in_bold_and_for_the_chooser_plain() -> None:
    """`either` is the one "a or b" of the rules' texts: bold in the glossary's markdown, plain in
    a select's description (tile_effect), in every language's own word."""
    ru, ca = translator("ru"), translator("ca")
    assert either(ru, ["a", "b", "c"]) == "a или b или c"
    assert either(ca, ["a", "b"], bold=True) == "a **o** b"
    assert either(ru, ["a"], bold=True) == "a"
    assert topic_text("n_farm", ru).endswith("Производство: 1 продовольствие **или** 1 ткань.")
    assert tile_effect(ru, "n_farm") == "продовольствие или ткань"
    pt = translator("pt-BR")
    assert topic_text("n_farm", pt).endswith("Produção: 1 comida **ou** 1 tecido.")
    assert tile_effect(pt, "n_farm") == "comida ou tecido"
    assert TOPICS["n_farm"].text.endswith("Production: 1 food **or** 1 cloth.")
