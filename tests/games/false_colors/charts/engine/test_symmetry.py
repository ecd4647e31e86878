from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.games.false_colors.charts.engine.symmetry import orbits, seat_group
from pnpkit.games.false_colors.charts.model import Symmetry

from .charts import duel_chart, hex_chart, shipped_charts, square_chart

SQUARE, DUEL, HEX = square_chart(), duel_chart(), hex_chart()


@given(st.sampled_from(SQUARE.cells))
@settings(max_examples=30)
def test_four_quarter_turns_are_the_identity(cell):
    turn = seat_group(SQUARE).rotation
    image = cell
    for k in range(4):
        image = turn(image)
        if k < 3:
            assert SQUARE.contains(image)
    assert image == cell


@given(st.sampled_from(HEX.cells))
@settings(max_examples=30)
def test_six_sixth_turns_are_the_identity(cell):
    turn = seat_group(HEX).rotation
    image = cell
    for _ in range(6):
        image = turn(image)
        assert HEX.contains(image)
    assert image == cell


@given(st.sampled_from(DUEL.cells))
@settings(max_examples=30)
def test_two_half_turns_are_the_identity_on_the_duel(cell):
    turn = seat_group(DUEL).rotation
    assert turn(cell) != cell
    assert turn(turn(cell)) == cell


@given(st.sampled_from(HEX.cells))
@settings(max_examples=30)
def test_mirrors_are_involutions(cell):
    for t in seat_group(HEX).elements:
        if t.mirror_turns is not None:
            assert t(t(cell)) == cell


@pytest.mark.parametrize(
    ("chart", "size"), [(SQUARE, 8), (DUEL, 2), (HEX, 12)], ids=["square", "duel", "hex"]
)
def test_group_sizes(chart, size):
    group = seat_group(chart)
    assert len(group.elements) == size
    assert group.problems == ()
    # all elements are distinct maps of the chart
    images = {tuple(t(c) for c in chart.cells) for t in group.elements}
    assert len(images) == size


@pytest.mark.parametrize("chart", shipped_charts(), ids=lambda c: c.name)
def test_one_turn_carries_seat_k_to_seat_k_plus_1(chart):
    turn = seat_group(chart).rotation
    n = len(chart.seats)
    for k, seat in enumerate(chart.seats):
        assert turn.apply(seat.anchorage) == chart.seats[(k + 1) % n].anchorage
        assert turn.apply(seat.wings) == chart.seats[(k + 1) % n].wings


@pytest.mark.parametrize("chart", shipped_charts(), ids=lambda c: c.name)
def test_orbits_partition_the_chart(chart):
    found = orbits(chart)
    cells = [c for orbit in found for c in orbit]
    assert sorted(cells) == sorted(chart.cells)
    assert len(set(cells)) == len(cells)
    group = seat_group(chart)
    for orbit in found:
        for t in group.elements:
            assert t.apply(orbit) == frozenset(orbit)


def test_orbit_sizes():
    assert sorted({len(o) for o in orbits(SQUARE)}) == [4, 8]
    assert sorted({len(o) for o in orbits(HEX)}) == [1, 6, 12]
    assert {len(o) for o in orbits(DUEL)} == {2}


def test_unusable_symmetry_is_reported_not_raised():
    group = seat_group(replace(SQUARE, symmetry=Symmetry(3, False)))
    assert group.problems and "3 rotations" in group.problems[0]
    assert [t.name for t in group.elements] == ["identity"]


def test_mirror_that_fits_no_layout_is_reported():
    group = seat_group(replace(DUEL, symmetry=Symmetry(2, True)))
    assert any("no mirror" in p for p in group.problems)
