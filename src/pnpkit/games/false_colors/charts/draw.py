"""The chart at 1:1: square or hex cells, anchorages, wings, harbors, the Capital, islands, storm rings.

:class:`ChartDrawing` computes its picture once, from the
:class:`~pnpkit.games.false_colors.charts.model.Chart` and the engine's storm rings, as a display
list (:mod:`pnpkit.render.vector`); it paints that list onto a canvas (the print helper's tiling
cuts it into sheets) or writes it as SVG.

Square cells are ``chart.cell_size`` points on a side. Hexes are pointy-top, ``cell_size`` across
the flats, so a token that fits a square cell fits a hex too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pnpkit.games.false_colors.charts.engine import storm
from pnpkit.games.false_colors.charts.model import Chart, Shape, Terrain, printed_size
from pnpkit.model.cells import Cell, Hex, Square
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb, mix
from pnpkit.render.drawable import GRID_COLOR, GridPromise
from pnpkit.render.legible import TOLERANCE
from pnpkit.render.vector import Circle, FontNames, Item, Point, Words, paint, to_svg
from pnpkit.render.vector import Shape as Path
from pnpkit.verify.promises import MIN_TEXT_SIZE, ColorMember

SQRT3 = math.sqrt(3.0)
_HEX_CORNERS = tuple(
    (math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30))) for i in range(6)
)
"""A hex's corners on a unit circle, clockwise on the page from the upper right."""

WHITE = "#ffffff"
INK = "#1f2a36"
WATER = "#f3f8fc"
ISLAND = "#d9c79a"
ISLAND_EDGE = "#8a7440"
CAPITAL = "#f6e3a1"
CAPITAL_INK = "#6b4e00"
HARBOR_INK = "#0b4f6c"
STORM = "#5b2a86"
LABEL = "#55606b"

SEAT_TINTS: tuple[str, ...] = ("#cfe3f7", "#f7d9c4", "#d3ecd0", "#e6d5f0", "#f5e7b8", "#d6e9ea")
"""Light tints for anchorages, one per seat; the seat's name is always written too."""

GRID_PROMISE_COLOUR = "#{:02x}{:02x}{:02x}".format(*(round(255 * part) for part in GRID_COLOR))
"""The print helper's grid colour: only the lines whose spacing is promised are stroked in it."""
GRID_OTHER = "#3a5878"
"""Hex sides that are not part of the promise (slanted sides, odd rows) — close to the grid colour."""

MIN_TEXT = MIN_TEXT_SIZE
"""Words on a chart are never set smaller than this (points, at the size it prints)."""
COORDINATE_SIZE = 6.5
"""Points: a cell's coordinate label at 1:1 (times ``text_scale``)."""
STORM_SIZE = 7.5
"""Points: the words that say when a storm ring closes (times ``text_scale``)."""

DEFAULT_FONTS = FontNames("SourceSansPro-Regular", "SourceSansPro-Bold", "SourceSansPro-It")


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Where each cell sits in the box (y down from the top)."""

    chart: Chart
    width: float
    height: float

    def centre(self, cell: Cell) -> Point:
        size = self.chart.cell_size
        if isinstance(cell, Square):
            return ((cell.x + 0.5) * size, (cell.y + 0.5) * size)
        radius = size / SQRT3
        return (
            self.width / 2 + size * (cell.q + cell.r / 2),
            self.height / 2 + 1.5 * radius * cell.r,
        )

    def corners(self, cell: Cell) -> tuple[Point, ...]:
        """Clockwise on the page, starting at the top-left corner (square) or the upper-right
        corner (hex)."""
        size = self.chart.cell_size
        if isinstance(cell, Square):
            x, y = cell.x * size, cell.y * size
            return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))
        cx, cy = self.centre(cell)
        radius = size / SQRT3
        return tuple((cx + radius * cos, cy + radius * sin) for cos, sin in _HEX_CORNERS)

    def edge(self, cell: Cell, neighbour: Cell) -> tuple[Point, Point]:
        """The side ``cell`` shares with ``neighbour``."""
        corners = self.corners(cell)
        if isinstance(cell, Square) and isinstance(neighbour, Square):
            index = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}[
                (neighbour.x - cell.x, neighbour.y - cell.y)
            ]
            return corners[index], corners[(index + 1) % 4]
        assert isinstance(cell, Hex) and isinstance(neighbour, Hex)
        index = {(1, 0): 0, (0, 1): 1, (-1, 1): 2, (-1, 0): 3, (0, -1): 4, (1, -1): 5}[
            (neighbour.q - cell.q, neighbour.r - cell.r)
        ]
        return corners[index], corners[(index + 1) % 6]


def chart_size(chart: Chart) -> tuple[float, float]:
    """Width and height of the whole chart in points."""
    return printed_size(chart.shape, chart.width, chart.height, chart.radius, chart.cell_size)


def _reading_angle(centre: Point, point: Point) -> float:
    """The angle that makes text at ``point`` read upright for someone sitting on the chart's edge
    beyond it, rounded to 15 degrees."""
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return 0.0
    angle = math.degrees(math.atan2(-dy, dx)) + 90.0
    angle = 15.0 * round(angle / 15.0)
    return (angle + 180.0) % 360.0 - 180.0


def _rotate(chart: Chart, cell: Cell, steps: int) -> Cell:
    """``cell`` turned by ``steps`` of the chart's seat rotation."""
    rotations = max(1, chart.symmetry.rotations)
    if isinstance(cell, Square):
        return cell.rotated(steps * (4 // rotations), chart.width, chart.height)
    return cell.rotated(steps * (6 // rotations))


class ChartDrawing:
    """One chart, drawn at 1:1 into a box ``width`` × ``height`` points (a Tileable)."""

    def __init__(
        self,
        chart: Chart,
        *,
        fonts: FontNames = DEFAULT_FONTS,
        grid_colour: str = GRID_PROMISE_COLOUR,
        grid_width: float = 0.6,
        detail: bool = True,
        text_scale: float = 1.0,
        line_weight: float | None = None,
        seat_tints: Sequence[str] = SEAT_TINTS,
        print_scale: float = 1.0,
        min_words: float = 0.0,
    ) -> None:
        """``detail=False`` draws a small picture: no coordinates, storm words or seed marks
        (the rulebook's thumbnails). ``seat_tints``: the anchorages' colours, seat by seat (a
        game passes light tints of its fleets' colours). ``print_scale``: how much smaller than 1:1
        it will be printed (an overview): its words are set no smaller than prints 6 pt, fitted
        into their cells. Words set smaller than ``min_words`` points are left out
        (:meth:`at_scale` sets it so nothing prints under 6 pt)."""
        self.chart = chart
        self.seat_tints = tuple(seat_tints) or SEAT_TINTS
        self.print_scale = print_scale
        self.min_text = MIN_TEXT / print_scale
        self._crowded: set[Cell] = set()
        """Cells whose words took the whole cell: their coordinate is left out."""
        self.detail = detail
        self.weight = line_weight if line_weight is not None else (1.0 if detail else 3.0)
        self.t = text_scale
        """Type sizes are multiplied by this (an overview printed small sets it above 1)."""
        """Line widths are multiplied by this (thumbnails are printed small)."""
        self.fonts = fonts
        self.min_words = min_words
        self.grid_colour = grid_colour
        self.grid_width = grid_width
        self.width, self.height = chart_size(chart)
        self._geometry = _Geometry(chart, self.width, self.height)
        self._items: tuple[Item, ...] | None = None
        self._all: list[Item] | None = None
        """The whole picture, before words set under ``min_words`` are left out (shared with
        :meth:`at_scale`'s copy, which draws the same picture)."""

    def __fingerprint__(self) -> tuple[object, ...]:
        """What the picture is drawn from (:mod:`pnpkit.build.fingerprint`), so a rebuild that
        changes nothing of it does not draw it again."""
        return (
            self.chart,
            self.fonts,
            self.grid_colour,
            self.grid_width,
            self.detail,
            self.t,
            self.weight,
            self.seat_tints,
            self.print_scale,
            self.min_words,
        )

    # -- the Tileable side --------------------------------------------------------------------

    @property
    def cell_size(self) -> float:
        return self.chart.cell_size

    @property
    def cuts_x(self) -> tuple[float, ...]:
        """Where a sheet edge may fall across x: cell boundaries (square) or half-cells (hex)."""
        size = self.chart.cell_size
        if self.chart.shape is Shape.SQUARE:
            return tuple(i * size for i in range(self.chart.width + 1))
        steps = round(2 * self.width / size)
        return tuple(i * size / 2 for i in range(steps + 1))

    @property
    def cuts_y(self) -> tuple[float, ...]:
        """Where a sheet edge may fall across y: cell boundaries (square) or between hex rows."""
        size = self.chart.cell_size
        if self.chart.shape is Shape.SQUARE:
            return tuple(i * size for i in range(self.chart.height + 1))
        radius = size / SQRT3
        rows = 2 * self.chart.radius + 1
        return (0.0, *(1.75 * radius + 1.5 * radius * i for i in range(rows - 1)), self.height)

    @property
    def cell_outlines(self) -> tuple[tuple[Point, ...], ...]:
        """Every cell's corners, item coordinates (y up): the tiler keeps each cell whole."""
        geo, height = self._geometry, self.height
        return tuple(
            tuple((x, height - y) for x, y in geo.corners(cell)) for cell in self.chart.cells
        )

    @property
    def text_boxes(self) -> tuple[tuple[float, float, float, float], ...]:
        """The box of every line of words on the chart, item coordinates (y up)."""
        boxes = []
        for item in self.items():
            if isinstance(item, Words):
                x0, y0, x1, y1 = words_box(item, self.fonts)
                boxes.append((x0, self.height - y1, x1, self.height - y0))
        return tuple(boxes)

    @property
    def grid(self) -> GridPromise:
        """Square charts promise the cell size both ways. Hex charts promise it across x: the
        vertical sides of the even rows (r even) are drawn in the grid colour, one cell apart."""
        if self.chart.shape is Shape.SQUARE:
            return GridPromise(self.chart.cell_size, GRID_COLOR, "both")
        return GridPromise(self.chart.cell_size, GRID_COLOR, "x")

    @property
    def title(self) -> str:
        text = f"{self.chart.title} ({self.chart.size_text})"
        if self.chart.seed is not None:
            text += f", islands dealt with seed {self.chart.seed}"
        return text

    def at_scale(self, scale: float) -> ChartDrawing:
        """The chart to be printed at ``scale`` (an assembly page, a thumbnail): the same
        picture, without the words that would print under 6 pt (:mod:`pnpkit.render.legible`)."""
        scaled = ChartDrawing(
            self.chart,
            fonts=self.fonts,
            grid_colour=self.grid_colour,
            grid_width=self.grid_width,
            detail=self.detail,
            text_scale=self.t,
            line_weight=self.weight,
            seat_tints=self.seat_tints,
            print_scale=self.print_scale,
            min_words=MIN_TEXT_SIZE / scale - TOLERANCE,
        )
        scaled._all = self._picture()  # the same picture: computed once
        return scaled

    def seat_colors(self) -> list[ColorMember]:
        """The tints that tell the seats' anchorages apart, each with the seat's name, which is
        written in its anchorage: six light tints cannot also be 40 grayscale levels apart."""
        return [
            ColorMember(seat.name, hex_rgb(self._seat_tint(seat.index)), (("label", seat.name),))
            for seat in self.chart.seats
            if seat.anchorage
        ]

    def draw(self, canvas: Any) -> None:
        """Paint the chart with its lower-left corner at the canvas origin."""
        paint(canvas, self.items(), self.height, self.fonts)

    def svg(self) -> str:
        return to_svg(self.items(), self.width, self.height, title=self.title)

    # -- the picture -------------------------------------------------------------------------

    def items(self) -> tuple[Item, ...]:
        if self._items is None:
            self._items = tuple(
                item
                for item in self._picture()
                if not (isinstance(item, Words) and item.size < self.min_words)
            )
        return self._items

    def _picture(self) -> list[Item]:
        if self._all is None:
            self._all = self._compute()
        return self._all

    def _compute(self) -> list[Item]:
        chart, geo = self.chart, self._geometry
        items: list[Item] = []
        # Cells never overlap, so fills may go in any order: grouped by colour they paint as
        # one path each (a smaller PDF, read back faster).
        items.extend(
            _by_stroke_and_fill(
                Path(geo.corners(cell), fill=self._fill(cell)) for cell in chart.cells
            )
        )
        items.extend(self._wings())
        for cell in chart.cells:
            items.extend(self._feature(cell))
        items.extend(_by_stroke_and_fill(self._grid_lines()))
        items.extend(self._storm_lines())
        items.extend(self._outline())
        if not self.detail:
            return items
        labels = [*self._seat_names(), *self._capital_name(), *self._storm_labels()]
        for cell in chart.cells:
            if cell not in self._crowded:
                items.append(self._coordinate(cell))
        items.extend(labels)
        if chart.seed is not None:
            items.extend(self._seed_marks())
        return items

    def _seat_tint(self, seat: int) -> str:
        return self.seat_tints[seat % len(self.seat_tints)]

    def _fill(self, cell: Cell) -> str:
        chart = self.chart
        terrain = chart.terrain(cell)
        if terrain is Terrain.ISLAND:
            return mix(ISLAND, WHITE, 0.45)
        if terrain is Terrain.CAPITAL:
            return CAPITAL
        seat = chart.seat_of(cell)
        if seat is not None:
            return self._seat_tint(seat)
        return WATER

    def _wings(self) -> list[Item]:
        """Wing cells hatched in their seat's colour (diagonal lines clipped to the cell)."""
        items: list[Item] = []
        for cell in self.chart.cells:
            seat = self.chart.wing_of(cell)
            if seat is None:
                continue
            colour = mix(self._seat_tint(seat), INK, 0.25)
            corners = self._geometry.corners(cell)
            items.append(Path(corners, fill=mix(self._seat_tint(seat), WHITE, 0.55)))
            items.extend(
                Path(segment, closed=False, stroke=colour, width=1.2)
                for segment in _hatch(corners, 9.0)
            )
        return items

    def _feature(self, cell: Cell) -> list[Item]:
        terrain = self.chart.terrain(cell)
        cx, cy = self._geometry.centre(cell)
        size = self.chart.cell_size
        if terrain is Terrain.ISLAND:
            return [island_blob(cx, cy, size)]
        # a harbor's anchor and the Capital's star keep below the coordinate label
        drop = max(0.0, self._label_bottom(cell) + 1.0 - (cy - 0.27 * size))
        cy += drop
        if terrain is Terrain.HARBOR:
            return [
                *_anchor(cx, cy - size * 0.06, size * 0.22, HARBOR_INK),
                Words(
                    (cx, cy + size * 0.34),
                    "H" + self.chart.ours.mark("harbors"),  # where the harbors sit: ours?
                    max(size * 0.16, self.min_text),
                    HARBOR_INK,
                    "middle",
                    "bold",
                ),
            ]
        if terrain is Terrain.CAPITAL:
            return [_star(cx, cy - size * 0.02 + 0.3 * drop, size * 0.16, CAPITAL_INK)]
        return []

    def _coordinate(self, cell: Cell) -> Words:
        size = self.chart.cell_size
        label = self.chart.label(cell)
        text = max(COORDINATE_SIZE * self.t, self.min_text)
        if isinstance(cell, Square):
            return Words(
                (cell.x * size + 3.0, cell.y * size + 2.0 + 0.92 * text), label, text, LABEL
            )
        cx, cy = self._geometry.centre(cell)
        radius = size / SQRT3
        return Words((cx, cy - radius * (0.68 - 0.1 * self.t)), label, text, LABEL, "middle")

    def _grid_lines(self) -> list[Path]:
        """Every side once. Square sides and even-row vertical hex sides in the grid colour."""
        chart, geo = self.chart, self._geometry
        order = {cell: index for index, cell in enumerate(chart.cells)}
        items: list[Path] = []
        for cell in chart.cells:
            for neighbour in cell.neighbours():
                if order.get(neighbour, len(order)) < order[cell]:
                    continue
                colour = self.grid_colour
                if isinstance(cell, Hex) and not (
                    isinstance(neighbour, Hex) and cell.r % 2 == 0 and neighbour.r == cell.r
                ):
                    colour = GRID_OTHER
                items.append(
                    Path(
                        geo.edge(cell, neighbour),
                        closed=False,
                        stroke=colour,
                        width=self.grid_width * (1.0 if self.detail else 1.5),
                    )
                )
        return items

    def _storm_lines(self) -> list[Item]:
        """The boundary of every ring the storm takes: between a closing ring and the next."""
        chart, geo = self.chart, self._geometry
        closing = len(chart.storm_rounds)
        items: list[Item] = []
        for cell in chart.cells:
            ring = storm.ring(chart, cell)
            if ring > closing:
                continue
            for neighbour in cell.neighbours():
                if chart.contains(neighbour) and storm.ring(chart, neighbour) > ring:
                    items.append(
                        Path(
                            geo.edge(cell, neighbour),
                            closed=False,
                            stroke=STORM,
                            width=2.4 * self.weight,
                            dash=(7.0, 3.0),
                        )
                    )
        return items

    def _outline(self) -> list[Item]:
        chart, geo = self.chart, self._geometry
        items: list[Item] = []
        for cell in chart.cells:
            for neighbour in cell.neighbours():
                if not chart.contains(neighbour):
                    items.append(
                        Path(
                            geo.edge(cell, neighbour),
                            closed=False,
                            stroke=INK,
                            width=1.6 * self.weight,
                        )
                    )
        return items

    def _centroid(self, cells: Sequence[Cell]) -> Point:
        points = [self._geometry.centre(cell) for cell in cells]
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))

    def _seat_names(self) -> list[Item]:
        """Each anchorage says its seat's number and name (the rules break ties by the lower
        seat), inside one cell, turned to read from its own edge."""
        middle = (self.width / 2, self.height / 2)
        items: list[Item] = []
        for seat in self.chart.seats:
            if not seat.anchorage:
                continue
            centroid = self._centroid(sorted(seat.anchorage))
            angle = _reading_angle(middle, centroid)
            # inside one cell (never across a sheet's cut): the cell nearest the anchorage's
            # middle, the one nearer the edge on a tie
            home = min(
                sorted(seat.anchorage),
                key=lambda c: (
                    round(math.dist(self._geometry.centre(c), centroid), 3),
                    storm.ring(self.chart, c),
                ),
            )
            ink = mix(self._seat_tint(seat.index), INK, 0.8)
            number = (f"Seat {seat.index + 1}", 11.0, "bold")
            name = (seat.name, 14.0, "bold")
            choices = ((number, name, ("anchorage", 8.0, "italic")), (number, name))
            items += self._block(home, choices, ink, angle)
        return items

    def _free_circle(self, cell: Cell) -> tuple[Point, float]:
        """A circle inside ``cell`` that keeps clear of its coordinate label: words placed in
        it never cover the label nor reach a neighbouring cell."""
        size = self.chart.cell_size
        cx, cy = self._geometry.centre(cell)
        label_bottom = self._label_bottom(cell)
        if isinstance(cell, Square):
            drop = 0.1 * size
            return (cx, cy + drop), min(size / 2 - drop, cy + drop - label_bottom) - 2.0
        drop = 0.12 * size
        inscribed = size / 2
        return (cx, cy + drop), min(inscribed - drop * math.sqrt(3) / 2, cy + drop - label_bottom)

    def _label_bottom(self, cell: Cell) -> float:
        """The lowest point (y down) of the cell's coordinate label, or of the cell's top when
        coordinates are not drawn."""
        if not self.detail:
            cy = self._geometry.centre(cell)[1]
            return cy - self.chart.cell_size / 2
        label = self._coordinate(cell)
        return label.at[1] + 0.25 * label.size + 1.5

    def _block(
        self,
        cell: Cell,
        choices: Sequence[Sequence[tuple[str, float, Any]]],
        colour: str,
        angle: float,
    ) -> list[Item]:
        """Lines of words centred in ``cell``'s free circle, turned by ``angle``, at sizes
        (times the text scale) shrunk together until the block fits the circle, never under the
        smallest legible size. ``choices`` are wordings, longest first: the first that fits the
        free circle is set. If none does (an overview printed small) the first that fits the
        whole cell takes it, and the cell's coordinate is left out."""
        (x, y), radius = self._free_circle(cell)
        whole = self.chart.cell_size / 2 - 2.0
        fitted = [self._fit(lines, radius) for lines in choices]
        for lines, (sizes, reach) in zip(choices, fitted, strict=True):
            if reach <= radius + 1e-6:
                return self._set(lines, sizes, (x, y), colour, angle)
        self._crowded.add(cell)
        centre = self._geometry.centre(cell)
        for lines, (sizes, reach) in zip(choices, fitted, strict=True):
            if reach <= whole + 1e-6:
                return self._set(lines, sizes, centre, colour, angle)
        return self._set(choices[-1], fitted[-1][0], centre, colour, angle)

    def _fit(
        self, lines: Sequence[tuple[str, float, Any]], radius: float
    ) -> tuple[list[float], float]:
        """Sizes for ``lines`` that fit a circle of ``radius`` if any legible ones do, and the
        half-diagonal of the block they make."""
        scale = self.t
        while True:
            sizes = [max(self.min_text, size * scale) for _, size, _ in lines]
            width = max(
                fonts.text_width(text, self.fonts.of(weight), size)
                for (text, _, weight), size in zip(lines, sizes, strict=True)
            )
            reach = math.hypot(width / 2, sum(1.12 * size for size in sizes) / 2)
            if reach <= radius or min(sizes) <= self.min_text:
                return sizes, reach
            scale *= 0.95

    @staticmethod
    def _set(
        lines: Sequence[tuple[str, float, Any]],
        sizes: Sequence[float],
        at: Point,
        colour: str,
        angle: float,
    ) -> list[Item]:
        items: list[Item] = []
        lift = -sum(1.12 * size for size in sizes) / 2
        for (text, _, weight), size in zip(lines, sizes, strict=True):
            lift += 1.12 * size
            items.append(
                _turned_words(at, text, size, colour, angle, weight, lift=lift - 0.3 * size)
            )
        return items

    def _capital_name(self) -> list[Item]:
        if not self.chart.capital:
            return []
        size = self.chart.cell_size
        return [
            Words(
                (x, y + size * 0.22),
                "Capital",
                max(9.0 * self.t, self.min_text),
                CAPITAL_INK,
                "middle",
                "bold",
            )
            for x, y in (self._geometry.centre(cell) for cell in sorted(self.chart.capital))
        ]

    def _storm_labels(self) -> list[Item]:
        """Each closing ring says when it closes, once per seat, in the same place for every seat."""
        chart, geo = self.chart, self._geometry
        middle = (self.width / 2, self.height / 2)
        reference = (0.0, 0.0) if chart.shape is Shape.SQUARE else (self.width / 2, 0.0)
        items: list[Item] = []
        rotations = max(1, chart.symmetry.rotations)
        for ring_index, round_number in enumerate(chart.storm_rounds, start=1):
            plain = [
                cell
                for cell in chart.cells
                if storm.ring(chart, cell) == ring_index and self._plain(cell)
            ]
            if not plain:
                continue
            plain.sort(key=lambda c: (math.dist(geo.centre(c), reference), c))
            base = next(
                (
                    c
                    for c in plain
                    if all(self._plain(_rotate(chart, c, s)) for s in range(rotations))
                ),
                plain[0],
            )
            placed: set[Cell] = set()
            for step in range(rotations):
                cell = _rotate(chart, base, step)
                if cell in placed or not chart.contains(cell):
                    continue
                placed.add(cell)
                angle = _reading_angle(middle, geo.centre(cell))
                size = STORM_SIZE
                choices = (
                    (("closes after", size, "bold"), (f"round {round_number}", size, "bold")),
                    (("closes", size, "bold"), (f"after {round_number}", size, "bold")),
                )
                items += self._block(cell, choices, STORM, angle)
        return items

    def _seed_marks(self) -> list[Item]:
        """On a dealt chart the seed is written in every plain cell's lower corner, so every
        sheet of the tiled chart carries it."""
        size = self.chart.cell_size
        text = f"seed {self.chart.seed}"
        items: list[Item] = []
        for cell in self.chart.cells:
            cx, cy = self._geometry.centre(cell)
            if isinstance(cell, Square):
                items.append(
                    Words(
                        ((cell.x + 1) * size - 3.0, (cell.y + 1) * size - 3.0),
                        text,
                        self.min_text,
                        LABEL,
                        "end",
                    )
                )
            else:
                items.append(
                    Words((cx, cy + size / SQRT3 * 0.72), text, self.min_text, LABEL, "middle")
                )
        return items

    def _plain(self, cell: Cell) -> bool:
        chart = self.chart
        return (
            chart.contains(cell)
            and chart.terrain(cell) is Terrain.WATER
            and chart.seat_of(cell) is None
            and chart.wing_of(cell) is None
        )


def words_box(words: Words, names: FontNames) -> tuple[float, float, float, float]:
    """The box (y down) one line of words covers, turned with it."""
    font = names.of(words.weight)
    width = fonts.text_width(words.text, font, words.size)
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[words.anchor]
    rad = math.radians(words.angle)
    cos, sin = math.cos(rad), math.sin(rad)
    points = []
    for u in (start, start + width):
        for v in (-0.25 * words.size, 0.75 * words.size):
            # turned counter-clockwise on the page (y up), so y down flips the turn
            points.append((words.at[0] + u * cos - v * sin, words.at[1] - (u * sin + v * cos)))
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _by_stroke_and_fill(shapes: Iterable[Path]) -> list[Path]:
    """Shapes regrouped by style, each group in its original order (only for shapes that do not
    overlap, so the order between groups does not show)."""
    groups: dict[tuple[object, ...], list[Path]] = {}
    for shape in shapes:
        groups.setdefault((shape.fill, shape.stroke, shape.width, shape.dash), []).append(shape)
    return [shape for group in groups.values() for shape in group]


def _turned_words(
    at: Point, text: str, size: float, colour: str, angle: float, weight: Any, lift: float
) -> Words:
    """Words centred on ``at``, turned by ``angle``, shifted ``lift`` points down the reader's
    page."""
    rad = math.radians(angle)
    # the reader's "down" direction on the page (y down), turned with the text
    down = (math.sin(rad), math.cos(rad))
    return Words(
        (at[0] + down[0] * lift, at[1] + down[1] * lift),
        text,
        size,
        colour,
        "middle",
        weight,
        angle,
    )


def _hatch(corners: Sequence[Point], spacing: float) -> list[tuple[Point, Point]]:
    """Diagonal lines (45°, rising to the right) clipped to a convex polygon."""
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    lines: list[tuple[Point, Point]] = []
    # lines x + y = k
    low, high = min(xs) + min(ys), max(xs) + max(ys)
    k = low + spacing / 2
    while k < high:
        hits: list[Point] = []
        for i, (x1, y1) in enumerate(corners):
            x2, y2 = corners[(i + 1) % len(corners)]
            a, b = x1 + y1 - k, x2 + y2 - k
            if (a <= 0 < b) or (b <= 0 < a):
                t = a / (a - b)
                hits.append((x1 + t * (x2 - x1), y1 + t * (y2 - y1)))
        if len(hits) >= 2:
            hits.sort()
            lines.append((hits[0], hits[-1]))
        k += spacing
    return lines


def island_blob(cx: float, cy: float, size: float) -> Path:
    """An irregular rounded blob, the same shape on every island."""
    points = []
    for i in range(16):
        angle = math.radians(22.5 * i)
        wobble = 0.36 + 0.05 * math.sin(3 * angle) + 0.03 * math.cos(5 * angle)
        points.append(
            (cx + size * wobble * math.cos(angle), cy + size * wobble * 0.85 * math.sin(angle))
        )
    return Path(tuple(points), fill=ISLAND, stroke=ISLAND_EDGE, width=1.0)


def _anchor(cx: float, cy: float, size: float, colour: str) -> list[Item]:
    """A harbor's anchor: ring, shank, stock and curved arms."""
    items: list[Item] = [
        Circle((cx, cy - size * 0.78), size * 0.16, stroke=colour, width=1.4),
        Path(
            ((cx, cy - size * 0.62), (cx, cy + size * 0.8)), closed=False, stroke=colour, width=1.6
        ),
        Path(
            ((cx - size * 0.38, cy - size * 0.35), (cx + size * 0.38, cy - size * 0.35)),
            closed=False,
            stroke=colour,
            width=1.6,
        ),
    ]
    arc = tuple(
        (
            cx + size * 0.62 * math.cos(math.radians(a)),
            cy + size * 0.18 + size * 0.62 * math.sin(math.radians(a)),
        )
        for a in range(20, 161, 10)
    )
    items.append(Path(arc, closed=False, stroke=colour, width=1.6))
    return items


def _star(cx: float, cy: float, radius: float, colour: str) -> Path:
    points = tuple(
        (
            cx + (radius if i % 2 == 0 else radius * 0.42) * math.sin(math.radians(36 * i)),
            cy - 12.0 - (radius if i % 2 == 0 else radius * 0.42) * math.cos(math.radians(36 * i)),
        )
        for i in range(10)
    )
    return Path(points, fill=colour)
