"""Checks of a chart's fixed layout: everything that does not depend on its islands.

These run once per layout (the dealer reuses the result for every candidate island map).
Definitions: :mod:`pnpkit.games.false_colors.charts.engine.checks`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from pnpkit.games.false_colors.charts.engine.catalogue import Violation
from pnpkit.games.false_colors.charts.engine.facts import (
    ANCHORAGE_CELLS,
    ANCHORAGE_REACH,
    ANCHORAGE_SIDE,
    WING_SIDE,
    ChartFacts,
    image,
)
from pnpkit.games.false_colors.charts.engine.storm import ring_count
from pnpkit.games.false_colors.charts.engine.symmetry import Transform
from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.model.cells import Cell, Hex, Square


def sort_cells(cells: Iterable[object]) -> tuple[Cell, ...]:
    """Cells in reading order (squares before hexes); anything that is not a cell is dropped."""
    real = [c for c in cells if isinstance(c, Square | Hex)]
    return tuple(
        sorted(set(real), key=lambda c: (0, c.y, c.x) if isinstance(c, Square) else (1, c.r, c.q))
    )


def describe(chart: Chart, cells: Iterable[object], limit: int = 8) -> str:
    """Cell labels for a message: ``E1, F1, G1`` (off-chart cells as coordinates)."""
    items = list(cells)
    shown = []
    for c in sort_cells(items)[:limit]:
        shown.append(chart.label(c) if chart.contains(c) else _coords(c))
    garbage = [repr(c) for c in items if not isinstance(c, Square | Hex)]
    shown += garbage[: max(0, limit - len(shown))]
    more = len(set(items)) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def _coords(cell: Cell) -> str:
    return f"({cell.x}, {cell.y})" if isinstance(cell, Square) else f"hex ({cell.q}, {cell.r})"


def seat_name(chart: Chart, position: int) -> str:
    seat = chart.seats[position]
    return f"seat {seat.index} {seat.name}".rstrip()


def layout_violations(chart: Chart, facts: ChartFacts) -> list[Violation]:
    out: list[Violation] = []
    out += _shape(chart, facts)
    slots = anchorage_slots(chart)
    out += _anchorages(chart, facts, slots)
    out += _wings(chart, facts, slots)
    out += _capital(chart, facts)
    out += _harbors(chart, facts)
    out += _symmetry(chart, facts)
    out += _storm(chart, facts)
    return out


# --- shape -------------------------------------------------------------------------------------


def _shape(chart: Chart, facts: ChartFacts) -> list[Violation]:
    out: list[Violation] = []

    def bad(message: str) -> None:
        out.append(Violation("shape", (), message))

    count = len(facts.grid.cells)
    if chart.shape is Shape.SQUARE:
        if chart.width < 1 or chart.height < 1:
            bad(
                f"a square chart needs a positive width and height, not {chart.width} × {chart.height}"
            )
        elif count != chart.width * chart.height:
            bad(
                f"{chart.width} × {chart.height} should have {chart.width * chart.height} cells, found {count}"
            )
    else:
        expected = 1 + 3 * chart.radius * (chart.radius + 1)
        if chart.radius < 1:
            bad(f"a hex chart needs a positive radius, not {chart.radius}")
        elif count != expected:
            bad(f"radius {chart.radius} should have {expected} hexes, found {count}")
    if not chart.cell_size > 0:
        bad(f"cell size must be positive, not {chart.cell_size}")
    if chart.rounds < 1:
        bad(f"a game needs at least one round, not {chart.rounds}")
    if not chart.seats:
        bad("the chart has no seats")
    numbers = [seat.index for seat in chart.seats]
    if numbers != list(range(len(numbers))):
        bad(f"seats must be numbered 0, 1, 2, … in order, found {numbers}")
    if chart.screened and chart.shape is not Shape.SQUARE:
        message = (
            f"screening is defined for square charts only; a {chart.shape} chart is not screened"
        )
        out.append(Violation("screen", (), message, ("screened",)))
    return out


# --- anchorages and wings ----------------------------------------------------------------------


def anchorage_slots(chart: Chart) -> list[tuple[str, frozenset[Cell], frozenset[Cell]]]:
    """Where anchorages may lie: (edge or corner name, anchorage cells, wing cells)."""
    slots: list[tuple[str, frozenset[Cell], frozenset[Cell]]] = []
    if chart.shape is Shape.HEX:
        n = chart.radius
        if n < ANCHORAGE_REACH:
            return slots
        for k in range(6):
            corner = Hex(n, 0).rotated(k)
            cells = frozenset(
                c
                for c in chart.cells
                if isinstance(c, Hex) and c.distance(corner) <= ANCHORAGE_REACH
            )
            slots.append((f"corner {corner.q},{corner.r}", cells, frozenset()))
        return slots
    w, h, a, g = chart.width, chart.height, ANCHORAGE_SIDE, WING_SIDE

    def block(x0: int, y0: int, dx: int, dy: int) -> frozenset[Cell]:
        return frozenset(Square(x, y) for x in range(x0, x0 + dx) for y in range(y0, y0 + dy))

    if w >= a and h >= a and (w - a) % 2 == 0:
        x0 = (w - a) // 2
        side_x = block(x0 - g, 0, g, g) | block(x0 + a, 0, g, g)
        slots.append(("top edge", block(x0, 0, a, a), side_x))
        slots.append(
            (
                "bottom edge",
                block(x0, h - a, a, a),
                frozenset(Square(c.x, h - 1 - c.y) for c in side_x if isinstance(c, Square)),
            )
        )
    if w >= a and h >= a and (h - a) % 2 == 0:
        y0 = (h - a) // 2
        side_y = block(0, y0 - g, g, g) | block(0, y0 + a, g, g)
        slots.append(("left edge", block(0, y0, a, a), side_y))
        slots.append(
            (
                "right edge",
                block(w - a, y0, a, a),
                frozenset(Square(w - 1 - c.x, c.y) for c in side_y if isinstance(c, Square)),
            )
        )
    return slots


def _best_slot(
    cells: frozenset[Cell], slots: list[tuple[str, frozenset[Cell], frozenset[Cell]]]
) -> tuple[str, frozenset[Cell], frozenset[Cell]] | None:
    best = max(slots, key=lambda s: len(s[1] & cells), default=None)
    return best if best is not None and best[1] & cells else None


def _anchorages(
    chart: Chart, facts: ChartFacts, slots: list[tuple[str, frozenset[Cell], frozenset[Cell]]]
) -> list[Violation]:
    out: list[Violation] = []
    where = (
        "the 4 × 4 in the middle of an edge"
        if chart.shape is Shape.SQUARE
        else "the hexes within 3 of a corner"
    )
    for i, seat in enumerate(chart.seats):
        name = seat_name(chart, i)
        if len(seat.anchorage) != ANCHORAGE_CELLS:
            out.append(
                Violation(
                    "anchorage-size",
                    sort_cells(seat.anchorage),
                    f"{name}: anchorage has {len(seat.anchorage)} cells (allowed: {ANCHORAGE_CELLS})",
                    ("seats", str(i), "anchorage"),
                )
            )
        out += _off_chart(
            chart,
            facts,
            seat.anchorage,
            "anchorage-place",
            f"{name}: anchorage cells",
            ("seats", str(i), "anchorage"),
        )
        on = frozenset(grid_cells(facts, facts.anchorages[i]))
        slot = _best_slot(on, slots)
        stray = on - slot[1] if slot else on
        if stray:
            out.append(
                Violation(
                    "anchorage-place",
                    sort_cells(stray),
                    f"{name}: anchorage cells outside {where}: {describe(chart, stray)}",
                    ("seats", str(i), "anchorage"),
                )
            )
    for i in range(len(chart.seats)):
        for j in range(i + 1, len(chart.seats)):
            shared = facts.anchorages[i] & facts.anchorages[j]
            if shared:
                cells = grid_cells(facts, shared)
                out.append(
                    Violation(
                        "anchorage-disjoint",
                        cells,
                        f"{seat_name(chart, i)} and {seat_name(chart, j)} share {describe(chart, cells)}",
                        ("seats", str(j), "anchorage"),
                    )
                )
    return out


def grid_cells(facts: ChartFacts, bits: int) -> tuple[Cell, ...]:
    return facts.grid.cells_of(bits)


def _wings(
    chart: Chart, facts: ChartFacts, slots: list[tuple[str, frozenset[Cell], frozenset[Cell]]]
) -> list[Violation]:
    out: list[Violation] = []
    for i, seat in enumerate(chart.seats):
        if not seat.wings:
            continue
        name = seat_name(chart, i)
        if chart.shape is Shape.HEX:
            out.append(
                Violation("wings", sort_cells(seat.wings), f"{name}: hex charts have no wings")
            )
            continue
        off = facts.grid.off_chart(seat.wings)
        on = frozenset(grid_cells(facts, facts.wings[i]))
        slot = _best_slot(frozenset(grid_cells(facts, facts.anchorages[i])), slots)
        expected = slot[2] if slot else frozenset()
        wrong = (on ^ expected) | frozenset(c for c in off if isinstance(c, Square | Hex))
        if wrong or off:
            out.append(
                Violation(
                    "wings",
                    sort_cells(wrong),
                    f"{name}: wings must be the 2 × 2 on each side of the anchorage along the edge; wrong: {describe(chart, wrong)}",
                )
            )
        others = (facts.all_anchorages | facts.harbor_mask | facts.capital) & facts.wings[i]
        if others:
            cells = grid_cells(facts, others)
            out.append(
                Violation(
                    "wings",
                    cells,
                    f"{name}: wings must be open water, not anchorage, harbor or Capital: {describe(chart, cells)}",
                )
            )
    return out


# --- Capital and harbors -----------------------------------------------------------------------


def expected_capital(chart: Chart) -> frozenset[Cell] | None:
    if chart.shape is Shape.HEX:
        return frozenset((Hex(0, 0), *Hex(0, 0).neighbours())) if chart.radius >= 1 else None
    w, h = chart.width, chart.height
    if w < 2 or h < 2 or w % 2 or h % 2:
        return None
    x0, y0 = w // 2 - 1, h // 2 - 1
    return frozenset(Square(x, y) for x in (x0, x0 + 1) for y in (y0, y0 + 1))


def _capital(chart: Chart, facts: ChartFacts) -> list[Violation]:
    out: list[Violation] = []
    size = 7 if chart.shape is Shape.HEX else 4
    if len(chart.capital) != size:
        out.append(
            Violation(
                "capital-size",
                sort_cells(chart.capital),
                f"the Capital has {len(chart.capital)} cells (allowed: {size})",
            )
        )
    expected = expected_capital(chart)
    if expected is None:
        out.append(
            Violation(
                "capital-centred",
                sort_cells(chart.capital),
                f"a {chart.size_text} chart has no centred Capital",
            )
        )
    else:
        wrong = frozenset(chart.capital) ^ expected
        if wrong:
            out.append(
                Violation(
                    "capital-centred",
                    sort_cells(wrong),
                    f"the Capital must be {describe(chart, expected)}; differs at {describe(chart, wrong)}",
                )
            )
    scheduled = len(chart.storm_rounds)
    closing = [c for c in grid_cells(facts, facts.capital) if _ring_of(facts, c) <= scheduled]
    if closing:
        out.append(
            Violation(
                "capital-storm",
                tuple(closing),
                f"the storm takes Capital cells {describe(chart, closing)}",
            )
        )
    return out


def _ring_of(facts: ChartFacts, cell: Cell) -> int:
    pos = facts.grid.positions[cell]
    for index, mask in enumerate(facts.rings):
        if mask >> pos & 1:
            return index + 1
    return 0


def _off_chart(
    chart: Chart,
    facts: ChartFacts,
    cells: Iterable[object],
    check: str,
    what: str,
    field: tuple[str, ...],
) -> list[Violation]:
    """A ``check`` violation for those of ``cells`` (named ``what``, written at the chart's
    ``field``) that are off the chart."""
    off = facts.grid.off_chart(cells)
    if not off:
        return []
    message = f"{what} off the chart: {describe(chart, off)}"
    return [Violation(check, sort_cells(off), message, field)]


def _harbors(chart: Chart, facts: ChartFacts) -> list[Violation]:
    out: list[Violation] = []
    if len(chart.harbors) != len(chart.seats):
        out.append(
            Violation(
                "harbor-count",
                sort_cells(chart.harbors),
                f"{len(chart.harbors)} harbors for {len(chart.seats)} seats (allowed: one per seat)",
                ("harbors",),
            )
        )
    out += _off_chart(chart, facts, chart.harbors, "harbor-place", "harbors", ("harbors",))
    blocked = facts.harbor_mask & (facts.all_anchorages | facts.all_wings | facts.capital)
    if blocked:
        cells = grid_cells(facts, blocked)
        out.append(
            Violation(
                "harbor-place",
                cells,
                f"harbors on an anchorage, wing or the Capital: {describe(chart, cells)}",
                ("harbors",),
            )
        )
    partial = [
        c
        for c in grid_cells(facts, facts.harbor_mask)
        if not set(facts.group.orbit(c)) <= chart.harbors
    ]
    if partial:
        out.append(
            Violation(
                "harbor-place",
                tuple(partial),
                f"harbors whose images under the seat group are not all harbors: {describe(chart, partial)}",
                ("harbors",),
            )
        )
    return out


# --- symmetry and storm ------------------------------------------------------------------------


def _symmetry(chart: Chart, facts: ChartFacts) -> list[Violation]:
    out = [Violation("symmetry", (), problem, ("symmetry",)) for problem in facts.group.problems]
    n = len(chart.seats)
    if n and chart.symmetry.rotations != n:
        out.append(
            Violation(
                "symmetry",
                (),
                f"{chart.symmetry.rotations} rotations for {n} seats (allowed: one turn per seat, {n})",
                ("symmetry", "rotations"),
            )
        )
    for transform, perm in facts.generators:
        moved: list[Cell] = []
        for whole in (facts.harbor_mask, facts.capital):
            moved += grid_cells(facts, image(perm, whole) ^ whole)
        targets = [
            next((k for k in range(n) if facts.anchorages[k] == image(perm, a) and a), None)
            for a in facts.anchorages
        ]
        reordered = (
            transform.mirror_turns is None
            and None not in targets
            and sorted(t for t in targets if t is not None) == list(range(n))
            and any(t != (i + 1) % n for i, t in enumerate(targets))
        )
        if reordered:
            out.append(_seat_order(chart, transform, [t or 0 for t in targets]))
        for i in range(n):
            if transform.mirror_turns is None and not reordered:
                j = (i + 1) % n
            else:
                target = image(perm, facts.anchorages[i])
                j = next((k for k in range(n) if facts.anchorages[k] == target), i)
            moved += grid_cells(facts, image(perm, facts.anchorages[i]) ^ facts.anchorages[j])
            moved += grid_cells(facts, image(perm, facts.wings[i]) ^ facts.wings[j])
        if moved:
            cells = sort_cells(moved)
            out.append(
                Violation(
                    "symmetry",
                    cells,
                    f"the {transform.name} image of the anchorages, wings, harbors or Capital differs at {describe(chart, cells)}",
                    ("symmetry",),
                )
            )
    return out


def _seat_order(chart: Chart, transform: Transform, targets: list[int]) -> Violation:
    """The turn permutes the anchorages, but not seat k to seat k + 1: the seats are listed out
    of their order around the table (anticlockwise, say)."""
    n = len(targets)
    carried = ", ".join(
        f"{seat_name(chart, i)} to {seat_name(chart, t)}"
        + ("" if t == (i + 1) % n else f" (not seat {chart.seats[(i + 1) % n].index})")
        for i, t in enumerate(targets)
    )
    order = [0]
    while len(order) < n and targets[order[-1]] not in order:
        order.append(targets[order[-1]])
    names = ", ".join(chart.seats[p].name or f"seat {chart.seats[p].index}" for p in order)
    return Violation(
        "seat-order",
        (),
        f"the seats are out of order: a {transform.name} clockwise carries {carried}; list the "
        f"seats in order clockwise, each one turn after the last: {names}",
    )


def _storm(chart: Chart, facts: ChartFacts) -> list[Violation]:
    out: list[Violation] = []
    rounds = chart.storm_rounds
    if any(b <= a for a, b in pairwise(rounds)) or any(not 1 <= r <= chart.rounds for r in rounds):
        out.append(
            Violation(
                "storm-rings",
                (),
                f"storm rounds {list(rounds)} must rise and lie within 1–{chart.rounds}",
            )
        )
    if len(rounds) >= ring_count(chart):
        out.append(
            Violation(
                "storm-rings",
                (),
                f"{len(rounds)} closings for {ring_count(chart)} rings: the storm would take the whole chart",
            )
        )
    covered = 0
    total = 0
    for mask in facts.rings:
        covered |= mask
        total += mask.bit_count()
    if covered != facts.grid.valid or total != len(facts.grid.cells):
        out.append(
            Violation(
                "storm-rings",
                grid_cells(facts, facts.grid.valid & ~covered),
                "the rings do not partition the chart",
            )
        )
    for transform, perm in facts.generators:
        moved = 0
        for mask in facts.rings:
            moved |= image(perm, mask) ^ mask
        if moved:
            cells = grid_cells(facts, moved)
            out.append(
                Violation(
                    "storm-rings",
                    cells,
                    f"the {transform.name} does not keep the rings at {describe(chart, cells)}",
                )
            )
    return out
