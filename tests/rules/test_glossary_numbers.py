"""The rule numbers of `/caylus rules` (bot/rules/glossary.py) come from the constants the engine
plays with: the phases (§2), the special buildings (§2 phase 3), the castle (§1.4, §2 phase 6), the
favour lines (§4) and the residence (§3.3). The constants are the rulebook's numbers; a constant
given another value changes the explanation in every language (no translation keeps a literal)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from bot.i18n import translator
from bot.rules import TOPICS, tiles, topic_text
from bot.rules import glossary as G
from bot.rules.castle import CASTLE_PENALTY

LANGUAGES = ("en", "ru", "pt-BR", "ca")


def test_the_constants_are_the_rulebooks() -> None:
    assert tiles.BASE_INCOME == 2  # §2 phase 1
    assert (tiles.LOW_PLACEMENT_COST, tiles.TWO_PLAYER_COSTS, tiles.FIRST_PASS_DENIERS) == (1, (1, 3), 1)  # §2 phase 2, §5
    assert (tiles.OWNER_BONUS_PP, tiles.CASTLE_WORKERS, tiles.STABLES_CIRCLES) == (1, 5, 3)  # §1.3, §2 phase 2
    assert tiles.TRADING_POST_DENIERS == 3  # §2 phase 3
    assert (tiles.GUILD_STEPS, tiles.JOUST_DENIERS, tiles.JOUST_CLOTH) == (3, 1, 1)  # §2 phase 3
    assert (tiles.PROVOST_STEPS, tiles.ROAD_LEN) == (3, 28)  # §2 phase 4
    assert (tiles.BAILIFF_STEPS, tiles.MARKS, tiles.SECTION_PENALTY) == ((1, 2), (12, 18, 24), (2, 3, 4))  # §2 phase 7, §1.4
    assert [tiles.SCORING[sec](0) for sec in range(3)] == [(-2, 0), (-3, 0), (-4, 0)]  # §1.4
    assert CASTLE_PENALTY == 2  # §2 phase 6
    assert (tiles.GOLD_PP, tiles.CUBES_PER_PP, tiles.DENIERS_PER_PP) == (3, 3, 4)  # §2.8
    assert (tiles.FAVOUR_COLUMNS_OPEN, tiles.FAVOUR_SWAP_TAKE, tiles.FAVOUR_DISCOUNT) == ((2, 4, 5), 2, 1)  # §4.2
    residence = tiles.TILES["residence"]
    assert (residence.cost, residence.pp, residence.income, tiles.LAWYER_DENIERS) == ((0, 0, 0, 1, 0), 2, 1, 1)  # §3.3


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("phase1", "every player takes 2 deniers, +1 per residence, +1 for the Library, +2 for the Hotel."),
        ("phase2", "(two players: 1, or 3 once the opponent has passed); 1 denier on your own building"),
        ("phase2", "The first to pass takes 1 denier."),
        ("phase4", "may pay 1 to 3 deniers to move the provost that many spaces forward or back (between road spaces 1 and 28)"),
        ("phase7", "the bailiff moves 2 spaces if the provost is beyond it, else 1;"),
        ("phase7", "(Dungeon 12, Walls 18, Towers 24)"),
        ("phase7", "no house → −2/−3/−4 PP"),
        ("phase7", "+3 PP per gold, +1 per 3 other cubes, +1 per 4 deniers."),
        ("phase7", "exemption from the −2 castle penalty"),
        ("castle", "**Castle** — up to 5 workers, one per player"),
        ("castle", "loses 2 PP (not when the Towers are full)"),
        ("gate", "another player's building gives them 1 PP"),
        ("trading", "**Trading post** — take 3 deniers in phase 3."),
        ("guild", "move the provost up to 3 spaces forward or back, free (never before road space 1 or beyond 28)"),
        ("joust", "pay 1 denier + 1 cloth for a royal favour"),
        ("stables", "**Stables** — 3 circles, at most one worker per player."),
        ("inn", "every placement costs you 1 denier (owners still gain their 1 PP)"),
        ("favour_resources", "4: give 1 cube (gold allowed), take 2 cubes of food/wood/stone/cloth"),
        ("favour_buildings", "paying 1 wood less; 3: build a stone building paying 1 stone less; 4: make a residence (Lawyer effect) for 1 cloth"),
        ("favours", "(columns 1–2 from the start, 3–4 after the Dungeon is scored, 5 after the Walls)"),
        ("favours", "(any beyond 4 are lost)"),
        ("residence", "made by the Lawyer (1 cloth + 1 denier) or the buildings favour column 4 (1 cloth): 2 PP and +1 denier income each turn."),
        ("lawyer", "Pay 1 cloth + 1 denier (a real denier, not gold)"),
        ("lawyer", "into a residence (+2 PP, +1 denier income)."),
        ("church", "the owner gains 1 PP whenever another player does."),
        ("scoring", "Dungeon: 0 → −2 PP; 1 → nothing; 2+ → 1 royal favour."),
        ("scoring", "Walls: 0 → −3 PP; 1 → nothing; 2 → 1 royal favour; 3–4 → 2 royal favours; 5+ → 3 royal favours."),
        ("scoring", "Towers: 0 → −4 PP; 1 → nothing; 2–3 → 1 royal favour; 4–5 → 2 royal favours; 6+ → 3 royal favours."),
        ("scoring", "columns 3–4 after the Dungeon, column 5 after the Walls"),
        ("bailiff", "starts with the provost on road space 6. In phase 7 it moves 2 spaces forward if the provost is beyond it"),
        ("bailiff", "else 1 space; it never moves back"),
        ("bailiff", "left alone it reaches the Towers after 18 turns"),
        ("end", "(the bailiff reached road space 24, or all 14 Towers spaces were filled)"),
        ("end", "3 PP per gold cube, 1 PP per 3 other cubes (food, wood, stone and cloth counted together) and 1 PP per 4 deniers"),
        ("turn_order", "(5, 6, 6, 7, 7 by position; two players: 5, 5)"),
        ("turn_order", "the players there become first, second and third"),
        ("board", "the road (spaces 1–28:"),
    ],
)  # fmt: skip
def test_the_english_explanations_say_the_rulebooks_numbers(key: str, said: str) -> None:
    assert said in TOPICS[key].text


# (constant of the glossary module, the value it is given, the topics that must show it)
CHANGES: list[tuple[str, Any, tuple[str, ...]]] = [
    ("BASE_INCOME", 41, ("phase1",)),
    ("TWO_PLAYER_COSTS", (41, 42), ("phase2",)),
    ("LOW_PLACEMENT_COST", 43, ("phase2", "inn")),
    ("FIRST_PASS_DENIERS", 44, ("phase2",)),
    ("OWNER_BONUS_PP", 45, ("gate", "inn", "church")),
    ("CASTLE_WORKERS", 46, ("castle", "phase6")),
    ("CASTLE_PENALTY", 47, ("castle", "phase6", "phase7")),
    ("STABLES_CIRCLES", 48, ("stables",)),
    ("TRADING_POST_DENIERS", 49, ("trading",)),
    ("GUILD_STEPS", 51, ("guild",)),
    ("ROAD_LEN", 52, ("guild", "phase4")),
    ("JOUST_DENIERS", 53, ("joust",)),
    ("JOUST_CLOTH", 54, ("joust",)),
    ("PROVOST_STEPS", 55, ("phase4",)),
    ("BAILIFF_STEPS", (56, 57), ("phase7", "bailiff")),
    ("MARKS", (58, 59, 61), ("phase7", "scoring", "bailiff")),
    ("SECTION_PENALTY", (62, 63, 64), ("phase7",)),
    ("GOLD_PP", 65, ("phase7", "end")),
    ("CUBES_PER_PP", 66, ("phase7", "end")),
    ("DENIERS_PER_PP", 67, ("phase7", "end")),
    ("START_SPACE", 83, ("bailiff",)),
    ("STARTING_DENIERS", (84, 85, 86, 87, 88), ("turn_order",)),
    ("STARTING_DENIERS_2P", (89, 91), ("turn_order",)),
    ("FAVOUR_SWAP_TAKE", 68, ("favour_resources",)),
    ("FAVOUR_DISCOUNT", 69, ("favour_buildings",)),
    ("FAVOUR_COLUMNS_OPEN", (71, 73, 74), ("favours",)),
    ("FAVOUR_LINES", ("line",) * 75, ("favours",)),
    ("LAWYER_DENIERS", 76, ("residence", "lawyer")),
]


def _numbers(value: Any) -> list[int]:
    """The numbers a constant's value puts in the text (a tuple of names: how many)."""
    if isinstance(value, tuple):
        return [len(value)] if isinstance(value[0], str) else list(value)
    return [value]


def _said(keys: tuple[str, ...]) -> dict[tuple[str, str], str]:
    return {(lang, key): topic_text(key, translator(lang)) for lang in LANGUAGES for key in keys}


def _follows(before: dict[tuple[str, str], str], after: dict[tuple[str, str], str], numbers: list[int]) -> None:
    """Every new number shows in every language, and each language shows the English numbers."""
    for (lang, key), text in after.items():
        assert text != before[lang, key], (lang, key)
        found = Counter(re.findall(r"\d+", text))
        for n in numbers:
            assert str(n) not in re.findall(r"\d+", before[lang, key]), (lang, key, n)
            assert found[str(n)] >= 1, (lang, key, n, text)
        assert found == Counter(re.findall(r"\d+", after["en", key])), (lang, key, text)


@pytest.mark.parametrize(("name", "value", "keys"), CHANGES, ids=[name for name, _, _ in CHANGES])
def test_an_explanation_follows_its_constant(
    monkeypatch: pytest.MonkeyPatch, name: str, value: Any, keys: tuple[str, ...]
) -> None:
    before = _said(keys)
    monkeypatch.setattr(G, name, value)
    _follows(before, _said(keys), _numbers(value))


def test_the_castle_scoring_follows_the_scoring_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """§1.4: the scoring topic is the engine's own tables (`SCORING`), house count by house count."""
    before = _said(("scoring",))
    monkeypatch.setattr(G, "SCORING", tuple((lambda h, k=k: (-93 - k, 0) if h == 0 else (0, 2 if h > 7 else 0)) for k in range(3)))
    after = _said(("scoring",))
    for (lang, key), text in after.items():
        assert text != before[lang, key]
        for n in ("93", "94", "95", "8"):
            assert n in re.findall(r"\d+", text), (lang, text)


def test_a_building_with_a_namesake_shows_both() -> None:
    """The road has two Carpenters (a neutral one and the printed one, §3.1, §3.2) and two Sawmills
    and Quarries and Marketplaces (neutral and wood): a topic names every building of its name."""
    assert G.namesakes("carpenter_fixed") == ["carpenter_fixed", "n_carpenter"]
    assert G.namesakes("n_carpenter") == ["n_carpenter", "carpenter_fixed"]
    assert G.namesakes("sawmill") == ["sawmill", "n_sawmill"]
    assert G.namesakes("church") == ["church"] and G.namesakes("bailiff") == ["bailiff"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_topics_have_titles_in_every_language(lang: str) -> None:
    tr = translator(lang)
    for key in G.TITLES:
        title = G.topic_title(key, tr)
        assert title, (lang, key)
        assert topic_text(key, tr)


def test_the_residence_and_the_income_follow_the_tile_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The residence's cloth, PP and income (§3.5), the Library's and the Hotel's income (§2 phase 1)."""
    keys = ("residence", "lawyer", "favour_buildings", "phase1")
    before = _said(keys)
    table = G.TILES
    monkeypatch.setitem(table, "residence", table["residence"]._replace(cost=(0, 0, 0, 77, 0), pp=78, income=79))
    monkeypatch.setitem(table, "library", table["library"]._replace(income=81))
    monkeypatch.setitem(table, "hotel", table["hotel"]._replace(income=82))
    after = _said(keys)
    _follows({k: v for k, v in before.items() if k[1] != "phase1"}, {k: v for k, v in after.items() if k[1] != "phase1"}, [77])
    for lang in LANGUAGES:
        assert all(n in re.findall(r"\d+", after[lang, "residence"]) for n in ("77", "78", "79")), lang
        assert all(n in re.findall(r"\d+", after[lang, "phase1"]) for n in ("79", "81", "82")), lang


@pytest.mark.parametrize(
    ("name", "n", "key", "ru"),
    [
        ("GUILD_STEPS", 1, "guild", "судью не больше чем на 1 клетку вперёд"),
        ("GUILD_STEPS", 2, "guild", "судью не больше чем на 2 клетки вперёд"),
        ("STABLES_CIRCLES", 1, "stables", "**Конюшня** — 1 круг,"),
        ("STABLES_CIRCLES", 5, "stables", "**Конюшня** — 5 кругов,"),
        ("CASTLE_WORKERS", 4, "castle", "**Замок** — до 4 рабочих,"),
        ("CUBES_PER_PP", 2, "phase7", "+1 за каждые 2 других кубика,"),
        ("CUBES_PER_PP", 5, "phase7", "+1 за каждые 5 других кубиков,"),
        ("TRADING_POST_DENIERS", 1, "trading", "в фазе 3 получите 1 денье."),
    ],
)
def test_a_count_takes_the_russian_plural_form(
    monkeypatch: pytest.MonkeyPatch, name: str, n: int, key: str, ru: str
) -> None:
    monkeypatch.setattr(G, name, n)
    assert ru in topic_text(key, translator("ru"))
