"""Random island layouts for the table fleet game: pure geometry, randomness as a parameter.

The rules (from the game's data, :class:`~pnpkit.games.tabletop_fleets.model.TableRules`):

- Islands are circles of diameter ``island`` (their footprint). Coordinates are points from the
  table's lower-left corner (square or rectangular: ``size`` wide, ``depth`` deep) or its centre
  (round), y up, as on the diagram.
- **6 in apart**: the gap between any two footprints is at least ``apart``. Never relaxed.
- **12 in from every edge where the table allows**: the gap between every footprint and the
  table edge is at least the *clearance*. The dealer tries the full ``edge`` clearance first;
  when it cannot deal the islands asked for in ``attempts`` tries, it lowers the clearance by
  ``step`` at a time, down to ``least_edge``, and uses the first (largest) clearance at which a
  layout is found. Every island of a layout keeps the same clearance, and the layout says which
  (``clearance``). Below ``least_edge`` the request is impossible: :class:`LayoutImpossible`.
- **As many as the table fits** (``islands=None`` with ``as_many=True``): the clearance is the one
  the crews' own count needs (one island per crew); at it, the dealer fills the table
  ``min(attempts // ATTEMPTS_PER_FILL, MAX_ROUNDS)`` times (at least once) and keeps the fullest fill (the first
  of equals). A fill throws islands at random; when :data:`THROWS` throws in a row find no room it
  looks for room exactly (:func:`free_spots`: the corners of the room left) and places the next
  island on one of those, or stops when there is none. Every fill therefore ends with a table on
  which no further island fits, and costs the same whatever ``attempts`` says.
- **Bounded by design**: at most :data:`MAX_ISLANDS` islands are dealt; a specific count tries
  ``attempts`` times at each clearance, each try at most :data:`THROWS` throws per island, and
  a deal makes at most :data:`MAX_THROWS` throws in all: each clearance may spend an equal share
  of what the clearances before it left (one that spends its share moves on to the next, as
  when its attempts run out); each
  throw is checked against the islands near it only (a grid of cells one spacing wide). A
  clearance at which the islands asked for cannot fit even by area is skipped without a try. So
  a deal costs time linear in ``attempts`` and never more than a fixed cap (a few seconds), and
  ``--islands max`` (at most :data:`MAX_ROUNDS` fills of at most :data:`MAX_ISLANDS` islands)
  a fixed cap whatever ``attempts`` says.
- **Crews**: up to ``max_crews``. On a square or rectangular table seat ``k`` centres on the
  perimeter point ``k · P / n`` counted anticlockwise from the lower-left corner (P the
  perimeter), so two crews sit at diagonally opposite corners; on a round table seats are a
  quarter turn apart for two crews and ``360° / n`` apart otherwise, seat 0 at the bottom,
  going anticlockwise. Each crew lines up along a stretch of edge centred on its seat,
  ``stretch`` percent of the spacing between seats long (the data's 50: half).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pnpkit.errors import CheckFailed, UsageError
from pnpkit.games.tabletop_fleets.model import TableRules, TableShape, TabletopGame
from pnpkit.model.violation import Violation, located

EPS = 1e-6
THROWS = 60
"""Random throws for one island before a try gives up (or a fill looks for room exactly)."""
MAX_THROWS = 2_000_000
"""The most random throws one deal makes, over all its tries and clearances (a few seconds):
a request that finds no layout within them is refused as impossible."""
FILL_THROWS = 20
"""Random throws for one island in a fill before it takes a corner of the room left."""
MAX_ISLANDS = 200
"""The most islands a layout holds (``--islands K`` above it is a usage error)."""
MAX_ROUNDS = 100
"""The most fills ``--islands max`` compares."""
ATTEMPTS_PER_FILL = 20
"""``--islands max`` compares one fill for each this many ``attempts`` (up to :data:`MAX_ROUNDS`)."""


def size_words(shape: TableShape, sides: tuple[float, float]) -> str:
    """``48 in square``, ``72 × 48 in rectangular``, ``60 in round``."""
    width, depth = sides
    if shape is TableShape.SQUARE and abs(width - depth) > EPS:
        return f"{width / 72:g} × {depth / 72:g} in rectangular"
    return f"{width / 72:g} in {shape.value}"


class LayoutImpossible(CheckFailed):
    """No layout keeps the rules (after the bounded attempts)."""


@dataclass(frozen=True, slots=True)
class Island:
    """One dealt island: its number and the centre of its footprint (points, see the module)."""

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
    """A dealt table: its shape and size, the crews and their stretches of edge, the seed, and the
    islands with the clearance and gap the deal kept; lengths in points."""

    shape: TableShape
    size: float
    crews: int
    seed: int | None
    clearance: float
    apart: float
    island_diameter: float
    islands: tuple[Island, ...]
    stretches: tuple[Stretch, ...]
    depth: float | None = None
    """A rectangular table's depth (None: as deep as it is wide, ``size``)."""

    @property
    def radius(self) -> float:
        return self.island_diameter / 2

    @property
    def sides(self) -> tuple[float, float]:
        """The table's width and depth (a round table's diameter twice)."""
        return (self.size, self.size if self.depth is None else self.depth)

    @property
    def rectangular(self) -> bool:
        """A square-cornered table whose sides differ."""
        width, depth = self.sides
        return self.shape is TableShape.SQUARE and abs(width - depth) > EPS

    @property
    def table_words(self) -> str:
        """What the table is called: square, rectangular or round."""
        return "rectangular" if self.rectangular else self.shape.value


def perimeter_point(width: float, depth: float, s: float) -> tuple[float, float]:
    """The point at perimeter position ``s`` of a ``width`` × ``depth`` rectangle
    (anticlockwise from the lower-left corner)."""
    s %= 2 * (width + depth)
    if s < width:
        return (s, 0.0)
    s -= width
    if s < depth:
        return (width, s)
    s -= depth
    if s < width:
        return (width - s, depth)
    return (0.0, depth - (s - width))


@dataclass(frozen=True, slots=True)
class EdgePiece:
    """The part of a crew's stretch that lies along one edge of a square table: ``edge`` (A–D,
    :data:`EDGE_NAMES`), from ``low`` to ``high`` points measured along it from the edge
    ``measured_from`` (the neighbouring edge nearer the piece's middle)."""

    edge: str
    low: float
    high: float
    measured_from: str


def edge_pieces(width: float, depth: float, start: float, end: float) -> tuple[EdgePiece, ...]:
    """The stretch of perimeter ``start``–``end`` (points anticlockwise from the lower-left
    corner of a ``width`` × ``depth`` table, as :class:`Stretch` holds it) edge by edge, in that
    order. Along edge A (bottom) the perimeter runs from D to B, along B from A to C, along C
    from B to D, along D from C to A."""
    out: list[EdgePiece] = []
    lengths = (width, depth)
    at = math.floor(start / (2 * (width + depth))) * 2 * (width + depth)
    k = 0
    while at < end - EPS:
        length = lengths[k % 2]
        a, b = max(start, at), min(end, at + length)
        if b - a > EPS:
            t0, t1 = a - at, b - at  # along the edge from its start corner
            before, after = EDGE_NAMES[(k - 1) % 4], EDGE_NAMES[(k + 1) % 4]
            if (t0 + t1) / 2 <= length / 2 + EPS:
                out.append(EdgePiece(EDGE_NAMES[k % 4], t0, t1, before))
            else:
                out.append(EdgePiece(EDGE_NAMES[k % 4], length - t1, length - t0, after))
        at += length
        k += 1
    return tuple(out)


def seat_stretches(
    shape: TableShape,
    size: float,
    crews: int,
    depth: float | None = None,
    share: float = 0.5,
) -> tuple[Stretch, ...]:
    """The stretch of edge each crew lines up on (see the module's rules): ``share`` of the
    edge between two neighbouring seats, centred on the crew's seat."""
    out: list[Stretch] = []
    half = share / 2
    if shape is TableShape.SQUARE:
        spacing = 2 * (size + (size if depth is None else depth)) / crews
        for k in range(crews):
            seat = k * spacing
            out.append(Stretch(k + 1, seat - spacing * half, seat + spacing * half, seat))
    else:
        spacing = 90.0 if crews == 2 else 360.0 / crews
        for k in range(crews):
            seat = 270.0 + k * spacing
            out.append(Stretch(k + 1, seat - spacing * half, seat + spacing * half, seat % 360.0))
    return tuple(out)


def seat_layout(rules: TableRules, shape: TableShape, crews: int) -> TableLayout:
    """The table ``rules`` set, as ``shape``, with ``crews`` seated and no islands: where each
    crew sits and lines up (a seating page's panel)."""
    _check_request(rules, crews, None)
    sides = table_sides(shape, rules)
    return TableLayout(
        shape,
        rules.size,
        crews,
        None,
        0.0,
        rules.apart,
        rules.island,
        (),
        seat_stretches(shape, rules.size, crews, sides[1], rules.share),
        None if sides[0] == sides[1] else sides[1],
    )


def edge_gap(
    shape: TableShape, sides: tuple[float, float], radius: float, x: float, y: float
) -> float:
    """The gap between an island's footprint at (x, y) and the nearest edge of the table
    ``sides`` (width and depth; a round table's diameter twice)."""
    width, depth = sides
    if shape is TableShape.SQUARE:
        return min(x, y, width - x, depth - y) - radius
    return width / 2 - math.hypot(x, y) - radius


def gap_between(a: Island, b: Island, radius: float) -> float:
    return math.hypot(a.x - b.x, a.y - b.y) - 2 * radius


def _sample(
    shape: TableShape, sides: tuple[float, float], inner: float, rng: random.Random
) -> tuple[float, float]:
    """A uniform point where an island's centre keeps ``inner`` from the edge (``inner`` =
    clearance + radius)."""
    width, depth = sides
    if shape is TableShape.SQUARE:
        return (rng.uniform(inner, width - inner), rng.uniform(inner, depth - inner))
    reach = width / 2 - inner
    r = reach * math.sqrt(rng.random())
    a = rng.uniform(0.0, 2 * math.pi)
    return (r * math.cos(a), r * math.sin(a))


class _Placed:
    """Islands placed so far, with a grid of cells ``least`` wide: a throw is checked against
    the islands in the 3 × 3 cells around it only, so each check costs the same however many
    islands are down."""

    def __init__(self, least: float) -> None:
        self.least = least
        self.islands: list[Island] = []
        self._cells: dict[tuple[int, int], list[Island]] = {}
        self._step = max(least, EPS)

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        return (math.floor(x / self._step), math.floor(y / self._step))

    def fits(self, x: float, y: float) -> bool:
        cx, cy = self._cell(x, y)
        least = self.least - EPS
        for i in (cx - 1, cx, cx + 1):
            for j in (cy - 1, cy, cy + 1):
                for p in self._cells.get((i, j), ()):
                    if math.hypot(x - p.x, y - p.y) < least:
                        return False
        return True

    def near(self, island: Island) -> list[Island]:
        """The islands close enough to ``island`` for their circles of reach to meet."""
        cx, cy = self._cell(island.x, island.y)
        found: list[Island] = []
        for i in range(cx - 2, cx + 3):
            for j in range(cy - 2, cy + 3):
                found += [p for p in self._cells.get((i, j), ()) if p.number < island.number]
        return found

    def add(self, x: float, y: float) -> None:
        island = Island(len(self.islands) + 1, x, y)
        self.islands.append(island)
        self._cells.setdefault(self._cell(x, y), []).append(island)


def _inside(
    shape: TableShape, sides: tuple[float, float], inner: float, x: float, y: float
) -> bool:
    width, depth = sides
    if shape is TableShape.SQUARE:
        return inner - EPS <= x <= width - inner + EPS and inner - EPS <= y <= depth - inner + EPS
    return math.hypot(x, y) <= width / 2 - inner + EPS


def _circle_meets(
    a: tuple[float, float, float], b: tuple[float, float, float]
) -> list[tuple[float, float]]:
    """Where two circles (x, y, r) cross (none, or two points; one when they touch)."""
    (x0, y0, r0), (x1, y1, r1) = a, b
    d = math.hypot(x1 - x0, y1 - y0)
    if d < EPS or d > r0 + r1 + EPS or d < abs(r0 - r1) - EPS:
        return []
    along = (r0 * r0 - r1 * r1 + d * d) / (2 * d)
    h = math.sqrt(max(r0 * r0 - along * along, 0.0))
    mx, my = x0 + along * (x1 - x0) / d, y0 + along * (y1 - y0) / d
    ox, oy = -(y1 - y0) / d * h, (x1 - x0) / d * h
    return [(mx + ox, my + oy), (mx - ox, my - oy)]


def free_spots(
    shape: TableShape, sides: tuple[float, float], inner: float, placed: _Placed
) -> list[tuple[float, float]]:
    """Every corner of the room left for one more island's centre, sorted; empty when no
    island fits anywhere.

    The room left is the area where a centre keeps ``inner`` from the edge, minus a circle of
    radius ``least`` round each placed island. If it is not empty, its leftmost point (the
    lowest of those) is a corner of that area, where a circle crosses a table edge, where two
    circles cross, or the rightmost point of a circle, so looking at those points is exact."""
    room = _Room(shape, sides, inner, placed.least)
    for island in placed.islands:
        room.added(island, placed)
    return room.free(placed)


class _Room:
    """The corners of the room left (see :func:`free_spots`), kept as islands are added: each
    island brings the corners it makes, and a corner once covered stays covered."""

    def __init__(
        self, shape: TableShape, sides: tuple[float, float], inner: float, least: float
    ) -> None:
        self.shape, self.sides, self.inner, self.least = shape, sides, inner, least
        width, depth = sides
        lo, right, top = inner, width - inner, depth - inner
        if shape is TableShape.SQUARE:
            corners = [(lo, lo), (lo, top), (right, lo), (right, top)]
        else:
            reach = width / 2 - inner
            corners = [(reach, 0.0), (-reach, 0.0), (0.0, reach), (0.0, -reach)]
        self.spots: list[tuple[float, float]] = corners

    def added(self, island: Island, placed: _Placed) -> None:
        """Take in the corners ``island`` makes with the edges and the islands before it."""
        least, inner, sides = self.least, self.inner, self.sides
        width, depth = sides
        x, y = island.x, island.y
        points = [(x + least, y), (x - least, y), (x, y + least), (x, y - least)]
        if self.shape is TableShape.SQUARE:
            for x_edge, y_edge in ((inner, inner), (width - inner, depth - inner)):
                points += [(x + dx, y_edge) for dx in _chord(least, y_edge - y)]
                points += [(x_edge, y + dy) for dy in _chord(least, x_edge - x)]
        else:
            points += _circle_meets((0.0, 0.0, width / 2 - inner), (x, y, least))
        for other in placed.near(island):
            points += _circle_meets((x, y, least), (other.x, other.y, least))
        self.spots += [
            _clamped(self.shape, sides, inner, px, py)
            for px, py in points
            if _inside(self.shape, sides, inner, px, py)
        ]

    def free(self, placed: _Placed) -> list[tuple[float, float]]:
        """The corners no island covers, sorted (the covered ones are forgotten)."""
        self.spots = [p for p in self.spots if placed.fits(*p)]
        return sorted(set(self.spots))

    def pick(self, placed: _Placed, rng: random.Random) -> tuple[float, float] | None:
        """A corner no island covers, drawn at random; None when there is none. Corners found
        covered are dropped on the way (an island once placed stays), so all the picks of a
        fill cost in all about as much as the corners it makes."""
        spots = self.spots
        while spots:
            i = rng.randrange(len(spots))
            spot = spots[i]
            if placed.fits(*spot):
                return spot
            spots[i] = spots[-1]
            spots.pop()
        return None


def _chord(radius: float, offset: float) -> list[float]:
    """Where a circle of ``radius`` crosses a line ``offset`` from its centre (along the line)."""
    if abs(offset) > radius + EPS:
        return []
    half = math.sqrt(max(radius * radius - offset * offset, 0.0))
    return [half, -half]


def _clamped(
    shape: TableShape, sides: tuple[float, float], inner: float, x: float, y: float
) -> tuple[float, float]:
    """A point that is inside within rounding, moved exactly inside."""
    width, depth = sides
    if shape is TableShape.SQUARE:
        return (min(max(x, inner), width - inner), min(max(y, inner), depth - inner))
    reach = width / 2 - inner
    distance = math.hypot(x, y)
    if distance <= reach:
        return (x, y)
    return (x * reach / distance, y * reach / distance)


def _room_by_area(
    shape: TableShape, sides: tuple[float, float], inner: float, least: float
) -> float:
    """An upper bound on the islands whose centres keep ``inner`` from the edge and ``least``
    apart: circles of radius ``least / 2`` round them do not overlap and lie inside the area
    grown by that radius."""
    r = least / 2
    if r <= EPS:
        return math.inf
    width, depth = sides
    if shape is TableShape.SQUARE:
        across, deep = width - 2 * inner, depth - 2 * inner
        grown = across * deep + 2 * (across + deep) * r + math.pi * r * r
    else:
        grown = math.pi * (width / 2 - inner + r) ** 2
    return grown / (math.pi * r * r)


class _Budget:
    """The throws a deal may make at one clearance: an equal share of what the clearances
    before it left of :data:`MAX_THROWS`."""

    def __init__(self, throws: int) -> None:
        self.left = throws
        self.spent = 0

    def spend(self, throws: int) -> int:
        """Take up to ``throws`` from what is left; how many were granted."""
        granted = min(throws, max(self.left, 0))
        self.left -= granted
        self.spent += granted
        return granted


def _try(
    shape: TableShape,
    rules: TableRules,
    clearance: float,
    count: int,
    rng: random.Random,
    budget: _Budget,
) -> list[Island] | None:
    """One dart-throwing attempt at ``count`` islands; None when it gets stuck (or the deal's
    throws run out)."""
    radius = rules.island / 2
    inner = clearance + radius
    sides = table_sides(shape, rules)
    if inner * 2 > min(sides) + EPS:
        return None
    placed = _Placed(rules.apart + rules.island)
    for _ in range(count):
        for _ in range(budget.spend(THROWS)):
            x, y = _sample(shape, sides, inner, rng)
            if placed.fits(x, y):
                placed.add(x, y)
                break
        else:
            return None
    return placed.islands


def _fill(
    shape: TableShape, rules: TableRules, clearance: float, rng: random.Random
) -> list[Island]:
    """Islands added one by one until no further island fits (see the module's rules)."""
    radius = rules.island / 2
    inner = clearance + radius
    placed = _Placed(rules.apart + rules.island)
    sides = table_sides(shape, rules)
    if inner * 2 > min(sides) + EPS:
        return placed.islands
    room = _Room(shape, sides, inner, placed.least)
    while len(placed.islands) < MAX_ISLANDS:
        for _ in range(FILL_THROWS):
            x, y = _sample(shape, sides, inner, rng)
            if placed.fits(x, y):
                break
        else:
            spot = room.pick(placed, rng)
            if spot is None:
                break
            x, y = spot
        placed.add(x, y)
        room.added(placed.islands[-1], placed)
    return placed.islands


def table_sides(shape: TableShape, rules: TableRules) -> tuple[float, float]:
    """The width and depth islands are dealt in: a round table's diameter twice, a square or
    rectangular one's sides."""
    return rules.sides if shape is TableShape.SQUARE else (rules.size, rules.size)


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
    if islands is not None and not 1 <= islands <= MAX_ISLANDS:
        raise UsageError(f"{islands} islands cannot be dealt (allowed: 1–{MAX_ISLANDS}, or max)")


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
    least = rules.apart + rules.island
    tried = clearances(rules)
    ran_out = False
    left = MAX_THROWS
    sides = table_sides(shape, rules)
    for index, clearance in enumerate(tried):
        if wanted > _room_by_area(shape, sides, clearance + rules.island / 2, least) + EPS:
            continue  # not even by area: no try can succeed
        budget = _Budget(max(left // (len(tried) - index), 1))
        for _ in range(rules.attempts):
            if budget.left <= 0:
                ran_out = True
                break
            found = _try(shape, rules, clearance, wanted, rng, budget)
            if found is None:
                continue
            if as_many:
                rounds = max(1, min(rules.attempts // ATTEMPTS_PER_FILL, MAX_ROUNDS))
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
                seat_stretches(shape, rules.size, crews, sides[1], rules.share),
                None if sides[0] == sides[1] else sides[1],
            )
        left -= budget.spent
    raise LayoutImpossible(
        f"cannot deal {wanted} island{'s' if wanted != 1 else ''} of {rules.island / 72:g} in "
        f"on a {size_words(shape, sides)} table keeping {rules.apart / 72:g} in apart "
        f"and at least {rules.least_edge / 72:g} in from the edge "
        f"({rules.attempts} attempts at each clearance from {rules.edge / 72:g} in down"
        + (f", {MAX_THROWS:,} throws in all" if ran_out else "")
        + "); ask for fewer islands or a larger table"
    )


def check_layout(layout: TableLayout) -> list[Violation]:
    """Every distance rule the layout breaks (none for a dealt layout)."""
    found: list[Violation] = []
    r = layout.radius
    for island in layout.islands:
        gap = edge_gap(layout.shape, layout.sides, r, island.x, island.y)
        if gap < layout.clearance - 1e-3:
            found.append(
                Violation(
                    "edge",
                    message=f"island {island.number} is {gap / 72:.2f} in from the edge, "
                    f"the layout keeps {layout.clearance / 72:g} in",
                )
            )
    for i, a in enumerate(layout.islands):
        for b in layout.islands[i + 1 :]:
            gap = gap_between(a, b, r)
            if gap < layout.apart - 1e-3:
                found.append(
                    Violation(
                        "apart",
                        message=f"islands {a.number} and {b.number} are {gap / 72:.2f} in apart "
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
    width, depth = layout.sides
    for island in layout.islands:
        if layout.shape is TableShape.SQUARE:
            side = ("D", island.x) if island.x <= width / 2 else ("B", width - island.x)
            end = ("A", island.y) if island.y <= depth / 2 else ("C", depth - island.y)
            out.append(Placing(island.number, side, end))
        else:
            distance = math.hypot(island.x, island.y)
            angle = math.degrees(math.atan2(island.y, island.x))
            seat = layout.stretches[0].seat if layout.stretches else 270.0
            turn = (angle - seat) % 360.0 if distance > EPS else 0.0
            out.append(Placing(island.number, ("centre", distance), ("seat 1", turn)))
    return tuple(out)


def _stretch_json(layout: TableLayout, stretch: Stretch) -> dict[str, object]:
    """A crew's stretch of edge in JSON: square, perimeter inches anticlockwise from the
    lower-left corner and the same edge by edge (:func:`edge_pieces`); round, degrees
    anticlockwise from the x axis."""
    if layout.shape is TableShape.ROUND:
        return {
            "crew": stretch.crew,
            "from_deg": round(stretch.start, 2),
            "to_deg": round(stretch.end, 2),
        }
    pieces = edge_pieces(*layout.sides, stretch.start, stretch.end)
    return {
        "crew": stretch.crew,
        "from_in": round(stretch.start / 72.0, 2),
        "to_in": round(stretch.end / 72.0, 2),
        "along": [
            {
                "edge": p.edge,
                "from_in": round(p.low / 72.0, 2),
                "to_in": round(p.high / 72.0, 2),
                "measured_from": p.measured_from,
            }
            for p in pieces
        ],
    }


def layout_to_json(layout: TableLayout) -> dict[str, object]:
    """The layout as JSON-ready data, lengths in inches (rounded to 0.01)."""

    def inch(v: float) -> float:
        return round(v / 72.0, 2)

    return {
        "format": "pnpkit-table-layout/2",
        "table": {
            "shape": "rectangle" if layout.rectangular else layout.shape.value,
            "size_in": inch(layout.size),
            **({"depth_in": inch(layout.sides[1])} if layout.rectangular else {}),
        },
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
        "crews_line_up": [_stretch_json(layout, s) for s in layout.stretches],
    }


def shortfalls(layout: TableLayout, fleets: int, islands: int) -> list[str]:
    """What tonight's table needs beyond what the kit prints: more islands dealt than the
    ``islands`` island pieces (``terrain.islands.count``), more crews than its ``fleets``. Said as
    warnings by ``pnpkit table-layout``; the deal stands (the rules allow as many islands as the
    table holds and up to ``max_crews`` crews)."""
    said: list[str] = []
    dealt = len(layout.islands)
    if dealt > islands:
        said.append(
            f"dealt {dealt} islands, but the kit prints {islands} island piece"
            f"{'s' if islands != 1 else ''} (terrain.islands.count) and {islands} flag"
            f"{'s' if islands != 1 else ''} per fleet: cut out {dealt - islands} more, "
            f"or deal at most {islands} with --islands {islands}"
        )
    if layout.crews > fleets:
        extra = (
            f"crew {layout.crews} needs a fleet of its own"
            if layout.crews == fleets + 1
            else f"crews {fleets + 1}–{layout.crews} need a fleet each"
        )
        printed = f"{fleets} fleet{'s' if fleets != 1 else ''}"
        said.append(f"{layout.crews} crews, but the kit prints {printed}: {extra}")
    return said


def check_table_rules(rules: TableRules) -> list[Violation]:
    """The table can hold an island at all: at the least clearance an island fits inside."""
    found: list[Violation] = []
    if 2 * rules.least_edge + rules.island > min(rules.sides) + EPS:
        found.append(
            Violation(
                "table",
                message=f"a {rules.island / 72:g} in island does not fit {rules.least_edge / 72:g} in "
                f"from both edges of a {size_words(TableShape.SQUARE, rules.sides)} table",
            )
        )
    return found


def problems(game: TabletopGame) -> list[Violation]:
    """Every rule the game breaks, each at its place in the data: the table's rules, the
    island pieces and fleets for the crews a layout is dealt for, then every placeholder of the
    rule text that would not print (what ``pnpkit check`` prints)."""
    found = located(check_table_rules(game.table), game.table.source or game.source)
    found += _crews(game)
    if game.rules is not None:
        from pnpkit.games.tabletop_fleets.context import rule_context
        from pnpkit.render.rule_text import document_problems

        found += [Violation.of(p) for p in document_problems(game.rules, rule_context(game))]
    return found


def _crews(game: TabletopGame) -> list[Violation]:
    """One island per player (the rules: "Use one island per player"), so the kit prints an
    island piece for each of the ``max_crews`` crews a layout may be dealt for; and every fleet
    the kit prints can have a layout dealt."""
    crews, fleets = game.table.max_crews, len(game.factions)
    found: list[Violation] = []
    if game.islands < crews:
        found.append(
            Violation(
                "terrain.islands.count",
                message=f"{game.islands} island pieces for up to {crews} crews, one island per "
                f"player (allowed: at least table.max_crews, {crews})",
                source=str(game.where.of("terrain", "islands", "count")),
            )
        )
    if crews < fleets:
        found.append(
            Violation(
                "table.max_crews",
                message=f"{crews}, but the kit prints {fleets} fleets, so up to {fleets} players "
                f"(allowed: at least {fleets}, one a fleet)",
                source=str(game.where.of("table", "max_crews")),
            )
        )
    return found
