"""Rulers printed at exact scale, cut into pieces that join end to end.

A :class:`Ruler` is one measuring stick: its ``length``, the ``step`` between its promised ticks
(1 cm, or one move click), shaded ``bands`` (a shot's range) and labelled ``marks``. Rulers longer
than a strip of paper are split by :func:`pieces` at whole steps; each :class:`RulerPiece` is a
drawable that carries, beyond its right end, a glue tab for the next piece.

The promised ticks are stroked in :data:`TICK_COLOR` only, so :mod:`pnpkit.verify` can measure
them; minor ticks, outlines and labels use other colours. ``tick_box`` gives, in the piece's own
coordinates, the box holding the promised ticks (layout adds the page offset for the promise).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb as rgb
from pnpkit.verify.promises import MIN_TEXT_SIZE

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

TICK_COLOR = (0.05, 0.0, 0.12)
"""Dedicated stroke colour of promised ruler ticks."""
MINOR_COLOR = (0.45, 0.45, 0.45)
OUTLINE_COLOR = (0.0, 0.0, 0.0)
TAB = 0.5 * 72.0
"""Length of the glue tab beyond a piece's right end."""
LABEL_SIZE = 7.0
MARK_SIZE = MIN_TEXT_SIZE


@dataclass(frozen=True, slots=True)
class Band:
    """A shaded stretch ``low``–``high`` (points from zero) with a label."""

    low: float
    high: float
    label: str
    colour: str


@dataclass(frozen=True, slots=True)
class Ruler:
    """One measuring stick at exact scale: ``length`` points long, promised ticks every ``step``,
    shaded ``bands``, labelled ``marks``, and its ``name`` printed in ``colour``."""

    name: str
    length: float
    step: float
    """Distance between promised ticks, points."""
    step_label: str
    """How a tick is labelled: ``"cm"`` numbers every 5th tick in cm, ``"click"`` every tick."""
    minor: int = 1
    """Unpromised minor ticks per step (2 = a half-step tick)."""
    bands: tuple[Band, ...] = ()
    marks: tuple[tuple[float, str], ...] = ()
    colour: str = "#1f4e79"

    @property
    def steps(self) -> int:
        return round(self.length / self.step)


@dataclass(frozen=True, slots=True)
class RulerPiece:
    """Steps ``first``…``last`` (exclusive) of ``ruler``, ``height`` tall, with a glue tab
    unless it is the last piece."""

    ruler: Ruler
    first: int
    last: int
    index: int
    count: int
    strip: float
    cuts: tuple[int, ...] = ()
    """The steps where every piece of the ruler starts, and its end (the pieces' bounds)."""

    @property
    def span(self) -> float:
        return (self.last - self.first) * self.ruler.step

    @property
    def has_tab(self) -> bool:
        return self.index < self.count - 1

    @property
    def width(self) -> float:
        return self.span + (TAB if self.has_tab else 0.0)

    @property
    def height(self) -> float:
        return self.strip

    @property
    def divisions(self) -> int:
        return self.last - self.first

    def tick_box(self) -> tuple[float, float, float, float]:
        """The box (piece coordinates) holding exactly this piece's promised ticks."""
        return (-0.5, self.strip * 0.35, self.span + 0.5, self.strip)

    def draw(self, canvas: Canvas) -> None:
        ruler, h, span = self.ruler, self.strip, self.span
        start = self.first * ruler.step
        canvas.saveState()
        for band in ruler.bands:
            lo = max(band.low - start, 0.0)
            hi = min(band.high - start, span)
            if hi > lo:
                canvas.setFillColorRGB(*rgb(band.colour))
                canvas.rect(lo, 0, hi - lo, h, stroke=0, fill=1)
                canvas.setFillColorRGB(0, 0, 0)
                placed = self.band_label(band)
                if placed is not None:
                    size, centre = placed
                    canvas.setFont(fonts.SEMIBOLD, size)
                    canvas.drawCentredString(centre, 3.0, band.label)
        if self.has_tab:
            canvas.setFillColorRGB(0.93, 0.93, 0.93)
            canvas.rect(span, 0, TAB, h, stroke=0, fill=1)
            canvas.setFillColorRGB(0.3, 0.3, 0.3)
            canvas.setFont(fonts.SEMIBOLD, MIN_TEXT_SIZE)
            canvas.saveState()
            canvas.translate(span + TAB / 2 + 2, h / 2)
            canvas.rotate(90)
            canvas.drawCentredString(0, 0, f"glue piece {self.index + 2} here")
            canvas.restoreState()
        canvas.setStrokeColorRGB(*OUTLINE_COLOR)
        canvas.setLineWidth(0.5)
        canvas.rect(0, 0, self.width, h, stroke=1, fill=0)
        # minor ticks (not promised)
        if ruler.minor > 1:
            canvas.setStrokeColorRGB(*MINOR_COLOR)
            canvas.setLineWidth(0.3)
            path = canvas.beginPath()
            for k in range(self.divisions):
                for m in range(1, ruler.minor):
                    x = (k + m / ruler.minor) * ruler.step
                    path.moveTo(x, h)
                    path.lineTo(x, h - h * 0.18)
            canvas.drawPath(path, stroke=1, fill=0)
        # promised ticks: one per step, the piece's two ends included
        canvas.setStrokeColorRGB(*TICK_COLOR)
        canvas.setLineWidth(0.4)
        canvas.setLineCap(0)
        path = canvas.beginPath()
        for k in range(self.divisions + 1):
            n = self.first + k
            x = k * ruler.step
            tall = 0.5 if (ruler.step_label == "click" or n % 5 == 0) else 0.3
            path.moveTo(x, h)
            path.lineTo(x, h - h * tall)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(fonts.SEMIBOLD, LABEL_SIZE)
        for k in range(self.divisions + 1):
            n = self.first + k
            x = k * ruler.step
            if ruler.step_label == "cm" and n % 5 == 0 and n > 0:
                label = f"{n}"
            elif ruler.step_label == "click" and n > 0:
                label = f"{n} click{'s' if n > 1 else ''}"
            else:
                continue
            half = fonts.text_width(label, fonts.SEMIBOLD, LABEL_SIZE) / 2
            canvas.drawCentredString(self.inside(x, half), h * 0.5 - LABEL_SIZE - 1, label)
        for at, label in ruler.marks:
            x = at - start
            if 0 <= x <= span:
                canvas.setStrokeColorRGB(0.8, 0.1, 0.1)
                canvas.setLineWidth(1.0)
                canvas.line(x, 0, x, h * 0.45)
                canvas.setFont(fonts.BOLD, MARK_SIZE)
                width = fonts.text_width(label, fonts.BOLD, MARK_SIZE)
                left = x + 2 if x + 2 + width <= span - 2 else x - 2 - width
                canvas.drawString(max(left, 2.0), h * 0.22, label)
        title, size = self.title()
        canvas.setFillColorRGB(*rgb(ruler.colour))
        canvas.setFont(fonts.BOLD, size)
        canvas.drawString(4, h * 0.5 - LABEL_SIZE * 2 - 3, title)
        canvas.restoreState()

    def inside(self, x: float, half: float) -> float:
        """The centre nearest ``x`` for a label ``2 * half`` wide that keeps it 2 pt inside the
        piece's cut lines (its own ends, not the glue tab the next piece covers)."""
        return min(max(x, half + 2), max(self.span - half - 2, half + 2))

    def title(self) -> tuple[str, float]:
        """The piece's title and its size: the ruler's name and which piece this is, at the
        label size or smaller down to 6 pt; on a piece too short for that, the piece alone
        ("piece 3 of 3", then "3/3")."""
        room = self.span - 8
        number = f"{self.index + 1} of {self.count}"
        wordings = (f"{self.ruler.name} · piece {number}", f"piece {number}")
        for words in wordings:
            if fonts.text_width(words, fonts.BOLD, MIN_TEXT_SIZE) <= room:
                return words, fonts.fit_size(words, fonts.BOLD, LABEL_SIZE, room)
        return f"{self.index + 1}/{self.count}", MIN_TEXT_SIZE

    def band_label(self, band: Band) -> tuple[float, float] | None:
        """Where ``band``'s label goes on this piece: its size and the x it is centred on, or
        None. The label is set in every stretch of the band it fits, at the label size or
        smaller down to 6 pt; a band that no stretch can hold gets it once, at 6 pt, on its
        widest stretch, running on past the band's shading but kept on the piece."""
        lo, hi = self._stretch(band, self.first, self.last)
        if hi <= lo:
            return None
        width = fonts.text_width(band.label, fonts.SEMIBOLD, MIN_TEXT_SIZE)
        if width <= hi - lo - 4:
            return fonts.fit_size(band.label, fonts.SEMIBOLD, LABEL_SIZE, hi - lo - 4), (
                lo + hi
            ) / 2
        cuts = self.cuts or (self.first, self.last)
        stretches = [self._stretch(band, a, b) for a, b in itertools.pairwise(cuts)]
        if any(width <= b - a - 4 for a, b in stretches):
            return None  # another piece carries it
        widest = max(range(len(stretches)), key=lambda i: stretches[i][1] - stretches[i][0])
        if cuts[widest] != self.first:
            return None
        half = width / 2 + 2
        return MIN_TEXT_SIZE, min(max((lo + hi) / 2, half), max(self.span - half, half))

    def _stretch(self, band: Band, first: int, last: int) -> tuple[float, float]:
        """The part of ``band`` on the piece of steps ``first``…``last``, in this piece's
        coordinates when that piece is this one."""
        start = first * self.ruler.step
        span = (last - first) * self.ruler.step
        return max(band.low - start, 0.0), min(band.high - start, span)


def pieces(ruler: Ruler, longest: float, strip: float) -> tuple[RulerPiece, ...]:
    """Cut ``ruler`` into pieces of at most ``longest`` points, at whole steps."""
    per = max(1, math.floor(longest / ruler.step + 1e-9))
    total = ruler.steps
    cuts = [*list(range(0, total, per)), total]
    count = len(cuts) - 1
    return tuple(
        RulerPiece(ruler, cuts[i], cuts[i + 1], i, count, strip, tuple(cuts)) for i in range(count)
    )
