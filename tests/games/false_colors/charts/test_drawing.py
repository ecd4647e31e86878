"""The chart drawing: 1:1 geometry, labels, storm rings and the promised grid, from the model."""

from __future__ import annotations

import dataclasses
import itertools
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pnpkit.games.false_colors.charts.draw import GRID_PROMISE_COLOUR, ChartDrawing
from pnpkit.games.false_colors.charts.engine import storm
from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.model.ours import MARK
from pnpkit.render.drawable import GRID_COLOR, Tileable
from pnpkit.render.vector import Circle, Words
from pnpkit.render.vector import Shape as Path_
from pnpkit.units import INCH

DATA = Path(__file__).resolve().parents[4] / "data" / "false-colors"


@pytest.fixture(scope="module")
def charts() -> dict[str, Chart]:
    return load_charts(DATA)


def _words(drawing: ChartDrawing) -> list[Words]:
    return [item for item in drawing.items() if isinstance(item, Words)]


def test_square_chart_is_drawn_at_one_to_one(charts: dict[str, Chart]) -> None:
    chart = charts["square"]
    drawing = ChartDrawing(chart)
    assert isinstance(drawing, Tileable)
    assert chart.cell_size == pytest.approx(1.25 * INCH)
    assert (drawing.width, drawing.height) == pytest.approx((12 * 90.0, 12 * 90.0))
    assert drawing.cuts_x == pytest.approx(tuple(i * 90.0 for i in range(13)))
    assert drawing.cuts_y == pytest.approx(tuple(i * 90.0 for i in range(13)))
    assert drawing.grid.pitch == pytest.approx(90.0)
    assert drawing.grid.color == GRID_COLOR


def test_hex_chart_size_and_promised_vertical_sides(charts: dict[str, Chart]) -> None:
    chart = charts["hex"]
    drawing = ChartDrawing(chart)
    radius = chart.cell_size / math.sqrt(3)
    assert drawing.width == pytest.approx((2 * chart.radius + 1) * chart.cell_size)
    assert drawing.height == pytest.approx((3 * chart.radius + 2) * radius)
    grid_lines = [
        item
        for item in drawing.items()
        if isinstance(item, Path_) and item.stroke == GRID_PROMISE_COLOUR
    ]
    assert grid_lines and all(abs(g.points[0][0] - g.points[1][0]) < 1e-6 for g in grid_lines)
    xs = sorted({round(g.points[0][0], 6) for g in grid_lines})
    gaps = [b - a for a, b in itertools.pairwise(xs)]
    assert gaps and all(g == pytest.approx(chart.cell_size) for g in gaps)
    assert drawing.grid.axis == "x"


def test_every_cell_has_its_coordinate(charts: dict[str, Chart]) -> None:
    for chart in charts.values():
        texts = {w.text for w in _words(ChartDrawing(chart))}
        assert {chart.label(cell) for cell in chart.cells} <= texts


def test_each_closing_ring_says_when_once_per_seat_rotation(charts: dict[str, Chart]) -> None:
    for chart in charts.values():
        texts = [w.text for w in _words(ChartDrawing(chart))]
        for round_number in chart.storm_rounds:
            assert texts.count(f"round {round_number}") == chart.symmetry.rotations, chart.name
        assert texts.count("closes after") == len(chart.storm_rounds) * chart.symmetry.rotations


def test_storm_boundaries_follow_the_engine_rings(charts: dict[str, Chart]) -> None:
    chart = charts["square"]
    storm_lines = [
        item
        for item in ChartDrawing(chart).items()
        if isinstance(item, Path_) and item.dash == (7.0, 3.0)
    ]
    # a square ring k boundary (k = 1…3) is the outline of a (12 - 2k)-cell square: 4 (12 - 2k) sides
    expected = sum(4 * (chart.width - 2 * k) for k in range(1, len(chart.storm_rounds) + 1))
    assert len(storm_lines) == expected
    assert all(storm.ring(chart, cell) >= 1 for cell in chart.cells)


def test_seat_names_and_harbor_marks(charts: dict[str, Chart]) -> None:
    for chart in charts.values():
        texts = [w.text for w in _words(ChartDrawing(chart))]
        for seat in chart.seats:
            assert seat.name in texts
        harbor = "H" + chart.ours.mark("harbors")  # the shipped harbors' places are ours
        assert harbor.endswith(MARK)
        assert texts.count(harbor) == len(chart.harbors)
        assert texts.count("Capital") == len(chart.capital)


def test_nothing_leaves_the_box(charts: dict[str, Chart]) -> None:
    for chart in charts.values():
        drawing = ChartDrawing(chart)
        for item in drawing.items():
            points = (
                item.points
                if isinstance(item, Path_)
                else (item.centre if isinstance(item, Circle) else item.at,)
            )
            for x, y in points:
                assert -1e-6 <= x <= drawing.width + 1e-6 and -1e-6 <= y <= drawing.height + 1e-6


def test_a_dealt_chart_carries_its_seed(charts: dict[str, Chart]) -> None:
    chart = charts["duel"]
    plain = ChartDrawing(chart)
    assert not any(w.text.startswith("seed") for w in _words(plain))
    dealt = ChartDrawing(dataclasses.replace(chart, seed=4711))
    seeded = [w for w in _words(dealt) if w.text == "seed 4711"]
    assert len(seeded) == len(chart.cells)
    assert "seed 4711" in dealt.title


def test_svg_is_well_formed_and_deterministic(charts: dict[str, Chart]) -> None:
    chart = charts["hex"]
    first = ChartDrawing(chart).svg()
    assert first == ChartDrawing(chart).svg()
    root = ET.fromstring(first)
    assert root.tag.endswith("svg")
    assert root.get("width") == f"{ChartDrawing(chart).width / 72:.4f}in"
    assert "closes after" in first
    assert chart.shape is Shape.HEX
