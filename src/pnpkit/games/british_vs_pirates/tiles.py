"""British vs Pirates sea tiles: pointy-top hexes, each tile a hexagon of spaces.

Hex spaces are ``hex`` points across the flats. The vertical hex edges are stroked in
:data:`HEX_EDGE_COLOR` only; they stand ``hex / 2`` apart across the tile, which the page
promises and :mod:`pnpkit.verify` measures. Islands (land, port entrance, fort, point of
interest), harvest spots and the wind vane's hex with its D6 directions are drawn from the
tile's data; every marking carries a letter or word, not colour alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.games.british_vs_pirates.model import BvpGame, Tile
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb as rgb

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

HEX_EDGE_COLOR = (0.15, 0.25, 0.45)
OTHER_EDGE = (0.35, 0.45, 0.6)
SEA = "#cfe6f3"
LAND = "#d8c08c"


def spaces(radius: int) -> list[tuple[int, int]]:
    """Axial (q, r) of every space within ``radius`` of the centre, row by row."""
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) <= radius
    ]


@dataclass(frozen=True, slots=True)
class SeaTile:
    game: BvpGame
    tile: Tile

    @property
    def across(self) -> float:
        return self.game.hex

    @property
    def corner(self) -> float:
        return self.across / math.sqrt(3)

    @property
    def width(self) -> float:
        return self.across * (2 * self.game.radius + 1) + 2

    @property
    def height(self) -> float:
        return self.corner * (3 * self.game.radius + 2) + 2

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return (
            self.width / 2 + self.across * (q + r / 2),
            self.height / 2 - 1.5 * self.corner * r,
        )

    def corners(self, q: int, r: int) -> list[tuple[float, float]]:
        cx, cy = self.centre(q, r)
        return [
            (
                cx + self.corner * math.cos(math.radians(30 + 60 * k)),
                cy + self.corner * math.sin(math.radians(30 + 60 * k)),
            )
            for k in range(6)
        ]

    def _features(self) -> dict[tuple[int, int], tuple[str, str, str]]:
        """Space → (fill, big label, small label)."""
        out: dict[tuple[int, int], tuple[str, str, str]] = {}
        goods = {g.key: g for g in self.game.goods}
        for spot in self.tile.harvest:
            found = goods.get(spot.good)
            label = found.name if found else spot.good
            out[spot.at] = (found.colour if found else "#ffffff", "H", label)
        for island in self.tile.islands:
            faction = self.game.faction(island.faction)
            for at in island.land:
                out[at] = (LAND, island.name, faction.name if faction else "free port")
            if island.port is not None:
                out[island.port] = ("#ffffff", "P", "port entrance")
            if island.fort is not None:
                out[island.fort] = (faction.colour if faction else "#9e9e9e", "F", "fort")
            if island.poi is not None:
                out[island.poi] = ("#fff59d", "POI", "point of interest")
        if self.tile.wind_vane is not None:
            q0, r0 = self.tile.wind_vane
            out[(q0, r0)] = ("#e3f2fd", "Wind Vane", "place it here")
            for n, (dq, dr) in enumerate(
                ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)), start=1
            ):
                out[(q0 + dq, r0 + dr)] = ("#e3f2fd", str(n), "wind (D6)")
        return out

    def draw(self, canvas: Canvas) -> None:
        features = self._features()
        canvas.saveState()
        for q, r in spaces(self.game.radius):
            fill, big, small = features.get((q, r), (SEA, "", ""))
            pts = self.corners(q, r)
            path = canvas.beginPath()
            path.moveTo(*pts[0])
            for p in pts[1:]:
                path.lineTo(*p)
            path.close()
            canvas.setFillColorRGB(*rgb(fill))
            canvas.drawPath(path, stroke=0, fill=1)
            cx, cy = self.centre(q, r)
            if big:
                r_, g_, b_ = rgb(fill)
                dark = 0.2126 * r_ + 0.7152 * g_ + 0.0722 * b_ <= 0.45
                canvas.setFillColorRGB(*((1.0, 1.0, 1.0) if dark else (0.0, 0.0, 0.0)))
                size = fonts.fit_size(big, fonts.BOLD, 14, self.across * 0.8, 6)
                canvas.setFont(fonts.BOLD, size)
                canvas.drawCentredString(cx, cy + 1, big)
                canvas.setFont(
                    fonts.REGULAR, fonts.fit_size(small, fonts.REGULAR, 7, self.across * 0.8, 4)
                )
                canvas.drawCentredString(cx, cy - 10, small)
        canvas.setLineWidth(0.8)
        for q, r in spaces(self.game.radius):
            pts = self.corners(q, r)
            edges = list(zip(pts, pts[1:] + pts[:1], strict=True))
            for a, b in edges:
                vertical = abs(a[0] - b[0]) < 1e-6
                canvas.setStrokeColorRGB(*(HEX_EDGE_COLOR if vertical else OTHER_EDGE))
                canvas.line(a[0], a[1], b[0], b[1])
        canvas.restoreState()
