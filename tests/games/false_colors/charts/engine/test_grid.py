from __future__ import annotations

from dataclasses import replace

import pytest

from pnpkit.games.false_colors.charts.engine.grid import (
    components,
    distance,
    grid_index,
    neighbours,
    sailing_distance,
    sailing_distances,
)
from pnpkit.model.cells import Hex, Square

from .charts import duel_chart, hex_chart, square_chart


@pytest.mark.parametrize(
    ("chart", "count"), [(square_chart(), 144), (duel_chart(), 100), (hex_chart(), 217)]
)
def test_index_holds_every_cell_once_in_reading_order(chart, count):
    grid = grid_index(chart)
    assert len(grid) == count
    assert grid.cells == chart.cells
    positions = [grid.positions[c] for c in grid.cells]
    assert positions == sorted(positions)
    assert grid.valid.bit_count() == count


def test_index_is_shared_between_charts_of_one_geometry():
    a = square_chart()
    b = replace(a, islands=frozenset())
    assert grid_index(a) is grid_index(b)
    assert grid_index(a) is not grid_index(duel_chart())


@pytest.mark.parametrize("chart", [square_chart(), hex_chart()])
def test_adjacency_matches_cell_geometry(chart):
    grid = grid_index(chart)
    for i, cell in enumerate(grid.cells):
        expected = {n for n in cell.neighbours() if chart.contains(n)}
        assert {grid.cells[j] for j in grid.adjacency[i]} == expected
        assert set(neighbours(chart, cell)) == expected


def test_neighbour_counts_at_edges_and_corners():
    square, hexc = square_chart(), hex_chart()
    assert len(neighbours(square, Square(0, 0))) == 2
    assert len(neighbours(square, Square(0, 5))) == 3
    assert len(neighbours(square, Square(5, 5))) == 4
    assert len(neighbours(hexc, Hex(0, 0))) == 6
    assert len(neighbours(hexc, Hex(8, 0))) == 3  # a corner
    assert len(neighbours(hexc, Hex(8, -4))) == 4  # an edge
    assert neighbours(square, Square(40, 40)) == ()


def test_touching_on_squares_includes_corners():
    chart = square_chart()
    grid = grid_index(chart)
    centre = grid.mask([Square(5, 5)])
    assert set(grid.cells_of(grid.touch(centre))) == set(Square(5, 5).touching())
    corner = grid.mask([Square(0, 0)])
    assert set(grid.cells_of(grid.touch(corner))) == {Square(1, 0), Square(0, 1), Square(1, 1)}


def test_distance_on_empty_grid():
    assert distance(Square(0, 0), Square(3, 4)) == 7
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    with pytest.raises(TypeError):
        distance(Square(0, 0), Hex(0, 0))


def test_sailing_goes_around_islands():
    chart = replace(square_chart(), islands=frozenset({Square(1, 0), Square(1, 1)}))
    # (0,0) → (2,0): straight would be 2; the wall at x=1 forces a detour via (1,2)
    assert sailing_distance(chart, [Square(0, 0)], [Square(2, 0)]) == 6
    dist = sailing_distances(chart, [Square(0, 0)])
    assert Square(1, 0) not in dist
    assert dist[Square(0, 0)] == 0
    assert dist[Square(0, 2)] == 2


def test_harbor_and_capital_are_sailable():
    chart = square_chart()
    dist = sailing_distances(chart, [Square(2, 2)])
    assert dist[Square(5, 5)] == 6
    assert Square(3, 3) not in dist  # an island


def test_components_find_cut_off_water():
    chart = replace(square_chart(), islands=frozenset({Square(1, 0), Square(0, 1)}))
    parts = components(chart)
    assert len(parts) == 2
    assert parts[0] == (Square(0, 0),)
    assert len(parts[1]) == 144 - 3
    assert sailing_distance(chart, [Square(0, 0)], [Square(5, 5)]) is None
