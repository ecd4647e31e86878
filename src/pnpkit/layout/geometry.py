"""Axis-aligned rectangles in points (ReportLab coordinates, y up), and the corners of a
flat-topped hex."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rect:
    """``x0 <= x1``, ``y0 <= y1``; lower-left (x0, y0), upper-right (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @staticmethod
    def of(x: float, y: float, width: float, height: float) -> Rect:
        return Rect(x, y, x + width, y + height)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def mirrored(self, axis: float) -> Rect:
        """The box mirrored about the vertical line ``x = axis`` (a back behind its front)."""
        return Rect(2 * axis - self.x1, self.y0, 2 * axis - self.x0, self.y1)

    def grown(self, d: float) -> Rect:
        return Rect(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def intersect(self, other: Rect) -> Rect | None:
        x0, y0 = max(self.x0, other.x0), max(self.y0, other.y0)
        x1, y1 = min(self.x1, other.x1), min(self.y1, other.y1)
        if x0 > x1 or y0 > y1:
            return None
        return Rect(x0, y0, x1, y1)

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (
            other.x0 >= self.x0 - tolerance
            and other.y0 >= self.y0 - tolerance
            and other.x1 <= self.x1 + tolerance
            and other.y1 <= self.y1 + tolerance
        )

    def contains_point(self, x: float, y: float, tolerance: float = 1e-6) -> bool:
        return (
            self.x0 - tolerance <= x <= self.x1 + tolerance
            and self.y0 - tolerance <= y <= self.y1 + tolerance
        )

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)


def flat_hex(cx: float, cy: float, half: float) -> list[tuple[float, float]]:
    """The corners of the flat-topped hex centred at ``(cx, cy)`` whose flats are ``half``
    from its centre, anticlockwise from the right-hand corner."""
    corner = half * 2 / math.sqrt(3)
    return [
        (cx + corner, cy),
        (cx + corner / 2, cy + half),
        (cx - corner / 2, cy + half),
        (cx - corner, cy),
        (cx - corner / 2, cy - half),
        (cx + corner / 2, cy - half),
    ]
