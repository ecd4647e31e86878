"""``chart_to_json(chart)``: the chart as the JSON of ``pnpkit map … --format json``.

Exactly the shape of DESIGN.md "Chart JSON" (format ``pnpkit-chart/1``), plus two added keys:
``title`` and each seat's ``name`` and ``wings``. Cells appear once each, in reading order;
every list is sorted, so the same chart always gives the same JSON.
"""

from __future__ import annotations

from typing import Any

from pnpkit.games.false_colors.charts.engine.grid import grid_index
from pnpkit.games.false_colors.charts.engine.storm import closes_after, ring
from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.model.cells import Cell, Hex

FORMAT = "pnpkit-chart/1"


def at(cell: Cell) -> list[int]:
    """``[x, y]`` for squares, axial ``[q, r]`` for hexes."""
    return [cell.q, cell.r] if isinstance(cell, Hex) else [cell.x, cell.y]


def _sorted(chart: Chart, cells: frozenset[Cell]) -> list[list[int]]:
    positions = grid_index(chart).positions
    on = sorted((c for c in cells if c in positions), key=positions.__getitem__)
    return [at(c) for c in on]


def chart_to_json(chart: Chart) -> dict[str, Any]:
    size: dict[str, int] = (
        {"radius": chart.radius}
        if chart.shape is Shape.HEX
        else {"width": chart.width, "height": chart.height}
    )
    seat_of: dict[Cell, int] = {}
    wing_of: dict[Cell, int] = {}
    for seat in chart.seats:
        for c in seat.anchorage:
            seat_of.setdefault(c, seat.index)
        for c in seat.wings:
            wing_of.setdefault(c, seat.index)
    cells = [
        {
            "at": at(cell),
            "label": chart.label(cell),
            "terrain": chart.terrain(cell).value,
            "seat": seat_of.get(cell),
            "wing": wing_of.get(cell),
            "ring": ring(chart, cell),
            "closes_after_round": closes_after(chart, cell),
        }
        for cell in chart.cells
    ]
    return {
        "format": FORMAT,
        "chart": chart.name,
        "title": chart.title,
        "shape": chart.shape.value,
        "size": size,
        "seed": chart.seed,
        "symmetry": {
            "rotations": chart.symmetry.rotations,
            "reflections": chart.symmetry.reflections,
        },
        "seats": [
            {
                "seat": seat.index,
                "name": seat.name,
                "anchorage": _sorted(chart, seat.anchorage),
                "wings": _sorted(chart, seat.wings),
            }
            for seat in sorted(chart.seats, key=lambda s: s.index)
        ],
        "cells": cells,
    }
