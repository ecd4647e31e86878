"""The harbor checks (and an anchorage off the chart) name the line and column the chart
writes the field at, as the other chart checks do."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.games.false_colors.charts.engine.checks import check_chart
from pnpkit.model.cells import Cell, Square

from .charts import block, rules_for, square_chart

SQ = square_chart()

Capture = pytest.CaptureFixture[str]


def problems(capsys: Capture, data: Path) -> list[str]:
    code = main(["check", "false-colors", "--data", str(data)])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in err
    return [line for line in out.splitlines() if ": seating report: " not in line]


def test_too_few_harbors_are_named_at_the_harbors_line(capsys: Capture, data_copy: Path) -> None:
    path = data_copy / "false-colors" / "charts" / "duel.yaml"
    line = replace_once(path, "harbors: {ours: [B6, I5]}", "harbors: {ours: []}")
    assert problems(capsys, data_copy) == [
        f"{path}:{line}:10: duel: harbor-count: 0 harbors for 2 seats (allowed: one per seat)"
    ]


def test_harbors_out_of_orbit_are_named_at_the_harbors_line(
    capsys: Capture, data_copy: Path
) -> None:
    path = data_copy / "false-colors" / "charts" / "duel.yaml"
    replace_once(path, "rotations: 2 ", "rotations: 4 ")
    line = path.read_text(encoding="utf-8").splitlines().index("harbors: {ours: [B6, I5]}") + 1
    found = [p for p in problems(capsys, data_copy) if ": harbor-place: " in p]
    assert found == [
        f"{path}:{line}:10: duel: harbor-place: harbors whose images under the seat group are "
        "not all harbors: I5, B6 [I5 B6]"
    ]


@pytest.mark.parametrize(
    "harbors",
    [
        SQ.harbors - {Square(2, 9)},  # too few
        SQ.harbors | {Square(12, 3)},  # off the chart
        SQ.harbors - {Square(2, 2)} | {Square(3, 2)},  # out of orbit
        SQ.harbors | {Square(4, 0)},  # on an anchorage
    ],
)
def test_every_harbor_violation_is_about_the_harbors_field(harbors: frozenset[Cell]) -> None:
    chart = replace(SQ, harbors=harbors)
    found = [v for v in check_chart(chart, rules_for(chart)) if v.check.startswith("harbor-")]
    assert found and all(v.field == ("harbors",) for v in found), found


def test_an_anchorage_off_the_chart_is_about_its_seats_anchorage() -> None:
    seats = list(SQ.seats)
    seats[0] = replace(seats[0], anchorage=block(4, 7, 0, 2) | block(4, 7, -1, -1))
    found = [
        v
        for v in check_chart(replace(SQ, seats=tuple(seats)), rules_for(SQ))
        if "off the chart" in v.message
    ]
    assert [v.field for v in found] == [("seats", "0", "anchorage")]
