"""The floor the card benchmark (:mod:`bench.cards`) measures pnpkit against: a plain ReportLab
script, no pnpkit, drawing a deck's cards 9-up on Letter, as fast as a hand-written script does.

``python bench/card_floor.py CARDS.csv OUT.pdf``: the cards of ``CARDS.csv`` (the table
:func:`bench.cards.card_table` writes) on poker cards (2.5 × 3.5 in), three by three on each
page, with Source Sans Pro from the ``font_source_sans_pro`` package (TrueType, embedded as
subsets). Each card does the work of pnpkit's built-in front: a tinted ground, a rounded border,
a coloured name band with the name (shrunk to fit), the value in a circle, the kind, a circle
with a star, the text wrapped over a few lines (shrunk until it fits), a line of the deck's
numbers and a footer. Fronts only: no backs, marks or rulers.

It imports nothing of pnpkit (run as a file, not as ``bench.card_floor``), so it times
ReportLab alone.
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

CARD_W, CARD_H = 180.0, 252.0
"""A poker card in points."""
PAGE_W, PAGE_H = 612.0, 792.0
"""Letter in points."""
ACCENT = (0x7A / 255, 0x4A / 255, 0x1D / 255)
PAPER = (0xFB / 255, 0xF7 / 255, 0xEE / 255)
NUMBERS = ("cost", "power", "speed")
FOOTER = "Bench Cards · Deck · pnpkit bench"
"""What pnpkit's front prints in the footer of the benchmark's game."""
FACES = {
    "Sans": "SourceSansPro-Regular.ttf",
    "Sans-Semibold": "SourceSansPro-Semibold.ttf",
    "Sans-Bold": "SourceSansPro-Bold.ttf",
}


def _mix(
    a: tuple[float, float, float], b: tuple[float, float, float], t: float
) -> tuple[float, ...]:
    return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))


def _register_fonts() -> None:
    import font_source_sans_pro

    files = Path(font_source_sans_pro.__file__).parent / "files"
    for name, file in FACES.items():
        pdfmetrics.registerFont(TTFont(name, str(files / file)))


def _fitted(text: str, font: str, size: float, width: float, least: float) -> float:
    """The largest size from ``size`` down to ``least`` at which ``text`` is one line of at
    most ``width``."""
    while size > least and stringWidth(text, font, size) > width:
        size -= 0.5
    return size


def _wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and stringWidth(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _star(canvas: Canvas, x: float, y: float, r: float) -> None:
    path = canvas.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        point = (x + radius * math.cos(angle), y + radius * math.sin(angle))
        if i == 0:
            path.moveTo(*point)
        else:
            path.lineTo(*point)
    path.close()
    canvas.drawPath(path, fill=1, stroke=0)


def draw_card(c: Canvas, card: dict[str, str], x: float, y: float, footer: str) -> None:
    """One card, its bottom left corner at (``x``, ``y``)."""
    c.saveState()
    c.translate(x, y)
    top = CARD_H
    c.setFillColorRGB(*_mix(ACCENT, PAPER, 0.9))
    c.rect(0, 0, CARD_W, CARD_H, stroke=0, fill=1)
    c.setFillColorRGB(*PAPER)
    c.setStrokeColorRGB(*ACCENT)
    c.setLineWidth(3)
    c.roundRect(7, 7, CARD_W - 14, CARD_H - 14, 8, stroke=1, fill=1)
    c.setFillColorRGB(*ACCENT)
    c.roundRect(14, top - 54, CARD_W - 28, 40, 4, stroke=0, fill=1)
    side = 36.0
    width = CARD_W - 2 * (14 + side)
    size = _fitted(card["name"], "Sans-Bold", 15, width, 9)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Sans-Bold", size)
    c.drawCentredString(CARD_W / 2, top - 34 - size / 3, card["name"])
    c.setFillColorRGB(*PAPER)
    c.circle(32, top - 34, 15, stroke=0, fill=1)
    c.setFillColorRGB(*ACCENT)
    c.setFont("Sans-Bold", 14)
    c.drawCentredString(32, top - 39, card["value"])
    c.setFont("Sans-Semibold", 9)
    c.drawCentredString(CARD_W / 2, top - 68, card["kind"])
    c.setFillColorRGB(*_mix(ACCENT, PAPER, 0.82))
    c.circle(CARD_W / 2, top - 104, 30, stroke=0, fill=1)
    c.setFillColorRGB(*ACCENT)
    _star(c, CARD_W / 2, top - 104, 20)
    box_w, box_h = CARD_W - 44, 80.0
    size = 11.0
    lines = _wrapped(card["text"], "Sans", size, box_w)
    while size > 7 and len(lines) * size * 1.2 > box_h:
        size -= 0.5
        lines = _wrapped(card["text"], "Sans", size, box_w)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Sans", size)
    for n, line in enumerate(lines):
        c.drawCentredString(CARD_W / 2, top - 152 - n * size * 1.2, line)
    stats = " · ".join(f"{name.capitalize()} {float(card[name]):g}" for name in NUMBERS)
    c.setFillColorRGB(*ACCENT)
    c.setFont("Sans-Semibold", 8)
    c.drawCentredString(CARD_W / 2, 38, stats)
    c.setFillColorRGB(0x55 / 255, 0x55 / 255, 0x55 / 255)
    c.setFont("Sans", 6)
    c.drawCentredString(CARD_W / 2, 14, footer)
    c.restoreState()


def draw_deck(table: Path, out: Path) -> int:
    """Every card of ``table`` 9-up on Letter pages written to ``out``; the number of pages."""
    _register_fonts()
    with table.open(newline="", encoding="utf-8") as stream:
        cards = list(csv.DictReader(stream))
    canvas = Canvas(str(out), pagesize=(PAGE_W, PAGE_H), initialFontName="Sans")
    left = (PAGE_W - 3 * CARD_W) / 2
    bottom = (PAGE_H - 3 * CARD_H) / 2
    pages = 0
    for start in range(0, len(cards), 9):
        for n, card in enumerate(cards[start : start + 9]):
            column, row = n % 3, 2 - n // 3
            draw_card(canvas, card, left + column * CARD_W, bottom + row * CARD_H, FOOTER)
        canvas.showPage()
        pages += 1
    canvas.save()
    return pages


if __name__ == "__main__":
    draw_deck(Path(sys.argv[1]), Path(sys.argv[2]))
