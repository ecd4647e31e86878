"""Where cards go on a sheet: as many as fit, the calibration ruler where it fits, and where
each back lands. Pure geometry (no drawing), in page points.

The rule, for any card size:

- Cards abut (one cut between neighbours, no white gap) unless a bleed is asked for; then each
  card's edge is carried ``bleed`` past its trim and neighbours are ``2 × bleed`` apart.
- The grid is the largest (columns × rows) whose cards, bleed included, fit inside the 0.25 in
  margin while the calibration ruler and the sheet label still fit: in a band below the cards,
  or, where the cards leave no room below (nine poker cards on Letter fill 10.5 of its 10.5
  printable inches), in a strip beside them, turned a quarter turn. Only when neither fits does
  the grid lose a row or a column. Ties go to the portrait sheet, then to the band.
- When cards turned a quarter turn on the sheet take fewer sheets (a landscape poker card on a
  portrait duplex sheet: 9 turned to a sheet instead of 8 upright), they are turned: each grid cell is
  the card's height wide and its width tall, every front drawn a quarter turn anticlockwise
  (the card's top towards the sheet's left edge) and every back a quarter turn clockwise, so
  that after the flip each back stands behind its front the way an upright card's does (the
  card turned over about its own upright axis shows its back upright). A deck that takes as
  many sheets either way stays upright.
- Duplex sheets (``Duplex.LONG``) are portrait: a flip on the paper's long edge then mirrors the
  page left to right, so the back of the card in column ``c`` prints in column ``n − 1 − c``,
  moved by the back offset.
- Fold-over sheets (``Duplex.FOLD``) hold the fronts left of a fold line in the middle of the
  page and the backs mirrored right of it, :data:`FOLD_GAP` from the fold on each side; the
  sheet is printed on one side, folded with the printed sides out, glued and cut.
- Single-sided sheets (``Duplex.NONE``) hold fronts only.

Cut lines run along every trim edge across the cards and :data:`CROP_REACH` past them into free
paper (never into the margin, the ruler's band or across the fold), so each cut can be found at
both ends whatever order the cards are cut in.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from pnpkit.errors import DataError, Location, Problem, UsageError
from pnpkit.layout.duplex import (
    DEFAULT_BLEED,
    DUPLEX_CHOICES,
    MAX_BLEED,
    Duplex,
    Imposition,
)
from pnpkit.layout.geometry import Rect
from pnpkit.layout.marks import CALIBRATION_HEIGHT, calibration_width
from pnpkit.layout.offset import NO_OFFSET, BackOffset
from pnpkit.layout.paper import INK_INSET, MARGIN, PAPERS, Paper
from pnpkit.layout.sheet import (
    LONG_EDGE,
    SIMPLEX,
    Back,
    Cuts,
    Faces,
    Furnish,
    Furniture,
    Line,
    Mirror,
    Page,
    Place,
    Sheet,
    Sheets,
    Sides,
    SizePromise,
    Step,
    fold_step,
    single_sided,
)
from pnpkit.model.cards import CardSize
from pnpkit.units import INCH

__all__ = [
    "DEFAULT_BLEED",
    "DUPLEX_CHOICES",
    "MAX_BLEED",
    "CardSheet",
    "Duplex",
    "Imposition",
    "Run",
    "back_bleeds",
    "back_label",
    "card_problem",
    "card_room",
    "card_sheets_of",
    "cut_lines",
    "fit_cards",
    "plan_cards",
    "printable",
    "shared_sheets_of",
]


BACK_BLEED = 0.125 * INCH
"""Backs carry their outer edges this far into free paper (never across the fold, and stopping
:data:`~pnpkit.layout.paper.INK_INSET` inside the margin): a duplex drift or a crooked fold shows
the back's own colour, not a white sliver."""
FOLD_GAP = 0.125 * INCH
"""From the fold line to the nearest card's trim (fold-over sheets)."""
CLEARANCE = 2.0
"""Free paper kept between a card (with its bleed) and the ruler, and before a cut line's stub."""
CROP_REACH = 8.0
"""How far a cut line runs past the outermost card, where the paper is free."""
EPS = 1e-6


def printable(paper: Paper) -> Rect:
    """The page inside the margin."""
    return Rect(MARGIN, MARGIN, paper.width - MARGIN, paper.height - MARGIN)


@dataclass(frozen=True, slots=True)
class CardSheet:
    """The grid cards are printed in, on every sheet of one document.

    ``origin`` is the lower-left corner of the trim box of the card in column 0 of the bottom
    row; cards take ``width`` × ``height`` on the sheet with ``bleed`` on every side, so the
    pitch is ``width + 2·bleed``. Row 0 is the top row. ``turned``: the cards lie a quarter
    turn round on the sheet (see the module), so ``width`` is the card's height and ``height``
    its width.
    """

    paper: Paper
    duplex: Duplex
    columns: int
    rows: int
    width: float
    height: float
    bleed: float
    origin: tuple[float, float]
    furniture: Furniture
    fold: float | None = None
    """The x of the fold line (fold-over sheets); backs mirror about it."""
    turned: bool = False

    @property
    def turns(self) -> tuple[int, int]:
        """The quarter turns (anticlockwise) each front and each back is drawn at."""
        return (1, -1) if self.turned else (0, 0)

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        return (self.width + 2 * self.bleed, self.height + 2 * self.bleed)

    @property
    def area(self) -> Rect:
        """The printable area of the sheet."""
        return printable(self.paper)

    @property
    def axis(self) -> float:
        """The vertical line backs mirror about: the fold, or the page's centre line."""
        return self.fold if self.fold is not None else self.paper.width / 2

    @property
    def front_area(self) -> Rect:
        """Where fronts may print (left of the fold on fold-over sheets)."""
        return self._sides()[0]

    @property
    def back_area(self) -> Rect:
        """Where backs may print (right of the fold on fold-over sheets), :data:`INK_INSET`
        inside the margin: a back's bleed runs towards the margin and its edge may lie on it."""
        side = self._sides()[1]
        inked = self.area.grown(-INK_INSET)
        return Rect(side.x0 if self.fold is not None else inked.x0, inked.y0, inked.x1, inked.y1)

    def _sides(self) -> tuple[Rect, Rect]:
        """The printable area cut at the fold: (fronts, backs); the whole area twice unfolded."""
        area = self.area
        if self.fold is None:
            return area, area
        return Rect(area.x0, area.y0, self.fold, area.y1), Rect(
            self.fold, area.y0, area.x1, area.y1
        )

    def cell(self, column: int, row: int) -> Rect:
        """The trim box of the card in ``column`` (0 left) and ``row`` (0 top)."""
        px, py = self.pitch
        x0, y0 = self.origin
        return Rect.of(x0 + column * px, y0 + (self.rows - 1 - row) * py, self.width, self.height)

    def slot(self, index: int) -> tuple[int, int]:
        """``(column, row)`` of the ``index``-th card on a sheet (left to right, top down)."""
        return index % self.columns, index // self.columns

    def back_cell(self, column: int, row: int, offset: BackOffset = NO_OFFSET) -> Rect:
        """The box the back of the card at ``(column, row)`` is printed in: the trim box
        mirrored about :attr:`axis`, moved by ``offset`` on duplex sheets."""
        mirrored = self.cell(column, row).mirrored(self.axis)
        if self.duplex is Duplex.LONG:
            return mirrored.moved(offset.x, offset.y)
        return mirrored

    def used(self, count: int) -> tuple[int, int]:
        """Columns and rows a sheet of ``count`` cards uses."""
        columns = min(self.columns, count)
        return columns, -(-count // self.columns)

    def extent(self, count: int) -> Rect:
        """The box of the first ``count`` cards with their bleed."""
        columns, rows = self.used(count)
        first = self.cell(0, 0)
        last = self.cell(columns - 1, rows - 1)
        return Rect(first.x0, last.y0, last.x1, first.y1).grown(self.bleed)


# --- fitting -------------------------------------------------------------------------------


def _fit(room: float, size: float, bleed: float) -> int:
    return max(0, int((room + EPS) // (size + 2 * bleed)))


def fold_gap(bleed: float) -> float:
    """From the fold line to the nearest trim: room for the bleed and a little paper."""
    return max(FOLD_GAP, bleed + CLEARANCE)


def _furniture_options(
    sheet: Paper,
    duplex: Duplex,
    span: tuple[float, float],
    room: Rect,
    fold: float | None,
) -> list[tuple[Furniture, float, float]]:
    """Where the ruler can go beside a grid ``span`` wide and tall inside ``room`` (the area the
    grid may take), with the grid's lower-left extent for each choice, band first."""
    area = printable(sheet)
    span_w, span_h = span
    slack_x, slack_y = room.width - span_w, room.height - span_h
    ruler_w, ruler_h = calibration_width(), CALIBRATION_HEIGHT
    options: list[tuple[Furniture, float, float]] = []
    # the grid's x when the ruler is not beside it: centred, or against the fold
    x_free = room.x1 - span_w if fold is not None else room.x0 + slack_x / 2
    if slack_y >= ruler_h + CLEARANCE - EPS and ruler_w <= area.width + EPS:
        band = Rect(area.x0, area.y0, area.x1, area.y0 + ruler_h)
        y = band.y1 + CLEARANCE + (slack_y - ruler_h - CLEARANCE) / 2
        options.append((Furniture.band(band), x_free, y))
    if slack_x >= ruler_h + CLEARANCE - EPS and ruler_w <= area.height + EPS:
        y = room.y0 + slack_y / 2
        if fold is None and duplex is not Duplex.FOLD:
            strip = Rect(area.x1 - ruler_h, area.y0, area.x1, area.y1)
            x = room.x0 + (slack_x - ruler_h - CLEARANCE) / 2
        else:  # the outer side of the fronts
            strip = Rect(area.x0, area.y0, area.x0 + ruler_h, area.y1)
            x = room.x1 - span_w
        options.append((Furniture.strip(strip), x, y))
    return options


def plan_cards(
    imposition: Imposition, width: float, height: float, count: int, *, backs: bool
) -> CardSheet | None:
    """The sheet for ``count`` cards of ``width`` × ``height`` points (see the module's rule).

    ``backs``: whether any card has a back to print (no backs: any sheet is single-sided).
    Returns None when a fold-over sheet cannot hold even one card and its back; raises
    :class:`~pnpkit.errors.UsageError` when the card does not fit the paper at all.
    """
    duplex = imposition.duplex
    if not backs:
        duplex = Duplex.NONE
    paper, bleed = imposition.paper, imposition.bleed
    if duplex is Duplex.LONG:
        sheets: tuple[Paper, ...] = (paper.portrait(),)
    else:
        sheets = (paper.portrait(), paper.landscape())
    best: CardSheet | None = None
    for sheet in sheets:
        best = _best_grid(sheet, duplex, (width, height), bleed, count, best) or best
    if abs(width - height) > EPS:
        turned: CardSheet | None = None
        for sheet in sheets:
            turned = _best_grid(sheet, duplex, (height, width), bleed, count, turned) or turned
        if turned is not None and _fewer_sheets(turned, best, count):
            best = replace(turned, turned=True)
    if best is None:
        if duplex is Duplex.FOLD:
            return None
        fits = _room(imposition, backs=backs, every_paper=False)
        raise UsageError(f"{_misfit(imposition, width, height, backs=backs)} (allowed: {fits})")
    return best


def _fewer_sheets(sheet: CardSheet, than: CardSheet | None, count: int) -> bool:
    """Whether ``count`` cards take fewer sheets of ``sheet`` than of ``than`` (any number:
    more to a sheet)."""
    if than is None:
        return True
    if count <= 0:
        return sheet.per_page > than.per_page
    return -(-count // sheet.per_page) < -(-count // than.per_page)


def _best_grid(
    sheet: Paper,
    duplex: Duplex,
    cell: tuple[float, float],
    bleed: float,
    count: int,
    best: CardSheet | None,
) -> CardSheet | None:
    """The grid of the most cells ``cell`` (width, height) on ``sheet`` with the ruler, if it
    holds more than ``best``; None otherwise."""
    width, height = cell
    area = printable(sheet)
    fold: float | None = None
    room = area
    if duplex is Duplex.FOLD:
        fold = sheet.width / 2
        # the fronts' extent ends ``bleed`` past the trim nearest the fold
        room = Rect(area.x0, area.y0, fold - fold_gap(bleed) + bleed, area.y1)
    most_c = _fit(room.width, width, bleed)
    most_r = _fit(room.height, height, bleed)
    if count > 0 and most_c and most_r:
        most_c = min(most_c, count)
        most_r = min(most_r, -(-count // most_c))
    for columns, rows in _shrinking(most_c, most_r):
        if best is not None and columns * rows <= best.per_page:
            return None
        span = (columns * (width + 2 * bleed), rows * (height + 2 * bleed))
        options = _furniture_options(sheet, duplex, span, room, fold)
        if not options:
            continue
        furniture, x, y = options[0]
        origin = (x + bleed, y + bleed)
        return CardSheet(
            sheet, duplex, columns, rows, width, height, bleed, origin, furniture, fold
        )
    return None


def card_room(imposition: Imposition, *, backs: bool = True) -> list[tuple[float, float]]:
    """The largest trims (width, height in points) a card may have and still print as
    ``imposition`` asks, one for each sheet and place of the ruler: a card fits when it fits
    within one of them, upright or turned a quarter turn. It is the room :func:`plan_cards` gives a single card (a test holds
    them to each other); a fold-over card too big to fold prints single-sided, so fold-over
    sheets have the room of single-sided ones. ``backs``: whether the cards have backs."""
    duplex = imposition.duplex if backs else Duplex.NONE
    paper, b = imposition.paper, imposition.bleed
    sheets = (paper.portrait(),) if duplex is Duplex.LONG else (paper.portrait(), paper.landscape())
    ruler_w, ruler_h = calibration_width(), CALIBRATION_HEIGHT
    rooms: list[tuple[float, float]] = []
    for sheet in sheets:
        area = printable(sheet)
        if ruler_w <= area.width + EPS:  # a band below the card
            rooms.append((area.width - 2 * b, area.height - ruler_h - CLEARANCE - 2 * b))
        if ruler_w <= area.height + EPS:  # a strip beside it
            rooms.append((area.width - ruler_h - CLEARANCE - 2 * b, area.height - 2 * b))
    return [(w, h) for w, h in dict.fromkeys(rooms) if w > 0 and h > 0]


def card_problem(
    imposition: Imposition,
    width: float,
    height: float,
    where: Location,
    field: str,
    *,
    backs: bool = True,
) -> Problem | None:
    """Why a ``width`` × ``height`` card (the size written at ``where``, in ``field``) cannot
    be printed as ``imposition`` asks, with the sizes that can; None when it can. Kits ask
    this of every card size they print before laying the cards out, so ``pnpkit check`` and
    ``build`` report it at the size's line rather than fail in the imposer. The sizes offered
    are the largest on this paper, on each other paper a kit is printed on and on all of them
    (:func:`shared_room`), as ``check`` holds the card to each: a designer printing on one
    paper reads its own, and following the last never leads into another paper's refusal."""
    rooms = card_room(imposition, backs=backs)
    if any(_fits(width, height, room) or _fits(height, width, room) for room in rooms):
        return None
    allowed = _room(imposition, backs=backs, every_paper=True)
    return Problem(where, field, _misfit(imposition, width, height, backs=backs), allowed)


def _fits(width: float, height: float, room: tuple[float, float]) -> bool:
    return width <= room[0] + EPS and height <= room[1] + EPS


def shared_room(imposition: Imposition, *, backs: bool = True) -> list[tuple[float, float]]:
    """The largest trims that fit :func:`card_room` on every paper of :data:`PAPERS` (the rest
    of ``imposition`` as it is): for each choice of one room a paper, the room both leave."""
    shared: list[tuple[float, float]] = [(math.inf, math.inf)]
    for paper in PAPERS.values():
        rooms = card_room(replace(imposition, paper=paper), backs=backs)
        shared = [(min(w, w2), min(h, h2)) for w, h in shared for w2, h2 in rooms]
    return _largest(shared)


def _largest(rooms: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """``rooms`` each written short side first (a card fits either way round), those another
    holds left out, the widest first."""
    sides = {(min(w, h), max(w, h)) for w, h in rooms}
    best = [
        (w, h)
        for w, h in sides
        if not any((w2 >= w and h2 >= h) and (w2, h2) != (w, h) for w2, h2 in sides)
    ]
    return sorted(best, key=lambda room: (-room[0], -room[1]))


def fit_cards(
    imposition: Imposition, *sizes: tuple[CardSize, Location, str], backs: bool = True
) -> None:
    """Raise one DataError for every card size, ``(size, where, field)``, that cannot be
    printed as ``imposition`` asks (:func:`card_problem`); a size given twice is said once."""
    problems: dict[tuple[str, str], Problem] = {}
    for size, where, field in sizes:
        problem = card_problem(imposition, size.width, size.height, where, field, backs=backs)
        if problem is not None:
            problems.setdefault((str(where), field), problem)
    if problems:
        raise DataError(list(problems.values()))


def _misfit(imposition: Imposition, width: float, height: float, *, backs: bool = True) -> str:
    bleed = imposition.bleed
    duplex = imposition.duplex if backs else Duplex.NONE
    return (
        f"a {width / INCH:.2f} × {height / INCH:.2f} in card does not fit "
        f"{imposition.paper.name} paper inside the {MARGIN / INCH:g} in margin with the "
        "calibration ruler"
        + (f" and a {bleed / INCH:.3f} in bleed" if bleed else "")
        + (" on a portrait duplex sheet" if duplex is Duplex.LONG else "")
    )


def _room(imposition: Imposition, *, backs: bool, every_paper: bool) -> str:
    """The largest cards that print as ``imposition`` asks on its paper and, with
    ``every_paper``, on each other paper of :data:`PAPERS` and on all of them alike:
    ``on a4 a card of at most 7.76 × 10.87 in or …; on letter at most …; on both at most …``."""
    papers = [imposition.paper]
    if every_paper:
        papers += [p for p in PAPERS.values() if p.name != imposition.paper.name]
    said = [
        (p.name, _largest(card_room(replace(imposition, paper=p), backs=backs))) for p in papers
    ]
    if len(papers) > 1:
        every = "both" if len(papers) == 2 else "every one"
        said.append((every, shared_room(imposition, backs=backs)))
    parts = [f"on {name} {_sizes(rooms)}" for name, rooms in said]
    parts[0] = parts[0].replace(" at most ", " a card of at most ", 1)
    return "; ".join(parts) + " (either way round)"


def _sizes(rooms: list[tuple[float, float]]) -> str:
    if not rooms:
        return "no card fits"
    return "at most " + " or ".join(f"{_down(w)} × {_down(h)} in" for w, h in rooms)


def _down(length: float) -> str:
    """``length`` in inches to two places, rounded down: the size said must itself fit."""
    return f"{math.floor(length / INCH * 100 + 1e-6) / 100:.2f}"


def _shrinking(columns: int, rows: int) -> list[tuple[int, int]]:
    """Every grid up to ``columns`` × ``rows``, the most cards first (then the most columns)."""
    grids = [(c, r) for c in range(1, columns + 1) for r in range(1, rows + 1)]
    return sorted(grids, key=lambda g: (-g[0] * g[1], -g[0]))


# --- cut lines -----------------------------------------------------------------------------


LINE_WIDTH = 0.25


def _inside(value: float, lo: float, hi: float) -> float:
    """``value`` moved inward so a line of :data:`LINE_WIDTH` there stays in ``[lo, hi]``."""
    half = LINE_WIDTH / 2
    return min(max(value, lo + half), hi - half)


def cut_lines(sheet: CardSheet, count: int) -> list[Line]:
    """Every trim edge of the first ``count`` cards as one line along the cards it bounds,
    reaching up to :data:`CROP_REACH` past them into free paper (not into the margin, across
    the fold or into the ruler's or the label's box). A line on the margin's edge is moved half
    its width inward."""
    area = sheet.front_area
    if sheet.fold is not None:
        area = Rect(area.x0, area.y0, sheet.fold - CLEARANCE, area.y1)
    keep_out = [box.grown(CLEARANCE) for box in sheet.furniture.boxes]
    boxes = [sheet.cell(*sheet.slot(i)) for i in range(count)]
    verticals: dict[float, list[Rect]] = {}
    horizontals: dict[float, list[Rect]] = {}
    for box in boxes:
        for x in (box.x0, box.x1):
            verticals.setdefault(round(x, 6), []).append(box)
        for y in (box.y0, box.y1):
            horizontals.setdefault(round(y, 6), []).append(box)
    reach_out = sheet.bleed + CLEARANCE + CROP_REACH
    lines: list[Line] = []
    for x, along in sorted(verticals.items()):
        low, high = min(b.y0 for b in along), max(b.y1 for b in along)
        x = _inside(x, area.x0, area.x1)
        lo = _reach(low, -reach_out, area.y0, _first(keep_out, x, "y", low, -1))
        hi = _reach(high, reach_out, area.y1, _first(keep_out, x, "y", high, 1))
        lines.append(Line(x, lo, x, hi))
    for y, along in sorted(horizontals.items()):
        low, high = min(b.x0 for b in along), max(b.x1 for b in along)
        y = _inside(y, area.y0, area.y1)
        lo = _reach(low, -reach_out, area.x0, _first(keep_out, y, "x", low, -1))
        hi = _reach(high, reach_out, area.x1, _first(keep_out, y, "x", high, 1))
        lines.append(Line(lo, y, hi, y))
    return lines


def _first(boxes: Iterable[Rect], at: float, axis: str, start: float, sign: int) -> float | None:
    """Where a line at ``at`` running along ``axis`` from ``start`` in direction ``sign`` first
    meets one of ``boxes`` (None: never)."""
    hits: list[float] = []
    for box in boxes:
        across = (box.x0, box.x1) if axis == "y" else (box.y0, box.y1)
        along = (box.y0, box.y1) if axis == "y" else (box.x0, box.x1)
        if not across[0] <= at <= across[1]:
            continue
        if sign > 0 and along[0] >= start:
            hits.append(along[0])
        elif sign < 0 and along[1] <= start:
            hits.append(along[1])
    if not hits:
        return None
    return min(hits) if sign > 0 else max(hits)


def _reach(start: float, reach: float, limit: float, blocked: float | None) -> float:
    """``start + reach`` but not past ``limit`` (the area's edge) or ``blocked``; the line ends
    at ``start`` when what is left is shorter than a mark."""
    end = start + reach
    if reach < 0:
        end = max(end, limit + LINE_WIDTH / 2)
        if blocked is not None:
            end = max(end, blocked)
        return end if start - end >= 2.0 else _inside(start, limit, math.inf)
    end = min(end, limit - LINE_WIDTH / 2)
    if blocked is not None:
        end = min(end, blocked - CLEARANCE)
    return end if end - start >= 2.0 else _inside(start, -math.inf, limit)


# --- backs ---------------------------------------------------------------------------------


def back_bleeds(
    sheet: CardSheet, count: int, offset: BackOffset, keep_out: Iterable[Rect] = ()
) -> list[Sides]:
    """The bleed of each of the first ``count`` backs: ``bleed`` towards a neighbouring back,
    and at least :data:`BACK_BLEED` towards free paper, stopped short of the margin, the fold
    and any ``keep_out`` box."""
    area = sheet.back_area
    blocks = list(keep_out)
    taken = {sheet.slot(i) for i in range(count)}
    out: list[Sides] = []
    for index in range(count):
        column, row = sheet.slot(index)
        box = sheet.back_cell(column, row, offset)
        # neighbours as printed: the back grid is mirrored, so column − 1 lies to the right
        left_n = (column + 1, row) in taken
        right_n = (column - 1, row) in taken
        below_n = (column, row + 1) in taken
        above_n = (column, row - 1) in taken
        outer = max(BACK_BLEED, sheet.bleed)
        sides = [
            sheet.bleed if left_n else min(outer, box.x0 - area.x0),
            sheet.bleed if below_n else min(outer, box.y0 - area.y0),
            sheet.bleed if right_n else min(outer, area.x1 - box.x1),
            sheet.bleed if above_n else min(outer, area.y1 - box.y1),
        ]
        for block in blocks:
            if block.y0 < box.y1 and block.y1 > box.y0:
                if block.x1 <= box.x0:
                    sides[0] = min(sides[0], box.x0 - block.x1 - CLEARANCE)
                elif block.x0 >= box.x1:
                    sides[2] = min(sides[2], block.x0 - box.x1 - CLEARANCE)
            if block.x0 < box.x1 and block.x1 > box.x0:
                if block.y1 <= box.y0:
                    sides[1] = min(sides[1], box.y0 - block.y1 - CLEARANCE)
                elif block.y0 >= box.y1:
                    sides[3] = min(sides[3], block.y0 - box.y1 - CLEARANCE)
        out.append((max(0.0, sides[0]), max(0.0, sides[1]), max(0.0, sides[2]), max(0.0, sides[3])))
    return out


def back_label(sheet: CardSheet, count: int, offset: BackOffset) -> Furniture | None:
    """Where a duplex back page's label goes: where the front's ruler and label are, mirrored
    (that paper is free on the back too), clear of the backs as moved by ``offset``; None if
    the offset leaves no room."""
    label = sheet.furniture.mirrored_label(sheet.paper.width / 2)
    backs = [
        sheet.back_cell(*sheet.slot(i), offset).grown(sheet.bleed + CLEARANCE) for i in range(count)
    ]
    if any(b.intersect(label.label) is not None for b in backs):
        return None
    return label


# --- whole sheets ----------------------------------------------------------------------------


def card_sheets_of(
    imposition: Imposition, width: float, height: float, backs: Sequence[Back], label: str
) -> Sheets:
    """Every sheet of ``len(backs)`` cards of ``width`` × ``height`` points, item ``i``'s back
    being ``backs[i]``, printed as ``imposition`` asks (see :mod:`pnpkit.layout.cards`):
    duplex, fold-over (single-sided when the card is too big to fold), or single-sided."""
    count = len(backs)
    mode = imposition.duplex if any(b is not Back.NONE for b in backs) else Duplex.NONE
    if mode is Duplex.FOLD:
        sheet = plan_cards(imposition, width, height, count, backs=True)
        if sheet is not None:
            return Sheets(SIMPLEX, tuple(_fold_sheets(sheet, count, label)))
        singles, _ = single_sided(backs, every_back=True)
        note = (
            f"too big to fold on {imposition.paper.name}: cut out each front and the back "
            "after it, glue them back to back"
        )
        return _single_sheets(imposition, width, height, singles, label, note)
    if mode is Duplex.NONE:
        singles, dropped = single_sided(backs, every_back=False)
        note = "single-sided" + ("; common backs not printed" if dropped else "")
        return _single_sheets(imposition, width, height, singles, label, note)
    sheet = plan_cards(imposition, width, height, count, backs=True)
    assert sheet is not None
    return Sheets(LONG_EDGE, tuple(_duplex_sheets(sheet, count, imposition.offset, label)))


def _batches(count: int, per_page: int) -> list[range]:
    """The items on each sheet: ``per_page`` at a time."""
    return [range(start, min(start + per_page, count)) for start in range(0, count, per_page)]


def _front_steps(
    sheet: CardSheet, items: Sequence[tuple[int, bool]], label: str, text: str
) -> list[Step]:
    """One page's fronts (``(item, back)``: which face of which item), the cut lines over
    them, the ruler and the label, and the card sizes the cut lines promise."""
    b = sheet.bleed
    places = []
    for slot, (item, back) in enumerate(items):
        column, row = sheet.slot(slot)
        cell = sheet.cell(column, row)
        places.append(Place(item, cell, back, (b, b, b, b), column, row, sheet.turns[0]))
    return [
        Faces("front", tuple(places)),
        Cuts(tuple(cut_lines(sheet, len(items)))),
        Furnish(sheet.furniture, text),
        *_size_promises(sheet, len(items), label),
    ]


def _size_promises(sheet: CardSheet, count: int, label: str) -> list[SizePromise]:
    """Every used column is the card's width apart and every used row its height (turned
    cards: its height and its width), measured between the cut lines that bound it."""
    columns, rows = sheet.used(count)
    extent = sheet.extent(count)
    e = 1.0 if sheet.bleed == 0 else min(1.0, sheet.bleed)
    across, down = ("height", "width") if sheet.turned else ("width", "height")
    turned = " (cards turned a quarter turn)" if sheet.turned else ""
    out: list[SizePromise] = []
    for c in range(columns):
        box = sheet.cell(c, 0)
        what = f"{label}: card {across}, column {c + 1}{turned}"
        out.append(
            SizePromise(what, sheet.width, "x", (box.x0 - e, extent.y0, box.x1 + e, extent.y1))
        )
    for r in range(rows):
        box = sheet.cell(0, r)
        what = f"{label}: card {down}, row {r + 1}{turned}"
        out.append(
            SizePromise(what, sheet.height, "y", (extent.x0, box.y0 - e, extent.x1, box.y1 + e))
        )
    return out


def _back_faces(
    sheet: CardSheet, items: range, offset: BackOffset, keep_out: Sequence[Rect] = ()
) -> Faces:
    """The backs of ``items`` (one sheet's), mirrored, moved by ``offset`` and bled
    (:func:`back_bleeds`), clipped to where backs may print."""
    bleeds = back_bleeds(sheet, len(items), offset, keep_out)
    places = []
    for slot, item in enumerate(items):
        column, row = sheet.slot(slot)
        box = sheet.back_cell(column, row, offset)
        flipped = sheet.columns - 1 - column
        places.append(Place(item, box, True, bleeds[slot], flipped, row, sheet.turns[1]))
    return Faces("back", tuple(places), clip=sheet.back_area)


def _duplex_sheets(sheet: CardSheet, count: int, offset: BackOffset, label: str) -> list[Sheet]:
    batches = _batches(count, sheet.per_page)
    out: list[Sheet] = []
    for n, items in enumerate(batches):
        said = f"{label}: sheet {n + 1} of {len(batches)}"
        fronts = _front_steps(sheet, [(i, False) for i in items], label, f"{said} (front)")
        where = back_label(sheet, len(items), offset)
        backs: list[Step] = [_back_faces(sheet, items, offset, where.boxes if where else ())]
        if where is not None:
            backs.append(Furnish(where, f"{said} (back; flip on the long edge)"))
        mirror = Mirror(
            f"{label}: sheet {n + 1} backs",
            sheet.axis,
            (offset.x, offset.y),
            (sheet.width, sheet.height),
        )
        pages = (Page(sheet.paper, tuple(fronts)), Page(sheet.paper, tuple(backs)))
        out.append(Sheet(pages, mirror))
    return out


def _fold_sheets(sheet: CardSheet, count: int, label: str) -> list[Sheet]:
    assert sheet.fold is not None
    batches = _batches(count, sheet.per_page)
    out: list[Sheet] = []
    for n, items in enumerate(batches):
        text = (
            f"{label}: sheet {n + 1} of {len(batches)}: fold on the dashed line, printed sides "
            "out; glue, then cut"
        )
        steps = [
            *_front_steps(sheet, [(i, False) for i in items], label, text),
            _back_faces(sheet, items, NO_OFFSET),
            fold_step(sheet.fold, printable(sheet.paper)),
        ]
        mirror = Mirror(
            f"{label}: sheet {n + 1} fold", sheet.fold, size=(sheet.width, sheet.height), fold=True
        )
        out.append(Sheet((Page(sheet.paper, tuple(steps)),), mirror))
    return out


def _single_sheets(
    imposition: Imposition,
    width: float,
    height: float,
    singles: Sequence[tuple[int, bool]],
    label: str,
    note: str,
) -> Sheets:
    sheet = plan_cards(imposition, width, height, len(singles), backs=False)
    assert sheet is not None
    batches = _batches(len(singles), sheet.per_page)
    out = [
        Sheet(
            (
                Page(
                    sheet.paper,
                    tuple(
                        _front_steps(
                            sheet,
                            [singles[i] for i in items],
                            label,
                            f"{label}: sheet {n + 1} of {len(batches)} ({note})",
                        )
                    ),
                ),
            )
        )
        for n, items in enumerate(batches)
    ]
    return Sheets(SIMPLEX, tuple(out))


# --- decks sharing sheets --------------------------------------------------------------------


SHELF_GAP = 2 * (CLEARANCE + CROP_REACH) + CLEARANCE
"""Between the cards (with their bleed) of two blocks sharing a sheet: room for the cut lines
of both to reach past their cards without meeting, and for the backs' bleed."""


@dataclass(frozen=True, slots=True)
class Run:
    """One deck's cards on shared sheets: ``width`` × ``height`` points, item ``i``'s back
    being ``backs[i]`` (items numbered from ``first`` in the shared list of faces)."""

    width: float
    height: float
    backs: tuple[Back, ...]
    label: str
    first: int = 0


def shared_sheets_of(imposition: Imposition, runs: Sequence[Run], label: str) -> Sheets:
    """Every sheet of ``runs`` (decks of any sizes) printed together as ``imposition`` asks:
    a band for the ruler and the label at the foot of each portrait sheet, and above it each
    run's cards in blocks of whole rows, top down, the next run starting below the last
    (:data:`SHELF_GAP` between blocks) and a new sheet when a row no longer fits; a run whose
    cards turned a quarter turn would fill fewer whole sheets lies turned, as on a deck's own
    sheets. Each block
    is a grid of one size with its own cut lines and promised sizes; backs are mirrored as on
    a deck's own sheets (duplex: about the page's centre line; fold-over: about the fold, the
    fronts left of it). A run whose card does not fit a block (too wide or tall beside the
    band, or to fold) is printed on sheets of its own after the shared ones
    (:func:`card_sheets_of`)."""
    backs = [back for run in runs for back in run.backs]
    mode = imposition.duplex if any(b is not Back.NONE for b in backs) else Duplex.NONE
    paper, b = imposition.paper.portrait(), imposition.bleed
    area = printable(paper)
    furniture = Furniture.band(Rect(area.x0, area.y0, area.x1, area.y0 + CALIBRATION_HEIGHT))
    assert furniture.ruler is not None
    fold = paper.width / 2 if mode is Duplex.FOLD else None
    right = area.x1 if fold is None else fold - fold_gap(b) + b
    room = Rect(area.x0, furniture.ruler.y1 + CLEARANCE, right, area.y1)
    pages: list[list[tuple[CardSheet, list[tuple[int, bool]], str]]] = [[]]
    alone: list[Sheets] = []
    top = room.y1
    dropped = False
    for run in runs:
        if mode is Duplex.NONE:
            singles, left_out = single_sided(run.backs, every_back=False)
            dropped = dropped or left_out
        else:
            singles = [(item, False) for item in range(len(run.backs))]
        items = [(run.first + item, back) for item, back in singles]
        turned = _turn_on_shelves(run, room, b, len(items))
        width, height = (run.height, run.width) if turned else (run.width, run.height)
        columns = min(_fit(room.width, width, b), len(items))
        pitch = (width + 2 * b, height + 2 * b)
        if columns == 0 or pitch[1] > room.height + EPS:
            own = replace(imposition, duplex=mode)
            alone.append(
                _numbered(
                    card_sheets_of(own, run.width, run.height, run.backs, run.label), run.first
                )
            )
            continue
        while items:
            rows = max(0, int((top - room.y0 + EPS) // pitch[1]))
            if rows == 0:
                pages.append([])
                top = room.y1
                continue
            take = min(len(items), rows * columns)
            rows = -(-take // columns)
            span = columns * pitch[0]
            x = room.x1 - span if fold is not None else room.x0 + (room.width - span) / 2
            origin = (x + b, top - rows * pitch[1] + b)
            block = CardSheet(
                paper, mode, columns, rows, width, height, b, origin, furniture, fold, turned
            )
            pages[-1].append((block, items[:take], run.label))
            items = items[take:]
            top -= rows * pitch[1] + SHELF_GAP
    shared = [page for page in pages if page]
    note = "single-sided" + ("; common backs not printed" if dropped else "")
    sheets = [
        _shared_sheet(blocks, imposition.offset, f"{label}: sheet {n + 1} of {len(shared)}", note)
        for n, blocks in enumerate(shared)
    ]
    duplex = LONG_EDGE if mode is Duplex.LONG else SIMPLEX
    return Sheets(duplex, tuple(sheets) + tuple(s for own in alone for s in own.sheets))


def _turn_on_shelves(run: Run, room: Rect, bleed: float, count: int) -> bool:
    """Whether ``run``'s cards, turned a quarter turn, take fewer whole sheets of ``room`` (a
    shared sheet above its band) than upright: a deck's block then lies turned (see the
    module)."""
    if abs(run.width - run.height) <= EPS:
        return False

    def sheets(width: float, height: float) -> float:
        per = _fit(room.width, width, bleed) * _fit(room.height, height, bleed)
        return -(-count // per) if per else math.inf

    return sheets(run.height, run.width) < sheets(run.width, run.height)


def _numbered(sheets: Sheets, first: int) -> Sheets:
    """``sheets`` with every face's item counted from ``first``."""
    if first == 0:
        return sheets

    def shifted(step: Step) -> Step:
        if not isinstance(step, Faces):
            return step
        return replace(step, places=tuple(replace(p, item=p.item + first) for p in step.places))

    return replace(
        sheets,
        sheets=tuple(
            replace(
                sheet,
                pages=tuple(
                    replace(page, steps=tuple(shifted(step) for step in page.steps))
                    for page in sheet.pages
                ),
            )
            for sheet in sheets.sheets
        ),
    )


def _shared_sheet(
    blocks: list[tuple[CardSheet, list[tuple[int, bool]], str]],
    offset: BackOffset,
    said: str,
    note: str,
) -> Sheet:
    """One shared sheet: each block's fronts, cut lines and sizes, the ruler and ``said`` once,
    and the backs as the sheet's duplex mode asks (``note``: what a single-sided sheet says)."""
    first = blocks[0][0]
    fronts: list[Step] = []
    promises: list[Step] = []
    for block, items, run in blocks:
        b = block.bleed
        places = [
            Place(
                item,
                block.cell(*block.slot(slot)),
                back,
                (b, b, b, b),
                *block.slot(slot),
                block.turns[0],
            )
            for slot, (item, back) in enumerate(items)
        ]
        fronts += [Faces("front", tuple(places)), Cuts(tuple(cut_lines(block, len(items))))]
        promises += _size_promises(block, len(items), run)
    if first.duplex is Duplex.NONE:
        text = f"{said} ({note})"
        return Sheet((Page(first.paper, (*fronts, Furnish(first.furniture, text), *promises)),))
    if first.duplex is Duplex.FOLD:
        assert first.fold is not None
        backs = [_back_faces(block, range(len(items)), NO_OFFSET) for block, items, _ in blocks]
        steps = (
            *fronts,
            Furnish(
                first.furniture,
                f"{said}: fold on the dashed line, printed sides out; glue, then cut",
            ),
            *promises,
            *(_renumbered(face, items) for face, (_, items, _) in zip(backs, blocks, strict=True)),
            fold_step(first.fold, printable(first.paper)),
        )
        mirror = Mirror(f"{said} fold", first.fold, fold=True)
        return Sheet((Page(first.paper, steps),), mirror)
    where = first.furniture.mirrored_label(first.paper.width / 2)
    boxes = [
        block.back_cell(*block.slot(i), offset).grown(block.bleed + CLEARANCE)
        for block, items, _ in blocks
        for i in range(len(items))
    ]
    label_fits = not any(box.intersect(where.label) is not None for box in boxes)
    keep_out = where.boxes if label_fits else ()
    back_steps: list[Step] = [
        _renumbered(_back_faces(block, range(len(items)), offset, keep_out), items)
        for block, items, _ in blocks
    ]
    if label_fits:
        back_steps.append(Furnish(where, f"{said} (back; flip on the long edge)"))
    mirror = Mirror(f"{said} backs", first.axis, (offset.x, offset.y))
    front_page = Page(
        first.paper, (*fronts, Furnish(first.furniture, f"{said} (front)"), *promises)
    )
    return Sheet((front_page, Page(first.paper, tuple(back_steps))), mirror)


def _renumbered(faces: Faces, items: Sequence[tuple[int, bool]]) -> Faces:
    """Backs laid out for slots ``0…n−1`` (:func:`_back_faces`) given the items of ``items``."""
    return replace(faces, places=tuple(replace(p, item=items[p.item][0]) for p in faces.places))
