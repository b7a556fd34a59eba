"""The glossary of docs/translations.md as data (issue 26): its tables are what the catalogues
must say, and `deviations(lang, catalogue)` lists where a catalogue says something else.

Three kinds of table are read, each under a `###` heading of "## The glossary":

- a word table, "(msgctxt `building`)": `| en | ru | pt-BR | ca | source |`; the catalogue's
  entry of that context and English word must be the table's word. The counted words
  ("(msgctxt `count`...)") give their plural forms as `one / few / many`.
- "Words in every text": `| en | ru | pt-BR | ca | unless |`; a text whose English holds the
  word (a regular expression, outside `{fields}` and `code`) says the word of the glossary in
  each language (a regular expression too: a stem that all its forms share), unless its English
  matches the last column (another sense of the word).
- "Words to avoid": `| language | avoid | say | why |`; no text of that language matches
  `avoid` (a regular expression): another word for a thing the glossary names, a wrong sense.

Regular expressions are written in backticks, case-insensitive; `\\|` is a `|` in a table.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "translations.md"
LANGS = ("ru", "pt-BR", "ca")
CONTEXT = re.compile(r"\(msgctxt `([^`]+)`")
CELL = re.compile(r"(?<!\\)\|")
NOT_WORDS = re.compile(r"\{\w+\}|`[^`]*`|<[@#]\{?\w+\}?>")


@dataclass(frozen=True)
class Entry:
    """A word of a word table: `context`, `english`, and its words (plural forms) per language."""

    context: str
    english: tuple[str, ...]
    said: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Stem:
    english: re.Pattern[str]
    said: dict[str, re.Pattern[str]]
    unless: re.Pattern[str] | None


@dataclass(frozen=True)
class Avoid:
    lang: str
    pattern: re.Pattern[str]
    say: str


@dataclass
class Glossary:
    entries: list[Entry] = field(default_factory=list)
    stems: list[Stem] = field(default_factory=list)
    avoid: list[Avoid] = field(default_factory=list)


def _cells(line: str) -> list[str]:
    return [c.strip().replace("\\|", "|") for c in CELL.split(line.strip().strip("|"))]


def _pattern(cell: str) -> re.Pattern[str]:
    return re.compile(cell.strip().strip("`"), re.IGNORECASE)


def _tables(text: str) -> Iterator[tuple[str, list[str], list[list[str]]]]:
    """(heading, header cells, rows) of every table under a `###` heading of the glossary."""
    heading, header, rows = "", list[str](), list[list[str]]()
    in_glossary = False
    for line in [*text.splitlines(), ""]:
        if line.startswith("## "):
            in_glossary = line.strip() == "## The glossary"
        if line.startswith("### "):
            heading = line[4:].strip()
        if in_glossary and line.startswith("|"):
            cells = _cells(line)
            if not header:
                header = cells
            elif not all(set(c) <= set("-: ") for c in cells):
                rows.append(cells)
            continue
        if header:
            yield heading, header, rows
        header, rows = [], []


def parse(text: str) -> Glossary:
    out = Glossary()
    for heading, header, rows in _tables(text):
        columns = {name.split(" ")[0]: i for i, name in enumerate(header)}
        if (m := CONTEXT.search(heading)) is not None:
            context = m.group(1)
            for row in rows:
                forms = {lang: tuple(f.strip() for f in row[columns[lang]].split(" / ")) for lang in LANGS}
                english = tuple(f.strip() for f in row[0].replace(" (1 / many)", "").split(" / "))
                out.entries.append(Entry(context, english, forms))
        elif heading.startswith("Words in every text"):
            for row in rows:
                unless = row[columns["unless"]].strip()
                out.stems.append(
                    Stem(
                        re.compile(rf"\b(?:{row[0].strip('`')})\b", re.IGNORECASE),
                        {lang: _pattern(row[columns[lang]]) for lang in LANGS},
                        _pattern(unless) if unless else None,
                    )
                )
        elif heading.startswith("Words to avoid"):
            for row in rows:
                out.avoid.append(Avoid(row[0].strip(), _pattern(row[1]), row[2]))
    return out


def read(path: Path = DOC) -> Glossary:
    return parse(path.read_text(encoding="utf-8"))


def _forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def deviations(glossary: Glossary, lang: str, catalogue: Catalog) -> list[str]:
    """Where `lang`'s catalogue departs from the glossary, one line each."""
    out = []
    for e in glossary.entries:
        m = catalogue.get(e.english[0] if len(e.english) == 1 else e.english, e.context)
        if m is None:
            m = catalogue.get(e.english[0], e.context)
        said = _forms(m.string if m is not None else None)
        wanted = e.said[lang]
        if said[: len(wanted)] != wanted and not (len(wanted) == 1 and set(said) == set(wanted)):
            out.append(f"{e.context}|{e.english[0]}: the glossary says {' / '.join(wanted)!r}, not {' / '.join(said)!r}")
    for m in catalogue:
        if not m.id or m.context == "command name":
            continue
        ids = _forms(m.id)
        english = NOT_WORDS.sub(" ", ids[-1])
        texts = [t for t in _forms(m.string) if t]
        for stem in glossary.stems:
            if not stem.english.search(english) or (stem.unless and stem.unless.search(ids[-1])):
                continue
            if any(not stem.said[lang].search(NOT_WORDS.sub(" ", t)) for t in texts):
                out.append(f"{ids[0][:60]!r}: says no {stem.said[lang].pattern!r} for {stem.english.pattern!r}")
        for avoid in glossary.avoid:
            if avoid.lang == lang and any(avoid.pattern.search(t) for t in texts):
                out.append(f"{ids[0][:60]!r}: {avoid.pattern.pattern!r} (say {avoid.say})")
    return out
