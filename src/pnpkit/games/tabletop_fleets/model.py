"""The table fleet game: factions with their Move Count, ships and their fittings, shot and move
lengths, points, and the table the islands are dealt on.

Lengths are points (the loader converts). Every number the kit prints or the dealer uses is read
once from ``data/tabletop-fleets/game.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class TableShape(StrEnum):
    SQUARE = "square"
    ROUND = "round"


@dataclass(frozen=True, slots=True)
class Faction:
    key: str
    name: str
    move_count: int
    colour: str
    pattern: str
    emblem: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Ship:
    key: str
    name: str
    faction: str
    fittings: tuple[tuple[str, int], ...]
    """``(fitting, how many)`` as the data lists them."""
    note: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class Span:
    """A range of lengths in points (a shot lands between ``low`` and ``high``)."""

    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Scoring:
    island: int
    prize_fitting: int
    prize_hull: int
    coin: int
    most_ships: int
    most_islands: int
    victory: int


@dataclass(frozen=True, slots=True)
class Wind:
    within: int
    """Degrees either side of the arrow (or of straight into it)."""
    with_wind: int
    into_wind: int
    dial: float = 288.0
    """The printed dial's diameter, points."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """The table islands are dealt on; lengths in points.

    ``edge``: the clearance from every table edge to an island's footprint, kept where the
    table allows; when it cannot be kept the dealer tries ``step`` less at a time down to
    ``least_edge``. ``apart``: the least gap between two islands' footprints, never relaxed.
    ``island``: an island's footprint diameter. ``size``: the square's side or the round
    table's diameter.
    """

    size: float
    edge: float
    apart: float
    step: float
    least_edge: float
    island: float
    max_crews: int
    attempts: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class Terrain:
    """Cut-out pieces: ``(kind, count, size in points)``; islands use the table's footprint."""

    pieces: tuple[tuple[str, int, float], ...]


@dataclass(frozen=True, slots=True)
class TabletopGame:
    title: str
    subtitle: str
    fitting_order: tuple[str, ...]
    factions: tuple[Faction, ...]
    ships: tuple[Ship, ...]
    straight_out: Span
    tipped_up: Span
    tipped_lands: float
    click: float
    ruler_piece: float
    ruler_width: float
    scoring: Scoring
    wind: Wind
    table: TableRules
    terrain: Terrain
    coins: int
    coin_size: float
    source: str = ""

    def faction(self, key: str) -> Faction:
        for faction in self.factions:
            if faction.key == key:
                return faction
        raise KeyError(key)

    def track(self, ship: Ship) -> tuple[str, ...]:
        """The ship's fittings one box each, in the order hits take them off."""
        counts = dict(ship.fittings)
        return tuple(f for f in self.fitting_order for _ in range(counts.get(f, 0)))
