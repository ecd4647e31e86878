"""A chart drawn for the terminal: one glyph per cell, the storm rings, and a legend.

``pnpkit map square --seed 7`` prints this. Square charts get column letters and row numbers;
hex charts are drawn row by row, each row shifted half a cell, so the hexagon reads as one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pnpkit.games.false_colors.charts.engine.storm import closes_after, ring
from pnpkit.games.false_colors.charts.model import Chart, Shape, Terrain
from pnpkit.model.cells import Cell, Hex, Square, column_letters

GLYPHS = {Terrain.WATER: ".", Terrain.ISLAND: "#", Terrain.HARBOR: "H", Terrain.CAPITAL: "C"}
WING_LETTERS = "abcdefghijklmnopqrstuvwxyz"
RING_GLYPHS = "123456789" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
NEVER = "."


def chart_text(chart: Chart) -> str:
    """The chart as lines of text ending in a newline: the map, the storm rings, a legend."""
    lines = [_heading(chart), "", "Map"]
    lines += _grid(chart, lambda cell: cell_glyph(chart, cell))
    lines += ["", "Storm rings (the ring that closes; '.' never closes)"]
    lines += _grid(chart, lambda cell: _ring_glyph(chart, cell))
    lines += ["", *_legend(chart)]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def cell_glyph(chart: Chart, cell: Cell) -> str:
    """One character for a cell: terrain first, then anchorage (seat digit) or wing letter."""
    terrain = chart.terrain(cell)
    if terrain is not Terrain.WATER:
        return GLYPHS[terrain]
    seat = chart.seat_of(cell)
    if seat is not None:
        return str(seat) if seat < 10 else "+"
    wing = chart.wing_of(cell)
    if wing is not None:
        return WING_LETTERS[wing % len(WING_LETTERS)]
    return GLYPHS[Terrain.WATER]


def _ring_glyph(chart: Chart, cell: Cell) -> str:
    if closes_after(chart, cell) is None:
        return NEVER
    number = ring(chart, cell)
    return RING_GLYPHS[number - 1] if number <= len(RING_GLYPHS) else "+"


def _heading(chart: Chart) -> str:
    size = chart.size_text
    seed = "" if chart.seed is None else f", islands dealt with seed {chart.seed}"
    return f"{chart.title} ({chart.name}: {size}, {len(chart.cells)} cells{seed})"


def _grid(chart: Chart, glyph: Callable[[Cell], str]) -> list[str]:
    if chart.shape is Shape.HEX:
        return _hex_grid(chart, glyph)
    return _square_grid(chart, glyph)


def _square_grid(chart: Chart, glyph: Callable[[Cell], str]) -> list[str]:
    width = len(column_letters(max(chart.width - 1, 0)))
    margin = len(str(chart.height)) + 2
    header = " " * margin + " ".join(column_letters(x).rjust(width) for x in range(chart.width))
    rows = [header]
    for y in range(chart.height):
        cells = " ".join(glyph(Square(x, y)).rjust(width) for x in range(chart.width))
        rows.append(f"{y + 1:>{margin - 2}}  {cells}  {y + 1}")
    rows.append(header)
    return rows


def _hex_grid(chart: Chart, glyph: Callable[[Cell], str]) -> list[str]:
    n = chart.radius
    margin = len(column_letters(2 * n)) + 2
    rows = []
    for r in range(-n, n + 1):
        q_min, q_max = max(-n, -n - r), min(n, n - r)
        letter = column_letters(r + n)
        cells = " ".join(glyph(Hex(q, r)) for q in range(q_min, q_max + 1))
        count = q_max - q_min + 1
        rows.append(
            f"{letter:>{margin - 2}}  {' ' * abs(r)}{cells}{' ' * abs(r)}  {letter}1–{letter}{count}"
        )
    return rows


def _labels(chart: Chart, cells: Iterable[Cell]) -> str:
    order = {cell: i for i, cell in enumerate(chart.cells)}
    return ", ".join(chart.label(cell) for cell in sorted(cells, key=lambda c: order.get(c, -1)))


def _legend(chart: Chart) -> list[str]:
    parts = [". water", "# island", "H harbor", "C Capital"]
    if chart.seats:
        parts.append(f"0–{len(chart.seats) - 1} the anchorage of that seat")
    if any(seat.wings for seat in chart.seats):
        parts.append(
            f"a–{WING_LETTERS[len(chart.seats) - 1]} the wings of seat 0–{len(chart.seats) - 1}"
        )
    lines = ["Legend: " + ", ".join(parts), "Seats:"]
    for seat in chart.seats:
        wings = (
            f"; wings ({WING_LETTERS[seat.index % 26]}) {_labels(chart, seat.wings)}"
            if seat.wings
            else ""
        )
        lines.append(
            f"  {seat.index} {seat.name}: {len(seat.anchorage)} cells, "
            f"{_labels(chart, seat.anchorage)}{wings}"
        )
    if not chart.seats:
        lines[-1] = "Seats: none"
    lines.append(f"Harbors: {_labels(chart, chart.harbors) or 'none'}")
    lines.append(f"Capital: {_labels(chart, chart.capital) or 'none'}")
    lines.append(f"Islands: {_labels(chart, chart.islands) or 'none'}")
    lines.append("Storm:")
    for index, after in enumerate(chart.storm_rounds):
        count = sum(1 for cell in chart.cells if ring(chart, cell) == index + 1)
        lines.append(f"  ring {index + 1} ({count} cells) closes after round {after}")
    lines.append(f"  the rest stays open; the game lasts {chart.rounds} rounds")
    return lines
