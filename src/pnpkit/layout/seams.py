"""Seams along cell edges: which sheet owns each cell, and where the cut runs between sheets.

Pure geometry for :mod:`pnpkit.layout.tiling`, used when the item is
:class:`~pnpkit.render.drawable.Celled` (a hex chart). Coordinates are item points, y up.

- A cell belongs to the sheet its centre falls in; a centre exactly on a cut goes to the earlier
  sheet (the left column, the upper row). So every cell is printed whole on one sheet.
- The seam between two columns of sheets is the chain of cell edges between cells of the left
  columns and cells of the right ones, monotone from top to bottom; where it leaves the cells (the
  hexagon's notches at the top and bottom) it runs straight on to the item's edge. The seam between
  two rows of sheets likewise runs from the left edge to the right one.
- A sheet's outline is the closed polygon of its own cells' seam edges, the straight runs out to
  the item's edge and the item's own edges: the trim line.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnpkit.errors import BuildError

Point = tuple[float, float]
Segment = tuple[Point, Point]
Polyline = tuple[Point, ...]

TOL = 1e-6
"""A centre this close to a cut counts as on it (and goes to the earlier sheet)."""
_SNAP = 100.0
"""Corners are matched to 1/_SNAP pt."""


def _key(p: Point) -> tuple[int, int]:
    return (round(p[0] * _SNAP), round(p[1] * _SNAP))


def piece_of(value: float, inner_cuts: Sequence[float]) -> int:
    """The 0-based piece ``value`` falls in: how many cuts lie strictly before it (a value on a
    cut belongs to the piece before it)."""
    return sum(1 for cut in inner_cuts if cut < value - TOL)


@dataclass(frozen=True, slots=True)
class CellSet:
    """Cells as outlines, with their centres, extents and the edges neighbours share."""

    outlines: tuple[Polyline, ...]
    centres: tuple[Point, ...]
    lows: tuple[Point, ...]
    """Each cell's (least x, least y)."""
    highs: tuple[Point, ...]
    edges: tuple[tuple[Segment, int, int], ...]
    """Every edge two cells share, once: the segment and the two cells (by index)."""
    corners: frozenset[tuple[int, int]]
    """Every cell corner (snapped)."""

    @staticmethod
    def of(outlines: Sequence[Sequence[Point]]) -> CellSet:
        shapes = tuple(tuple((float(x), float(y)) for x, y in outline) for outline in outlines)
        centres = tuple(
            (sum(p[0] for p in s) / len(s), sum(p[1] for p in s) / len(s)) for s in shapes
        )
        lows = tuple((min(p[0] for p in s), min(p[1] for p in s)) for s in shapes)
        highs = tuple((max(p[0] for p in s), max(p[1] for p in s)) for s in shapes)
        seen: dict[tuple[tuple[int, int], tuple[int, int]], tuple[Segment, int]] = {}
        edges: list[tuple[Segment, int, int]] = []
        for index, shape in enumerate(shapes):
            for i, a in enumerate(shape):
                b = shape[(i + 1) % len(shape)]
                ka, kb = _key(a), _key(b)
                key = (ka, kb) if ka <= kb else (kb, ka)
                if key in seen:
                    segment, other = seen.pop(key)
                    edges.append((segment, other, index))
                else:
                    seen[key] = ((a, b), index)
        corners = frozenset(_key(p) for shape in shapes for p in shape)
        return CellSet(shapes, centres, lows, highs, tuple(edges), corners)

    def reach(self, axis: str, height: float) -> Callable[[float, float], tuple[float, float]]:
        """For a piece between cuts ``a`` and ``b`` along ``axis`` ("x", or "down": from the
        item's top edge), the least and greatest coordinate its own cells reach, together with
        ``[a, b]`` itself."""
        if axis == "x":
            keys = [
                (c[0], lo[0], hi[0])
                for c, lo, hi in zip(self.centres, self.lows, self.highs, strict=True)
            ]
        else:
            keys = [
                (height - c[1], height - hi[1], height - lo[1])
                for c, lo, hi in zip(self.centres, self.lows, self.highs, strict=True)
            ]
        keys.sort()
        centres = [key[0] for key in keys]
        # for each piece start ``a``: the first cell after it, and the running least and
        # greatest coordinate of the cells from there, grown only as far as a piece asks (a
        # piece is at most a sheet wide: a chart of many sheets reads each cell a few times,
        # not once for every cut before it)
        prefixes: dict[float, tuple[int, list[float], list[float]]] = {}

        def reach(a: float, b: float) -> tuple[float, float]:
            # cells in (a, b]: a centre on a cut belongs to the piece before it; nothing lies
            # before the first piece
            if a not in prefixes:
                start = 0 if a <= TOL else bisect.bisect_right(centres, a + TOL)
                prefixes[a] = (start, [], [])
            start, lows, highs = prefixes[a]
            count = bisect.bisect_right(centres, b + TOL) - start
            if count <= 0:
                return (a, b)
            if len(lows) < count:
                low, high = (lows[-1], highs[-1]) if lows else (math.inf, -math.inf)
                for _, lo, hi in keys[start + len(lows) : start + count]:
                    low, high = min(low, lo), max(high, hi)
                    lows.append(low)
                    highs.append(high)
            return (min(a, lows[count - 1]), max(b, highs[count - 1]))

        return reach


@dataclass(frozen=True, slots=True)
class SeamPlan:
    """Every cell's sheet, the seams as polylines and each sheet's outline."""

    owners: tuple[tuple[int, int], ...]
    """(row, column) of each cell, 0-based."""
    vertical: tuple[Polyline, ...]
    """Seam k (0-based) between sheet columns k and k + 1, from the top edge to the bottom."""
    horizontal: tuple[Polyline, ...]
    """Seam k between sheet rows k and k + 1, from the left edge to the right."""
    outlines: tuple[Polyline, ...]
    """Each sheet's trim outline (closed, no point repeated), sheets in reading order."""


def plan_seams(
    cells: CellSet, width: float, height: float, xs: Sequence[float], ys: Sequence[float]
) -> SeamPlan:
    """Seams for the sheet grid with column bounds ``xs`` (ascending) and row bounds ``ys``
    (descending, from the top). Raises BuildError if a seam cannot follow the cell edges."""
    columns, rows = len(xs) - 1, len(ys) - 1
    inner_x = list(xs[1:-1])
    inner_down = [height - y for y in ys[1:-1]]
    owners = tuple(
        (piece_of(height - cy, inner_down), piece_of(cx, inner_x)) for cx, cy in cells.centres
    )
    vertical = tuple(_seam(cells, owners, k, "vertical", width, height) for k in range(1, columns))
    horizontal = tuple(_seam(cells, owners, k, "horizontal", width, height) for k in range(1, rows))
    # each sheet's border: the edges between a cell of its own and one of another sheet, in
    # the cells' order (found in one pass, not one pass over every edge for each sheet)
    borders: dict[tuple[int, int], list[Segment]] = {}
    for segment, a, b in cells.edges:
        if owners[a] != owners[b]:
            borders.setdefault(owners[a], []).append(segment)
            borders.setdefault(owners[b], []).append(segment)
    outlines = tuple(
        _outline(
            cells,
            borders.get((r, c), []),
            (r, c),
            vertical,
            horizontal,
            columns,
            rows,
            width,
            height,
        )
        for r in range(rows)
        for c in range(columns)
    )
    return SeamPlan(owners, vertical, horizontal, outlines)


def _seam(
    cells: CellSet,
    owners: Sequence[tuple[int, int]],
    k: int,
    kind: str,
    width: float,
    height: float,
) -> Polyline:
    side = 1 if kind == "vertical" else 0
    segments = [
        segment for segment, a, b in cells.edges if (owners[a][side] < k) != (owners[b][side] < k)
    ]
    if not segments:
        raise BuildError(f"the {kind} seam {k} runs along no cell edge")
    chain = _chain(segments, closed=False, what=f"the {kind} seam {k}")
    if kind == "vertical":
        if chain[0][1] < chain[-1][1]:
            chain = chain[::-1]
        top, bottom = chain[0], chain[-1]
        start = [(top[0], height)] if top[1] < height - TOL else []
        end = [(bottom[0], 0.0)] if bottom[1] > TOL else []
    else:
        if chain[0][0] > chain[-1][0]:
            chain = chain[::-1]
        left, right = chain[0], chain[-1]
        start = [(0.0, left[1])] if left[0] > TOL else []
        end = [(width, right[1])] if right[0] < width - TOL else []
    return (*start, *chain, *end)


def _outline(
    cells: CellSet,
    border: Sequence[Segment],
    sheet: tuple[int, int],
    vertical: Sequence[Polyline],
    horizontal: Sequence[Polyline],
    columns: int,
    rows: int,
    width: float,
    height: float,
) -> Polyline:
    r, c = sheet
    segments: list[Segment] = list(border)
    # the straight runs of the seams beyond the cells, and the item's own edges
    left_x = (0.0, 0.0) if c == 0 else (vertical[c - 1][0][0], vertical[c - 1][-1][0])
    right_x = (width, width) if c == columns - 1 else (vertical[c][0][0], vertical[c][-1][0])
    top_y = (height, height) if r == 0 else (horizontal[r - 1][0][1], horizontal[r - 1][-1][1])
    bottom_y = (0.0, 0.0) if r == rows - 1 else (horizontal[r][0][1], horizontal[r][-1][1])
    for line, keep in (
        (vertical[c - 1] if c > 0 else None, (r == 0, r == rows - 1)),
        (vertical[c] if c < columns - 1 else None, (r == 0, r == rows - 1)),
        (horizontal[r - 1] if r > 0 else None, (c == 0, c == columns - 1)),
        (horizontal[r] if r < rows - 1 else None, (c == 0, c == columns - 1)),
    ):
        if line is None:
            continue
        first, last = _ends(line, cells)
        if keep[0]:
            segments += first
        if keep[1]:
            segments += last
    if r == 0:
        segments.append(((left_x[0], height), (right_x[0], height)))
    if r == rows - 1:
        segments.append(((left_x[1], 0.0), (right_x[1], 0.0)))
    if c == 0:
        segments.append(((0.0, top_y[0]), (0.0, bottom_y[0])))
    if c == columns - 1:
        segments.append(((width, top_y[1]), (width, bottom_y[1])))
    segments = [s for s in segments if _key(s[0]) != _key(s[1])]
    return _chain(segments, closed=True, what=f"the outline of sheet row {r + 1}, column {c + 1}")


def _ends(line: Polyline, cells: CellSet) -> tuple[list[Segment], list[Segment]]:
    """The straight runs at the start and at the end of a seam that lie beyond the cells."""
    corners = cells.corners
    first: list[Segment] = []
    i = 0
    while i + 1 < len(line) and _key(line[i]) not in corners:
        first.append((line[i], line[i + 1]))
        i += 1
    last: list[Segment] = []
    j = len(line) - 1
    while j > 0 and _key(line[j]) not in corners:
        last.append((line[j - 1], line[j]))
        j -= 1
    return first, last


def _chain(segments: Sequence[Segment], *, closed: bool, what: str) -> Polyline:
    """Join segments end to end into one path (``closed``: one loop). BuildError otherwise."""
    links: dict[tuple[int, int], list[int]] = {}
    points: dict[tuple[int, int], Point] = {}
    for index, (a, b) in enumerate(segments):
        for p in (a, b):
            links.setdefault(_key(p), []).append(index)
            points.setdefault(_key(p), p)
    ends = [key for key, used in links.items() if len(used) == 1]
    if any(len(used) > 2 for used in links.values()) or len(ends) != (0 if closed else 2):
        raise BuildError(f"{what} does not follow the cell edges as one line")
    start = min(ends) if ends else min(links)
    path = [start]
    used: set[int] = set()
    here = start
    while True:
        options = [i for i in links[here] if i not in used]
        if not options:
            break
        index = options[0]
        used.add(index)
        a, b = segments[index]
        here = _key(b) if _key(a) == here else _key(a)
        if closed and here == start:
            break
        path.append(here)
    if len(used) != len(segments):
        raise BuildError(f"{what} falls apart into separate pieces")
    return _straightened(tuple(points[key] for key in path), closed)


def _straightened(line: Polyline, closed: bool) -> Polyline:
    """``line`` without the points in the middle of a straight run."""
    kept: list[Point] = []
    count = len(line)
    for i, p in enumerate(line):
        if not closed and i in (0, count - 1):
            kept.append(p)
            continue
        a, b = line[i - 1], line[(i + 1) % count]
        cross = (p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])
        if abs(cross) > 1e-6 * max(1.0, abs(b[0] - a[0]) + abs(b[1] - a[1])):
            kept.append(p)
    return tuple(kept)


def point_on(line: Polyline, axis: int, value: float) -> Point:
    """The first point of ``line`` whose coordinate ``axis`` (0: x, 1: y) equals ``value``; the
    nearest end if none does."""
    for a, b in itertools.pairwise(line):
        lo, hi = sorted((a[axis], b[axis]))
        if lo - TOL <= value <= hi + TOL:
            if hi - lo < TOL:
                return a
            t = (value - a[axis]) / (b[axis] - a[axis])
            return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    return min((line[0], line[-1]), key=lambda p: abs(p[axis] - value))
