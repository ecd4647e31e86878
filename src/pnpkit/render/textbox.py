"""Wrapped text drawn in a box on a canvas: it fits, at the largest size that fits, or it is a
DataError naming the field and where the data wrote it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.errors import DataError, Problem
from pnpkit.render.cards import break_lines, location_of

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any


def draw_lines(
    canvas: Canvas,
    text: str,
    x: float,
    top: float,
    width: float,
    height: float,
    size: float,
    font: str,
    *,
    what: str,
    where: str,
    centre: bool = True,
    min_size: float = 5.0,
) -> None:
    """Wrapped text in a box (``top`` its upper edge); too long → DataError naming ``what``."""
    step = size
    while step >= min_size - 1e-9:
        lines = break_lines(text, font, step, width)
        if lines is not None and step + (len(lines) - 1) * step * 1.15 <= height + 1e-6:
            canvas.setFont(font, step)
            for i, line in enumerate(lines):
                y = top - step * 0.85 - i * step * 1.15
                if centre:
                    canvas.drawCentredString(x + width / 2, y, line)
                else:
                    canvas.drawString(x, y, line)
            return
        step -= 0.25
    raise DataError(
        [
            Problem(
                location_of(where),
                what,
                f"text does not fit: {text!r} in {width:.0f} × {height:.0f} pt",
            )
        ]
    )
