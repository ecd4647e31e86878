"""Frozen value types for games, charts, rosters and kits. No I/O, no drawing."""

from pnpkit.model.cells import Cell, Hex, Square
from pnpkit.model.chart import Chart, Seat, Seating, Shape, Symmetry, Terrain
from pnpkit.model.fleet import Ability, Fleet, FleetGame, Scoring, ShipClass

__all__ = [
    "Ability",
    "Cell",
    "Chart",
    "Fleet",
    "FleetGame",
    "Hex",
    "Scoring",
    "Seat",
    "Seating",
    "Shape",
    "ShipClass",
    "Square",
    "Symmetry",
    "Terrain",
]
