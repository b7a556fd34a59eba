"""Issue 26 item 5: Catalan elides «de» before a slotted name (d'Anna, d'Eva), wherever a
Catalan text says `de {field}` (bot/i18n/elision.py)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import report, translator
from bot.i18n.elision import Elided, elides
from bot.rules import Event, EventKind, new_game


@pytest.mark.parametrize(
    ("value", "elided"),
    [("Anna", True), ("Eva", True), ("Oriol", True), ("Úrsula", True), ("Hug", True), ("Ulrich", True),
     ("Yvonne", True), ("**Anna**", True), ("1", True), ("11", True),
     ("Bob", False), ("Iolanda", False), ("Huelva", False), ("Yolanda", False), ("2", False),
     ("<@123>", False), ("Жанна", False), ("", False)],
)  # fmt: skip
def test_the_rule(value: str, elided: bool) -> None:
    assert elides(value) is elided


def test_a_catalan_text_elides_before_a_name_and_only_there() -> None:
    ca = translator("ca")
    leaves = ca.gettext("{player}'s worker leaves the Inn")
    assert isinstance(leaves, Elided)
    assert leaves.format(player="Anna") == "El treballador d'Anna surt de la Posada"
    assert leaves.format(player="Bob") == "El treballador de Bob surt de la Posada"
    assert ca.gettext("Caylus — {name}'s table").format(name="Eva") == "Caylus — taula d'Eva"
    # other languages and texts with no `de {field}` are plain strings
    assert type(translator("pt-BR").gettext("Caylus — {name}'s table")) is str
    assert type(ca.gettext("The game is over.")) is str


def test_the_rules_core_texts_elide_too() -> None:
    """The rules only call `.format()` on what their `Speech` returns: they elide without knowing."""
    ca = translator("ca")
    gone = Event(EventKind.GATE, None, 0, 1, 3, words="gate_home", args=(0,), names=("Eva",))
    assert gone.text_with(str, ca) == "El treballador d'Eva torna a casa des del Portal"
    game = new_game(["Anna", "Bob"], 3)
    assert game.prompt(ca)  # a prompt in Catalan, filled by the rules


def test_every_catalan_de_before_a_field_is_elided_when_filled() -> None:
    """Each Catalan text with `de {field}`, filled with vowel names, reads `d'` there."""
    catalogue = report.language_catalogue("ca")
    ca = translator("ca")
    seen = 0
    for m in catalogue:
        if not m.id or not isinstance(m.string, str) or not re.search(r"\bde \{\w+\}", m.string):
            continue
        msgid = m.id if isinstance(m.id, str) else m.id[0]
        fields = {f: "Anna" for f in re.findall(r"\{(\w+)\}", msgid)}
        text = (ca.pgettext(m.context, msgid) if m.context else ca.gettext(msgid)).format(**fields)
        assert "de Anna" not in text and "d'Anna" in text, (msgid, text)
        seen += 1
    assert seen >= 8
