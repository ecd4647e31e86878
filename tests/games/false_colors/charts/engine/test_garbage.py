"""Garbage in, violations out: checks, seatings, JSON and the dealer never crash on odd charts."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.games.false_colors.charts.chartjson import chart_to_json
from pnpkit.games.false_colors.charts.engine.checks import CHECKS, check_chart
from pnpkit.games.false_colors.charts.engine.deal import DealFailed, deal_islands
from pnpkit.games.false_colors.charts.engine.seats import seating_reports
from pnpkit.games.false_colors.charts.model import Seat, Seating, Symmetry
from pnpkit.model.cells import Hex, Square

from .charts import duel_chart, hex_chart, square_chart

coords = st.integers(min_value=-4, max_value=14)
cells = st.one_of(st.builds(Square, coords, coords), st.builds(Hex, coords, coords))
cell_sets = st.frozensets(cells, max_size=20)


@st.composite
def odd_charts(draw):
    base = draw(st.sampled_from([square_chart(), duel_chart(), hex_chart()]))
    changes = {}
    if draw(st.booleans()):
        changes["width"] = draw(st.integers(-2, 14))
        changes["height"] = draw(st.integers(-2, 14))
    if draw(st.booleans()):
        changes["radius"] = draw(st.integers(-1, 9))
    if draw(st.booleans()):
        count = draw(st.integers(0, 7))
        changes["seats"] = tuple(
            Seat(draw(st.integers(-1, 7)), "S", draw(cell_sets), draw(cell_sets))
            for _ in range(count)
        )
    for name in ("harbors", "capital", "islands"):
        if draw(st.booleans()):
            changes[name] = draw(cell_sets)
    if draw(st.booleans()):
        changes["storm_rounds"] = tuple(draw(st.lists(st.integers(-3, 30), max_size=8)))
    if draw(st.booleans()):
        changes["symmetry"] = Symmetry(draw(st.integers(-1, 7)), draw(st.booleans()))
    if draw(st.booleans()):
        changes["screened"] = draw(st.booleans())
    if draw(st.booleans()):
        changes["seatings"] = (
            Seating(draw(st.integers(0, 7)), tuple(draw(st.lists(st.integers(-1, 7), max_size=7)))),
        )
    return replace(base, **changes)


@given(odd_charts())
@settings(max_examples=60, deadline=None)
def test_odd_charts_are_reported_never_raised(chart):
    found = check_chart(chart)
    assert all(v.check in CHECKS and v.message for v in found)
    seating_reports(chart)
    doc = chart_to_json(chart)
    assert len(doc["cells"]) == len(chart.cells)
    try:
        dealt = deal_islands(chart, None, random.Random(0), max_attempts=5)
    except DealFailed as exc:
        assert str(exc)
    else:
        assert check_chart(dealt) == []
