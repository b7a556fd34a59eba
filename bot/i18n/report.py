"""`python -m bot i18n`: the state of the catalogues. Per language: the messages of the template
(bot/locale/caylus.pot), how many are missing (absent or untranslated) or fuzzy, and the
placeholder mismatches (a translation must keep the `{name}` fields of its source, and the `%s`
ones of a python-format text, in every plural form). Then the texts of the code that the
template does not have yet (run `make messages`). The last line is JSON.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from .catalogue import DOMAIN, LOCALE_DIR, po_path
from .languages import DEFAULT, LANGUAGES, catalogue_dir

ROOT = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[diouxXeEfFgGcrsa]")


@dataclass
class LanguageReport:
    lang: str
    messages: int = 0
    missing: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    placeholder_errors: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {
            "messages": self.messages,
            "missing": len(self.missing),
            "fuzzy": len(self.fuzzy),
            "placeholder_errors": len(self.placeholder_errors),
        }

    @property
    def complete(self) -> bool:
        return not (self.missing or self.fuzzy or self.placeholder_errors)


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


def check_language(lang: str, template: Catalog) -> LanguageReport:
    report = LanguageReport(lang)
    path = po_path(lang)
    catalogue = read_catalogue(path, catalogue_dir(lang)) if path.exists() else Catalog()
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


def main(*, code: bool = True) -> int:
    """Print the report; 0 when every catalogue is complete with matching placeholders."""
    template = read_catalogue(TEMPLATE)
    reports = [check_language(lang, template) for lang in LANGUAGES if lang != DEFAULT]
    for r in reports:
        c = r.counts()
        print(
            f"{r.lang}: {c['messages']} messages, {c['missing']} missing, {c['fuzzy']} fuzzy, "
            f"{c['placeholder_errors']} placeholder errors"
        )
        for title, items in (("missing", r.missing), ("fuzzy", r.fuzzy), ("placeholders", r.placeholder_errors)):
            for item in items[:20]:
                print(f"  {title}: {item}")
    result: dict[str, object] = {"languages": {r.lang: r.counts() for r in reports}}
    if code and (ROOT / "babel.cfg").exists():  # a source checkout, not an installed package
        in_code, in_template = code_texts(), template_texts(template)
        new, gone = in_code - in_template, in_template - in_code
        print(
            f"template: {len(new)} text(s) in the code not in bot/locale/caylus.pot, "
            f"{len(gone)} no longer in the code" + (" (run `make messages`)" if new or gone else "")
        )
        result["template"] = {"new": len(new), "gone": len(gone)}
    print(json.dumps(result))
    return 0 if all(r.complete for r in reports) else 1
