"""Chart checks: ``check_chart(chart, rules)`` returns every violation, never raises on bad input.

``rules`` (:class:`pnpkit.games.false_colors.charts.model.ChartRules`) is what the game's rules ask
of this chart: the game's length, the storm's schedule, the seatings each mode uses, whether islands
must screen neighbours and whether the Wings variant is played. Without it only the chart's own
geometry is checked (the dealer does that for every candidate map).

The catalogue :data:`CHECKS` names each check. Precise definitions of the ones that need it:

**Sailing distance.** The fewest moves between two cells, one move to a cell sharing an edge
(4 neighbours on squares, 6 on hexes), never onto an island or off the chart. Harbor and
Capital cells are sailable water. The distance from an anchorage is from its nearest cell.

**Midway** (``harbor-place``). Seats k and k+1 (and the last and seat 0) are *neighbouring
seats*. A harbor is midway when the anchorages at the least sailing distance from it are
exactly two neighbouring seats' — equally near, and every other anchorage farther. On a chart
with two seats the seats face each other, no harbor lies between neighbours, and the harbors
are governed by ``fairness`` alone. (On the 10 × 10 duel chart no cell is equally near both
anchorages on open water: in the two rows between them the distances differ by one, elsewhere
by three or more; the duel's harbors are 3 and 4 moves from the two fleets.)
``harbor-place`` also asks that the harbors be whole orbits of the seat group, on the chart,
and off anchorages, wings and the Capital.

**Fairness.** For each seat, take the shortest sailing distance from its anchorage to the
Capital and to each harbor; the seat's profile is the Capital distance with the multiset of
harbor distances. All seats must have the same profile. A chart that only looks symmetric is
caught: the check never trusts the declared symmetry, it sails.

**Screen** (square charts with ``screened``). Neighbouring anchorages (seats k and k+1) are
screened when every cell that touches both of them — shares an edge or a corner with at least
one cell of each, and belongs to neither — is an island, and no cell of one anchorage shares an
edge with a cell of the other (meeting at a corner is allowed: the shipped square chart's
anchorages do). Then no ship can stand beside both fleets at once, and no sight line runs
between them across open water. The violation lists the open touching cells.

**Symmetry.** The seat group (:mod:`pnpkit.games.false_colors.charts.engine.symmetry`) is generated
by one turn and, where declared, one mirror. The chart equals its image under every element when it
equals its image under the generators: one turn carries seat k's anchorage and wings to seat k+1's;
a mirror carries each anchorage (with its wings) to some seat's; harbors, Capital and islands are
kept. The declared number of turns must equal the number of seats.

**Storm rings.** Every cell has exactly one ring (ring 1 along the edge); the group maps each ring
onto itself; the storm rounds rise within the game's rounds and leave at least the centre ring;
and after each scheduled closing the open water that remains is connected to the Capital.
(A fleet's anchorage may close entirely: by then the fleet has sailed.)

**Wings.** Optional, square charts only: for an anchorage on an edge, the two 2 × 2 blocks of
the two rows (or columns) along that edge directly beside it, open water, off every anchorage,
harbor and the Capital. With rules: seats have wings exactly when the rules play the Wings
variant on the chart.

**Seat order.** One turn of the seat group carries seat k to seat k+1, so the seats are listed
in order around the table, clockwise. A chart listing them in another order (anticlockwise, say)
is named as such instead of as a symmetry failure of every anchorage cell.

**Rules** (with ``rules``). ``game-length``: the chart's rounds are the game's. ``storm-schedule``:
its storm closes rings after the rounds the rules name. ``screen``: a chart the rules ask to be
screened says ``screened``, and its screening cells are islands. ``seating``, ``seating-place``,
``seating-fair``: see :mod:`pnpkit.games.false_colors.charts.engine.seats`.

**Random islands.** A chart naming ``random_islands`` has a valid map with that many islands,
dealt with its rotations and the wings kept clear; the exact search of
:mod:`pnpkit.games.false_colors.charts.engine.mapsearch` decides it
(:func:`pnpkit.games.false_colors.charts.engine.deal.dealable`).
"""

from __future__ import annotations

from dataclasses import replace

from pnpkit.games.false_colors.charts.engine.catalogue import CHECKS, ORDER, Violation
from pnpkit.games.false_colors.charts.engine.layout_checks import describe, sort_cells
from pnpkit.games.false_colors.charts.engine.prepared import Prepared, prepare
from pnpkit.games.false_colors.charts.engine.sea_checks import sea_violations
from pnpkit.games.false_colors.charts.model import Chart, ChartRules, Shape
from pnpkit.model.cells import Cell

__all__ = ["CHECKS", "Prepared", "Violation", "check_chart", "prepare", "rule_violations"]


def check_chart(chart: Chart, rules: ChartRules | None = None) -> list[Violation]:
    """Every violation of every check in :data:`CHECKS`, in catalogue order; the rules' checks
    only when ``rules`` is given."""
    from pnpkit.games.false_colors.charts.engine.deal import dealable

    prepared = prepare(chart)
    grid = prepared.facts.grid
    islands = grid.mask(chart.islands)
    off = grid.off_chart(chart.islands)
    found = [*prepared.layout, *sea_violations(chart, prepared.facts, islands, off)]
    if rules is not None:
        found += rule_violations(chart, rules)
    found += dealable(chart)
    return sorted(found, key=lambda v: ORDER[v.check])


def rule_violations(chart: Chart, rules: ChartRules) -> list[Violation]:
    """What breaks the game's rules for this chart: length, storm, screening, wings, seatings."""
    from pnpkit.games.false_colors.charts.engine.seats import missing_seatings, seating_reports

    out: list[Violation] = []
    if chart.rounds != rules.rounds:
        out.append(
            Violation(
                "game-length",
                (),
                f"the chart says the game lasts {chart.rounds} rounds; the game's rules say "
                f"{rules.rounds}",
            )
        )
    if chart.storm_rounds != rules.storm_rounds:
        out.append(
            Violation(
                "storm-schedule",
                (),
                f"the chart's storm closes rings after rounds {_rounds(chart.storm_rounds)}; "
                f"the game's rules close them after rounds {_rounds(rules.storm_rounds)}",
            )
        )
    out += _screening(chart, rules)
    out += _wings(chart, rules)
    for report in seating_reports(chart, rules):
        out += report.violations
    out += missing_seatings(chart, rules)
    return out


def _rounds(rounds: tuple[int, ...]) -> str:
    return ", ".join(map(str, rounds)) if rounds else "(none)"


def _screening(chart: Chart, rules: ChartRules) -> list[Violation]:
    if not rules.screened or chart.screened:
        return []
    if chart.shape is not Shape.SQUARE:
        return [
            Violation("screen", (), "the rules ask for screening, defined on square charts only")
        ]
    facts = prepare(replace(chart, screened=True)).facts
    gap = facts.screen_mask & ~facts.grid.mask(chart.islands)
    cells = facts.grid.cells_of(gap)
    missing = (
        f"; open cells that would have to be islands: {describe(chart, cells)}" if cells else ""
    )
    return [
        Violation(
            "screen",
            cells,
            f"the rules ask islands to screen neighbouring anchorages on {chart.name}, but the "
            f"chart says screened: false{missing}",
        )
    ]


def _wings(chart: Chart, rules: ChartRules) -> list[Violation]:
    winged: list[Cell] = [c for seat in chart.seats for c in seat.wings]
    if winged and not rules.wings:
        return [
            Violation(
                "wings",
                sort_cells(winged),
                f"the game's rules do not play the Wings variant on {chart.name}, so its seats "
                f"may have no wings: {describe(chart, winged)}",
            )
        ]
    bare = [seat for seat in chart.seats if not seat.wings]
    if rules.wings and bare:
        names = ", ".join(f"seat {s.index} {s.name}".rstrip() for s in bare)
        return [
            Violation(
                "wings",
                (),
                f"the rules play the Wings variant on {chart.name}, but {names} "
                f"{'has' if len(bare) == 1 else 'have'} no wings",
            )
        ]
    return []
