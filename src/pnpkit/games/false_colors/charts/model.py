"""Charts as data: the shape, seats with their anchorages, harbors, Capital, islands, storm.

A chart holds what the designer chose. Whether it obeys the game's rules is the engine's
question (:mod:`pnpkit.games.false_colors.charts.engine`), never this module's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Annotated

from pnpkit.model.cells import Cell, Hex, Square
from pnpkit.model.ours import NO_MARKS, Marks
from pnpkit.model.schema import (
    LATER,
    NOWHERE,
    Custom,
    Items,
    Key,
    Length,
    Range,
    Source,
    Text,
    Where,
)
from pnpkit.units import INCH

MAX_ROUNDS = 99
MAX_CAPTAINS = 12
MAX_SIDE = 60
"""Largest width or height of a square chart, in cells."""
MAX_RADIUS = 30
"""Largest radius of a hex chart."""
MODE_PATTERN = r"[a-z][a-z-]*"
NAME_PATTERN = r"[a-z0-9][a-z0-9-]*"
CELLS = Custom("regions on the chart (labels, rectangles, around): load.chart")
"""Cells, written as regions that only the chart's geometry can read."""
CHARTS = Key.of("charts")
"""Where a game's file writes its rules for each chart."""


class Shape(StrEnum):
    SQUARE = "square"
    HEX = "hex"


class Terrain(StrEnum):
    WATER = "water"
    ISLAND = "island"
    HARBOR = "harbor"
    CAPITAL = "capital"


@dataclass(frozen=True, slots=True)
class Symmetry:
    """The seat group the designer declares: ``rotations`` turns that carry seat k to seat k+1
    (4 on the square chart, 6 on the hex chart, 2 on the duel chart), and whether a reflection
    also maps the chart onto itself."""

    rotations: Annotated[int, Custom("1-6, as the chart's shape allows: load.chart")]
    reflections: bool = False


@dataclass(frozen=True, slots=True)
class Seat:
    """One captain's place: the anchorage the fleet starts in and, on the square chart, its wings."""

    index: Annotated[int, LATER]
    """The seat's place in the chart's list (set by the loader, never written)."""
    name: Annotated[str, Text(max_len=40)]
    anchorage: Annotated[frozenset[Cell], CELLS]
    wings: Annotated[frozenset[Cell], CELLS] = frozenset()


@dataclass(frozen=True, slots=True)
class Seating:
    """Which seats a game of ``captains`` captains uses, and the teams if it is a team game."""

    captains: Annotated[int, Custom("1 to the chart's seats: load.chart")]
    seats: Annotated[tuple[int, ...], Custom("seat numbers of the chart: load.chart")]
    teams: Annotated[tuple[tuple[int, ...], ...], Custom("lists of seat numbers: load.chart")] = ()
    ours: Marks = field(default=NO_MARKS, compare=False)
    """The values the source rules do not give (``seats: {ours: [0, 3]}``): printed with the
    mark."""


MAX_PRINTED_SIDE = 80 * 72.0
"""The longest side a chart may print, in points (80 in, 2032 mm: a chart of 60 cells of
1.25 in, or a hex chart of radius 30, on about 100 sheets). The loader refuses a longer one, so
what loads, checks and prints are the same charts."""

SQRT3 = 3**0.5


def printed_size(
    shape: Shape, width: int, height: int, radius: int, cell_size: float
) -> tuple[float, float]:
    """Width and height of a chart as printed, in points: square cells ``cell_size`` a side,
    hexes ``cell_size`` across the flats (pointy-top, rows 1.5 corner radii apart)."""
    if shape is Shape.SQUARE:
        return width * cell_size, height * cell_size
    corner = cell_size / SQRT3
    return (2 * radius + 1) * cell_size, (3 * radius + 2) * corner


class Partners(StrEnum):
    """Where a team's captains sit."""

    ANYWHERE = "anywhere"
    NEIGHBOURS = "neighbours"
    """Each team sits on consecutive seats around the table (partners side by side)."""


class Rivals(StrEnum):
    """Where rival captains sit."""

    ANYWHERE = "anywhere"
    OPPOSITE = "opposite"
    """Each captain's opposite seat (seat k + n/2 of n) holds a rival: two captains face each
    other across the chart."""


@dataclass(frozen=True, slots=True)
class SeatingRule:
    """One way the game's rules seat captains on a chart: a mode (``open-water``, ``pairs``,
    ``triads``), the captain counts it is played with, and where captains must sit."""

    mode: Annotated[str, Text(pattern=MODE_PATTERN, allowed="a mode name, e.g. pairs")]
    captains: Annotated[tuple[int, ...], Custom("one count or a list: load.chart.CAPTAINS")]
    team_size: Annotated[int, Range(1, MAX_CAPTAINS)] = 1
    """Captains per team; 1: every captain alone (no teams)."""
    partners: Partners = Partners.ANYWHERE
    rivals: Rivals = Rivals.ANYWHERE
    fair: bool = True
    """Whether the seats must be carried onto each other by the chart's symmetry, wherever
    some choice of seats can be."""

    @property
    def teams(self) -> bool:
        return self.team_size > 1


@dataclass(frozen=True, slots=True)
class ChartRules:
    """What the game's rules ask of one chart; the engine checks a chart against it
    (:func:`pnpkit.games.false_colors.charts.engine.checks.check_chart`). Pure data: it names no
    file format."""

    rounds: Annotated[int, LATER] = 0
    """The game's length: the last round played (the game's ``rounds``)."""
    storm_rounds: Annotated[tuple[int, ...], LATER] = ()
    """The rounds after which ring 1, 2, … closes (the game's storm)."""
    seatings: tuple[SeatingRule, ...] = ()
    """Every way the rules seat captains on this chart; each must be declared by the chart."""
    screened: bool = False
    """Whether islands must screen neighbouring anchorages from each other."""
    wings: bool = False
    """Whether the Wings variant is played on this chart (only then may seats have wings)."""
    source: Source = ""
    """Where the rules were read, for messages."""
    where: Where = field(default=NOWHERE, compare=False)
    """Where each rule is written (``rules.where.of("screened")``)."""


@dataclass(frozen=True, slots=True)
class Storm:
    """The storm's schedule in the game's file: when each ring of the charts closes."""

    closes_after_rounds: Annotated[tuple[int, ...], Range(1, MAX_ROUNDS)]
    """The rounds after which ring 1, 2, 3, … (counted from the edge) closes, rising."""


@dataclass(frozen=True, slots=True)
class GameCharts:
    """What a game's own file says of its charts, beside its other fields: the game's length,
    the storm's schedule and each chart's rules (read by
    :func:`pnpkit.games.false_colors.charts.load.chart.chart_rules`, which gives every chart's rules
    the game's ``rounds`` and storm)."""

    rounds: Annotated[int, Range(1, MAX_ROUNDS)]
    """The game's length: the last round played."""
    storm: Storm
    charts: Annotated[dict[str, ChartRules], CHARTS] = field(default_factory=dict)
    """What the rules ask of each chart, by chart name."""


@dataclass(frozen=True, slots=True)
class Chart:
    """One chart. ``cell_size`` is in points (converted once by the loader).

    Square charts use ``width`` and ``height``; hex charts use ``radius``.
    ``storm_rounds[i]`` is the round after which ring ``i + 1`` (counted from the edge) closes.
    """

    name: Annotated[str, Text(pattern=NAME_PATTERN, allowed="lower-case letters, digits, -")]
    """The file's name (``charts/<name>.yaml``), and the chart's name in the game's rules."""
    title: str
    shape: Shape
    cell_size: Annotated[float, Length(0.25 * INCH, 4 * INCH)]
    seats: Annotated[tuple[Seat, ...], Items(min_len=1)]
    harbors: Annotated[frozenset[Cell], CELLS]
    capital: Annotated[frozenset[Cell], CELLS]
    islands: Annotated[frozenset[Cell], CELLS]
    rounds: Annotated[int, Range(1, MAX_ROUNDS)]
    """Left out of the file, the game's ``rounds``."""
    storm_rounds: Annotated[
        tuple[int, ...],
        Key.of("storm", "closes_after_rounds"),
        Custom("rising rounds, each 1 to the chart's rounds: load.chart"),
    ]
    """Written ``storm: {closes_after_rounds: [...]}``; left out, the game's storm."""
    symmetry: Symmetry
    ours: Marks = field(default=NO_MARKS, compare=False)
    """The values the source rules do not give (``harbors: {ours: [C3, …]}``)."""
    width: Annotated[int, Range(1, MAX_SIDE)] = 0
    height: Annotated[int, Range(1, MAX_SIDE)] = 0
    radius: Annotated[int, Range(1, MAX_RADIUS)] = 0
    seatings: tuple[Seating, ...] = ()
    screened: bool = False
    """Whether the rules ask islands to screen neighbouring anchorages (the square chart)."""
    random_islands: Annotated[int, Range(0, MAX_SIDE * MAX_SIDE)] = 0
    """How many islands a random deal places when none is asked for; 0: as many as ``islands``."""
    seed: Annotated[int | None, LATER] = None
    """Set on a chart whose islands were dealt at random."""
    source: Annotated[str, LATER] = ""
    """The file the chart came from, for messages."""
    where: Where = field(default=NOWHERE, compare=False, repr=False)
    """Where each value is written, kept by the loader: ``chart.where.of("storm")``."""
    _cells: Annotated[tuple[Cell, ...], LATER] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_cells", _enumerate(self.shape, self.width, self.height, self.radius)
        )

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell, in reading order (rows top to bottom, left to right)."""
        return self._cells

    def contains(self, cell: Cell) -> bool:
        if isinstance(cell, Square):
            return (
                self.shape is Shape.SQUARE
                and 0 <= cell.x < self.width
                and 0 <= cell.y < self.height
            )
        return self.shape is Shape.HEX and cell.length() <= self.radius

    def terrain(self, cell: Cell) -> Terrain:
        if cell in self.islands:
            return Terrain.ISLAND
        if cell in self.capital:
            return Terrain.CAPITAL
        if cell in self.harbors:
            return Terrain.HARBOR
        return Terrain.WATER

    def label(self, cell: Cell) -> str:
        if isinstance(cell, Hex):
            return cell.label(self.radius)
        return cell.label()

    def parse_label(self, text: str) -> Cell | None:
        cell: Cell | None
        cell = Hex.parse(text, self.radius) if self.shape is Shape.HEX else Square.parse(text)
        if cell is None or not self.contains(cell):
            return None
        return cell

    def seat_of(self, cell: Cell) -> int | None:
        for seat in self.seats:
            if cell in seat.anchorage:
                return seat.index
        return None

    def wing_of(self, cell: Cell) -> int | None:
        for seat in self.seats:
            if cell in seat.wings:
                return seat.index
        return None

    @property
    def size_text(self) -> str:
        if self.shape is Shape.HEX:
            return f"hexagon of radius {self.radius}"
        return f"{self.width} × {self.height}"


@lru_cache(maxsize=64)
def _enumerate(shape: Shape, width: int, height: int, radius: int) -> tuple[Cell, ...]:
    """Every cell of a chart geometry in reading order (shared by every chart of that size)."""
    cells: list[Cell] = []
    if shape is Shape.SQUARE:
        for y in range(height):
            for x in range(width):
                cells.append(Square(x, y))
    else:
        n = radius
        for r in range(-n, n + 1):
            for q in range(max(-n, -n - r), min(n, n - r) + 1):
                cells.append(Hex(q, r))
    return tuple(cells)
