"""Fold-over tent tokens for the fleet game: one ship, one strip of paper.

The strip, from the top: the **back** (the fleet's colour, pattern and emblem, drawn upside down
so it reads upright once folded), the apex fold, the **face** (rating and name, facing the owner),
a fold, the **base** the tent stands on, a fold, and the **glue tab** that closes the triangle
under the back. Folded, the tent stands on ``base`` × ``width``: :func:`footprint`.

Cut edges are solid, folds dashed. The lines whose spacing is promised use dedicated colours
(:data:`FOOTPRINT_WIDTH_COLOUR` for the side cuts, :data:`FOOTPRINT_DEPTH_COLOUR` for the two
folds bounding the base) so :mod:`pnpkit.verify` can measure the footprint from the PDF.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.model import Fleet, ShipClass
from pnpkit.model.violation import Violation
from pnpkit.render.emblems import emblem_item, pattern_item
from pnpkit.render.legible import TOLERANCE
from pnpkit.render.vector import Circle, FontNames, Item, Shape, Words, paint, rect
from pnpkit.units import INCH
from pnpkit.verify.promises import MIN_TEXT_SIZE

FONTS = FontNames("SourceSansPro-Regular", "SourceSansPro-Bold", "SourceSansPro-It")

FOOTPRINT_WIDTH_COLOUR = "#1c1c4a"
"""Side cut lines of a token (spaced ``width`` apart)."""
FOOTPRINT_DEPTH_COLOUR = "#4a1c1c"
"""The two folds bounding the base (spaced ``base`` apart)."""
FOLD_COLOUR = "#595959"
CUT_COLOUR = "#000000"

NOTE_SIZE = 7.25
"""Points: the tent's small words (base, glue tab, "no rating"): the rulebook prints a tent at
86 % on A4, and they must still print at 6 pt there."""


@dataclass(frozen=True, slots=True)
class TentGeometry:
    """Sizes of one tent strip, in points."""

    width: float = 1.0 * INCH
    face: float = 1.0 * INCH
    base: float = 0.7 * INCH
    tab: float = 0.35 * INCH

    @property
    def length(self) -> float:
        return 2 * self.face + self.base + self.tab

    @property
    def footprint(self) -> tuple[float, float]:
        """What the standing tent covers on the table: width × base."""
        return (self.width, self.base)

    @property
    def footprint_diagonal(self) -> float:
        return math.hypot(*self.footprint)

    def fits_cell(self, cell_size: float) -> bool:
        """Inside a square cell of ``cell_size`` and inside the circle inscribed in a hex
        ``cell_size`` across the flats (so it fits either way it is turned)."""
        w, d = self.footprint
        return w <= cell_size and d <= cell_size and self.footprint_diagonal <= cell_size


GEOMETRY = TentGeometry()
"""The tent every ship token is folded from."""


def token_violations(charts: Mapping[str, Chart]) -> list[Violation]:
    """A violation for each chart whose cells are too small for a standing ship token (it must
    fit a cell whichever way it is turned), at the chart's ``cell_size``: check finds what the
    token sheet would refuse."""
    w, d = GEOMETRY.footprint
    return [
        Violation(
            "tokens",
            message=f"a ship token stands on {w / INCH:.2f} × {d / INCH:.2f} in "
            f"({GEOMETRY.footprint_diagonal / INCH:.2f} in corner to corner) and does not fit "
            f"a {chart.cell_size / INCH:.2f} in cell "
            f"(allowed: {GEOMETRY.footprint_diagonal / INCH:.2f} in or more)",
            source=f"{chart.where.of('cell_size')}: {name}",
        )
        for name, chart in sorted(charts.items())
        if not GEOMETRY.fits_cell(chart.cell_size)
    ]


@dataclass(frozen=True, slots=True)
class TentToken:
    """One ship of one fleet as a tent strip (a Drawable ``geometry.width`` ×
    ``geometry.length``)."""

    ship: ShipClass
    fleet: Fleet
    geometry: TentGeometry = TentGeometry()
    min_words: float = 0.0
    """Words smaller than this (points) are left out: the token shown small (:meth:`at_scale`)."""

    @property
    def width(self) -> float:
        return self.geometry.width

    @property
    def height(self) -> float:
        return self.geometry.length

    def at_scale(self, scale: float) -> TentToken:
        """The token to be printed at ``scale`` (the rulebook's picture): without the words that
        would print under 6 pt (:mod:`pnpkit.render.legible`)."""
        return replace(self, min_words=MIN_TEXT_SIZE / scale - TOLERANCE)

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)

    def items(self) -> list[Item]:
        return [
            item
            for item in self._items()
            if not (isinstance(item, Words) and item.size < self.min_words)
        ]

    def _items(self) -> list[Item]:
        g = self.geometry
        w = g.width
        back_top, apex, base_top, base_bottom = 0.0, g.face, 2 * g.face, 2 * g.face + g.base
        bottom = g.length
        items: list[Item] = []
        items += _back(self.fleet, 0.0, back_top, w, g.face)
        items += _face(self.ship, self.fleet, apex, w, g.face)
        items.append(rect(0.0, base_top, w, g.base, fill="#f4f4f4"))
        for dy, words in ((-2.0, "base:"), (NOTE_SIZE + 0.5, "stands on the chart")):
            items.append(
                Words(
                    (w / 2, base_top + g.base / 2 + dy),
                    words,
                    NOTE_SIZE,
                    "#666666",
                    "middle",
                    "italic",
                )
            )
        items.append(rect(3.0, base_bottom + 3.0, w - 6.0, g.tab - 6.0, fill="#dcdcdc"))
        items.append(
            Words(
                (w / 2, base_bottom + g.tab / 2 + 2.5),
                "glue under the back",
                NOTE_SIZE,
                "#444444",
                "middle",
                "italic",
            )
        )
        # folds (dashed): the apex in ordinary fold colour on a white stripe (it runs between two
        # coloured faces), the base's two folds in the promise colour
        items.append(Shape(((0.0, apex), (w, apex)), closed=False, stroke="#ffffff", width=2.2))
        items.append(_fold(apex, w, FOLD_COLOUR))
        items += [_fold(y, w, FOOTPRINT_DEPTH_COLOUR) for y in (base_top, base_bottom)]
        # cuts (solid): the sides in the width-promise colour, the ends plain
        for x in (0.0, w):
            items.append(
                Shape(
                    ((x, 0.0), (x, bottom)), closed=False, stroke=FOOTPRINT_WIDTH_COLOUR, width=0.6
                )
            )
        for y in (back_top, bottom):
            items.append(Shape(((0.0, y), (w, y)), closed=False, stroke=CUT_COLOUR, width=0.6))
        return items


def _back(fleet: Fleet, x: float, y: float, w: float, h: float) -> list[Item]:
    """The side the other captains see: colour, pattern and emblem, upside down on the strip."""
    items: list[Item] = [rect(x, y, w, h, fill=fleet.colour)]
    if fleet.pattern != "plain":
        items.append(pattern_item(fleet.pattern, x, y, w, h, fleet.ink, fleet.colour))
    cx, cy = x + w / 2, y + h / 2
    items.append(Circle((cx, cy), h * 0.3, fill="#ffffff", stroke=fleet.ink, width=1.0))
    items.append(emblem_item(fleet.emblem, cx, cy, h * 0.22, "#000000", "#ffffff", turned=True))
    return items


def _face(ship: ShipClass, fleet: Fleet, y: float, w: float, h: float) -> list[Item]:
    """The side the owner sees: the rating large (the letter for a ship without one), the name
    below, a fleet band on top."""
    band = h * 0.16
    items: list[Item] = [
        rect(0.0, y, w, h, fill="#ffffff"),
        rect(0.0, y, w, band, fill=fleet.colour),
    ]
    items.append(
        emblem_item(
            fleet.emblem, w - band * 0.6, y + band / 2, band * 0.38, fleet.ink, fleet.colour
        )
    )
    mark = ship.key if ship.rating is None else str(ship.rating)
    # a ship without a rating says so under its name: mark and name move up to make room
    lift = 0.0 if ship.rating is not None else h * 0.07
    items.append(Words((w / 2, y + h * 0.66 - lift), mark, h * 0.46, "#111111", "middle", "bold"))
    size = 7.5 if len(ship.name) <= 14 else NOTE_SIZE
    items.append(Words((w / 2, y + h * 0.88 - lift), ship.name, size, "#111111", "middle"))
    if ship.rating is None:
        items.append(
            Words((w / 2, y + h * 0.95), "no rating", NOTE_SIZE, "#555555", "middle", "italic")
        )
    return items


def fleet_tokens(
    roster: tuple[ShipClass, ...], fleet: Fleet, geometry: TentGeometry = TentGeometry()
) -> list[TentToken]:
    """Every ship of one fleet, ``count`` of each class, in roster order."""
    return [TentToken(ship, fleet, geometry) for ship in roster for _ in range(ship.count)]


def _fold(y: float, width: float, colour: str) -> Shape:
    """A fold line (dashed) across the token at ``y``."""
    return Shape(((0.0, y), (width, y)), closed=False, stroke=colour, width=0.6, dash=(4.0, 2.5))
