from __future__ import annotations

from collections import Counter

import pytest

from pnpkit.games.false_colors.charts.engine.storm import (
    closes_after,
    ring,
    ring_count,
    ring_masks,
    storm_report,
)
from pnpkit.games.false_colors.charts.engine.symmetry import seat_group
from pnpkit.model.cells import Hex, Square

from .charts import duel_chart, hex_chart, shipped_charts, square_chart


def test_square_rings_count_from_the_edge():
    chart = square_chart()
    assert ring(chart, Square(0, 7)) == 1
    assert ring(chart, Square(11, 11)) == 1
    assert ring(chart, Square(1, 5)) == 2
    assert ring(chart, Square(5, 6)) == 6
    assert ring_count(chart) == 6
    assert Counter(ring(chart, c) for c in chart.cells)[1] == 44


def test_hex_rings_count_from_the_edge():
    chart = hex_chart()
    assert ring(chart, Hex(8, 0)) == 1
    assert ring(chart, Hex(-4, -4)) == 1
    assert ring(chart, Hex(0, 0)) == 9
    assert ring_count(chart) == 9
    assert Counter(ring(chart, c) for c in chart.cells)[1] == 48


def test_closes_after_follows_the_schedule():
    chart = square_chart()
    assert closes_after(chart, Square(0, 0)) == 13
    assert closes_after(chart, Square(1, 1)) == 18
    assert closes_after(chart, Square(2, 6)) == 22
    assert closes_after(chart, Square(3, 6)) is None
    assert closes_after(hex_chart(), Hex(6, 0)) == 22
    assert closes_after(hex_chart(), Hex(5, 0)) is None


@pytest.mark.parametrize("chart", shipped_charts(), ids=lambda c: c.name)
def test_rings_partition_the_chart_and_the_group_keeps_them(chart):
    masks = ring_masks(chart)
    union = 0
    for m in masks:
        assert not union & m
        union |= m
    assert sum(m.bit_count() for m in masks) == len(chart.cells)
    for t in seat_group(chart).elements:
        for cell in chart.cells:
            assert ring(chart, t(cell)) == ring(chart, cell)


def test_storm_report_says_what_each_closing_takes():
    report = storm_report(square_chart())
    assert [c.after_round for c in report] == [13, 18, 22]
    first, second, third = report
    assert len(first.cells) == 44
    assert first.harbors == ()
    assert third.harbors == (Square(2, 2), Square(9, 2), Square(2, 9), Square(9, 9))
    assert first.anchorage == ((0, 4), (1, 4), (2, 4), (3, 4))
    assert first.wings == ((0, 4), (1, 4), (2, 4), (3, 4))
    assert second.wings == ((0, 4), (1, 4), (2, 4), (3, 4))
    assert all(c.islands == () for c in report)  # the screening islands sit in ring 4


def test_storm_report_lists_islands_it_takes():
    from dataclasses import replace

    chart = replace(square_chart(), islands=frozenset({Square(0, 5), Square(2, 6)}))
    report = storm_report(chart)
    assert report[0].islands == (Square(0, 5),)
    assert report[2].islands == (Square(2, 6),)


def test_hex_storm_takes_seven_anchorage_hexes_first():
    report = storm_report(hex_chart())
    assert report[0].anchorage == tuple((k, 7) for k in range(6))
    assert report[1].anchorage == tuple((k, 5) for k in range(6))
    assert report[2].anchorage == tuple((k, 3) for k in range(6))
    assert set(report[2].harbors) == {Hex(3, 3).rotated(k) for k in range(6)}


def test_duel_storm():
    report = storm_report(duel_chart())
    assert report[0].anchorage == ((0, 4), (1, 4))
    assert [len(c.cells) for c in report] == [36, 28, 20]
