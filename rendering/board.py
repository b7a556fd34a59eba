"""The board image: a static background drawn once per layout, and the game drawn over it."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from bot.rules import (
    FIXED_SPACES,
    MARKS,
    PHASE_NAMES,
    PRESTIGE,
    ROAD_LEN,
    SECTION_PP,
    SECTION_SIZE,
    SECTIONS,
    STONE,
    TILES,
    WOOD,
    State,
    bridge_price,
    kind_facts,
)

from . import sprites, style
from .captions import PhaseSummary, summarise
from .fonts import clean_text, draw_text, fit, text_width
from .players import display_name, player_marks
from .scores import FinalLine, final_lines
from .style import Box
from .tilefaces import STOCK_H, STOCK_W, road_face, stock_face

Colour = tuple[int, int, int]


# ----- small drawing helpers --------------------------------------------------------------------


def _panel(
    d: ImageDraw.ImageDraw,
    box: Box,
    fill: Colour = style.PANEL,
    edge: Colour = style.PANEL_EDGE,
    radius: int = 10,
    width: int = 2,
) -> None:
    d.rounded_rectangle(box.rect, radius=radius, fill=fill, outline=edge, width=width)


def _title(img: Image.Image, x: float, y: float, text: str, size: int = 14) -> int:
    return draw_text(img, (x, y), text, size, style.INK_SOFT, bold=True)


def _dim(
    img: Image.Image, rect: tuple[int, int, int, int], amount: float, colour: Colour = style.BG
) -> None:
    """Fade a region towards `colour` (buildings beyond the provost, built stock tiles)."""
    region = img.crop((rect[0], rect[1], rect[2] + 1, rect[3] + 1))
    faded = Image.blend(region, Image.new("RGB", region.size, colour), amount)
    img.paste(faded, (rect[0], rect[1]))


def _slot(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    label: str = "",
    img: Image.Image | None = None,
) -> None:
    """An empty circle where a worker or disc can stand."""
    d.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=(236, 228, 212), outline=style.EMPTY_EDGE, width=2
    )
    if label and img is not None:
        draw_text(
            img, (cx, cy), label, max(10, int(r * 0.8)), style.INK_FAINT, bold=True, anchor="m"
        )


def _worker(
    img: Image.Image,
    state: State,
    marks: tuple[str, ...],
    seat: int,
    cx: float,
    cy: float,
    h: int = 34,
) -> None:
    sprites.paste(img, sprites.worker(state.players[seat].colour, marks[seat], h), cx, cy)


def _highlight(
    d: ImageDraw.ImageDraw,
    box: Box | tuple[int, int, int, int],
    width: int = 3,
    colour: Colour = style.HIGHLIGHT,
    radius: int = 9,
) -> None:
    rect = box.rect if isinstance(box, Box) else box
    o = width
    d.rounded_rectangle(
        (rect[0] - o, rect[1] - o, rect[2] + o, rect[3] + o),
        radius=radius,
        outline=colour,
        width=width,
    )


# ----- geometry of the fixed parts ---------------------------------------------------------------

CELL, CELL_GAP = 27, 3
SECTION_COLS = (3, 5, 7)
TRACK_D = 26


def _section_origin(sec: int) -> tuple[int, int]:
    x = style.CASTLE.x + 14
    for i in range(sec):
        x += SECTION_COLS[i] * (CELL + CELL_GAP) - CELL_GAP + 20
    return x, style.CASTLE.y + 56


def castle_cell(sec: int, k: int) -> Box:
    x0, y0 = _section_origin(sec)
    row, col = divmod(k, SECTION_COLS[sec])
    return Box(x0 + col * (CELL + CELL_GAP), y0 + row * (CELL + CELL_GAP), CELL, CELL)


def section_box(sec: int) -> Box:
    x0, y0 = _section_origin(sec)
    cols = SECTION_COLS[sec]
    return Box(x0 - 5, y0 - 5, cols * (CELL + CELL_GAP) - CELL_GAP + 10, 2 * CELL + CELL_GAP + 10)


def track_centre(i: int) -> tuple[float, float]:
    x_last = style.CASTLE.x2 - 14 - TRACK_D / 2
    return x_last - (4 - i) * (TRACK_D + 6), style.CASTLE.y + 22


SPECIAL_ORDER = ("gate", "trading", "guild", "joust", "stables", "inn")
SPECIAL_HINTS = {
    "gate": "move the worker, free",
    "trading": "+3 deniers",
    "guild": "provost ±1–3, free",
    "joust": "1d + 1 cloth → favour",
    "stables": "lead the turn order",
    "inn": "place workers for 1 d",
}
SPECIAL_SLOTS = {"stables": ("1", "2", "3"), "inn": ("in", "stay")}


def special_box(i: int) -> Box:
    gap = 8
    w = (style.SPECIALS.w - 5 * gap) // 6
    return Box(style.SPECIALS.x + i * (w + gap), style.SPECIALS.y, w, style.SPECIALS.h)


def _special_slots(name: str) -> list[tuple[float, float]]:
    box = special_box(SPECIAL_ORDER.index(name))
    labels = SPECIAL_SLOTS.get(name, ("",))
    n = len(labels)
    step = 40
    x0 = box.cx - (n - 1) * step / 2
    return [(x0 + i * step, box.y + 68) for i in range(n)]


def bridge_slot(i: int) -> tuple[float, float]:
    return style.BRIDGE.x + 34 + i * 40, style.BRIDGE.y + 58


LEGEND_H = 112


def _has_legend(n: int) -> bool:
    return style.PLAYERS.y2 - style.card_box(n).y >= 260


def log_box(n: int) -> Box:
    y = style.card_box(n).y + 2
    bottom = style.PLAYERS.y2 - (LEGEND_H + style.CARD_GAP if _has_legend(n) else 0)
    return Box(style.PLAYERS.x, y, style.PLAYERS.w, bottom - y)


def _legend_box() -> Box:
    return Box(style.PLAYERS.x, style.PLAYERS.y2 - LEGEND_H, style.PLAYERS.w, LEGEND_H)


def _draw_legend(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    """A key to the tile colours and the pieces (static; shown when the left column has room)."""
    box = _legend_box()
    _panel(d, box)
    _title(img, box.x + 14, box.y + 16, "KEY", 13)
    kinds = ("neutral", "fixed", "wood", "stone", "residence", "prestige")
    for i, kind in enumerate(kinds):
        col, row = divmod(i, 2)
        x = box.x + 54 + col * 116
        y = box.y + 16 + row * 20
        band = style.KIND_COLOURS[kind][0]
        d.rounded_rectangle((x, y - 7, x + 22, y + 7), radius=3, fill=band)
        draw_text(img, (x + 28, y), style.KIND_LABELS[kind], 12, style.INK)
    y = box.y + 66
    x = box.x + 14
    sprites.paste(img, sprites.worker("black", "", 20), x + 8, y)
    x += 20 + draw_text(img, (x + 20, y), "worker", 12, style.INK) + 12
    sprites.paste(img, sprites.house("black", "", 17), x + 8, y)
    x += 20 + draw_text(img, (x + 20, y), "house", 12, style.INK) + 12
    sprites.paste(img, sprites.provost(20), x + 10, y)
    x += 24 + draw_text(img, (x + 24, y), "provost", 12, style.INK) + 12
    sprites.paste(img, sprites.bailiff(20), x + 8, y)
    draw_text(img, (x + 22, y), "bailiff", 12, style.INK)
    y += 22
    x = box.x + 14
    d.rounded_rectangle(
        (x, y - 7, x + 22, y + 7), radius=3, fill=style.EMPTY_TILE, outline=style.HIGHLIGHT, width=3
    )
    x += 28 + draw_text(img, (x + 28, y), "changed this phase", 12, style.INK) + 14
    d.rounded_rectangle(
        (x, y - 7, x + 22, y + 7), radius=3, fill=(226, 216, 196), outline=(214, 204, 186)
    )
    draw_text(img, (x + 28, y), "faded: past the provost", 12, style.INK)


STOCK_ROWS = (("Wood", WOOD), ("Stone", STONE), ("Prestige", PRESTIGE))


def _stock_ids(jeweller: bool) -> list[tuple[str, list[str]]]:
    rows = []
    for label, ids in STOCK_ROWS:
        rows.append((label, [t for t in ids if jeweller or t != "jeweller"]))
    return rows


def stock_card(row: int, col: int) -> Box:
    x = style.STOCK.x + 74 + col * (STOCK_W + 4)
    y = style.STOCK.y + 28 + row * (STOCK_H + 4)
    return Box(x, y, STOCK_W, STOCK_H)


def stock_card_of(tile_id: str, jeweller: bool) -> Box:
    """Where a tile's card lies in the stock panel."""
    for row, (_, ids) in enumerate(_stock_ids(jeweller)):
        if tile_id in ids:
            return stock_card(row, ids.index(tile_id))
    raise KeyError(tile_id)


def special_box_of(name: str) -> Box:
    """The box of a special building by its state name (gate, trading, guild, joust, stables, inn)."""
    return special_box(SPECIAL_ORDER.index(name))


# ----- the static background ---------------------------------------------------------------------


@lru_cache(maxsize=16)
def _background(n: int, jeweller: bool) -> Image.Image:
    """Everything that does not change during a game with `n` players (drawn once)."""
    img = Image.new("RGB", (style.WIDTH, style.HEIGHT), style.BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, style.WIDTH - 1, style.HEADER_H - 1), fill=style.HEADER_BG)
    d.line((0, style.HEADER_H - 1, style.WIDTH, style.HEADER_H - 1), fill=(120, 96, 60), width=2)

    # Castle: three sections and the castle worker track.
    _panel(d, style.CASTLE)
    _title(img, style.CASTLE.x + 14, style.CASTLE.y + 22, "CASTLE", 15)
    tx, ty = track_centre(0)
    draw_text(img, (tx - TRACK_D / 2 - 8, ty), "builders, in order", 11, style.INK_SOFT, anchor="r")
    for i in range(5):
        cx, cy = track_centre(i)
        _slot(d, cx, cy, TRACK_D / 2, str(i + 1), img)
    for sec in range(3):
        x0, y0 = _section_origin(sec)
        w = draw_text(
            img, (x0 - 2, y0 - 15), SECTIONS[sec], 13, style.SECTION_COLOURS[sec], bold=True
        )
        draw_text(
            img, (x0 + w + 3, y0 - 15), f"{SECTION_PP[sec]} PP", 11, style.INK_SOFT, bold=True
        )
        for k in range(SECTION_SIZE[sec]):
            c = castle_cell(sec, k)
            d.rounded_rectangle(c.rect, radius=4, fill=(232, 224, 208), outline=(196, 182, 158))

    # Bridge: passing order and placement cost.
    _panel(d, style.BRIDGE)
    _title(img, style.BRIDGE.x + 14, style.BRIDGE.y + 22, "BRIDGE", 15)
    draw_text(img, (style.BRIDGE.x + 84, style.BRIDGE.y + 22), "passing order", 11, style.INK_SOFT)
    for i in range(n):
        cx, cy = bridge_slot(i)
        _slot(d, cx, cy, 15, str(i + 1), img)

    # Special buildings.
    for i, name in enumerate(SPECIAL_ORDER):
        box = special_box(i)
        band, body, band_ink = style.KIND_COLOURS["special"]
        d.rounded_rectangle(box.rect, radius=8, fill=body, outline=band, width=2)
        d.rounded_rectangle((box.x, box.y, box.x2 - 1, box.y + 25), radius=8, fill=band)
        d.rectangle((box.x, box.y + 18, box.x2 - 1, box.y + 25), fill=band)
        from bot.rules import SPECIAL_NAMES

        draw_text(
            img, (box.x + 8, box.y + 13), f"{i + 1} {SPECIAL_NAMES[name]}", 13, band_ink, bold=True
        )
        draw_text(img, (box.cx, box.y + 38), SPECIAL_HINTS[name], 11, style.INK_SOFT, anchor="m")
        labels = SPECIAL_SLOTS.get(name, ("",))
        for (cx, cy), label in zip(_special_slots(name), labels, strict=True):
            _slot(d, cx, cy, 18, label, img)
        if name == "stables" and n == 2:
            _dim(img, box.rect, 0.55, body)
            draw_text(
                img, (box.cx, box.y2 - 10), "not used with 2 players", 10, style.PROVOST, anchor="m"
            )

    # Road: empty spaces (tiles are pasted over them per call).
    for space in range(1, ROAD_LEN + 1):
        b = style.road_box(space)
        d.rounded_rectangle(
            b.rect, radius=7, fill=style.EMPTY_TILE, outline=style.EMPTY_EDGE, width=2
        )
    for space, tid in FIXED_SPACES.items():
        b = style.road_box(space)
        img.paste(road_face(tid), (b.x, b.y))

    # Stock.
    _panel(d, style.STOCK)
    _title(img, style.STOCK.x + 14, style.STOCK.y + 16, "STOCK", 15)
    draw_text(
        img,
        (style.STOCK.x + 76, style.STOCK.y + 16),
        "buildings still to build: cost and prestige",
        11,
        style.INK_SOFT,
    )
    for row, (label, ids) in enumerate(_stock_ids(jeweller)):
        b = stock_card(row, 0)
        draw_text(
            img,
            (style.STOCK.x + 14, b.cy),
            label,
            12,
            style.KIND_COLOURS[label.lower()][0],
            bold=True,
        )
        for col, tid in enumerate(ids):
            c = stock_card(row, col)
            img.paste(stock_face(tid), (c.x, c.y))

    # Log under the player cards.
    log = log_box(n)
    if log.h > 40:
        _panel(d, log)
    if _has_legend(n):
        _draw_legend(img, d)
    return img


# ----- the changing parts ------------------------------------------------------------------------



def _pending_text(pending: Any) -> str:
    kind = str(getattr(pending, "kind", ""))
    try:
        return kind_facts(kind).verb
    except KeyError:
        pass
    prompt = str(getattr(pending, "prompt", "") or "")
    return prompt.split("\n")[0].rstrip(":. ") or "to decide"


def _draw_header(
    img: Image.Image,
    state: State,
    summary: PhaseSummary,
    pending: Any,
    marks: tuple[str, ...],
    finals: list[FinalLine] | None,
    won: set[int],
) -> None:
    y = style.HEADER_H / 2
    x = style.MARGIN + 4
    x += draw_text(img, (x, y), f"Round {summary.round}", 30, style.HEADER_INK, bold=True) + 16
    if finals is not None:
        sub = "Game over · final scores"
    elif summary.earlier:  # several phases in one report (e.g. end of turn and income)
        sub = "phases " + ", ".join(str(p) for p in [*summary.earlier, summary.phase]) + " — done"
    elif summary.phase:
        sub = f"phase {summary.phase}: {PHASE_NAMES[summary.phase]}" + (
            " — done" if summary.ended else ""
        )
    else:
        sub = "the game begins"
    x += draw_text(img, (x, y + 1), sub, 19, style.HEADER_SOFT) + 28
    # Provost and bailiff, readable even in a chat preview.
    sprites.paste(img, sprites.provost(34), x + 17, y)
    x += 38 + draw_text(img, (x + 38, y), str(state.provost), 26, style.HEADER_INK, bold=True) + 16
    sprites.paste(img, sprites.bailiff(32), x + 12, y)
    draw_text(img, (x + 30, y), str(state.bailiff), 26, style.HEADER_INK, bold=True)
    right = style.WIDTH - style.MARGIN - 4
    if finals is not None:
        winners = [f for f in finals if f.player in won]
        best = max(f.total for f in winners) if winners else max(f.total for f in finals)
        names = " & ".join(display_name(state.players[f.player].name, f.player) for f in winners)
        text = fit(f"{names} win{'s' if len(winners) == 1 else ''} with {best} PP", 26, True, 700)
        w = draw_text(img, (right, y), text, 26, style.PENDING, bold=True, anchor="r")
        for i, f in enumerate(reversed(winners)):
            _worker(img, state, marks, f.player, right - w - 22 - i * 34, y, 40)
        return
    if pending is None:
        return
    seat = int(getattr(pending, "player", -1))
    if not 0 <= seat < state.n:
        return
    verb = _pending_text(pending)
    name = fit(display_name(state.players[seat].name, seat), 26, True, 230)
    verb = fit(verb, 21, False, 290)
    vw = text_width(verb, 21)
    draw_text(img, (right, y + 1), verb, 21, style.HEADER_SOFT, anchor="r")
    nw = draw_text(img, (right - vw - 10, y), name, 26, style.PENDING, bold=True, anchor="r")
    _worker(img, state, marks, seat, right - vw - nw - 34, y, 42)
    draw_text(img, (right - vw - nw - 62, y), "▶", 24, style.PENDING, bold=True, anchor="r")


def _draw_castle(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: State,
    marks: tuple[str, ...],
    summary: PhaseSummary,
) -> None:
    for sec in range(3):
        owners = state.castle[sec]
        for k, seat in enumerate(owners[: SECTION_SIZE[sec]]):
            c = castle_cell(sec, k)
            sprites.paste(
                img, sprites.house(state.players[seat].colour, marks[seat], CELL - 3), c.cx, c.cy
            )
        box = section_box(sec)
        x0, y0 = _section_origin(sec)
        status_y = box.y2 + 5
        if state.scored[sec]:
            sprites.paste(img, sprites.check(14, (40, 140, 60)), x0, status_y - 7, centre=False)
            draw_text(img, (x0 + 17, status_y), "scored", 11, (40, 120, 55), bold=True)
        elif sec == state.section:
            d.rounded_rectangle(box.rect, radius=6, outline=style.SECTION_COLOURS[sec], width=3)
            draw_text(
                img,
                (x0, status_y),
                f"{len(owners)}/{SECTION_SIZE[sec]} · mark {MARKS[sec]}",
                11,
                style.SECTION_COLOURS[sec],
                bold=True,
            )
        else:
            draw_text(
                img,
                (x0, status_y),
                f"{len(owners)}/{SECTION_SIZE[sec]} · mark {MARKS[sec]}",
                11,
                style.INK_FAINT,
            )
        if sec in summary.sections:
            _highlight(d, box, 3, radius=8)
    for i, seat in enumerate(state.castle_workers[:5]):
        cx, cy = track_centre(i)
        _worker(img, state, marks, seat, cx, cy, 26)


def _draw_bridge(img: Image.Image, state: State, marks: tuple[str, ...]) -> None:
    b = style.BRIDGE
    for i, seat in enumerate(state.passing[: state.n]):
        cx, cy = bridge_slot(i)
        sprites.paste(img, sprites.disc(state.players[seat].colour, marks[seat], 30), cx, cy)
    y = b.y + 98
    x = b.x + 14
    if state.over:
        text = "the game is over"
        draw_text(img, (x, y), text, 13, style.INK_SOFT)
    else:
        x += draw_text(img, (x, y), "next worker", 13, style.INK_SOFT) + 8
        x += draw_text(img, (x, y), f"{bridge_price(state)}", 24, style.INK, bold=True) + 3
        sprites.paste(img, sprites.coin(20), x + 10, y)
        draw_text(img, (x + 26, y + 1), "(own building or Inn: 1)", 11, style.INK_SOFT)
    # Provost and bailiff, in words too.
    px = b.x2 - 118
    sprites.paste(img, sprites.provost(26), px, b.y + 54)
    draw_text(img, (px + 18, b.y + 54), f"provost {state.provost}", 13, style.PROVOST, bold=True)
    sprites.paste(img, sprites.bailiff(26), px, b.y + 86 - 2)
    draw_text(img, (px + 18, b.y + 84), f"bailiff {state.bailiff}", 13, style.BAILIFF, bold=True)


def _draw_specials(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: State,
    marks: tuple[str, ...],
    summary: PhaseSummary,
) -> None:
    occupants: dict[str, list[int]] = {
        "gate": [state.gate],
        "trading": [state.trading],
        "guild": [state.guild],
        "joust": [state.joust],
        "stables": list(state.stables) + [-1] * (3 - len(state.stables)),
        "inn": [state.inn_left, state.inn_right],
    }
    for i, name in enumerate(SPECIAL_ORDER):
        for (cx, cy), seat in zip(_special_slots(name), occupants[name], strict=False):
            if seat >= 0:
                _worker(img, state, marks, seat, cx, cy, 34)
        if name in summary.specials:
            _highlight(d, special_box(i), 3)


MARK_NAMES = {12: 0, 18: 1, 24: 2}


def _next_free(state: State) -> int:
    for space in range(1, ROAD_LEN + 1):
        if state.road_tile[space] is None:
            return space
    return 0


def _draw_road(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: State,
    marks: tuple[str, ...],
    summary: PhaseSummary,
) -> None:
    next_free = _next_free(state)
    for space in range(1, ROAD_LEN + 1):
        b = style.road_box(space)
        tid = state.road_tile[space]
        mark = MARK_NAMES.get(space, -1)
        if tid is None:
            if mark < 0:
                draw_text(img, (b.x + 8, b.y + 14), str(space), 13, style.INK_FAINT, bold=True)
            else:
                draw_text(
                    img,
                    (b.cx, b.y + 38),
                    f"{SECTIONS[mark]} mark",
                    12,
                    style.SECTION_COLOURS[mark],
                    bold=True,
                    anchor="m",
                )
            if space == next_free and not state.over:
                d.rounded_rectangle(b.rect, radius=7, outline=(150, 132, 104), width=2)
                draw_text(img, (b.cx, b.y2 - 14), "next building", 11, style.INK_SOFT, anchor="m")
        else:
            if space not in FIXED_SPACES:
                img.paste(road_face(tid), (b.x, b.y))
            _, _, band_ink = style.KIND_COLOURS[TILES[tid].kind]
            if mark < 0:
                draw_text(img, (b.x + 6, b.y + 13), str(space), 13, band_ink, bold=True)
            owner = state.road_owner[space]
            if owner >= 0:
                sprites.paste(
                    img,
                    sprites.house(state.players[owner].colour, marks[owner], 24),
                    b.x2 - 16,
                    b.y + 62,
                )
        if mark >= 0:
            # Scoring marks: the space number on a pill of the section's colour (§1.3).
            d.rounded_rectangle(
                (b.x + 1, b.y + 2, b.x + 25, b.y + 23),
                radius=6,
                fill=style.SECTION_COLOURS[mark],
                outline=(255, 255, 255),
                width=1,
            )
            draw_text(
                img, (b.x + 13, b.y + 13), str(space), 12, (255, 255, 255), bold=True, anchor="m"
            )
        worker = state.road_worker[space]
        if worker >= 0:
            _worker(img, state, marks, worker, b.x + 22, b.y + 60, 34)
    # Beyond the provost nothing is activated in phase 5: fade those spaces.
    if not state.over:
        for space in range(state.provost + 1, ROAD_LEN + 1):
            _dim(img, style.road_box(space).rect, 0.42)
    for space, what in summary.road.items():
        colour = style.HIGHLIGHT if what == "built" else (236, 170, 40)
        _highlight(d, style.road_box(space), 3 if what == "built" else 2, colour)
        if what == "built":
            b = style.road_box(space)
            d.rounded_rectangle(
                (b.x2 - 40, b.y - 7, b.x2 + 2, b.y + 8), radius=6, fill=style.HIGHLIGHT
            )
            draw_text(img, (b.x2 - 19, b.y + 1), "NEW", 10, style.INK, bold=True, anchor="m")
    # Provost and bailiff: big pieces, a crimson frame, and a line where activation stops.
    pb = style.road_box(state.provost)
    d.rounded_rectangle(
        (pb.x - 2, pb.y - 2, pb.x2 + 1, pb.y2 + 1), radius=8, outline=style.PROVOST, width=4
    )
    bb = style.road_box(state.bailiff)
    if state.bailiff == state.provost:
        sprites.paste(img, sprites.bailiff(30), bb.x + 56, bb.y + 60)
        sprites.paste(img, sprites.provost(34), pb.x + 84, pb.y + 60)
    else:
        sprites.paste(img, sprites.bailiff(30), bb.x + 66, bb.y + 60)
        sprites.paste(img, sprites.provost(36), pb.x + 68, pb.y + 60)


FAV_CELL_W, FAV_CELL_H = 15, 12


def _draw_favours(
    img: Image.Image, d: ImageDraw.ImageDraw, state: State, seat: int, x: int, y: int
) -> None:
    """The four favour lines of one player: marker column, path taken, locked columns (§4.2)."""
    if state.options.simple_favors:  # beginner variant: no table, every favour is 3 PP (§4.4)
        draw_text(img, (x + 50, y + 20), "favours:", 11, style.INK_SOFT, anchor="m")
        draw_text(img, (x + 50, y + 36), "3 PP each", 11, style.INK_SOFT, bold=True, anchor="m")
        return
    p = state.players[seat]
    colour = style.PLAYER_COLOURS[p.colour]
    tint = style.PLAYER_TINT[p.colour]
    open_cols = state.favour_columns
    icons = (
        sprites.prestige(11),
        sprites.coin(11),
        sprites.cube(-1, 10),
        sprites.house("black", "", 11),
    )
    for col in range(1, 6):
        cx = x + 24 + (col - 1) * (FAV_CELL_W + 1) + FAV_CELL_W / 2
        ink = style.INK_SOFT if col <= open_cols else style.INK_FAINT
        draw_text(img, (cx, y - 7), str(col), 9, ink, bold=True, anchor="m")
    for line in range(4):
        cy = y + line * (FAV_CELL_H + 2)
        sprites.paste(img, icons[line], x + 6, cy + FAV_CELL_H / 2)
        pos = p.favours[line]
        for col in range(6):
            # Column 0 is the start box (fleur-de-lis), narrower than the five columns.
            cx, w = (x + 14, 8) if col == 0 else (x + 24 + (col - 1) * (FAV_CELL_W + 1), FAV_CELL_W)
            rect = (cx, cy, cx + w - 1, cy + FAV_CELL_H - 1)
            if col == pos:
                d.rectangle(rect, fill=colour, outline=colour)
            elif col > open_cols:
                d.rectangle(rect, fill=style.LOCKED, outline=(190, 180, 164))
                d.line((rect[0], rect[3], rect[2], rect[1]), fill=(190, 180, 164))
            elif col < pos:
                d.rectangle(rect, fill=tint, outline=(170, 156, 134))
            else:
                d.rectangle(rect, fill=(252, 249, 242), outline=(170, 156, 134))


def _draw_cards(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: State,
    marks: tuple[str, ...],
    pending_seat: int,
) -> None:
    for pos, seat in enumerate(state.turn_order):
        p = state.players[seat]
        b = style.card_box(pos)
        colour = style.PLAYER_COLOURS[p.colour]
        is_pending = seat == pending_seat
        fill = (255, 251, 238) if is_pending else style.PANEL
        d.rounded_rectangle(b.rect, radius=10, fill=fill, outline=style.PANEL_EDGE, width=2)
        d.rounded_rectangle((b.x, b.y, b.x + 26, b.y2 - 1), radius=10, fill=colour)
        d.rectangle((b.x + 14, b.y, b.x + 26, b.y2 - 1), fill=colour)
        draw_text(
            img,
            (b.x + 13, b.y + 18),
            str(pos + 1),
            16,
            style.PLAYER_INK[p.colour],
            bold=True,
            anchor="m",
        )
        if is_pending:
            d.rounded_rectangle(
                (b.x - 1, b.y - 1, b.x2, b.y2), radius=11, outline=style.PENDING, width=5
            )
        # Row 1: piece, name, prestige.
        y1 = b.y + 26
        _worker(img, state, marks, seat, b.x + 48, y1, 38)
        pp = str(p.pp)
        ppw = text_width(pp, 36, True)
        draw_text(img, (b.x2 - 44, y1 + 1), pp, 36, style.INK, bold=True, anchor="r")
        draw_text(img, (b.x2 - 40, y1 + 8), "PP", 14, style.INK_SOFT, bold=True)
        name_max = b.w - 72 - ppw - 60
        name = fit(display_name(p.name, seat), 24, True, name_max)
        draw_text(img, (b.x + 72, y1 + 1), name, 24, style.INK, bold=True)
        # Row 2: deniers, workers in hand, status.
        y2 = b.y + 64
        x = b.x + 38
        sprites.paste(img, sprites.coin(22), x, y2 - 11, centre=False)
        x += 26 + draw_text(img, (x + 26, y2), str(p.deniers), 22, style.INK, bold=True) + 12
        sprites.paste(img, sprites.worker(p.colour, "", 22), x + 8, y2)
        x += 20 + draw_text(img, (x + 20, y2), f"×{p.workers}", 18, style.INK, bold=True) + 12
        tags = []
        if seat in state.passing and state.phase == 2:
            tags.append(f"passed {state.passing.index(seat) + 1}.")
        if state.inn_right == seat:
            tags.append("in the Inn")
        if tags:
            draw_text(
                img,
                (x, y2),
                fit(" · ".join(tags), 12, True, b.x2 - 126 - x),
                12,
                style.INK_SOFT,
                bold=True,
            )
        # Row 3: cubes.
        y3 = b.y + 98
        x = b.x + 38
        for idx in range(5):
            sprites.paste(img, sprites.cube(idx, 20), x, y3 - 10, centre=False)
            n = p.cubes[idx]
            draw_text(img, (x + 23, y3), str(n), 19, style.INK if n else style.INK_FAINT, bold=True)
            x += 50
        _draw_favours(img, d, state, seat, b.x2 - 118, b.y + 60)


def _event_line(state: State, text: str) -> str:
    """An event's text with every player's name as the image shows it (an emoji-only name
    would otherwise vanish from the sentence)."""
    seats = sorted(range(state.n), key=lambda i: -len(state.players[i].name))
    for seat in seats:
        raw = state.players[seat].name
        if raw and raw in text:
            text = text.replace(raw, display_name(raw, seat))
    return clean_text(text)


def _draw_log(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: State,
    marks: tuple[str, ...],
    summary: PhaseSummary,
) -> None:
    box = log_box(state.n)
    if box.h <= 40:
        return
    title = "SETUP"
    phases = [*summary.earlier, summary.phase]
    if len(phases) == 2:
        title = " + ".join(f"{p} {PHASE_NAMES[p].upper()}" for p in phases)
    elif len(phases) > 2:
        title = "PHASES " + ", ".join(str(p) for p in phases)
    elif summary.phase:
        title = f"PHASE {summary.phase} · {PHASE_NAMES[summary.phase].upper()}"
    title = fit(title, 13, True, box.w - 28)
    _title(img, box.x + 14, box.y + 16, title, 13)
    line_h = 17
    y = box.y + 38
    room = max(0, (box.y2 - 8 - y) // line_h + 1)
    lines = summary.lines
    if not lines:
        draw_text(img, (box.x + 14, y), "nothing happened", 13, style.INK_FAINT)
        return
    shown = lines if len(lines) <= room else lines[: max(0, room - 1)]
    for seat, text in shown:
        x = box.x + 14
        if 0 <= seat < state.n:
            sprites.paste(img, sprites.disc(state.players[seat].colour, marks[seat], 14), x + 7, y)
        line = _event_line(state, text)
        draw_text(img, (x + 20, y), fit(line, 13, False, box.w - 48), 13, style.INK)
        y += line_h
    if len(shown) < len(lines):
        draw_text(img, (box.x + 34, y), f"… and {len(lines) - len(shown)} more", 13, style.INK_SOFT)


def _draw_stock(img: Image.Image, d: ImageDraw.ImageDraw, state: State) -> None:
    for row, (_, ids) in enumerate(_stock_ids(state.options.jeweller)):
        for col, tid in enumerate(ids):
            left = state.stock.get(tid, 0)
            c = stock_card(row, col)
            if left <= 0:
                _dim(img, c.rect, 0.7, style.PANEL)
                d.rectangle((c.x + 3, c.y + 20, c.x2 - 4, c.y2 - 4), fill=style.PANEL)
                draw_text(
                    img, (c.cx, c.y + 30), "built", 12, style.INK_FAINT, bold=True, anchor="m"
                )
            elif tid == "architect":
                draw_text(img, (c.x + 32, c.y + 30), f"×{left}", 12, style.INK, bold=True)


def _draw_finals(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: State,
    marks: tuple[str, ...],
    finals: list[FinalLine],
    won: set[int],
) -> None:
    box = style.FINAL
    d.rounded_rectangle(box.rect, radius=10, fill=(255, 250, 236), outline=style.PENDING, width=3)
    _title(img, box.x + 14, box.y + 16, "FINAL SCORES", 15)
    cols = (("played", 430), ("gold", 530), ("cubes", 630), ("deniers", 730), ("total", 850))
    hy = box.y + 16
    for label, cx in cols:
        draw_text(img, (box.x + cx, hy), label, 12, style.INK_SOFT, bold=True, anchor="r")
    ranked = sorted(
        finals, key=lambda f: (f.player not in won, -f.total, state.turn_order.index(f.player))
    )
    row_h = min(24, (box.h - 36) // max(1, len(ranked)))
    for i, f in enumerate(ranked):
        y = box.y + 38 + i * row_h + row_h / 2 - 2
        p = state.players[f.player]
        if f.player in won:
            d.rounded_rectangle(
                (box.x + 8, y - row_h / 2 + 1, box.x2 - 8, y + row_h / 2 - 1),
                radius=6,
                fill=(255, 236, 170),
            )
        rank = 1 + sum(1 for g in finals if g.total > f.total)
        draw_text(img, (box.x + 30, y), f"{rank}.", 15, style.INK, bold=True, anchor="r")
        sprites.paste(img, sprites.disc(p.colour, marks[f.player], 20), box.x + 48, y)
        name = fit(display_name(p.name, f.player), 16, True, 300)
        w = draw_text(img, (box.x + 64, y), name, 16, style.INK, bold=True)
        if f.player in won:
            draw_text(img, (box.x + 72 + w, y), "winner", 12, (170, 110, 0), bold=True)
        for (_, cx), val in zip(
            cols, (f.pp_play, f.gold_pp, f.cubes_pp, f.deniers_pp, f.total), strict=True
        ):
            plus = "" if cx in (430, 850) else "+"
            draw_text(
                img,
                (box.x + cx, y),
                f"{plus}{val}",
                18 if cx == 850 else 15,
                style.INK,
                bold=cx == 850,
                anchor="r",
            )


class _Pending(NamedTuple):
    player: int
    kind: str
    prompt: str


def _pending_from_tasks(state: State) -> _Pending | None:
    """Without the engine's Decision: the top of the state's task stack is the pending decision
    of a game at rest (forced moves are applied at once, so it has a real choice)."""
    if state.over or not state.tasks:
        return None
    top = state.tasks[-1]
    if 0 <= top.seat < state.n:
        return _Pending(top.seat, top.kind, "")
    return None


def render_image(
    state: State,
    events: Sequence[Any] | None = None,
    *,
    pending: Any = None,
    finals: list[FinalLine] | None = None,
    winners: Sequence[int] | None = None,
) -> Image.Image:
    """The board as a Pillow image (RGB). `finals`/`winners` default to the state's own scores."""
    img = _background(state.n, state.options.jeweller).copy()
    d = ImageDraw.Draw(img)
    marks = player_marks(tuple(p.name for p in state.players))
    summary = summarise(state, events)
    if state.over and finals is None:
        finals = final_lines(state)
    won: set[int] = set()
    if finals:
        best = max(f.total for f in finals)
        won = set(winners) if winners else {f.player for f in finals if f.total == best}
    if pending is None:
        pending = _pending_from_tasks(state)
    pending_seat = int(getattr(pending, "player", -1)) if pending is not None else -1
    _draw_header(img, state, summary, pending, marks, finals, won)
    _draw_castle(img, d, state, marks, summary)
    _draw_bridge(img, state, marks)
    _draw_specials(img, d, state, marks, summary)
    _draw_road(img, d, state, marks, summary)
    _draw_cards(img, d, state, marks, pending_seat)
    _draw_log(img, d, state, marks, summary)
    if finals is not None:
        _draw_finals(img, d, state, marks, finals, won)
    else:
        _draw_stock(img, d, state)
    return img


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes, quickly: an adaptive 256-colour palette (the board is flat colours and text)."""
    quant = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    quant.save(buf, "PNG", compress_level=6)
    return buf.getvalue()
