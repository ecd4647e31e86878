"""The storm: rings counted from the edge, and what each closing takes.

Ring 1 is the outermost. On a square chart a cell's ring is its distance to the nearest edge
plus one; on a hex chart it is ``radius − length + 1``. ``chart.storm_rounds[i]`` is the round
after which ring ``i + 1`` closes; rings past the schedule never close.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.games.false_colors.charts.engine.grid import grid_index
from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.model.cells import Cell, Hex, Square


def ring(chart: Chart, cell: Cell) -> int:
    """The storm ring of ``cell`` (1 = outermost)."""
    if isinstance(cell, Hex):
        return chart.radius - cell.length() + 1
    if isinstance(cell, Square):
        return min(cell.x, cell.y, chart.width - 1 - cell.x, chart.height - 1 - cell.y) + 1
    raise TypeError(f"not a cell: {cell!r}")


def ring_count(chart: Chart) -> int:
    """How many rings the chart has."""
    if chart.shape is Shape.HEX:
        return max(chart.radius, -1) + 1
    return max(min(chart.width, chart.height) + 1, 0) // 2


def closes_after(chart: Chart, cell: Cell) -> int | None:
    """The round after which the storm takes ``cell``; None if its ring never closes."""
    index = ring(chart, cell) - 1
    if 0 <= index < len(chart.storm_rounds):
        return chart.storm_rounds[index]
    return None


def ring_masks(chart: Chart) -> tuple[int, ...]:
    """Bitsets (see :mod:`pnpkit.games.false_colors.charts.engine.grid`) of rings 1, 2, … in
    order."""
    grid = grid_index(chart)
    masks = [0] * ring_count(chart)
    for cell, pos in grid.positions.items():
        masks[ring(chart, cell) - 1] |= 1 << pos
    return tuple(masks)


@dataclass(frozen=True, slots=True)
class Closing:
    """What one closing of the storm takes."""

    ring: int
    after_round: int
    cells: tuple[Cell, ...]
    harbors: tuple[Cell, ...]
    islands: tuple[Cell, ...]
    anchorage: tuple[tuple[int, int], ...]
    """(seat, anchorage cells taken) for every seat, in seat order."""
    wings: tuple[tuple[int, int], ...]
    """(seat, wing cells taken) for every seat with wings."""


def storm_report(chart: Chart) -> list[Closing]:
    """Every scheduled closing, in order, with the harbors, islands and anchorage cells it takes."""
    grid = grid_index(chart)
    masks = ring_masks(chart)
    harbors = grid.mask(chart.harbors)
    islands = grid.mask(chart.islands)
    out: list[Closing] = []
    for index, after in enumerate(chart.storm_rounds):
        mask = masks[index] if index < len(masks) else 0
        out.append(
            Closing(
                ring=index + 1,
                after_round=after,
                cells=grid.cells_of(mask),
                harbors=grid.cells_of(mask & harbors),
                islands=grid.cells_of(mask & islands),
                anchorage=tuple(
                    (seat.index, (grid.mask(seat.anchorage) & mask).bit_count())
                    for seat in chart.seats
                ),
                wings=tuple(
                    (seat.index, (grid.mask(seat.wings) & mask).bit_count())
                    for seat in chart.seats
                    if seat.wings
                ),
            )
        )
    return out
