"""The Catalan catalogue speaks to one player with «tu» (docs/translations.md, "The Catalan
register"): no msgstr uses the «vós» (second person plural) forms of verbs, possessives or
pronouns, except the few texts posted to a whole table (WHOLE_TABLE), which say «vosaltres»."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import report
from bot.i18n.catalogue import po_path

# The «vós» forms by name: "sou", the possessives and the pronouns (a verb is also caught by its
# ending below; these are the frequent ones, so that the message names them plainly)
VOS_WORDS = re.compile(
    r"(?<![\w·])(sou|podeu|teniu|heu|feu|voleu|escolliu|esculliu|trieu|col·loqueu|passeu|"
    r"seieu|premeu|preneu|doneu|moveu|compreu|veneu|lliureu|seguiu|obriu|proveu|pugueu|"
    r"vostre|vostra|vostres|vós|vosaltres|us|vos)(?![\w·])",
    re.IGNORECASE,
)
# Any other second person plural: the verb forms all end in -eu, -iu or -ïu (trieu, esteu,
# podreu, teníeu, jugueu, sortiu, construïu, traduïu), also before a pronoun (Trieu-ne,
# moveu-lo, Assegueu-vos)
VOS_ENDING = re.compile(r"(?<![\w·])[\w·]+(?:eu|iu|ïu)(?![\w·])", re.IGNORECASE)
# ...and so do a few ordinary words: the possessives of one person, third persons singular
# (diu, veu, escriu, seu), "preu", and the adjectives in -tiu/-siu (objectiu, definitiu, exclusiu)
NOT_VOS = {"teu", "seu", "meu", "preu", "veu", "peu", "deu", "creu", "beu", "neu", "lleu",
           "europeu", "diu", "viu", "riu", "escriu", "arxiu", "estiu"}  # fmt: skip
ADJECTIVE = re.compile(r"[ts]iu$", re.IGNORECASE)

# Texts posted to everyone at a table (or waiting to join one): they say «vosaltres» on purpose
WHOLE_TABLE = {
    # the table card's foot while seats are open, and once the game has started
    "Press **Join** to take a seat. The creator (<@{creator}>) or a moderator presses **Start** "
    "with 2 players seated.",
    "Press **Join** to take a seat. The creator (<@{creator}>) or a moderator presses **Start** "
    "with 2 to {seats} players seated.",
    "Follow the turn messages and phase reports below.",
    # the card of an abandoned table
    "Start a new one with {new}.",
    # the thread's first message
    "🏰 This thread is the Caylus table's ({link}). Press **Join** on the table card in the "
    "channel; once the game starts, the turn messages, phase reports and every `/caylus` command "
    "of this table are here. The final result goes to the channel too.",
    # the final scores, to every human player by name
    "Well played, {players}! Start another table with {new}.",
}


def vos_forms(text: str) -> list[str]:
    """The «vós» words of `text`, as written."""
    found = [m.group() for m in VOS_WORDS.finditer(text)]
    for m in VOS_ENDING.finditer(text):
        word = m.group()
        if word.lower() not in NOT_VOS and not ADJECTIVE.search(word) and word not in found:
            found.append(word)
    return found


def catalan() -> Catalog:
    return report.read_catalogue(po_path("ca"), "ca")


def msgid(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def texts(message_string: str | tuple[str, ...]) -> tuple[str, ...]:
    return (message_string,) if isinstance(message_string, str) else tuple(message_string)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("No sou jugador d'aquesta taula.", ["sou"]),
        ("Col·loqueu un treballador o passeu (queden 6 treballadors)", ["Col·loqueu", "passeu"]),
        ("Trieu-ne un amb `/caylus language`.", ["Trieu"]),
        ("El vostre idioma: (triat per vós)", ["vostre", "vós"]),
        ("cada col·locació us costa 1 denari", ["us"]),
        ("Quan esteu a la taula, jugueu i podreu escollir", ["esteu", "jugueu", "podreu"]),
        ("Assegueu-vos i esculliu una línia", ["vos", "esculliu", "Assegueu"]),
        ("Construïu un edifici de fusta; distribuïu-los", ["Construïu", "distribuïu"]),
    ],
)
def test_the_check_finds_the_vos_forms(text: str, said: list[str]) -> None:
    assert sorted(vos_forms(text)) == sorted(said)


@pytest.mark.parametrize(
    "text",
    [
        "No ets jugador d'aquesta taula.",
        "Col·loca un treballador o passa (queden 6 treballadors)",
        "Tria'n un: el teu idioma, triat per tu; el bot et respon en privat.",
        "Tothom veu les opcions; el reglament diu 3 PP; escriu aquest lot; el seu ordre.",
        "Si l'objectiu encara té un treballador, pagues ara; un edifici a preu complet.",
        "Alquimista: dona un cub; Mercat: ven un cub; Favor: pren un cub; Seus al seient 3.",
    ],
)
def test_the_check_lets_the_tu_forms_and_ordinary_words_pass(text: str) -> None:
    assert vos_forms(text) == []


def test_no_catalan_text_speaks_to_one_player_with_vos() -> None:
    wrong = {
        msgid(m.id): forms
        for m in catalan()
        if m.id and msgid(m.id) not in WHOLE_TABLE
        for forms in [sorted({w for s in texts(m.string) for w in vos_forms(s)})]
        if forms
    }
    assert wrong == {}, "say «tu» to one player (docs/translations.md): " + repr(wrong)


def test_the_whole_table_texts_are_in_the_catalogue_and_say_vosaltres() -> None:
    """WHOLE_TABLE holds no stale msgid, and no text that says «tu» now (remove it then)."""
    found = {msgid(m.id): texts(m.string) for m in catalan() if m.id and msgid(m.id) in WHOLE_TABLE}
    assert set(found) == WHOLE_TABLE
    for key, strings in found.items():
        assert all(vos_forms(s) for s in strings), key
