"""Issue 12: at a Russian or Catalan table every channel post of the game is in that language:
the turn messages, the round messages (posted and edited), the phase reports in them, the final
scores. No English text of those posts reaches the channel (the catalogue's English msgids of
their modules, names and numbers aside)."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from babel.messages import pofile

from bot.games import PhaseReport
from bot.games.reports import PhaseSection
from bot.i18n import translator
from bot.rules import Event, EventKind
from bot.ui.texts import dropped_note

from .conftest import World
from .sim import GAME_OVER, Table
from .test_games import kind_lookup, uniform_pick

# The rules' modules of the decision tasks, whose prompts the turn messages quote ("> …")
PROMPT_MODULES = ("castle", "construction", "favours", "placing", "road", "specials")
# The modules whose texts are channel posts (what this test checks; other modules have theirs).
POST_MODULES = (
    "bot/rules/eventwords.py",
    "bot/rules/words.py",
    "bot/games/reports.py",
    "bot/games/results.py",
    "bot/ui/texts/channel.py",
    "bot/ui/texts/pieces.py",
    *(f"bot/rules/{m}.py" for m in PROMPT_MODULES),
)


def english_fragments() -> set[str]:
    """The English parts of those modules' msgids: what is left between the placeholders, when
    it has two words at least (a lone word or a number may be a name)."""
    with open("bot/locale/caylus.pot", "rb") as f:
        template = pofile.read_po(f)
    out: set[str] = set()
    for m in template:
        if not m.id or not any(path in POST_MODULES for path, _ in m.locations):
            continue
        for msgid in m.id if isinstance(m.id, tuple) else (m.id,):
            for part in re.split(r"\{\w+\}", msgid):
                part = part.strip(" .,:;()*-+—·`\n")
                if len(re.findall(r"[A-Za-z]+", part)) >= 2 and len(part) >= 8:
                    out.add(part)
    return out


def posts(world: World) -> list[str]:
    """Every text the bot sent to the channel for everyone to read: each post and each edit
    (turn messages are deleted once answered: the requests still tell them), the table card
    aside (the lobby's own texts)."""
    out = []
    for call in world.fake.requests():
        body = call.json if isinstance(call.json, dict) else {}
        if call.path.startswith("/interactions/"):
            if body.get("type") not in (4, 7):
                continue
            body = body.get("data") or {}
        elif not call.path.startswith(f"/channels/{world.channel.id}/messages"):
            continue
        text = body.get("content") or ""
        text += "".join("\n" + str(e.get("description") or "") for e in body.get("embeds") or [])  # the reports
        if call.method not in ("POST", "PATCH") or not text or int(body.get("flags") or 0) & 64:
            continue
        if text.startswith("🏰"):
            continue
        out.append(text)
    return out


@pytest.mark.parametrize(("lang", "round_word"), [("ru", "Тур"), ("ca", "Ronda")])
async def test_a_whole_game_at_a_table_of_another_language(world: World, lang: str, round_word: str) -> None:
    world.table_seed(2024)
    async with world.bot() as run:
        people = [world.ann, world.bob, world.cid]
        table = Table(world.fake, world.channel, people, random.Random(5), kind_of=kind_lookup(run), pick=uniform_pick)
        card = await table.seat_everyone(world.ann, seats=3)
        [t] = run.bot.manager.tables()
        t.settings = dataclasses.replace(t.settings, language=lang)  # `/caylus new language:` (i18nA)
        await table.start(card, world.ann)
        stats = await table.play()
        await run.bot.publisher.idle()
        assert t.is_finished and stats.decisions > 50
    texts = posts(world)
    assert sum(text.startswith(f"📜 **{round_word} ") for text in texts) >= 12
    assert sum("🎲" in text for text in texts) >= 20  # turn messages
    assert any(text.startswith(GAME_OVER) and "🏆" in text for text in texts)
    english = english_fragments()
    assert len(english) > 60
    leaks = sorted({f for f in english for text in texts if f in text})
    assert leaks == [], leaks[:10]


def test_russian_plurals_in_an_event_text() -> None:
    ru = translator("ru")
    e = {
        n: Event(EventKind.SCORING, None, 0, 3, 6, words="scoring_favours", args=(0, 0, n, n), names=("Аня",))
        for n in (1, 2, 5, 21)
    }
    assert e[1].text_with(str, ru) == "У игрока Аня 1 домик в замке (Донжон): 1 королевская милость"
    assert e[2].text_with(str, ru) == "У игрока Аня 2 домика в замке (Донжон): 2 королевские милости"
    assert e[5].text_with(str, ru) == "У игрока Аня 5 домиков в замке (Донжон): 5 королевских милостей"
    assert e[21].text_with(str, ru) == "У игрока Аня 21 домик в замке (Донжон): 21 королевская милость"
    # English is as it always was
    assert e[1].text == "Аня has 1 houses in the Dungeon: 1 royal favour"
    assert dropped_note(ru, 2).startswith("-# 2 более ранних отчёта")


def test_a_report_in_russian_and_catalan() -> None:
    income = Event(EventKind.INCOME, None, 0, 2, 1, words="income", args=(0, 5), names=("Bob",))
    end = Event(EventKind.PHASE_END, None, -1, 2, 1, words="phase_end", args=(1,))
    report = PhaseReport(1, 1, 1, [PhaseSection(2, 1, (income, end)), PhaseSection(2, 2, (end,))])
    assert report.text() == "**Round 2 · Phase 1: Income**\n• Income in deniers: Bob +5\n**Round 2 · Phase 2: Placing workers**: nothing happened."
    assert report.text(tr=translator("ru")) == (
        "**Тур 2 · Фаза 1: Получение дохода**\n• Доход в денье: Bob +5\n"
        "**Тур 2 · Фаза 2: Распределение рабочих**: ничего не произошло."
    )
    assert report.title_in(translator("ca")) == "Ronda 2 · Fases 1–2"
