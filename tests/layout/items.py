"""Synthetic components for the layout tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpkit.render.base import GridPromise
from pnpkit.units import INCH

HEX_WIDTH = 17 * 1.25 * INCH  # 21.25 in: 17 hexes 1.25 in across the flats
HEX_HEIGHT = 26 * 1.25 / 3**0.5 * INCH  # about 18.76 in: radius-8 hexagon, pointy-top


@dataclass(frozen=True)
class Plain:
    """A tinted box with a diagonal: no cut positions (cut anywhere), no promised grid."""

    width: float = HEX_WIDTH
    height: float = HEX_HEIGHT
    title: str = "Hex chart"
    cuts_x: tuple[float, ...] = ()
    cuts_y: tuple[float, ...] = ()
    grid: GridPromise | None = None

    def draw(self, canvas: Any) -> None:
        canvas.setFillColorRGB(0.85, 0.92, 1.0)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
        canvas.line(0, 0, self.width, self.height)
