"""One broken chart per check: each fails with that check's name and the offending cells."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from pnpkit.games.false_colors.charts.engine.checks import CHECKS, check_chart
from pnpkit.games.false_colors.charts.model import Chart, Seating
from pnpkit.model.cells import Cell, Hex, Square

from .charts import block, duel_chart, hex_chart, rules_for, square_chart, turned

SQ = square_chart()
HX = hex_chart()
DU = duel_chart()


def with_islands(chart: Chart, *cells: Cell) -> Chart:
    return replace(chart, islands=chart.islands | frozenset(cells))


def seat_replaced(chart: Chart, k: int, **changes: object) -> Chart:
    seats = list(chart.seats)
    seats[k] = replace(seats[k], **changes)
    return replace(chart, seats=tuple(seats))


def orbit4(*cells: Square) -> frozenset[Cell]:
    return frozenset().union(*(turned(set(cells), k, 12) for k in range(4)))


def anticlockwise() -> Chart:
    """North, West, South, East: the seats listed the wrong way round the table."""
    order = (0, 3, 2, 1)
    seats = tuple(replace(SQ.seats[k], index=i) for i, k in enumerate(order))
    return replace(SQ, seats=seats)


def seated(chart: Chart, *seatings: Seating) -> Chart:
    return replace(chart, seatings=chart.seatings + seatings)


def broken_shape() -> Chart:
    seats = tuple(replace(s, index=i * 2) for i, s in enumerate(SQ.seats))
    return replace(SQ, seats=seats, cell_size=0.0)


CASES: list[tuple[str, Callable[[], Chart], set[Cell]]] = [
    ("shape", broken_shape, set()),
    ("anchorage-size", lambda: seat_replaced(SQ, 0, anchorage=block(4, 7, 0, 3) - {Square(4, 0)}),
     set(block(4, 7, 0, 3) - {Square(4, 0)})),
    ("anchorage-place", lambda: seat_replaced(SQ, 0, anchorage=block(5, 8, 0, 3)),
     {Square(8, y) for y in range(4)}),
    ("anchorage-place", lambda: seat_replaced(SQ, 0, anchorage=block(4, 7, 0, 2) | block(4, 7, -1, -1)),
     {Square(x, -1) for x in range(4, 8)}),
    ("anchorage-disjoint", lambda: seat_replaced(SQ, 1, anchorage=block(4, 7, 0, 3)), set(block(4, 7, 0, 3))),
    ("anchorage-open", lambda: with_islands(SQ, Square(5, 1)), {Square(5, 1)}),
    ("wings", lambda: with_islands(SQ, Square(2, 0)), {Square(2, 0)}),
    ("wings", lambda: seat_replaced(SQ, 0, wings=block(2, 3, 1, 2) | block(8, 9, 0, 1)),
     {Square(2, 0), Square(3, 0), Square(2, 2), Square(3, 2)}),
    ("capital-size", lambda: replace(SQ, capital=block(5, 6, 5, 6) | {Square(7, 5)}),
     set(block(5, 6, 5, 6)) | {Square(7, 5)}),
    ("capital-centred", lambda: replace(SQ, capital=block(4, 5, 5, 6)),
     {Square(4, 5), Square(4, 6), Square(6, 5), Square(6, 6)}),
    ("capital-open", lambda: with_islands(SQ, Square(5, 4)), {Square(5, 4)}),
    ("capital-storm", lambda: replace(SQ, storm_rounds=(13, 15, 17, 19, 21, 23)), set(block(5, 6, 5, 6))),
    ("harbor-count", lambda: replace(SQ, harbors=SQ.harbors - {Square(2, 9)}),
     {Square(2, 2), Square(9, 2), Square(9, 9)}),
    ("harbor-place", lambda: replace(SQ, harbors=SQ.harbors - {Square(2, 2)} | {Square(3, 2)}), {Square(3, 2)}),
    ("harbor-place", lambda: replace(SQ, harbors=SQ.harbors | {Square(12, 3)}), {Square(12, 3)}),
    ("harbor-water", lambda: with_islands(SQ, *SQ.harbors), set(SQ.harbors)),
    ("islands-clear", lambda: with_islands(SQ, Square(5, 5), Square(30, 30)), {Square(5, 5), Square(30, 30)}),
    ("sea-connected", lambda: replace(SQ, islands=SQ.islands | orbit4(Square(1, 0), Square(0, 1))),
     set(orbit4(Square(0, 0)))),
    ("reach", lambda: replace(HX, islands=HX.islands | {n.rotated(k) for n in Hex(3, 3).neighbours() for k in range(6)}),
     {Hex(3, 3).rotated(k) for k in range(6)}),
    ("screen", lambda: replace(SQ, islands=orbit4(Square(4, 4))), set(orbit4(Square(8, 3)))),
    ("symmetry", lambda: with_islands(SQ, Square(3, 2)), {Square(3, 2)}),
    ("symmetry", lambda: replace(SQ, islands=SQ.islands | orbit4(Square(2, 3))), {Square(2, 3)}),  # turns only: no mirror
    ("fairness", lambda: with_islands(SQ, Square(3, 2)), set(block(4, 7, 0, 3))),
    ("storm-rings", lambda: replace(SQ, storm_rounds=(13, 12, 22)), set()),
    ("storm-rings", lambda: replace(SQ, islands=SQ.islands | orbit4(Square(3, 2), Square(2, 3))),
     set(orbit4(Square(2, 2)))),
    # the game's rules (rules_for gives the seed's rules for each chart)
    ("seat-order", anticlockwise, set()),
    ("game-length", lambda: replace(SQ, rounds=30), set()),
    ("storm-schedule", lambda: replace(SQ, storm_rounds=(12, 18, 22)), set()),
    ("screen", lambda: replace(SQ, screened=False, islands=frozenset()), set(SQ.islands)),
    ("wings", lambda: seat_replaced(seat_replaced(DU, 0, wings=block(1, 2, 0, 1) | block(7, 8, 0, 1)),
                                    1, wings=block(1, 2, 8, 9) | block(7, 8, 8, 9)),
     set(block(1, 2, 0, 1))),
    ("seating", lambda: seated(SQ, Seating(3, (0, 1, 2))), set()),
    ("seating", lambda: seated(HX, Seating(6, tuple(range(6)), ((0, 1), (2, 3, 4, 5)))), set()),
    ("seating", lambda: replace(SQ, seatings=SQ.seatings[:2]), set()),
    ("seating-place", lambda: replace(SQ, seatings=(Seating(2, (0, 1)), *SQ.seatings[1:])), set()),
    ("seating-place", lambda: replace(SQ, seatings=(*SQ.seatings[:2], Seating(4, (0, 1, 2, 3), ((0, 2), (1, 3))))), set()),
    ("seating-fair", lambda: replace(HX, seatings=tuple(
        Seating(4, (0, 1, 2, 3)) if s.captains == 4 else s for s in HX.seatings)), set()),
    ("random-islands", lambda: replace(SQ, random_islands=28), set()),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "build", "cells"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_broken_chart_fails_its_check(name, build, cells):
    chart = build()
    found = [v for v in check_chart(chart, rules_for(chart)) if v.check == name]
    assert found, f"{name} not reported"
    reported = {c for v in found for c in v.cells}
    assert cells <= reported
    assert all(v.message for v in found)


def test_every_check_has_a_broken_chart():
    assert {c[0] for c in CASES} == set(CHECKS)


def test_offending_cells_are_precise():
    [v] = [v for v in check_chart(with_islands(SQ, Square(5, 4))) if v.check == "capital-open"]
    assert v.cells == (Square(5, 4),)
    screen = [
        v for v in check_chart(replace(SQ, islands=orbit4(Square(4, 4)))) if v.check == "screen"
    ]
    assert [v.cells for v in screen] == [
        (Square(8, 3),),
        (Square(8, 8),),
        (Square(3, 8),),
        (Square(3, 3),),
    ]
    assert "North" in screen[0].message and "East" in screen[0].message


def test_midway_is_measured_by_sailing_not_by_looks():
    # the harbor (2,2) stays where it is, but an island pair lengthens North's way to it
    chart = with_islands(SQ, Square(3, 2), Square(2, 1))
    harbor = [v for v in check_chart(chart) if v.check == "harbor-place"]
    assert any(v.cells == (Square(2, 2),) for v in harbor)


def test_two_seat_charts_do_not_need_midway_harbors():
    duel = duel_chart()
    assert check_chart(duel) == []
    assert not [
        v
        for v in check_chart(with_islands(duel, Square(0, 4), Square(9, 5)))
        if v.check == "harbor-place"
    ]


def test_fairness_sails_instead_of_trusting_looks():
    # Two islands by the North anchorage: the chart still looks like the duel, but North's
    # way to the harbor at B6 is now far longer than South's way to I5.
    chart = with_islands(duel_chart(), Square(1, 3), Square(2, 4))
    [unfair] = [v for v in check_chart(chart) if v.check == "fairness"]
    assert "seat 0 North: Capital 1, harbors 3, 6" in unfair.message
    assert "seat 1 South: Capital 1, harbors 3, 4" in unfair.message


def test_hex_anchorage_must_hug_a_corner():
    chart = seat_replaced(
        HX,
        0,
        anchorage=frozenset(h.rotated(0) for h in HX.seats[0].anchorage if h.q < 8) | {Hex(4, 0)},
    )
    found = [v for v in check_chart(chart) if v.check == "anchorage-place"]
    assert found and found[0].cells == (Hex(4, 0),)


def test_only_a_square_chart_is_screened() -> None:
    """A screened hex chart is refused by the layout checks, naming the field, and a deal
    says so instead of ending in the dealer's own consistency error (Hypothesis found it)."""
    from pnpkit.games.false_colors.charts.engine.deal import DealFailed, count_maps, deal_islands

    screened = replace(HX, screened=True, islands=frozenset())
    found = [v for v in check_chart(screened) if v.check == "screen"]
    assert [(v.message, v.field) for v in found] == [
        (
            "screening is defined for square charts only; a hex chart is not screened",
            ("screened",),
        )
    ]
    assert not [v for v in check_chart(HX) if v.check == "screen"]
    with pytest.raises(DealFailed, match="screening is defined for square charts only"):
        deal_islands(screened, 12, random.Random(1))
    with pytest.raises(DealFailed, match="screening is defined for square charts only"):
        count_maps(screened, 12)
