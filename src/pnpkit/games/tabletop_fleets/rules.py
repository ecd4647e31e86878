"""Random island layouts for the table fleet game: pure geometry, randomness as a parameter.

The rules (from the game's data, :class:`~pnpkit.games.tabletop_fleets.model.TableRules`):

- Islands are circles of diameter ``island`` (their footprint). Coordinates are points from the
  table's lower-left corner (square) or its centre (round), y up, as on the diagram.
- **6 in apart**: the gap between any two footprints is at least ``apart``. Never relaxed.
- **12 in from every edge where the table allows**: the gap between every footprint and the
  table edge is at least the *clearance*. The dealer tries the full ``edge`` clearance first;
  when it cannot deal the islands asked for in ``attempts`` tries, it lowers the clearance by
  ``step`` at a time, down to ``least_edge``, and uses the first (largest) clearance at which a
  layout is found. Every island of a layout keeps the same clearance, and the layout says which
  (``clearance``). Below ``least_edge`` the request is impossible: :class:`LayoutImpossible`.
- **As many as the table fits** (``islands=None`` with ``as_many=True``): the clearance is the one
  the crews' own count needs (one island per crew); at it, the dealer keeps adding islands until
  ``attempts`` tries in a row find no room, over ``attempts`` // 20 rounds, and keeps the fullest
  round (the first of equals).
- **Crews**: up to ``max_crews``. On a square (folding) table seat ``k`` centres on the
  perimeter point ``k · P / n`` counted anticlockwise from the lower-left corner (P the
  perimeter), so two crews sit at diagonally opposite corners; on a round table seats are a
  quarter turn apart for two crews and ``360° / n`` apart otherwise, seat 0 at the bottom,
  going anticlockwise. Each crew lines up along a stretch of edge centred on its seat, half the
  spacing between seats long.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pnpkit.errors import CheckFailed, UsageError
from pnpkit.games.tabletop_fleets.model import TableRules, TableShape

EPS = 1e-6


class LayoutImpossible(CheckFailed):
    """No layout keeps the rules (after the bounded attempts)."""


@dataclass(frozen=True, slots=True)
class Island:
    number: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Stretch:
    """Where a crew lines up: a stretch of table edge.

    Square: ``start``/``end`` are perimeter positions (points, anticlockwise from the lower-left
    corner). Round: angles in degrees (anticlockwise from the positive x axis).
    """

    crew: int
    start: float
    end: float
    seat: float


@dataclass(frozen=True, slots=True)
class TableLayout:
    shape: TableShape
    size: float
    crews: int
    seed: int | None
    clearance: float
    apart: float
    island_diameter: float
    islands: tuple[Island, ...]
    stretches: tuple[Stretch, ...]

    @property
    def radius(self) -> float:
        return self.island_diameter / 2


def perimeter_point(size: float, s: float) -> tuple[float, float]:
    """The point at perimeter position ``s`` of a square of side ``size`` (anticlockwise from
    the lower-left corner)."""
    s %= 4 * size
    side, t = divmod(s, size)
    if side == 0:
        return (t, 0.0)
    if side == 1:
        return (size, t)
    if side == 2:
        return (size - t, size)
    return (0.0, size - t)


def seat_stretches(shape: TableShape, size: float, crews: int) -> tuple[Stretch, ...]:
    """The stretch of edge each crew lines up on (see the module's rules)."""
    out: list[Stretch] = []
    if shape is TableShape.SQUARE:
        spacing = 4 * size / crews
        for k in range(crews):
            seat = k * spacing
            out.append(Stretch(k + 1, seat - spacing / 4, seat + spacing / 4, seat))
    else:
        spacing = 90.0 if crews == 2 else 360.0 / crews
        for k in range(crews):
            seat = 270.0 + k * spacing
            out.append(Stretch(k + 1, seat - spacing / 4, seat + spacing / 4, seat % 360.0))
    return tuple(out)


def edge_gap(shape: TableShape, size: float, radius: float, x: float, y: float) -> float:
    """The gap between an island's footprint at (x, y) and the nearest table edge."""
    if shape is TableShape.SQUARE:
        return min(x, y, size - x, size - y) - radius
    return size / 2 - math.hypot(x, y) - radius


def gap_between(a: Island, b: Island, radius: float) -> float:
    return math.hypot(a.x - b.x, a.y - b.y) - 2 * radius


def _sample(
    shape: TableShape, size: float, inner: float, rng: random.Random
) -> tuple[float, float]:
    """A uniform point where an island's centre keeps ``inner`` from the edge (``inner`` =
    clearance + radius)."""
    if shape is TableShape.SQUARE:
        return (rng.uniform(inner, size - inner), rng.uniform(inner, size - inner))
    reach = size / 2 - inner
    r = reach * math.sqrt(rng.random())
    a = rng.uniform(0.0, 2 * math.pi)
    return (r * math.cos(a), r * math.sin(a))


def _fits(x: float, y: float, placed: list[Island], least: float) -> bool:
    return all(math.hypot(x - p.x, y - p.y) >= least - EPS for p in placed)


def _try(
    shape: TableShape, rules: TableRules, clearance: float, count: int, rng: random.Random
) -> list[Island] | None:
    """One dart-throwing attempt at ``count`` islands; None when it gets stuck."""
    radius = rules.island / 2
    inner = clearance + radius
    if inner * 2 > rules.size + EPS:
        return None
    placed: list[Island] = []
    least = rules.apart + rules.island
    for _ in range(count):
        for _ in range(60):
            x, y = _sample(shape, rules.size, inner, rng)
            if _fits(x, y, placed, least):
                placed.append(Island(len(placed) + 1, x, y))
                break
        else:
            return None
    return placed


def _fill(
    shape: TableShape, rules: TableRules, clearance: float, rng: random.Random
) -> list[Island]:
    """Islands added one by one until ``attempts`` tries in a row find no room."""
    radius = rules.island / 2
    inner = clearance + radius
    placed: list[Island] = []
    if inner * 2 > rules.size + EPS:
        return placed
    least = rules.apart + rules.island
    misses = 0
    while misses < rules.attempts:
        x, y = _sample(shape, rules.size, inner, rng)
        if _fits(x, y, placed, least):
            placed.append(Island(len(placed) + 1, x, y))
            misses = 0
        else:
            misses += 1
    return placed


def clearances(rules: TableRules) -> list[float]:
    """The clearances tried, largest first: ``edge``, ``edge − step`` … down to ``least_edge``."""
    out: list[float] = []
    value = rules.edge
    while value >= rules.least_edge - EPS:
        out.append(max(value, rules.least_edge))
        value -= rules.step
    if not out or abs(out[-1] - rules.least_edge) > EPS:
        out.append(rules.least_edge)
    return out


def _check_request(rules: TableRules, crews: int, islands: int | None) -> None:
    if not 1 <= crews <= rules.max_crews:
        raise UsageError(f"{crews} crews cannot play (allowed: 1–{rules.max_crews})")
    if islands is not None and islands < 1:
        raise UsageError(f"{islands} islands: deal at least one (allowed: 1 or more, or max)")


def deal_table(
    rules: TableRules,
    shape: TableShape,
    crews: int,
    rng: random.Random,
    islands: int | None = None,
    *,
    as_many: bool = False,
    seed: int | None = None,
) -> TableLayout:
    """Deal islands for ``crews`` on the table: ``islands`` of them (default one per crew), or
    as many as fit with ``as_many``. Raises :class:`LayoutImpossible` after the bounded attempts
    at every clearance, and :class:`~pnpkit.errors.UsageError` for a crew count out of range."""
    _check_request(rules, crews, islands)
    wanted = crews if (islands is None or as_many) else islands
    for clearance in clearances(rules):
        for _ in range(rules.attempts):
            found = _try(shape, rules, clearance, wanted, rng)
            if found is None:
                continue
            if as_many:
                rounds = max(1, rules.attempts // 20)
                best = found
                for _ in range(rounds):
                    more = _fill(shape, rules, clearance, rng)
                    if len(more) > len(best):
                        best = more
                found = best
            return TableLayout(
                shape,
                rules.size,
                crews,
                seed,
                clearance,
                rules.apart,
                rules.island,
                tuple(found),
                seat_stretches(shape, rules.size, crews),
            )
    raise LayoutImpossible(
        f"cannot deal {wanted} island{'s' if wanted != 1 else ''} of {rules.island / 72:g} in "
        f"on a {rules.size / 72:g} in {shape.value} table keeping {rules.apart / 72:g} in apart "
        f"and at least {rules.least_edge / 72:g} in from the edge "
        f"({rules.attempts} attempts at each clearance from {rules.edge / 72:g} in down); "
        "ask for fewer islands or a larger table"
    )


@dataclass(frozen=True, slots=True)
class LayoutViolation:
    check: str
    message: str


def check_layout(layout: TableLayout) -> list[LayoutViolation]:
    """Every distance rule the layout breaks (none for a dealt layout)."""
    found: list[LayoutViolation] = []
    r = layout.radius
    for island in layout.islands:
        gap = edge_gap(layout.shape, layout.size, r, island.x, island.y)
        if gap < layout.clearance - 1e-3:
            found.append(
                LayoutViolation(
                    "edge",
                    f"island {island.number} is {gap / 72:.2f} in from the edge, "
                    f"the layout keeps {layout.clearance / 72:g} in",
                )
            )
    for i, a in enumerate(layout.islands):
        for b in layout.islands[i + 1 :]:
            gap = gap_between(a, b, r)
            if gap < layout.apart - 1e-3:
                found.append(
                    LayoutViolation(
                        "apart",
                        f"islands {a.number} and {b.number} are {gap / 72:.2f} in apart "
                        f"(allowed: at least {layout.apart / 72:g} in)",
                    )
                )
    return found


@dataclass(frozen=True, slots=True)
class Placing:
    """How to place one island, measured to its centre: two distances with what they are from."""

    island: int
    first: tuple[str, float]
    second: tuple[str, float]


EDGE_NAMES = ("A", "B", "C", "D")
"""Square table edges: A bottom, B right, C top, D left (as the diagram prints them)."""


def placings(layout: TableLayout) -> tuple[Placing, ...]:
    """Square: distances from the nearer of edges D/B and the nearer of A/C. Round: the distance
    from the centre and the angle anticlockwise from crew 1's seat (degrees)."""
    out: list[Placing] = []
    for island in layout.islands:
        if layout.shape is TableShape.SQUARE:
            side = ("D", island.x) if island.x <= layout.size / 2 else ("B", layout.size - island.x)
            end = ("A", island.y) if island.y <= layout.size / 2 else ("C", layout.size - island.y)
            out.append(Placing(island.number, side, end))
        else:
            distance = math.hypot(island.x, island.y)
            angle = math.degrees(math.atan2(island.y, island.x))
            seat = layout.stretches[0].seat if layout.stretches else 270.0
            turn = (angle - seat) % 360.0 if distance > EPS else 0.0
            out.append(Placing(island.number, ("centre", distance), ("seat 1", turn)))
    return tuple(out)


def layout_to_json(layout: TableLayout) -> dict[str, object]:
    """The layout as JSON-ready data, lengths in inches (rounded to 0.01)."""

    def inch(v: float) -> float:
        return round(v / 72.0, 2)

    return {
        "format": "pnpkit-table-layout/1",
        "table": {"shape": layout.shape.value, "size_in": inch(layout.size)},
        "seed": layout.seed,
        "crews": layout.crews,
        "clearance_in": inch(layout.clearance),
        "apart_in": inch(layout.apart),
        "island_diameter_in": inch(layout.island_diameter),
        "origin": "lower-left corner" if layout.shape is TableShape.SQUARE else "centre",
        "islands": [
            {
                "island": i.number,
                "at_in": [inch(i.x), inch(i.y)],
                "place": {
                    p.first[0]: inch(p.first[1]),
                    p.second[0]: (
                        round(p.second[1], 1) if p.second[0] == "seat 1" else inch(p.second[1])
                    ),
                },
            }
            for i, p in zip(layout.islands, placings(layout), strict=True)
        ],
        "crews_line_up": [
            {"crew": s.crew, "from": round(s.start, 2), "to": round(s.end, 2)}
            for s in layout.stretches
        ],
    }


def check_table_rules(rules: TableRules) -> list[LayoutViolation]:
    """The table can hold an island at all: at the least clearance an island fits inside."""
    found: list[LayoutViolation] = []
    if 2 * rules.least_edge + rules.island > rules.size + EPS:
        found.append(
            LayoutViolation(
                "table",
                f"a {rules.island / 72:g} in island does not fit {rules.least_edge / 72:g} in "
                f"from both edges of a {rules.size / 72:g} in table",
            )
        )
    return found
