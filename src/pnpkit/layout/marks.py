"""Printer's marks: the calibration ruler, crop marks, fold/cut/trim lines, alignment targets.

Every function draws at page coordinates the caller gives and keeps the canvas state it found
(``saveState``/``restoreState``). Callers keep the marks inside the 0.25 in margin; the sizes the
marks need are constants here (:data:`CALIBRATION_HEIGHT`, :func:`calibration_width`,
:data:`CROP_REACH`).

Line styles (one meaning each, everywhere):

- trim line — thin solid: cut exactly here (a sheet's edge, a card's trim);
- cut line — dotted: cut roughly here (the outer edge of a glue strip, between pieces);
- fold line — dashed: fold here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from pnpkit.layout.geometry import Rect
from pnpkit.render import fonts
from pnpkit.units import INCH, MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnpkit.layout.document import Document
else:
    Canvas = Any
    Document = Any

RGB = tuple[float, float, float]

# Dedicated stroke colours: verify measures the ruler ticks by these (see RulerPromise).
RULER_INCH_COLOR: RGB = (0.0, 0.0, 0.1)
RULER_CM_COLOR: RGB = (0.1, 0.0, 0.0)
MARK_COLOR: RGB = (0.0, 0.0, 0.0)
TRIM_COLOR: RGB = (0.0, 0.0, 0.0)
CUT_COLOR: RGB = (0.35, 0.35, 0.35)
FOLD_COLOR: RGB = (0.35, 0.35, 0.35)

PRINT_AT_100 = "Print at 100 % (actual size), not fit to page"

CALIBRATION_HEIGHT = 21.0
"""Height of :func:`calibration` (bars with labels above the 100 % words)."""

_TICK_WIDTH = 0.35
_WORDS_SIZE = 7.0
_LABEL_SIZE = 6.0
_BAR_GAP = 10.0
_LABEL_GAP = 2.5
_TICK_BASE = 11.0  # the bars' baseline above the block's bottom
_CM_LENGTH = 5 * 10 * MM
_INSET = 1.0  # keeps the ticks' half line width inside the block


class _Bar(NamedTuple):
    """One bar of the calibration ruler: its label, length, ticks, colour and tick heights."""

    label: str
    length: float
    divisions: int
    color: RGB
    tick: Callable[[int], float]


def calibration_width() -> float:
    """Width of :func:`calibration`: both bars and their labels, or the words if wider."""
    bars = 2 * _INSET
    for n, bar in enumerate(_BARS):
        if n:
            bars += _BAR_GAP
        bars += bar.length
        bars += _LABEL_GAP
        bars += fonts.text_width(bar.label, fonts.SEMIBOLD, _LABEL_SIZE)
    words = fonts.text_width(PRINT_AT_100, fonts.BOLD, _WORDS_SIZE)
    return max(bars, words)


def calibration(
    canvas: Canvas, x: float, y: float, doc: Document | None = None, *, turned: bool = False
) -> Rect:
    """Draw the calibration ruler with its lower-left corner at (x, y); return its box.

    A 1 in bar with 1/8 in ticks, a 5 cm bar with 1 mm ticks (each labelled), and under them
    the words "Print at 100 % (actual size), not fit to page". ``turned``: the whole block a
    quarter turn anticlockwise (reading upwards), :data:`CALIBRATION_HEIGHT` wide and
    :func:`calibration_width` tall. With ``doc``, record both bars as
    :class:`~pnpkit.verify.promises.RulerPromise` s on the page being drawn.
    """
    fonts.register()
    canvas.saveState()
    ox, oy = x, y  # drawn at (x, y), or in a turned frame whose origin is the block's
    if turned:
        canvas.translate(x + CALIBRATION_HEIGHT, y)
        canvas.rotate(90)
        ox, oy = 0.0, 0.0
    base = oy + _TICK_BASE
    canvas.setLineWidth(_TICK_WIDTH)
    canvas.setLineCap(0)
    # 1 in: ticks every 1/8 in, taller at 1/4, 1/2 and the ends; 5 cm: ticks every 1 mm.
    boxes: list[Rect] = []
    bar_x = ox + _INSET
    for n, bar in enumerate(_BARS):
        boxes.append(_bar(canvas, bar_x, base, bar.length, bar.divisions, bar.color, bar.tick))
        label_x = bar_x + bar.length + _LABEL_GAP
        if not n:  # the labels' colour and font, set once
            canvas.setFillColorRGB(0, 0, 0)
            canvas.setFont(fonts.SEMIBOLD, _LABEL_SIZE)
        canvas.drawString(label_x, base, bar.label)
        bar_x = label_x + fonts.text_width(bar.label, fonts.SEMIBOLD, _LABEL_SIZE) + _BAR_GAP
    canvas.setFont(fonts.BOLD, _WORDS_SIZE)
    canvas.drawString(ox, oy + 2.0, PRINT_AT_100)
    canvas.restoreState()

    def on_page(box: Rect) -> Rect:
        if turned:  # local (u, v) lands at (x + H − v, y + u)
            h = CALIBRATION_HEIGHT
            return Rect(x + h - box.y1, y + box.x0, x + h - box.y0, y + box.x1)
        return box

    if doc is not None:
        for bar, box in zip(_BARS, boxes, strict=True):
            doc.promise_ruler(
                what=f"calibration ruler {bar.label}",
                length=bar.length,
                divisions=bar.divisions,
                color=bar.color,
                bbox=on_page(box).grown(1.0).as_tuple(),
                axis="y" if turned else "x",
            )
    if turned:
        return Rect.of(x, y, CALIBRATION_HEIGHT, calibration_width())
    return Rect.of(x, y, calibration_width(), CALIBRATION_HEIGHT)


def _inch_tick(i: int) -> float:
    if i % 8 == 0:
        return 8.0
    if i % 4 == 0:
        return 6.0
    if i % 2 == 0:
        return 4.5
    return 3.0


def _mm_tick(i: int) -> float:
    if i % 10 == 0:
        return 8.0
    if i % 5 == 0:
        return 5.5
    return 3.0


def _bar(
    canvas: Canvas,
    x: float,
    base: float,
    length: float,
    divisions: int,
    color: RGB,
    tick: Any,
) -> Rect:
    canvas.setStrokeColorRGB(*color)
    path = canvas.beginPath()
    path.moveTo(x, base)
    path.lineTo(x + length, base)
    for i in range(divisions + 1):
        tx = x + length * i / divisions
        path.moveTo(tx, base)
        path.lineTo(tx, base + tick(i))
    canvas.drawPath(path, stroke=1, fill=0)
    return Rect(x, base, x + length, base + 8.0)


_BARS = (
    _Bar("1 in", INCH, 8, RULER_INCH_COLOR, _inch_tick),
    _Bar("5 cm", _CM_LENGTH, 50, RULER_CM_COLOR, _mm_tick),
)
"""The calibration ruler's bars, left to right (verify measures each by its colour)."""

CROP_OFFSET = 3.0
CROP_LENGTH = 9.0
CROP_REACH = CROP_OFFSET + CROP_LENGTH
"""How far crop marks reach outside the trim box."""


def crop_marks(canvas: Canvas, trim: Rect, *, bleed: float = 0.0) -> None:
    """Short lines outside each corner of ``trim``, in line with its edges.

    They start ``CROP_OFFSET`` (+ ``bleed``) outside the trim and reach ``CROP_REACH`` (+ bleed).
    """
    start = CROP_OFFSET + bleed
    end = CROP_REACH + bleed
    canvas.saveState()
    canvas.setStrokeColorRGB(*TRIM_COLOR)
    canvas.setLineWidth(0.3)
    path = canvas.beginPath()
    for cx, sx in ((trim.x0, -1), (trim.x1, 1)):
        for cy, sy in ((trim.y0, -1), (trim.y1, 1)):
            path.moveTo(cx + sx * start, cy)
            path.lineTo(cx + sx * end, cy)
            path.moveTo(cx, cy + sy * start)
            path.lineTo(cx, cy + sy * end)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _line(
    canvas: Canvas,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    color: RGB,
    width: float,
    dash: tuple[float, ...] | None,
    cap: int = 0,
) -> None:
    canvas.saveState()
    canvas.setStrokeColorRGB(*color)
    canvas.setLineWidth(width)
    canvas.setLineCap(cap)
    if dash:
        canvas.setDash(list(dash), 0)
    canvas.line(x0, y0, x1, y1)
    canvas.restoreState()


def trim_line(
    canvas: Canvas, x0: float, y0: float, x1: float, y1: float, color: RGB = TRIM_COLOR
) -> None:
    """A thin solid line: cut exactly here."""
    _line(canvas, x0, y0, x1, y1, color, 0.5, None)


def cut_line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    """A dotted line: cut roughly here (glue strips' outer edges)."""
    _line(canvas, x0, y0, x1, y1, CUT_COLOR, 0.6, (0.1, 2.0), cap=1)


def fold_line(
    canvas: Canvas, x0: float, y0: float, x1: float, y1: float, color: RGB = FOLD_COLOR
) -> None:
    """A dashed line: fold here."""
    _line(canvas, x0, y0, x1, y1, color, 0.5, (4.0, 2.5))


def trim_box(canvas: Canvas, box: Rect, color: RGB = TRIM_COLOR) -> None:
    """Trim lines round ``box`` (one closed rectangle)."""
    canvas.saveState()
    canvas.setStrokeColorRGB(*color)
    canvas.setLineWidth(0.5)
    canvas.rect(box.x0, box.y0, box.width, box.height, stroke=1, fill=0)
    canvas.restoreState()


ALIGN_RADIUS = 4.0


def crosshair(canvas: Canvas, x: float, y: float, radius: float = ALIGN_RADIUS) -> None:
    """An alignment target centred on (x, y): a circle with a cross reaching past it.

    Drawn white-under-black so it reads on dark chart colours too.
    """
    arm = radius * 1.6
    canvas.saveState()
    canvas.setLineCap(0)
    for color, width in (((1.0, 1.0, 1.0), 1.4), (MARK_COLOR, 0.45)):
        canvas.setStrokeColorRGB(*color)
        canvas.setLineWidth(width)
        canvas.circle(x, y, radius, stroke=1, fill=0)
        path = canvas.beginPath()
        path.moveTo(x - arm, y)
        path.lineTo(x + arm, y)
        path.moveTo(x, y - arm)
        path.lineTo(x, y + arm)
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def triangle(canvas: Canvas, x: float, y: float, pointing: str, size: float = 5.0) -> None:
    """A filled alignment triangle with its tip at (x, y), pointing "up", "down", "left" or
    "right" (towards the edge it marks)."""
    dx, dy = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}[pointing]
    bx, by = x - dx * size, y - dy * size
    px, py = -dy * size * 0.6, dx * size * 0.6
    canvas.saveState()
    canvas.setFillColorRGB(*MARK_COLOR)
    path = canvas.beginPath()
    path.moveTo(x, y)
    path.lineTo(bx + px, by + py)
    path.lineTo(bx - px, by - py)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
