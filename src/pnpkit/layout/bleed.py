"""A face drawn with its edges carried outwards (bleed), without touching its template.

The outermost :data:`EDGE` points of each side are mirrored and stretched over the bleed (the
corners take the corner's colour), so a background that runs to the trim runs on past it: a
miscut or a duplex drift shows the card's own edge colour, never white, and no line of the
design is repeated. The face itself is drawn once at its trim box, unscaled (verify finds it
there); the eight bleed pieces are the same form drawn mirrored and clipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.layout.geometry import Rect

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

EDGE = 0.5
"""Points of the face's edge that are stretched over the bleed."""

Sides = tuple[float, float, float, float]
"""Bleed on the left, bottom, right and top."""


def _bands(
    start: float, size: float, low: float, high: float
) -> list[tuple[float, float, float, float]]:
    """Along one axis: ``(scale, translate, band start, band length)`` for the face and each
    side with bleed. A point ``u`` of the form lands at ``scale · u + translate``."""
    bands = [(1.0, start, start, size)]
    if low > 0:
        k = low / EDGE
        bands.append((-k, start, start - low, low))
    if high > 0:
        k = high / EDGE
        bands.append((-k, start + size + k * size, start + size, high))
    return bands


def draw_bled(canvas: Canvas, form: str, box: Rect, bleed: Sides = (0.0, 0.0, 0.0, 0.0)) -> None:
    """Draw the form XObject ``form`` (made for a face of ``box``'s size) at ``box``, its edges
    carried ``bleed`` (left, bottom, right, top) past the box."""
    left, bottom, right, top = bleed
    if not any(bleed):
        canvas.saveState()
        canvas.translate(box.x0, box.y0)
        canvas.doForm(form)
        canvas.restoreState()
        return
    for sx, tx, x0, width in _bands(box.x0, box.width, left, right):
        for sy, ty, y0, height in _bands(box.y0, box.height, bottom, top):
            canvas.saveState()
            if (sx, sy) != (1.0, 1.0):
                clip = canvas.beginPath()
                clip.rect(x0, y0, width, height)
                canvas.clipPath(clip, stroke=0, fill=0)
            canvas.translate(tx, ty)
            if (sx, sy) != (1.0, 1.0):
                canvas.scale(sx, sy)
            canvas.doForm(form)
            canvas.restoreState()
