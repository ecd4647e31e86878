"""Synthetic components for the layout tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpkit.render.drawable import GridPromise
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


@dataclass(frozen=True)
class Box:
    """A card of ``width`` × ``height`` points: its outline."""

    width: float
    height: float

    def draw(self, canvas: Any) -> None:
        canvas.rect(0, 0, self.width, self.height, stroke=1, fill=0)


ROOT3 = 3**0.5


@dataclass(frozen=True)
class HexBoard:
    """A pointy-top hexagon of hexes (radius 8: 217 hexes, 1.25 in across the flats), labelled
    with their index: a :class:`~pnpkit.render.drawable.Celled` item like the hex chart."""

    radius: int = 8
    size: float = 1.25 * INCH
    title: str = "Hex board"
    grid: GridPromise | None = None
    labels: bool = True

    def at_scale(self, scale: float) -> HexBoard:
        """Drawn smaller than 1:1 (the assembly page), the labels go when they would print
        under 6 pt, as the charts' do."""
        from dataclasses import replace

        from pnpkit.render.legible import legible

        return replace(self, labels=legible(9, scale))

    @property
    def width(self) -> float:
        return (2 * self.radius + 1) * self.size

    @property
    def height(self) -> float:
        return (3 * self.radius + 2) * self.size / ROOT3

    def hexes(self) -> list[tuple[int, int]]:
        n = self.radius
        return [(q, r) for r in range(-n, n + 1) for q in range(max(-n, -n - r), min(n, n - r) + 1)]

    def centre(self, q: int, r: int) -> tuple[float, float]:
        side = self.size / ROOT3
        return (self.width / 2 + self.size * (q + r / 2), self.height / 2 - 1.5 * side * r)

    @property
    def cell_outlines(self) -> tuple[tuple[tuple[float, float], ...], ...]:
        import math

        side = self.size / ROOT3
        out = []
        for q, r in self.hexes():
            cx, cy = self.centre(q, r)
            out.append(
                tuple(
                    (
                        cx + side * math.cos(math.radians(30 - 60 * i)),
                        cy + side * math.sin(math.radians(30 - 60 * i)),
                    )
                    for i in range(6)
                )
            )
        return tuple(out)

    @property
    def cuts_x(self) -> tuple[float, ...]:
        steps = round(2 * self.width / self.size)
        return tuple(i * self.size / 2 for i in range(1, steps))

    @property
    def cuts_y(self) -> tuple[float, ...]:
        side = self.size / ROOT3
        return tuple(1.75 * side + 1.5 * side * i for i in range(2 * self.radius))

    def draw(self, canvas: Any) -> None:
        from pnpkit.render import fonts

        fonts.register()
        canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
        canvas.setFont(fonts.REGULAR, 9)
        for index, outline in enumerate(self.cell_outlines):
            path = canvas.beginPath()
            path.moveTo(*outline[0])
            for point in outline[1:]:
                path.lineTo(*point)
            path.close()
            canvas.drawPath(path, stroke=1, fill=0)
            if self.labels:
                cx = sum(p[0] for p in outline) / 6
                cy = sum(p[1] for p in outline) / 6
                canvas.drawCentredString(cx, cy - 3, f"h{index}")
