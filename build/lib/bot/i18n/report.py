"""`python -m bot i18n`: the state of the catalogues. Per language: the messages of the template
(bot/locale/caylus.pot), how many are missing (absent or untranslated) or fuzzy, and the
placeholder mismatches (a translation must keep the `{name}` fields of its source, and the `%s`
ones of a python-format text, in every plural form). Then the texts of the code that the
template does not have yet (run `make messages`). The last line is JSON.

In a source checkout it also counts, per language (issue 26), what a native reader would trip
on: `untranslated_literals` (English sentences of the code that bypass the catalogue,
bot/i18n/literals.py, and translations left in English), `labels_over_limit` (texts longer than
Discord takes: command names 32, command descriptions and choices 100, and what the caller's
`labels` adds: the choices' buttons and descriptions) and `glossary_deviations` (where a
catalogue departs from the glossary of docs/translations.md, bot/i18n/terms.py).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from . import literals, terms, words
from .catalogue import DOMAIN, LOCALE_DIR, po_path
from .languages import DEFAULT, LANGUAGES, catalogue_dir

ROOT = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[diouxXeEfFgGcrsa]")
# Discord's limits on the command tree's texts (by the catalogue context they are looked up in)
COMMAND_LIMITS = {"command name": 32, "command description": 100, "command choice": 100}
# Contexts whose English may stay as it is: names Discord shows in English where it has no
# locale (Catalan), and the languages' own names
SAME_IN_ENGLISH = frozenset({"command name", "command choice"})
SAME_IN_ENGLISH_IN = {"ca": frozenset({"discord permission"})}  # Discord has no Catalan
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
NOT_PROSE = re.compile(r"`[^`]*`|\{\w+\}|<[@#]\{?\w+\}?>|\*\*")


@dataclass
class LanguageReport:
    lang: str
    messages: int = 0
    missing: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    placeholder_errors: list[str] = field(default_factory=list)
    # issue 26: counted only in a source checkout (None: not counted)
    untranslated_literals: list[str] | None = None
    labels_over_limit: list[str] | None = None
    glossary_deviations: list[str] | None = None

    def counts(self) -> dict[str, int]:
        out = {
            "messages": self.messages,
            "missing": len(self.missing),
            "fuzzy": len(self.fuzzy),
            "placeholder_errors": len(self.placeholder_errors),
        }
        for name, items in self.native().items():
            out[name] = len(items)
        return out

    def native(self) -> dict[str, list[str]]:
        """The issue-26 counts that were taken, by name."""
        found = {
            "untranslated_literals": self.untranslated_literals,
            "labels_over_limit": self.labels_over_limit,
            "glossary_deviations": self.glossary_deviations,
        }
        return {name: items for name, items in found.items() if items is not None}

    @property
    def complete(self) -> bool:
        return not (self.missing or self.fuzzy or self.placeholder_errors or any(self.native().values()))


def read_catalogue(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def placeholders(text: str, percent: bool) -> set[str] | None:
    """The `{fields}` (and `%s` ones when `percent`) of a text; None if its braces are broken."""
    try:
        found = {f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None
    if percent:
        found |= set(PERCENT.findall(text.replace("%%", "")))
    return found


def _label(message: Message) -> str:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return f"{message.context}|{msgid}" if message.context else str(msgid)


def placeholder_error(source: Message, translated: Message) -> str | None:
    """What is wrong with the placeholders of a translation, None when they match."""
    ids = source.id if isinstance(source.id, tuple | list) else (source.id,)
    forms = translated.string if isinstance(translated.string, tuple | list) else (translated.string,)
    percent = source.python_format
    expected = placeholders(ids[-1], percent)
    if expected is None:
        return f"{_label(source)}: the source's braces are broken"
    for form in forms:
        got = placeholders(form or "", percent)
        if got != expected:
            return f"{_label(source)}: {form!r} has {sorted(got or [])}, the source {sorted(expected)}"
    return None


def language_catalogue(lang: str) -> Catalog:
    path = po_path(lang)
    return read_catalogue(path, catalogue_dir(lang)) if path.exists() else Catalog()


def _forms(value: object) -> tuple[str, ...]:
    if isinstance(value, tuple | list):
        return tuple(str(v) for v in value)
    return (str(value),) if value else ()


def left_in_english(catalogue: Catalog, lang: str = "") -> list[str]:
    """The translations that are their English source word for word, where it is prose (two
    English words outside code, fields and mentions): a text nobody translated."""
    out = []
    same = SAME_IN_ENGLISH | SAME_IN_ENGLISH_IN.get(lang, frozenset())
    for m in catalogue:
        if not m.id or m.context in same:
            continue
        ids = _forms(m.id)
        for text in _forms(m.string):
            if text in ids and len(ENGLISH_WORD.findall(NOT_PROSE.sub(" ", text))) >= 2:
                out.append(f"{_label(m)}: left in English")
                break
    return out


def over_limit(catalogue: Catalog) -> list[str]:
    """The command tree's texts (by their catalogue context) longer than Discord takes."""
    out = []
    for m in catalogue:
        limit = COMMAND_LIMITS.get(m.context or "")
        if limit is None or not m.id:
            continue
        for text in _forms(m.string) or _forms(m.id)[:1]:
            if len(text) > limit:
                out.append(f"{_label(m)}: {len(text)} characters, Discord takes {limit}")
    return out


def check_language(lang: str, template: Catalog) -> LanguageReport:
    report = LanguageReport(lang)
    catalogue = language_catalogue(lang)
    for source in template:
        if not source.id:
            continue
        report.messages += 1
        translated = catalogue.get(source.id, source.context)
        text = None if translated is None else translated.string
        forms = tuple(text) if isinstance(text, tuple | list) else (text,)
        if translated is None or not all(forms):
            report.missing.append(_label(source))
            continue
        if translated.fuzzy:
            report.fuzzy.append(_label(source))
        error = placeholder_error(source, translated)
        if error:
            report.placeholder_errors.append(error)
    return report


def code_texts() -> set[tuple[str | None, str]]:
    """(context, msgid) of every marked text in the code now, as `make messages` extracts them."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)}  # and N_: as the Makefile's -k
    found = set()
    for _, _, message, _, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=keywords
    ):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def template_texts(template: Catalog) -> set[tuple[str | None, str]]:
    return {
        (m.context, m.id[0] if isinstance(m.id, tuple | list) else m.id) for m in template if m.id
    }


def known_english(template: Catalog) -> set[str]:
    """The English a literal of the code may be: every msgid and context, the glossary's words."""
    known = {text for m in template if m.id for text in _forms(m.id)}
    known.update(m.context for m in template if m.context)
    for table in (words.BUILDINGS, words.PHASES, words.RESOURCES, words.CASTLE_PARTS,
                  words.FAVOUR_TRACKS, words.COLOURS, words.TERMS, words.COUNTS):  # fmt: skip
        known.update(table)
    return known


def add_native_checks(
    reports: list[LanguageReport], template: Catalog, labels: Callable[[str], list[str]] | None = None
) -> list[str]:
    """Count the issue-26 checks into each report (a source checkout: the code and the docs
    are here); `labels(lang)`: the chooser's labels over Discord's limits in `lang`. Returns the
    literals of the code found (the same for every language)."""
    code = [str(lit) for lit in literals.untranslated(ROOT, known_english(template))]
    glossary = terms.read() if terms.DOC.exists() else None
    for r in reports:
        catalogue = language_catalogue(r.lang)
        r.untranslated_literals = code + left_in_english(catalogue, r.lang)
        r.labels_over_limit = over_limit(catalogue) + (labels(r.lang) if labels else [])
        r.glossary_deviations = terms.deviations(glossary, r.lang, catalogue) if glossary else []
    return code


def main(*, code: bool = True, labels: Callable[[str], list[str]] | None = None) -> int:
    """Print the report; 0 when every catalogue is complete with matching placeholders (and, in a
    source checkout, nothing is left in English, over Discord's limits or off the glossary)."""
    template = read_catalogue(TEMPLATE)
    reports = [check_language(lang, template) for lang in LANGUAGES if lang != DEFAULT]
    source = code and (ROOT / "babel.cfg").exists()  # a source checkout, not an installed package
    english: dict[str, int] = {}
    if source:
        found = add_native_checks(reports, template, labels)
        english = {"untranslated_literals": len(found)}
        if labels is not None:
            english["labels_over_limit"] = len(labels(DEFAULT))
    for r in reports:
        c = r.counts()
        print(
            f"{r.lang}: {c['messages']} messages, {c['missing']} missing, {c['fuzzy']} fuzzy, "
            f"{c['placeholder_errors']} placeholder errors"
            + "".join(f", {n} {name.replace('_', ' ')}" for name, n in c.items() if name in r.native())
        )
        listed = [("missing", r.missing), ("fuzzy", r.fuzzy), ("placeholders", r.placeholder_errors)]
        listed += [(name.replace("_", " "), items) for name, items in r.native().items()]
        for title, items in listed:
            for item in items[:20]:
                print(f"  {title}: {item}")
    result: dict[str, object] = {"languages": {r.lang: r.counts() for r in reports}}
    if english:
        result["en"] = english
    if source:
        in_code, in_template = code_texts(), template_texts(template)
        new, gone = in_code - in_template, in_template - in_code
        print(
            f"template: {len(new)} text(s) in the code not in bot/locale/caylus.pot, "
            f"{len(gone)} no longer in the code" + (" (run `make messages`)" if new or gone else "")
        )
        result["template"] = {"new": len(new), "gone": len(gone)}
    print(json.dumps(result))
    return 0 if all(r.complete for r in reports) else 1
