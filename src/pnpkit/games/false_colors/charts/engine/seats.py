"""Seatings: which seats a game of n captains uses, whether the rules allow it, and whether it
is symmetric and fair.

For each :class:`pnpkit.games.false_colors.charts.model.Seating` of a chart, :func:`seating_reports`
gives

- the *seat subgroup*: the elements of the chart's seat group that carry the used seats onto
  the used seats (and teams onto teams);
- *symmetric*: that subgroup carries every used seat to every other used seat;
- *achievable*: whether any choice of seats (and teams) of the same shape, placed as the rules
  ask, is symmetric on this chart. Five captains on the six hex corners cannot be: the empty
  corner makes its two neighbours different from the other three. The report says so in
  ``notes``, and the ``seating-fair`` check asks for symmetry only where it is achievable;
- the *fairness table*: per used seat, sailing distances from its anchorage to the Capital and
  to each harbor, to the nearest rival anchorage, and how many of its neighbouring seats
  (k−1, k+1) hold a rival or a partner; *fair* when every used seat has the same profile;
- against the game's rules (:class:`pnpkit.games.false_colors.charts.model.ChartRules`), the rule it
  plays and every way it breaks the rules, as
  :class:`~pnpkit.games.false_colors.charts.engine.catalogue.Violation` under ``seating`` (counts,
  teams, a seating the rules name but the chart lacks), ``seating-place`` (rivals opposite, partners
  side by side) and ``seating-fair`` (symmetry).

Neighbouring seats are k and k±1 in the chart's seat order, which the ``seat-order`` check holds
to the order around the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, islice

from pnpkit.games.false_colors.charts.engine.catalogue import Violation
from pnpkit.games.false_colors.charts.engine.facts import ChartFacts
from pnpkit.games.false_colors.charts.engine.prepared import prepare
from pnpkit.games.false_colors.charts.engine.sea_checks import seat_distances, show
from pnpkit.games.false_colors.charts.engine.symmetry import Transform
from pnpkit.games.false_colors.charts.model import (
    Chart,
    ChartRules,
    Partners,
    Rivals,
    Seating,
    SeatingRule,
    Shape,
)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One used seat's row of the fairness table: sailing distances from its anchorage to the
    Capital, each harbor and the nearest rival, and how many of its neighbouring seats hold a
    rival or a partner."""

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
    """What :func:`seating_reports` finds of one seating of a chart: its seats and teams, the
    fairness table, whether it is symmetric and fair, and how it keeps the game's rules."""

    captains: int
    seats: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    group: tuple[Transform, ...]
    """Elements of the seat group that keep the used seats (and the teams)."""
    rows: tuple[SeatRow, ...]
    symmetric: bool
    fair: bool
    achievable: bool
    """Whether some seating of this shape, placed as the rules ask, is symmetric here."""
    problems: tuple[str, ...]
    """Plain statements of what is not symmetric, not fair or not valid."""
    rule: SeatingRule | None = None
    """The rule this seating plays (None without rules, or when none fits)."""
    violations: tuple[Violation, ...] = ()
    """What the ``seating``, ``seating-place`` and ``seating-fair`` checks report."""
    notes: tuple[str, ...] = ()
    """Honest remarks that are not violations ("5 captains on 6 corners cannot be symmetric")."""

    @property
    def summary(self) -> str:
        """One line: the mode, the seats, and the verdict in words."""
        mode = f"{self.captains} captains" + (f" in {len(self.teams)} teams" if self.teams else "")
        if self.rule is not None:
            mode = f"{_mode_name(self.rule.mode)}, {mode}"
        seats = ", ".join(map(str, self.seats))
        # a violation's message starts with the seating it is about: said once, above
        said = [*self.notes, *(v.message.split(": ", 1)[-1] for v in self.violations)]
        if not self.violations:
            # a note about symmetry says it better than the problem behind it
            said += [
                p for p in self.problems if not (self.notes and p.startswith("cannot be symmetric"))
            ]
        if said:
            verdict = "; ".join(said)
        else:
            verdict = "as the rules ask, " if self.rule is not None else ""
            verdict += "symmetric and fair"
        return f"{mode} on seats {seats}: {verdict}"


def _mode_name(mode: str) -> str:
    return mode.replace("-", " ").title()


def seat_permutation(facts: ChartFacts, transform: Transform) -> tuple[int, ...] | None:
    """Where ``transform`` carries each seat (by position in ``chart.seats``); None if it maps
    some anchorage onto no anchorage."""
    grid = facts.grid
    out: list[int] = []
    for anchorage in facts.anchorages:
        target = grid.mask(transform(cell) for cell in grid.cells_of(anchorage))
        match = next((j for j, a in enumerate(facts.anchorages) if a == target and a), None)
        if match is None:
            return None
        out.append(match)
    return tuple(out)


SeatMaps = list[tuple[Transform, tuple[int, ...]]]


def seating_reports(chart: Chart, rules: ChartRules | None = None) -> list[SeatingReport]:
    """One report per seating of ``chart``, in the chart's order; with ``rules``, each is also
    judged against the seatings the rules ask for."""
    facts = prepare(chart).facts
    maps: SeatMaps = []
    for t in facts.group.elements:
        perm = seat_permutation(facts, t)
        if perm is not None:
            maps.append((t, perm))
    return [_report(chart, facts, seating, maps, rules) for seating in chart.seatings]


def missing_seatings(chart: Chart, rules: ChartRules) -> list[Violation]:
    """A ``seating`` violation for every captain count and mode the rules play on this chart
    that no seating of the chart declares."""
    out: list[Violation] = []
    declared = {(s.captains, _team_size(s)) for s in chart.seatings}
    for rule in rules.seatings:
        for captains in rule.captains:
            if (captains, rule.team_size) not in declared:
                what = f"{_mode_name(rule.mode)} with {captains} captains"
                if rule.teams:
                    what += f" in teams of {rule.team_size}"
                out.append(
                    Violation(
                        "seating",
                        (),
                        f"the rules play {what} on {chart.name}, but the chart declares no "
                        f"seating for it (add one under seatings)",
                    )
                )
    return out


def _team_size(seating: Seating) -> int:
    sizes = {len(team) for team in seating.teams}
    if not seating.teams:
        return 1
    return sizes.pop() if len(sizes) == 1 else -1


def _report(
    chart: Chart,
    facts: ChartFacts,
    seating: Seating,
    maps: SeatMaps,
    rules: ChartRules | None,
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

    group = _keeping(maps, used_set, teams)
    # the kept elements form a group, so one step from a seat reaches its whole class
    classes = sorted({tuple(sorted({perm[p] for _, perm in group})) for p in positions})
    symmetric = len(classes) <= 1
    rule = _rule_for(seating, rules)
    achievable = symmetric or _achievable(chart, maps, seating, rule)
    notes: list[str] = []
    if not symmetric:
        kept = " and ".join(f"“{t.name}”" for t, _ in group)
        alike = "; ".join(
            ("seats " if len(c) > 1 else "seat ") + ", ".join(_numbers(chart, c)) for c in classes
        )
        statement = (
            f"cannot be symmetric: only {kept} keep{'s' if len(group) == 1 else ''} the used "
            f"seats, so no turn or mirror carries every used seat to every other (alike: {alike})"
        )
        problems.append(statement)
        if not achievable:
            where = "corners" if chart.shape is Shape.HEX else "edges"
            alone = "" if chart.symmetry.reflections else " with turns alone (no mirror declared)"
            notes.append(
                f"{seating.captains} captains on {len(chart.seats)} {where} cannot be symmetric"
                f"{alone}: no choice of seats is, and here only {kept} keep"
                f"{'s' if len(group) == 1 else ''} the used seats (alike: {alike})"
            )
    rows = tuple(_row(chart, facts, p, used_set, team_of, index) for p in positions)
    by_profile: dict[tuple[object, ...], list[SeatRow]] = {}
    for row in rows:
        by_profile.setdefault(row.profile, []).append(row)
    fair = len(by_profile) <= 1
    if not fair:
        groups = sorted(by_profile.values(), key=lambda g: (-len(g), g[0].seat))
        problems.append("not fair: " + "; ".join(_rows_text(g) for g in groups))
    violations: list[Violation] = []
    if rules is not None:
        violations = _judge(chart, seating, rule, rules, problems, maps, symmetric, fair)
    return SeatingReport(
        captains=seating.captains,
        seats=seating.seats,
        teams=seating.teams,
        group=tuple(t for t, _ in group),
        rows=rows,
        symmetric=symmetric,
        fair=fair,
        achievable=achievable,
        problems=tuple(problems),
        rule=rule,
        violations=tuple(violations),
        notes=tuple(notes),
    )


def _keeping(
    maps: SeatMaps, used: frozenset[int], teams: Sequence[frozenset[int]]
) -> list[tuple[Transform, tuple[int, ...]]]:
    """The group elements that carry the used seats onto themselves and teams onto teams."""
    kept: list[tuple[Transform, tuple[int, ...]]] = []
    for transform, perm in maps:
        if frozenset(perm[p] for p in used) != used:
            continue
        if teams and any(frozenset(perm[p] for p in team) not in teams for team in teams):
            continue
        kept.append((transform, perm))
    return kept


def _is_symmetric(maps: SeatMaps, used: frozenset[int], teams: Sequence[frozenset[int]]) -> bool:
    if not used:
        return True
    start = min(used)
    reached = {perm[start] for _, perm in _keeping(maps, used, teams)}
    return reached == set(used)


def _rule_for(seating: Seating, rules: ChartRules | None) -> SeatingRule | None:
    if rules is None:
        return None
    size = _team_size(seating)
    return next(
        (r for r in rules.seatings if seating.captains in r.captains and r.team_size == size),
        None,
    )


def _placed(
    rule: SeatingRule | None, n: int, used: frozenset[int], teams: Sequence[frozenset[int]]
) -> list[str]:
    """How ``used`` (seat positions) with ``teams`` breaks the rule's placement, in words."""
    if rule is None:
        return []
    out: list[str] = []
    team_of = {p: t for t, team in enumerate(teams) for p in team}

    def rival(a: int, b: int) -> bool:
        return team_of.get(a, -1 - a) != team_of.get(b, -1 - b)

    if rule.rivals is Rivals.OPPOSITE:
        lonely = [
            p
            for p in sorted(used)
            if n % 2 or not ((p + n // 2) % n in used and rival(p, (p + n // 2) % n))
        ]
        if lonely:
            out.append("rivals must sit opposite each other")
    if rule.partners is Partners.NEIGHBOURS:
        for team in teams:
            if not _consecutive(team, n):
                out.append("partners must sit on neighbouring seats, side by side")
                break
    return out


def _consecutive(team: frozenset[int], n: int) -> bool:
    size = len(team)
    if size <= 1 or size >= n:
        return True
    return any(frozenset((s + i) % n for i in range(size)) == team for s in range(n))


SHAPES_LIMIT = 5_000
"""Choices of seats looked at for a symmetric one; far more than six seats ever need."""


def _shapes(
    n: int, captains: int, team_size: int
) -> Iterable[tuple[frozenset[int], tuple[frozenset[int], ...]]]:
    """Choices of ``captains`` seat positions of ``n``, split into teams of ``team_size`` (no
    teams when it is 1): every one, up to :data:`SHAPES_LIMIT`."""
    return islice(_all_shapes(n, captains, team_size), SHAPES_LIMIT)


def _all_shapes(
    n: int, captains: int, team_size: int
) -> Iterable[tuple[frozenset[int], tuple[frozenset[int], ...]]]:
    if captains > n or captains < 1:
        return
    for chosen in combinations(range(n), captains):
        used = frozenset(chosen)
        if team_size <= 1:
            yield used, ()
            continue
        if captains % team_size:
            continue
        for split in _splits(tuple(chosen), team_size):
            yield used, split


def _splits(seats: tuple[int, ...], size: int) -> Iterable[tuple[frozenset[int], ...]]:
    if not seats:
        yield ()
        return
    first, rest = seats[0], seats[1:]
    for others in combinations(rest, size - 1):
        team = frozenset((first, *others))
        remaining = tuple(s for s in rest if s not in team)
        for tail in _splits(remaining, size):
            yield (team, *tail)


def _achievable(chart: Chart, maps: SeatMaps, seating: Seating, rule: SeatingRule | None) -> bool:
    n = len(chart.seats)
    size = _team_size(seating)
    if size < 1:
        return True  # unequal teams: the seating check says so
    return any(
        _is_symmetric(maps, used, teams) and not _placed(rule, n, used, teams)
        for used, teams in _shapes(n, seating.captains, size)
    )


def _symmetric_example(
    chart: Chart, maps: SeatMaps, captains: int, size: int, rule: SeatingRule | None
) -> str:
    n = len(chart.seats)
    for used, teams in _shapes(n, captains, size):
        if _is_symmetric(maps, used, teams) and not _placed(rule, n, used, teams):
            seats = ", ".join(str(chart.seats[p].index) for p in sorted(used))
            if teams:
                split = " | ".join(
                    ", ".join(str(chart.seats[p].index) for p in sorted(t)) for t in teams
                )
                return f"seats {seats} in teams {split}"
            return f"seats {seats}"
    return ""


def _judge(
    chart: Chart,
    seating: Seating,
    rule: SeatingRule | None,
    rules: ChartRules,
    problems: list[str],
    maps: SeatMaps,
    symmetric: bool,
    fair: bool,
) -> list[Violation]:
    label = f"seating of {seating.captains} captains on seats {', '.join(map(str, seating.seats))}"
    out: list[Violation] = []
    structural = [p for p in problems if not p.startswith(("cannot be symmetric", "not fair"))]
    for p in structural:
        out.append(Violation("seating", (), f"{label}: {p}"))
    counts = sorted({c for r in rules.seatings for c in r.captains})
    sizes = sorted({len(team) for team in seating.teams})
    if rule is None:
        if seating.captains not in counts:
            allowed = _or(counts) if counts else "no"
            out.append(
                Violation(
                    "seating",
                    (),
                    f"{label}: the rules seat {allowed} captains on {chart.name}, not "
                    f"{seating.captains}",
                )
            )
        else:
            modes = [_rule_text(r) for r in rules.seatings if seating.captains in r.captains]
            if len(sizes) > 1:
                have = f"teams of {' and '.join(map(str, sizes))} (teams must be of equal size)"
            else:
                have = f"teams of {sizes[0]}" if sizes and sizes[0] > 1 else "no teams"
            out.append(
                Violation(
                    "seating",
                    (),
                    f"{label}: {have}, but with {seating.captains} captains the rules play "
                    f"{' or '.join(modes)}",
                )
            )
        return out
    if structural:
        return out
    index = {seat.index: i for i, seat in enumerate(chart.seats)}
    used = frozenset(index[s] for s in seating.seats)
    teams = tuple(frozenset(index[s] for s in team) for team in seating.teams)
    for broken in _placed(rule, len(chart.seats), used, teams):
        out.append(Violation("seating-place", (), f"{label} ({_mode_name(rule.mode)}): {broken}"))
    if rule.fair and not (symmetric and fair):
        example = _symmetric_example(chart, maps, seating.captains, rule.team_size, rule)
        if example:
            said = next(
                (p for p in problems if p.startswith("cannot be symmetric")),
                next((p for p in problems if p.startswith("not fair")), ""),
            )
            out.append(
                Violation(
                    "seating-fair",
                    (),
                    f"{label} ({_mode_name(rule.mode)}): {said}; a symmetric choice exists: "
                    f"{example}",
                )
            )
    return out


def _rule_text(rule: SeatingRule) -> str:
    text = _mode_name(rule.mode)
    if rule.teams:
        text += f" (teams of {rule.team_size})"
    else:
        text += " (no teams)"
    return text


def _or(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


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
