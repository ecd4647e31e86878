"""How far duplex back pages move, as read from the duplex calibration page."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.errors import UsageError
from pnpkit.units import MM

MAX_OFFSET_MM = 2.5
"""Largest back offset (either axis): back pages carry no crop marks, so the back grid has
CROP_REACH (2.8 mm) of room to move in without entering the margin."""


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
                    f"{MAX_OFFSET_MM:g} mm on each axis)"
                )
        return BackOffset(x_mm * MM, y_mm * MM)


NO_OFFSET = BackOffset()
