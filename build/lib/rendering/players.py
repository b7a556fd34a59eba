"""Who is who on the image: safe display names and a distinct mark (letter) for every player."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from .fonts import base_font_covers, clean_text
from .labels import labels

NAME_MAX_CHARS = 40


@lru_cache(maxsize=1024)
def display_name(name: str, seat: int, lang: str = "en") -> str:
    """The name as drawn: undrawable characters dropped, "Player N" if nothing is left."""
    cleaned = clean_text(name)
    if len(cleaned) > NAME_MAX_CHARS:
        cleaned = cleaned[: NAME_MAX_CHARS - 1].rstrip() + "…"
    return cleaned or labels(lang).player.format(n=seat + 1)


def player_marks(names: tuple[str, ...]) -> tuple[str, ...]:
    """One distinct character per player, drawn on their pieces (colour-blind players, §design).

    The first letter of the name when free; else another letter of it; else the seat number.
    """
    return _marks(names)


@lru_cache(maxsize=256)
def _marks(names: tuple[str, ...]) -> tuple[str, ...]:
    used: set[str] = set()
    marks: list[str] = []
    for seat, raw in enumerate(names):
        name = clean_text(raw)
        words = name.split()
        firsts = [w[0] for w in words if w]
        candidates = firsts + list(name) + [str(seat + 1)]
        mark = ""
        for ch in candidates:
            up = unicodedata.normalize("NFKC", ch.upper())[:1]  # "Ǆ" -> "D"
            if up.isalnum() and base_font_covers(up) and up not in used:
                mark = up
                break
        if not mark:
            mark = next(str(d) for d in range(1, 10) if str(d) not in used)
        used.add(mark)
        marks.append(mark)
    return tuple(marks)
