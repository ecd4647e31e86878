"""Frozen value types shared by every game: cells, charts, cards. No I/O, no drawing.

A game's own models live in its home, :mod:`pnpkit.games.<game>.model`."""

from pnpkit.model.cells import Cell, Hex, Square
from pnpkit.model.chart import Chart, Seat, Seating, Shape, Symmetry, Terrain

__all__ = ["Cell", "Chart", "Hex", "Seat", "Seating", "Shape", "Square", "Symmetry", "Terrain"]
