"""Counters packed on sheets: rows left to right, top down, round counters nested, hexes
interlocked.

Each row holds counters of one size, round and square alike. A row of round counters that
follows a row of round counters of the same size is staggered into the hollows of the row above
when that packs more per page: by half a pitch when rows hold several counters, or to the other
side of the sheet when each row holds one (4.5 in islands on Letter: three to a page instead of
two); a square counter never joins a staggered row. Every two counters stay ``gap`` apart,
whatever their shapes.

Hexes (flat-topped, a token set's pieces: every piece from the page's first on a hex of one
size) interlock instead (:func:`_fill_hexes`): columns of hexes whose flats face each other,
every other column moved half a hex down, so each hex's slanted flats face its neighbours'
across the same gutter as its level ones. Neighbouring cut lines stay ``gap + 2 × inset`` apart
all round (no shared edge: each hex is cut out on its own line), and the hexes are placed by
their cut line and inset, not by their square boxes, which may overlap and reach past the area
above and below (a face draws nothing outside its hex).

Then the ruler and the label: in a corner or a strip the counters leave free if there is one
(:func:`free_furniture`); otherwise the page is packed again above a band kept for them.

:func:`counter_sheets_of` makes the whole sheets of a run of counters, their backs as the
imposition asks: on a back page at the mirror image of each front (duplex; the fronts keep clear
of the side the back offset moves the backs towards, so every back prints whole), mirrored
across the fold (fold-over), or, single-sided, only backs of their own as pieces of their own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pnpkit.errors import UsageError
from pnpkit.layout.duplex import Duplex, Imposition
from pnpkit.layout.geometry import Rect
from pnpkit.layout.imposition import CLEARANCE, fold_gap, printable
from pnpkit.layout.marks import CALIBRATION_HEIGHT, calibration_width
from pnpkit.layout.offset import NO_OFFSET
from pnpkit.layout.sheet import (
    LABEL_GAP,
    LABEL_ROOM,
    LONG_EDGE,
    SIMPLEX,
    Back,
    Faces,
    Furnish,
    Furniture,
    Mirror,
    Page,
    Place,
    Sheet,
    Sheets,
    Step,
    fold_step,
    single_sided,
)

EPS = 1e-6
LABEL_LEAST = 120.0
"""The shortest room a label is given beside counters."""


Shape = Literal["square", "round", "hex"]
"""A counter's outline: a square (its box), a circle, or a flat-topped hex as wide as its box
across its corners (less the piece's inset)."""
ROOT3 = math.sqrt(3)


@dataclass(frozen=True, slots=True)
class Piece:
    """A counter to place: its size (a square box), its shape and, for a hex, its inset: how far
    inside the box its cut line's corners lie."""

    size: float
    shape: Shape = "square"
    inset: float = 0.0

    @property
    def round(self) -> bool:
        return self.shape == "round"


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a piece went: page (0-based) and the lower-left corner of its box."""

    page: int
    x: float
    y: float
    size: float
    shape: Shape = "square"
    inset: float = 0.0

    @property
    def round(self) -> bool:
        return self.shape == "round"

    @property
    def box(self) -> Rect:
        return Rect.of(self.x, self.y, self.size, self.size)

    def clear_of(self, rect: Rect, clearance: float) -> bool:
        """Whether ``rect`` keeps ``clearance`` from this piece's shape (a hex's grown by its
        inset: the room round its cut line)."""
        r = self.size / 2
        cx, cy = self.x + r, self.y + r
        if self.shape == "hex":
            flats = (self.size - 2 * self.inset) * ROOT3 / 2
            return hex_clear(cx, cy, flats / 2 + self.inset + clearance, rect)
        if self.shape == "square":
            return self.box.grown(clearance).intersect(rect) is None or _touching(
                self.box.grown(clearance), rect
            )
        dx = max(rect.x0 - cx, 0.0, cx - rect.x1)
        dy = max(rect.y0 - cy, 0.0, cy - rect.y1)
        return math.hypot(dx, dy) >= r + clearance - EPS


def hex_clear(cx: float, cy: float, half: float, rect: Rect) -> bool:
    """Whether ``rect`` lies clear of the flat-topped hex centred at ``(cx, cy)`` whose flats
    are ``half`` from its centre (touching counts as clear): some axis of either separates
    them."""
    corner = half * 2 / ROOT3
    if rect.x1 <= cx - corner + EPS or rect.x0 >= cx + corner - EPS:
        return True
    if rect.y1 <= cy - half + EPS or rect.y0 >= cy + half - EPS:
        return True
    for nx, ny in ((ROOT3 / 2, 0.5), (ROOT3 / 2, -0.5)):  # the slanted flats' normals
        along = [
            (x - cx) * nx + (y - cy) * ny for x in (rect.x0, rect.x1) for y in (rect.y0, rect.y1)
        ]
        if min(along) >= half - EPS or max(along) <= -half + EPS:
            return True
    return False


def _touching(a: Rect, b: Rect) -> bool:
    """Rectangles that only share an edge."""
    inter = a.intersect(b)
    return inter is not None and (inter.width <= EPS or inter.height <= EPS)


@dataclass(slots=True)
class _Row:
    """The row :func:`fill_page` is filling: its counters' size, its top, where its first and next
    counters go, how many it holds and whether it nests into the row above."""

    size: float
    round: bool
    """Every counter in the row is round."""
    top: float
    first_x: float
    next_x: float
    count: int
    staggered: bool = False


def _fits_row(area: Rect, size: float, gap: float, start: float) -> int:
    return max(0, int((area.x1 - start + gap + EPS) // (size + gap)))


def fill_page(
    pieces: Sequence[Piece], start: int, area: Rect, gap: float
) -> list[tuple[float, float]]:
    """Lower-left corners for ``pieces[start:]`` on one page of ``area``, as many as fit."""
    first = pieces[start] if start < len(pieces) else None
    if first is not None and first.shape == "hex" and all(p == first for p in pieces[start:]):
        return _fill_hexes(first, len(pieces) - start, area, gap)
    out: list[tuple[float, float]] = []
    row: _Row | None = None
    for piece in pieces[start:]:
        d = piece.size
        if d > area.width + EPS or d > area.height + EPS:
            raise UsageError(f"a {d / 72:.2f} in counter does not fit the paper inside the margin")
        if (
            row is not None
            and d == row.size
            and (piece.round or not row.staggered)
            and row.next_x + d <= area.x1 + EPS
        ):
            out.append((row.next_x, row.top - d))
            row.next_x += d + gap
            row.count += 1
            row.round = row.round and piece.round
            continue
        top, x = area.y1, area.x0
        if row is not None:
            top = row.top - row.size - gap
            if piece.round and row.round and d == row.size:
                top, x = _staggered(row, area, gap, top)
        if top - d < area.y0 - EPS:
            break
        out.append((x, top - d))
        plain = row is None or abs(top - (row.top - row.size - gap)) <= EPS
        row = _Row(d, piece.round, top, x, x + d + gap, 1, staggered=not plain)
    return out


def hex_pitch(piece: Piece, gap: float) -> tuple[float, float]:
    """The distance between the centres of two interlocked hexes ``piece``: from column to
    column, and down a column (its height across the flats and the cut lines' gutter)."""
    flats = (piece.size - 2 * piece.inset) * ROOT3 / 2
    down = flats + gap + 2 * piece.inset
    return down * ROOT3 / 2, down


def _fill_hexes(piece: Piece, count: int, area: Rect, gap: float) -> list[tuple[float, float]]:
    """Lower-left corners of up to ``count`` hexes ``piece`` interlocked in ``area`` (see the
    module): by rows of the zigzag, left to right, top down."""
    size = piece.size
    if size > area.width + EPS or size > area.height + EPS:
        raise UsageError(f"a {size / 72:.2f} in counter does not fit the paper inside the margin")
    across, down = hex_pitch(piece, gap)
    half = (size - 2 * piece.inset) * ROOT3 / 4 + piece.inset  # the centre to the room's edge
    columns = int((area.width - size + EPS) // across) + 1
    top, bottom = area.y1 - half, area.y0 + half
    out: list[tuple[float, float]] = []
    row = 0
    while len(out) < count and top - row * down >= bottom - EPS:
        for column in range(columns):
            cy = top - row * down - (down / 2 if column % 2 else 0.0)
            if cy < bottom - EPS or len(out) == count:
                continue
            cx = area.x0 + size / 2 + column * across
            out.append((cx - size / 2, cy - size / 2))
        row += 1
    return out


def _staggered(row: _Row, area: Rect, gap: float, plain_top: float) -> tuple[float, float]:
    """The top and first x of a round row nested under ``row``, if that packs more than a
    plain row at ``plain_top``; else the plain row's."""
    d = row.size
    pitch = d + gap
    at_left = row.first_x <= area.x0 + EPS
    if row.count == 1 and _fits_row(area, d, gap, area.x0) == 1:
        x = area.x1 - d if at_left else area.x0
        shift = abs(x - row.first_x)
    else:
        shift = pitch / 2
        x = area.x0 + shift if at_left else area.x0
    # nested rows two apart share their x: keep them a pitch apart too
    dy = max(math.sqrt(max(0.0, pitch * pitch - shift * shift)), pitch / 2)
    plain = _fits_row(area, d, gap, area.x0) / pitch
    nested = _fits_row(area, d, gap, x) / dy
    if nested > plain + EPS:
        return row.top - dy, x
    return plain_top, area.x0


def free_furniture(spots: Sequence[Spot], area: Rect) -> Furniture | None:
    """A place for the ruler and, apart from it, the label, clear of ``spots``; None if the
    counters leave no corner free."""
    width, height = calibration_width(), CALIBRATION_HEIGHT
    rulers = [
        (Rect.of(area.x0, area.y0, width, height), False),
        (Rect.of(area.x1 - width, area.y0, width, height), False),
        (Rect.of(area.x0, area.y1 - height, width, height), False),
        (Rect.of(area.x1 - width, area.y1 - height, width, height), False),
        (Rect.of(area.x1 - height, area.y0, height, width), True),
        (Rect.of(area.x0, area.y0, height, width), True),
    ]

    def clear(rect: Rect) -> bool:
        return area.contains(rect) and all(s.clear_of(rect, CLEARANCE) for s in spots)

    for ruler, turned in rulers:
        if not clear(ruler):
            continue
        for label in _label_places(area, ruler, turned):
            if clear(label):
                return Furniture(ruler, label, turned=turned)
    return None


def _label_places(area: Rect, ruler: Rect, turned: bool) -> list[Rect]:
    """Where a label may go once the ruler is placed: after it, before it, or along the top
    or bottom of the page."""
    if turned:
        return [
            Rect(ruler.x1 - LABEL_ROOM, ruler.y1 + LABEL_GAP, ruler.x1, ruler.y1 + LABEL_GAP + 200),
        ]
    places = [
        # the whole width after the ruler first, so that a long label is not cut short
        Rect(ruler.x1 + LABEL_GAP, ruler.y0, area.x1, ruler.y0 + LABEL_ROOM),
        Rect(
            ruler.x1 + LABEL_GAP,
            ruler.y0,
            ruler.x1 + LABEL_GAP + LABEL_LEAST,
            ruler.y0 + LABEL_ROOM,
        ),
        Rect(
            ruler.x0 - LABEL_GAP - LABEL_LEAST,
            ruler.y0,
            ruler.x0 - LABEL_GAP,
            ruler.y0 + LABEL_ROOM,
        ),
    ]
    for y in (area.y0, area.y1 - LABEL_ROOM):
        places += [
            Rect(area.x0, y, area.x0 + LABEL_LEAST * 1.5, y + LABEL_ROOM),
            Rect(area.x1 - LABEL_LEAST * 1.5, y, area.x1, y + LABEL_ROOM),
        ]
    return places


def _spots(page: int, pieces: Sequence[Piece], corners: list[tuple[float, float]]) -> list[Spot]:
    """``pieces`` placed at ``corners`` (as many as there are corners) on ``page``."""
    return [
        Spot(page, x, y, piece.size, piece.shape, piece.inset)
        for piece, (x, y) in zip(pieces, corners, strict=False)
    ]


def pack(pieces: Sequence[Piece], area: Rect, gap: float) -> list[tuple[list[Spot], Furniture]]:
    """Every piece placed, page by page, each page with its ruler and label."""
    band = CALIBRATION_HEIGHT + CLEARANCE
    below = Rect(area.x0, area.y0 + band, area.x1, area.y1)
    pages: list[tuple[list[Spot], Furniture]] = []
    start = 0
    while start < len(pieces):
        page = len(pages)
        corners = fill_page(pieces, start, area, gap)
        spots = _spots(page, pieces[start:], corners)
        furniture = free_furniture(spots, area)
        if furniture is None:
            corners = fill_page(pieces, start, below, gap)
            spots = _spots(page, pieces[start:], corners)
            furniture = Furniture.band(
                Rect(area.x0, area.y0, area.x1, area.y0 + CALIBRATION_HEIGHT)
            )
        if not spots:
            size = pieces[start].size
            raise UsageError(
                f"a {size / 72:.2f} in counter does not fit the paper inside the margin "
                "with the calibration ruler"
            )
        pages.append((spots, furniture))
        start += len(spots)
    return pages


def counter_sheets_of(
    imposition: Imposition,
    sizes: Sequence[float],
    shapes: Sequence[Shape],
    backs: Sequence[Back],
    label: str,
    gap: float,
    inset: float = 0.0,
) -> Sheets:
    """Every sheet of counters ``sizes[i]`` points across of shape ``shapes[i]``, item ``i``'s
    back being ``backs[i]``, packed ``gap`` apart (see the module); ``inset``: a hex's, between
    its box and its cut line."""
    mode = imposition.duplex
    note = ""
    items = [(i, False) for i in range(len(sizes))]
    if mode is Duplex.NONE:
        items, dropped = single_sided(backs, every_back=False)
        note = "single-sided" + ("; backs that repeat the front not printed" if dropped else "")
    paper = imposition.paper.landscape() if mode is Duplex.FOLD else imposition.paper.portrait()
    area = printable(paper)
    axis = paper.width / 2
    offset = imposition.offset if mode is Duplex.LONG else NO_OFFSET
    if mode is Duplex.FOLD:
        area = Rect(area.x0, area.y0, axis - fold_gap(0.0), area.y1)
    elif mode is Duplex.LONG:  # room for every back, moved by the offset, inside the margin
        dx, dy = offset.x, offset.y
        area = Rect(
            area.x0 + max(0.0, dx),
            area.y0 + max(0.0, -dy),
            area.x1 - max(0.0, -dx),
            area.y1 - max(0.0, dy),
        )
    pages = pack([Piece(sizes[i], shapes[i], inset) for i, _ in items], area, gap)
    out: list[Sheet] = []
    done = 0
    for n, (spots, furniture) in enumerate(pages):
        mine = items[done : done + len(spots)]
        done += len(spots)
        said = f"{label}: sheet {n + 1} of {len(pages)}"
        if mode is Duplex.LONG:
            text = f"{said} (front)"
        elif mode is Duplex.FOLD:
            text = f"{said}: fold on the dashed line, printed sides out; glue, then cut"
        else:
            text = f"{said} ({note})"
        places = (
            Place(item, spot.box, back) for (item, back), spot in zip(mine, spots, strict=True)
        )
        fronts: tuple[Step, ...] = (Furnish(furniture, text), Faces("front", tuple(places)))
        if mode is Duplex.NONE:
            out.append(Sheet((Page(paper, fronts),)))
            continue
        boxes = [spot.box.mirrored(axis).moved(offset.x, offset.y) for spot in spots]
        whole = printable(paper)
        clip = whole if mode is Duplex.LONG else Rect(axis, whole.y0, whole.x1, whole.y1)
        back_faces = Faces(
            "back",
            tuple(Place(item, box, True) for (item, _), box in zip(mine, boxes, strict=True)),
            clip,
        )
        mirror = Mirror(
            f"{label}: sheet {n + 1} backs", axis, (offset.x, offset.y), fold=mode is Duplex.FOLD
        )
        if mode is Duplex.FOLD:
            page = Page(paper, (*fronts, back_faces, fold_step(axis, area)))
            out.append(Sheet((page,), mirror))
            continue
        where = furniture.mirrored_label(axis)
        back_page: tuple[Step, ...] = (back_faces,)
        if all(b.grown(1.0).intersect(where.label) is None for b in boxes):
            back_page = (Furnish(where, f"{said} (back; flip on the long edge)"), back_faces)
        out.append(Sheet((Page(paper, fronts), Page(paper, back_page)), mirror))
    return Sheets(LONG_EDGE if mode is Duplex.LONG else SIMPLEX, tuple(out))
