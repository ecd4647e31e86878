"""Dealt table layouts keep every distance rule; the same seed deals the same layout."""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.fuzz.harness import budget

from pnpkit.errors import UsageError
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TableShape
from pnpkit.games.tabletop_fleets.rules import (
    Island,
    LayoutImpossible,
    TableLayout,
    check_layout,
    deal_table,
    edge_gap,
    gap_between,
    perimeter_point,
    seat_stretches,
)
from pnpkit.units import INCH

DATA = Path(__file__).resolve().parents[3] / "data" / "tabletop-fleets"
RULES = load_tabletop(DATA).table


def _distances_hold(layout: TableLayout) -> None:
    r = layout.radius
    for island in layout.islands:
        assert (
            edge_gap(layout.shape, layout.sides, r, island.x, island.y) >= layout.clearance - 1e-6
        )
    for i, a in enumerate(layout.islands):
        for b in layout.islands[i + 1 :]:
            assert gap_between(a, b, r) >= 6 * INCH - 1e-6


@pytest.mark.slow  # started first: it deals 50 layouts (make fuzz: 50 times as many)
@budget(25)
@given(
    seed=st.integers(0, 2**32 - 1),
    crews=st.integers(1, 7),
    shape=st.sampled_from(list(TableShape)),
)
def test_dealt_layouts_keep_every_distance_rule_and_repeat_with_their_seed(
    seed: int, crews: int, shape: TableShape
) -> None:
    """(One test, so that each layout is dealt once for the rules and the printed measurements:
    a deal of seven crews tries thousands of placings.)"""
    layout = deal_table(RULES, shape, crews, random.Random(seed), seed=seed)
    assert len(layout.islands) == crews
    assert check_layout(layout) == []
    _distances_hold(layout)
    assert RULES.least_edge <= layout.clearance <= 12 * INCH
    # the same seed deals the same layout
    assert deal_table(RULES, shape, crews, random.Random(seed), seed=seed) == layout
    # the printed measurements put each island back where it was dealt
    _placings_find_the_islands(layout)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), crews=st.integers(1, 7), shape=st.sampled_from(list(TableShape))
)
def test_as_many_as_fit_keeps_the_rules_and_at_least_one_per_crew(
    seed: int, crews: int, shape: TableShape
) -> None:
    layout = deal_table(RULES, shape, crews, random.Random(seed), as_many=True)
    assert len(layout.islands) >= crews
    assert check_layout(layout) == []


def test_twelve_inches_kept_when_the_table_allows() -> None:
    layout = deal_table(RULES, TableShape.SQUARE, 2, random.Random(4))
    assert layout.clearance == pytest.approx(12 * INCH)


def test_clearance_relaxed_only_as_far_as_needed() -> None:
    # seven 5 in islands 6 in apart cannot all sit 12 in from the edge of a 48 in round table
    layout = deal_table(RULES, TableShape.ROUND, 7, random.Random(1))
    assert layout.clearance < 12 * INCH
    assert check_layout(layout) == []


def test_impossible_request_is_a_clear_error() -> None:
    with pytest.raises(LayoutImpossible, match="cannot deal 20 islands"):
        deal_table(RULES, TableShape.ROUND, 3, random.Random(1), islands=20)


@pytest.mark.parametrize("crews", [0, 8])
def test_crew_count_out_of_range_is_a_usage_error(crews: int) -> None:
    with pytest.raises(UsageError, match="allowed: 1–7"):
        deal_table(RULES, TableShape.SQUARE, crews, random.Random(1))


def test_check_layout_catches_islands_too_close() -> None:
    bad = TableLayout(
        TableShape.SQUARE,
        48 * INCH,
        2,
        1,
        12 * INCH,
        6 * INCH,
        5 * INCH,
        (Island(1, 20 * INCH, 20 * INCH), Island(2, 26 * INCH, 20 * INCH)),
        (),
    )
    found = check_layout(bad)
    assert [v.check for v in found] == ["apart"]


def test_check_layout_catches_an_island_near_the_edge() -> None:
    bad = TableLayout(
        TableShape.ROUND,
        48 * INCH,
        1,
        1,
        12 * INCH,
        6 * INCH,
        5 * INCH,
        (Island(1, 0.0, 15 * INCH),),
        (),
    )
    assert [v.check for v in check_layout(bad)] == ["edge"]


def test_two_crews_sit_diagonally_across_a_square_table() -> None:
    a, b = seat_stretches(TableShape.SQUARE, 48 * INCH, 2)
    assert perimeter_point(48 * INCH, 48 * INCH, a.seat) == (0.0, 0.0)
    assert perimeter_point(48 * INCH, 48 * INCH, b.seat) == pytest.approx((48 * INCH, 48 * INCH))


def test_two_crews_sit_a_quarter_of_the_way_round_a_round_table() -> None:
    a, b = seat_stretches(TableShape.ROUND, 48 * INCH, 2)
    assert (b.seat - a.seat) % 360 == pytest.approx(90.0)


def test_seven_crews_are_spaced_evenly_round_a_round_table() -> None:
    seats = seat_stretches(TableShape.ROUND, 48 * INCH, 7)
    gaps = {round((b.seat - a.seat) % 360, 6) for a, b in itertools.pairwise(seats)}
    assert gaps == {round(360 / 7, 6)}
    assert all(math.isclose(s.end - s.start, 360 / 14) for s in seats)


def _placings_find_the_islands(layout: TableLayout) -> None:
    from pnpkit.games.tabletop_fleets.rules import placings

    size, shape = layout.size, layout.shape
    assert len(placings(layout)) == len(layout.islands)
    for island, placing in zip(layout.islands, placings(layout), strict=True):
        if shape is TableShape.SQUARE:
            (side, across), (end, up) = placing.first, placing.second
            x = across if side == "D" else size - across
            y = up if end == "A" else size - up
            assert side in "DB" and end in "AC"
            assert min(across, up) >= layout.clearance + layout.radius - 1e-6
        else:
            distance, turn = placing.first[1], placing.second[1]
            angle = math.radians(layout.stretches[0].seat + turn)
            x, y = distance * math.cos(angle), distance * math.sin(angle)
        assert (x, y) == pytest.approx((island.x, island.y), abs=1e-6)


def test_table_layout_takes_the_players_own_table_size(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The seed's table is 4 ft; ``--size`` deals for the table the players have (a square's
    side or a round table's diameter), and the printed page says which."""
    from tests.pdfread import text_of

    from pnpkit.app.cli import main as cli

    args = ["table-layout", "--crews", "2", "--seed", "2", "--format", "json"]
    assert cli([*args, "--size", "36in"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["table"]["size_in"] == 36.0
    for island in data["islands"]:
        assert all(0 < v < 36 for v in island["at_in"])
    target = tmp_path / "round.pdf"
    pdf = ["table-layout", "--crews", "3", "--seed", "2", "--table", "round", "--format", "pdf"]
    assert cli([*pdf, "--size", "150cm", "--units", "cm", "--out", str(target)]) == 0
    assert "Round table 150 cm" in text_of(target)
    capsys.readouterr()
    assert cli([*args, "--size", "3"]) == 2
    assert "--size: '3' is not a length" in capsys.readouterr().err
    assert cli([*args, "--size", "300in"]) == 2
    assert "--size '300in' is out of range (allowed: 12in–240in)" in capsys.readouterr().err
