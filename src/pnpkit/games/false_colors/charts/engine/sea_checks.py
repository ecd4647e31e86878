"""Checks that depend on the islands: open cells, the sea, sailing distances, screens, the storm.

Fast on purpose: the dealer runs these on every candidate map. Sets of cells are bitsets
(:mod:`pnpkit.games.false_colors.charts.engine.grid`); sailing distances come from one layered flood
per seat. Definitions: :mod:`pnpkit.games.false_colors.charts.engine.checks`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pnpkit.games.false_colors.charts.engine.catalogue import Violation
from pnpkit.games.false_colors.charts.engine.facts import ChartFacts, image
from pnpkit.games.false_colors.charts.engine.grid import GridIndex
from pnpkit.games.false_colors.charts.engine.layout_checks import describe, seat_name, sort_cells
from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.model.cells import Cell


@dataclass(frozen=True, slots=True)
class SeatDistances:
    """Shortest sailing distances from one anchorage (None: unreachable)."""

    capital: int | None
    harbors: tuple[int | None, ...]
    """One per harbor, harbors in reading order."""

    @property
    def profile(self) -> tuple[int, tuple[int, ...]]:
        """The multiset the fairness check compares: Capital, then sorted harbor distances
        (−1 stands for unreachable)."""
        cap = -1 if self.capital is None else self.capital
        return cap, tuple(sorted(-1 if d is None else d for d in self.harbors))


def seat_distances(
    grid: GridIndex, start: int, sea: int, capital: int, harbors: tuple[int, ...]
) -> SeatDistances:
    """Distances from the open cells of ``start`` to the Capital and to each harbor bit."""
    cap: int | None = None
    found: list[int | None] = [None] * len(harbors)
    missing = len(harbors)
    harbor_mask = 0
    for pos in harbors:
        harbor_mask |= 1 << pos
    shifts = grid.shifts
    seen = frontier = start & sea
    d = 0
    while frontier:
        if cap is None and frontier & capital:
            cap = d
        if frontier & harbor_mask:
            for k, pos in enumerate(harbors):
                if found[k] is None and frontier >> pos & 1:
                    found[k] = d
                    missing -= 1
        if missing == 0 and (cap is not None or not capital):
            break
        nxt = 0
        for s in shifts:
            nxt |= frontier << s if s > 0 else frontier >> -s
        frontier = nxt & sea & ~seen
        seen |= frontier
        d += 1
    return SeatDistances(cap, tuple(found))


def connectivity_failures(facts: ChartFacts, islands: int) -> list[str]:
    """The names of the cheap checks a candidate fails: ``sea-connected`` and the storm part of
    ``storm-rings``, judged exactly as :func:`sea_violations` judges them. The dealer tries
    these first and skips the sailing distances of maps they already reject."""
    grid = facts.grid
    sea = grid.valid & ~islands
    capital = facts.capital & sea
    anchor = capital or (sea & -sea)
    failed: list[str] = []
    if sea & ~grid.flood(anchor, sea):
        failed.append("sea-connected")
    for _, left in facts.remaining:
        rest = sea & left
        if rest & facts.capital and rest & ~grid.flood(rest & facts.capital, rest):
            failed.append("storm-rings")
            break
    return failed


ISLANDS = ("islands",)
"""The chart's field a violation about its islands names (where the designer must look)."""


def show(d: int | None) -> str:
    return "unreachable" if d is None or d < 0 else str(d)


def sea_violations(
    chart: Chart, facts: ChartFacts, islands: int, off_chart: tuple[object, ...] = ()
) -> list[Violation]:
    """Every island-dependent violation of ``chart`` whose islands are the bitset ``islands``."""
    grid = facts.grid
    out: list[Violation] = []
    cells_of = grid.cells_of
    for check, masks, what in (
        ("anchorage-open", facts.anchorages, "anchorage"),
        ("wings", facts.wings, "wings"),
    ):
        for i, mask in enumerate(masks):
            if mask & islands:
                cells = cells_of(mask & islands)
                out.append(
                    Violation(
                        check,
                        cells,
                        f"{seat_name(chart, i)}: islands on the {what}: {describe(chart, cells)}",
                        ISLANDS,
                    )
                )
    if islands & facts.capital_sides:
        cells = cells_of(islands & facts.capital_sides)
        out.append(
            Violation(
                "capital-open",
                cells,
                f"islands beside the Capital: {describe(chart, cells)}",
                ISLANDS,
            )
        )
    if islands & facts.harbor_mask:
        cells = cells_of(islands & facts.harbor_mask)
        out.append(
            Violation(
                "harbor-water",
                cells,
                f"harbors that are islands: {describe(chart, cells)}",
                ISLANDS,
            )
        )
    if islands & facts.reserved or off_chart:
        cells = cells_of(islands & facts.reserved)
        where = (
            f"islands on anchorages, wings, harbors or the Capital: {describe(chart, cells)}"
            if cells
            else ""
        )
        if off_chart:
            where = "; ".join(
                w for w in (where, f"islands off the chart: {describe(chart, off_chart)}") if w
            )
        out.append(Violation("islands-clear", sort_cells((*cells, *off_chart)), where, ISLANDS))

    sea = grid.valid & ~islands
    capital = facts.capital & sea
    anchor = capital or (sea & -sea)
    main = grid.flood(anchor, sea)
    if sea & ~main:
        cells = cells_of(sea & ~main)
        out.append(
            Violation(
                "sea-connected",
                cells,
                f"open water cut off from {'the Capital' if capital else 'the rest of the sea'}: {describe(chart, cells)}",
                ISLANDS,
            )
        )

    distances = [
        seat_distances(grid, a, sea, facts.capital, facts.harbors) for a in facts.anchorages
    ]
    out += _reach(chart, facts, distances)
    out += _midway(chart, facts, distances)
    out += _fairness(chart, facts, distances)
    out += _screen(chart, facts, islands)
    for transform, perm in facts.generators:
        moved = image(perm, islands) ^ islands
        if moved:
            cells = cells_of(moved)
            out.append(
                Violation(
                    "symmetry",
                    cells,
                    f"the islands differ from their {transform.name} image at {describe(chart, cells)}",
                    ISLANDS,
                )
            )
    for after, left in facts.remaining:
        rest = sea & left
        if not rest & facts.capital:
            continue  # capital-storm says so
        cut = rest & ~grid.flood(rest & facts.capital, rest)
        if cut:
            cells = cells_of(cut)
            out.append(
                Violation(
                    "storm-rings",
                    cells,
                    f"after round {after} the storm cuts these cells off from the Capital: {describe(chart, cells)}",
                    ISLANDS,
                )
            )
    return out


def _reach(chart: Chart, facts: ChartFacts, distances: list[SeatDistances]) -> list[Violation]:
    out: list[Violation] = []
    harbor_cells = facts.grid.cells_of(facts.harbor_mask)
    for i, dist in enumerate(distances):
        missing: list[Cell] = []
        if dist.capital is None and facts.capital:
            missing += facts.grid.cells_of(facts.capital)
        missing += [h for h, d in zip(harbor_cells, dist.harbors, strict=True) if d is None]
        if missing:
            out.append(
                Violation(
                    "reach",
                    tuple(missing),
                    f"{seat_name(chart, i)} cannot sail to {describe(chart, missing)}",
                    ISLANDS,
                )
            )
    return out


def _midway(chart: Chart, facts: ChartFacts, distances: list[SeatDistances]) -> list[Violation]:
    if len(distances) < 3:
        return []  # two seats face each other: no harbor lies between neighbours
    out: list[Violation] = []
    pairs = {frozenset(p) for p in facts.neighbour_pairs}
    for k, harbor in enumerate(facts.grid.cells_of(facts.harbor_mask)):
        ds = [dist.harbors[k] for dist in distances]
        reachable = [d for d in ds if d is not None]
        if not reachable:
            continue  # reach says so
        nearest = frozenset(i for i, d in enumerate(ds) if d == min(reachable))
        if nearest not in pairs:
            table = ", ".join(f"{seat_name(chart, i)} {show(d)}" for i, d in enumerate(ds))
            out.append(
                Violation(
                    "harbor-place",
                    (harbor,),
                    f"harbor {chart.label(harbor)} is not midway between two neighbouring anchorages (sailing distances: {table})",
                    ("harbors",),
                )
            )
    return out


def _fairness(chart: Chart, facts: ChartFacts, distances: list[SeatDistances]) -> list[Violation]:
    if not distances:
        return []
    profiles = [dist.profile for dist in distances]
    counts = Counter(profiles)
    common = max(profiles, key=lambda p: (counts[p], -profiles.index(p)))
    unfair = [i for i, p in enumerate(profiles) if p != common]
    if not unfair:
        return []
    reference = profiles.index(common)

    def text(i: int) -> str:
        cap, harbors = distances[i].profile
        return f"{seat_name(chart, i)}: Capital {show(cap)}, harbors {', '.join(map(show, harbors)) or 'none'}"

    cells: list[Cell] = []
    for i in unfair:
        cells += facts.grid.cells_of(facts.anchorages[i])
    lines = "; ".join(text(i) for i in [reference, *unfair])
    # the sea the seats sail is the chart less its islands: where they are is where to look
    return [
        Violation("fairness", tuple(cells), f"seats sail different distances ({lines})", ISLANDS)
    ]


def _screen(chart: Chart, facts: ChartFacts, islands: int) -> list[Violation]:
    if not chart.screened or chart.shape is not Shape.SQUARE:
        return []  # a screened chart of another shape breaks a layout check (shape)
    out: list[Violation] = []
    grid = facts.grid
    for i, j, between in facts.screen:
        a, b = facts.anchorages[i], facts.anchorages[j]
        touching = (grid.spread(a) & b) | (grid.spread(b) & a)
        if touching:
            cells = grid.cells_of(touching)
            out.append(
                Violation(
                    "screen",
                    cells,
                    f"{seat_name(chart, i)} and {seat_name(chart, j)}: the anchorages share an edge at {describe(chart, cells)}",
                    ("seats", str(j), "anchorage"),
                )
            )
        gap = between & ~islands
        if gap:
            cells = grid.cells_of(gap)
            out.append(
                Violation(
                    "screen",
                    cells,
                    f"{seat_name(chart, i)} and {seat_name(chart, j)} are not screened: open cells touch both anchorages: {describe(chart, cells)}",
                    ISLANDS,
                )
            )
    return out
