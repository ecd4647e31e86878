"""The named chart checks and the violation record they return.

See :mod:`pnpkit.games.false_colors.charts.engine.checks` for the precise definitions.
"""

from __future__ import annotations

from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.model.violation import Violation as Violation  # every game's one violation type

CHECKS: dict[str, str] = {
    "shape": "the chart's size, cell count, cell size, rounds and seat numbers make sense (12 × 12 → 144 cells, radius 8 → 217)",
    "anchorage-size": "every anchorage holds 16 cells (4 × 4 squares, or the 16 hexes within 3 of a corner)",
    "anchorage-place": "square: each anchorage is the 4 × 4 in the middle of an edge; hex: the hexes within 3 of a corner",
    "anchorage-disjoint": "no cell belongs to two anchorages",
    "anchorage-open": "no island on an anchorage",
    "wings": "wings are the 2 × 2 of open water on each side of the anchorage along the edge, on charts whose rules play the Wings variant",
    "capital-size": "the Capital holds 4 squares (2 × 2) or 7 hexes",
    "capital-centred": "the Capital is the 2 × 2 at the centre, or the centre hex and its 6 neighbours",
    "capital-open": "every chart cell sharing an edge with the Capital is open water, not island",
    "capital-storm": "no scheduled storm ring reaches the Capital",
    "harbor-count": "one harbor per seat",
    "harbor-place": "harbors form whole orbits of the seat group, lie off anchorages, wings and Capital, and midway between neighbouring anchorages",
    "harbor-water": "no harbor is an island",
    "islands-clear": "islands lie on the chart, off anchorages, wings, harbors and the Capital",
    "sea-connected": "all open water is one connected sea",
    "reach": "every anchorage reaches the Capital and every harbor by sea",
    "screen": "only square charts are screened; on screened charts (and wherever the rules ask for screening), every cell touching two neighbouring anchorages is an island",
    "seat-order": "the seats are listed in order around the table: one turn of the seat group carries seat k to seat k+1",
    "symmetry": "the chart equals its image under every element of the declared seat group",
    "fairness": "every seat has the same multiset of sailing distances to the Capital and the harbors",
    "storm-rings": "rings partition the chart, the group keeps them, the schedule is sane, and after each closing the sea stays connected to the Capital",
    "game-length": "the chart's rounds are the game's rounds (rules)",
    "storm-schedule": "the storm closes rings after the rounds the game's rules name",
    "seating": "every declared seating is one the rules play on this chart (captain count, teams of equal size), and every one the rules play is declared",
    "seating-place": "captains sit where the rules say: rivals opposite, partners on neighbouring seats",
    "seating-fair": "a seating's seats are carried onto each other by the chart's symmetry wherever some choice of seats can be",
    "random-islands": "the chart's random_islands count is dealable: a valid map with that many islands exists",
}
"""Every check by name, in the order
:func:`pnpkit.games.false_colors.charts.engine.checks.check_chart` reports them."""

ORDER: dict[str, int] = {name: i for i, name in enumerate(CHECKS)}


def placed(chart: Chart, violation: Violation) -> str:
    """``violation`` with where the chart writes the field it is about, when it names one the
    chart's file writes (``charts/hex.yaml:11:11: screen: …``)."""
    where = chart.where.of(*violation.field) if violation.field else None
    if where is None or not where.line or where == chart.where.of():
        return str(violation)  # not written in the chart (taken from the game's rules)
    return f"{where}: {violation}"
