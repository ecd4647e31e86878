"""Cells written as printed labels, with two compact region forms.

A cell set in chart YAML is one region or a list of regions, each of which is

- a label as printed on the chart: ``"E1"`` (square: column letter, row number; hex: row
  letter, position in the row, see :meth:`pnpkit.model.Hex.label`);
- a rectangle on a square chart: ``"E1:H4"`` (both corners included, either order);
- every cell within N steps of a cell: ``{around: I9, within: 1}``.

A label off the chart is refused with the chart's label range; a cell listed twice (also
through overlapping regions) is refused too.
"""

from __future__ import annotations

from pnpkit.errors import Problem
from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.load.fields import Fields, Invalid, Kind, Problems, integer, invalid
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, describe
from pnpkit.model.cells import Cell, Hex, Square, column_letters

REGION_FORMS = "a label such as E1, a rectangle E1:H4 (square charts), {around: E1, within: 2}"


def label_range(chart: Chart) -> str:
    """The labels a chart has, for messages."""
    if chart.shape is Shape.SQUARE:
        last_col = column_letters(chart.width - 1)
        return f"A1–{last_col}{chart.height} (columns A–{last_col}, rows 1–{chart.height})"
    n = chart.radius
    last_row = column_letters(2 * n)
    middle = column_letters(n)
    return (
        f"rows A–{last_row}; rows A and {last_row} hold {n + 1} hexes ({last_row}1–{last_row}{n + 1}),"
        f" row {middle} holds {2 * n + 1} ({middle}1–{middle}{2 * n + 1})"
    )


def _label(chart: Chart, node: Node, field: str) -> Cell:
    if not isinstance(node, ScalarNode) or not isinstance(node.value, str):
        raise invalid(
            node, field, f"expected a cell label, found {describe(node)}", label_range(chart)
        )
    cell = chart.parse_label(node.value)
    if cell is None:
        raise invalid(
            node, field, f"{node.value!r} is not a cell of this chart", label_range(chart)
        )
    return cell


def _rectangle(chart: Chart, node: ScalarNode, field: str) -> list[Cell]:
    assert isinstance(node.value, str)
    if chart.shape is not Shape.SQUARE:
        raise invalid(
            node,
            field,
            f"{node.value!r}: rectangles are for square charts",
            "a label, or {around: LABEL, within: N}",
        )
    corners: list[Square] = []
    problems: list[str] = []
    for part in node.value.split(":"):
        cell = chart.parse_label(part)
        if isinstance(cell, Square):
            corners.append(cell)
        else:
            problems.append(repr(part.strip()))
    if problems or len(corners) != 2:
        what = ", ".join(problems) + " not on this chart" if problems else "needs two corners"
        raise invalid(node, field, f"{node.value!r}: {what}", label_range(chart))
    (a, b) = corners
    return [
        Square(x, y)
        for y in range(min(a.y, b.y), max(a.y, b.y) + 1)
        for x in range(min(a.x, b.x), max(a.x, b.x) + 1)
    ]


def _around(chart: Chart, node: MapNode, field: str) -> list[Cell]:
    problems = Problems()
    reader = Fields(node, problems, field)
    centre = reader.need("around", lambda n, f: _label(chart, n, f))
    reach = chart.radius * 2 if chart.shape is Shape.HEX else chart.width + chart.height
    within = reader.need("within", integer(0, max(reach, 0)))
    reader.done()
    if problems:
        raise Invalid(problems.items)
    assert centre is not None and within is not None
    return [cell for cell in chart.cells if _distance(cell, centre) <= within]


def _distance(a: Cell, b: Cell) -> int:
    if isinstance(a, Hex) and isinstance(b, Hex):
        return a.distance(b)
    if isinstance(a, Square) and isinstance(b, Square):
        return a.distance(b)
    raise TypeError("cells of different shapes")


def _region(chart: Chart, node: Node, field: str) -> list[Cell]:
    if isinstance(node, MapNode):
        return _around(chart, node, field)
    if isinstance(node, ScalarNode) and isinstance(node.value, str) and ":" in node.value:
        return _rectangle(chart, node, field)
    return [_label(chart, node, field)]


def cell_set(chart: Chart) -> Kind[tuple[Cell, ...]]:
    """A kind reading one region or a list of regions on ``chart`` (only its geometry is used:
    shape, width, height, radius). Cells come back in the order written, each once."""

    def read(node: Node, field: str) -> tuple[Cell, ...]:
        items = node.items if isinstance(node, ListNode) else (node,)
        single = not isinstance(node, ListNode)
        found: list[Problem] = []
        cells: dict[Cell, None] = {}
        for i, item in enumerate(items):
            item_field = field if single else f"{field}[{i}]"
            try:
                region = _region(chart, item, item_field)
            except Invalid as exc:
                found.extend(exc.problems)
                continue
            twice = [chart.label(cell) for cell in region if cell in cells]
            if twice:
                found.extend(invalid(item, item_field, f"{', '.join(twice)} listed twice").problems)
            cells.update(dict.fromkeys(region))
        if found:
            raise Invalid(found)
        return tuple(cells)

    return read
