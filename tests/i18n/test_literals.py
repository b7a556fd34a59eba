"""Issue 26: no English sentence of the code reaches a player without the catalogue
(bot/i18n/literals.py), and no translation is left in English (bot/i18n/report.py)."""

from __future__ import annotations

import ast
import textwrap

from babel.messages.catalog import Catalog

from bot.i18n import literals, report

PLANTED = textwrap.dedent(
    '''
    """A module's docstring is for developers."""
    import logging

    log = logging.getLogger(__name__)

    class Refusal(Exception):
        pass

    class NotAllowed(Refusal):
        pass

    class Gone(Exception):
        pass

    def refuse(who):
        """A function's docstring too."""
        log.info("a log line is for the operator: %s", who)
        if who == "the creator of it":
            raise ValueError("an internal error says what went wrong")
        if who.startswith("Only the"):
            raise Gone(f"message {who} is gone from the channel")
        raise NotAllowed("Only the creator can start the game.")

    def shown(tr, n):
        fine = tr.gettext("A marked text is in the catalogue.")
        also = N_("So is this one, marked for later.")
        return f"You have {n} workers left" + fine + also

    def known(tr):
        return tr.pgettext("building", "Trading post")

    def said(label):
        return label == "Build nothing at all"

    CONTEXT = "command name"  # i18n: not for players (a catalogue context)
    '''
)


def found(source: str, known: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    tree = ast.parse(source)
    refusals = literals.refusal_classes([tree])
    return [lit.text for lit in literals.module_literals("planted.py", source, tree, refusals) if lit.text not in known]


def test_the_check_finds_a_refusal_and_a_sentence_made_in_the_code() -> None:
    assert sorted(found(PLANTED)) == ["Only the creator can start the game.", "You have {} workers left"]


def test_a_literal_that_is_a_catalogue_msgid_passes() -> None:
    """The commands' descriptions and the rules' fixed labels are looked up by their English."""
    msgids = {literals.normal(t) for t in ("Only the creator can start the game.", "You have {n} workers left")}
    assert [t for t in found(PLANTED) if literals.normal(t) not in msgids] == []


def test_no_english_sentence_of_the_code_bypasses_the_catalogue() -> None:
    template = report.read_catalogue(report.TEMPLATE)
    left = [str(lit) for lit in literals.untranslated(report.ROOT, report.known_english(template))]
    assert left == [], "mark these for the catalogue (N_, tr.gettext): " + "; ".join(left)


def test_the_games_layers_refusals_are_found_by_their_class() -> None:
    """`Refusal` and its subclasses are known across the modules (NotAllowed is in refusals.py,
    raised in lobby.py)."""
    trees = [tree for path, _, tree in literals.python_files(report.ROOT) if path.startswith("bot/games/")]
    refusals = literals.refusal_classes(trees)
    assert {"Refusal", "NotAllowed", "BadRequest", "Unavailable", "PhaseOver", "NotYourChoice"} <= refusals
    assert "StoreError" not in refusals and "ValueError" not in refusals


def test_a_translation_left_in_english_is_found() -> None:
    catalogue = Catalog(locale="ca")
    catalogue.add("The game is over.", "The game is over.")
    catalogue.add("Hotel", "Hotel", context="building")  # a name: the same word
    catalogue.add("new", "new", context="command name")  # Discord shows Catalans the English names
    catalogue.add("View Channel", "View Channel", context="discord permission")
    catalogue.add("Use {new}.", "Use {new}.")  # one English word: a Portuguese text may say so
    assert report.left_in_english(catalogue, "ca") == ["The game is over.: left in English"]
    assert len(report.left_in_english(catalogue, "ru")) == 2  # a Russian Discord names permissions in Russian


def test_the_report_counts_them_per_language() -> None:
    template = report.read_catalogue(report.TEMPLATE)
    reports = [report.LanguageReport(lang) for lang in ("ru", "pt-BR", "ca")]
    code = report.add_native_checks(reports, template, labels=lambda lang: [f"{lang}: a label"])
    assert code == []
    for r in reports:
        assert r.counts()["untranslated_literals"] == 0
        assert r.counts()["labels_over_limit"] == 1  # what the caller found
        assert r.counts()["glossary_deviations"] == 0
        assert not r.complete
