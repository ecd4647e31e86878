"""How far duplex back pages move, as read from the duplex calibration page."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.errors import UsageError
from pnpkit.units import MM

MAX_OFFSET_MM = 5.0
"""Largest back offset (either axis): what the duplex calibration page's scales measure
(−5 to +5 mm). Back pages are clipped to the printable area, so a moved back never enters
the margin; where the paper leaves no room (nine poker cards fill Letter from top to bottom),
the part of a back moved past the margin is not printed."""


@dataclass(frozen=True, slots=True)
class BackOffset:
    """How far to move every back page, in points (x right, y up), as measured after a test print."""

    x: float = 0.0
    y: float = 0.0

    @staticmethod
    def from_mm(x_mm: float, y_mm: float) -> BackOffset:
        for value in (x_mm, y_mm):
            if abs(value) > MAX_OFFSET_MM:
                raise UsageError(
                    f"back offset {value:g} mm is too large (allowed: −{MAX_OFFSET_MM:g} to "
                    f"{MAX_OFFSET_MM:g} mm on each axis, what the duplex calibration page measures)"
                )
        return BackOffset(x_mm * MM, y_mm * MM)

    @property
    def mm(self) -> tuple[float, float]:
        """``(x, y)`` in millimetres."""
        return (self.x / MM, self.y / MM)


NO_OFFSET = BackOffset()
