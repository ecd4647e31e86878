"""What the checks and the dealer need to know about a chart's fixed layout, as bitsets.

Everything here depends on the chart's shape, size, seats, harbors, Capital, storm and symmetry,
never on its islands, so one :class:`ChartFacts` serves every candidate island map the dealer
tries. Bitsets follow :mod:`pnpkit.games.false_colors.charts.engine.grid`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pnpkit.games.false_colors.charts.engine.grid import GridIndex, grid_index
from pnpkit.games.false_colors.charts.engine.storm import ring_masks
from pnpkit.games.false_colors.charts.engine.symmetry import SeatGroup, Transform, seat_group
from pnpkit.games.false_colors.charts.model import Chart, Shape

ANCHORAGE_SIDE = 4
"""Square anchorages are 4 × 4."""
ANCHORAGE_REACH = 3
"""Hex anchorages are the hexes within 3 of a corner."""
ANCHORAGE_CELLS = 16
WING_SIDE = 2
"""Wings are 2 × 2."""


@dataclass(frozen=True, eq=False)
class ChartFacts:
    """A chart's fixed layout as bitsets (seats, anchorages, harbors, Capital, storm rings,
    symmetry), worked out once by :func:`chart_facts` for every island map tried on it."""

    grid: GridIndex
    group: SeatGroup
    anchorages: tuple[int, ...]
    """Per seat (in the order of ``chart.seats``): its anchorage cells on the chart."""
    wings: tuple[int, ...]
    all_anchorages: int
    all_wings: int
    harbors: tuple[int, ...]
    """Bit positions of the harbors on the chart, in reading order."""
    harbor_mask: int
    capital: int
    capital_sides: int
    """Chart cells sharing an edge with the Capital, the Capital excluded."""
    reserved: int
    """Anchorages, wings, harbors and Capital: no island may lie here."""
    neighbour_pairs: tuple[tuple[int, int], ...]
    """Neighbouring seats as positions in ``chart.seats``: (0, 1), (1, 2), …, (n−1, 0)."""
    screen: tuple[tuple[int, int, int], ...]
    """(seat position, next seat position, cells touching both anchorages) per neighbouring pair."""
    screen_mask: int
    rings: tuple[int, ...]
    remaining: tuple[tuple[int, int], ...]
    """(round, cells left) after each scheduled closing."""
    generators: tuple[tuple[Transform, tuple[int, ...]], ...]
    """Each generator of the seat group with its map from bit position to bit position."""
    orbits: tuple[int, ...]
    """The chart's cells as orbits of the seat group, ordered by their first cell."""


def neighbour_pairs(count: int) -> tuple[tuple[int, int], ...]:
    """Seats k and k+1 around the table; two seats make one pair; one seat none."""
    if count < 2:
        return ()
    if count == 2:
        return ((0, 1),)
    return tuple((k, (k + 1) % count) for k in range(count))


def bit_perm(grid: GridIndex, transform: Transform) -> tuple[int, ...]:
    """Bit position → image bit position (−1 off the chart or for padding bits)."""
    size = grid.valid.bit_length()
    perm = [-1] * size
    for cell, pos in grid.positions.items():
        perm[pos] = grid.positions.get(transform(cell), -1)
    return tuple(perm)


def image(perm: tuple[int, ...], bits: int) -> int:
    """A bitset mapped through :func:`bit_perm`; cells mapped off the chart are dropped."""
    out = 0
    while bits:
        low = bits & -bits
        dst = perm[low.bit_length() - 1]
        if dst >= 0:
            out |= 1 << dst
        bits ^= low
    return out


def chart_facts(chart: Chart) -> ChartFacts:
    grid = grid_index(chart)
    group = seat_group(chart)
    anchorages = tuple(grid.mask(seat.anchorage) for seat in chart.seats)
    wings = tuple(grid.mask(seat.wings) for seat in chart.seats)
    all_anchorages = _union(anchorages)
    all_wings = _union(wings)
    harbor_mask = grid.mask(chart.harbors)
    capital = grid.mask(chart.capital)
    capital_sides = grid.spread(capital) & ~capital
    pairs = neighbour_pairs(len(chart.seats))
    screen: list[tuple[int, int, int]] = []
    if chart.screened and chart.shape is Shape.SQUARE:
        for i, j in pairs:
            a, b = anchorages[i], anchorages[j]
            screen.append((i, j, grid.touch(a) & grid.touch(b) & ~a & ~b))
    rings = ring_masks(chart)
    remaining: list[tuple[int, int]] = []
    left = grid.valid
    for index, after in enumerate(chart.storm_rounds):
        if index < len(rings):
            left &= ~rings[index]
        remaining.append((after, left))
    orbit_masks: list[int] = []
    seen = 0
    for cell in grid.cells:
        pos = grid.positions[cell]
        if seen >> pos & 1:
            continue
        orbit = grid.mask(group.orbit(cell))
        seen |= orbit
        orbit_masks.append(orbit)
    return ChartFacts(
        grid=grid,
        group=group,
        anchorages=anchorages,
        wings=wings,
        all_anchorages=all_anchorages,
        all_wings=all_wings,
        harbors=tuple(grid.positions[c] for c in grid.cells_of(harbor_mask)),
        harbor_mask=harbor_mask,
        capital=capital,
        capital_sides=capital_sides,
        reserved=all_anchorages | all_wings | harbor_mask | capital,
        neighbour_pairs=pairs,
        screen=tuple(screen),
        screen_mask=_union(m for _, _, m in screen),
        rings=rings,
        remaining=tuple(remaining),
        generators=tuple((t, bit_perm(grid, t)) for t in group.generators),
        orbits=tuple(orbit_masks),
    )


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out
