"""Catalan elision of «de» before a slotted name (issue 26): «el treballador d'Anna», «taula
d'Eva», «el seient d'Hug», not «de Anna». The translation writes `de {player}`; what the field
holds is known only when the text is filled, so the Catalan catalogue hands out such templates as
`Elided`, whose `.format()` writes `d'` before a value that starts with a vowel sound. Every call
site that fills a Catalan text gets it, the rules core's too (it only calls `.format()` on what
its `Speech` returns): nobody has to remember it.

The rule (the IEC's): «de» becomes «d'» before a vowel or an h followed by a vowel (d'Anna,
d'Hug, d'Ulrich, d'Yvonne), not before a semivowel i or u that a vowel follows (de Iolanda,
de Huelva, de Yolanda), nor before a consonant, a digit other than 1 and 11 (d'1, d'11, de 2), a
mention or other markup.
"""

from __future__ import annotations

import re
from typing import Any

DE_FIELD = re.compile(r"\b([Dd])e \{(\w+)\}")
VOWELS = "aeiouàèéíïòóúü"
MARKUP = "*_~`"


def needs_elision(text: str) -> bool:
    """Whether a Catalan template has a `de {field}` that elision may change."""
    return DE_FIELD.search(text) is not None


def elides(value: object) -> bool:
    """Whether «de» before `value` becomes «d'»."""
    word = str(value).lstrip(MARKUP).casefold()
    if word in ("1", "11") or (word[:1] == "1" and not word[1:2].isdigit()):
        return True  # d'1, d'11, d'1r
    if word[:1] == "h":
        word = word[1:]
    first, second = word[:1], word[1:2]
    if not first:
        return False
    if first in "iuy" and second and second in VOWELS:
        return False  # a semivowel: de Iolanda, de Huelva, de Yolanda
    return first in VOWELS or (first == "y" and not (second and second in VOWELS))


def elide(template: str, fields: dict[str, Any]) -> str:
    """`template` with «de {field}» as «d'{field}» where the field's value elides."""

    def one(m: re.Match[str]) -> str:
        name = m.group(2)
        return f"{m.group(1)}'{{{name}}}" if name in fields and elides(fields[name]) else m.group(0)

    return DE_FIELD.sub(one, template)


class Elided(str):
    """A Catalan template that elides «de» before its fields' values when filled."""

    __slots__ = ()

    def format(self, *args: Any, **fields: Any) -> str:  # noqa: A003
        return str.format(elide(str(self), fields), *args, **fields)
