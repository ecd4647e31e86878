"""Tiling: split a component bigger than the paper into sheets that glue back together.

This module plans (pure arithmetic); :mod:`pnpkit.layout.tiled_pdf` draws the plan::

    layout = tile(chart, LETTER, title="Square chart")      # -> TiledLayout
    write_tiled(layout, doc)                                # sheets + assembly page
    write_tiled_pdf(layout, "out/square.pdf")               # or a whole verified-ready PDF

Geometry (item coordinates: points, origin at the item's lower-left, y up):

- Columns are numbered 1… from the left, rows 1… from the TOP; sheets 1… in reading order.
- Each sheet owns a ``region`` of the item. Sheets in every column but the last also show a glue
  strip of width ``glue`` to the right of their region (the first ``glue`` points of the right
  neighbour's region); sheets in every row but the last show a strip below. ``shown`` is the
  region plus its strips. The neighbour is cut exactly at its region's edge and laid on the strip.
  A right strip that would run up to the margin is narrowed to stop
  :data:`~pnpkit.layout.paper.INK_INSET` inside it (:attr:`Sheet.right_glue`).
- Alignment marks sit ON the seams (item coordinates), so sheet A shows the whole mark at the
  inner edge of its strip and neighbour B half a mark at its cut edge: glued right, they meet.
- With ``cuts_x``/``cuts_y`` given, every seam falls on one of them (whole cells on every sheet).
- A :class:`~pnpkit.render.drawable.Celled` item (a hex chart, whose rows are offset) keeps every
  cell whole: each cell goes to the sheet its centre falls in and the seams run along cell edges
  (:mod:`pnpkit.layout.seams`); a sheet shows its own cells whole however far they reach past the
  nominal cut, its ``outline`` (the trim line) follows them, and its glue strip starts beyond them.
- The sheet grid (columns × rows, portrait or landscape) is the one with the fewest sheets whose
  ``shown`` area fits the printable area (paper minus the 0.25 in margin) above a band of
  ``BAND_HEIGHT`` for the label and calibration ruler. Ties: portrait first, then the most even
  split.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from pnpkit.errors import BuildError
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import INK_INSET, MARGIN, Paper
from pnpkit.layout.seams import CellSet, Point, Polyline, plan_seams, point_on
from pnpkit.render.drawable import Tileable
from pnpkit.units import INCH

GLUE = 0.5 * INCH
"""Default width of a glue strip."""
MIN_GLUE = 0.25 * INCH
"""The narrowest glue strip the tiler uses when it narrows strips to meet ``target_sheets``."""
BAND_HEIGHT = 25.0
"""Height of the band below a sheet's content holding its label and the calibration ruler
(tight: the radius-8 hex chart's lower row of sheets, 14 hex radii tall, just fits on Letter)."""
BAND_GAP = 2.5
"""Space between a sheet's content and its band."""
EPS = 1e-6


@dataclass(frozen=True, slots=True)
class Sheet:
    """One printed sheet of a :class:`TiledLayout`.

    ``region``/``shown`` are in item coordinates; ``origin`` is where the item's (0, 0) lands on
    the page, so item point (x, y) prints at (x + origin[0], y + origin[1]). ``right``/``below``
    name the sheets whose cut edges lie on this sheet's right/bottom glue strip (None: no strip).
    ``band`` is the page box for the label and ruler. ``outline`` is the trim line, a closed
    polygon in item coordinates: ``region``'s corners, or on a celled item the edges of the cells
    the sheet owns (``cells``, indices into the item's ``cell_outlines``).
    """

    number: int
    row: int
    column: int
    region: Rect
    shown: Rect
    origin: tuple[float, float]
    right: int | None
    below: int | None
    band: Rect
    outline: Polyline = ()
    cells: tuple[int, ...] = ()
    right_glue: float = 0.0
    """The width of the glue strip at the right (0 without one): the layout's glue, less what
    would come within :data:`~pnpkit.layout.paper.INK_INSET` of the margin."""

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        return (x + self.origin[0], y + self.origin[1])

    @property
    def page_shown(self) -> Rect:
        return self.shown.moved(*self.origin)

    @property
    def page_region(self) -> Rect:
        return self.region.moved(*self.origin)


@dataclass(frozen=True, slots=True)
class TiledLayout:
    """A plan: which part of ``item`` goes on which sheet of ``paper`` (already oriented).

    ``xs``: column boundaries in item x, ascending from 0 to the width. ``ys``: row boundaries in
    item y, DESCENDING from the height (top) to 0 — row r spans ``ys[r] … ys[r - 1]``.
    ``marks``: alignment mark centres, item coordinates. ``seams``: the cut lines between sheets
    as polylines (straight, or along cell edges on a celled item).
    """

    item: Tileable
    paper: Paper
    title: str
    subtitle: str
    glue: float
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    sheets: tuple[Sheet, ...]
    marks: tuple[tuple[float, float], ...]
    seams: tuple[Polyline, ...] = ()

    @property
    def columns(self) -> int:
        return len(self.xs) - 1

    @property
    def rows(self) -> int:
        return len(self.ys) - 1

    @property
    def sheet_count(self) -> int:
        return len(self.sheets)

    @property
    def page_count(self) -> int:
        """Sheets plus the assembly page."""
        return len(self.sheets) + 1

    def sheet(self, row: int, column: int) -> Sheet:
        """The sheet at 1-based ``row`` (from the top) and ``column`` (from the left)."""
        return self.sheets[(row - 1) * self.columns + (column - 1)]


Reach = Callable[[float, float], tuple[float, float]]
"""For a piece between two cuts, the least and greatest coordinate it prints (its cells may
reach past the cuts)."""


def split_axis(
    length: float,
    cuts: tuple[float, ...],
    room: float,
    glue: float,
    reach: Reach | None = None,
) -> tuple[float, ...] | None:
    """Boundaries ``0 = b0 < b1 < … < bn = length`` with the fewest pieces such that every
    piece but the last, plus ``glue``, fits ``room`` (the last without glue), every inner
    boundary is one of ``cuts`` (or anywhere if ``cuts`` is empty), and glue strips stay inside
    the item. Among the fewest pieces, the most even split (smallest largest piece). None if
    impossible. ``reach`` (with ``cuts``) says how far a piece's cells really extend.
    """
    if length <= room + EPS:
        return (0.0, length)
    if not cuts:
        n = 2
        while n <= 1000:
            piece = length / n
            if piece + glue <= room + EPS and piece >= glue - EPS:
                return tuple(length * i / n for i in range(n + 1))
            if piece + glue > room + EPS:
                n += 1
                continue
            return None
        return None
    points = sorted({0.0, length, *(c for c in cuts if EPS < c < length - EPS)})
    last = len(points) - 1
    spans: dict[tuple[int, int], tuple[float, float]] = {}

    def span(i: int, j: int) -> tuple[float, float]:
        # each piece is measured once: the search below asks for the same pieces again at
        # every step (a 60-cell chart's rows and columns asked 69,000 times for 3,700 pieces)
        found = spans.get((i, j))
        if found is None:
            found = (points[i], points[j]) if reach is None else reach(points[i], points[j])
            spans[i, j] = found
        return found

    def fits(i: int, j: int) -> bool:
        low, high = span(i, j)
        width = high - low
        if j == last:
            return width <= room + EPS
        return width + glue <= room + EPS and length - high >= glue - EPS

    def ends(i: int) -> list[int]:
        """The pieces from ``points[i]`` worth trying: a piece only widens as it ends further
        on, so once one (with its glue) is too wide, only the last piece (without glue) may
        still fit."""
        found: list[int] = []
        for j in range(i + 1, last):
            low, high = span(i, j)
            if high - low + glue > room + EPS:
                break
            found.append(j)
        if points[last] - points[i] > room + EPS:  # the rest is wider than a sheet already
            return found
        return [*found, last]

    # best[j] = (largest piece so far, boundaries) reaching points[j] with k pieces.
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, (0,))}
    for _ in range(len(points)):
        nxt: dict[int, tuple[float, tuple[int, ...]]] = {}
        for i, (worst, path) in sorted(best.items()):
            for j in ends(i):
                if not fits(i, j):
                    continue
                cand = (max(worst, points[j] - points[i]), (*path, j))
                old = nxt.get(j)
                if old is None or cand[0] < old[0] - EPS:
                    nxt[j] = cand
        if last in nxt:
            return tuple(points[k] for k in nxt[last][1])
        if not nxt:
            return None
        best = nxt
    return None


def _content_room(paper: Paper) -> tuple[float, float]:
    return (paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - BAND_HEIGHT - BAND_GAP)


def _cells(item: Tileable) -> CellSet | None:
    # read once: ``isinstance(item, Celled)`` would compute the property to see it is there
    outlines: tuple[tuple[Point, ...], ...] | None = getattr(item, "cell_outlines", None)
    return None if outlines is None else CellSet.of(outlines)


def _plan(
    item: Tileable,
    paper: Paper,
    glue: float,
    reaches: tuple[Reach | None, Reach | None] = (None, None),
) -> tuple[Paper, tuple[float, ...], tuple[float, ...]] | None:
    """Fewest sheets over both orientations (portrait wins ties): (paper, xs, ys)."""
    best: tuple[int, Paper, tuple[float, ...], tuple[float, ...]] | None = None
    across, downward = reaches
    for oriented in (paper.portrait(), paper.landscape()):
        room_w, room_h = _content_room(oriented)
        xs = split_axis(item.width, tuple(item.cuts_x), room_w, glue, across)
        # Rows are planned top-down: a cut at item y lies item.height - y from the top.
        top_cuts = tuple(sorted(item.height - c for c in item.cuts_y))
        down = split_axis(item.height, top_cuts, room_h, glue, downward)
        if xs is None or down is None:
            continue
        count = (len(xs) - 1) * (len(down) - 1)
        if best is None or count < best[0]:
            best = (count, oriented, xs, tuple(item.height - d for d in down))
    if best is None:
        return None
    return best[1], best[2], best[3]


def tile(
    item: Tileable,
    paper: Paper,
    *,
    title: str,
    subtitle: str = "",
    glue: float = GLUE,
    target_sheets: int | None = None,
) -> TiledLayout:
    """Plan the sheets for ``item`` on ``paper`` (either orientation; the best is chosen).

    ``target_sheets``: when the plan with ``glue`` needs more sheets than this, the tiler
    narrows the glue strips step by step down to :data:`MIN_GLUE` to meet it (e.g. the 15 in
    square chart on A4: 4 sheets with 0.25 in strips instead of 6). It never adds sheets, and it
    does not fail when the target cannot be met: check ``sheet_count``.

    Raises :class:`~pnpkit.errors.BuildError` when no sheet grid fits (an item with no allowed
    cut that fits the paper).
    """
    cells = _cells(item)
    reaches: tuple[Reach | None, Reach | None] = (
        (cells.reach("x", item.height), cells.reach("down", item.height)) if cells else (None, None)
    )
    plan = _plan(item, paper, glue, reaches)
    if target_sheets is not None:
        step = 0.0625 * INCH
        narrower = glue - step
        while (plan is None or _count(plan) > target_sheets) and narrower >= MIN_GLUE - EPS:
            trial = _plan(item, paper, narrower, reaches)
            if trial is not None and (plan is None or _count(trial) < _count(plan)):
                plan, glue = trial, narrower
            narrower -= step
    if plan is None:
        raise BuildError(
            f"{title}: cannot tile a {item.width / INCH:.2f} × {item.height / INCH:.2f} in item "
            f"on {paper.name}: no allowed cut gives pieces that fit the sheet"
        )
    oriented, xs, ys = plan
    return _layout(item, oriented, title, subtitle, glue, xs, ys, cells)


def _count(plan: tuple[Paper, tuple[float, ...], tuple[float, ...]]) -> int:
    return (len(plan[1]) - 1) * (len(plan[2]) - 1)


def _layout(
    item: Tileable,
    paper: Paper,
    title: str,
    subtitle: str,
    glue: float,
    xs: tuple[float, ...],
    ys: tuple[float, ...],
    cells: CellSet | None = None,
) -> TiledLayout:
    columns, rows = len(xs) - 1, len(ys) - 1
    room_w = paper.width - 2 * MARGIN
    room_h = paper.height - 2 * MARGIN
    inked_w = room_w - 2 * INK_INSET
    seams = None if cells is None else plan_seams(cells, item.width, item.height, xs, ys)
    owned_by: dict[tuple[int, int], list[int]] = {}  # each sheet's cells, in order
    for index, owner in enumerate(seams.owners if seams is not None else ()):
        owned_by.setdefault(owner, []).append(index)
    sheets: list[Sheet] = []
    for r in range(1, rows + 1):
        for c in range(1, columns + 1):
            number = (r - 1) * columns + c
            region = Rect(xs[c - 1], ys[r], xs[c], ys[r - 1])
            right = number + 1 if c < columns else None
            below = number + columns if r < rows else None
            outline: Polyline = (
                (region.x0, region.y1),
                (region.x1, region.y1),
                (region.x1, region.y0),
                (region.x0, region.y0),
            )
            owned: tuple[int, ...] = ()
            extent = region
            if seams is not None and cells is not None:
                outline = seams.outlines[number - 1]
                owned = tuple(owned_by.get((r - 1, c - 1), ()))
                extent = _extent(region, outline, cells, owned)
            # a right strip that would reach the margin stops INK_INSET inside it
            right_glue = 0.0 if right is None else glue - max(0.0, extent.width + glue - inked_w)
            shown = Rect(
                extent.x0, extent.y0 - (glue if below else 0.0), extent.x1 + right_glue, extent.y1
            )
            block_h = shown.height + BAND_GAP + BAND_HEIGHT
            left = MARGIN + (room_w - shown.width) / 2
            bottom = MARGIN + (room_h - block_h) / 2
            band = Rect(MARGIN, bottom, paper.width - MARGIN, bottom + BAND_HEIGHT)
            content_bottom = bottom + BAND_HEIGHT + BAND_GAP
            origin = (left - shown.x0, content_bottom - shown.y0)
            sheets.append(
                Sheet(
                    number,
                    r,
                    c,
                    region,
                    shown,
                    origin,
                    right,
                    below,
                    band,
                    outline,
                    owned,
                    right_glue,
                )
            )
    if seams is None:
        lines: tuple[Polyline, ...] = (
            *(((x, item.height), (x, 0.0)) for x in xs[1:-1]),
            *(((0.0, y), (item.width, y)) for y in ys[1:-1]),
        )
        marks = alignment_marks(xs, ys)
    else:
        lines = (*seams.vertical, *seams.horizontal)
        marks = seam_marks(xs, ys, seams.vertical, seams.horizontal)
    return TiledLayout(
        item=item,
        paper=paper,
        title=title,
        subtitle=subtitle,
        glue=glue,
        xs=xs,
        ys=ys,
        sheets=tuple(sheets),
        marks=marks,
        seams=lines,
    )


def _extent(region: Rect, outline: Polyline, cells: CellSet, owned: tuple[int, ...]) -> Rect:
    """``region`` grown to hold the sheet's outline and every cell it owns."""
    xs = [region.x0, region.x1, *(p[0] for p in outline)]
    ys = [region.y0, region.y1, *(p[1] for p in outline)]
    for index in owned:
        xs += [cells.lows[index][0], cells.highs[index][0]]
        ys += [cells.lows[index][1], cells.highs[index][1]]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def seam_marks(
    xs: tuple[float, ...],
    ys: tuple[float, ...],
    vertical: tuple[Polyline, ...],
    horizontal: tuple[Polyline, ...],
) -> tuple[Point, ...]:
    """Two marks per seam segment, on the seam itself, level with a quarter and three quarters
    of the nominal segment."""
    marks: list[Point] = []
    for line in vertical:
        for top, bottom in itertools.pairwise(ys):
            h = top - bottom
            marks += [point_on(line, 1, top - h / 4), point_on(line, 1, top - 3 * h / 4)]
    for line in horizontal:
        for left, right in itertools.pairwise(xs):
            w = right - left
            marks += [point_on(line, 0, left + w / 4), point_on(line, 0, left + 3 * w / 4)]
    return tuple(marks)


def alignment_marks(
    xs: tuple[float, ...], ys: tuple[float, ...]
) -> tuple[tuple[float, float], ...]:
    """Mark centres on every seam: two per seam segment, at a quarter and three quarters."""
    marks: list[tuple[float, float]] = []
    for x in xs[1:-1]:
        for top, bottom in itertools.pairwise(ys):
            h = top - bottom
            marks += [(x, top - h / 4), (x, top - 3 * h / 4)]
    for y in ys[1:-1]:
        for left, right in itertools.pairwise(xs):
            w = right - left
            marks += [(left + w / 4, y), (left + 3 * w / 4, y)]
    return tuple(marks)
