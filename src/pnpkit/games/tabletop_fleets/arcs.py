"""Firing arcs drawn as bands: the shape a gun's arc takes along a square piece's edge and
round a card's ship, as polygons in SVG coordinates (y down), and which lane each gun takes so
overlapping arcs (the Industry's turret and bow gun) sit side by side.

Bearings are degrees clockwise from the bow, the bow pointing up the piece. Pure geometry:
no drawing library.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnpkit.games.tabletop_fleets.model import Gun

Point = tuple[float, float]
STEP = 5.0
"""Degrees between the points of a round band's curve."""
FREE = "#d8ecfb"
"""A gun that always fires."""
BOUND = "#f2c14e"
"""A gun that fires only while a fitting (the turret) is aboard."""


def span(gun: Gun) -> tuple[float, float]:
    """The arc's two edges as bearings, ``start`` ≤ ``end`` (``end`` may pass 360)."""
    start = gun.facing - gun.arc / 2
    return start, start + gun.arc


def _covers(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two arcs share more than an edge."""
    return any(a[0] < b[1] + shift and b[0] + shift < a[1] for shift in (-360.0, 0.0, 360.0))


def lanes(guns: Sequence[Gun]) -> tuple[int, ...]:
    """Each gun's lane, 0 outermost: the first lane none of the guns before it overlaps."""
    taken: list[list[tuple[float, float]]] = []
    out: list[int] = []
    for gun in guns:
        arc = span(gun)
        lane = next(
            (i for i, arcs in enumerate(taken) if not any(_covers(arc, o) for o in arcs)),
            len(taken),
        )
        if lane == len(taken):
            taken.append([])
        taken[lane].append(arc)
        out.append(lane)
    return tuple(out)


def gun_fill(gun: Gun) -> str:
    return BOUND if gun.needs else FREE


def _stroke(gun: Gun) -> str:
    """A band's outline: none round a whole ring (its seam would read as an arc's edge)."""
    return "none" if gun.arc >= 360 else "#000000"


def _direction(bearing: float) -> Point:
    a = math.radians(bearing)
    return math.sin(a), -math.cos(a)


def _bearings(start: float, end: float, extra: Sequence[float]) -> list[float]:
    """``start``, ``end`` and every bearing of ``extra`` (mod 360) strictly between them."""
    inner = sorted(
        b + k * 360.0 for b in extra for k in range(-1, 3) if start < b + k * 360.0 < end
    )
    return [start, *inner, end]


def on_square(centre: float, half: float, bearing: float) -> Point:
    """Where the ray from the centre at ``bearing`` meets the square of side ``2 * half``."""
    dx, dy = _direction(bearing)
    t = half / max(abs(dx), abs(dy))
    return centre + dx * t, centre + dy * t


def square_band(size: float, outer: float, inner: float, start: float, end: float) -> list[Point]:
    """The arc ``start``–``end`` as a band along the edge of a square piece ``size`` across,
    between insets ``outer`` and ``inner`` from its edge (corners kept exact)."""
    c = size / 2
    corners = (45.0, 135.0, 225.0, 315.0)
    bearings = _bearings(start, end, corners)
    if end - start >= 360.0:
        bearings = [*bearings[:-1], end - 1e-6]
    out = [on_square(c, c - outer, b) for b in bearings]
    back = [on_square(c, c - inner, b) for b in reversed(bearings)]
    return [*out, *back]


def round_band(
    cx: float, cy: float, outer: float, inner: float, start: float, end: float
) -> list[Point]:
    """The arc ``start``–``end`` as a band between radii ``outer`` and ``inner``."""
    count = max(1, math.ceil((end - start) / STEP))
    bearings = [start + (end - start) * k / count for k in range(count + 1)]
    if end - start >= 360.0:
        bearings[-1] = end - 1e-6

    def at(radius: float, bearing: float) -> Point:
        dx, dy = _direction(bearing)
        return cx + dx * radius, cy + dy * radius

    return [*(at(outer, b) for b in bearings), *(at(inner, b) for b in reversed(bearings))]


def points(polygon: Sequence[Point]) -> str:
    """An SVG ``points`` attribute."""
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in polygon)


def describe(gun: Gun) -> str:
    """A gun's arc in words: ``all round``, or its width and where it points."""
    if gun.arc >= 360:
        return "all round"
    where = {0: "ahead", 90: "to starboard", 180: "astern", 270: "to port"}.get(
        gun.facing % 360, f"at {gun.facing}° from the bow"
    )
    return f"{gun.arc}° {where}"


LANE = 5.0
"""A lane's width on a ship piece, points."""
CARD_LANE = 6.0
"""A lane's width round a card's ship, points."""


def piece_arcs(guns: Sequence[Gun], size: float) -> dict[str, object]:
    """What a square ship piece ``size`` across draws of its guns' arcs: ``frame`` (the width
    of the border the lanes take), ``bands`` (a polygon and fill per gun) and ``ticks`` (a
    line across the border at each arc's edges)."""
    lane_of = lanes(guns)
    frame = LANE * (max(lane_of) + 1)
    c = size / 2
    bands = []
    ticks = []
    for gun, lane in zip(guns, lane_of, strict=True):
        start, end = span(gun)
        polygon = square_band(size, lane * LANE, (lane + 1) * LANE, start, end)
        bands.append({"points": points(polygon), "fill": gun_fill(gun), "stroke": _stroke(gun)})
        if gun.arc < 360:
            for edge in (start, end):
                (x0, y0), (x1, y1) = on_square(c, c, edge), on_square(c, c - frame - 2, edge)
                ticks.append({"x0": x0, "y0": y0, "x1": x1, "y1": y1})
    return {"frame": frame, "bands": tuple(bands), "ticks": tuple(ticks)}


def card_arcs(guns: Sequence[Gun], cx: float, cy: float, radius: float) -> dict[str, object]:
    """What a card draws of its ship's guns round a small hull at (cx, cy): ``bands`` (a
    polygon and fill per gun, lane 0 outermost at ``radius``) and ``ticks`` (a line from the
    hull out past the band at each arc's edges)."""
    lane_of = lanes(guns)
    bands = []
    ticks = []
    for gun, lane in zip(guns, lane_of, strict=True):
        start, end = span(gun)
        outer = radius - lane * CARD_LANE
        polygon = round_band(cx, cy, outer, outer - CARD_LANE, start, end)
        bands.append({"points": points(polygon), "fill": gun_fill(gun), "stroke": _stroke(gun)})
        if gun.arc < 360:
            for edge in (start, end):
                dx, dy = _direction(edge)
                ticks.append(
                    {
                        "x0": cx + dx * 6,
                        "y0": cy + dy * 6,
                        "x1": cx + dx * (radius + 3),
                        "y1": cy + dy * (radius + 3),
                    }
                )
    return {"bands": tuple(bands), "ticks": tuple(ticks)}
