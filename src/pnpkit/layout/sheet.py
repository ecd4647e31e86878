"""A sheet of cards or counters as a value: every face's place, the cut lines, the ruler and the
label, the backs with their bleeds, the fold, and what the sheet promises, worked out before
anything is drawn (:func:`pnpkit.layout.imposition.card_sheets_of` for cards,
:func:`pnpkit.layout.packing.counter_sheets_of` for counters). One painter,
:func:`pnpkit.layout.cards.paint`, draws any of them.

A sheet is one or two pages (a duplex sheet's front and back page); each page is a list of
steps drawn in order: faces (:class:`Faces`, each at its :class:`Place`, clipped or not), cut
lines (:class:`Cuts`), the ruler and the label (:class:`Furnish`), the fold line
(:class:`Fold`) and the card sizes the cut lines promise (:class:`SizePromise`). Geometry is in
page points; a face is named by its item and whether it is the item's back, never drawn here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pnpkit.layout.geometry import Rect
from pnpkit.layout.marks import CALIBRATION_HEIGHT, calibration_width
from pnpkit.layout.paper import Paper

LONG_EDGE = "DuplexFlipLongEdge"
"""What a duplex document asks the print dialog for."""
SIMPLEX = "Simplex"
"""What a single-sided or fold-over document asks the print dialog for."""

Sides = tuple[float, float, float, float]
"""Bleed on the left, bottom, right and top of a face."""
NO_BLEED: Sides = (0.0, 0.0, 0.0, 0.0)
FOLD_WIDTH = 0.5
"""The fold line's width (:func:`pnpkit.layout.marks.fold_line`)."""
LABEL_ROOM = 9.0
"""Height of a band (or width of a strip) that holds only the sheet label."""
LABEL_GAP = 12.0
"""Between the ruler and the label that follows it."""


@dataclass(frozen=True, slots=True)
class Line:
    """A straight cut line in page points."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True, slots=True)
class Furniture:
    """Where the calibration ruler and the sheet label go.

    ``turned``: both turned a quarter turn anticlockwise (reading upwards), in a strip beside
    the cards; otherwise they lie in a band. The label is written in ``label`` (its baseline
    2 pt inside the box's bottom, or, turned, its right side).
    """

    ruler: Rect | None
    label: Rect
    turned: bool = False

    @property
    def boxes(self) -> list[Rect]:
        """What cut lines and bleeds keep clear of."""
        return [self.label] if self.ruler is None else [self.ruler, self.label]

    @staticmethod
    def band(box: Rect) -> Furniture:
        """The ruler at the band's left, the label after it along the band's bottom."""
        ruler = Rect.of(box.x0, box.y0, calibration_width(), CALIBRATION_HEIGHT)
        label = Rect(ruler.x1 + LABEL_GAP, box.y0, box.x1, box.y0 + LABEL_ROOM)
        return Furniture(ruler, label)

    @staticmethod
    def strip(box: Rect) -> Furniture:
        """The ruler at the strip's bottom, the label above it, both reading upwards."""
        ruler = Rect.of(box.x0, box.y0, CALIBRATION_HEIGHT, calibration_width())
        label = Rect(box.x1 - LABEL_ROOM, ruler.y1 + LABEL_GAP, box.x1, box.y1)
        return Furniture(ruler, label, turned=True)

    def mirrored_label(self, axis: float) -> Furniture:
        """The label alone, mirrored about the vertical line ``x = axis`` (a back page)."""
        return Furniture(None, self.label.mirrored(axis), self.turned)


@dataclass(frozen=True, slots=True)
class Place:
    """Where one face prints: the face (item ``item``'s back if ``back``, else its front), its
    trim box, the bleed carried past each side, its grid cell as printed (-1 when packed), and
    the quarter turns (anticlockwise; -1 clockwise) it is drawn at: a turned face's box is its
    height wide and its width tall."""

    item: int
    box: Rect
    back: bool = False
    bleed: Sides = NO_BLEED
    column: int = -1
    row: int = -1
    turns: int = 0


@dataclass(frozen=True, slots=True)
class Faces:
    """Faces printed on the ``side`` (``"front"`` or ``"back"``) of the sheet, clipped to
    ``clip`` when there is one. A back a card does not have is passed over."""

    side: str
    places: tuple[Place, ...]
    clip: Rect | None = None


@dataclass(frozen=True, slots=True)
class Cuts:
    """The cut lines, stroked in the card trim colour verify measures card sizes by."""

    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Furnish:
    """The calibration ruler (when ``furniture`` has one) and the sheet label ``text``."""

    furniture: Furniture
    text: str


@dataclass(frozen=True, slots=True)
class Fold:
    """The dashed fold line at ``x`` from ``y0`` to ``y1`` (the printable height)."""

    x: float
    y0: float
    y1: float


@dataclass(frozen=True, slots=True)
class SizePromise:
    """Cut lines stroked along ``axis`` inside ``bbox`` are ``pitch`` apart: a card's width
    (``axis="x"``) or height (``"y"``), measured by verify."""

    what: str
    pitch: float
    axis: str
    bbox: tuple[float, float, float, float]


Step = Faces | Cuts | Furnish | Fold | SizePromise


@dataclass(frozen=True, slots=True)
class Page:
    """One printed page: its paper and what is drawn on it, in order."""

    paper: Paper
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Mirror:
    """The backs on a sheet's last page land behind the fronts on its first (the same page
    on a fold-over sheet): mirrored about ``x = axis`` and moved by ``offset``; with ``size``,
    every face is that size; ``fold``: the sheet folds at ``axis``."""

    what: str
    axis: float
    offset: tuple[float, float] = (0.0, 0.0)
    size: tuple[float, float] | None = None
    fold: bool = False


@dataclass(frozen=True, slots=True)
class Sheet:
    """One sheet of paper as printed: its pages (one, or a duplex front and back) and where
    its backs are promised to land."""

    pages: tuple[Page, ...]
    mirror: Mirror | None = None


@dataclass(frozen=True, slots=True)
class Sheets:
    """Every sheet of one run of cards or counters, and the print dialog's duplex setting
    (:data:`LONG_EDGE` or :data:`SIMPLEX`)."""

    duplex: str
    sheets: tuple[Sheet, ...]


class Back(Enum):
    """What an item (a card, a counter) has on its back."""

    NONE = "none"
    """No back."""
    OWN = "own"
    """A back of its own design."""
    SHARED = "shared"
    """The deck's common back, or the front again: left out of single-sided sheets."""


def single_sided(backs: Sequence[Back], *, every_back: bool) -> tuple[list[tuple[int, bool]], bool]:
    """The faces a single-sided sheet prints, as ``(item, back)``: every front, and after it
    its back when the back is its own (or ``every_back``). Also whether any back was left
    out."""
    out: list[tuple[int, bool]] = []
    dropped = False
    for item, back in enumerate(backs):
        out.append((item, False))
        if back is Back.NONE:
            continue
        if every_back or back is Back.OWN:
            out.append((item, True))
        else:
            dropped = True
    return out, dropped


def fold_step(x: float, area: Rect) -> Fold:
    """The dashed fold line at ``x`` down the whole printable height of ``area`` (its stroke
    inside the margin)."""
    inset = FOLD_WIDTH / 2 + 0.05
    return Fold(x, area.y0 + inset, area.y1 - inset)
