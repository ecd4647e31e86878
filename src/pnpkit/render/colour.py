"""Colours and boxed text shared by boards and sheets: hex colours to RGB, tints, the ink that
reads on a colour, and wrapped text that must fit its box (a DataError naming the field if not)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.errors import DataError, Problem
from pnpkit.render.cards import break_lines, location_of

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

SEA = (0.80, 0.89, 0.95)
INK = (0.0, 0.0, 0.0)


def hex_rgb(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def tint(rgb: tuple[float, float, float], amount: float) -> tuple[float, float, float]:
    """``rgb`` mixed with white: ``amount`` 0 keeps it, 1 is white."""
    return (
        rgb[0] + (1 - rgb[0]) * amount,
        rgb[1] + (1 - rgb[1]) * amount,
        rgb[2] + (1 - rgb[2]) * amount,
    )


def ink_for(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Black or white, whichever reads better on ``rgb``."""
    luminance = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return (0.0, 0.0, 0.0) if luminance > 0.45 else (1.0, 1.0, 1.0)


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
