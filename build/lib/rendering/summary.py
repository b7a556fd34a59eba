"""The end-of-game summary image: prestige round by round, where the points came from, and the
game's key moments (issue 24).

    render_summary(view) -> PNG bytes      (a `SummaryView`: what the games layer counted)

Drawn with Pillow alone, in the board's colours and fonts, 1100 px wide like the board, so that
Discord's preview (550 px) shows it at half size: every number is drawn at 18 px or more.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.rules import Event, ScoreLine

from . import sprites, style
from .fonts import clean_text, draw_fitted, draw_text, text_width
from .labels import summary_labels
from .players import display_name, player_marks
from .png import encode_png

WIDTH = style.WIDTH
PAD = 16
NUMBER = 18  # the smallest size of a number: 9 px in the 550 px preview
# The bars' colours by source of prestige (the end bonus in the colours of what gives it).
SOURCE_COLOURS: dict[str, style.Colour] = {
    "buildings": style.KIND_COLOURS["wood"][0],
    "castle": style.SECTION_COLOURS[1],
    "favours": style.KIND_COLOURS["prestige"][0],
    "gold": style.CUBE_COLOURS[4],
    "cubes": style.CUBE_COLOURS[3],
    "deniers": style.COIN_EDGE,
    "lost": (200, 70, 70),
}
BONUS = ("gold", "cubes", "deniers")
LIGHT_INK = {"gold", "deniers"}  # sources whose colour takes dark figures


class SummaryPlayer(NamedTuple):
    name: str
    colour: str  # the player's colour (style.PLAYER_COLOURS)
    by_round: tuple[int, ...]  # prestige at the end of round 1, 2, ... (before the end bonus)
    sources: Mapping[str, int]  # buildings, castle, favours, and lost (0 or less)


class Moment(NamedTuple):
    """A key moment: a prestige building built (`event`, kind "event"), a round's castle
    deliveries worth many PP ("castle": `houses`, `pp`), or a new leader ("lead": `pp`)."""

    round: int
    seat: int
    kind: str
    pp: int
    houses: int = 0
    event: Event | None = None


class SummaryView(NamedTuple):
    players: tuple[SummaryPlayer, ...]  # in seat order
    finals: tuple[ScoreLine, ...]  # final scores (§2.8), in seat order
    sections: Mapping[int, int]  # castle section -> the round it was scored
    moments: tuple[Moment, ...]  # oldest first
    lang: str = "en"


def render_summary(view: SummaryView) -> bytes:
    return encode_png(draw_summary(view))


CHART_H = 440
ROW_H = 46


def draw_summary(view: SummaryView) -> Image.Image:
    n = len(view.players)
    bars_h = 96 + n * ROW_H
    moments_h = 56 + 34 * len(view.moments) if view.moments else 0
    height = 86 + CHART_H + PAD + bars_h + (PAD + moments_h if moments_h else 0) + PAD
    img = Image.new("RGB", (WIDTH, height), style.BG)
    d = ImageDraw.Draw(img)
    marks = player_marks(tuple(p.name for p in view.players))
    _title(img, d, view, marks)
    y = 86
    _chart(img, d, view, marks, style.Box(PAD, y, WIDTH - 2 * PAD, CHART_H))
    y += CHART_H + PAD
    _sources(img, d, view, marks, style.Box(PAD, y, WIDTH - 2 * PAD, bars_h))
    y += bars_h + PAD
    if moments_h:
        _moments(img, d, view, marks, style.Box(PAD, y, WIDTH - 2 * PAD, moments_h))
    return img


def _name(view: SummaryView, seat: int) -> str:
    return display_name(view.players[seat].name, seat, view.lang)


def _title(img: Image.Image, d: ImageDraw.ImageDraw, view: SummaryView, marks: tuple[str, ...]) -> None:
    words = summary_labels(view.lang)
    d.rectangle((0, 0, WIDTH - 1, 76), fill=style.HEADER_BG)
    best = max(f.total for f in view.finals)
    won = [f.player for f in view.finals if f.total == best]
    text = (words.title if len(won) == 1 else words.title_many).format(
        names=" & ".join(_name(view, s) for s in won), pp=best
    )
    x = PAD + 8
    for seat in won:
        sprites.paste(img, sprites.disc(view.players[seat].colour, marks[seat], 40), x + 20, 38)
        x += 46
    draw_fitted(img, (x + 4, 28), text, 30, style.PENDING, WIDTH - x - 2 * PAD, bold=True)
    rounds = max(len(p.by_round) for p in view.players)
    sub = words.subtitle(rounds, len(view.players))
    draw_fitted(img, (x + 4, 58), sub, 18, style.HEADER_SOFT, WIDTH - x - 2 * PAD)


def _chart(img: Image.Image, d: ImageDraw.ImageDraw, view: SummaryView, marks: tuple[str, ...], box: style.Box) -> None:
    """Prestige after each round, one line per player, and at the end the final score (with the
    end bonus for gold, cubes and deniers, §2.8) on a dashed last step."""
    words = summary_labels(view.lang)
    d.rounded_rectangle(box.rect, radius=10, fill=style.PANEL, outline=style.PANEL_EDGE, width=2)
    draw_fitted(img, (box.x + 14, box.y + 20), words.chart, 20, style.INK, box.w - 28, bold=True)
    rounds = max(1, max(len(p.by_round) for p in view.players))
    top = max([10, *(v for p in view.players for v in p.by_round), *(f.total for f in view.finals)])
    step = 5 if top <= 30 else 10 if top <= 80 else 20
    top = -(-top // step) * step
    x0, x1 = box.x + 56, box.x2 - 130
    y0, y1 = box.y2 - 44, box.y + 70  # the axis (0 PP) and the top

    def px(r: float) -> float:
        return x0 + (x1 - x0) * r / (rounds + 1)

    def py(v: float) -> float:
        return y0 - (y0 - y1) * v / top

    for v in range(0, top + 1, step):
        d.line((x0, py(v), x1, py(v)), fill=style.LOCKED if v else style.INK_FAINT, width=1 if v else 2)
        draw_text(img, (x0 - 8, py(v)), str(v), NUMBER, style.INK_SOFT, anchor="r")
    every = 1 if rounds <= 12 else 2
    for r in range(1, rounds + 1):
        if r % every == 0 or r == 1 or r == rounds:
            draw_text(img, (px(r), y0 + 18), str(r), NUMBER, style.INK_SOFT, anchor="m")
    draw_fitted(img, (px(rounds + 1), y0 + 18), words.final, NUMBER, style.INK, 90, bold=True, anchor="m")
    draw_fitted(img, (x0 - 8, y0 + 18), words.round_axis, 16, style.INK_SOFT, 50, anchor="r")
    for sec, rnd in sorted(view.sections.items()):
        x = px(rnd)
        for yy in range(int(y1) - 8, int(y0), 10):
            d.line((x, yy, x, min(y0, yy + 5)), fill=style.SECTION_COLOURS[sec], width=2)
        draw_fitted(img, (x, y1 - 20), words.section(sec), 16, style.SECTION_COLOURS[sec], 150, bold=True, anchor="m")
    # The lines, the leader last (drawn on top), each with its disc at every round (colour-blind
    # players tell them by the letter); the final score at the end.
    order = sorted(range(len(view.players)), key=lambda s: (view.finals[s].total, -s))
    ends: list[tuple[float, int]] = []
    for seat in order:
        p = view.players[seat]
        colour = style.PLAYER_COLOURS[p.colour]
        points = [(px(0), py(0))] + [(px(r + 1), py(v)) for r, v in enumerate(p.by_round)]
        d.line(points, fill=colour, width=4, joint="curve")
        end = (px(rounds + 1), py(view.finals[seat].total))
        _dashed(d, points[-1], end, colour)
        disc = sprites.disc(p.colour, marks[seat], 18)
        for x, y in points[1:]:
            sprites.paste(img, disc, x, y)
        ends.append((end[1], seat))
    # The final scores beside the lines' ends, pushed apart where they would touch.
    ends.sort()
    placed: list[float] = []
    for y, _seat in ends:
        placed.append(max(y, placed[-1] + 28) if placed else y)
    overflow = placed[-1] - (y0 + 8) if placed else 0
    if overflow > 0:
        placed = [y - overflow for y in placed]
    for (_y, seat), y in zip(ends, placed, strict=True):
        p = view.players[seat]
        sprites.paste(img, sprites.disc(p.colour, marks[seat], 26), x1 + 26, y)
        draw_text(img, (x1 + 46, y), str(view.finals[seat].total), 22, style.INK, bold=True)


def _dashed(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], colour: style.Colour) -> None:
    (xa, ya), (xb, yb) = a, b
    steps = max(1, int(((xb - xa) ** 2 + (yb - ya) ** 2) ** 0.5 // 12))
    for i in range(steps):
        t0, t1 = i / steps, (i + 0.55) / steps
        d.line((xa + (xb - xa) * t0, ya + (yb - ya) * t0, xa + (xb - xa) * t1, ya + (yb - ya) * t1), fill=colour, width=4)


def _sources(img: Image.Image, d: ImageDraw.ImageDraw, view: SummaryView, marks: tuple[str, ...], box: style.Box) -> None:
    """One bar per player, winner first: the prestige of the game by source, the end bonus,
    what was lost (left of zero) and the total."""
    words = summary_labels(view.lang)
    d.rounded_rectangle(box.rect, radius=10, fill=style.PANEL, outline=style.PANEL_EDGE, width=2)
    draw_fitted(img, (box.x + 14, box.y + 20), words.sources_title, 20, style.INK, box.w - 28, bold=True)
    # the legend
    x = box.x + 14
    for key in ("buildings", "castle", "favours", *BONUS, "lost"):
        d.rounded_rectangle((x, box.y + 44, x + 18, box.y + 62), radius=3, fill=SOURCE_COLOURS[key])
        label = words.sources[key]
        draw_text(img, (x + 24, box.y + 53), label, 16, style.INK_SOFT)
        x += 24 + text_width(label, 16) + 22
    parts: list[list[tuple[str, int]]] = []
    for seat, p in enumerate(view.players):
        f = view.finals[seat]
        gains = [(k, p.sources.get(k, 0)) for k in ("buildings", "castle", "favours")]
        gains += [("gold", f.gold_pp), ("cubes", f.cubes_pp), ("deniers", f.deniers_pp)]
        parts.append(gains)
    most = max(1, max(sum(v for _k, v in g) for g in parts))
    lost_most = max(0, max(-p.sources.get("lost", 0) for p in view.players))
    name_w = 230
    room = box.w - name_w - 90
    scale = room / (most + lost_most)
    zero = box.x + name_w + lost_most * scale
    ranked = sorted(range(len(view.players)), key=lambda s: (-view.finals[s].total, s))
    for i, seat in enumerate(ranked):
        p, f = view.players[seat], view.finals[seat]
        y = box.y + 96 + i * ROW_H
        sprites.paste(img, sprites.disc(p.colour, marks[seat], 28), box.x + 30, y)
        draw_fitted(img, (box.x + 52, y), _name(view, seat), 20, style.INK, name_w - 60, bold=True)
        lost = -p.sources.get("lost", 0)
        if lost:
            left = zero - lost * scale
            _segment(img, d, left, zero, y, "lost", f"−{lost}")
        at = zero
        for key, value in parts[seat]:
            if value <= 0:
                continue
            w = value * scale
            _segment(img, d, at, at + w, y, key, str(value))
            at += w
        d.line((zero, y - 18, zero, y + 18), fill=style.INK, width=2)
        draw_text(img, (at + 10, y), str(f.total), 22, style.INK, bold=True)


def _segment(img: Image.Image, d: ImageDraw.ImageDraw, x0: float, x1: float, y: float, key: str, figure: str) -> None:
    d.rectangle((x0, y - 16, x1 - 1, y + 16), fill=SOURCE_COLOURS[key])
    if text_width(figure, NUMBER, True) + 6 <= x1 - x0:
        ink = style.INK if key in LIGHT_INK else (255, 255, 255)
        draw_text(img, ((x0 + x1) / 2, y), figure, NUMBER, ink, bold=True, anchor="m")


def _moments(img: Image.Image, d: ImageDraw.ImageDraw, view: SummaryView, marks: tuple[str, ...], box: style.Box) -> None:
    words = summary_labels(view.lang)
    d.rounded_rectangle(box.rect, radius=10, fill=style.PANEL, outline=style.PANEL_EDGE, width=2)
    draw_fitted(img, (box.x + 14, box.y + 20), words.moments, 20, style.INK, box.w - 28, bold=True)
    for i, m in enumerate(view.moments):
        y = box.y + 56 + i * 34
        when = words.moment.format(round=m.round)
        draw_fitted(img, (box.x + 14, y), when, 18, style.INK_SOFT, 120, bold=True)
        if 0 <= m.seat < len(view.players):
            sprites.paste(img, sprites.disc(view.players[m.seat].colour, marks[m.seat], 24), box.x + 150, y)
        draw_fitted(img, (box.x + 170, y), moment_text(m, view), 18, style.INK, box.w - 184)


def moment_text(m: Moment, view: SummaryView) -> str:
    """A key moment in the view's language."""
    words = summary_labels(view.lang)
    if m.event is not None:
        return m.event.text_with(clean_text, words.tr)
    name = _name(view, m.seat)
    if m.kind == "castle":
        return words.castle(name, m.houses, m.pp)
    return words.lead.format(player=name, pp=m.pp)
