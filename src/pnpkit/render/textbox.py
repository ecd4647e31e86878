"""Wrapped text in a box: fitted when the kit is planned (:func:`fit_lines`, no drawing library:
the largest size that fits, or a DataError naming the field and where the data wrote it), drawn
on a canvas later (:func:`draw_fitted`), so ``pnpkit check`` refuses what the build would."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.errors import DataError, Problem
from pnpkit.render import fonts
from pnpkit.render.typeset import break_lines, location_of, text_sizes
from pnpkit.verify.promises import MIN_TEXT_SIZE

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

LEADING = 1.15
"""Baseline to baseline, as a multiple of the size."""
ASCENT = 0.85
"""From the box's top edge to the first baseline, as a multiple of the size."""


@dataclass(frozen=True, slots=True)
class FittedLines:
    """Text broken into the lines that fit its box, at the size they fit at."""

    font: str
    size: float
    lines: tuple[str, ...]


def fit_lines(
    text: str,
    width: float,
    height: float,
    size: float,
    font: str,
    *,
    what: str,
    where: str,
    min_size: float = MIN_TEXT_SIZE,
) -> FittedLines:
    """``text`` in lines no wider than ``width`` and ``height`` tall at most, at the largest
    size from ``size`` down to ``min_size`` (0.25 pt steps) that fits; none fits → DataError at
    ``where`` naming ``what``."""
    for step in text_sizes(size, min_size):
        lines = break_lines(text, font, step, width)
        if lines is not None and step + (len(lines) - 1) * step * LEADING <= height + 1e-6:
            return FittedLines(font, step, tuple(lines))
    raise _overflow(text, what, where, f"{width:.0f} × {height:.0f} pt")


def fit_line(
    text: str, width: float, size: float, font: str, *, what: str, where: str
) -> FittedLines:
    """``text`` on one line no wider than ``width``, at the largest size from ``size`` down to
    6 pt (0.25 pt steps) at which it fits; else a DataError at ``where`` naming ``what``."""
    for step in text_sizes(size, MIN_TEXT_SIZE):
        if fonts.text_width(text, font, step) <= width:
            return FittedLines(font, step, (text,))
    raise _overflow(text, what, where, f"one line of {width:.0f} pt")


def _overflow(text: str, what: str, where: str, room: str) -> DataError:
    return DataError([Problem(location_of(where), what, f"text does not fit: {text!r} in {room}")])


def draw_fitted(
    canvas: Canvas,
    fitted: FittedLines,
    x: float,
    top: float,
    width: float,
    *,
    centre: bool = True,
) -> None:
    """Lines fitted by :func:`fit_lines` drawn in their box (``top`` its upper edge, ``x`` its
    left edge, ``width`` the width they were fitted to)."""
    step = fitted.size
    canvas.setFont(fitted.font, step)
    for i, line in enumerate(fitted.lines):
        y = top - step * ASCENT - i * step * LEADING
        if centre:
            canvas.drawCentredString(x + width / 2, y, line)
        else:
            canvas.drawString(x, y, line)
