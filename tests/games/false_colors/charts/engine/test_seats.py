from __future__ import annotations

from dataclasses import replace

from pnpkit.games.false_colors.charts.engine.seats import seating_reports
from pnpkit.games.false_colors.charts.model import Seating

from .charts import duel_chart, hex_chart, square_chart


def by_mode(chart):
    return {(r.captains, bool(r.teams)): r for r in seating_reports(chart)}


def test_square_seatings_are_symmetric_and_fair():
    reports = by_mode(square_chart())
    two, four, pairs = reports[(2, False)], reports[(4, False)], reports[(4, True)]
    for report in (two, four, pairs):
        assert report.symmetric and report.fair and report.problems == ()
    assert two.seats == (0, 2)
    assert len(two.group) == 4 and len(four.group) == 8
    # partners sit side by side: every seat has one partner and one rival beside it
    assert [(r.partner_neighbours, r.rival_neighbours) for r in pairs.rows] == [(1, 1)] * 4
    assert {t.name for t in pairs.group} == {
        "identity",
        "turn 180°",
        "mirror + turn 90°",
        "mirror + turn 270°",
    }


def test_fairness_table_holds_sailing_distances():
    [two, *_] = seating_reports(square_chart())
    north = two.rows[0]
    assert (north.seat, north.name, north.capital) == (0, "North", 2)
    assert sorted(north.harbors) == [2, 2, 9, 9]
    assert north.nearest_rival == 5


def test_five_captains_on_six_corners_cannot_be_symmetric_and_say_so():
    report = by_mode(hex_chart())[(5, False)]
    assert not report.symmetric
    assert not report.fair
    assert [t.name for t in report.group] == ["identity", "mirror + turn 60°"]
    assert not report.achievable
    assert report.summary.startswith(
        "5 captains on seats 0, 1, 2, 3, 4: 5 captains on 6 corners cannot be symmetric"
    )
    assert "(alike: seats 0, 4; seats 1, 3; seat 2)" in report.summary
    assert "not fair: seats 1, 2, 3: " in report.summary
    assert [r.rival_neighbours for r in report.rows] == [1, 2, 2, 2, 1]


def test_other_hex_seatings_are_symmetric():
    for (captains, teams), report in by_mode(hex_chart()).items():
        if captains != 5:
            assert report.symmetric and report.fair, (captains, teams, report.problems)
    triads = by_mode(hex_chart())[(6, True)]
    assert triads.teams == ((0, 2, 4), (1, 3, 5))
    assert all(r.rival_neighbours == 2 for r in triads.rows)


def test_duel_seating():
    [report] = seating_reports(duel_chart())
    assert report.symmetric and report.fair
    assert [r.harbors for r in report.rows] == [(3, 4), (4, 3)]


def test_bad_seatings_are_reported_not_raised():
    chart = replace(duel_chart(), seatings=(Seating(3, (0, 1, 7)), Seating(2, (0, 1), ((0,),))))
    bad_seat, bad_teams = seating_reports(chart)
    assert any("no seat numbered 7" in p for p in bad_seat.problems)
    assert any("teams do not split" in p for p in bad_teams.problems)
