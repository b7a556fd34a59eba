"""Issue 12: the rules' reasons for refusing a choice in the reader's language — every reason of
random illegal codes in random games is translated (none reads as its English), a refused
choice is answered in Russian or Catalan, and the "was not asked" event's choice is said in the
reader's words when read; the English stays the rules' own."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import Illegal, Manager
from bot.games.reports import PhaseReport, PhaseSection, event_from_dict, event_to_dict
from bot.i18n import translator
from bot.rules import ENGLISH, Event, EventKind, IllegalChoice
from bot.ui import texts
from tests.e2e.conftest import World
from tests.e2e.helpers import answer, current_turn, seated_table, slash, whose
from tests.games.helpers import open_manager, pending_at, started_table

from .english import english_in, random_decisions

# Codes of every kind of decision, most of them illegal at any given moment.
CODES = (
    "castle", "stables", "inn", "gate", "guild", "joust", "trading", "r0", "r3", "r9", "r12", "r16", "r29",
    "banana", "+3", "-3", "+1", "0", "G", "F", "W", "C", "FWS", "WSF", "FFF", "=FFWW", "=FWS", "hotel+F",
    "hotel", "statue", "carpenter", "prestige", "wood", "stone", "residence", "buildings", "deniers",
    "resources", "skip", "swap", "home", "stay", "favour", "b", "c",
)  # fmt: skip


def test_no_reason_of_random_games_reads_as_its_english() -> None:
    tr = translator("pt-BR")
    reasons: set[str] = set()
    kinds: set[str] = set()
    for game, d in random_decisions(4):
        rng = random.Random(d.seq)
        legal = set(game.legal_codes())
        for code in rng.sample(CODES, 6):
            if code in legal:
                continue
            with pytest.raises(IllegalChoice) as refused:
                game.apply(code)
            english, said = refused.value.reason, refused.value.said(tr)
            assert refused.value.said() == refused.value.said(ENGLISH) == english
            assert said != english, (d.kind, code, english)
            assert not english_in("pt-BR", said), (d.kind, code, said)
            if "is not a choice now" not in english:
                reasons.add(" ".join(english.split()[:3]))
            kinds.add(d.kind)
    assert len(reasons) >= 12, reasons  # many reasons besides "'x' is not a choice now"
    assert {"place", "provost", "build", "castle", "favour"} <= kinds


def test_the_reason_is_said_from_the_game_as_it_was_refused() -> None:
    from bot.rules import new_game

    game = new_game(["Ann", "Bob"], 3)
    with pytest.raises(IllegalChoice) as refused:
        game.apply("banana")
    before = refused.value.said(translator("ru"))
    game.apply(game.legal_codes()[1])  # the game goes on: the refusal still speaks of that moment
    assert refused.value.said(translator("ru")) == before
    assert "осталось: 6 рабочих" in before


@pytest.fixture
async def manager(tmp_path: Path) -> AsyncIterator[Manager]:
    m = await open_manager(tmp_path / "db" / "caylus.sqlite3")
    yield m
    await m.close()


async def test_a_refused_choice_is_answered_in_the_readers_language(manager: Manager) -> None:
    await started_table(manager, 1, humans=2)
    p = pending_at(manager, 1)
    assert p is not None and p.user_id is not None and p.decision.kind == "place"
    with pytest.raises(Illegal) as too_far:
        await manager.act(1, p.user_id, p.number, "r29")
    refusal = too_far.value
    assert (
        texts.refusal(translator("en"), refusal)
        == "You cannot do that: the road has spaces 1 to 28"
    )
    assert refusal.message == "You cannot do that: the road has spaces 1 to 28"
    assert texts.refusal(translator("ru"), refusal) == "Так нельзя: на дороге клетки с 1 по 28"
    assert (
        texts.refusal(translator("ca"), refusal)
        == "No pots fer això: el camí té les caselles de l'1 a la 28"
    )
    with pytest.raises(Illegal) as unknown:
        await manager.act(1, p.user_id, p.number, "banana")
    for lang, start in (
        ("ru", "Так нельзя: «banana» сейчас выбрать нельзя (Поставьте рабочего"),
        ("ca", "No pots fer això: «banana» no és una opció ara (Col·loca"),
    ):
        said = texts.refusal(translator(lang), unknown.value)
        assert said.startswith(start), said
        assert not english_in(lang, said.split(": ", 1)[1]), said
    assert texts.refusal(translator("en"), unknown.value).startswith(
        "You cannot do that: 'banana' is not a choice now (Place a worker or pass ("
    )


def _not_asked() -> Event:
    """A choice applied without asking (bot/rules/obvious.py), as the phase reports store it."""
    event = Event(
        EventKind.OBVIOUS, player=0, round=2, phase=5, data={"code": "=FFW", "reason": "one_way"},
        words="obvious", args=(0, "one_way", "Give 2 food + 1 wood"), names=("Ann", "Bob"),
    )  # fmt: skip
    return event_from_dict(event_to_dict(event))


def test_the_not_asked_event_is_read_in_russian() -> None:
    event = _not_asked()
    english = "Ann was not asked: Give 2 food + 1 wood (only one way is possible)"
    russian = "Ann — без вопроса: Отдать 2 продовольствия + 1 дерево (возможен только один вариант)"
    assert event.text == english
    assert texts.just_happened(translator("en"), [event]) == [english]
    assert texts.just_happened(translator("ru"), [event]) == [russian]
    assert texts.log(translator("ru"), [event]).endswith(f"• {russian}")
    report = PhaseReport(1, 1, 1, [PhaseSection(2, 5, (event,))])
    assert f"• {russian}" in texts.report_message(translator("ru"), report)
    assert f"• {english}" in texts.report_message(translator("en"), report)
    catalan = texts.just_happened(translator("ca"), [event])[0]
    assert "Donar 2 aliments + 1 fusta" in catalan and not english_in("ca", catalan)


def test_a_refusal_crosses_a_process_boundary_as_its_english() -> None:
    import pickle

    from bot.rules import new_game

    with pytest.raises(IllegalChoice) as refused:
        new_game(["Ann", "Bob"], 3).apply("r29")
    copy = pickle.loads(pickle.dumps(refused.value))
    assert isinstance(copy, IllegalChoice) and copy.reason == refused.value.reason == "the road has spaces 1 to 28"


async def test_a_russian_player_typing_what_is_no_choice_reads_why_in_russian(world: World) -> None:
    """Through the fake Discord: the autocomplete's "not now" value ("?") typed by the player in
    turn reaches the rules, whose reason comes back in the player's Russian."""
    async with world.bot():
        await seated_table(world, world.ann, [world.bob])
        turn = await current_turn(world)
        player = whose(turn, world)
        player.user.locale = "ru"
        text = await answer(await slash(world, player, "place", target="?"))
        assert text.startswith("Так нельзя: «?» сейчас выбрать нельзя (Поставьте рабочего или спасуйте"), text
        assert not english_in("ru", text.split(": ", 1)[1]), text
