"""Lengths. Parsed once at the data boundary; everything inside pnpkit speaks points.

>>> to_points("1.25in")
90.0
>>> round(to_points("32mm"), 4)
90.7087
"""

from __future__ import annotations

import re

POINTS_PER_INCH = 72.0
POINTS_PER_MM = 72.0 / 25.4

INCH = POINTS_PER_INCH
MM = POINTS_PER_MM
CM = 10 * POINTS_PER_MM

UNITS: dict[str, float] = {
    "in": POINTS_PER_INCH,
    "mm": POINTS_PER_MM,
    "cm": 10 * POINTS_PER_MM,
    "pt": 1.0,
}

_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*(in|mm|cm|pt)\s*$")


class UnitError(ValueError):
    """A length that cannot be read; the message says what is allowed."""


def to_points(text: str | int | float) -> float:
    """Read a length such as ``"1.25in"``, ``"32mm"``, ``"3.5cm"`` or ``"18pt"`` as points.

    A bare number is refused: a length always names its unit.
    """
    if isinstance(text, bool) or not isinstance(text, str):
        raise UnitError(
            f"{text!r} has no unit (allowed: a number with in, mm, cm or pt, e.g. 1.25in)"
        )
    match = _LENGTH.match(text)
    if match is None:
        raise UnitError(
            f"{text!r} is not a length (allowed: a number with in, mm, cm or pt, e.g. 1.25in)"
        )
    return float(match.group(1)) * UNITS[match.group(2)]


def to_mm(points: float) -> float:
    return points / POINTS_PER_MM


def to_inches(points: float) -> float:
    return points / POINTS_PER_INCH
