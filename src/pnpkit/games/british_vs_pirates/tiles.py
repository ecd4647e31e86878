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
from pnpkit.games.british_vs_pirates.rules import placed, tile_spaces
from pnpkit.games.british_vs_pirates.sailing import NEIGHBOURS
from pnpkit.games.british_vs_pirates.tile_pages import (
    LABEL_SIZE,
    TAB,
    label_room,
    tile_label,
    tile_size,
)
from pnpkit.model.ours import MARK
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


spaces = tile_spaces


def wind_direction(n: int) -> float:
    """The angle (degrees anticlockwise from the right, y up) from the Wind Vane space to the
    space printed with wind direction ``n`` (1–6)."""
    dq, dr = NEIGHBOURS[n - 1]
    return math.degrees(math.atan2(-1.5 / math.sqrt(3) * dr, dq + dr / 2)) % 360


@dataclass(frozen=True, slots=True)
class SeaTile:
    """One sea tile drawn at full size: a hexagon of spaces ``game.hex`` points across the flats,
    with the tile's islands, harvest spots and wind vane."""

    game: BvpGame
    tile: Tile
    number: int = 0
    """The tile's number (its place in ``tiles.yaml``, from 1); 0 draws no label or tabs."""

    @property
    def across(self) -> float:
        return self.game.hex

    @property
    def corner(self) -> float:
        return self.across / math.sqrt(3)

    @property
    def width(self) -> float:
        return tile_size(self.across, self.game.radius)[0]

    @property
    def height(self) -> float:
        return tile_size(self.across, self.game.radius)[1]

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
                out[island.port] = ("#ffffff", "P", f"port of {island.name}")
            if island.fort is not None:
                out[island.fort] = (faction.colour if faction else "#9e9e9e", "F", "fort")
            if island.poi is not None:
                out[island.poi] = ("#fff59d", "POI", "point of interest")
        if self.tile.wind_vane is not None:
            q0, r0 = self.tile.wind_vane
            out[(q0, r0)] = ("#e3f2fd", "Wind Vane", "place it here")
            for n, (dq, dr) in enumerate(NEIGHBOURS, start=1):
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
                    fonts.REGULAR, fonts.fit_size(small, fonts.REGULAR, 7, self.across * 0.8, 6)
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
        if self.number:
            self._tabs_and_edge(canvas)
            self._label(canvas)
        canvas.restoreState()

    def outer_edges(self) -> list[tuple[tuple[float, float], tuple[float, float], int]]:
        """Every edge of the tile's outline: its two corners and the number of the tile across
        it on the assembled map (0: the map's own edge)."""
        owner = {
            space: n
            for n, tile in enumerate(self.game.tiles, 1)
            for space in placed(tile, self.game.radius)
        }
        q0, r0 = self.tile.at
        own = set(spaces(self.game.radius))
        found = []
        for q, r in sorted(own):
            for dq, dr in NEIGHBOURS:
                if (q + dq, r + dr) in own:
                    continue
                nx, ny = self.centre(q + dq, r + dr)
                a, b = sorted(self.corners(q, r), key=lambda p: math.hypot(p[0] - nx, p[1] - ny))[
                    :2
                ]
                found.append((a, b, owner.get((q0 + q + dq, r0 + r + dr), 0)))
        return found

    def _tabs_and_edge(self, canvas: Canvas) -> None:
        """A glue tab on each edge shared with a tile of a higher number (it goes under that
        tile), then the tile's outline drawn heavy."""
        cx, cy = self.width / 2, self.height / 2
        canvas.setLineWidth(0.5)
        for a, b, other in self.outer_edges():
            if other <= self.number:
                continue
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            length = math.hypot(mx - cx, my - cy)
            ux, uy = (mx - cx) / length, (my - cy) / length  # roughly outward
            ex, ey = (b[0] - a[0]), (b[1] - a[1])
            side = math.hypot(ex, ey)
            ex, ey = ex / side, ey / side
            nx, ny = (-ey, ex) if -ey * ux + ex * uy > 0 else (ey, -ex)  # square to the edge
            inset = TAB / math.sqrt(3)  # 60° ends: tabs at a corner meet, never overlap
            tab = [
                a,
                b,
                (b[0] + nx * TAB - ex * inset, b[1] + ny * TAB - ey * inset),
                (a[0] + nx * TAB + ex * inset, a[1] + ny * TAB + ey * inset),
            ]
            path = canvas.beginPath()
            path.moveTo(*tab[0])
            for p in tab[1:]:
                path.lineTo(*p)
            path.close()
            canvas.setFillColorRGB(0.93, 0.93, 0.93)
            canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
            canvas.drawPath(path, stroke=1, fill=1)
            canvas.saveState()
            canvas.translate(mx + nx * TAB * 0.55, my + ny * TAB * 0.55)
            canvas.rotate(label_angle(ex, ey))
            canvas.setFillColorRGB(0.3, 0.3, 0.3)
            canvas.setFont(fonts.REGULAR, 6)
            canvas.drawCentredString(0, -2, f"glue under {other}")
            canvas.restoreState()
        canvas.setLineWidth(2.4)
        canvas.setStrokeColorRGB(0, 0, 0)
        for a, b, _ in self.outer_edges():
            canvas.line(a[0], a[1], b[0], b[1])

    def _label(self, canvas: Canvas) -> None:
        """The up mark and the tile's number and name, near the top corner of its top space."""
        radius = self.game.radius
        cx, cy = self.centre(radius // 2, -radius)
        top = cy + self.corner * 0.9
        canvas.setFillColorRGB(0, 0, 0)
        path = canvas.beginPath()
        path.moveTo(cx, top)
        path.lineTo(cx - 5, top - 8)
        path.lineTo(cx + 5, top - 8)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
        label = tile_label(self.number, self.tile)
        room = label_room(self.across)
        canvas.setFont(fonts.BOLD, fonts.fit_size(label, fonts.BOLD, LABEL_SIZE, room, 6))
        canvas.drawCentredString(cx, top - 16, label)


def label_angle(ex: float, ey: float) -> float:
    """Degrees to turn a tab's label to run along its edge (direction ``ex``, ``ey``) and read
    with the tile upright, its up mark at the top: left to right, and on an upright edge from
    the bottom up, on every side alike."""
    if ex < -1e-9 or (abs(ex) <= 1e-9 and ey < 0):
        ex, ey = -ex, -ey
    return math.degrees(math.atan2(ey, ex))


def _features_at(game: BvpGame) -> dict[tuple[int, int], str]:
    """Every space of the assembled map → its fill (sea, land, port, harvest…)."""
    fills: dict[tuple[int, int], str] = {}
    for tile in game.tiles:
        q0, r0 = tile.at
        for (q, r), (fill, _, _) in SeaTile(game, tile)._features().items():
            fills[(q0 + q, r0 + r)] = fill
        for q, r in tile_spaces(game.radius):
            fills.setdefault((q0 + q, r0 + r), SEA)
    return fills


def assembly_page(canvas: Canvas, game: BvpGame, x: float, y: float, w: float, h: float) -> None:
    """How the tiles fit together: every space of the assembled map, small, each tile's edge
    drawn heavy and its number in a circle at its centre, inside the box (x, y, w, h; y up)."""
    fills = _features_at(game)
    owner = {s: n for n, tile in enumerate(game.tiles, 1) for s in placed(tile, game.radius)}
    k = 1 / math.sqrt(3)  # corner radius of a space 1 across the flats

    def unit(q: int, r: int) -> tuple[float, float]:
        return (q + r / 2, -1.5 * k * r)

    xs = [unit(q, r)[0] for q, r in fills]
    ys = [unit(q, r)[1] for q, r in fills]
    x0, x1, y0, y1 = min(xs) - 0.5, max(xs) + 0.5, min(ys) - k, max(ys) + k
    scale = min(w / (x1 - x0), h / (y1 - y0))
    ox = x + (w - (x1 - x0) * scale) / 2 - x0 * scale
    oy = y + (h - (y1 - y0) * scale) / 2 - y0 * scale

    def at(q: int, r: int) -> tuple[float, float]:
        ux, uy = unit(q, r)
        return (ox + ux * scale, oy + uy * scale)

    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColorRGB(*OTHER_EDGE)
    for (q, r), fill in fills.items():
        cx, cy = at(q, r)
        path = canvas.beginPath()
        for i in range(6):
            a = math.radians(30 + 60 * i)
            px, py = cx + k * scale * math.cos(a), cy + k * scale * math.sin(a)
            path.moveTo(px, py) if i == 0 else path.lineTo(px, py)
        path.close()
        canvas.setFillColorRGB(*rgb(fill))
        canvas.drawPath(path, stroke=1, fill=1)
    canvas.setLineWidth(2.4)
    canvas.setStrokeColorRGB(0, 0, 0)
    for (q, r), n in owner.items():
        cx, cy = at(q, r)
        for dq, dr in NEIGHBOURS:
            if owner.get((q + dq, r + dr)) == n:
                continue
            nx, ny = at(q + dq, r + dr)
            mx, my = (cx + nx) / 2, (cy + ny) / 2
            ex, ey = -(ny - cy), nx - cx  # along the shared edge
            length = math.hypot(ex, ey)
            half = k * scale / 2
            ex, ey = ex / length * half, ey / length * half
            canvas.line(mx - ex, my - ey, mx + ex, my + ey)
    for n, tile in enumerate(game.tiles, 1):
        cx, cy = at(*tile.at)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setLineWidth(1)
        canvas.circle(cx, cy, 0.36 * scale, stroke=1, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(fonts.BOLD, min(20.0, 0.45 * scale))
        canvas.drawCentredString(cx, cy - 0.16 * scale, str(n))
    canvas.restoreState()


def assembly_title(game: BvpGame) -> str:
    return f"How the {len(game.tiles)} sea tiles fit together{MARK}"
