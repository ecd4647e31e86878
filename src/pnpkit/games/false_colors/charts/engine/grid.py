"""Cells of one chart's grid: neighbours, distances, sailing distances, connected waters.

Everything here is computed once per chart *geometry* (shape and size, never islands) and kept
in a :class:`GridIndex`: the cells in reading order, a bit position for each cell, the
neighbour offsets between bit positions and per-cell adjacency lists. Sets of cells are then
Python ints used as bitsets, so a breadth-first search over a 217-hex chart is a few dozen
big-integer operations per step. The dealer checks thousands of candidate maps a second on it.

Bit layout: rows top to bottom, cells left to right, one padding bit after every row, so a
shift never carries a cell from the end of one row to the start of the next:

- square ``w × h``: ``Square(x, y)`` sits at bit ``y·(w+1) + x``; neighbours are ``±1`` and
  ``±(w+1)``; touching cells (edge or corner) add the four diagonals.
- hex of radius ``n``: ``Hex(q, r)`` sits at bit ``(r+n)·(2n+2) + (q+n)``; the six neighbours
  are ``±1``, ``±(2n+2)`` and ``±(2n+1)``; a mask of the real hexes removes the corners of
  the rhombus.

Sailing: ships move between neighbouring cells of the chart that are not islands. Harbor and
Capital cells are sailable water.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.model.cells import Cell, Hex, Square


@dataclass(frozen=True, eq=False)
class GridIndex:
    """The precomputed geometry of one chart shape and size."""

    shape: Shape
    width: int
    height: int
    radius: int
    cells: tuple[Cell, ...]
    """Every cell in reading order."""
    positions: dict[Cell, int]
    """Cell → bit position; bit positions grow in reading order."""
    cell_at: dict[int, Cell]
    """Bit position → cell."""
    shifts: tuple[int, ...]
    """Bit offsets of the cells sharing an edge (4 on squares, 6 on hexes)."""
    touch_shifts: tuple[int, ...]
    """Bit offsets of the cells sharing an edge or a corner (8 on squares, 6 on hexes)."""
    valid: int
    """The bitset of every cell of the chart."""
    adjacency: tuple[tuple[int, ...], ...]
    """By reading index: the reading indices of the cells sharing an edge."""

    def __len__(self) -> int:
        return len(self.cells)

    def mask(self, cells: Iterable[Cell]) -> int:
        """The bitset of the given cells that lie on the chart (others are ignored)."""
        positions = self.positions
        bits = 0
        for cell in cells:
            pos = positions.get(cell) if isinstance(cell, Square | Hex) else None
            if pos is not None:
                bits |= 1 << pos
        return bits

    def off_chart(self, cells: Iterable[object]) -> tuple[object, ...]:
        """The given cells that are not cells of this chart (wrong kind, or outside it)."""
        return tuple(c for c in cells if not isinstance(c, Square | Hex) or c not in self.positions)

    def cells_of(self, bits: int) -> tuple[Cell, ...]:
        """The cells of a bitset, in reading order."""
        cell_at = self.cell_at
        out: list[Cell] = []
        while bits:
            low = bits & -bits
            out.append(cell_at[low.bit_length() - 1])
            bits ^= low
        return tuple(out)

    def spread(self, bits: int) -> int:
        """Every chart cell sharing an edge with a cell of ``bits`` (``bits`` itself not included
        unless a neighbour)."""
        return _shifted(bits, self.shifts) & self.valid

    def touch(self, bits: int) -> int:
        """Every chart cell sharing an edge or a corner with a cell of ``bits``."""
        return _shifted(bits, self.touch_shifts) & self.valid

    def layers(self, start: int, sea: int) -> Iterator[int]:
        """Breadth-first rings through ``sea``: layer d holds the cells at sailing distance d
        from ``start & sea``."""
        seen = frontier = start & sea
        shifts = self.shifts
        while frontier:
            yield frontier
            nxt = 0
            for s in shifts:
                nxt |= frontier << s if s > 0 else frontier >> -s
            frontier = nxt & sea & ~seen
            seen |= frontier

    def flood(self, start: int, sea: int) -> int:
        """Every cell of ``sea`` reachable from ``start & sea``."""
        seen = frontier = start & sea
        shifts = self.shifts
        while frontier:
            nxt = 0
            for s in shifts:
                nxt |= frontier << s if s > 0 else frontier >> -s
            frontier = nxt & sea & ~seen
            seen |= frontier
        return seen

    def components(self, sea: int) -> list[int]:
        """The connected parts of ``sea``, each a bitset, ordered by their first cell."""
        parts: list[int] = []
        rest = sea & self.valid
        while rest:
            part = self.flood(rest & -rest, rest)
            parts.append(part)
            rest &= ~part
        return parts


def _shifted(bits: int, shifts: tuple[int, ...]) -> int:
    out = 0
    for s in shifts:
        out |= bits << s if s > 0 else bits >> -s
    return out


def grid_index(chart: Chart) -> GridIndex:
    """The index of this chart's geometry; built once per shape and size, then shared."""
    if chart.shape is Shape.HEX:
        return _index(Shape.HEX, 0, 0, max(chart.radius, -1))
    return _index(Shape.SQUARE, max(chart.width, 0), max(chart.height, 0), 0)


@lru_cache(maxsize=64)
def _index(shape: Shape, width: int, height: int, radius: int) -> GridIndex:
    cells: list[Cell] = []
    bit_of: list[int] = []
    if shape is Shape.SQUARE:
        stride = width + 1
        for y in range(height):
            for x in range(width):
                cells.append(Square(x, y))
                bit_of.append(y * stride + x)
        shifts: tuple[int, ...] = (-stride, 1, stride, -1)
        touch: tuple[int, ...] = (*shifts, -stride - 1, -stride + 1, stride - 1, stride + 1)
    else:
        n = radius
        stride = max(2 * n + 2, 1)
        for r in range(-n, n + 1):
            for q in range(max(-n, -n - r), min(n, n - r) + 1):
                cells.append(Hex(q, r))
                bit_of.append((r + n) * stride + (q + n))
        # (1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1): the order of Hex.neighbours()
        shifts = (1, 1 - stride, -stride, -1, stride - 1, stride)
        touch = shifts
    positions = {cell: bit for cell, bit in zip(cells, bit_of, strict=True)}
    valid = 0
    for bit in bit_of:
        valid |= 1 << bit
    reading = {bit: i for i, bit in enumerate(bit_of)}
    adjacency = tuple(
        tuple(reading[bit + s] for s in shifts if (bit + s) in reading and (valid >> (bit + s)) & 1)
        for bit in bit_of
    )
    return GridIndex(
        shape=shape,
        width=width,
        height=height,
        radius=radius,
        cells=tuple(cells),
        positions=positions,
        cell_at={bit: cell for cell, bit in positions.items()},
        shifts=shifts,
        touch_shifts=touch,
        valid=valid,
        adjacency=adjacency,
    )


def neighbours(chart: Chart, cell: Cell) -> tuple[Cell, ...]:
    """The cells of the chart sharing an edge with ``cell`` (4 on squares, 6 on hexes)."""
    grid = grid_index(chart)
    pos = grid.positions.get(cell)
    if pos is None:
        return ()
    return grid.cells_of(grid.spread(1 << pos))


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells on an empty grid (no islands), along rows and columns on squares."""
    if isinstance(a, Square) and isinstance(b, Square):
        return a.distance(b)
    if isinstance(a, Hex) and isinstance(b, Hex):
        return a.distance(b)
    raise TypeError(f"cannot measure between {a!r} and {b!r}")


def sea_mask(chart: Chart) -> int:
    """Every cell of the chart that is not an island."""
    grid = grid_index(chart)
    return grid.valid & ~grid.mask(chart.islands)


def sailing_distances(chart: Chart, sources: Iterable[Cell]) -> dict[Cell, int]:
    """Sailing distance from the nearest of ``sources`` to every cell a ship can reach."""
    grid = grid_index(chart)
    out: dict[Cell, int] = {}
    for d, layer in enumerate(grid.layers(grid.mask(sources), sea_mask(chart))):
        for cell in grid.cells_of(layer):
            out[cell] = d
    return out


def sailing_distance(chart: Chart, sources: Iterable[Cell], targets: Iterable[Cell]) -> int | None:
    """Fewest moves from any of ``sources`` to any of ``targets``; None when none is reachable."""
    grid = grid_index(chart)
    goal = grid.mask(targets)
    for d, layer in enumerate(grid.layers(grid.mask(sources), sea_mask(chart))):
        if layer & goal:
            return d
    return None


def components(chart: Chart) -> list[tuple[Cell, ...]]:
    """The connected waters of the chart (islands removed), each in reading order."""
    grid = grid_index(chart)
    return [grid.cells_of(part) for part in grid.components(sea_mask(chart))]
