from __future__ import annotations

from dataclasses import replace

import pytest

from pnpkit.games.false_colors.charts.engine.checks import CHECKS, Violation, check_chart
from pnpkit.games.false_colors.charts.model import Shape
from pnpkit.model.cells import Hex, Square

from .charts import duel_chart, hex_chart, rules_for, shipped_charts, square_chart

REQUIRED = [
    "shape", "anchorage-size", "anchorage-place", "anchorage-disjoint", "anchorage-open", "wings",
    "capital-size", "capital-centred", "capital-open", "capital-storm", "harbor-count",
    "harbor-place", "harbor-water", "islands-clear", "sea-connected", "reach", "screen",
    "seat-order", "symmetry", "fairness", "storm-rings", "game-length", "storm-schedule",
    "seating", "seating-place", "seating-fair", "random-islands",
]  # fmt: skip


def test_catalogue_names_every_check_with_a_line():
    assert list(CHECKS) == REQUIRED
    assert all(CHECKS[name] and "\n" not in CHECKS[name] for name in CHECKS)


@pytest.mark.parametrize("chart", shipped_charts(), ids=lambda c: c.name)
def test_shipped_designs_pass_every_check(chart):
    assert check_chart(chart) == []
    assert check_chart(chart, rules_for(chart)) == []


def test_violations_come_in_catalogue_order_and_all_at_once():
    chart = replace(
        square_chart(),
        islands=square_chart().islands | {Square(5, 1), Square(5, 4), Square(5, 5)},
        storm_rounds=(13, 12, 22),
    )
    found = check_chart(chart)
    names = [v.check for v in found]
    assert names == sorted(names, key=REQUIRED.index)
    for name in ("anchorage-open", "capital-open", "islands-clear", "symmetry", "storm-rings"):
        assert name in names
    assert all(isinstance(v, Violation) for v in found)


@pytest.mark.parametrize(
    "chart",
    [
        replace(square_chart(), width=0, height=0),
        replace(hex_chart(), radius=0),
        replace(square_chart(), shape=Shape.HEX, radius=8),
        replace(hex_chart(), shape=Shape.SQUARE, width=12, height=12),
        replace(square_chart(), seats=()),
        replace(square_chart(), harbors=frozenset({Square(-1, -1), Hex(0, 0)})),
        replace(duel_chart(), width=11),
    ],
    ids=[
        "empty-square",
        "empty-hex",
        "square-as-hex",
        "hex-as-square",
        "no-seats",
        "garbage-harbors",
        "odd-duel",
    ],
)
def test_garbage_is_reported_never_raised(chart):
    found = check_chart(chart)
    assert found
    assert all(v.check in CHECKS and v.message for v in found)
