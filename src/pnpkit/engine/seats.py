"""Seatings: which seats a game of n captains uses, and whether that is symmetric and fair.

For each :class:`pnpkit.model.Seating` of a chart, :func:`seating_reports` gives

- the *seat subgroup*: the elements of the chart's seat group that carry the used seats onto
  the used seats (and teams onto teams);
- *symmetric*: that subgroup carries every used seat to every other used seat;
- the *fairness table*: per used seat, sailing distances from its anchorage to the Capital and
  to each harbor, to the nearest rival anchorage, and how many of its neighbouring seats
  (k−1, k+1) hold a rival or a partner; *fair* when every used seat has the same profile.

Five captains on the six hex corners cannot be symmetric: the empty corner makes its two
neighbours different from the other three. The report says so in ``problems``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.engine.checks import prepare
from pnpkit.engine.facts import ChartFacts, bit_perm, image
from pnpkit.engine.sea_checks import seat_distances, show
from pnpkit.engine.symmetry import Transform
from pnpkit.model import Chart, Seating


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    name: str
    capital: int | None
    harbors: tuple[int | None, ...]
    """Sailing distance to each harbor, harbors in reading order."""
    nearest_rival: int | None
    """Sailing distance to the nearest rival anchorage (None: no rival, or none reachable)."""
    rival_neighbours: int
    partner_neighbours: int

    @property
    def profile(self) -> tuple[object, ...]:
        harbors = tuple(sorted(-1 if d is None else d for d in self.harbors))
        return (
            self.capital,
            harbors,
            self.nearest_rival,
            self.rival_neighbours,
            self.partner_neighbours,
        )


@dataclass(frozen=True, slots=True)
class SeatingReport:
    captains: int
    seats: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    group: tuple[Transform, ...]
    """Elements of the seat group that keep the used seats (and the teams)."""
    rows: tuple[SeatRow, ...]
    symmetric: bool
    fair: bool
    problems: tuple[str, ...]
    """Plain statements of what is not symmetric, not fair or not valid."""

    @property
    def summary(self) -> str:
        mode = f"{self.captains} captains" + (f" in {len(self.teams)} teams" if self.teams else "")
        seats = ", ".join(map(str, self.seats))
        verdict = "symmetric and fair" if self.symmetric and self.fair else "; ".join(self.problems)
        return f"{mode} on seats {seats}: {verdict}"


def seat_permutation(facts: ChartFacts, transform: Transform) -> tuple[int, ...] | None:
    """Where ``transform`` carries each seat (by position in ``chart.seats``); None if it maps
    some anchorage onto no anchorage."""
    perm = bit_perm(facts.grid, transform)
    out: list[int] = []
    for anchorage in facts.anchorages:
        target = image(perm, anchorage)
        match = next((j for j, a in enumerate(facts.anchorages) if a == target and a), None)
        if match is None:
            return None
        out.append(match)
    return tuple(out)


def seating_reports(chart: Chart) -> list[SeatingReport]:
    """One report per seating of ``chart``, in the chart's order."""
    facts = prepare(chart).facts
    maps = [(t, seat_permutation(facts, t)) for t in facts.group.elements]
    return [_report(chart, facts, seating, maps) for seating in chart.seatings]


def _report(
    chart: Chart,
    facts: ChartFacts,
    seating: Seating,
    maps: list[tuple[Transform, tuple[int, ...] | None]],
) -> SeatingReport:
    problems: list[str] = []
    index = {seat.index: i for i, seat in enumerate(chart.seats)}
    unknown = [s for s in seating.seats if s not in index]
    if unknown:
        problems.append(f"no seat numbered {', '.join(map(str, unknown))} on {chart.name}")
    used = [s for s in seating.seats if s in index]
    if len(set(used)) != len(used):
        problems.append("a seat is used twice")
    if seating.captains != len(seating.seats):
        problems.append(f"{seating.captains} captains but {len(seating.seats)} seats")
    team_of: dict[int, int] = {}
    for t, team in enumerate(seating.teams):
        for s in team:
            team_of[s] = t
    if seating.teams and sorted(team_of) != sorted(set(seating.seats)):
        problems.append("the teams do not split the used seats")
    positions = [index[s] for s in used]
    used_set = frozenset(positions)
    teams = [frozenset(index[s] for s in team if s in index) for team in seating.teams]

    group: list[tuple[Transform, tuple[int, ...]]] = []
    for transform, perm in maps:
        if perm is None or frozenset(perm[p] for p in used_set) != used_set:
            continue
        if teams and any(frozenset(perm[p] for p in team) not in teams for team in teams):
            continue
        group.append((transform, perm))
    # the kept elements form a group, so one step from a seat reaches its whole class
    classes = sorted({tuple(sorted({perm[p] for _, perm in group})) for p in positions})
    symmetric = len(classes) <= 1
    if not symmetric:
        kept = " and ".join(f"“{t.name}”" for t, _ in group)
        alike = "; ".join(
            ("seats " if len(c) > 1 else "seat ") + ", ".join(_numbers(chart, c)) for c in classes
        )
        problems.append(
            f"cannot be symmetric: only {kept} keep{'s' if len(group) == 1 else ''} the used "
            f"seats, so no turn or mirror carries every used seat to every other (alike: {alike})"
        )
    rows = tuple(_row(chart, facts, p, used_set, team_of, index) for p in positions)
    by_profile: dict[tuple[object, ...], list[SeatRow]] = {}
    for row in rows:
        by_profile.setdefault(row.profile, []).append(row)
    fair = len(by_profile) <= 1
    if not fair:
        groups = sorted(by_profile.values(), key=lambda g: (-len(g), g[0].seat))
        problems.append("not fair: " + "; ".join(_rows_text(g) for g in groups))
    return SeatingReport(
        captains=seating.captains,
        seats=seating.seats,
        teams=seating.teams,
        group=tuple(t for t, _ in group),
        rows=rows,
        symmetric=symmetric,
        fair=fair,
        problems=tuple(problems),
    )


def _numbers(chart: Chart, positions: tuple[int, ...]) -> list[str]:
    return [str(chart.seats[p].index) for p in positions]


def _rows_text(rows: list[SeatRow]) -> str:
    row = rows[0]
    who = ("seats " if len(rows) > 1 else "seat ") + ", ".join(str(r.seat) for r in rows)
    return (
        f"{who}: Capital {show(row.capital)}, harbors "
        f"{', '.join(show(d) for d in sorted(-1 if d is None else d for d in row.harbors))}, "
        f"nearest rival {show(row.nearest_rival)}, {row.rival_neighbours} rival and "
        f"{row.partner_neighbours} partner neighbours"
    )


def _row(
    chart: Chart,
    facts: ChartFacts,
    position: int,
    used: frozenset[int],
    team_of: dict[int, int],
    index: dict[int, int],
) -> SeatRow:
    grid = facts.grid
    sea = grid.valid & ~grid.mask(chart.islands)
    seat = chart.seats[position]
    dist = seat_distances(grid, facts.anchorages[position], sea, facts.capital, facts.harbors)
    my_team = team_of.get(seat.index)

    def rival(p: int) -> bool:
        other = chart.seats[p].index
        return my_team is None or team_of.get(other) != my_team

    rivals = 0
    for p in used - {position}:
        if rival(p):
            rivals |= facts.anchorages[p]
    nearest = None
    if rivals:
        for d, layer in enumerate(grid.layers(facts.anchorages[position], sea)):
            if layer & rivals:
                nearest = d
                break
    n = len(chart.seats)
    around = {(position - 1) % n, (position + 1) % n} - {position} if n > 1 else set()
    return SeatRow(
        seat=seat.index,
        name=seat.name,
        capital=dist.capital,
        harbors=dist.harbors,
        nearest_rival=nearest,
        rival_neighbours=sum(1 for p in around if p in used and rival(p)),
        partner_neighbours=sum(1 for p in around if p in used and not rival(p)),
    )
