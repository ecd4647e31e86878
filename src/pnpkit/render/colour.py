"""Colours, defined once: ``#rrggbb`` to RGB, mixes and tints, and the ink that reads on a
colour. Mixing replaces opacity everywhere: ReportLab drops transparency inside form XObjects."""

from __future__ import annotations

import re

SEA = (0.80, 0.89, 0.95)
INK = (0.0, 0.0, 0.0)
_HEX = re.compile(r"#?[0-9a-fA-F]{6}")


def hex_rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` → three floats in 0…1."""
    value = colour.lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0…1) towards ``other``, as ``#rrggbb``."""
    for given in (colour, other):
        if not isinstance(given, str) or _HEX.fullmatch(given) is None:
            raise ValueError(f"{given!r} is not a colour #rrggbb")
    a = [int(colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
    b = [int(other.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


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
