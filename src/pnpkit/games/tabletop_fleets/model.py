"""The table fleet game: factions with their Move Count, ships and their fittings, shot and move
lengths, points, and the table the islands are dealt on.

Lengths are points (the loader converts). Every number the kit prints or the dealer uses is read
once from ``data/tabletop-fleets/game.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Literal

from pnpkit.model.ours import NO_MARKS, Marks
from pnpkit.model.rule_document import RuleDocument
from pnpkit.model.schema import (
    NOWHERE,
    Colour,
    Distinct,
    Items,
    Key,
    Length,
    OneOf,
    Range,
    Source,
    Text,
    Where,
    by_key,
)
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS
from pnpkit.units import INCH

Fitting = Literal["turret", "cargo", "masts"]
KEY = r"[a-z][a-z0-9-]*"
Shot = Annotated[float, Length(1.0, 400 * INCH)]
Room = Annotated[float, Length(0.0, 120 * INCH)]
Points = Annotated[int, Range(0, 999)]
Turn = Annotated[int, Range(-3, 3)]
DIE = 6
"""The faces of the die that rolls a shot's spray and bounce."""


class TableShape(StrEnum):
    SQUARE = "square"
    """Square-cornered: a square, or a rectangle when the table has a depth."""
    ROUND = "round"


TableSide = Annotated[float, Length(12 * INCH, 240 * INCH)]
"""A table's side or diameter, points."""


@dataclass(frozen=True, slots=True)
class Faction:
    """A fleet: its Move Count, and the colour, pattern and emblem that mark it."""

    key: Annotated[str, Text(max_len=40, pattern=KEY), Distinct()]
    name: Annotated[str, Text(max_len=30)]
    move_count: Annotated[int, Range(1, 9)]
    colour: Colour
    pattern: Annotated[str, OneOf(PATTERNS)]
    emblem: Annotated[str, OneOf(EMBLEMS)]
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Gun:
    """A gun and its firing arc: ``arc`` degrees wide, centred ``facing`` degrees clockwise
    from the bow; with ``needs``, it fires only while that fitting is aboard."""

    name: Annotated[str, Text(max_len=24)]
    facing: Annotated[int, Range(0, 359)]
    arc: Annotated[int, Range(1, 360)]
    needs: Fitting | None = None


Battery = Annotated[tuple[Gun, ...], Items(min_len=1, max_len=3)]
"""A ship's guns: a card lists three at most."""


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship and its card: its faction and how many of each fitting it carries."""

    key: Annotated[str, Text(max_len=40, pattern=KEY), Distinct()]
    name: Annotated[str, Text(max_len=24)]
    faction: str
    """The key of the ship's faction."""
    fittings: dict[Fitting, Annotated[int, Range(0, 6)]]
    """How many of each fitting, as the data lists them."""
    note: Annotated[str, Text(max_len=240)] = ""
    guns: Battery | None = None
    """The ship's guns; none given: the game's ``guns``."""
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Span:
    """A range of lengths in points (a shot lands between ``low`` and ``high``)."""

    low: Annotated[Shot, Key.of("min")]
    high: Annotated[Shot, Key.of("max")]


@dataclass(frozen=True, slots=True)
class CoinUse:
    """One row of the coin table: what a coin buys."""

    cost: Annotated[int, Range(1, 99)]
    effect: Annotated[str, Text(max_len=200)]


@dataclass(frozen=True, slots=True)
class Scoring:
    """The points for each way to score (islands, prizes, coins, the most ships, the most islands),
    and the total a player may declare victory with."""

    island: Points
    prize_fitting: Points
    prize_hull: Points
    coin: Points
    most_ships: Points
    most_islands: Points
    victory: Annotated[int, Range(1, 999)]
    """The points a player may declare victory with (0 would let anyone win at once)."""


@dataclass(frozen=True, slots=True)
class Wind:
    """The wind rule and its dial: a ship pointed within ``within`` degrees of the arrow adds
    ``with_wind`` to its Move Count, one pointed into it ``into_wind``."""

    within: Annotated[int, Range(1, 89)]
    """Degrees either side of the arrow (or of straight into it)."""
    with_wind: Turn
    into_wind: Turn
    dial: Annotated[float, Length(1.5 * INCH, 7 * INCH)]
    """The printed dial's diameter, points."""
    base: Annotated[float, Length(2.5 * INCH, 7.5 * INCH)]
    """The side of the square base the dial turns on in a corner of the table, or at a round
    table's rim (at least the dial and 0.9 in for its numbered marks), points."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRules:
    """The table islands are dealt on; lengths in points.

    ``edge``: the clearance from every table edge to an island's footprint, kept where the
    table allows; when it cannot be kept the dealer tries ``step`` less at a time down to
    ``least_edge``. ``apart``: the least gap between two islands' footprints, never relaxed.
    ``island``: an island's footprint diameter. ``shape``: the table the rules, the layout
    example and print-this-kit follow. ``size``: the square's side or the round table's
    diameter. ``depth``: a rectangular table's other side (None: a square; a round table has
    none). ``long_side``: the rectangle the layout example also draws, ``long_side`` ×
    ``size``, when the table itself is not one. ``seats``: where three or more crews sit
    (``evenly``, the one seating the kit draws: evenly spaced round the edge, seat 1 at the
    near-left corner of a square-cornered table, numbered anticlockwise; two crews always sit
    diagonally, or a quarter of the way round a round table: the seed); ``stretch``: a crew's stretch of edge, in percent of the edge from its
    seat to the next (:func:`~pnpkit.games.tabletop_fleets.rules.seat_stretches`).
    """

    shape: TableShape = TableShape.SQUARE
    size: TableSide
    depth: TableSide | None = None
    long_side: TableSide
    seats: Literal["evenly"] = "evenly"
    stretch: Annotated[int, Range(10, 100)] = 50
    edge: Room
    apart: Room
    step: Annotated[float, Length(0.1 * INCH, 12 * INCH)]
    least_edge: Room = 0.0
    island: Annotated[float, Length(0.5 * INCH, 7 * INCH)]
    max_crews: Annotated[int, Range(1, 12)]
    attempts: Annotated[int, Range(1, 100_000)]
    source: Source = ""

    @property
    def sides(self) -> tuple[float, float]:
        """A square or rectangular table's width and depth (a square's side twice)."""
        return (self.size, self.size if self.depth is None else self.depth)

    @property
    def rectangle(self) -> tuple[float, float]:
        """The rectangular table the layout example draws: this one when it is a rectangle,
        else ``long_side`` × ``size``."""
        return self.sides if self.depth is not None else (self.long_side, self.size)

    @property
    def share(self) -> float:
        """A crew's stretch of edge as a share of the edge between two seats."""
        return self.stretch / 100


@dataclass(frozen=True, slots=True)
class Pieces:
    """Cut-out pieces of one kind: how many, and their size in points."""

    count: Annotated[int, Range(0, 40)]
    size: Annotated[float, Length(0.5 * INCH, 7 * INCH)]


@dataclass(frozen=True, slots=True)
class Terrain:
    """Cut-out pieces: ``(kind, count, size in points)``; islands use the table's footprint."""

    pieces: tuple[tuple[str, int, float], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TabletopGame:
    """``game.yaml`` (with ``rules.yaml``): factions, ships, shots and moves, scoring, wind, the
    table, terrain and pieces; lengths in points."""

    title: Annotated[str, Text(max_len=60)]
    subtitle: Annotated[str, Text(max_len=120)] = ""
    fitting_order: Annotated[tuple[Fitting, ...], Items(min_len=1, unique=True)]
    factions: Annotated[tuple[Faction, ...], Items(min_len=2)]
    ships: Annotated[tuple[Ship, ...], Items(min_len=1)]
    guns: Battery
    """The guns of a ship that does not list its own."""
    straight_out: Annotated[Span, Key.of("shots", "straight_out")]
    tipped_up: Annotated[Span, Key.of("shots", "tipped_up")]
    tipped_lands: Annotated[Shot, Key.of("shots", "tipped_up", "lands")]
    spray: Annotated[int, Range(1, 20), Key.of("shots", "spray")]
    """Degrees a shot may spray either way: the deviation template's outer lines."""
    click: Annotated[float, Length(0.25 * INCH, 24 * INCH), Key.of("move", "click")]
    ruler_piece: Annotated[float, Length(2 * INCH, 9.5 * INCH), Key.of("ruler", "piece")]
    ruler_width: Annotated[float, Length(0.75 * INCH, 1.5 * INCH), Key.of("ruler", "width")]
    """A strip's width across: its ticks, numbers, title and band labels stack in 0.75 in (at
    less the title runs into a band's label or off the strip)."""
    scoring: Scoring
    wind: Wind
    table: TableRules
    islands: Annotated[int, Range(0, 40), Key.of("terrain", "islands", "count")]
    """How many islands to cut out; their size is ``table.island``."""
    rocks: Annotated[Pieces, Key.of("terrain", "rocks")]
    reefs: Annotated[Pieces, Key.of("terrain", "reefs")]
    coins: Annotated[int, Range(1, 200), Key.of("coins", "count")]
    coin_size: Annotated[float, Length(0.4 * INCH, 2 * INCH), Key.of("coins", "size")]
    ship_piece: Annotated[float, Length(0.5 * INCH, 3 * INCH), Key.of("pieces", "ship")]
    """The side of a ship's square piece on the table, points."""
    flag_size: Annotated[float, Length(0.4 * INCH, 2 * INCH), Key.of("pieces", "flag")]
    """The side of a flag's square piece (one per island, for each fleet), points."""
    stalemate_rounds: Annotated[int, Range(1, 20), Key.of("stalemate", "rounds")]
    """With the stalemate rule on: rounds without an island changing hands."""
    coin_uses: Annotated[tuple[CoinUse, ...], Key.of("coins", "uses")] = ()
    """What a coin buys, as the source rules' coin table gives it (empty in the seed)."""
    source: str = ""
    where: Where = field(default=NOWHERE, compare=False)
    ours: Marks = field(default=NO_MARKS, compare=False)
    """The field paths the data marks ``{ours: …}`` (filled by the reader)."""
    rules: RuleDocument | None = field(default=None, compare=False)
    """The rules reference (``rules.yaml``), placeholders not yet filled."""

    def mark(self, path: str) -> str:
        """:data:`~pnpkit.model.ours.MARK` when the value at ``path`` is our choice, else ``""``."""
        return self.ours.mark(path)

    def ship_path(self, ship: Ship) -> str:
        return f"ships[{self.ships.index(ship)}]"

    def faction_path(self, faction: Faction) -> str:
        return f"factions[{self.factions.index(faction)}]"

    @property
    def terrain(self) -> Terrain:
        islands = ("islands", self.islands, self.table.island)
        rest = tuple(
            (k, p.count, p.size) for k, p in (("rocks", self.rocks), ("reefs", self.reefs))
        )
        return Terrain((islands, *rest))

    def stops(self, span: Span) -> tuple[float, ...]:
        """Where a shot of ``span`` stops on each roll of a die, 1 to 6: from the shortest
        carry to the longest in equal steps, points."""
        return tuple(span.low + (span.high - span.low) * k / (DIE - 1) for k in range(DIE))

    def battery(self, ship: Ship) -> tuple[Gun, ...]:
        """The ship's guns: its own, or the game's."""
        return self.guns if ship.guns is None else ship.guns

    def battery_path(self, ship: Ship) -> str:
        """Where the ship's guns are written: its ``guns``, or the game's."""
        return "guns" if ship.guns is None else f"{self.ship_path(ship)}.guns"

    def arcs_ours(self, ship: Ship) -> bool:
        """Whether any of the ship's arcs (a gun's facing or width) is our choice."""
        path = self.battery_path(ship)
        return any(
            self.ours.of(f"{path}[{i}].{what}")
            for i in range(len(self.battery(ship)))
            for what in ("facing", "arc")
        )

    def faction(self, key: str) -> Faction:
        return by_key(self.factions, key)

    def track(self, ship: Ship) -> tuple[str, ...]:
        """The ship's fittings one box each, in the order hits take them off."""
        counts = dict(ship.fittings)
        return tuple(f for f in self.fitting_order for _ in range(counts.get(f, 0)))
