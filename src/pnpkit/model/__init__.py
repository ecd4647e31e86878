"""Frozen value types shared by every game: cells, cards, vocabulary. No I/O, no drawing.

A game's own models live in its home, :mod:`pnpkit.games.<game>.model`."""

from pnpkit.model.cells import Cell, Hex, Square

__all__ = ["Cell", "Hex", "Square"]
